# SPDX-License-Identifier: GPL-2.0-or-later
# Losses of the perf rings counted exactly, those no ring said included:
# etrace --no-bpf -m 4K -e trace=getppid -- storm 100000 (two records a
# call, into 4K rings: most are lost, and the burst still going when the
# storm ends is never said by a LOST record, which the kernel writes only
# at its next write into the ring).  The kernel counts each record it
# could not write (its events' PERF_FORMAT_LOST): with R getppid records
# in the trace (two a whole line, one a line of an entry or an exit
# alone), the T records said lost ("+++ lost N records ..." lines, stderr
# the same sum) are the 200000 - R getppid records missing, plus at most
# the two other records the storm makes once its rings overflow
# (exit_group's entry, always traced, and its task's EXIT record);
# "+++ lost N records at the end +++" is said.  (Without the kernel's
# count, T falls short by the burst at the end: some 30000.)
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

N=100000
"$ETRACE" --no-bpf -q -m 4K -e trace=getppid -o out -- "$PROGS/storm" $N 2> err
rc=$?
cat err >&2
[ $rc = 0 ] || fail "etrace exited $rc, want 0"
sum=$(awk '/^\+\+\+ lost [0-9]+ records? (on cpu [0-9]+|at the end) \+\+\+$/ { s += $3 }
	END { print s + 0 }' out)
grep -qE "^etrace: $sum records lost" err ||
	fail "stderr does not say '$sum records lost' (the sum of the lost lines)"
grep -qE '^\+\+\+ lost [0-9]+ records? at the end \+\+\+$' out ||
	fail "no '+++ lost N records at the end +++' line"
whole=$(grep -cE '^getppid\(\) += [0-9]+$' out)
# an entry alone: "= ?" (its exit lost) or unfinished; an exit alone
entry=$(grep -cE '^getppid\(( <unfinished \.\.\.>|\) += \?)$' out)
exit1=$(grep -cE '^<\.\.\. getppid resumed>\) += [0-9]+$' out)
got=$((2 * whole + entry + exit1))
miss=$((2 * N - got))
echo "$got getppid records in the trace, $miss missing, $sum said lost"
[ "$sum" -ge $miss ] || fail "$miss getppid records missing, $sum said lost"
[ "$sum" -le $((miss + 2)) ] ||
	fail "$sum records said lost, $miss getppid records missing: more than 2 others"
exit 0
