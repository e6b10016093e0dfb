# SPDX-License-Identifier: GPL-2.0-or-later
# The strace oracle (tests/parity.sh) on arch_prctl
# (tests/progs/fam_archprctl.c): what the machine answers to
# ARCH_GET_FS and the ARCH_GET_XCOMP_* (the XSAVE feature masks), NULL,
# BAD and a word at the memory's end, ARCH_REQ_XCOMP_PERM's features,
# by default and with -X raw and verbose.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
. "$TOP/tests/oracle/family.sh"
need_root
oracle_family archprctl
oracle_options archprctl -Xraw -Xverbose
finish
