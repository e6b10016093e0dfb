# SPDX-License-Identifier: GPL-2.0-or-later
# Parity with strace, futex calls and a real wait/wake:
# tests/progs/fam_futex.c under strace -f and etrace -f, compared line by line
# by tests/parity.sh.  Measured: 66/66 exact (100%), 66/66 name+ret.
# The threshold is a little under the measure, to catch regressions.
# Known differences (lines not exact):
#  - none measured (inputs in pages not yet touched are read again at the
#    call's exit: libc's all-signals set, string literals)
. "$TOP/tests/lib.sh"
need_root
sh "$TOP/tests/parity.sh" -v -i -w "$WORK/p" -m 94 -d 0 -- "$PROGS/fam_futex" ||
	fail "parity with strace below the bar (exact >= 94%, at most 0 name+ret differences)"
exit 0
