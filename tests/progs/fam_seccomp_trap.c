// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_seccomp.sh: SECCOMP_RET_TRAP and
 * SECCOMP_RET_KILL_PROCESS.  A trapped call is skipped (no sys_enter,
 * an exit with the call's own number as its value, the kernel rolls ax
 * back) and SIGSYS is delivered to the handler; a killed one is skipped
 * and the process dies of a SIGSYS no tracer is shown (strace prints no
 * signal line, only "+++ killed by SIGSYS +++").  No core file: its
 * limit is 0.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <sys/resource.h>

#include "fam_seccomp.h"

static void on_sys(int sig)
{
	(void)sig;
}

int main(void)
{
	struct sock_filter f[] = {
		LOAD_NR,
		RULE(SYS_getppid, SECCOMP_RET_TRAP | 7),
		RULE(SYS_setpgid, SECCOMP_RET_KILL_PROCESS),
		ALLOW,
	};
	struct rlimit none = { 0, 0 };
	struct sigaction sa = { 0 };

	sa.sa_handler = on_sys;
	if (setrlimit(RLIMIT_CORE, &none) || sigaction(SIGSYS, &sa, NULL))
		return 1;
	if (fam_seccomp(f, sizeof(f) / sizeof(f[0])))
		return 1;
	sc(SYS_getppid, 0, 0, 0, 0, 0, 0);
	sc(SYS_getpid, 0, 0, 0, 0, 0, 0);
	sc(SYS_setpgid, 0, 0, 0, 0, 0, 0);
	return 0;
}
