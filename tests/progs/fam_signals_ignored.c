// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_signals.sh: signals the process ignores,
 * which the kernel drops as they are sent (a traced-by-ptrace process
 * gets them: strace shows each).  SIGPIPE set to SIG_IGN, raised by a
 * write to a pipe with no reader (EPIPE); SIGCHLD at its default
 * (ignore) disposition, from a child that exits 7 and one killed by
 * SIGKILL (each sleeps 300 ms, then runs sh, so that the parent is in
 * wait4 when it ends and the signal comes after that call in both
 * traces: without the sleep, a parent kept off its CPU for the time sh
 * takes on a loaded machine reached its wait4 after the child's end, and
 * both tracers then show the signal before it); SIGWINCH and SIGURG at
 * their default, SIGUSR1 at SIG_IGN,
 * sent to itself by kill and tgkill; an ignored signal sent while
 * blocked stays pending and is delivered (and ignored) when unblocked.
 * Same calls every run; exits 0.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/*
 * sh -c CMD, path and argv on the child's stack: after fork the child has
 * no page table entries for the literals' file pages until it touches
 * them, and the kernel's copy cannot fault them in
 */
static void run_sh(const char *cmd)
{
	char path[] = "/bin/sh", a0[] = "sh", a1[] = "-c", a2[64];
	char *const av[] = { a0, a1, a2, NULL };
	struct timespec ts = { 0, 300 * 1000 * 1000 };

	nanosleep(&ts, NULL);

	strncpy(a2, cmd, sizeof(a2) - 1);
	a2[sizeof(a2) - 1] = '\0';
	execve(path, av, environ);
	_exit(127);
}

int main(void)
{
	sigset_t set;
	int p[2], st;
	char x = 'x';	/* (on the stack: a page already in memory) */
	pid_t pid;

	signal(SIGPIPE, SIG_IGN);
	if (pipe(p))
		return 1;
	close(p[0]);
	if (write(p[1], &x, 1) != -1)
		return 1;
	close(p[1]);

	pid = fork();
	if (pid == 0)
		run_sh("exit 7");
	waitpid(pid, &st, 0);
	pid = fork();
	if (pid == 0)
		run_sh("kill -KILL $$");
	waitpid(pid, &st, 0);

	kill(getpid(), SIGWINCH);
	syscall(SYS_tgkill, getpid(), syscall(SYS_gettid), SIGURG);
	signal(SIGUSR1, SIG_IGN);
	kill(getpid(), SIGUSR1);

	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigprocmask(SIG_BLOCK, &set, NULL);
	kill(getpid(), SIGUSR1);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	return 0;
}
