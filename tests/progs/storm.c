// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee: N getppid() calls (default 1,000,000) on T threads, for counting
 * and for benchmarks.  usage: storm [N] [THREADS] [SYSCALL]
 * SYSCALL: getppid (default) or mmap (an mmap+munmap pair per iteration).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
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

int main(int argc, char **argv)
{
	int threads = 1;
	pthread_t tid[64];

	if (argc > 1)
		n = atol(argv[1]);
	if (argc > 2)
		threads = atoi(argv[2]);
	if (argc > 3)
		use_mmap = !strcmp(argv[3], "mmap");
	if (threads < 1 || threads > 64)
		threads = 1;
	if (threads == 1) {
		run(NULL);
		return 0;
	}
	for (int i = 0; i < threads; i++)
		pthread_create(&tid[i], NULL, run, NULL);
	for (int i = 0; i < threads; i++)
		pthread_join(tid[i], NULL);
	return 0;
}
