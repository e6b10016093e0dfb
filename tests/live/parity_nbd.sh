# SPDX-License-Identifier: GPL-2.0-or-later
# The strace oracle (tests/parity.sh) on the network block device ioctls,
# type 0xab (tests/progs/fam_nbd.c: every request, the values and fds they
# pass), by default and with -y (the socket's fd described): etrace's
# trace must be strace's, line for line; what differs today is listed in
# tests/oracle/known-differences.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
. "$TOP/tests/oracle/family.sh"
need_root
oracle_family nbd
ORACLE_FLAGS="-O -y"
oracle_family nbd
finish
