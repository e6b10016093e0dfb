# SPDX-License-Identifier: GPL-2.0-or-later
# -s 4096 (the largest) on writev/readv elements of 5000, 4096 and 100
# bytes (tests/progs/iov_big.c): each element printed up to 4096 bytes,
# as strace prints it, under the strace oracle.  The BPF copy of an
# element was bounded by a 4095 mask: an element of 4096 bytes or more
# copied nothing but was counted as copied, and leftover scratch bytes
# were printed as its data.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

sh "$TOP/tests/parity.sh" -c -w "$WORK/iov" -n iov_big -O "-s 4096" \
	-e trace=writev,readv -- "$PROGS/iov_big" ||
	soft_fail "iov_big -s 4096: etrace's trace is not strace's"
grep -q 'zabcdefghijklmnopqrstuvwxyz' "$WORK/iov/e.out" ||
	soft_fail "writev's 5000-byte element: its letters not in the trace"
finish
