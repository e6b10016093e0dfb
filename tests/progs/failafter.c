// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The flight recorder's workload: N successful getppid() calls (default
 * 1,000,000), then one failing openat("/nonexistent") (M of them: one
 * after each N calls), then exit 1.
 * usage: failafter [N [M]]
 */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000000;
	long m = argc > 2 ? atol(argv[2]) : 1;

	for (long k = 0; k < m; k++) {
		for (long i = 0; i < n; i++)
			syscall(SYS_getppid);
		syscall(SYS_openat, AT_FDCWD, "/nonexistent", O_RDONLY);
	}
	return 1;
}
