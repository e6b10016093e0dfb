# SPDX-License-Identifier: GPL-2.0-or-later
# Parity with strace, the socket family:
# tests/progs/fam_sockets.c under strace -f and etrace -f, compared line by line
# by tests/parity.sh.  Measured: 104/106 exact (98.1%), 106/106 name+ret.
# The threshold is a little under the measure, to catch regressions.
# Known differences (lines not exact):
#  - sendmmsg/recvmmsg: struct mmsghdr[] has no copy
. "$TOP/tests/lib.sh"
need_root
sh "$TOP/tests/parity.sh" -v -i -w "$WORK/p" -m 90 -d 0 -- "$PROGS/fam_sockets" ||
	fail "parity with strace below the bar (exact >= 90%, at most 0 name+ret differences)"
exit 0
