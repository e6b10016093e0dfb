# SPDX-License-Identifier: GPL-2.0-or-later
# The strace oracle (tests/parity.sh) on the perf event ioctls, type '$'
# (tests/progs/fam_perf.c: every request, the values, strings and
# attributes they pass, NULL, bad and cut pointers), by default, with -v
# (the attributes' rest) and with -y (the fds the requests pass):
# etrace's trace must be strace's, line for line; what differs today is
# listed in tests/oracle/known-differences.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
. "$TOP/tests/oracle/family.sh"
need_root
oracle_family perf
ORACLE_FLAGS="-O -v"
oracle_family perf
ORACLE_FLAGS="-O -y"
oracle_family perf
finish
