# SPDX-License-Identifier: GPL-2.0-or-later
# The strace oracle (tests/parity.sh) on terminal and other ioctls:
# tests/progs/fam_pty.c and fam_pty_edge.c (more requests, NULL and bad
# arguments) under strace -f and etrace -f must print the same trace, line
# for line within each task, signal and exit lines included, and exit the
# same; what differs today is listed, with its reason and the issue that
# removes it, in tests/oracle/known-differences.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
. "$TOP/tests/oracle/family.sh"
need_root
oracle_family pty
finish
