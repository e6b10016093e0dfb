# SPDX-License-Identifier: GPL-2.0-or-later
# Parity with strace, threads (pthread_create, raw exit):
# tests/progs/fam_threads.c under strace -f and etrace -f, compared line by line
# by tests/parity.sh.  Measured: 81/81 exact (100%), 81/81 name+ret.
# The threshold is a little under the measure, to catch regressions.
# Known differences (lines not exact):
#  - none measured
. "$TOP/tests/lib.sh"
need_root
sh "$TOP/tests/parity.sh" -v -i -w "$WORK/p" -m 96 -d 0 -- "$PROGS/fam_threads" ||
	fail "parity with strace below the bar (exact >= 96%, at most 0 name+ret differences)"
exit 0
