// SPDX-License-Identifier: GPL-2.0-or-later
/* one function per file: the unwinder must cross each call */
#include <sys/syscall.h>
#include <unistd.h>
int f3(int x);

int f3(int x)
{
	/* the + x after the call keeps it from being a tail call */
	return (int)syscall(SYS_getppid) + x;
}
