// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_signals.sh: the signal family.
 * rt_sigaction (handlers, SA_* flags, SIG_IGN/SIG_DFL, reading back),
 * rt_sigprocmask, raise (tgkill), kill, tgkill, tkill, sigaltstack with an
 * SA_ONSTACK handler, signalfd4 and a read of it, rt_sigtimedwait,
 * rt_sigpending, rt_sigqueueinfo (sigqueue), rt_sigsuspend, pause ended
 * by alarm, SIGCHLD from a child.  Same calls every run; exits 0.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t got;

static void on(int sig)
{
	got = sig;
}

static void on_info(int sig, siginfo_t *si, void *uc)
{
	(void)si;
	(void)uc;
	got = sig;
}

int main(void)
{
	struct sigaction sa, old;
	sigset_t set, oset;
	stack_t ss, oss;
	struct signalfd_siginfo fdsi;
	struct timespec ts = { 0, 1000000 };
	siginfo_t si;
	union sigval sv;
	int fd, st;
	pid_t c;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on;
	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGUSR2);
	sa.sa_flags = SA_RESTART;
	sigaction(SIGUSR1, &sa, &old);
	sigaction(SIGUSR1, NULL, &old);
	sa.sa_sigaction = on_info;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigfillset(&sa.sa_mask);
	sigaction(SIGUSR2, &sa, NULL);
	sa.sa_handler = SIG_IGN;
	sa.sa_flags = 0;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGPIPE, &sa, NULL);
	sa.sa_handler = SIG_DFL;
	sigaction(SIGPIPE, &sa, &old);
	signal(SIGHUP, SIG_IGN);
	signal(SIGHUP, SIG_DFL);

	raise(SIGUSR1);
	kill(getpid(), SIGUSR2);
	syscall(SYS_tgkill, getpid(), syscall(SYS_gettid), SIGUSR1);
	syscall(SYS_tkill, syscall(SYS_gettid), SIGUSR1);
	kill(getpid(), 0);

	/* masks */
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGTERM);
	sigprocmask(SIG_BLOCK, &set, &oset);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	sigprocmask(SIG_SETMASK, NULL, &oset);
	sigfillset(&set);
	sigprocmask(SIG_BLOCK, &set, &oset);
	sigprocmask(SIG_SETMASK, &oset, NULL);

	/* alternate stack */
	ss.ss_sp = malloc(SIGSTKSZ * 4);
	ss.ss_size = SIGSTKSZ * 4;
	ss.ss_flags = 0;
	sigaltstack(&ss, &oss);
	sigaltstack(NULL, &oss);
	sa.sa_handler = on;
	sa.sa_flags = SA_ONSTACK;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGWINCH, &sa, NULL);
	raise(SIGWINCH);

	/* pending, timed wait, queued */
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	sigaddset(&set, SIGRTMIN);
	sigprocmask(SIG_BLOCK, &set, NULL);
	raise(SIGUSR1);
	sigpending(&oset);
	sigtimedwait(&set, &si, &ts);
	sigtimedwait(&set, &si, &ts);
	sv.sival_int = 42;
	sigqueue(getpid(), SIGRTMIN, sv);
	sigwaitinfo(&set, &si);

	/*
	 * signalfd; the signal read is queued with a fixed sender pid (a
	 * process may say anything about itself to itself), so the bytes
	 * read are the same every run
	 */
	fd = signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
	memset(&si, 0, sizeof(si));
	si.si_signo = SIGUSR1;
	si.si_code = SI_QUEUE;
	si.si_pid = 4321;
	si.si_uid = 0;
	syscall(SYS_rt_sigqueueinfo, getpid(), SIGUSR1, &si);
	(void)!read(fd, &fdsi, sizeof(fdsi));
	(void)!read(fd, &fdsi, sizeof(fdsi));
	close(fd);
	sigprocmask(SIG_UNBLOCK, &set, NULL);

	/* suspend until a child's SIGCHLD */
	sa.sa_handler = on;
	sa.sa_flags = 0;
	sigaction(SIGCHLD, &sa, NULL);
	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	sigprocmask(SIG_BLOCK, &set, &oset);
	c = fork();
	if (c == 0)
		_exit(0);
	sigsuspend(&oset);
	sigprocmask(SIG_SETMASK, &oset, NULL);
	waitpid(c, &st, 0);

	/* pause, ended by SIGALRM */
	sa.sa_handler = on;
	sigaction(SIGALRM, &sa, NULL);
	alarm(1);
	pause();
	alarm(0);
	return 0;
}
