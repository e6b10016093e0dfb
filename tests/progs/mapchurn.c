// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Many mappings, churned: one region of N pages (argv[1], default 20000)
 * cut into N mappings by MAP_FIXED, every page mapped again ROUNDS times
 * (argv[2], default 3) in a scattered order.  Neighbours alternate
 * between two protections so the kernel cannot merge them: the process
 * keeps N mappings, and every mmap replaces one in the middle of them.
 * With argv[3], its own CPU time (user + system, microseconds) is
 * written there at the end: a tracer's time is measured against it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 20000;
	int rounds = argc > 2 ? atoi(argv[2]) : 3;
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	char *base = mmap(NULL, n * pg, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS,
			  -1, 0);

	if (base == MAP_FAILED || n < 2 || n % 2)
		return 1;
	for (int r = 0; r <= rounds; r++) {
		/* a step prime to n visits every page once, far apart */
		long step = 7919, at = r;

		for (long i = 0; i < n; i++, at = (at + step) % n) {
			int prot = (at + r) & 1 ? PROT_READ | PROT_WRITE : PROT_READ;

			if (mmap(base + at * pg, pg, prot, MAP_PRIVATE |
				 MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED)
				return 1;
		}
	}
	if (argc > 3) {
		struct rusage ru;
		FILE *f = fopen(argv[3], "w");

		if (!f || getrusage(RUSAGE_SELF, &ru))
			return 1;
		fprintf(f, "%lld\n",
			(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000LL +
			ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
		if (fclose(f))
			return 1;
	}
	return 0;
}
