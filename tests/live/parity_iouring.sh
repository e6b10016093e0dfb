# SPDX-License-Identifier: GPL-2.0-or-later
# The strace oracle (tests/parity.sh) on io_uring_register
# (tests/progs/fam_iouring.c), on a real ring: what the kernel fills (a
# probe, the worker counts), files registered with -y's notes on their
# fds, the structs, bad pointers and an array cut by the memory's end,
# by default, with -y, -v and with -X raw and verbose; and the ring's
# io_uring_setup, its params as given and as the kernel filled them.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
. "$TOP/tests/oracle/family.sh"
need_root
oracle_family iouring
oracle_options iouring -y -v -Xraw -Xverbose
finish
