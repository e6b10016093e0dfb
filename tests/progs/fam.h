/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the family programs (tests/progs/fam_*.c) share: pointers no call
 * can read, a NULL the compiler cannot see, a raw system call taking any
 * value.
 */
#ifndef FAM_H
#define FAM_H

#include <stddef.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#define BAD	((void *)0xbadc0deUL)		/* never mapped */
#define KBAD	((void *)0xffffffffff600000UL)	/* not user memory */

/* NULL for arguments glibc declares nonnull (the call must still be made) */
static void *volatile fam_nullp;
#define NULLP	((void *)fam_nullp)

/* any value in any argument: glibc's wrappers would check or convert */
static inline long sc(long nr, long a, long b, long c, long d, long e, long f)
{
	return syscall(nr, a, b, c, d, e, f);
}

/*
 * A page whose next one is unmapped (NULL: none): what is copied to its
 * end ends where the memory does, as strace's tail_alloc
 */
static inline char *fam_edge_page(void)
{
	char *pg = mmap(NULL, 8192, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (pg == MAP_FAILED)
		return NULL;
	munmap(pg + 4096, 4096);
	return pg;
}

/*
 * Each ioctl request on a bad fd with NULL, and on fd with BAD; with an
 * edge page (fam_edge_page), also with its struct (the size the request
 * carries) one byte short of the memory's end: the pointer
 */
static inline void fam_ioctls(int fd, const unsigned int *req, size_t n,
			      char *edge)
{
	for (size_t i = 0; i < n; i++) {
		ioctl(-1, req[i], NULLP);
		ioctl(fd, req[i], BAD);
		if (edge && _IOC_SIZE(req[i]))
			ioctl(fd, req[i], edge + 4096 - _IOC_SIZE(req[i]) + 1);
	}
}

#endif
