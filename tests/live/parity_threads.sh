# SPDX-License-Identifier: GPL-2.0-or-later
# The strace oracle (tests/parity.sh) on threads and their calls:
# tests/progs/fam_threads.c (pthread_create, raw exit) and
# fam_threads_edge.c (arch_prctl, robust lists, rseq, refused clone
# flags, a signal to one thread) under strace -f and etrace -f must print
# the same trace, line for line within each task, signal and exit lines
# included, and exit the same; what differs today is listed, with its
# reason and the issue that removes it, in
# tests/oracle/known-differences.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
. "$TOP/tests/oracle/family.sh"
need_root
oracle_family threads
finish
