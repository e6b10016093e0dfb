# SPDX-License-Identifier: GPL-2.0-or-later
# The -c counts are exact (counted in the kernel), even when records are
# lost, on a storm of 1,000,000 getppid calls:
#  - etrace -q -c -- storm 1000000: the getppid row says 1000000 calls,
#    0 errors; nothing on stderr but the table;
#  - etrace -q -C -m 16K -o out -- storm 1000000: rings far too small, so
#    records are lost (the trace in out has "+++ lost N records on cpu C
#    +++" lines, stderr says "records lost") and fewer than 1000000
#    getppid lines; yet the table, at the end of out after the trace,
#    still says exactly 1000000 getppid calls; etrace exits 0;
#  - etrace -q -c -e trace=getppid,openat: the table has those two rows
#    only (the selection is counted in the kernel), getppid exactly N.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

N=1000000
ROW='^ +[0-9.]+ +[0-9.]+ +[0-9]+ +'$N' +getppid$'

"$ETRACE" -q -c -- "$PROGS/storm" $N 2> c.err
rc=$?
[ $rc = 0 ] || { cat c.err >&2; fail "etrace -c exited $rc"; }
grep -E ' getppid$' c.err
grep -qE "$ROW" c.err || { cat c.err >&2; fail "-c: no row of exactly $N getppid calls (no errors)"; }
[ "$(grep -c '^% time' c.err)" = 1 ] || fail "-c: want one table"
grep -vE '^(% time|-+ | *[0-9.]+( +[0-9.]+){3,4} +[a-z_0-9]+$)' c.err > odd
[ -s odd ] && { cat odd >&2; fail "-c: lines that are not the table"; }

"$ETRACE" -q -C -m 16K -o out -- "$PROGS/storm" $N 2> C.err
rc=$?
cat C.err
[ $rc = 0 ] || fail "etrace -C exited $rc"
grep -qE '^\+\+\+ lost [0-9]+ records? on cpu [0-9]+ \+\+\+$' out ||
	fail "-C -m 16K: no '+++ lost' line in the trace (nothing lost?)"
grep -q 'records lost' C.err || fail "-C -m 16K: stderr does not say records were lost"
F=$(grep -cE '^getppid\(\) += [0-9]+$' out)
echo "$F whole getppid lines"
[ "$F" -lt $N ] || fail "$F getppid lines: nothing lost?"
# the table follows the trace, in the same file
t=$(grep -n '^% time' out | cut -d: -f1)
[ -n "$t" ] || fail "-C: no summary table in the output file"
[ "$(echo "$t" | wc -l)" = 1 ] || fail "-C: several tables"
tail -n +"$t" out > table
grep -E ' getppid$' table
grep -qE "$ROW" table || fail "-C with lost records: the table does not say exactly $N getppid calls"

"$ETRACE" -q -c -e trace=getppid,openat -- "$PROGS/storm" $N 2> s.err ||
	{ cat s.err >&2; fail "etrace -c -e trace=getppid,openat failed"; }
cat s.err
grep -qE "^ *${ROW#^ +}" s.err || fail "-c -e trace=getppid,openat: no row of exactly $N getppid calls"
grep -qE ' openat$' s.err || fail "-c -e trace=getppid,openat: no openat row (the loader opens libc)"
awk '/^-+ /||/^% time/ { next } $NF != "total" && $NF != "getppid" && $NF != "openat"' s.err > others
[ -s others ] && { cat others >&2; fail "-c -e trace=getppid,openat: rows of calls not selected"; }

lastcall=$(grep -nE '^(getppid|exit_group)\(|^\+\+\+ exited' out | tail -n 1 | cut -d: -f1)
[ "$lastcall" -lt "$t" ] || fail "-C: trace lines after the table"
exit 0
