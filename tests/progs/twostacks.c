// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for stacks under load: N turns (default 20000) of
 *   in_a() -> syscall(SYS_getppid)     then     in_b() -> syscall(SYS_getuid)
 * so every getppid has a stack through in_a and every getuid one through
 * in_b, and nothing else differs.  usage: twostacks [N]
 */
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

__attribute__((noinline)) long in_a(void);
__attribute__((noinline)) long in_b(void);

__attribute__((noinline)) long in_a(void)
{
	/* the + 1 after the call keeps it from being a tail call */
	return syscall(SYS_getppid) + 1;
}

__attribute__((noinline)) long in_b(void)
{
	return syscall(SYS_getuid) + 1;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 20000, s = 0;

	for (long i = 0; i < n; i++)
		s += in_a() + in_b();
	return s == 0;
}
