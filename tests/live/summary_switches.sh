# SPDX-License-Identifier: GPL-2.0-or-later
# -c with calls that block: etrace keeps the call in progress per CPU and
# moves it to the task's own slot when the task is switched out in it
# (sum_switch); its exit, on whichever CPU, must find it there, and no
# task may take another's.  pingpong (two processes passing a byte N
# times over pipes: nearly every read blocks) under strace -c -f and
# etrace -c -w --hist -f (wall-clock time: -c's system time leaves out
# the time a task is switched out, see summary_systime_*):
#  - both processes pinned to one CPU (every switch between them, inside
#    their calls), then free to migrate: the same calls and errors per
#    syscall as strace's, and at least 2N reads and 2N writes (the
#    dynamic loader reads too);
#  - the child's first read blocks from before the parent's 0.2 s sleep
#    (pingpong waits until the test has seen the child blocked in it)
#    to after: the read row's max is at least clock_nanosleep's time in
#    the same table (a moved call keeps when it began), and at most the
#    run's wall time, measured around it; clock_nanosleep's min is at
#    least 200000 us.
# -c -p on a program running flat out (a task that may not be switched
# out for a long time): its calls are counted from the attach on: of
# the N getppid calls it makes once told (after etrace is ready), none
# is missed, and no more are counted than it made in all.
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
# pingpong's child (the tracer's grandchild) is blocked in read
child_in_read() {	# tracer-pid
	for _p in $(children_of "$1"); do
		for _c in $(children_of "$_p"); do
			in_syscall "$_c" 0 && return 0
		done
	done
	return 1
}
# run a tracer on pingpong N CPU go: let it go once its child is blocked
# in its first read; sets pp_rc, and pp_us to the run's wall time
pingpong_under() {	# what tracer-args...
	_what=$1
	shift
	rm -f go
	mkfifo go
	_t0=$(date +%s%N)
	"$@" -- "$PROGS/pingpong" $N $cpu go <> go &
	_tp=$!
	wait_until 60 child_in_read $_tp || fail "$_what: pingpong's child not blocked in read"
	echo > go
	wait $_tp
	pp_rc=$?
	pp_us=$(( ($(date +%s%N) - _t0) / 1000 ))
}
for cpu in 0 -; do
	what="pinned to CPU 0"; [ "$cpu" = - ] && what="free to migrate"
	pingpong_under "strace ($what)" strace -c -f -o s.$N 2> s.err
	[ $pp_rc = 0 ] || { cat s.err >&2; fail "pingpong under strace -c failed ($what)"; }
	pingpong_under "etrace ($what)" "$ETRACE" -q -c -w --hist -f -o e.$N 2> e.err
	[ $pp_rc = 0 ] || { cat e.err >&2; fail "etrace -c -w -- pingpong failed ($what)"; }
	[ -s e.err ] && { cat e.err >&2; fail "messages on stderr ($what)"; }
	rows s.$N > s.rows
	rows e.$N > e.rows
	same s.rows e.rows "$what: calls and errors per syscall (strace -c vs etrace -c)"
	for sc in read write; do
		n=$(awk -v s=$sc '$1 == s { print $2 }' e.rows)
		[ "${n:-0}" -ge $((2 * N)) ] || { cat e.$N >&2; fail "$what: $n $sc calls, want at least $((2 * N))"; }
	done
	max=$(col e.$N read 2)
	sleep_max=$(col e.$N clock_nanosleep 2)
	min=$(col e.$N clock_nanosleep 3)
	echo "$what: read max ${max} us, clock_nanosleep ${min} us, the run ${pp_us} us"
	awk -v m="$max" -v s="$sleep_max" -v w="$pp_us" 'BEGIN { exit !(m >= s && m <= w) }' ||
		{ cat e.$N >&2; fail "$what: the longest read took $max us, want from clock_nanosleep's $sleep_max us to the run's $pp_us us"; }
	awk -v m="$min" 'BEGIN { exit !(m >= 200000) }' ||
		{ cat e.$N >&2; fail "$what: clock_nanosleep took $min us, want >= 200000"; }
done

M=100000
mkfifo busy.out
"$PROGS/busy" $M > busy.out &
bp=$!
exec 3< busy.out
read -r r <&3
[ "$r" = ready ] || fail "busy did not start"
etrace_bg /dev/null e.p.err -q -c -p $bp -o e.p
kill -USR1 $bp
read -r _ total <&3
exec 3<&-
wait $bp || fail "busy failed"
wait $ep
rc=$?
[ $rc = 0 ] || { cat e.p.err >&2; fail "etrace -c -p exited $rc"; }
n=$(awk '$NF == "getppid" { print $4 }' e.p)
echo "-c -p on a running program: ${n:-0} getppid calls counted, $M made after the attach, $total in all"
[ "${n:-0}" -ge $M ] && [ "${n:-0}" -le "$total" ] ||
	{ cat e.p >&2; fail "-c -p on a running program: ${n:-0} getppid calls counted, want $M to $total"; }
exit 0
