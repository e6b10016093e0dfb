# SPDX-License-Identifier: GPL-2.0-or-later
# -c's time in a call is system time (strace -c's: the time the task was
# on a CPU in it), -w's the wall-clock time (strace -c -w's), on
# tests/progs/cputime nap 5 200: five nanosleep()s of 200 ms, which sleep
# and use nearly no CPU:
#  - etrace -c and etrace -c -w: the rows (calls and errors per syscall)
#    of strace -c and strace -c -w on the same program;
#  - etrace -c: clock_nanosleep's seconds are less than 10% of the 1 s
#    slept (a call switched out is not charged for the time away; an
#    etrace that charges it, as -w does, fails here);
#  - etrace -c -w: clock_nanosleep's seconds are at least the 1 s slept
#    and at most the wall time the program measured around its calls;
#  - -C (the table after the trace, in the same file) and -c -j
#    (total_ns) say the same: system time, under 10% of the sleep; with
#    -w the JSON row is at least 1e9 ns.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

N=5
MS=200
SLEPT_US=$((N * MS * 1000))
# "syscall calls errors" of a -c table, sorted (% time, seconds,
# usecs/call, calls, [errors], syscall)
rows() {	# file
	awk '/^-+ /||/^% time/||/^$/||/^calls / { next }
	     /^[a-z_0-9]+\(/||/^\+\+\+ / { next }
	     $NF == "total" { next }
	     NF == 6 { print $6, $4, $5; next }
	     NF == 5 { print $5, $4, 0; next }
	     { print "ODD", $0 }' "$1" | sort
}
us_of() {	# file syscall: its seconds column, in microseconds
	awk -v s="$2" '$NF == s && NF >= 5 { printf "%.0f\n", $2 * 1000000 }' "$1"
}

strace -c -o s.c -- "$PROGS/cputime" nap $N $MS > s.c.out ||
	fail "cputime under strace -c failed"
strace -c -w -o s.w -- "$PROGS/cputime" nap $N $MS > s.w.out ||
	fail "cputime under strace -c -w failed"
"$ETRACE" -q -c -o e.c -- "$PROGS/cputime" nap $N $MS > e.c.out 2> e.c.err ||
	{ cat e.c.err >&2; fail "etrace -c failed"; }
"$ETRACE" -q -c -w -o e.w -- "$PROGS/cputime" nap $N $MS > e.w.out 2> e.w.err ||
	{ cat e.w.err >&2; fail "etrace -c -w failed"; }
for f in e.c.err e.w.err; do
	[ -s $f ] && { cat $f >&2; soft_fail "messages on stderr ($f)"; }
done
cat e.c e.w

rows s.c > s.c.rows
rows e.c > e.c.rows
rows s.w > s.w.rows
rows e.w > e.w.rows
soft_same s.c.rows e.c.rows "-c: calls and errors per syscall (strace -c vs etrace -c)"
soft_same s.w.rows e.w.rows "-c -w: calls and errors per syscall (strace -c -w vs etrace -c -w)"

sys=$(us_of e.c clock_nanosleep)
wall=$(us_of e.w clock_nanosleep)
# the program's own wall time around its calls, in us
around=$(awk '{ printf "%.0f\n", $4 / 1000 }' e.w.out)
echo "clock_nanosleep: -c ${sys} us, -w ${wall} us, slept ${SLEPT_US} us," \
	"${around} us around the calls (strace -c: $(us_of s.c clock_nanosleep)" \
	"us, strace -c -w: $(us_of s.w clock_nanosleep) us)"
[ -n "$sys" ] && [ "$sys" -lt $((SLEPT_US / 10)) ] ||
	soft_fail "-c: clock_nanosleep took ${sys} us of system time, want < 10% of the ${SLEPT_US} us slept"
[ -n "$wall" ] && [ "$wall" -ge $SLEPT_US ] && [ "$wall" -le "$around" ] ||
	soft_fail "-c -w: clock_nanosleep took ${wall} us, want ${SLEPT_US} to ${around} us"

# -C: the table after the trace
"$ETRACE" -q -C -o e.C -- "$PROGS/cputime" nap $N $MS > e.C.out 2> e.C.err ||
	{ cat e.C.err >&2; fail "etrace -C failed"; }
t=$(grep -n '^% time' e.C | cut -d: -f1)
[ -n "$t" ] || fail "-C: no table"
tail -n +"$t" e.C > e.C.table
rows e.C.table > e.C.rows
soft_same s.c.rows e.C.rows "-C: calls and errors per syscall (strace -c vs etrace -C)"
[ "$(grep -c '^clock_nanosleep(' e.C)" = $N ] ||
	soft_fail "-C: want $N clock_nanosleep lines in the trace"
sysC=$(us_of e.C.table clock_nanosleep)
[ -n "$sysC" ] && [ "$sysC" -lt $((SLEPT_US / 10)) ] ||
	soft_fail "-C: clock_nanosleep took ${sysC} us of system time, want < 10% of ${SLEPT_US} us"

# JSON: total_ns
"$ETRACE" -q -c -j -o e.j -- "$PROGS/cputime" nap $N $MS > /dev/null ||
	fail "etrace -c -j failed"
"$ETRACE" -q -c -w -j -o e.wj -- "$PROGS/cputime" nap $N $MS > /dev/null ||
	fail "etrace -c -w -j failed"
ns_of() {	# json-file syscall: calls total_ns
	python3 -c 'import json, sys
for l in open(sys.argv[1]):
    o = json.loads(l)
    if o["type"] == "summary" and o.get("syscall") == sys.argv[2]:
        print(o["calls"], o["total_ns"])' "$1" "$2"
}
set -- $(ns_of e.j clock_nanosleep)
[ "${1:-}" = $N ] && [ "${2:-0}" -lt $((SLEPT_US * 100)) ] ||
	soft_fail "-c -j: clock_nanosleep '$*' (calls total_ns), want $N calls, < $((SLEPT_US * 100)) ns"
set -- $(ns_of e.wj clock_nanosleep)
[ "${1:-}" = $N ] && [ "${2:-0}" -ge $((SLEPT_US * 1000)) ] ||
	soft_fail "-c -w -j: clock_nanosleep '$*' (calls total_ns), want $N calls, >= $((SLEPT_US * 1000)) ns"
finish
