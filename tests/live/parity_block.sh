# SPDX-License-Identifier: GPL-2.0-or-later
# The strace oracle (tests/parity.sh) on the block device ioctls, BLK*
# (tests/progs/fam_block.c: every request, the values and structs they
# pass, NULL, bad and cut pointers): etrace's trace must be strace's, line
# for line; what differs today is listed in tests/oracle/known-differences.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
. "$TOP/tests/oracle/family.sh"
need_root
oracle_family block
finish
