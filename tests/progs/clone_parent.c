// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee: clone(CLONE_PARENT).  The child is a sibling of this program,
 * the child of whoever started it: under a tracer that started the
 * program, the tracer's.  The program cannot wait() for it; it waits
 * for it to vanish as a sibling can, kill(pid, 0) until ESRCH, which
 * happens only once its parent reaps it.  Prints "gone PID".
 *   clone_parent [SIG]   the child's exit signal (default SIGCHLD; 0
 *                        sends its parent none)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static char stack[65536] __attribute__((aligned(16)));

static int child(void *arg)
{
	return 0;
}

int main(int argc, char **argv)
{
	int sig = argc > 1 ? atoi(argv[1]) : SIGCHLD;
	struct timespec ms = { 0, 1000000 };
	pid_t pid;

	pid = clone(child, stack + sizeof(stack), CLONE_PARENT | sig, NULL);
	if (pid < 0) {
		perror("clone");
		return 1;
	}
	/* no event tells a sibling's end: ask each millisecond */
	while (kill(pid, 0) == 0 || errno != ESRCH)
		nanosleep(&ms, NULL);
	printf("gone %d\n", (int)pid);
	return 0;
}
