// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee: two children with the same tid, one after the other (clone3's
 * set_tid: root).  The first renames itself NAME, makes one getppid()
 * and exits; the second (named as this program) makes two getppid()
 * calls and exits.  For --comm, whose verdicts are kept per tid: the
 * second must not inherit the first's.  Prints the tid; exit 0.
 * usage: tidreuse NAME
 */
#include <linux/sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static pid_t spawn_at(pid_t tid, const char *name, int calls)
{
	struct clone_args ca;
	pid_t set = tid, c;

	memset(&ca, 0, sizeof(ca));
	ca.exit_signal = SIGCHLD;
	if (tid) {
		ca.set_tid = (uint64_t)(uintptr_t)&set;
		ca.set_tid_size = 1;
	}
	c = (pid_t)syscall(SYS_clone3, &ca, sizeof(ca));
	if (c)
		return c;
	if (name)
		prctl(PR_SET_NAME, name, 0, 0, 0);
	for (int i = 0; i < calls; i++)
		syscall(SYS_getppid);
	_exit(0);
}

static int reap(pid_t c)
{
	int st;

	return c > 0 && waitpid(c, &st, 0) == c && WIFEXITED(st) &&
	       !WEXITSTATUS(st) ? 0 : -1;
}

int main(int argc, char **argv)
{
	pid_t tid;

	if (argc != 2)
		return 2;
	/* a tid that was just free: the kernel hands tids out in a cycle,
	   so no other task takes it back so soon */
	tid = spawn_at(0, NULL, 0);
	if (reap(tid) || reap(spawn_at(tid, argv[1], 1)) ||
	    reap(spawn_at(tid, NULL, 2))) {
		perror("tidreuse");
		return 1;
	}
	printf("%d\n", (int)tid);
	return 0;
}
