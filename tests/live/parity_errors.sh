# SPDX-License-Identifier: GPL-2.0-or-later
# Parity with strace, failing calls:
# tests/progs/fam_errors.c under strace -f and etrace -f, compared line by line
# by tests/parity.sh.  Measured: 102/103 exact (99.0%), 103/103 name+ret.
# The threshold is a little under the measure, to catch regressions.
# Known differences (lines not exact):
#  - write(999, "x", 1) = -1 EBADF: the literal's page was not touched
#    and the call fails before the kernel reads it: read again at exit,
#    it still faults (pointer)
. "$TOP/tests/lib.sh"
need_root
sh "$TOP/tests/parity.sh" -v -i -w "$WORK/p" -m 96 -d 0 -- "$PROGS/fam_errors" ||
	fail "parity with strace below the bar (exact >= 96%, at most 0 name+ret differences)"
exit 0
