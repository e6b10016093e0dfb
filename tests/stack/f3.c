// SPDX-License-Identifier: GPL-2.0-or-later
/* one function per file: the unwinder must cross each call */
#include <sys/syscall.h>
#include <unistd.h>
int f3(int x);

int f3(int x)
{
#ifdef RAW_SYSCALL
	/*
	 * the syscall instruction in the program itself: the innermost
	 * frame is the program's, and the stack goes back to it from libc
	 * (main, __libc_start_call_main, _start)
	 */
	long r;

	__asm__ volatile("syscall" : "=a"(r) : "0"((long)SYS_getppid)
			 : "rcx", "r11", "memory");
	return (int)r + x;
#else
	/* the + x after the call keeps it from being a tail call */
	return (int)syscall(SYS_getppid) + x;
#endif
}
