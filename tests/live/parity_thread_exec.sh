# SPDX-License-Identifier: GPL-2.0-or-later
# The strace oracle (tests/parity.sh) on a thread that is not the group
# leader exec'ing (tests/progs/thread_exec.c): the leader, blocked in a
# read, is ended by the kernel in its call ("<... read resumed>
# <unfinished ...>) = ?", not the error its read returns), "+++
# superseded by execve in pid TID +++", and the execve ends under the
# leader's pid ("<... execve resumed>) = 0") with no line for the old
# tid.  Twice: a few syscalls (-e trace=read,execve: per-syscall events,
# the note from the exit copy program) and all but the thread's polling
# (ring mode, the note from the ring program).
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root
n=0
for expr in read,execve '!pread64,sched_yield'; do
	n=$((n + 1))
	echo "== thread_exec (-e trace=$expr)"
	sh "$TOP/tests/parity.sh" -c -w "$WORK/run.$n" -e "trace=$expr" \
		-n thread_exec -- "$PROGS/thread_exec" ||
		soft_fail "-e trace=$expr: etrace's trace is not strace's"
	grep -q '+++ superseded by execve in pid ' "$WORK/run.$n/e.out" ||
		soft_fail "-e trace=$expr: no superseded line"
done
finish
