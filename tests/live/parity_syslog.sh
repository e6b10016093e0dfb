# SPDX-License-Identifier: GPL-2.0-or-later
# The strace oracle (tests/parity.sh) on syslog (tests/progs/fam_syslog.c):
# each action with the arguments it uses, the buffer a read fills, bad
# levels and actions, by default and with -X raw (the action stays a
# number named in a comment).
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
. "$TOP/tests/oracle/family.sh"
need_root
oracle_family syslog
oracle_options syslog -Xraw
finish
