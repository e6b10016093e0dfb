# SPDX-License-Identifier: GPL-2.0-or-later
# The strace oracle (tests/parity.sh) on the UBI ioctls, types 'o' and 'O'
# (tests/progs/fam_ubi.c: every request, every struct the requests
# pass, NULL, bad and cut pointers, the numbers DVB and OMAP share):
# etrace's trace must be strace's, line for line; what differs today is
# listed in tests/oracle/known-differences.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
. "$TOP/tests/oracle/family.sh"
need_root
oracle_family ubi
finish
