// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * tstat: run one command (a tracer, or a bare workload) and measure it
 * from outside, without touching it.
 *
 *   tstat OUT -- CMD [ARGS...]
 *
 * TSTAT_TIMEOUT=SEC (default 300): then CMD's process group (it gets one
 * of its own: the tracer, the workload, what they leave) is killed, and
 * the status says so (137).
 *
 * Appends one line to OUT:
 *   wall_ns status cpu_ns utime_ticks stime_ticks hwm_kb threads maxrss_kb linger_ns
 *
 * wall_ns   fork of CMD to its exit (seen through a pidfd, no polling lag)
 * status    CMD's exit code, or 128+signal
 * cpu_ns    CMD's own CPU time, user+sys, all its threads, nanoseconds:
 *           read from CMD's process CPU clock while it is a zombie
 *           (waitid WNOWAIT), so it is final and excludes its children
 *           (the traced workload), whose time the kernel keeps apart
 *           (cutime/cstime) until CMD reaps them
 * utime_ticks, stime_ticks: the same split in clock ticks (/proc/PID/stat)
 * hwm_kb    VmHWM of CMD (/proc/PID/status), sampled every 10 ms while
 *           it runs (a zombie has no memory to ask about): the last sample
 *           before exit
 * threads   most threads CMD was seen with
 * maxrss_kb wait4's ru_maxrss: max of CMD and its reaped descendants
 *           (the workload included): an upper bound for hwm_kb
 * linger_ns time from CMD's exit until every descendant it left behind
 *           (tstat is their subreaper) has exited too: tstat waits for
 *           them, so nothing a tracer leaves running (etrace releases its
 *           kernel objects in a child) overlaps the next measurement
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(clockid_t c)
{
	struct timespec ts;

	if (clock_gettime(c, &ts))
		return -1;
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void sample_status(pid_t pid, long *hwm, long *threads)
{
	char path[64], buf[4096];
	ssize_t n;
	int fd;
	char *p;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return;
	buf[n] = 0;
	p = strstr(buf, "\nVmHWM:");
	if (p) {
		long v = strtol(p + 7, NULL, 10);

		if (v > *hwm)
			*hwm = v;
	}
	p = strstr(buf, "\nThreads:");
	if (p) {
		long v = strtol(p + 9, NULL, 10);

		if (v > *threads)
			*threads = v;
	}
}

/* fields 14 and 15 of /proc/PID/stat, after the ")" that ends comm */
static void stat_ticks(pid_t pid, long long *ut, long long *st)
{
	char path[64], buf[4096];
	ssize_t n;
	int fd;
	char *p;

	*ut = *st = -1;
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return;
	buf[n] = 0;
	p = strrchr(buf, ')');
	if (!p)
		return;
	/* ") S ppid pgrp session tty tpgid flags minflt cminflt majflt
	 *  cmajflt utime stime" */
	if (sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lld %lld",
		   ut, st) != 2)
		*ut = *st = -1;
}

static long long deadline;
static pid_t group;

static void check_deadline(void)
{
	if (deadline && now_ns(CLOCK_MONOTONIC) > deadline) {
		fprintf(stderr, "tstat: timeout: killing process group %d\n", (int)group);
		kill(-group, SIGKILL);
		deadline = 0;
	}
}

int main(int argc, char **argv)
{
	const char *to = getenv("TSTAT_TIMEOUT");
	long hwm = 0, threads = 0;
	long long t0, t1, t2, cpu = -1, ut, st;
	struct rusage ru;
	siginfo_t si;
	clockid_t cid;
	FILE *out;
	pid_t pid;
	int pfd, status, code;

	if (argc < 4 || strcmp(argv[2], "--")) {
		fprintf(stderr, "usage: tstat OUT -- CMD [ARGS...]\n");
		return 2;
	}
	out = fopen(argv[1], "a");
	if (!out) {
		perror(argv[1]);
		return 2;
	}
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	t0 = now_ns(CLOCK_MONOTONIC);
	pid = fork();
	if (pid < 0) {
		perror("fork");
		return 2;
	}
	if (pid == 0) {
		setpgid(0, 0);
		execvp(argv[3], argv + 3);
		fprintf(stderr, "tstat: %s: %s\n", argv[3], strerror(errno));
		_exit(127);
	}
	setpgid(pid, pid);
	group = pid;
	deadline = t0 + (to && *to ? atoll(to) : 300) * 1000000000LL;
	pfd = (int)syscall(SYS_pidfd_open, pid, 0);
	for (;;) {
		struct pollfd p = { .fd = pfd, .events = POLLIN };
		int r;

		sample_status(pid, &hwm, &threads);
		check_deadline();
		if (pfd < 0) {	/* no pidfd: fall back to polling */
			memset(&si, 0, sizeof(si));
			if (!waitid(P_PID, pid, &si, WEXITED | WNOHANG | WNOWAIT) &&
			    si.si_pid == pid)
				break;
			usleep(2000);
			continue;
		}
		r = poll(&p, 1, 10);
		if (r > 0)
			break;
		if (r < 0 && errno != EINTR)
			break;
	}
	t1 = now_ns(CLOCK_MONOTONIC);
	/* a zombie now: its own CPU time is final and its children's apart */
	while (waitid(P_PID, pid, &si, WEXITED | WNOWAIT) < 0 && errno == EINTR)
		;
	if (!clock_getcpuclockid(pid, &cid))
		cpu = now_ns(cid);
	stat_ticks(pid, &ut, &st);
	memset(&ru, 0, sizeof(ru));
	while (wait4(pid, &status, 0, &ru) < 0 && errno == EINTR)
		;
	/* whatever CMD left behind was reparented to us: wait for it */
	for (;;) {
		pid_t w = waitpid(-1, NULL, WNOHANG);

		if (w < 0 && errno != EINTR)
			break;
		if (w <= 0)
			usleep(1000);
		check_deadline();
	}
	t2 = now_ns(CLOCK_MONOTONIC);
	code = WIFEXITED(status) ? WEXITSTATUS(status) :
	       WIFSIGNALED(status) ? 128 + WTERMSIG(status) : 255;
	fprintf(out, "%lld %d %lld %lld %lld %ld %ld %ld %lld\n", t1 - t0, code,
		cpu, ut, st, hwm, threads, ru.ru_maxrss, t2 - t1);
	fclose(out);
	return code;
}
