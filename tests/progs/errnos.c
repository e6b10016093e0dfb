// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee: calls that fail with known errnos among N successful ones,
 * for --errno and -Z: per round, getppid() N times, openat of a missing
 * file (ENOENT), close(9999) (EBADF), kill(0x3fffffff, 0) (ESRCH),
 * mkdir("/") (EEXIST); 3 rounds.  usage: errnos [N]
 */
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 10;

	for (int r = 0; r < 3; r++) {
		for (long i = 0; i < n; i++)
			syscall(SYS_getppid);
		syscall(SYS_openat, AT_FDCWD, "/nonexistent-et16", O_RDONLY);
		syscall(SYS_close, 9999);
		syscall(SYS_kill, 0x3fffffff, 0);
		syscall(SYS_mkdir, "/", 0755);
	}
	return 0;
}
