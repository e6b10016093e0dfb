# SPDX-License-Identifier: GPL-2.0-or-later
# Parity with strace, polling:
# tests/progs/fam_poll.c under strace -f and etrace -f, compared line by line
# by tests/parity.sh.  Measured: 66/68 exact (97.1%), 68/68 name+ret.
# The threshold is a little under the measure, to catch regressions.
# Known differences (lines not exact):
#  - ppoll/pselect6 "left {...}": the timeout is copied at entry only
#  - pselect6's 6th argument {sigmask=..., sigsetsize=8}: no copy
. "$TOP/tests/lib.sh"
need_root
sh "$TOP/tests/parity.sh" -v -i -w "$WORK/p" -m 89 -d 0 -- "$PROGS/fam_poll" ||
	fail "parity with strace below the bar (exact >= 89%, at most 0 name+ret differences)"
exit 0
