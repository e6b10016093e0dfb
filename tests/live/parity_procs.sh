# SPDX-License-Identifier: GPL-2.0-or-later
# The strace oracle (tests/parity.sh) on the process and credential
# family: tests/progs/fam_procs.c, fam_procs_edge.c (every flag, NULL
# and bad pointers) and fam_procs_execveat.c (execveat failing, then
# succeeding; also with -e trace=execveat alone) under strace -f and
# etrace -f must print the same trace, line for line within each task,
# signal and exit lines included, and exit the same; what differs today is listed, with its reason and the
# issue that removes it, in tests/oracle/known-differences.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
. "$TOP/tests/oracle/family.sh"
need_root
oracle_family procs
# execveat alone: its successful exit has execve's number (the kernel's
# filters and per-syscall events must let it through)
echo "== fam_procs_execveat (-e trace=execveat)"
sh "$TOP/tests/parity.sh" -c -w "$WORK/execveat_only" -e trace=execveat \
	-n fam_procs_execveat -- "$PROGS/fam_procs_execveat" ||
	soft_fail "fam_procs_execveat -e trace=execveat: etrace's trace is not strace's"
finish
