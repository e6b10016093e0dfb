# SPDX-License-Identifier: GPL-2.0-or-later
# The strace oracle (tests/parity.sh) on io_uring_register
# (tests/progs/fam_iouring.c), on a real ring: what the kernel fills (a
# probe, the worker counts), files registered with -y's notes on their
# fds, the structs, bad pointers and an array cut by the memory's end,
# by default, with -y, -v and with -X raw and verbose.  io_uring_setup,
# whose struct etrace does not decode yet (strace's io_uring_setup.gen is
# in tests/strace-suite/xfail), is left out of both traces.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
. "$TOP/tests/oracle/family.sh"
need_root
ORACLE_FLAGS="-e trace=!io_uring_setup"
oracle_family iouring
oracle_options iouring -y -v -Xraw -Xverbose
finish
