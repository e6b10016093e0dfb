# SPDX-License-Identifier: GPL-2.0-or-later
# The strace oracle (tests/parity.sh) on bpf(2)'s BPF_MAP_CREATE and
# BPF_PROG_LOAD attrs, BPF_PROG_QUERY's prog_ids and BPF_LINK_CREATE's
# arrays (tests/progs/fam_bpf.c: every field, sizes that
# end inside the struct, bytes past it, NULL, bad and cut pointers, a
# map the kernel creates): etrace's trace must be strace's, line for
# line, also with -v, -Xraw and -Xverbose.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
. "$TOP/tests/oracle/family.sh"
need_root
oracle_family bpf
oracle_options bpf -v -Xraw -Xverbose
finish
