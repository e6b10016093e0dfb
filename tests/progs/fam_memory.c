// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_memory.sh: the memory family.  mmap
 * (anonymous, file, fixed, failing), mprotect, munmap, mremap (grow in
 * place, MREMAP_MAYMOVE, MREMAP_FIXED), madvise, mlock/munlock/mlock2,
 * mlockall/munlockall, msync, brk, mincore, shmget/shmat/shmctl/shmdt,
 * membarrier, pkey_mprotect-less remap_file_pages-less: what programs use.
 * Same calls and results every run; writes nothing; exits 0.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/membarrier.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/shm.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(void)
{
	unsigned char vec[8];
	char *p, *q, *f;
	int fd, id;

	p = mmap(NULL, 4 * 4096, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	p[0] = 1;
	p[2 * 4096] = 1;
	mincore(p, 4 * 4096, vec);
	mprotect(p, 4096, PROT_READ);
	mprotect(p + 4096, 4096, PROT_NONE);
	mprotect(p, 4 * 4096, PROT_READ | PROT_WRITE | PROT_EXEC);
	madvise(p, 4096, MADV_DONTNEED);
	madvise(p, 4096, MADV_WILLNEED);
	madvise(p, 4 * 4096, MADV_NORMAL);
	madvise(p, 4 * 4096, MADV_DONTFORK);
	madvise(p, 4 * 4096, MADV_DOFORK);
	madvise(p, 4 * 4096, MADV_HUGEPAGE);
	madvise(p, 4 * 4096, MADV_FREE);
	mlock(p, 4096);
	munlock(p, 4096);
	mlock2(p, 4096, MLOCK_ONFAULT);
	munlock(p, 4096);
	mlockall(MCL_CURRENT | MCL_FUTURE | MCL_ONFAULT);
	munlockall();
	q = mremap(p, 4 * 4096, 8 * 4096, MREMAP_MAYMOVE);
	q = mremap(q, 8 * 4096, 4 * 4096, 0);
	p = mmap(NULL, 16 * 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS |
		 MAP_NORESERVE, -1, 0);
	q = mremap(q, 4 * 4096, 4 * 4096, MREMAP_MAYMOVE | MREMAP_FIXED,
		   p + 8 * 4096);
	munmap(p, 8 * 4096);
	munmap(q, 4 * 4096);
	p = mmap(NULL, 4096, PROT_READ, MAP_SHARED | MAP_ANONYMOUS |
		 MAP_POPULATE, -1, 0);
	munmap(p, 4096);
	p = mmap(NULL, 2 * 4096, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_STACK | MAP_GROWSDOWN, -1, 0);
	munmap(p, 2 * 4096);
	mmap(NULL, 0, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	mmap(NULL, 4096, PROT_READ, MAP_SHARED, 99, 0);
	munmap((void *)4095, 4096);

	fd = open("m.bin", O_RDWR | O_CREAT | O_TRUNC, 0600);
	(void)!ftruncate(fd, 2 * 4096);
	f = mmap(NULL, 2 * 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	memcpy(f, "mapped", 6);
	msync(f, 4096, MS_SYNC);
	msync(f, 4096, MS_ASYNC | MS_INVALIDATE);
	munmap(f, 2 * 4096);
	f = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 4096);
	munmap(f, 4096);
	close(fd);
	unlink("m.bin");

	p = sbrk(0);
	(void)!brk(p + 8192);
	(void)!brk(p);

	id = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600);
	p = shmat(id, NULL, SHM_RDONLY);
	shmdt(p);
	shmctl(id, IPC_RMID, NULL);

	syscall(SYS_membarrier, MEMBARRIER_CMD_QUERY, 0);
	syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0);
	syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0);
	return 0;
}
