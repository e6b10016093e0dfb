// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/fds_exact.sh: fds whose meaning changes between
 * calls.  In the current directory: fd 3 is "a", closed, then "b" (the
 * same number, another file); "b" is renamed to "c" between two writes,
 * and a directory holding an open file is renamed; a UDP socket is bound
 * and then connected (strace keeps the text it first made of it); a
 * socket pair's first end is closed before the second is used.  Each
 * write's data says which case it is.  Exits 0.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

int main(void)
{
	struct sockaddr_in a = { .sin_family = AF_INET };
	socklen_t len = sizeof(a);
	int fd, d, u, sv[2];

	fd = open("a", O_WRONLY | O_CREAT | O_TRUNC, 0600);
	write(fd, "1", 1);
	close(fd);
	fd = open("b", O_WRONLY | O_CREAT | O_TRUNC, 0600);
	write(fd, "2", 1);
	rename("b", "c");
	write(fd, "3", 1);
	close(fd);
	mkdir("d", 0700);
	d = open("d/e", O_WRONLY | O_CREAT | O_TRUNC, 0600);
	write(d, "4", 1);
	rename("d", "f");
	write(d, "5", 1);
	unlink("f/e");
	write(d, "6", 1);
	close(d);
	/* UDP: bound, then connected to itself */
	u = socket(AF_INET, SOCK_DGRAM, 0);
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	bind(u, (struct sockaddr *)&a, sizeof(a));
	getsockname(u, (struct sockaddr *)&a, &len);
	write(u, "7", 1);
	connect(u, (struct sockaddr *)&a, sizeof(a));
	write(u, "8", 1);
	close(u);
	/* a pair whose first end goes first */
	socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
	send(sv[1], "9", 1, MSG_NOSIGNAL);
	close(sv[0]);
	send(sv[1], "0", 1, MSG_NOSIGNAL);
	close(sv[1]);
	unlink("a");
	unlink("c");
	rmdir("f");
	return 0;
}
