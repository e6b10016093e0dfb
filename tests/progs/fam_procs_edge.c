// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_procs.sh, the edges of the process and
 * credential decoders (fam_procs.c makes the ordinary calls): each wait
 * option and idtype, clone and clone3 flags (CLONE_VFORK, CLONE_PIDFD,
 * CLONE_PARENT_SETTID, bad ones; no CLONE_VM, the child would run on our
 * stack), execve with NULL and bad argv/envp and an unreadable element,
 * rlimit resources, rusage who, priority which, sched policies, the
 * set*id calls with -1 and the ids we have, capget/capset versions,
 * personality flags, prctl options, kexec_load's and kexec_file_load's
 * arguments (each refused); NULL, an unmapped address (BAD) and a
 * kernel address (KBAD) for every pointer.  Children exit while SIGCHLD
 * is blocked, so every SIGCHLD lands at the same point (at the unblock):
 * vfork alone does not do it, the parent goes on when the child's memory
 * is released, before its exit sends SIGCHLD; exits 0.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/sched.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/personality.h>
#include <sys/prctl.h>
#include <sys/fsuid.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fam.h"

int main(void)
{
	struct rlimit rl;
	struct rusage ru;
	siginfo_t si;
	sigset_t chld, none;
	char path[16], a0[8], bad_argv_path[16];
	int st, pfd;
	pid_t c;

	sigemptyset(&none);
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	memcpy(path, "/nonexistent", 13);
	memcpy(a0, "x", 2);
	memcpy(bad_argv_path, "/bin/true", 10);

	/* waits with nothing to wait for: each option, idtype, bad pointer */
	wait4(-1, &st, WNOHANG | WUNTRACED | WCONTINUED | __WALL | __WNOTHREAD, &ru);
	wait4(-1, NULL, __WCLONE | WNOHANG, NULL);
	wait4(0x7fffffff, &st, 0, NULL);
	wait4(-1, &st, 0xffff, NULL);
	sc(SYS_waitid, P_ALL, 0, (long)&si,
	   WEXITED | WSTOPPED | WCONTINUED | WNOHANG | WNOWAIT, 0, 0);
	sc(SYS_waitid, P_PGID, 0, 0, WEXITED | WNOHANG, 0, 0);
	sc(SYS_waitid, P_PIDFD, -1, (long)&si, WEXITED, 0, 0);
	sc(SYS_waitid, 99, 0, (long)&si, WEXITED, 0, 0);
	sc(SYS_waitid, P_ALL, 0, (long)&si, 0, 0, 0);

	/* vfork: the child exits; its SIGCHLD comes at the unblock */
	sigprocmask(SIG_BLOCK, &chld, NULL);
	c = vfork();
	if (c == 0)
		_exit(7);
	wait4(c, BAD, 0, NULL);
	wait4(c, &st, 0, BAD);
	wait4(c, &st, 0, &ru);
	sigprocmask(SIG_UNBLOCK, &chld, NULL);

	/* children while SIGCHLD is blocked: its line comes at the unblock */
	sigprocmask(SIG_BLOCK, &chld, NULL);
	c = sc(SYS_clone, CLONE_VFORK | SIGCHLD, 0, 0, 0, 0, 0);
	if (c == 0)
		sc(SYS_exit, 9, 0, 0, 0, 0, 0);
	memset(&si, 0, sizeof(si));
	sc(SYS_waitid, P_PID, c, (long)&si, WEXITED, (long)&ru, 0);
	sigprocmask(SIG_UNBLOCK, &chld, NULL);

	sigprocmask(SIG_BLOCK, &chld, NULL);
	{
		struct clone_args ca;
		int ptid = 0;

		memset(&ca, 0, sizeof(ca));
		ca.flags = CLONE_PARENT_SETTID | CLONE_PIDFD | CLONE_VFORK;
		ca.pidfd = (uintptr_t)&pfd;
		ca.parent_tid = (uintptr_t)&ptid;
		ca.exit_signal = SIGCHLD;
		c = sc(SYS_clone3, (long)&ca, sizeof(ca), 0, 0, 0, 0);
		if (c == 0)
			sc(SYS_exit, 0, 0, 0, 0, 0, 0);
		memset(&si, 0, sizeof(si));
		sc(SYS_waitid, P_PIDFD, pfd, (long)&si, WEXITED, 0, 0);
		close(pfd);
		/* bad clone3 arguments: fail at once */
		sc(SYS_clone3, 0, sizeof(ca), 0, 0, 0, 0);
		sc(SYS_clone3, (long)BAD, sizeof(ca), 0, 0, 0, 0);
		sc(SYS_clone3, (long)&ca, 8, 0, 0, 0, 0);
		ca.flags = CLONE_THREAD;
		sc(SYS_clone3, (long)&ca, sizeof(ca), 0, 0, 0, 0);
		ca.flags = 1ULL << 40;
		sc(SYS_clone3, (long)&ca, sizeof(ca), 0, 0, 0, 0);
		memset(&ca, 0, sizeof(ca));
		ca.exit_signal = 99;
		sc(SYS_clone3, (long)&ca, sizeof(ca), 0, 0, 0, 0);
	}
	sc(SYS_clone, CLONE_THREAD, 0, 0, 0, 0, 0);
	sc(SYS_clone, CLONE_NEWUSER | CLONE_FS, 0, 0, 0, 0, 0);
	sigprocmask(SIG_UNBLOCK, &chld, NULL);

	/* execve that fails: NULL and bad argv/envp, an unreadable element */
	{
		char *av[] = { a0, BAD, NULL };
		char *ev[] = { a0, NULL };

		execve(path, NULLP, NULLP);
		execve(path, BAD, ev);
		execve(path, av, BAD);
		execve(path, av, ev);
		execve(NULLP, av, ev);
		execve(BAD, av, ev);
		sc(SYS_execveat, -1, (long)path, (long)av, (long)ev, 0, 0);
		sc(SYS_execveat, AT_FDCWD, (long)path, (long)av, (long)ev,
		   AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW, 0);
		sc(SYS_execveat, AT_FDCWD, (long)path, (long)av, (long)ev, 0xffff, 0);
	}

	/* limits and usage: each resource and who, bad ones */
	getrlimit(RLIMIT_CPU, &rl);
	getrlimit(RLIMIT_AS, &rl);
	getrlimit(RLIMIT_RTTIME, &rl);
	getrlimit(99, &rl);
	getrlimit(RLIMIT_NOFILE, NULLP);
	getrlimit(RLIMIT_NOFILE, BAD);
	rl.rlim_cur = 1024;
	rl.rlim_max = RLIM_INFINITY;
	setrlimit(RLIMIT_CORE, BAD);
	sc(SYS_prlimit64, 0, RLIMIT_MEMLOCK, 0, (long)&rl, 0, 0);
	sc(SYS_prlimit64, 0, RLIMIT_MSGQUEUE, (long)BAD, 0, 0, 0);
	sc(SYS_prlimit64, 0x7fffffff, RLIMIT_NOFILE, 0, (long)&rl, 0, 0);
	getrusage(RUSAGE_THREAD, &ru);
	getrusage(99, &ru);
	getrusage(RUSAGE_SELF, BAD);
	sc(SYS_getrusage, RUSAGE_SELF, 0, 0, 0, 0, 0);

	/* priorities and scheduling */
	/* not PRIO_PGRP or PRIO_USER: the tracer's own nice would show */
	getpriority(PRIO_PGRP, 0x7fffffff);
	getpriority(99, 0);
	setpriority(PRIO_PROCESS, 0, 40);
	setpriority(PRIO_PROCESS, 0, -40);
	setpriority(PRIO_PROCESS, 0, 0);
	{
		struct sched_param sp = { 0 };

		sched_setscheduler(0, SCHED_BATCH, &sp);
		sched_setscheduler(0, SCHED_IDLE, &sp);
		sched_setscheduler(0, SCHED_OTHER | SCHED_RESET_ON_FORK, &sp);
		sched_setscheduler(0, 99, &sp);
		sched_setscheduler(0, SCHED_OTHER, NULL);
		sched_setparam(0, &sp);
		sched_setparam(0, BAD);
		sched_getparam(0, NULL);
		sched_getscheduler(0x7fffffff);
		sched_get_priority_max(SCHED_DEADLINE);
		sched_get_priority_min(99);
		sched_setscheduler(0, SCHED_OTHER, &sp);
	}
	{
		cpu_set_t cs;

		sched_getaffinity(0, sizeof(cs), &cs);
		sched_getaffinity(0, 1, &cs);
		sched_getaffinity(0, sizeof(cs), BAD);
		sc(SYS_sched_setaffinity, 0, 0, (long)&cs, 0, 0, 0);
		sc(SYS_sched_setaffinity, 0, 8, (long)BAD, 0, 0, 0);
	}

	/* credentials: -1 (no change), the ids we have, bad pointers */
	setuid(0);
	setgid(0);
	setreuid(-1, -1);
	setregid(-1, 0);
	setresuid(-1, -1, -1);
	setresgid(0, -1, 0);
	setfsuid(-1);
	setfsgid(0);
	sc(SYS_getresuid, (long)BAD, 0, 0, 0, 0, 0);
	sc(SYS_getresgid, 0, (long)BAD, 0, 0, 0, 0);
	sc(SYS_getgroups, -1, 0, 0, 0, 0, 0);
	sc(SYS_getgroups, 1, (long)BAD, 0, 0, 0, 0);
	sc(SYS_setgroups, 1, (long)BAD, 0, 0, 0, 0);
	sc(SYS_setgroups, -1, 0, 0, 0, 0, 0);
	{
		gid_t g[2] = { 0, 0 };

		sc(SYS_setgroups, 0, 0, 0, 0, 0, 0);
		sc(SYS_setgroups, 2, (long)g, 0, 0, 0, 0);
		sc(SYS_setgroups, 1, (long)g, 0, 0, 0, 0);
	}
	{
		struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_1, 0 };
		struct __user_cap_data_struct d[2];

		/* version 1 fills d[0] only: d[1] keeps this pattern */
		memset(d, 0x5a, sizeof(d));
		sc(SYS_capget, (long)&h, (long)d, 0, 0, 0, 0);
		h.version = _LINUX_CAPABILITY_VERSION_2;
		sc(SYS_capget, (long)&h, (long)d, 0, 0, 0, 0);
		h.version = 0x12345678;
		sc(SYS_capget, (long)&h, (long)d, 0, 0, 0, 0);
		h.version = _LINUX_CAPABILITY_VERSION_3;
		sc(SYS_capget, (long)&h, 0, 0, 0, 0, 0);
		sc(SYS_capget, 0, 0, 0, 0, 0, 0);
		sc(SYS_capget, (long)BAD, (long)d, 0, 0, 0, 0);
		h.pid = 0x7fffffff;
		sc(SYS_capget, (long)&h, (long)d, 0, 0, 0, 0);
		h.pid = 0;
		sc(SYS_capget, (long)&h, (long)d, 0, 0, 0, 0);
		sc(SYS_capset, (long)&h, (long)d, 0, 0, 0, 0);
		sc(SYS_capset, (long)&h, (long)BAD, 0, 0, 0, 0);
	}

	/* groups and sessions: errors */
	setpgid(0x7fffffff, 0);
	setpgid(0, -1);
	getpgid(0x7fffffff);
	getsid(-1);
	setsid();

	/* personality: each flag, a query */
	personality(PER_LINUX | ADDR_NO_RANDOMIZE | READ_IMPLIES_EXEC |
		    ADDR_LIMIT_3GB | SHORT_INODE | WHOLE_SECONDS | STICKY_TIMEOUTS);
	personality(PER_SVR4);
	personality(0x7f);
	personality(PER_LINUX);
	personality(0xffffffff);

	/* uname, prctl: NULL, bad, each option family */
	uname(NULL);
	uname(BAD);
	prctl(PR_GET_NAME, BAD);
	prctl(PR_SET_NAME, NULL);
	prctl(PR_SET_PDEATHSIG, SIGTERM);
	prctl(PR_GET_PDEATHSIG, BAD);
	prctl(PR_SET_PDEATHSIG, 0);
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	prctl(PR_GET_CHILD_SUBREAPER, &st);
	prctl(PR_SET_CHILD_SUBREAPER, 0);
	prctl(PR_SET_TIMERSLACK, 50000);
	prctl(PR_SET_TIMERSLACK, 0);
	prctl(PR_GET_SECUREBITS);
	prctl(PR_GET_KEEPCAPS);
	prctl(PR_CAPBSET_READ, 99);
	prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_IS_SET, CAP_NET_RAW, 0, 0);
	prctl(PR_GET_THP_DISABLE, 0, 0, 0, 0);
	prctl(PR_GET_SPECULATION_CTRL, PR_SPEC_STORE_BYPASS, 0, 0, 0);
	prctl(PR_MCE_KILL_GET, 0, 0, 0, 0);
	prctl(PR_GET_TSC, &st);
	prctl(PR_SET_DUMPABLE, 99);
	prctl(0x7fffffff, 1, 2, 3, 4);
	prctl(-1, 0, 0, 0, 0);
	/*
	 * kexec_load's architecture, flags and segments; kexec_file_load's
	 * command line as the bytes it is given.  A flag bit neither knows
	 * (0x100) makes each fail EINVAL before anything is loaded.
	 */
	{
		uint64_t seg[2][4] = {
			{ 0x1000, 16, 0x100000, 4096 },
			{ 0, 0, 0xdeadbeef000, 0xfffffffffffff000ULL },
		};
		static const char cmdline[] = "abcdef";

		syscall(SYS_kexec_load, 0xfeedUL, 2UL, seg,
			0xda7a0000UL | 0x100 | 1 /* KEXEC_ON_CRASH */);
		syscall(SYS_kexec_load, 0UL, 17UL, seg, 0x3e0000UL | 0x100);
		syscall(SYS_kexec_load, 0UL, 2UL, BAD, 0x100UL);
		syscall(SYS_kexec_file_load, -1, -1, sizeof(cmdline), cmdline,
			0x100UL | 2 /* KEXEC_FILE_ON_CRASH */);
		syscall(SYS_kexec_file_load, -1, -1, 3UL, cmdline, 0x100UL);
	}
	/* struct sched_attr: read back, set (keeping what it says), E2BIG */
	{
		unsigned char at[64];
		unsigned int sz;

		memset(at, 0, sizeof(at));
		syscall(SYS_sched_getattr, 0, at, 48, 0);
		syscall(SYS_sched_getattr, 0, at, 56, 0);
		syscall(SYS_sched_getattr, 0, at, 64, 0);
		syscall(SYS_sched_getattr, 0, NULL, 56, 0);
		memset(at, 0, sizeof(at));
		sz = 56;
		memcpy(at, &sz, 4);
		at[8] = 0x01;			/* SCHED_FLAG_RESET_ON_FORK */
		syscall(SYS_sched_setattr, 0, at, 0);
		sz = 0;
		memcpy(at, &sz, 4);
		syscall(SYS_sched_setattr, 0, at, 0);
		sz = 48;
		memcpy(at, &sz, 4);
		at[8] = 0x18 | 0x80;		/* KEEP_POLICY|KEEP_PARAMS|? */
		syscall(SYS_sched_setattr, 0, at, 0);
		at[8] = 0x08;			/* KEEP_POLICY */
		at[4] = 0xff; at[5] = 0xff; at[6] = 0xff; at[7] = 0xff;
		syscall(SYS_sched_setattr, 0, at, 0);
		sz = 12;
		memcpy(at, &sz, 4);
		syscall(SYS_sched_setattr, 0, at, 0);
		sz = 200;
		memcpy(at, &sz, 4);
		syscall(SYS_sched_setattr, 0, at, 0);
		syscall(SYS_sched_setattr, 0, NULL, 0);
	}
	return 0;
}
