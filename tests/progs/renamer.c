// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee: N getppid() calls, then (unless NAME is "-") prctl(PR_SET_NAME,
 * NAME), then M getppid() calls; exit 0.  For --comm: a task that is
 * selected by its name from its exec, or from its renaming on.
 * usage: renamer N NAME M
 */
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long n, m;

	if (argc != 4)
		return 2;
	n = atol(argv[1]);
	m = atol(argv[3]);
	for (long i = 0; i < n; i++)
		syscall(SYS_getppid);
	if (strcmp(argv[2], "-"))
		prctl(PR_SET_NAME, argv[2], 0, 0, 0);
	for (long i = 0; i < m; i++)
		syscall(SYS_getppid);
	return 0;
}
