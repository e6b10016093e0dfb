# SPDX-License-Identifier: GPL-2.0-or-later
# The strace oracle (tests/parity.sh) on failing calls:
# tests/progs/fam_errors.c and fam_errors_edge.c (more errno values) under
# strace -f and etrace -f must print the same trace, line for line within
# each task, signal and exit lines included, and exit the same; what
# differs today is listed, with its reason and the issue that removes it,
# in tests/oracle/known-differences.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
. "$TOP/tests/oracle/family.sh"
need_root
oracle_family errors
finish
