// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_memory.sh, the edges of the memory
 * decoders (fam_memory.c makes the ordinary calls): each PROT_* and MAP_*
 * flag and map type, every MADV_* advice, MS_*, MCL_*, MLOCK_*, MREMAP_*
 * (DONTUNMAP), mincore's vector, pkey calls, mseal-less mbind/
 * set_mempolicy/get_mempolicy modes, shm flags; NULL, an unmapped address
 * (BAD), a kernel address (KBAD), unaligned addresses and huge lengths.
 * Addresses the program picks are fixed (MAP_FIXED_NOREPLACE at 0x10000000)
 * so they print the same every run; exits 0.
 */
#define _GNU_SOURCE
#include <linux/membarrier.h>
#include <linux/mempolicy.h>
#include <stdint.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/shm.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "fam.h"

#define FIX	((char *)0x10000000UL)		/* free in a PIE process */

int main(void)
{
	static const int advice[] = {
		MADV_RANDOM, MADV_SEQUENTIAL, MADV_REMOVE, MADV_MERGEABLE,
		MADV_UNMERGEABLE, MADV_NOHUGEPAGE, MADV_DONTDUMP, MADV_DODUMP,
		MADV_WIPEONFORK, MADV_KEEPONFORK, MADV_COLD, MADV_PAGEOUT,
		MADV_POPULATE_READ, MADV_POPULATE_WRITE, MADV_HWPOISON + 1000,
	};
	unsigned char vec[4];
	unsigned long nodes = 1;
	char *p;
	size_t i;
	int id, mode;

	/* a fixed place, each flag and type, then errors */
	p = mmap(FIX, 4 * 4096, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	mmap(FIX, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS |
	     MAP_FIXED_NOREPLACE, -1, 0);
	mmap(FIX + 4096, 4096, PROT_READ | PROT_WRITE | PROT_EXEC | 0x8 /* PROT_SEM */,
	     MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_LOCKED, -1, 0);
	mmap(FIX + 2 * 4096, 4096, PROT_NONE, MAP_SHARED_VALIDATE |
	     MAP_ANONYMOUS | MAP_FIXED | 0x4000000 /* MAP_UNINITIALIZED */, -1, 0);
	mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB |
	     (21 << MAP_HUGE_SHIFT), -1, 0);
	/* fails: a MAP_32BIT address would be random (ASLR) */
	mmap(FIX, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_32BIT |
	     MAP_SYNC | MAP_FIXED_NOREPLACE, -1, 0);
	mmap(NULL, 4096, 0xff, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	mmap(NULL, 4096, PROT_READ | PROT_GROWSDOWN, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	mmap(NULL, 4096, PROT_READ, 0, -1, 0);
	mmap(NULL, 4096, PROT_READ, 0xf, -1, 0);
	mmap(NULL, SIZE_MAX, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	mmap((void *)1, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
	mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, -1, 4095);
	mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, 0x7fffffff, 1L << 40);

	/* protections and advice over the fixed place */
	mprotect(p, 4096, PROT_READ | PROT_GROWSUP);
	mprotect(p, 4096, PROT_READ | PROT_WRITE);
	mprotect(p + 1, 4096, PROT_READ);
	mprotect(p, 4096, 0xffff);
	mprotect(BAD, 4096, PROT_READ);
	for (i = 0; i < sizeof(advice) / sizeof(advice[0]); i++)
		madvise(p, 4096, advice[i]);
	madvise(p, SIZE_MAX, MADV_NORMAL);
	madvise(p + 1, 4096, MADV_NORMAL);

	/* residency, locks, syncs */
	p[0] = 1;
	mincore(p, 4 * 4096, vec);
	mincore(p, 4096, NULL);
	mincore(p, 4096, BAD);
	mincore(BAD, 4096, vec);
	mincore(p + 1, 4096, vec);
	mlock(p, 0);
	mlock(BAD, 4096);
	sc(SYS_mlock2, (long)p, 4096, 0xff, 0, 0, 0);
	munlock(BAD, 4096);
	mlockall(0);
	mlockall(0xff);
	msync(p, 4096, MS_SYNC | MS_ASYNC);
	msync(p, 4096, 0xff);
	msync(p + 1, 4096, MS_SYNC);
	msync(BAD, 4096, MS_ASYNC);

	/* remaps: DONTUNMAP, growing over a neighbour, errors */
	mremap(p + 3 * 4096, 4096, 4096, MREMAP_MAYMOVE | MREMAP_DONTUNMAP |
	       MREMAP_FIXED, FIX + 16 * 4096);
	mremap(p, 4096, 2 * 4096, 0);
	mremap(p, 4096, 0, 0);
	mremap(p, 4096, 4096, 0xff);
	mremap(BAD, 4096, 4096, 0);
	mremap(p, 4096, 4096, MREMAP_FIXED, FIX + 32 * 4096);

	/* memory policies and protection keys: each mode, errors */
	sc(SYS_get_mempolicy, (long)&mode, 0, 0, 0, 0, 0);
	sc(SYS_get_mempolicy, (long)&mode, (long)&nodes, 64, (long)p, MPOL_F_ADDR, 0);
	sc(SYS_get_mempolicy, 0, 0, 0, 0, 0xff, 0);
	sc(SYS_set_mempolicy, MPOL_DEFAULT, 0, 0, 0, 0, 0);
	sc(SYS_set_mempolicy, MPOL_PREFERRED, (long)&nodes, 64, 0, 0, 0);
	sc(SYS_set_mempolicy, MPOL_BIND | MPOL_F_STATIC_NODES, (long)&nodes, 64, 0, 0, 0);
	sc(SYS_set_mempolicy, 99, 0, 0, 0, 0, 0);
	sc(SYS_set_mempolicy, MPOL_DEFAULT, 0, 0, 0, 0, 0);
	sc(SYS_mbind, (long)p, 4096, MPOL_INTERLEAVE, (long)&nodes, 64,
	   MPOL_MF_STRICT | MPOL_MF_MOVE);
	sc(SYS_mbind, (long)p, 4096, MPOL_DEFAULT, 0, 0, 0);
	sc(SYS_mbind, (long)p, 4096, 99, 0, 0, 0xff);
	sc(SYS_pkey_alloc, 0, PKEY_DISABLE_ACCESS | PKEY_DISABLE_WRITE, 0, 0, 0, 0);
	sc(SYS_pkey_alloc, 1, 0, 0, 0, 0, 0);
	sc(SYS_pkey_mprotect, (long)p, 4096, PROT_READ, -1, 0, 0);
	sc(SYS_pkey_free, 99, 0, 0, 0, 0, 0);

	/* shared memory: flags, each command's errors */
	id = shmget(IPC_PRIVATE, 4096, IPC_CREAT | IPC_EXCL | SHM_NORESERVE | 0640);
	shmat(id, FIX + 64 * 4096, SHM_RND | SHM_RDONLY);
	shmdt(FIX + 64 * 4096);
	shmat(id, NULL, SHM_EXEC | SHM_REMAP);
	shmdt(BAD);
	shmctl(id, SHM_LOCK, NULL);
	shmctl(id, SHM_UNLOCK, NULL);
	shmctl(id, IPC_RMID, NULL);
	shmget(IPC_PRIVATE, 4096, SHM_HUGETLB | IPC_CREAT | 0600);
	shmget(0x1234abcd, 4096, 0);
	shmget(IPC_PRIVATE, SIZE_MAX, IPC_CREAT);
	shmctl(-1, IPC_RMID, NULL);
	shmctl(0, 99, NULL);

	/* the break, unmaps: bad and huge */
	sc(SYS_brk, (long)BAD, 0, 0, 0, 0, 0);
	munmap(p, 0);
	munmap(p, SIZE_MAX);
	munmap(KBAD, 4096);
	munmap(FIX, 64 * 4096);
	sc(SYS_membarrier, 0xff, 0, 0, 0, 0, 0);
	sc(SYS_membarrier, MEMBARRIER_CMD_QUERY, 0xff, 0, 0, 0, 0);
	return 0;
}
