# SPDX-License-Identifier: GPL-2.0-or-later
# -c with calls that block: etrace keeps the call in progress per CPU and
# moves it to the task's own slot when the task is switched out in it
# (sum_switch); its exit, on whichever CPU, must find it there, and no
# task may take another's.  pingpong (two processes passing a byte N
# times over pipes: nearly every read blocks) under strace -c -f and
# etrace -c --hist -f:
#  - both processes pinned to one CPU (every switch between them, inside
#    their calls), then free to migrate: the same calls and errors per
#    syscall as strace's, and at least 2N reads and 2N writes (the
#    dynamic loader reads too);
#  - the child's first read blocks while the parent sleeps 0.2 s: the
#    read row's max is at least 200000 us (and under 10 s), and
#    clock_nanosleep's min is at least 200000 us: a moved call keeps
#    when it began.
# -c -p on a storm already running (a task that may not be switched out
# for a long time): its calls are counted from the attach on.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root
N=3000
rows() {	# file: "syscall calls errors" of a -c table, with or without --hist
	awk '/^-+ /||/^% time/||/^$/ { next }
	     /: ns +: count/ { exit }
	     $NF == "total" { next }
	     { name = $NF; calls = $4
	       errs = (NF == 6 || NF == 8) ? $5 : 0
	       print name, calls, errs }' "$1" | sort
}
col() {		# file syscall column-from-the-end (1: name, 2: max, 3: min)
	awk -v s="$2" -v c="$3" '$NF == s { print $(NF - c + 1) }' "$1"
}
for cpu in 0 ""; do
	what="pinned to CPU 0"; [ -z "$cpu" ] && what="free to migrate"
	strace -c -f -o s.$N -- "$PROGS/pingpong" $N $cpu 2> s.err ||
		{ cat s.err >&2; fail "pingpong under strace -c failed ($what)"; }
	"$ETRACE" -q -c --hist -f -o e.$N -- "$PROGS/pingpong" $N $cpu 2> e.err ||
		{ cat e.err >&2; fail "etrace -c -- pingpong failed ($what)"; }
	[ -s e.err ] && { cat e.err >&2; fail "messages on stderr ($what)"; }
	rows s.$N > s.rows
	rows e.$N > e.rows
	same s.rows e.rows "$what: calls and errors per syscall (strace -c vs etrace -c)"
	for sc in read write; do
		n=$(awk -v s=$sc '$1 == s { print $2 }' e.rows)
		[ "${n:-0}" -ge $((2 * N)) ] || { cat e.$N >&2; fail "$what: $n $sc calls, want at least $((2 * N))"; }
	done
	max=$(col e.$N read 2)
	min=$(col e.$N clock_nanosleep 3)
	echo "$what: read max ${max} us, clock_nanosleep min ${min} us"
	awk -v m="$max" 'BEGIN { exit !(m >= 200000 && m < 10000000) }' ||
		{ cat e.$N >&2; fail "$what: the longest read took $max us, want >= 200000 (the child waits 0.2 s)"; }
	awk -v m="$min" 'BEGIN { exit !(m >= 200000) }' ||
		{ cat e.$N >&2; fail "$what: clock_nanosleep took $min us, want >= 200000"; }
done
"$PROGS/storm" 4000000000 & spid=$!
sleep 0.2
"$ETRACE" -q -c -p $spid -o e.p 2> e.p.err & ep=$!
sleep 1
kill -INT $ep; wait $ep; rc=$?
kill $spid; wait $spid 2>/dev/null
[ $rc = 0 ] || { cat e.p.err >&2; fail "etrace -c -p exited $rc after SIGINT"; }
n=$(awk '$NF == "getppid" { print $4 }' e.p)
echo "-c -p on a running storm: ${n:-0} getppid calls"
[ "${n:-0}" -gt 10000 ] || { cat e.p >&2; fail "-c -p on a running storm: ${n:-0} getppid calls counted, want many"; }
exit 0
