// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/select_fdtable.sh: select reads an fd set only up
 * to the caller's fd table size.  With every fd past 2 closed, a forked
 * child's table is 64 fds (the kernel sizes a copy by the open fds): its
 * select(128, [0 65]) reads fd 0 alone.  Grown by dup2(0, 100), the
 * table holds 128 and the same call reads fd 65 too (not open: EBADF).
 * stdin must be readable at once (/dev/null).  Exits 0.
 */
#define _GNU_SOURCE
#include <sys/select.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static long sel(void)
{
	unsigned long rd[2] = { 1UL, 1UL << 1 };
	struct timeval tv = { 0, 0 };

	return syscall(SYS_select, 128, rd, 0, 0, &tv);
}

int main(void)
{
	int st;
	pid_t pid;

	if (syscall(SYS_close_range, 3, ~0U, 0))
		return 1;
	pid = fork();
	if (pid < 0)
		return 1;
	if (pid == 0) {
		sel();
		if (dup2(0, 100) != 100)
			_exit(1);
		close(100);
		sel();
		_exit(0);
	}
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
		return 1;
	return WEXITSTATUS(st);
}
