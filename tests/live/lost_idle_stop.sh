# SPDX-License-Identifier: GPL-2.0-or-later
# Issue 18, item 8: a loss report is as true as any other line.  Ten
# times: etrace -a -e signal:signal_generate -o FILE on a machine with
# little to say, stopped by SIGINT once it says it traces (--ready-fd).
# Nothing is lost, so nothing is said lost: no "+++ lost" line in the
# trace, no "records lost" on stderr; etrace dies of the SIGINT (130), as
# -a does.  (The end compared the events' counts of samples made with
# the samples read, which need not agree when nothing is lost: the
# kernel counts a hit that its event's disabling interrupts and writes
# no sample of it.  Now it compares the records the kernel counts as
# lost with those its LOST records said.)
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

for i in 1 2 3 4 5 6 7 8 9 10; do
	etrace_bg /dev/null err$i -a -e signal:signal_generate -o out$i
	kill -INT $ep
	wait $ep
	rc=$?
	[ $rc = 130 ] ||
		{ cat err$i >&2; fail "run $i: etrace exited $rc, want 130 (died of SIGINT)"; }
	grep -a '^+++ lost' out$i >&2 && fail "run $i: a loss said in the trace"
	grep -a 'lost' err$i >&2 && fail "run $i: a loss said on stderr"
done
exit 0
