// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_poll.sh: polling.  poll, ppoll (timeout and
 * mask), select, pselect6, epoll_create1/epoll_ctl/epoll_wait/epoll_pwait/
 * epoll_pwait2 over a pipe and an eventfd, eventfd2 reads and writes,
 * inotify.  Every wait has data ready or a timeout of 0 or 1 ms, so the
 * results are the same every run; exits 0.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/select.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(void)
{
	int p[2], efd, ep, in, wd;
	struct pollfd pf[3];
	struct timespec ts = { 0, 1000000 }, zero = { 0, 0 };
	struct timeval tv = { 0, 1000 };
	struct epoll_event ev, evs[4];
	fd_set rs, ws;
	sigset_t mask;
	uint64_t n = 5;
	char buf[512];

	(void)!pipe2(p, O_CLOEXEC);
	(void)!write(p[1], "data", 4);
	efd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);

	pf[0].fd = p[0];
	pf[0].events = POLLIN;
	pf[1].fd = p[1];
	pf[1].events = POLLOUT;
	pf[2].fd = efd;
	pf[2].events = POLLIN | POLLPRI;
	poll(pf, 3, 0);
	poll(pf + 2, 1, 1);
	sigemptyset(&mask);
	sigaddset(&mask, SIGUSR1);
	ppoll(pf, 2, &ts, &mask);
	ppoll(pf + 2, 1, &zero, NULL);

	FD_ZERO(&rs);
	FD_ZERO(&ws);
	FD_SET(p[0], &rs);
	FD_SET(efd, &rs);
	FD_SET(p[1], &ws);
	select(efd + 1, &rs, &ws, NULL, &tv);
	FD_ZERO(&rs);
	FD_SET(efd, &rs);
	tv.tv_sec = 0;
	tv.tv_usec = 0;
	select(efd + 1, &rs, NULL, NULL, &tv);
	FD_ZERO(&rs);
	FD_SET(p[0], &rs);
	pselect(p[0] + 1, &rs, NULL, NULL, &ts, &mask);
	FD_ZERO(&rs);
	FD_SET(efd, &rs);
	pselect(efd + 1, &rs, NULL, NULL, &zero, NULL);

	ep = epoll_create1(EPOLL_CLOEXEC);
	ev.events = EPOLLIN;
	ev.data.u64 = 7;
	epoll_ctl(ep, EPOLL_CTL_ADD, p[0], &ev);
	ev.events = EPOLLIN | EPOLLET;
	ev.data.fd = efd;
	epoll_ctl(ep, EPOLL_CTL_ADD, efd, &ev);
	epoll_wait(ep, evs, 4, 0);
	(void)!write(efd, &n, sizeof(n));
	epoll_pwait(ep, evs, 4, 1, &mask);
	(void)!read(efd, &n, sizeof(n));
	(void)!read(efd, &n, sizeof(n));
	ev.events = EPOLLOUT;
	ev.data.u64 = 9;
	epoll_ctl(ep, EPOLL_CTL_MOD, p[0], &ev);
	syscall(SYS_epoll_pwait2, ep, evs, 4, &ts, NULL, 8);
	epoll_ctl(ep, EPOLL_CTL_DEL, p[0], NULL);
	epoll_ctl(ep, EPOLL_CTL_DEL, p[0], NULL);
	close(ep);
	ep = epoll_create(1);
	close(ep);

	in = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	wd = inotify_add_watch(in, ".", IN_CREATE | IN_DELETE | IN_MODIFY);
	close(open("f", O_CREAT | O_WRONLY, 0600));
	unlink("f");
	(void)!read(in, buf, sizeof(buf));
	inotify_rm_watch(in, wd);
	close(in);
	(void)!read(p[0], buf, sizeof(buf));
	close(p[0]);
	close(p[1]);
	close(efd);
	return 0;
}
