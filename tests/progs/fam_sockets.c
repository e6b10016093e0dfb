// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_sockets.sh: the socket family.  Unix stream
 * (a path in the current directory) and datagram sockets, an abstract
 * address, socketpair with sendmsg/recvmsg passing an fd (SCM_RIGHTS),
 * sendmmsg/recvmmsg passing two in each of two datagrams,
 * TCP and UDP on 127.0.0.1 (ports the kernel picks), accept4, getsockname/
 * getpeername, getsockopt/setsockopt, shutdown, sendto/recvfrom,
 * sendmmsg/recvmmsg, a netlink route socket bound.  Exits 0.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stddef.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

/*
 * sendmmsg of two datagrams, each passing fd 0 and the sending socket
 * (SCM_RIGHTS) in another order, and the recvmmsg that gets them; the
 * fds got closed
 */
static void pass_mmsg(void)
{
	union {
		char b[CMSG_SPACE(2 * sizeof(int))];
		struct cmsghdr a;
	} cm[2];
	struct iovec iov[2] = { { "a", 1 }, { "b", 1 } };
	struct mmsghdr mm[2];
	char rb[2][8];
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv))
		return;
	memset(mm, 0, sizeof(mm));
	memset(cm, 0, sizeof(cm));
	for (int j = 0; j < 2; j++) {
		struct cmsghdr *c;
		int fds[2] = { j ? sv[0] : 0, j ? 0 : sv[0] };

		mm[j].msg_hdr.msg_iov = &iov[j];
		mm[j].msg_hdr.msg_iovlen = 1;
		mm[j].msg_hdr.msg_control = cm[j].b;
		mm[j].msg_hdr.msg_controllen = sizeof(cm[j].b);
		c = CMSG_FIRSTHDR(&mm[j].msg_hdr);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(sizeof(fds));
		memcpy(CMSG_DATA(c), fds, sizeof(fds));
	}
	sendmmsg(sv[0], mm, 2, 0);
	for (int j = 0; j < 2; j++) {
		iov[j].iov_base = rb[j];
		iov[j].iov_len = sizeof(rb[j]);
		mm[j].msg_hdr.msg_controllen = sizeof(cm[j].b);
	}
	if (recvmmsg(sv[1], mm, 2, 0, NULL) == 2)
		for (int j = 0; j < 2; j++) {
			int got[2];

			memcpy(got, CMSG_DATA(CMSG_FIRSTHDR(&mm[j].msg_hdr)),
			       sizeof(got));
			close(got[0]);
			close(got[1]);
		}
	close(sv[0]);
	close(sv[1]);
}

int main(void)
{
	struct sockaddr_un un, abs;
	struct sockaddr_in in, peer;
	struct sockaddr_nl nl;
	socklen_t len;
	char buf[64];
	int sv[2], ls, cs, as, one = 1, v;
	struct timeval tv = { 2, 500 };
	struct linger lg = { 1, 3 };

	/* unix stream, by path */
	memset(&un, 0, sizeof(un));
	un.sun_family = AF_UNIX;
	strcpy(un.sun_path, "sock");
	ls = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	bind(ls, (struct sockaddr *)&un, sizeof(un));
	listen(ls, 8);
	cs = socket(AF_UNIX, SOCK_STREAM, 0);
	connect(cs, (struct sockaddr *)&un, sizeof(un));
	len = sizeof(un);
	as = accept4(ls, (struct sockaddr *)&un, &len, SOCK_CLOEXEC);
	(void)!write(cs, "ping", 4);
	(void)!read(as, buf, sizeof(buf));
	send(as, "pong", 4, MSG_NOSIGNAL);
	recv(cs, buf, sizeof(buf), 0);
	len = sizeof(un);
	getsockname(cs, (struct sockaddr *)&un, &len);
	len = sizeof(un);
	getpeername(cs, (struct sockaddr *)&un, &len);
	shutdown(cs, SHUT_WR);
	(void)!read(as, buf, sizeof(buf));
	close(as);
	close(cs);
	close(ls);
	unlink("sock");

	/* unix datagram, abstract */
	memset(&abs, 0, sizeof(abs));
	abs.sun_family = AF_UNIX;
	memcpy(abs.sun_path, "\0famabs", 7);
	ls = socket(AF_UNIX, SOCK_DGRAM, 0);
	bind(ls, (struct sockaddr *)&abs, offsetof(struct sockaddr_un, sun_path) + 7);
	cs = socket(AF_UNIX, SOCK_DGRAM, 0);
	sendto(cs, "dgram", 5, 0, (struct sockaddr *)&abs,
	       offsetof(struct sockaddr_un, sun_path) + 7);
	len = sizeof(un);
	recvfrom(ls, buf, sizeof(buf), 0, (struct sockaddr *)&un, &len);
	close(cs);
	close(ls);

	/* socketpair, an fd passed with SCM_RIGHTS */
	socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
	{
		struct msghdr mh;
		struct iovec iov = { "x", 1 };
		union {
			char b[CMSG_SPACE(sizeof(int))];
			struct cmsghdr a;
		} cm;
		struct cmsghdr *c;
		int pass = 0;

		memset(&mh, 0, sizeof(mh));
		mh.msg_iov = &iov;
		mh.msg_iovlen = 1;
		mh.msg_control = cm.b;
		mh.msg_controllen = sizeof(cm.b);
		c = CMSG_FIRSTHDR(&mh);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(sizeof(int));
		memcpy(CMSG_DATA(c), &pass, sizeof(int));
		sendmsg(sv[0], &mh, 0);
		iov.iov_base = buf;
		iov.iov_len = sizeof(buf);
		mh.msg_controllen = sizeof(cm.b);
		recvmsg(sv[1], &mh, MSG_CMSG_CLOEXEC);
		memcpy(&pass, CMSG_DATA(c), sizeof(int));
		close(pass);
	}
	close(sv[0]);
	close(sv[1]);
	pass_mmsg();
	socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_NONBLOCK, 0, sv);
	close(sv[0]);
	close(sv[1]);

	/* TCP on 127.0.0.1 */
	memset(&in, 0, sizeof(in));
	in.sin_family = AF_INET;
	in.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	ls = socket(AF_INET, SOCK_STREAM, IPPROTO_TCP);
	setsockopt(ls, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	bind(ls, (struct sockaddr *)&in, sizeof(in));
	listen(ls, 4);
	len = sizeof(in);
	getsockname(ls, (struct sockaddr *)&in, &len);
	cs = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	setsockopt(cs, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	setsockopt(cs, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	setsockopt(cs, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg));
	connect(cs, (struct sockaddr *)&in, sizeof(in));
	len = sizeof(peer);
	as = accept(ls, (struct sockaddr *)&peer, &len);
	len = sizeof(v);
	getsockopt(cs, SOL_SOCKET, SO_TYPE, &v, &len);
	len = sizeof(v);
	getsockopt(cs, SOL_SOCKET, SO_ERROR, &v, &len);
	len = sizeof(v);
	getsockopt(cs, IPPROTO_TCP, TCP_NODELAY, &v, &len);
	len = sizeof(v);
	getsockopt(as, SOL_SOCKET, SO_ACCEPTCONN, &v, &len);
	sendto(cs, "tcp", 3, 0, NULL, 0);
	recvfrom(as, buf, sizeof(buf), 0, NULL, NULL);
	shutdown(as, SHUT_RDWR);
	close(as);
	close(cs);
	close(ls);

	/* UDP on 127.0.0.1, sendmmsg/recvmmsg */
	ls = socket(AF_INET, SOCK_DGRAM, 0);
	in.sin_port = 0;
	bind(ls, (struct sockaddr *)&in, sizeof(in));
	len = sizeof(in);
	getsockname(ls, (struct sockaddr *)&in, &len);
	cs = socket(AF_INET, SOCK_DGRAM, 0);
	connect(cs, (struct sockaddr *)&in, sizeof(in));
	send(cs, "u1", 2, 0);
	{
		struct mmsghdr mm[2];
		struct iovec io[2] = { { "u2", 2 }, { "u3", 2 } };

		memset(mm, 0, sizeof(mm));
		mm[0].msg_hdr.msg_iov = &io[0];
		mm[0].msg_hdr.msg_iovlen = 1;
		mm[1].msg_hdr.msg_iov = &io[1];
		mm[1].msg_hdr.msg_iovlen = 1;
		sendmmsg(cs, mm, 2, 0);
	}
	len = sizeof(peer);
	recvfrom(ls, buf, sizeof(buf), 0, (struct sockaddr *)&peer, &len);
	{
		struct mmsghdr mm[2];
		struct iovec io[2] = { { buf, 8 }, { buf + 8, 8 } };

		memset(mm, 0, sizeof(mm));
		mm[0].msg_hdr.msg_iov = &io[0];
		mm[0].msg_hdr.msg_iovlen = 1;
		mm[1].msg_hdr.msg_iov = &io[1];
		mm[1].msg_hdr.msg_iovlen = 1;
		recvmmsg(ls, mm, 2, MSG_DONTWAIT, NULL);
	}
	recv(ls, buf, sizeof(buf), MSG_DONTWAIT);
	close(cs);
	close(ls);

	/* netlink route */
	ls = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
	memset(&nl, 0, sizeof(nl));
	nl.nl_family = AF_NETLINK;
	bind(ls, (struct sockaddr *)&nl, sizeof(nl));
	len = sizeof(nl);
	getsockname(ls, (struct sockaddr *)&nl, &len);
	close(ls);

	/* failures */
	socket(AF_INET, SOCK_STREAM, IPPROTO_UDP);
	connect(-1, (struct sockaddr *)&in, sizeof(in));
	cs = socket(AF_UNIX, SOCK_STREAM, 0);
	strcpy(un.sun_path, "missing");
	connect(cs, (struct sockaddr *)&un, sizeof(un));
	close(cs);
	return 0;
}
