// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee: system calls given string literals whose pages are not in the
 * process's page tables when the call begins, as in a fresh fork child
 * or a program that never read that part of its .rodata.  A BPF copy at
 * syscall entry cannot fault pages in and fails there; strace reads them
 * (process_vm_readv faults them in).
 *
 *   write(4, "data", 4) = 4              (4: a pipe's write end)
 *   open("/nonexistent/untouched", O_RDONLY) = -1 ENOENT
 *   writev(4, [{iov_base="vector", iov_len=6}], 1) = 6
 *
 * Not touching a page is not enough: a read fault maps its neighbours
 * too (fault-around, whole large folios), so right before each call the
 * literal's page is dropped from the page tables (MADV_DONTNEED: the file
 * still holds it, the next read maps it again).  /proc/self/pagemap then
 * says whether the page is absent; after the calls one line per literal
 * says so on stdout ("absent" is what makes the test mean something).
 *
 *   untouched [fork]     fork: a child makes the calls, the parent waits
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

static int pm = -1;

/* drop p's page from the page tables; 1: it is still there, 0: gone */
static int drop(const void *p)
{
	uintptr_t psz = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t page = (uintptr_t)p & ~(psz - 1);
	uint64_t e;

	madvise((void *)page, psz, MADV_DONTNEED);
	if (pread(pm, &e, sizeof(e), (off_t)(page / psz * sizeof(e))) !=
	    (ssize_t)sizeof(e))
		return -1;
	return (int)(e >> 63);
}

int main(int argc, char **argv)
{
	static const char *const what[3] = { "write", "open", "writev" };
	static const char *const lit[3] = { "data", "/nonexistent/untouched",
					    "vector" };
	struct iovec iov;
	int fds[2], was[3];

	if (pipe(fds) || fds[1] != 4)
		return 1;
	if (argc > 1 && !strcmp(argv[1], "fork")) {
		pid_t pid = fork();
		int status;

		if (pid < 0)
			return 1;
		if (pid > 0)
			return waitpid(pid, &status, 0) != pid ||
			       !WIFEXITED(status) || WEXITSTATUS(status);
	}
	pm = open("/proc/self/pagemap", O_RDONLY);
	/* lit[] holds the literals' addresses; read here, not in between */
	was[0] = drop(lit[0]);
	syscall(SYS_write, 4, lit[0], 4);
	was[1] = drop(lit[1]);
	syscall(SYS_open, lit[1], O_RDONLY);
	iov.iov_base = (void *)lit[2];
	iov.iov_len = 6;
	was[2] = drop(lit[2]);
	syscall(SYS_writev, 4, &iov, 1);
	for (int i = 0; i < 3; i++)
		printf("%s: the page was %s before the call\n", what[i],
		       was[i] < 0 ? "(unknown: no pagemap)" :
		       was[i] ? "present" : "absent");
	return 0;
}
