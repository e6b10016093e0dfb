// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee: process syscalls, deterministic in number and results.
 *   - getpid, getppid, gettid, getuid, geteuid, getgid, getegid, getpgrp,
 *     getsid(0), umask twice (the second returns the first's mask: 027)
 *   - fork; the child runs /bin/true with execve; the parent wait4s it
 *   - fork; the child _exit(7)s; the parent waitpid()s it (wait4)
 *   - pipe; a child writes 5 bytes and exits 0; the parent reads them
 *     (a byte at a time: 5 reads, then a 6th at EOF) and waits
 *   - kill(getpid(), 0) = 0
 * Exits 0, or 1 if something was not as expected.  Writes nothing.
 */
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void)
{
	char *const argv_true[] = { "/bin/true", NULL };
	char *const envp[] = { "PATH=/bin:/usr/bin", NULL };
	int bad = 0, st, pfd[2];
	pid_t c;
	char ch;

	getpid();
	getppid();
	syscall(SYS_gettid);
	getuid();
	geteuid();
	getgid();
	getegid();
	getpgrp();
	getsid(0);
	umask(027);
	bad |= umask(022) != 027;

	c = fork();
	if (c == 0) {
		execve("/bin/true", argv_true, envp);
		_exit(127);
	}
	bad |= wait4(c, &st, 0, NULL) != c;
	bad |= !WIFEXITED(st) || WEXITSTATUS(st) != 0;

	c = fork();
	if (c == 0)
		_exit(7);
	bad |= waitpid(c, &st, 0) != c;
	bad |= !WIFEXITED(st) || WEXITSTATUS(st) != 7;

	bad |= pipe(pfd) != 0;
	c = fork();
	if (c == 0) {
		close(pfd[0]);
		if (write(pfd[1], "hello", 5) != 5)
			_exit(1);
		_exit(0);
	}
	close(pfd[1]);
	for (int i = 0; i < 5; i++)
		bad |= read(pfd[0], &ch, 1) != 1;
	bad |= read(pfd[0], &ch, 1) != 0;	/* EOF once the child is gone */
	close(pfd[0]);
	bad |= waitpid(c, &st, 0) != c;
	bad |= !WIFEXITED(st) || WEXITSTATUS(st) != 0;

	bad |= kill(getpid(), 0) != 0;
	exit(bad);
}
