// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_signals.sh, the edges of the signal
 * decoders (fam_signals.c makes the ordinary calls): every SA_* flag,
 * masks with real-time signals, bad signal numbers (0, 65, huge), bad
 * "how" and sigset sizes, NULL, an unmapped address (BAD) and a kernel
 * address (KBAD) for every pointer, siginfo of each si_code kind the
 * caller may queue, sigaltstack flags, signalfd flags.  Signals are sent
 * only while blocked (taken back with sigtimedwait), so each lands at the
 * same point every run; exits 0.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "fam.h"

static void on(int sig)
{
	(void)sig;
}

/* the kernel's struct sigaction, so each field is the test's choice */
struct ksa {
	void *handler;
	unsigned long flags;
	void *restorer;
	unsigned long mask;
};

int main(void)
{
	struct ksa ka, ko;
	unsigned long set, old;
	struct timespec ts = { 0, 0 };
	siginfo_t si;
	stack_t ss, oss;
	char stack[16384];
	int fd;

	/* sigaction: each flag, NULL, bad pointers, bad signals and sizes */
	memset(&ka, 0, sizeof(ka));
	ka.handler = (void *)on;
	ka.flags = SA_NOCLDSTOP | SA_NOCLDWAIT | SA_SIGINFO | SA_ONSTACK |
		   SA_RESTART | SA_NODEFER | SA_RESETHAND | 0x04000000;
	ka.mask = 1UL << (SIGRTMIN + 2 - 1) | 1UL << (SIGHUP - 1);
	sc(SYS_rt_sigaction, SIGUSR1, (long)&ka, (long)&ko, 8, 0, 0);
	ka.flags = 0x80000000;
	ka.mask = ~0UL;
	sc(SYS_rt_sigaction, SIGUSR1, (long)&ka, (long)&ko, 8, 0, 0);
	ka.handler = (void *)SIG_IGN;
	ka.mask = ~0UL & ~(1UL << (SIGKILL - 1));
	sc(SYS_rt_sigaction, SIGUSR2, (long)&ka, 0, 8, 0, 0);
	ka.handler = (void *)SIG_DFL;
	ka.flags = 0;
	ka.mask = 0;
	sc(SYS_rt_sigaction, SIGUSR2, (long)&ka, (long)&ko, 8, 0, 0);
	sc(SYS_rt_sigaction, SIGUSR2, 0, 0, 8, 0, 0);
	sc(SYS_rt_sigaction, SIGUSR2, (long)BAD, (long)&ko, 8, 0, 0);
	sc(SYS_rt_sigaction, SIGUSR2, (long)&ka, (long)BAD, 8, 0, 0);
	sc(SYS_rt_sigaction, SIGUSR2, (long)KBAD, 0, 8, 0, 0);
	sc(SYS_rt_sigaction, SIGKILL, (long)&ka, 0, 8, 0, 0);
	sc(SYS_rt_sigaction, 0, (long)&ka, 0, 8, 0, 0);
	sc(SYS_rt_sigaction, 65, (long)&ka, 0, 8, 0, 0);
	sc(SYS_rt_sigaction, 0x7fffffff, (long)&ka, 0, 8, 0, 0);
	sc(SYS_rt_sigaction, SIGRTMIN + 5, (long)&ka, 0, 8, 0, 0);
	sc(SYS_rt_sigaction, SIGUSR2, (long)&ka, 0, 4, 0, 0);
	sc(SYS_rt_sigaction, SIGUSR2, (long)&ka, 0, 0x1000, 0, 0);

	/* sigprocmask: each how, bad ones, NULL, bad pointers and sizes */
	set = 1UL << (SIGUSR1 - 1) | 1UL << (SIGRTMIN - 1) | 1UL << (64 - 1);
	sc(SYS_rt_sigprocmask, SIG_BLOCK, (long)&set, (long)&old, 8, 0, 0);
	sc(SYS_rt_sigprocmask, SIG_UNBLOCK, (long)&set, 0, 8, 0, 0);
	sc(SYS_rt_sigprocmask, SIG_SETMASK, 0, (long)&old, 8, 0, 0);
	sc(SYS_rt_sigprocmask, 3, (long)&set, 0, 8, 0, 0);
	sc(SYS_rt_sigprocmask, -1, (long)&set, 0, 8, 0, 0);
	sc(SYS_rt_sigprocmask, SIG_BLOCK, (long)BAD, 0, 8, 0, 0);
	sc(SYS_rt_sigprocmask, SIG_BLOCK, 0, (long)BAD, 8, 0, 0);
	sc(SYS_rt_sigprocmask, SIG_BLOCK, (long)&set, 0, 4, 0, 0);
	sc(SYS_rt_sigprocmask, SIG_BLOCK, (long)&set, 0, 16, 0, 0);
	set = ~0UL;
	sc(SYS_rt_sigprocmask, SIG_BLOCK, (long)&set, (long)&old, 8, 0, 0);
	sc(SYS_rt_sigprocmask, SIG_SETMASK, (long)&old, 0, 8, 0, 0);

	/* pending, kill: signal 0, bad signals, bad pids */
	sc(SYS_rt_sigpending, (long)&set, 8, 0, 0, 0, 0);
	sc(SYS_rt_sigpending, 0, 8, 0, 0, 0, 0);
	sc(SYS_rt_sigpending, (long)BAD, 8, 0, 0, 0, 0);
	sc(SYS_rt_sigpending, (long)&set, 16, 0, 0, 0, 0);
	kill(0x7fffffff, 0);
	kill(getpid(), 65);
	kill(getpid(), -1);
	kill(0, 0);
	kill(-1, 0x7fffffff);
	sc(SYS_tkill, -1, SIGUSR1, 0, 0, 0, 0);
	sc(SYS_tgkill, getpid(), -1, SIGUSR1, 0, 0, 0);
	sc(SYS_tgkill, getpid(), getpid(), 99, 0, 0, 0);

	/*
	 * queued signals, blocked first, taken back with sigtimedwait: each
	 * si_code a process may queue to itself, with and without a value
	 */
	sigemptyset((sigset_t *)&set);
	set = 1UL << (SIGUSR1 - 1) | 1UL << (SIGRTMIN + 1 - 1);
	sc(SYS_rt_sigprocmask, SIG_BLOCK, (long)&set, 0, 8, 0, 0);
	memset(&si, 0, sizeof(si));
	si.si_signo = SIGUSR1;
	si.si_code = SI_QUEUE;
	si.si_pid = 4321;
	si.si_uid = 1000;
	si.si_value.sival_int = 7;
	sc(SYS_rt_sigqueueinfo, getpid(), SIGUSR1, (long)&si, 0, 0, 0);
	sc(SYS_rt_sigtimedwait, (long)&set, (long)&si, (long)&ts, 8, 0, 0);
	memset(&si, 0, sizeof(si));
	si.si_signo = SIGRTMIN + 1;
	si.si_code = SI_TIMER;
	si.si_value.sival_ptr = BAD;
	sc(SYS_rt_sigqueueinfo, getpid(), SIGRTMIN + 1, (long)&si, 0, 0, 0);
	sc(SYS_rt_sigtimedwait, (long)&set, (long)&si, (long)&ts, 8, 0, 0);
	memset(&si, 0, sizeof(si));
	si.si_signo = SIGUSR1;
	si.si_code = SI_MESGQ;
	si.si_pid = 1;
	sc(SYS_rt_tgsigqueueinfo, getpid(), getpid(), SIGUSR1, (long)&si, 0, 0);
	sc(SYS_rt_sigtimedwait, (long)&set, 0, (long)&ts, 8, 0, 0);
	memset(&si, 0, sizeof(si));
	si.si_signo = SIGUSR1;
	si.si_code = SI_ASYNCIO;
	sc(SYS_rt_sigqueueinfo, getpid(), SIGUSR1, (long)&si, 0, 0, 0);
	sc(SYS_rt_sigtimedwait, (long)&set, (long)&si, 0, 8, 0, 0);
	si.si_code = -60;
	sc(SYS_rt_sigqueueinfo, getpid(), SIGUSR1, (long)&si, 0, 0, 0);
	sc(SYS_rt_sigtimedwait, (long)&set, (long)&si, (long)&ts, 8, 0, 0);
	sc(SYS_rt_sigqueueinfo, getpid(), SIGUSR1, 0, 0, 0, 0);
	sc(SYS_rt_sigqueueinfo, getpid(), SIGUSR1, (long)BAD, 0, 0, 0);
	si.si_code = SI_USER;
	sc(SYS_rt_sigqueueinfo, 1, SIGUSR1, (long)&si, 0, 0, 0);
	/* nothing pending: the wait times out at once */
	sc(SYS_rt_sigtimedwait, (long)&set, (long)&si, (long)&ts, 8, 0, 0);
	sc(SYS_rt_sigtimedwait, (long)BAD, 0, (long)&ts, 8, 0, 0);
	sc(SYS_rt_sigtimedwait, (long)&set, 0, (long)BAD, 8, 0, 0);
	ts.tv_nsec = 1000000000;
	sc(SYS_rt_sigtimedwait, (long)&set, 0, (long)&ts, 8, 0, 0);
	ts.tv_nsec = 0;
	sc(SYS_rt_sigtimedwait, (long)&set, 0, (long)&ts, 4, 0, 0);

	/* signalfd: flags, bad masks and sizes */
	fd = sc(SYS_signalfd4, -1, (long)&set, 8, SFD_NONBLOCK, 0, 0);
	sc(SYS_signalfd4, fd, (long)&set, 8, 0, 0, 0);
	close(fd);
	sc(SYS_signalfd4, -1, (long)&set, 8, 0xff, 0, 0);
	sc(SYS_signalfd4, -1, (long)BAD, 8, 0, 0, 0);
	sc(SYS_signalfd4, -1, (long)&set, 4, 0, 0, 0);
	sc(SYS_signalfd4, 0, (long)&set, 8, SFD_CLOEXEC, 0, 0);
	sc(SYS_signalfd, -1, (long)&set, 8, 0, 0, 0);

	/* sigaltstack: each flag, NULL, bad */
	ss.ss_sp = stack;
	ss.ss_size = sizeof(stack);
	ss.ss_flags = 0;
	sigaltstack(&ss, NULL);
	sigaltstack(NULL, &ss);
	ss.ss_flags = SS_DISABLE;
	sigaltstack(&ss, &oss);
	ss.ss_flags = 1U << 31;	/* SS_AUTODISARM */
	ss.ss_sp = stack;
	ss.ss_size = sizeof(stack);
	sigaltstack(&ss, NULL);
	ss.ss_flags = SS_ONSTACK | 0x10;
	sigaltstack(&ss, NULL);
	ss.ss_flags = 0;
	ss.ss_size = 1;
	sigaltstack(&ss, NULL);
	sigaltstack(BAD, NULL);
	sigaltstack(NULL, BAD);
	ss.ss_flags = SS_DISABLE;
	sigaltstack(&ss, NULL);

	/* suspend: bad masks and sizes (fails at once) */
	sc(SYS_rt_sigsuspend, (long)BAD, 8, 0, 0, 0, 0);
	sc(SYS_rt_sigsuspend, (long)&set, 4, 0, 0, 0, 0);
	sc(SYS_pidfd_send_signal, -1, SIGUSR1, 0, 0, 0, 0);
	sc(SYS_pidfd_send_signal, 0, 0, (long)BAD, 0xff, 0, 0);
	return 0;
}
