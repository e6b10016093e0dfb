// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_thread_exec.sh: a thread that is not the
 * group leader execs.  The kernel ends the leader in its call (de_thread)
 * and the thread goes on under the leader's pid: strace prints the
 * leader's read as never returning, "+++ superseded by execve in pid
 * TID +++", then the execve's end under the leader's pid.
 *
 * The thread execs once the leader is blocked in its read of a pipe no
 * one writes: the leader's /proc/thread-self/syscall (opened by the
 * leader) names the call a blocked task is in ("0 ..." for read), read
 * with pread64 (the test does not trace it).  Run again as "thread_exec
 * done", it exits 0.
 *
 * "thread_exec exit": the thread calls exit_group instead, which ends
 * the leader in its read the same way (no signal is sent).  Exits 0.
 * ("thread_exec exec": the execve, as with no argument.)
 *
 * "thread_exec leaderexit": the leader calls exit(2) (its thread's end
 * alone) and the thread execs once the leader is a zombie (its
 * /proc/thread-self/stat, opened by it, says state Z): the leader's
 * "exit(42) = ?" then the execve under the leader's pid; strace prints
 * the execve "<pid changed to LEADER ...>" and the leader superseded.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static int pfd[2], fd, by_exit, leader_first;
static char *self;

static void *body(void *arg)
{
	char buf[64];
	char *argv[] = { self, (char *)"done", NULL };

	(void)arg;
	while (leader_first) {
		ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);
		char *end = n > 0 ? memchr(buf, ')', (size_t)n) : NULL;

		if (end && end + 2 < buf + n && end[2] == 'Z')
			break;
		sched_yield();
	}
	while (!leader_first) {
		ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);

		if (n > 2 && !memcmp(buf, "0 ", 2))
			break;
		sched_yield();
	}
	if (by_exit)
		syscall(SYS_exit_group, 0);
	execv(self, argv);
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t t;
	char c;

	if (argc > 1 && !strcmp(argv[1], "done"))
		return 0;
	by_exit = argc > 1 && !strcmp(argv[1], "exit");
	leader_first = argc > 1 && !strcmp(argv[1], "leaderexit");
	self = argv[0];
	fd = open(leader_first ? "/proc/thread-self/stat" :
		  "/proc/thread-self/syscall", O_RDONLY);
	if (fd < 0 || pipe(pfd) || pthread_create(&t, NULL, body, NULL))
		return 1;
	if (leader_first)
		syscall(SYS_exit, 42);
	(void)!read(pfd[0], &c, 1);
	return 1;
}
