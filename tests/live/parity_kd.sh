# SPDX-License-Identifier: GPL-2.0-or-later
# The strace oracle (tests/parity.sh) on the console's ioctls, type 'K'
# (tests/progs/fam_kd.c: every request, the values, structs and
# tables they pass, NULL, bad and cut pointers), by default and with -v:
# etrace's trace must be strace's, line for line; what differs today is
# listed in tests/oracle/known-differences.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
. "$TOP/tests/oracle/family.sh"
need_root
oracle_family kd
ORACLE_FLAGS="-O -v"
oracle_family kd
finish
