// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee: memory syscalls, each a fixed number of times:
 * mmap, munmap, mprotect, mremap, madvise, brk (via sbrk), msync, mlock,
 * munlock, mincore; plus a failing munmap (EINVAL) and mprotect (ENOMEM).
 * Exits 0, or 1 if a result was not the expected one.
 */
#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define PG 4096

int main(void)
{
	unsigned char vec[4];
	char *p, *q, *f, *s;
	int bad = 0;

	p = mmap(NULL, 4 * PG, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return 1;
	memset(p, 1, 4 * PG);
	bad |= mprotect(p, PG, PROT_READ) != 0;
	bad |= mprotect(p, PG, PROT_READ | PROT_WRITE) != 0;
	bad |= madvise(p + 2 * PG, PG, MADV_DONTNEED) != 0;
	bad |= mincore(p, 4 * PG, vec) != 0;
	bad |= mlock(p, PG) != 0;
	bad |= munlock(p, PG) != 0;
	bad |= msync(p, PG, MS_SYNC) != 0;
	q = mremap(p, 4 * PG, 8 * PG, MREMAP_MAYMOVE);
	if (q == MAP_FAILED)
		return 1;
	bad |= munmap(q, 8 * PG) != 0;

	/* a shared mapping */
	f = mmap(NULL, PG, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
		 -1, 0);
	bad |= f == MAP_FAILED;
	bad |= msync(f, PG, MS_ASYNC) != 0;
	bad |= munmap(f, PG) != 0;

	/* the heap: sbrk calls brk */
	s = sbrk(0);
	bad |= sbrk(2 * PG) == (void *)-1;
	bad |= sbrk(-2 * PG) == (void *)-1;
	bad |= sbrk(0) != s;

	/* failures */
	bad |= munmap((void *)1, PG) != -1;		/* EINVAL */
	bad |= mprotect((void *)PG, PG, PROT_READ) != -1;	/* ENOMEM */
	return bad;
}
