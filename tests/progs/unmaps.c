// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A munmap storm from two places: unmap_a() unmaps A times, unmap_b()
 * B times (argv[1], argv[2]), so a count per stack has a known answer.
 */
#include <stdlib.h>
#include <sys/mman.h>

static void __attribute__((noinline)) one(void)
{
	void *p = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS,
		       -1, 0);

	if (p != MAP_FAILED)
		munmap(p, 4096);
}

void __attribute__((noinline)) unmap_a(int n)
{
	for (int i = 0; i < n; i++)
		one();
	__asm__ volatile("" ::: "memory");
}

void __attribute__((noinline)) unmap_b(int n)
{
	for (int i = 0; i < n; i++)
		one();
	__asm__ volatile("" ::: "memory");
}

int main(int argc, char **argv)
{
	unmap_a(argc > 1 ? atoi(argv[1]) : 300);
	unmap_b(argc > 2 ? atoi(argv[2]) : 200);
	return 0;
}
