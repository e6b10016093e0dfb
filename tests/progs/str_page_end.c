// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/str_page_end.sh: strings that run into a page
 * that faults, with no NUL before it.  A name of 33 bytes before the page
 * (more than -s 32 shows) prints as 32 and "..."; one of 20 is unreadable
 * (the address); a path of PATH_MAX bytes shows PATH_MAX - 1 and "...";
 * a NUL-terminated string at the very end prints whole.  Exits 0.
 */
#define _GNU_SOURCE
#include <limits.h>
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
	return 0;
}
