/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the family programs (tests/progs/fam_*.c) share: pointers no call
 * can read, a NULL the compiler cannot see, a raw system call taking any
 * value.
 */
#ifndef FAM_H
#define FAM_H

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

#endif
