// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The flight recorder's workload: N successful getppid() calls (default
 * 1,000,000), then one failing openat("/nonexistent") (M of them: one
 * after each N calls), then exit 1.  With A: then A more getppid()
 * calls, a sleep of two seconds and one getpid() (a call surely more
 * than a second after the failure; --after's test).
 * usage: failafter [N [M [A]]]
 */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000000;
	long m = argc > 2 ? atol(argv[2]) : 1;
	long a = argc > 3 ? atol(argv[3]) : -1;
	struct timespec sec = { 2, 0 };

	for (long k = 0; k < m; k++) {
		for (long i = 0; i < n; i++)
			syscall(SYS_getppid);
		syscall(SYS_openat, AT_FDCWD, "/nonexistent", O_RDONLY);
	}
	if (a < 0)
		return 1;
	for (long i = 0; i < a; i++)
		syscall(SYS_getppid);
	nanosleep(&sec, NULL);
	syscall(SYS_getpid);
	return 1;
	return 1;
}
