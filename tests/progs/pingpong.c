// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee: two processes passing a byte back and forth N times over two
 * pipes, so that nearly every read blocks and the CPU switches between
 * them inside calls.
 *   pingpong N [CPU|-] [go]
 * With CPU, both are pinned to it (every switch is between the two, on
 * that CPU); with - or without, they migrate as the scheduler likes.
 * Before the first byte the parent sleeps 0.2 s.  With "go", it first
 * waits in poll() for standard input to be readable (it reads nothing):
 * the test makes it so once it has seen the child blocked in its first
 * read, and that read then lasts longer than the parent's sleep.
 *
 * Calls, whatever the timing: parent: N write, N read, one
 * clock_nanosleep (and with "go" one poll); child: N read, N write;
 * then the child exits with status 0 and the parent waits for it (one
 * wait4).
 */
#define _GNU_SOURCE
#include <poll.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int ab[2], ba[2], st;
	long n = argc > 1 ? atol(argv[1]) : 1000;
	int go = argc > 3 && !strcmp(argv[3], "go");
	struct timespec pause = { 0, 200 * 1000 * 1000 };
	struct pollfd in = { .fd = 0, .events = POLLIN };
	char c = 'x';
	pid_t pid;

	if (argc > 2 && strcmp(argv[2], "-")) {
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(atoi(argv[2]), &set);
		if (sched_setaffinity(0, sizeof(set), &set))
			return 2;
	}
	if (pipe(ab) || pipe(ba))
		return 2;
	pid = fork();
	if (pid < 0)
		return 2;
	if (pid == 0) {
		for (long i = 0; i < n; i++)
			if (read(ab[0], &c, 1) != 1 || write(ba[1], &c, 1) != 1)
				_exit(3);
		_exit(0);
	}
	if (go && poll(&in, 1, -1) != 1)
		return 2;
	nanosleep(&pause, NULL);
	for (long i = 0; i < n; i++)
		if (write(ab[1], &c, 1) != 1 || read(ba[0], &c, 1) != 1)
			return 3;
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st))
		return 4;
	return 0;
}
