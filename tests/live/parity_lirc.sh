# SPDX-License-Identifier: GPL-2.0-or-later
# The strace oracle (tests/parity.sh) on the LIRC ioctls, type 'i'
# (tests/progs/fam_lirc.c: every request, the values the set requests
# pass, NULL, bad and cut pointers, the numbers I2O and IPMI share):
# etrace's trace must be strace's, line for line; what differs today is
# listed in tests/oracle/known-differences.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
. "$TOP/tests/oracle/family.sh"
need_root
oracle_family lirc
finish
