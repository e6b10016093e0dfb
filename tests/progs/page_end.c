// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/page_end.sh: memory that ends where a page that
 * faults begins.  Strings with no NUL before that page: a name of 33
 * bytes (more than -s 32 shows) prints as 32 and "..."; one of 20 is
 * unreadable (the address); a path of PATH_MAX bytes shows PATH_MAX - 1
 * and "..."; a NUL-terminated string at the very end prints whole.  A
 * CPU set of 8 bytes, the last of the mapping: what the call wrote.
 * Exits 0.
 */
#define _GNU_SOURCE
#include <limits.h>
#include <sched.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(void)
{
	char *p = mmap(NULL, 2 * 4096, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
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
	return 0;
}
