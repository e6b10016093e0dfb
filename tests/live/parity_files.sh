# SPDX-License-Identifier: GPL-2.0-or-later
# The strace oracle (tests/parity.sh) on the file and descriptor family:
# tests/progs/fam_files.c and fam_files_edge.c (every flag, NULL and bad
# pointers) under strace -f and etrace -f must print the same trace, line
# for line within each task, signal and exit lines included, and exit the
# same; what differs today is listed, with its reason and the issue that
# removes it, in tests/oracle/known-differences.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
. "$TOP/tests/oracle/family.sh"
need_root
oracle_family files
# memfd_create's name, longer than the default -s (fam_files_names.c)
oracle_options files_names -s300
finish
