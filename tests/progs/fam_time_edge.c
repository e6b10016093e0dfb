// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_time.sh, the edges of the time decoders
 * (fam_time.c makes the ordinary calls): every clock id, bad ones and
 * CPU clocks of a pid; timespecs out of range (tv_nsec of 1e9, negative);
 * each TIMER_*, TFD_* flag; each itimer which; sigevent notify kinds;
 * NULL, an unmapped address (BAD) and a kernel address (KBAD) for every
 * pointer.  Every sleep is 0 or fails at once; no clock is set (setting
 * calls only fail); exits 0.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sched.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/timerfd.h>
#include <sys/timex.h>
#include <time.h>
#include <unistd.h>

#include "fam.h"

int main(void)
{
	static const int clocks[] = {
		CLOCK_REALTIME_COARSE, CLOCK_MONOTONIC_COARSE,
		CLOCK_MONOTONIC_RAW, CLOCK_THREAD_CPUTIME_ID, CLOCK_TAI,
		CLOCK_REALTIME_ALARM, CLOCK_BOOTTIME_ALARM, 12, -1,
		0x7fffffff,
		/* CPU clocks of a pid and a thread (~pid << 3 | kind) */
		(int)0x80000002, (int)0x80000006,
	};
	struct timespec ts;
	struct itimerspec its;
	struct itimerval itv;
	struct sigevent sev;
	struct timex tx;
	timer_t t;
	size_t i;
	int fd;

	for (i = 0; i < sizeof(clocks) / sizeof(clocks[0]); i++)
		sc(SYS_clock_getres, clocks[i], (long)&ts, 0, 0, 0, 0);
	sc(SYS_clock_getres, CLOCK_MONOTONIC, 0, 0, 0, 0, 0);
	sc(SYS_clock_getres, CLOCK_MONOTONIC, (long)BAD, 0, 0, 0, 0);
	sc(SYS_clock_gettime, CLOCK_MONOTONIC, 0, 0, 0, 0, 0);
	sc(SYS_clock_gettime, CLOCK_MONOTONIC, (long)BAD, 0, 0, 0, 0);
	sc(SYS_clock_gettime, 99, (long)&ts, 0, 0, 0, 0);
	sc(SYS_gettimeofday, 0, 0, 0, 0, 0, 0);
	sc(SYS_gettimeofday, (long)BAD, 0, 0, 0, 0, 0);
	sc(SYS_time, (long)BAD, 0, 0, 0, 0, 0);

	/* setting: fails (a bad clock, a bad value, a bad pointer) */
	ts.tv_sec = 0;
	ts.tv_nsec = 0;
	sc(SYS_clock_settime, CLOCK_MONOTONIC, (long)&ts, 0, 0, 0, 0);
	sc(SYS_clock_settime, CLOCK_REALTIME, (long)BAD, 0, 0, 0, 0);
	ts.tv_nsec = 1000000000;
	sc(SYS_clock_settime, CLOCK_REALTIME, (long)&ts, 0, 0, 0, 0);
	{
		struct timeval tv = { 0, 1000000 };

		sc(SYS_settimeofday, (long)&tv, 0, 0, 0, 0, 0);
		sc(SYS_settimeofday, (long)BAD, 0, 0, 0, 0, 0);
	}

	/* sleeps: 0, out of range, bad pointers, each flag */
	ts.tv_sec = 0;
	ts.tv_nsec = 0;
	nanosleep(&ts, NULL);
	ts.tv_nsec = 1000000000;
	sc(SYS_nanosleep, (long)&ts, 0, 0, 0, 0, 0);
	ts.tv_sec = -1;
	ts.tv_nsec = 0;
	sc(SYS_nanosleep, (long)&ts, 0, 0, 0, 0, 0);
	ts.tv_sec = 0;
	ts.tv_nsec = -1;
	sc(SYS_nanosleep, (long)&ts, (long)&ts, 0, 0, 0, 0);
	sc(SYS_nanosleep, 0, 0, 0, 0, 0, 0);
	sc(SYS_nanosleep, (long)BAD, 0, 0, 0, 0, 0);
	ts.tv_nsec = 0;
	sc(SYS_clock_nanosleep, CLOCK_MONOTONIC, 0, (long)&ts, (long)BAD, 0, 0);
	sc(SYS_clock_nanosleep, CLOCK_REALTIME, TIMER_ABSTIME, (long)&ts, 0, 0, 0);
	sc(SYS_clock_nanosleep, CLOCK_MONOTONIC, 0xff, (long)&ts, 0, 0, 0);
	sc(SYS_clock_nanosleep, CLOCK_THREAD_CPUTIME_ID, 0, (long)&ts, 0, 0, 0);
	sc(SYS_clock_nanosleep, CLOCK_MONOTONIC, 0, 0, 0, 0, 0);

	/* itimers: each which, NULL, bad */
	memset(&itv, 0, sizeof(itv));
	setitimer(ITIMER_VIRTUAL, &itv, NULL);
	sc(SYS_setitimer, ITIMER_PROF, (long)&itv, (long)&itv, 0, 0, 0);
	sc(SYS_setitimer, 99, (long)&itv, 0, 0, 0, 0);
	sc(SYS_setitimer, ITIMER_REAL, (long)BAD, 0, 0, 0, 0);
	itv.it_value.tv_usec = 1000000;
	sc(SYS_setitimer, ITIMER_REAL, (long)&itv, 0, 0, 0, 0);
	getitimer(ITIMER_VIRTUAL, &itv);
	sc(SYS_getitimer, 99, (long)&itv, 0, 0, 0, 0);
	sc(SYS_getitimer, ITIMER_PROF, (long)BAD, 0, 0, 0, 0);
	sc(SYS_alarm, 0, 0, 0, 0, 0, 0);

	/* POSIX timers: each notify kind, NULL sigevent, bad ids */
	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_NONE;
	sc(SYS_timer_create, CLOCK_MONOTONIC, (long)&sev, (long)&t, 0, 0, 0);
	memset(&its, 0, sizeof(its));
	its.it_value.tv_sec = 100;
	its.it_interval.tv_nsec = 999999999;
	sc(SYS_timer_settime, (long)t, TIMER_ABSTIME, (long)&its, 0, 0, 0);
	sc(SYS_timer_settime, (long)t, 0, (long)BAD, 0, 0, 0);
	its.it_value.tv_nsec = 1000000000;
	sc(SYS_timer_settime, (long)t, 0, (long)&its, 0, 0, 0);
	sc(SYS_timer_gettime, (long)t, (long)BAD, 0, 0, 0, 0);
	sc(SYS_timer_getoverrun, (long)t, 0, 0, 0, 0, 0);
	sc(SYS_timer_delete, (long)t, 0, 0, 0, 0, 0);
	sev.sigev_notify = SIGEV_SIGNAL;
	sev.sigev_signo = SIGRTMIN + 3;
	sev.sigev_value.sival_int = 0x1234;
	sc(SYS_timer_create, CLOCK_REALTIME, (long)&sev, (long)&t, 0, 0, 0);
	sc(SYS_timer_delete, (long)t, 0, 0, 0, 0, 0);
	sev.sigev_notify = SIGEV_THREAD_ID;
	sev.sigev_signo = SIGUSR1;
	sev._sigev_un._tid = 0x7fffffff;
	sc(SYS_timer_create, CLOCK_MONOTONIC, (long)&sev, (long)&t, 0, 0, 0);
	sev.sigev_notify = 99;
	sc(SYS_timer_create, CLOCK_MONOTONIC, (long)&sev, (long)&t, 0, 0, 0);
	sc(SYS_timer_create, CLOCK_MONOTONIC, (long)BAD, (long)&t, 0, 0, 0);
	sc(SYS_timer_create, 99, 0, (long)&t, 0, 0, 0);
	sc(SYS_timer_delete, 0x7fffffff, 0, 0, 0, 0, 0);
	sc(SYS_timer_getoverrun, -1, 0, 0, 0, 0, 0);

	/* timerfd: each flag, bad values */
	fd = timerfd_create(CLOCK_BOOTTIME, TFD_NONBLOCK | TFD_CLOEXEC);
	memset(&its, 0, sizeof(its));
	its.it_value.tv_sec = 1000000;
	sc(SYS_timerfd_settime, fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET,
	   (long)&its, 0, 0, 0);
	memset(&its, 0, sizeof(its));
	sc(SYS_timerfd_settime, fd, 0, (long)&its, (long)&its, 0, 0);
	sc(SYS_timerfd_settime, fd, 0xff, (long)&its, 0, 0, 0);
	sc(SYS_timerfd_settime, fd, 0, (long)BAD, 0, 0, 0);
	sc(SYS_timerfd_gettime, fd, (long)BAD, 0, 0, 0, 0);
	sc(SYS_timerfd_gettime, -1, (long)&its, 0, 0, 0, 0);
	close(fd);
	timerfd_create(CLOCK_MONOTONIC, 0xff);
	timerfd_create(99, 0);

	/* adjtimex: a query, bad pointers; times, NULL */
	memset(&tx, 0, sizeof(tx));
	sc(SYS_adjtimex, (long)BAD, 0, 0, 0, 0, 0);
	tx.modes = 0x8000;	/* ADJ_OFFSET_SS_READ alone: a query */
	sc(SYS_clock_adjtime, CLOCK_MONOTONIC, (long)&tx, 0, 0, 0, 0);
	sc(SYS_clock_adjtime, 99, (long)&tx, 0, 0, 0, 0);
	sc(SYS_times, 0, 0, 0, 0, 0, 0);
	sc(SYS_times, (long)BAD, 0, 0, 0, 0, 0);
	{
		struct timespec rr;

		sched_rr_get_interval(0, &rr);
		sched_rr_get_interval(0, BAD);
		sched_rr_get_interval(0x7fffffff, &rr);
	}
	return 0;
}
