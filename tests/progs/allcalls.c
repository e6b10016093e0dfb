// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for the %class selections: every x86_64 syscall from 0 to 450
 * (the last one strace 6.1 knows) once, each argument -1: a bad fd, a bad
 * pointer, a bad flag or size, so that each call fails at once and
 * changes nothing (the few that succeed only read, or make an fd).  Left
 * out: those that would end, stop, fork or crash the process or hang up
 * its terminal (exit, exit_group, fork, vfork, clone, rt_sigreturn,
 * pause, vhangup, reboot, uretprobe, uprobe); and 337 to 423, numbers no
 * x86_64 syscall has (strace traces unknown numbers whatever the class).
 * msgget gets flags 0: with -1's IPC_CREAT it would make a queue.
 */
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

static int skipped(long nr)
{
	switch (nr) {
	case SYS_exit: case SYS_exit_group: case SYS_fork: case SYS_vfork:
	case SYS_clone: case SYS_rt_sigreturn: case SYS_pause:
	case SYS_vhangup: case SYS_reboot: case 335: case 336:
		return 1;
	}
	return 0;
}

int main(void)
{
	for (long nr = 0; nr <= 450; nr++) {
		if (skipped(nr) || (nr >= 337 && nr <= 423))
			continue;
		if (nr == SYS_msgget)
			syscall(nr, -1L, 0L);
		else
			syscall(nr, -1L, -1L, -1L, -1L, -1L, -1L);
	}
	return 0;
}
