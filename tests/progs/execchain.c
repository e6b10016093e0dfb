// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * execchain N: a getppid, then execs itself (/proc/self/exe) with N - 1,
 * down to 0: N + 1 programs in one process, one after the other, each a
 * new layout of code (the same files, loaded elsewhere: ASLR), and no
 * file that etrace did not see before the trace (the command's own,
 * libc's, the loader's).
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 0;
	char arg[16];

	getppid();
	if (n <= 0)
		return 0;
	snprintf(arg, sizeof(arg), "%d", n - 1);
	execl("/proc/self/exe", argv[0], arg, (char *)NULL);
	return 127;
}
