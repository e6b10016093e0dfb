// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_seccomp.sh: calls a seccomp filter skips.
 * The kernel runs the filter before the sys_enter tracepoint, so such a
 * call has an exit and no entry; strace prints it whole, with its
 * arguments, and so must etrace.  The filter (installed with seccomp(2))
 * fails openat with EPERM, uname with EACCES, sched_yield with errno 0
 * (it "returns" 0), getpgid by SECCOMP_RET_TRACE with no tracer that
 * asked for it (ENOSYS); the others run.  A fork child inherits the
 * filter: its skipped calls too, after its own return from fork.  Exits 0.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/utsname.h>
#include <sys/wait.h>

#include "fam_seccomp.h"

int main(void)
{
	struct sock_filter f[] = {
		LOAD_NR,
		RULE(SYS_openat, SECCOMP_RET_ERRNO | EPERM),
		RULE(SYS_uname, SECCOMP_RET_ERRNO | EACCES),
		RULE(SYS_sched_yield, SECCOMP_RET_ERRNO | 0),
		RULE(SYS_getpgid, SECCOMP_RET_TRACE | 1),
		ALLOW,
	};
	/* on the stack, written: a page the program has touched */
	char path[32];
	struct utsname u;
	sigset_t chld;
	pid_t child;
	int status;

	strcpy(path, "/etc/hostname");
	if (fam_seccomp(f, sizeof(f) / sizeof(f[0])))
		return 1;
	/* prctl's filters that install nothing: no program, a hole */
	{
		struct sock_fprog none = { 0, f }, bad = { 2, NULL };

		prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &none, 0, 0);
		prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &bad, 0, 0);
		prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, NULL, 0, 0);
	}
	sc(SYS_openat, AT_FDCWD, (long)path, O_RDONLY | O_CLOEXEC, 0, 0, 0);
	sc(SYS_uname, (long)&u, 0, 0, 0, 0, 0);
	sc(SYS_getpid, 0, 0, 0, 0, 0, 0);
	sc(SYS_sched_yield, 0, 0, 0, 0, 0, 0);
	sc(SYS_getpgid, 0, 0, 0, 0, 0, 0);
	/* allowed calls between and after: their lines are unchanged */
	sc(SYS_close, -1, 0, 0, 0, 0, 0);
	/*
	 * SIGCHLD blocked until the child is reaped: its line then comes at
	 * the unblock in both traces, wherever the child's end falls
	 */
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, NULL);
	child = fork();
	if (child == 0) {
		sc(SYS_openat, AT_FDCWD, (long)path, O_WRONLY, 0, 0, 0);
		sc(SYS_uname, (long)&u, 0, 0, 0, 0, 0);
		_exit(0);
	}
	if (child < 0 || waitpid(child, &status, 0) != child)
		return 1;
	sigprocmask(SIG_UNBLOCK, &chld, NULL);
	sc(SYS_openat, AT_FDCWD, (long)path, O_RDONLY | O_DIRECTORY, 0, 0, 0);
	return 0;
}
