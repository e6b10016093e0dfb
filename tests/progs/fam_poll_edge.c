// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_poll.sh, the edges of the poll, select and
 * epoll decoders (fam_poll.c makes the ordinary calls): each POLL* and
 * EPOLL* event bit, every epoll_ctl op, negative and out-of-range fds,
 * nfds of 0 and huge, fd sets past FD_SETSIZE, NULL, an unmapped address
 * (BAD) and a kernel address (KBAD) for every pointer, bad sigset sizes.
 * Every wait has data ready, a zero timeout or fails at once; exits 0.
 */
#define _GNU_SOURCE
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/select.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "fam.h"

int main(void)
{
	struct pollfd pf[4];
	struct epoll_event ev, evs[4];
	struct timespec ts = { 0, 0 };
	struct timeval tv = { 0, 0 };
	unsigned long rd[2], wr[2], mask = 1UL << (SIGUSR1 - 1);
	int p[2], e, efd;

	(void)!pipe(p);
	(void)!write(p[1], "x", 1);

	/* poll: every event bit, negative fds, bad pointers, nfds 0/huge */
	pf[0].fd = p[0];
	pf[0].events = POLLIN | POLLPRI | POLLRDNORM | POLLRDBAND | POLLRDHUP;
	pf[1].fd = p[1];
	pf[1].events = POLLOUT | POLLWRNORM | POLLWRBAND | POLLMSG;
	pf[2].fd = -1;
	pf[2].events = POLLIN;
	pf[3].fd = 1000;
	pf[3].events = 0x8000 | POLLERR | POLLHUP | POLLNVAL;
	poll(pf, 4, 0);
	pf[3].events = POLLERR | POLLHUP | POLLNVAL;
	poll(NULL, 0, 0);
	sc(SYS_poll, (long)BAD, 1, 0, 0, 0, 0);
	sc(SYS_poll, (long)BAD, 0x7fffffff, 0, 0, 0, 0);
	sc(SYS_ppoll, (long)pf, 4, (long)&ts, (long)&mask, 8, 0);
	sc(SYS_ppoll, (long)pf, 4, (long)BAD, 0, 8, 0);
	sc(SYS_ppoll, (long)pf, 4, (long)&ts, (long)BAD, 8, 0);
	sc(SYS_ppoll, (long)pf, 4, (long)&ts, (long)&mask, 4, 0);
	ts.tv_nsec = 1000000000;
	sc(SYS_ppoll, (long)pf, 1, (long)&ts, 0, 8, 0);
	ts.tv_nsec = 0;

	/* select: NULL sets, bad sets, nfds 0, negative, past FD_SETSIZE */
	memset(rd, 0, sizeof(rd));
	memset(wr, 0, sizeof(wr));
	rd[0] = 1UL << p[0] | 1UL << 63;
	wr[0] = 1UL << p[1];
	rd[1] = 1UL << 1;
	/*
	 * The kernel reads a set only up to its fd table's size, which is
	 * what the tracee inherited (64 or more): grown to 128 here, so all
	 * 128 bits are read under any tracer (tests/live/select_fdtable.sh
	 * has the cut)
	 */
	dup2(p[0], 127);
	close(127);
	sc(SYS_select, 128, (long)rd, (long)wr, (long)rd, (long)&tv, 0);
	sc(SYS_select, 0, 0, 0, 0, (long)&tv, 0);
	sc(SYS_select, -1, (long)rd, 0, 0, (long)&tv, 0);
	sc(SYS_select, 2048, (long)BAD, 0, 0, (long)&tv, 0);
	sc(SYS_select, 4, (long)rd, 0, 0, (long)BAD, 0);
	tv.tv_usec = 1000000;
	sc(SYS_select, 4, 0, 0, 0, (long)&tv, 0);
	tv.tv_usec = 0;
	/*
	 * nfds is the kernel's int (high bits set); one buffer for the
	 * three sets holds at exit what was written last (= 1 ())
	 */
	rd[0] = 1UL << p[0] | 1UL << p[1];
	sc(SYS_select, (long)(0xffffffff00000000UL | (p[1] + 1)), (long)rd,
	   (long)rd, (long)rd, 0, 0);
	rd[0] = 1UL << p[1];
	sc(SYS_select, p[1] + 1, 0, (long)rd, 0, (long)&tv, 0);
	{
		struct { void *ss; size_t len; } sm = { &mask, 8 };

		rd[0] = 1UL << p[0];
		sc(SYS_pselect6, p[0] + 1, (long)rd, 0, 0, (long)&ts, (long)&sm);
		sm.len = 4;
		sc(SYS_pselect6, p[0] + 1, (long)rd, 0, 0, (long)&ts, (long)&sm);
		sm.ss = BAD;
		sm.len = 8;
		sc(SYS_pselect6, p[0] + 1, (long)rd, 0, 0, (long)&ts, (long)&sm);
		sc(SYS_pselect6, p[0] + 1, (long)rd, 0, 0, (long)&ts, (long)BAD);
	}

	/* epoll: each op and event bit, bad fds and pointers */
	e = epoll_create(1);
	close(e);
	epoll_create(0);
	epoll_create(-1);
	e = epoll_create1(EPOLL_CLOEXEC);
	epoll_create1(0xff);
	efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC | EFD_SEMAPHORE);
	eventfd(0, 0xff);
	memset(&ev, 0, sizeof(ev));
	ev.events = EPOLLIN | EPOLLPRI | EPOLLOUT | EPOLLRDNORM | EPOLLRDBAND |
		    EPOLLWRNORM | EPOLLWRBAND | EPOLLMSG | EPOLLERR | EPOLLHUP |
		    EPOLLRDHUP | EPOLLET;
	ev.data.u64 = 0x1122334455667788ULL;
	epoll_ctl(e, EPOLL_CTL_ADD, p[0], &ev);
	ev.events = EPOLLIN | EPOLLONESHOT | EPOLLWAKEUP;
	ev.data.fd = p[0];
	epoll_ctl(e, EPOLL_CTL_MOD, p[0], &ev);
	ev.events = EPOLLOUT | EPOLLEXCLUSIVE;
	ev.data.u64 = 0;
	epoll_ctl(e, EPOLL_CTL_ADD, efd, &ev);
	ev.events = 0x10000000;
	epoll_ctl(e, EPOLL_CTL_MOD, efd, &ev);
	epoll_ctl(e, EPOLL_CTL_DEL, efd, NULL);
	epoll_ctl(e, EPOLL_CTL_DEL, efd, &ev);
	epoll_ctl(e, 99, p[0], &ev);
	epoll_ctl(e, EPOLL_CTL_ADD, p[0], BAD);
	epoll_ctl(e, EPOLL_CTL_ADD, e, &ev);
	epoll_ctl(-1, EPOLL_CTL_ADD, p[0], &ev);
	epoll_wait(e, evs, 4, 0);
	epoll_wait(e, evs, 0, 0);
	sc(SYS_epoll_wait, e, (long)BAD, -1, 0, 0, 0);
	epoll_wait(e, BAD, 4, 0);
	epoll_wait(-1, evs, 4, 0);
	sc(SYS_epoll_pwait, e, (long)evs, 4, 0, (long)&mask, 8);
	sc(SYS_epoll_pwait, e, (long)evs, 4, 0, (long)BAD, 8);
	sc(SYS_epoll_pwait, e, (long)evs, 4, 0, (long)&mask, 4);
	sc(SYS_epoll_pwait2, e, (long)evs, 4, (long)&ts, 0, 8);
	sc(SYS_epoll_pwait2, e, (long)evs, 4, (long)BAD, 0, 8);
	ts.tv_nsec = -1;
	sc(SYS_epoll_pwait2, e, (long)evs, 4, (long)&ts, 0, 8);
	close(efd);
	close(e);
	close(p[0]);
	close(p[1]);
	return 0;
}
