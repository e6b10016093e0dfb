// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/flags_decode_pids.sh (-Y): pids of tasks alive,
 * a zombie, reaped and never born, in arguments, returns and siginfo.
 * getpid, getppid (the tracer), gettid; a child forked, named by kill and
 * tgkill while it waits on a pipe; released, it exits 3 and stays a
 * zombie, seen by waitid(WNOWAIT) (si_pid) and kill; wait4 reaps it,
 * after which kill fails with ESRCH.  SIGCHLD is blocked: its line would
 * come at a moment that differs between tracers.  Exits 0.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void)
{
	sigset_t chld;
	siginfo_t si;
	int p[2], st;
	pid_t k;
	char c = 'x';

	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, NULL);
	getpid();
	getppid();
	syscall(SYS_gettid);
	if (pipe(p))
		return 1;
	k = fork();
	if (k < 0)
		return 1;
	if (k == 0) {
		if (read(p[0], &c, 1) != 1)
			_exit(1);
		_exit(3);
	}
	kill(k, 0);
	syscall(SYS_tgkill, k, k, 0);
	if (write(p[1], &c, 1) != 1)
		return 1;
	waitid(P_PID, (id_t)k, &si, WEXITED | WNOWAIT);
	kill(k, 0);
	wait4(k, &st, 0, NULL);
	kill(k, 0);
	return 0;
}
