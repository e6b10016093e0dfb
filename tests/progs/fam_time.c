// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_time.sh: the time family.  clock_gettime
 * and clock_getres (several clocks), gettimeofday, time, nanosleep,
 * clock_nanosleep (relative and absolute), timerfd_create/settime/gettime
 * and a read, setitimer/getitimer, timer_create/settime/gettime/delete,
 * times, adjtimex (query).  Same calls every run; exits 0.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/timerfd.h>
#include <sys/timex.h>
#include <time.h>
#include <unistd.h>

int main(void)
{
	struct timespec ts, rq = { 0, 2000000 };
	struct timeval tv;
	struct itimerspec its, oits;
	struct itimerval itv, oitv;
	struct sigevent sev;
	timer_t tid;
	uint64_t n;
	time_t now;
	int fd;

	clock_gettime(CLOCK_REALTIME, &ts);
	clock_gettime(CLOCK_MONOTONIC, &ts);
	syscall(SYS_clock_gettime, CLOCK_BOOTTIME, &ts);
	syscall(SYS_clock_gettime, CLOCK_PROCESS_CPUTIME_ID, &ts);
	syscall(SYS_clock_getres, CLOCK_MONOTONIC, &ts);
	syscall(SYS_clock_getres, CLOCK_REALTIME_COARSE, &ts);
	syscall(SYS_gettimeofday, &tv, NULL);
	syscall(SYS_time, NULL);
	syscall(SYS_time, &now);
	nanosleep(&rq, NULL);
	clock_nanosleep(CLOCK_MONOTONIC, 0, &rq, NULL);
	clock_gettime(CLOCK_MONOTONIC, &ts);
	ts.tv_nsec += 1000000;
	if (ts.tv_nsec >= 1000000000) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000;
	}
	clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);

	fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC);
	memset(&its, 0, sizeof(its));
	its.it_value.tv_nsec = 3000000;
	timerfd_settime(fd, 0, &its, &oits);
	timerfd_gettime(fd, &oits);
	(void)!read(fd, &n, sizeof(n));
	its.it_value.tv_nsec = 0;
	timerfd_settime(fd, 0, &its, NULL);
	close(fd);

	memset(&itv, 0, sizeof(itv));
	itv.it_value.tv_sec = 100;
	setitimer(ITIMER_REAL, &itv, &oitv);
	getitimer(ITIMER_REAL, &oitv);
	memset(&itv, 0, sizeof(itv));
	setitimer(ITIMER_REAL, &itv, NULL);
	getitimer(ITIMER_VIRTUAL, &oitv);

	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_NONE;
	timer_create(CLOCK_MONOTONIC, &sev, &tid);
	memset(&its, 0, sizeof(its));
	its.it_value.tv_sec = 50;
	its.it_interval.tv_nsec = 500;
	timer_settime(tid, 0, &its, NULL);
	timer_gettime(tid, &oits);
	timer_getoverrun(tid);
	timer_delete(tid);
	{
		struct timex tx;

		memset(&tx, 0, sizeof(tx));
		adjtimex(&tx);
	}
	return 0;
}
