# SPDX-License-Identifier: GPL-2.0-or-later
# The strace oracle (tests/parity.sh) on the V4L2 ioctls, type 'V'
# (tests/progs/fam_v4l2.c: every request strace decodes, the formats of
# every buffer type, clips and controls whole, cut and NULL, control ids
# by name, class and flags; NULL, bad and cut pointers): etrace's trace
# must be strace's, line for line; what differs today is listed in
# tests/oracle/known-differences.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
. "$TOP/tests/oracle/family.sh"
need_root
oracle_family v4l2
oracle_options v4l2 -v -Xraw -Xverbose
finish
