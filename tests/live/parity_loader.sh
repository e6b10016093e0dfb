# SPDX-License-Identifier: GPL-2.0-or-later
# Parity with strace, the dynamic loader's start-up and a dlopen:
# tests/progs/fam_loader.c under strace -f and etrace -f, compared line by line
# by tests/parity.sh.  Measured: 48/48 exact (100%), 48/48 name+ret.
# The threshold is a little under the measure, to catch regressions.
# Known differences (lines not exact):
#  - none measured; a path in a page not yet touched would print as a
#    pointer
. "$TOP/tests/lib.sh"
need_root
sh "$TOP/tests/parity.sh" -v -i -w "$WORK/p" -m 97 -d 0 -- "$PROGS/fam_loader" ||
	fail "parity with strace below the bar (exact >= 97%, at most 0 name+ret differences)"
exit 0
