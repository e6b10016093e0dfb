// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * timed: run a workload and write how long it ran, for the benchmark's
 * "in the loop" column on workloads that do not time themselves (the
 * storms and sockloop do).  Run under the tracer, it starts after the
 * tracer is attached and ends before the tracer's tear-down, so neither
 * is in the time: only what tracing costs the workload's own calls.
 *
 *   STORM_LOOP_NS=FILE timed CMD [ARGS...]
 *
 * Writes into FILE the nanoseconds of CLOCK_MONOTONIC from before the
 * fork of CMD to after its exit, and exits with CMD's status (128 +
 * signal when killed).  Its own calls: a fork, a wait and FILE's open,
 * write and close.  Without STORM_LOOP_NS it writes nothing.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	const char *out = getenv("STORM_LOOP_NS");
	long long t0, ns;
	int st = 0;
	pid_t p;

	if (argc < 2) {
		fprintf(stderr, "usage: STORM_LOOP_NS=FILE timed CMD [ARGS...]\n");
		return 2;
	}
	t0 = mono_ns();
	p = fork();
	if (p < 0) {
		perror("timed: fork");
		return 1;
	}
	if (p == 0) {
		execvp(argv[1], argv + 1);
		perror(argv[1]);
		_exit(127);
	}
	if (waitpid(p, &st, 0) != p) {
		perror("timed: waitpid");
		return 1;
	}
	ns = mono_ns() - t0;
	if (out && *out) {
		char buf[32];
		int len = snprintf(buf, sizeof(buf), "%lld\n", ns);
		int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

		if (fd < 0 || write(fd, buf, (size_t)len) != len) {
			perror(out);
			return 1;
		}
		close(fd);
	}
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}
