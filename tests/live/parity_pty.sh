# SPDX-License-Identifier: GPL-2.0-or-later
# Parity with strace, terminal ioctls on a pseudo-terminal:
# tests/progs/fam_pty.c under strace -f and etrace -f, compared line by line
# by tests/parity.sh.  Measured: 60/61 exact (98.4%), 61/61 name+ret.
# The threshold is a little under the measure, to catch regressions.
# Known differences (lines not exact):
#  - a string literal written before its page was touched (pointer)
. "$TOP/tests/lib.sh"
need_root
sh "$TOP/tests/parity.sh" -v -i -w "$WORK/p" -m 95 -d 0 -- "$PROGS/fam_pty" ||
	fail "parity with strace below the bar (exact >= 95%, at most 0 name+ret differences)"
exit 0
