// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_procs.sh: execveat.  Calls that fail (a
 * missing file, a bad directory fd, AT_EMPTY_PATH on a directory, bad
 * flags), then one that succeeds: the program executes itself through
 * an fd of its own file (AT_EMPTY_PATH), and the new image, given
 * "again", exits 0 at once.  strace prints the successful call whole,
 * "= 0", in the task that made it.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "fam.h"

int main(int argc, char **argv)
{
	char *again[] = { argv[0], "again", NULL };
	char *envp[] = { "A=1", NULL };
	int self;

	if (argc > 1 && !strcmp(argv[1], "again"))
		return 0;
	sc(SYS_execveat, AT_FDCWD, (long)"/nonexistent/x", (long)again,
	   (long)envp, 0, 0);
	sc(SYS_execveat, 12345, (long)"x", (long)again, (long)envp, 0, 0);
	sc(SYS_execveat, AT_FDCWD, (long)"", (long)again, (long)envp,
	   AT_EMPTY_PATH, 0);
	sc(SYS_execveat, AT_FDCWD, (long)argv[0], (long)again, (long)envp,
	   0x80000000, 0);
	self = open(argv[0], O_RDONLY | O_CLOEXEC);
	if (self < 0)
		return 1;
	sc(SYS_execveat, self, (long)"", (long)again, (long)envp,
	   AT_EMPTY_PATH, 0);
	return 1;
}
