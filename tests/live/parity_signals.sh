# SPDX-License-Identifier: GPL-2.0-or-later
# Parity with strace, the signal family:
# tests/progs/fam_signals.c under strace -f and etrace -f, compared line by line
# by tests/parity.sh.  Measured: 94/102 exact (92.2%), 102/102 name+ret.
# The threshold is a little under the measure, to catch regressions.
# Known differences (lines not exact):
#  - rt_sigreturn({mask=[...]}): strace reads the signal frame at the
#    user stack pointer; etrace has no copy of it and prints rt_sigreturn()
#  - read of a signalfd: the struct holds the sender's pid, which differs
#    between the two runs (raw bytes, not maskable)
. "$TOP/tests/lib.sh"
need_root
sh "$TOP/tests/parity.sh" -v -i -w "$WORK/p" -m 89 -d 0 -- "$PROGS/fam_signals" ||
	fail "parity with strace below the bar (exact >= 89%, at most 0 name+ret differences)"
exit 0
