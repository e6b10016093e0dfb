# SPDX-License-Identifier: GPL-2.0-or-later
# The strace oracle (tests/parity.sh) on the SCSI generic ioctls, SG_*
# (tests/progs/fam_scsi.c: every request, every int and
# value the requests pass, NULL, bad and cut pointers), by default and
# with -v (the structs' rest): etrace's trace must be strace's, line for
# line; what differs today is listed in tests/oracle/known-differences.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
. "$TOP/tests/oracle/family.sh"
need_root
oracle_family scsi
ORACLE_FLAGS="-O -v"
oracle_family scsi
finish
