// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_fds.sh: fds of every kind, for -y and -yy.
 * Files (a name with '<', '>' and a newline in it, unlinked while open, a
 * directory and openat relative to it, fchdir), /dev/null and /dev/zero,
 * a memfd, pipes and splice/tee/sendfile, eventfd, epoll, signalfd,
 * timerfd, inotify, a pidfd of a child, dup/dup2/dup3/fcntl(F_DUPFD),
 * mmap of a file, TCP and UDP on 127.0.0.1 (ports the kernel picks),
 * unix stream and datagram sockets (socketpair, a bound path, an abstract
 * name), a netlink socket.
 *
 * strace describes a socket once and keeps that text (its cache by
 * inode): a socket whose addresses change after strace first showed them
 * (a UDP socket bound and then connected, the second end of a pair closed
 * after the first) would print differently; this program does not do
 * that (tests/live/fds_exact.sh does, and checks etrace alone).
 * Exits 0.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

static void files(void)
{
	char buf[16];
	void *p;
	int fd, dir, d2;

	fd = open("/etc/hostname", O_RDONLY);
	read(fd, buf, 1);
	lseek(fd, 0, SEEK_SET);
	p = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, fd, 0);
	munmap(p, 4096);
	close(fd);
	/* a name strace escapes: '<' and '>' in octal, the newline */
	fd = open("a <b>\n", O_RDWR | O_CREAT | O_TRUNC, 0600);
	write(fd, "x", 1);
	fsync(fd);
	unlink("a <b>\n");
	write(fd, "y", 1);
	ftruncate(fd, 0);
	close(fd);
	mkdir("d", 0700);
	dir = open("d", O_RDONLY | O_DIRECTORY);
	fd = openat(dir, "f", O_WRONLY | O_CREAT, 0600);
	fchmod(fd, 0644);
	close(fd);
	fchdir(dir);
	fd = openat(AT_FDCWD, "f", O_RDONLY);
	close(fd);
	chdir("..");
	unlinkat(dir, "f", 0);
	close(dir);
	rmdir("d");
	/* devices, with -yy their numbers */
	fd = open("/dev/null", O_WRONLY);
	write(fd, "z", 1);
	d2 = open("/dev/zero", O_RDONLY);
	read(d2, buf, 4);
	/* dup and its kin: the new fd is the old one's file */
	dup2(fd, 10);
	dup3(d2, 11, O_CLOEXEC);
	close(dup(10));
	close(fcntl(11, F_DUPFD, 20));
	close(fcntl(11, F_DUPFD_CLOEXEC, 30));
	fcntl(10, F_GETFD);
	close(10);
	close(11);
	close(fd);
	close(d2);
	/* a memfd: its name, always deleted */
	fd = memfd_create("m", 0);
	write(fd, "m", 1);
	close(fd);
}

static void pipes(void)
{
	int p[2], q[2], fd;
	char buf[8];

	pipe2(p, 0);
	pipe(q);
	write(p[1], "ab", 2);
	splice(p[0], NULL, q[1], NULL, 1, 0);
	tee(p[0], q[1], 1, 0);
	read(q[0], buf, 2);
	fd = open("/etc/hostname", O_RDONLY);
	sendfile(q[1], fd, NULL, 1);
	close(fd);
	close(p[0]);
	close(p[1]);
	close(q[0]);
	close(q[1]);
}

static void anon(void)
{
	struct epoll_event ev = { .events = EPOLLIN };
	struct itimerspec its = { { 0, 0 }, { 100, 0 } };
	uint64_t one = 1;
	sigset_t set;
	int efd, ep, sfd, tfd, ifd, pfd;
	pid_t child;

	efd = eventfd(0, EFD_CLOEXEC);
	write(efd, &one, sizeof(one));
	ep = epoll_create1(EPOLL_CLOEXEC);
	ev.data.fd = efd;
	epoll_ctl(ep, EPOLL_CTL_ADD, efd, &ev);
	epoll_wait(ep, &ev, 1, 0);
	epoll_ctl(ep, EPOLL_CTL_DEL, efd, NULL);
	close(ep);
	close(efd);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	sfd = signalfd(-1, &set, SFD_CLOEXEC);
	close(sfd);
	tfd = timerfd_create(CLOCK_MONOTONIC, 0);
	timerfd_settime(tfd, 0, &its, NULL);
	close(tfd);
	ifd = inotify_init1(IN_CLOEXEC);
	inotify_add_watch(ifd, ".", IN_CREATE);
	close(ifd);
	/*
	 * a pidfd: with -yy the pid it refers to.  A child with no exit
	 * signal (clone, flags 0), waited for with __WALL: a SIGCHLD would
	 * race the parent's next calls (strace's slower parent was in
	 * waitid when it came, etrace's once not yet in pidfd_open)
	 */
	child = (pid_t)syscall(SYS_clone, 0UL, NULL, NULL, NULL, 0UL);
	if (child == 0)
		syscall(SYS_exit_group, 0);
	pfd = (int)syscall(SYS_pidfd_open, child, 0);
	waitid(P_PIDFD, (id_t)pfd, NULL, WEXITED | __WALL);
	close(pfd);
	/* clone's CLONE_PIDFD: the pidfd it stores at parent_tid */
	child = (pid_t)syscall(SYS_clone, 0x1000UL /* CLONE_PIDFD */, NULL,
			       &pfd, NULL, 0UL);
	if (child == 0)
		syscall(SYS_exit_group, 0);
	waitid(P_PIDFD, (id_t)pfd, NULL, WEXITED | __WALL);
	close(pfd);
}

static void inet(void)
{
	struct sockaddr_in a = { .sin_family = AF_INET };
	socklen_t len = sizeof(a);
	char buf[8];
	int ls, cs, as, us, uc;

	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ls = socket(AF_INET, SOCK_STREAM, 0);
	bind(ls, (struct sockaddr *)&a, sizeof(a));
	listen(ls, 1);
	getsockname(ls, (struct sockaddr *)&a, &len);
	cs = socket(AF_INET, SOCK_STREAM, 0);
	connect(cs, (struct sockaddr *)&a, sizeof(a));
	as = accept(ls, NULL, NULL);
	write(cs, "t", 1);
	read(as, buf, 1);
	shutdown(cs, SHUT_WR);
	close(as);
	close(ls);
	/* UDP: a receiver bound to a port, a sender connected to it */
	us = socket(AF_INET, SOCK_DGRAM, 0);
	a.sin_port = 0;
	bind(us, (struct sockaddr *)&a, sizeof(a));
	len = sizeof(a);
	getsockname(us, (struct sockaddr *)&a, &len);
	uc = socket(AF_INET, SOCK_DGRAM, 0);
	connect(uc, (struct sockaddr *)&a, sizeof(a));
	send(uc, "u", 1, 0);
	recv(us, buf, 1, 0);
	/* (closed at exit: strace's kept text of each stays true) */
}

static void unixsocks(void)
{
	struct sockaddr_un un = { .sun_family = AF_UNIX };
	char buf[8];
	int sv[2], dv[2], ls, cs, as, ab;
	char cwd[256], *name;
	socklen_t alen;
	size_t n;

	socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
	write(sv[0], "s", 1);
	read(sv[1], buf, 1);
	socketpair(AF_UNIX, SOCK_DGRAM, 0, dv);
	send(dv[0], "d", 1, 0);
	recv(dv[1], buf, 1, 0);
	strcpy(un.sun_path, "sock");
	ls = socket(AF_UNIX, SOCK_STREAM, 0);
	bind(ls, (struct sockaddr *)&un, sizeof(un));
	listen(ls, 1);
	cs = socket(AF_UNIX, SOCK_STREAM, 0);
	connect(cs, (struct sockaddr *)&un, sizeof(un));
	as = accept(ls, NULL, NULL);
	write(cs, "c", 1);
	read(as, buf, 1);
	unlink("sock");
	/*
	 * An abstract name (a NUL first), unique to the run: the run's
	 * directory's name (/tmp/oracle.XXXXXX/run), which the oracle masks
	 */
	memset(un.sun_path, 0, sizeof(un.sun_path));
	if (!getcwd(cwd, sizeof(cwd)))
		strcpy(cwd, "/x/run");
	*strrchr(cwd, '/') = '\0';
	name = strrchr(cwd, '/') + 1;
	n = strlen(name) < 60 ? strlen(name) : 60;
	memcpy(un.sun_path + 1, name, n);
	alen = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + n);
	ab = socket(AF_UNIX, SOCK_DGRAM, 0);
	bind(ab, (struct sockaddr *)&un, alen);
	getsockname(ab, (struct sockaddr *)&un, &alen);
	/* (closed at exit, as above) */
}

static void netlink(void)
{
	int nl = socket(AF_NETLINK, SOCK_RAW, 0);

	close(nl);
}

int main(void)
{
	files();
	pipes();
	anon();
	inet();
	unixsocks();
	netlink();
	/* -100 is AT_FDCWD only for a dirfd: as an fd, none (EBADF) */
	fsync(AT_FDCWD);
	return 0;
}
