// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_procs.sh: the process family.  fork, vfork,
 * clone (raw, SIGCHLD), clone3, execve (/bin/true, and a missing file),
 * wait4, waitid, the get*id calls, setpgid/getpgid/getsid/setsid, prctl,
 * getrlimit/setrlimit/prlimit64, getrusage, uname, sysinfo, times,
 * getpriority/setpriority, sched_* queries, personality, capget, umask.
 * Same calls and results every run; writes nothing; exits 0.
 */
#define _GNU_SOURCE
#include <linux/capability.h>
#include <linux/sched.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/personality.h>
#include <sys/stat.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/sysinfo.h>
#include <sys/times.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(void)
{
	char *const argv_true[] = { "/bin/true", NULL };
	char *const envp[] = { "PATH=/bin:/usr/bin", "A=1", NULL };
	struct rlimit rl;
	struct rusage ru;
	struct utsname un;
	struct sysinfo si;
	struct tms tm;
	siginfo_t info;
	sigset_t chld;
	char name[32];
	int st;
	pid_t c;

	getpid();
	getppid();
	syscall(SYS_gettid);
	getuid();
	geteuid();
	getgid();
	getegid();
	{
		uid_t r, e, s;
		gid_t gr, ge, gs;
		gid_t groups[64];

		getresuid(&r, &e, &s);
		getresgid(&gr, &ge, &gs);
		getgroups(0, NULL);
		getgroups(64, groups);
	}
	getpgrp();
	getpgid(0);
	getsid(0);
	umask(027);
	umask(022);

	/* from the stack: a literal's page may not be touched yet */
	memcpy(name, "famproc", 8);
	prctl(PR_SET_NAME, name);
	prctl(PR_GET_NAME, name);
	prctl(PR_GET_DUMPABLE);
	prctl(PR_SET_DUMPABLE, 1);
	prctl(PR_GET_PDEATHSIG, &st);
	prctl(PR_SET_NO_NEW_PRIVS, 0, 0, 0, 0);
	prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0);
	prctl(PR_GET_TIMERSLACK);
	prctl(PR_CAPBSET_READ, CAP_SYS_ADMIN);

	getrlimit(RLIMIT_NOFILE, &rl);
	setrlimit(RLIMIT_NOFILE, &rl);
	getrlimit(RLIMIT_CORE, &rl);
	prlimit(0, RLIMIT_STACK, NULL, &rl);
	prlimit(0, RLIMIT_NOFILE, &rl, NULL);
	getrusage(RUSAGE_SELF, &ru);
	getrusage(RUSAGE_CHILDREN, &ru);
	uname(&un);
	sysinfo(&si);
	times(&tm);
	getpriority(PRIO_PROCESS, 0);
	setpriority(PRIO_PROCESS, 0, 0);
	sched_yield();
	sched_getscheduler(0);
	{
		struct sched_param sp;

		sched_getparam(0, &sp);
		sched_get_priority_max(SCHED_FIFO);
		sched_get_priority_min(SCHED_RR);
	}
	personality(0xffffffff);
	{
		struct __user_cap_header_struct h = {
			_LINUX_CAPABILITY_VERSION_3, 0 };
		struct __user_cap_data_struct d[2];

		syscall(SYS_capget, &h, d);
	}

	/* fork: the child runs /bin/true; the parent waits with wait4 */
	c = fork();
	if (c == 0) {
		/*
		 * the path and argv from the child's stack: after fork the
		 * child has no page table entries for the literals' file
		 * pages until it touches them, and the kernel copy cannot
		 * fault them in (the exec would print as pointers, or not,
		 * by chance)
		 */
		char path[] = "/bin/true", e1[] = "PATH=/bin:/usr/bin", e2[] = "A=1";
		char *const av[] = { path, NULL }, *const ev[] = { e1, e2, NULL };
		/*
		 * the parent is in wait4 when this child ends, so its SIGCHLD
		 * comes after that call in both traces: a parent kept off its
		 * CPU on a loaded machine for the time /bin/true takes reached
		 * wait4 after the end, and both tracers then show it before
		 */
		struct timespec ts = { 0, 300 * 1000 * 1000 };

		nanosleep(&ts, NULL);
		execve(path, av, ev);
		_exit(127);
	}
	wait4(c, &st, 0, NULL);

	/*
	 * SIGCHLD blocked while the next children end: vfork returns when
	 * the child's memory is released, before its exit sends SIGCHLD,
	 * and the others end as fast as their parent reaches its wait, so
	 * where their lines fall would be chance.  Blocked, the first one's
	 * stays pending (the others find it so and are dropped) and its
	 * line comes at the unblock.
	 */
	/* vfork: the child _exits 3 */
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, NULL);
	c = vfork();
	if (c == 0)
		_exit(3);
	waitpid(c, &st, 0);

	/* raw clone: the child is a new process group, exits 5 */
	c = syscall(SYS_clone, SIGCHLD, 0, NULL, NULL, 0);
	if (c == 0) {
		setpgid(0, 0);
		getpgid(0);
		syscall(SYS_exit_group, 5);
	}
	/* the kernel leaves si_utime/si_stime alone: zero them first */
	memset(&info, 0, sizeof(info));
	waitid(P_PID, c, &info, WEXITED);

	/* clone3: the child starts a session, exits 0 */
	{
		struct clone_args ca;

		memset(&ca, 0, sizeof(ca));
		ca.exit_signal = SIGCHLD;
		c = syscall(SYS_clone3, &ca, sizeof(ca));
		if (c == 0) {
			setsid();
			syscall(SYS_exit_group, 0);
		}
		wait4(c, &st, __WALL, &ru);
	}

	/* a child killed by a signal */
	c = fork();
	if (c == 0) {
		kill(getpid(), SIGKILL);
		_exit(1);
	}
	memset(&info, 0, sizeof(info));
	waitid(P_ALL, 0, &info, WEXITED | WNOWAIT);
	wait4(-1, &st, 0, NULL);
	wait4(-1, &st, WNOHANG, NULL);
	sigprocmask(SIG_UNBLOCK, &chld, NULL);

	execve("/nonexistent/prog", argv_true, envp);
	return 0;
}
