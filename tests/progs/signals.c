// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee: signal syscalls, no timers that could fire (nothing depends on
 * timing):
 *   - rt_sigaction: a handler for SIGUSR1 and SIGUSR2; SIGPIPE ignored
 *   - raise(SIGUSR1): the handler runs (a getppid in it), rt_sigreturn
 *   - sigprocmask: block SIGUSR2, kill(getpid(), SIGUSR2), sigpending
 *     (it is pending), unblock: the handler runs then, rt_sigreturn
 *   - kill(getpid(), 0) = 0; kill(pid 0x3fffffff, 0) = -1 ESRCH
 *   - sigaltstack set and query
 *   - alarm(100) = 0 then alarm(0) = 100 (cancelled long before it fires)
 *   - tgkill(getpid(), gettid(), SIGUSR1): handler
 * Exits 0, or 1 if the handlers did not run as expected.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static volatile sig_atomic_t got1, got2;

static void on_usr1(int sig)
{
	got1++;
	syscall(SYS_getppid);	/* a call made inside the handler */
}

static void on_usr2(int sig)
{
	got2++;
}

int main(void)
{
	static char altstack[1 << 16];
	struct sigaction sa;
	sigset_t set, pend;
	stack_t ss, old;
	int bad = 0;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sigemptyset(&sa.sa_mask);
	bad |= sigaction(SIGUSR1, &sa, NULL) != 0;
	sa.sa_handler = on_usr2;
	bad |= sigaction(SIGUSR2, &sa, NULL) != 0;
	signal(SIGPIPE, SIG_IGN);

	raise(SIGUSR1);
	bad |= got1 != 1;

	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	bad |= sigprocmask(SIG_BLOCK, &set, NULL) != 0;
	bad |= kill(getpid(), SIGUSR2) != 0;
	bad |= got2 != 0;
	bad |= sigpending(&pend) != 0;
	bad |= !sigismember(&pend, SIGUSR2);
	bad |= sigprocmask(SIG_UNBLOCK, &set, NULL) != 0;
	bad |= got2 != 1;

	bad |= kill(getpid(), 0) != 0;
	bad |= kill(0x3fffffff, 0) != -1;

	memset(&ss, 0, sizeof(ss));
	ss.ss_sp = altstack;
	ss.ss_size = sizeof(altstack);
	bad |= sigaltstack(&ss, NULL) != 0;
	bad |= sigaltstack(NULL, &old) != 0;
	bad |= old.ss_size != sizeof(altstack);

	bad |= alarm(100) != 0;
	bad |= alarm(0) != 100;

	bad |= syscall(SYS_tgkill, getpid(), syscall(SYS_gettid), SIGUSR1) != 0;
	bad |= got1 != 2;
	exit(bad);
}
