# SPDX-License-Identifier: GPL-2.0-or-later
# The strace oracle (tests/parity.sh) on quotactl and quotactl_fd
# (tests/progs/fam_quota.c): each command with NULL, BAD, its struct
# filled in and one byte short of the memory's end, as strace prints
# them by default, with -v (every field) and with -X raw and verbose.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
. "$TOP/tests/oracle/family.sh"
need_root
oracle_family quota
oracle_options quota -v -Xraw -Xverbose
finish
