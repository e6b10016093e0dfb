// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_errors.sh, more errno values than
 * fam_errors.c: ENAMETOOLONG, ELOOP, EMFILE, ENOEXEC, ETXTBSY, ENXIO,
 * ENOTSOCK, EDESTADDRREQ, ENOTCONN, ECONNREFUSED, EADDRINUSE, EMSGSIZE,
 * EOPNOTSUPP, EPIPE (SIGPIPE ignored), ERANGE, EOVERFLOW-free, EXDEV-free,
 * EAGAIN on an empty nonblocking pipe, EINTR-free; every call fails the
 * same way every run in a fresh empty directory; exits 0.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>


int main(void)
{
	char longname[400], buf[8];
	char *const av[] = { buf, NULL };
	struct sockaddr_un su;
	struct rlimit rl, low;
	int fd, s, c, p[2];

	/* names */
	memset(longname, 'n', sizeof(longname) - 1);
	longname[sizeof(longname) - 1] = 0;
	open(longname, O_RDONLY);
	symlink("loop", "loop");
	open("loop", O_RDONLY);
	open("loop", O_RDONLY | O_NOFOLLOW);
	unlink("loop");

	/* no free descriptor */
	getrlimit(RLIMIT_NOFILE, &rl);
	low = rl;
	low.rlim_cur = 3;
	setrlimit(RLIMIT_NOFILE, &low);
	open(".", O_RDONLY);
	dup(0);
	setrlimit(RLIMIT_NOFILE, &rl);

	/* exec: not an executable format; writing a running program */
	fd = open("notexec", O_WRONLY | O_CREAT | O_TRUNC, 0755);
	(void)!write(fd, "\1\2\3\4", 4);
	close(fd);
	memcpy(buf, "notexec", 8);
	execve(buf, av, av + 1);
	unlink("notexec");
	open("/proc/self/exe", O_WRONLY);

	/* a fifo with no reader */
	mkfifo("fifo", 0600);
	open("fifo", O_WRONLY | O_NONBLOCK);
	unlink("fifo");

	/* sockets */
	fd = open(".", O_RDONLY);
	send(fd, "x", 1, 0);
	close(fd);
	s = socket(AF_UNIX, SOCK_DGRAM, 0);
	send(s, "x", 1, 0);
	close(s);
	s = socket(AF_UNIX, SOCK_STREAM, 0);
	send(s, "x", 1, MSG_NOSIGNAL);
	memset(&su, 0, sizeof(su));
	su.sun_family = AF_UNIX;
	memcpy(su.sun_path, "nobody", 7);
	connect(s, (struct sockaddr *)&su, offsetof(struct sockaddr_un, sun_path) + 7);
	close(s);
	s = socket(AF_UNIX, SOCK_STREAM, 0);
	bind(s, (struct sockaddr *)&su, offsetof(struct sockaddr_un, sun_path) + 7);
	c = socket(AF_UNIX, SOCK_STREAM, 0);
	bind(c, (struct sockaddr *)&su, offsetof(struct sockaddr_un, sun_path) + 7);
	connect(c, (struct sockaddr *)&su, offsetof(struct sockaddr_un, sun_path) + 7);
	listen(c, 1);
	accept(s, NULL, NULL);
	close(c);
	close(s);
	unlink("nobody");
	s = socket(AF_UNIX, SOCK_DGRAM, 0);
	{
		static char big[300000];

		socketpair(AF_UNIX, SOCK_DGRAM, 0, p);
		send(p[0], big, sizeof(big), 0);
		close(p[0]);
		close(p[1]);
	}
	close(s);

	/* pipes: empty and nonblocking, no reader (SIGPIPE ignored) */
	signal(SIGPIPE, SIG_IGN);
	pipe2(p, O_NONBLOCK);
	(void)!read(p[0], buf, 1);
	close(p[0]);
	(void)!write(p[1], "x", 1);
	close(p[1]);

	/* a buffer too small */
	(void)!getcwd(buf, 1);
	return 0;
}
