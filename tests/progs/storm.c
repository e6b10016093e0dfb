// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee: N getppid() calls (default 1,000,000) on T threads, for counting
 * and for benchmarks.  usage: storm [N] [THREADS] [SYSCALL]
 * SYSCALL: getppid (default) or mmap (an mmap+munmap pair per iteration).
 *
 * STORM_LOOP_NS=FILE: write into FILE how long the calls took, in
 * nanoseconds of CLOCK_MONOTONIC, from before the first thread starts to
 * after the last one ends (the benchmark's cost per call with no tracer
 * start-up or tear-down in it).  Unset, the program makes no other call.
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static long n = 1000000;
static int use_mmap;

static void *run(void *arg)
{
	for (long i = 0; i < n; i++) {
		if (use_mmap) {
			void *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
				       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

			if (p != MAP_FAILED)
				munmap(p, 4096);
		} else {
			syscall(SYS_getppid);
		}
	}
	return arg;
}

static long long mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void say_loop(const char *path, long long ns)
{
	char buf[32];
	int len = snprintf(buf, sizeof(buf), "%lld\n", ns);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

	if (fd < 0 || write(fd, buf, len) != len) {
		perror(path);
		exit(1);
	}
	close(fd);
}

int main(int argc, char **argv)
{
	const char *loop_out = getenv("STORM_LOOP_NS");
	int threads = 1;
	pthread_t tid[64];
	long long t0;

	if (argc > 1)
		n = atol(argv[1]);
	if (argc > 2)
		threads = atoi(argv[2]);
	if (argc > 3)
		use_mmap = !strcmp(argv[3], "mmap");
	if (threads < 1 || threads > 64)
		threads = 1;
	t0 = mono_ns();
	if (threads == 1) {
		run(NULL);
	} else {
		for (int i = 0; i < threads; i++)
			pthread_create(&tid[i], NULL, run, NULL);
		for (int i = 0; i < threads; i++)
			pthread_join(tid[i], NULL);
	}
	if (loop_out && *loop_out)
		say_loop(loop_out, mono_ns() - t0);
	return 0;
}
