# SPDX-License-Identifier: GPL-2.0-or-later
# The strace oracle (tests/parity.sh) on the (IDE) disk ioctls, HDIO_*
# (tests/progs/fam_hdio.c: every request with NULL, bad pointers and
# values; drive commands; arrays cut by the end of the memory): etrace's
# trace must be strace's, line for line; what differs today is listed in
# tests/oracle/known-differences.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
. "$TOP/tests/oracle/family.sh"
need_root
oracle_family hdio
finish
