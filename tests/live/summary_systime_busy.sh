# SPDX-License-Identifier: GPL-2.0-or-later
# -c's system time for calls that use the CPU throughout and are
# preempted in the middle, several times each: tests/progs/cputime rand
# 10 4 (ten getrandom()s of 4 MiB, ~10 ms of CPU each, pinned to one CPU
# beside a child spinning there).  The program measures around each call
# its thread's CPU time (CLOCK_THREAD_CPUTIME_ID) and the wall time; it
# must have been kept waiting (wall at least 1.3x its CPU time), or the
# test proves nothing.  Then:
#  - etrace -c: the rows (calls and errors per syscall) of strace -c;
#  - etrace -c -j: getrandom's total_ns is the program's CPU time in its
#    calls within 10% (each time the task comes back on a CPU in a call
#    counts, not only the first and the last; the time away does not);
#  - etrace -c -w -j: getrandom's total_ns is at most the program's wall
#    time around its calls (1% more allowed: glibc's one getrandom at
#    start-up), and at least 1.3x the CPU time it measured in them: a
#    call of ~10 ms of CPU beside a spinner on its CPU waits about as
#    long for it inside (the scheduler's slices are a few ms).  (Less
#    than the wall time around the calls: a task preempted in a call is
#    often made to wait again on its way out of it, after sys_exit.)
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

N=10
MIB=4
rows() {	# file: "syscall calls errors" of a -c table, sorted
	awk '/^-+ /||/^% time/||/^$/ { next } $NF == "total" { next }
	     NF == 6 { print $6, $4, $5; next }
	     NF == 5 { print $5, $4, 0; next }
	     { print "ODD", $0 }' "$1" | sort
}
ns_of() {	# json-file syscall: its total_ns
	python3 -c 'import json, sys
for l in open(sys.argv[1]):
    o = json.loads(l)
    if o["type"] == "summary" and o.get("syscall") == sys.argv[2]:
        print(o["total_ns"])' "$1" "$2"
}
# what the program measured: "calls N wall_ns W cpu_ns C"
measured() {	# file what
	set -- $(cat "$1") "$2"
	[ "${1:-}" = calls ] && [ "${2:-}" = $N ] ||
		fail "$7: cputime printed '$(cat "$1")'"
	wall=$4 cpu=$6
	[ $((wall * 10)) -ge $((cpu * 13)) ] ||
		fail "$7: the calls took ${wall} ns of wall time for ${cpu} ns of CPU: not kept waiting by the spinner"
}

strace -c -o s.c -- "$PROGS/cputime" rand $N $MIB > s.c.out ||
	fail "cputime under strace -c failed"
"$ETRACE" -q -c -o e.c -- "$PROGS/cputime" rand $N $MIB > e.c.out 2> e.c.err ||
	{ cat e.c.err >&2; fail "etrace -c failed"; }
[ -s e.c.err ] && { cat e.c.err >&2; soft_fail "-c: messages on stderr"; }
rows s.c > s.c.rows
rows e.c > e.c.rows
soft_same s.c.rows e.c.rows "-c: calls and errors per syscall (strace -c vs etrace -c)"

# etrace -q -c ARGS -j on the program: sets got (getrandom's total_ns)
# and, from what the program measured, cpu and wall
run_j() {	# name etrace-args...
	_n=$1
	shift
	"$ETRACE" -q -c "$@" -j -o e.$_n -- "$PROGS/cputime" rand $N $MIB \
		> e.$_n.out || fail "etrace -c $* -j failed"
	measured e.$_n.out "-c${*:+ $*} -j"
	got=$(ns_of e.$_n getrandom)
	echo "-c${*:+ $*}: getrandom ${got} ns; the program: ${cpu} ns of CPU, ${wall} ns of wall time"
}
run_j sys
[ -n "$got" ] && [ $((got * 10)) -ge $((cpu * 9)) ] &&
	[ $((got * 10)) -le $((cpu * 11)) ] ||
	soft_fail "-c: getrandom took ${got} ns of system time, want the program's ${cpu} ns of CPU in its calls, within 10%"
run_j wall -w
[ -n "$got" ] && [ $((got * 10)) -ge $((cpu * 13)) ] &&
	[ $((got * 100)) -le $((wall * 101)) ] ||
	soft_fail "-c -w: getrandom took ${got} ns, want from 1.3x the program's ${cpu} ns of CPU to its ${wall} ns of wall time around its calls"
finish
