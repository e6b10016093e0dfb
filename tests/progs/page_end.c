// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/page_end.sh: memory that ends where a page that
 * faults begins.  Strings with no NUL before that page: a name of 33
 * bytes (more than -s 32 shows) prints as 32 and "..."; one of 20 is
 * unreadable (the address); a path of PATH_MAX bytes shows PATH_MAX - 1
 * and "..."; a NUL-terminated string at the very end prints whole.  A
 * CPU set of 8 bytes, the last of the mapping: what the call wrote.
 * ppoll's nfds with garbage above its 32 bits, and a pollfd array whose
 * second element lies on the page that faults.  Exits 0.
 */
#define _GNU_SOURCE
#include <limits.h>
#include <poll.h>
#include <sched.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

int main(void)
{
	char *p = mmap(NULL, 2 * 4096, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	struct timespec ts = { 0, 0 };
	struct pollfd *pf;
	char *end;

	if (p == MAP_FAILED || munmap(p + 4096, 4096))
		return 1;
	end = p + 4096;
	memset(p, '/', 4096);
	syscall(SYS_chdir, p);
	memcpy(end - 33, "0123456789:;<=>?@ABCDEFGHIJKLMNOP", 33);
	syscall(SYS_delete_module, end - 33, 0);
	syscall(SYS_delete_module, end - 20, 0);
	end[-1] = '\0';
	syscall(SYS_delete_module, end - 20, 0);
	syscall(SYS_chdir, end - 20);
	syscall(SYS_sched_getaffinity, 0, 8, end - 8);
	/* the kernel reads nfds as 32 bits: 2 here, the rest is garbage */
	pf = (struct pollfd *)(end - 2 * sizeof(*pf));
	pf[0].fd = 0;
	pf[0].events = POLLIN;
	pf[1].fd = 1;
	pf[1].events = POLLOUT;
	syscall(SYS_ppoll, pf, 0xffffffff00000002ULL, &ts, NULL, 8);
	/* the second element lies on the page that faults */
	syscall(SYS_poll, pf + 1, 2, 0);
	return 0;
}
