# SPDX-License-Identifier: GPL-2.0-or-later
# The strace oracle (tests/parity.sh) on a thread that is not the group
# leader exec'ing (tests/progs/thread_exec.c): the leader, blocked in a
# read, is ended by the kernel in its call ("<... read resumed>
# <unfinished ...>) = ?", not the error its read returns), "+++
# superseded by execve in pid TID +++", and the execve ends under the
# leader's pid ("<... execve resumed>) = 0") with no line for the old
# tid.  Then the thread calls exit_group instead: the leader's read
# ends the same way, and both exit with 0.  Each twice: a few syscalls
# (-e trace=read,execve,exit_group: per-syscall events, the note from
# the exit copy program) and all but the thread's polling (ring mode,
# the note from the ring program).  Then the leader exit(2)s first and
# the thread execs once it is a zombie: the leader's "exit(42) = ?",
# the execve line "<pid changed to LEADER ...>", the leader superseded,
# the execve's end under its pid.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root
n=0
for how in exec exit leaderexit; do
	for expr in read,exit,execve,exit_group '!pread64,sched_yield'; do
		n=$((n + 1))
		echo "== thread_exec $how (-e trace=$expr)"
		sh "$TOP/tests/parity.sh" -c -w "$WORK/run.$n" \
			-e "trace=$expr" -n thread_exec -- \
			"$PROGS/thread_exec" $how ||
			soft_fail "$how, -e trace=$expr: etrace's trace is not strace's"
		if [ $how = leaderexit ]; then
			grep -q '<pid changed to [0-9]* \.\.\.>$' \
				"$WORK/run.$n/e.out" ||
				soft_fail "$how, -e trace=$expr: no '<pid changed to'"
		else
			grep -q '<... read resumed> <unfinished ...>) = ?' \
				"$WORK/run.$n/e.out" ||
				soft_fail "$how, -e trace=$expr: the leader's read not ended as strace's"
		fi
		[ $how = exit ] ||
			grep -q '+++ superseded by execve in pid ' \
				"$WORK/run.$n/e.out" ||
			soft_fail "-e trace=$expr: no superseded line"
	done
done
finish
