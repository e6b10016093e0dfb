// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for -c's times: system (on-CPU) time against wall-clock (-w).
 *   cputime nap N MS    N nanosleep()s of MS milliseconds: a call that
 *                       sleeps, nearly no CPU time in it
 *   cputime rand N MIB  N getrandom()s of MIB MiB, pinned to the CPU it
 *                       starts on beside a child spinning on the same
 *                       CPU: calls that use the CPU throughout (the
 *                       kernel makes the bytes) and are preempted in
 *                       the middle, several times each
 * Then prints "calls N wall_ns W cpu_ns C": the CLOCK_MONOTONIC and
 * CLOCK_THREAD_CPUTIME_ID time around each of those calls, summed: an
 * upper bound of what a tracer can measure inside them.
 */
#define _GNU_SOURCE
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static uint64_t now(clockid_t c)
{
	struct timespec ts;

	clock_gettime(c, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int main(int argc, char **argv)
{
	uint64_t wall = 0, cpu = 0;
	char *buf = NULL;
	size_t len = 0;
	pid_t spin = -1;
	int n, v, nap;

	if (argc != 4 || (n = atoi(argv[2])) <= 0 || (v = atoi(argv[3])) <= 0)
		goto usage;
	nap = !strcmp(argv[1], "nap");
	if (!nap && strcmp(argv[1], "rand"))
		goto usage;
	if (!nap) {
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(sched_getcpu(), &set);
		if (sched_setaffinity(0, sizeof(set), &set))
			return 1;
		spin = fork();
		if (spin < 0)
			return 1;
		if (!spin)
			for (volatile unsigned long i = 0;; i++)
				;
		/* after the fork: no copy-on-write faults in the calls */
		len = (size_t)v << 20;
		buf = malloc(len);
		if (!buf)
			return 1;
		memset(buf, 1, len);
	}
	for (int i = 0; i < n; i++) {
		uint64_t w0 = now(CLOCK_MONOTONIC);
		uint64_t c0 = now(CLOCK_THREAD_CPUTIME_ID);

		if (nap) {
			struct timespec ts = { v / 1000, (long)(v % 1000) * 1000000 };

			nanosleep(&ts, NULL);
		} else if (getrandom(buf, len, 0) != (ssize_t)len) {
			return 1;
		}
		cpu += now(CLOCK_THREAD_CPUTIME_ID) - c0;
		wall += now(CLOCK_MONOTONIC) - w0;
	}
	if (spin > 0) {
		kill(spin, SIGKILL);
		waitpid(spin, NULL, 0);
	}
	printf("calls %d wall_ns %llu cpu_ns %llu\n", n,
	       (unsigned long long)wall, (unsigned long long)cpu);
	return 0;
usage:
	fprintf(stderr, "usage: cputime nap N MS | cputime rand N MIB\n");
	return 2;
}
