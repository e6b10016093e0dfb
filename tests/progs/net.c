// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee: socket syscalls in one process, deterministic in number and
 * results (every receive is blocking and reads a message already sent).
 *   - socketpair(AF_UNIX, SOCK_STREAM) + send/recv both ways
 *   - AF_UNIX stream socket on an abstract address: socket, bind, listen,
 *     connect, accept, sendto/recvfrom, close
 *   - AF_INET TCP on 127.0.0.1 port 0: socket, setsockopt(SO_REUSEADDR),
 *     getsockopt, bind, getsockname, listen, connect, accept4, sendmsg,
 *     recvmsg, getpeername, shutdown, close
 *   - AF_INET UDP: bind, getsockname, sendto, recvfrom
 *   - failures: connect to a closed listener's address (ECONNREFUSED),
 *     bind on a bad fd (EBADF)
 * Exits 0, or 1 if a result was not the expected one.
 */
#define _GNU_SOURCE
#include <stddef.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

static int bad;

static void want(long got, long expect, int line)
{
	if (got != expect) {
		char msg[64];
		int n = snprintf(msg, sizeof(msg), "net: line %d: %ld != %ld\n",
				 line, got, expect);

		(void)!write(2, msg, (size_t)n);
		bad = 1;
	}
}
#define WANT(call, expect) want((long)(call), (long)(expect), __LINE__)

int main(void)
{
	int sv[2], ls, cs, as, us1, us2, one = 1, val;
	struct sockaddr_un un;
	struct sockaddr_in in, in2;
	socklen_t len;
	char buf[64];
	struct iovec iov;
	struct msghdr mh;

	/* socketpair */
	WANT(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	WANT(send(sv[0], "ping", 4, 0), 4);
	WANT(recv(sv[1], buf, sizeof(buf), 0), 4);
	WANT(send(sv[1], "pong!", 5, 0), 5);
	WANT(recv(sv[0], buf, sizeof(buf), 0), 5);
	close(sv[0]);
	close(sv[1]);

	/* AF_UNIX, abstract address (no file) named after our pid */
	memset(&un, 0, sizeof(un));
	un.sun_family = AF_UNIX;
	len = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 +
		snprintf(un.sun_path + 1, sizeof(un.sun_path) - 1,
			 "etrace-net-%d", (int)getpid()));
	ls = socket(AF_UNIX, SOCK_STREAM, 0);
	WANT(bind(ls, (struct sockaddr *)&un, len), 0);
	WANT(listen(ls, 4), 0);
	cs = socket(AF_UNIX, SOCK_STREAM, 0);
	WANT(connect(cs, (struct sockaddr *)&un, len), 0);
	as = accept(ls, NULL, NULL);
	WANT(as >= 0, 1);
	WANT(sendto(cs, "abc", 3, 0, NULL, 0), 3);
	WANT(recvfrom(as, buf, sizeof(buf), 0, NULL, NULL), 3);
	close(as);
	close(cs);
	close(ls);

	/* TCP on loopback */
	ls = socket(AF_INET, SOCK_STREAM, 0);
	WANT(setsockopt(ls, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)), 0);
	len = sizeof(val);
	WANT(getsockopt(ls, SOL_SOCKET, SO_REUSEADDR, &val, &len), 0);
	WANT(val, 1);
	memset(&in, 0, sizeof(in));
	in.sin_family = AF_INET;
	in.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	WANT(bind(ls, (struct sockaddr *)&in, sizeof(in)), 0);
	len = sizeof(in);
	WANT(getsockname(ls, (struct sockaddr *)&in, &len), 0);
	WANT(listen(ls, 4), 0);
	cs = socket(AF_INET, SOCK_STREAM, 0);
	WANT(connect(cs, (struct sockaddr *)&in, sizeof(in)), 0);
	len = sizeof(in2);
	as = accept4(ls, (struct sockaddr *)&in2, &len, SOCK_CLOEXEC);
	WANT(as >= 0, 1);
	len = sizeof(in2);
	WANT(getpeername(cs, (struct sockaddr *)&in2, &len), 0);
	iov.iov_base = "message";
	iov.iov_len = 7;
	memset(&mh, 0, sizeof(mh));
	mh.msg_iov = &iov;
	mh.msg_iovlen = 1;
	WANT(sendmsg(cs, &mh, 0), 7);
	iov.iov_base = buf;
	iov.iov_len = 7;	/* exactly what was sent: one call */
	WANT(recvmsg(as, &mh, MSG_WAITALL), 7);
	WANT(shutdown(cs, SHUT_WR), 0);
	WANT(recv(as, buf, sizeof(buf), 0), 0);		/* EOF */
	close(as);
	close(cs);
	close(ls);

	/* nobody listens there any more */
	cs = socket(AF_INET, SOCK_STREAM, 0);
	WANT(connect(cs, (struct sockaddr *)&in, sizeof(in)), -1);
	close(cs);
	WANT(bind(99, (struct sockaddr *)&in, sizeof(in)), -1);

	/* UDP */
	us1 = socket(AF_INET, SOCK_DGRAM, 0);
	us2 = socket(AF_INET, SOCK_DGRAM, 0);
	in.sin_port = 0;
	WANT(bind(us1, (struct sockaddr *)&in, sizeof(in)), 0);
	len = sizeof(in);
	WANT(getsockname(us1, (struct sockaddr *)&in, &len), 0);
	WANT(sendto(us2, "datagram", 8, 0, (struct sockaddr *)&in, sizeof(in)), 8);
	len = sizeof(in2);
	WANT(recvfrom(us1, buf, sizeof(buf), 0, (struct sockaddr *)&in2, &len), 8);
	close(us1);
	close(us2);
	return bad;
}
