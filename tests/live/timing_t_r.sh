# SPDX-License-Identifier: GPL-2.0-or-later
# -t/-tt/-ttt with -r: the wall clock first, then the time since the
# previous line as "(+     0.000123) ", as strace 6.1 prints them
# together (etrace printed "     0.000123 12:00:01 " before).  Each line's
# start (pid column, clock, relative time; digits masked: they are times
# and pids) equals strace's on the same command, line for line, with and
# without -f -o.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

# the start of each line, digits masked; a line of another shape whole
starts() {
	sed -E 's/^(([0-9]+ +)?[0-9:.]+ \(\+ +[0-9]+\.[0-9]{6}\) ).*/\1/' "$1" |
		tr '0-9' 'N'
}

for t in -t -tt -ttt; do
	strace $t -r -o s$t.out /bin/true || soft_fail "strace $t -r failed"
	"$ETRACE" -q $t -r -o e$t.out -- /bin/true ||
		soft_fail "etrace $t -r failed"
	starts s$t.out > s$t.starts
	starts e$t.out > e$t.starts
	soft_same s$t.starts e$t.starts "$t -r: the start of each line"
	strace -f $t -r -o sf$t.out /bin/true || soft_fail "strace -f $t -r failed"
	"$ETRACE" -q -f $t -r -o ef$t.out -- /bin/true ||
		soft_fail "etrace -f $t -r failed"
	starts sf$t.out > sf$t.starts
	starts ef$t.out > ef$t.starts
	soft_same sf$t.starts ef$t.starts "-f $t -r: the start of each line"
done
finish
