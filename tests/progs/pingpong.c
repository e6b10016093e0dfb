// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee: two processes passing a byte back and forth N times over two
 * pipes, so that nearly every read blocks and the CPU switches between
 * them inside calls.  pingpong N [CPU]: with CPU, both are pinned to it
 * (every switch is between the two, on that CPU); without, they migrate
 * as the scheduler likes.  Before the first byte the parent sleeps
 * 0.2 s, so the child's first read lasts at least that long.
 *
 * Calls, whatever the timing: parent: N write, N read, one
 * clock_nanosleep; child: N read, N write; then the child exits with
 * status 0 and the parent waits for it (one wait4).
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int ab[2], ba[2], st;
	long n = argc > 1 ? atol(argv[1]) : 1000;
	struct timespec pause = { 0, 200 * 1000 * 1000 };
	char c = 'x';
	pid_t pid;

	if (argc > 2) {
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
	nanosleep(&pause, NULL);
	for (long i = 0; i < n; i++)
		if (write(ab[1], &c, 1) != 1 || read(ba[0], &c, 1) != 1)
			return 3;
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st))
		return 4;
	return 0;
}
