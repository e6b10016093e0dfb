# SPDX-License-Identifier: GPL-2.0-or-later
# The strace oracle (tests/parity.sh) on the socket family:
# tests/progs/fam_sockets.c and fam_sockets_edge.c (every family, flag and
# option level, NULL and bad pointers) under strace -f and etrace -f must
# print the same trace, line for line within each task, signal and exit
# lines included, and exit the same; what differs today is listed, with
# its reason and the issue that removes it, in tests/oracle/known-differences.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
. "$TOP/tests/oracle/family.sh"
need_root
oracle_family sockets
# -v: the socket filters' programs (fam_sockets_opts)
oracle_options sockets_opts -v
finish
