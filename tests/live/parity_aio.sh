# SPDX-License-Identifier: GPL-2.0-or-later
# The strace oracle (tests/parity.sh) on io_submit's struct iocb *[]
# (tests/progs/fam_aio.c: each opcode's buffer, NULL, bad and cut
# pointers), by default and with -v: etrace's trace must be strace's,
# line for line.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
. "$TOP/tests/oracle/family.sh"
need_root
oracle_family aio
ORACLE_FLAGS="-O -v"
oracle_family aio
finish
