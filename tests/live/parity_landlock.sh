# SPDX-License-Identifier: GPL-2.0-or-later
# The strace oracle (tests/parity.sh) on the landlock calls
# (tests/progs/fam_landlock.c): a ruleset made, a rule added with an
# open parent_fd, bad pointers and sizes, unknown types and flags, by
# default, with -y (the fds, parent_fd's included, but not the ABI
# version create_ruleset returns) and with -X raw and verbose.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
. "$TOP/tests/oracle/family.sh"
need_root
oracle_family landlock
oracle_options landlock -y -Xraw -Xverbose
finish
