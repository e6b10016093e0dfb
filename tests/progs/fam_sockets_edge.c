// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_sockets.sh, the edges of the socket
 * decoders (fam_sockets.c makes the ordinary calls): each family, type
 * and type flag, protocols; IPv6 and unix addresses (path, abstract,
 * unnamed), short and huge address lengths, an output address the
 * given length keeps clear of a hole; each MSG_* flag; socket
 * options at each level (ints, linger, timeval), NULL, an unmapped
 * address (BAD) and a kernel address (KBAD) for every pointer; bad fds.
 * Nothing blocks (loopback, nonblocking, data queued before it is read);
 * no port is fixed (the kernel picks them); exits 0.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <linux/netlink.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stddef.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/un.h>
#include <unistd.h>

#include "fam.h"

int main(void)
{
	struct sockaddr_in6 s6, c6;
	struct sockaddr_un su;
	struct sockaddr_in s4;
	struct linger lg;
	struct timeval tv;
	struct msghdr mh;
	struct iovec iov[2];
	char buf[64];
	socklen_t len;
	int l, c, a, v, sv[2];

	/* families, types, type flags, protocols */
	close(socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0));
	close(socket(AF_UNIX, SOCK_SEQPACKET, 0));
	close(socket(AF_INET, SOCK_DGRAM, IPPROTO_UDP));
	close(socket(AF_INET, SOCK_STREAM, IPPROTO_TCP));
	close(socket(AF_INET6, SOCK_DGRAM, 0));
	close(socket(AF_INET, SOCK_RAW, IPPROTO_ICMP));
	close(socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE));
	close(socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_AUDIT));
	socket(AF_INET, SOCK_STREAM, IPPROTO_UDP);
	socket(AF_UNIX, 99, 0);
	socket(99, SOCK_STREAM, 0);
	socket(-1, -1, -1);
	socketpair(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0, sv);
	close(sv[0]);
	close(sv[1]);
	socketpair(AF_UNIX, SOCK_STREAM, 0, BAD);
	socketpair(AF_INET, SOCK_STREAM, 0, sv);

	/* IPv6: bind to the loopback, a port the kernel picks */
	l = socket(AF_INET6, SOCK_STREAM | SOCK_NONBLOCK, 0);
	v = 1;
	setsockopt(l, IPPROTO_IPV6, IPV6_V6ONLY, &v, sizeof(v));
	memset(&s6, 0, sizeof(s6));
	s6.sin6_family = AF_INET6;
	s6.sin6_addr = in6addr_loopback;
	s6.sin6_flowinfo = htonl(0x12345);
	s6.sin6_scope_id = 0;
	bind(l, (struct sockaddr *)&s6, sizeof(s6));
	bind(l, (struct sockaddr *)&s6, 4);
	bind(l, (struct sockaddr *)&s6, 1000);
	bind(l, NULL, 0);
	bind(l, BAD, sizeof(s6));
	listen(l, -1);
	len = sizeof(s6);
	getsockname(l, (struct sockaddr *)&s6, &len);
	len = 2;
	getsockname(l, (struct sockaddr *)&c6, &len);
	getsockname(l, BAD, &len);
	getsockname(l, (struct sockaddr *)&c6, NULL);
	getsockname(l, (struct sockaddr *)&c6, BAD);
	c = socket(AF_INET6, SOCK_STREAM, 0);
	connect(c, (struct sockaddr *)&s6, sizeof(s6));
	len = sizeof(c6);
	a = accept4(l, (struct sockaddr *)&c6, &len, SOCK_CLOEXEC | SOCK_NONBLOCK);
	accept4(l, NULL, NULL, 0);
	accept4(l, NULL, NULL, 0xff);
	accept(-1, NULL, NULL);
	len = sizeof(c6);
	getpeername(c, (struct sockaddr *)&c6, &len);
	getpeername(l, (struct sockaddr *)&c6, &len);

	/* each MSG_* flag; NULL and bad buffers and addresses */
	memcpy(buf, "0123456789", 10);
	send(c, buf, 1, MSG_OOB);
	send(c, buf, 2, MSG_DONTROUTE | MSG_NOSIGNAL | MSG_MORE);
	send(c, buf, 3, MSG_EOR | MSG_CONFIRM | MSG_DONTWAIT);
	send(c, NULL, 0, 0);
	send(c, BAD, 4, 0);
	sendto(c, buf, 1, 0, BAD, sizeof(s6));
	sendto(c, buf, 1, MSG_OOB | 0x100000, NULL, 0);
	recv(a, buf, 1, MSG_PEEK | MSG_TRUNC);
	recv(a, buf, sizeof(buf), MSG_WAITALL | MSG_DONTWAIT);
	recv(a, buf, sizeof(buf), MSG_OOB | MSG_DONTWAIT);
	recv(a, BAD, 4, MSG_DONTWAIT);
	recvfrom(a, buf, 4, MSG_DONTWAIT | MSG_CMSG_CLOEXEC | MSG_ERRQUEUE,
		 (struct sockaddr *)&c6, &len);
	recvfrom(a, buf, 4, MSG_DONTWAIT, BAD, &len);
	recvfrom(a, buf, 4, MSG_DONTWAIT, (struct sockaddr *)&c6, BAD);

	/* msghdr: NULL, bad, a name, iovecs with a bad element, flags */
	sendmsg(c, NULL, 0);
	sendmsg(c, BAD, 0);
	memset(&mh, 0, sizeof(mh));
	iov[0].iov_base = buf;
	iov[0].iov_len = 2;
	iov[1].iov_base = buf + 2;
	iov[1].iov_len = 3;
	mh.msg_iov = iov;
	mh.msg_iovlen = 2;
	sendmsg(c, &mh, MSG_NOSIGNAL);
	mh.msg_name = &s6;
	mh.msg_namelen = sizeof(s6);
	sendmsg(c, &mh, 0);
	mh.msg_name = BAD;
	sendmsg(c, &mh, 0);
	mh.msg_name = NULL;
	mh.msg_namelen = 0;
	mh.msg_iov = BAD;
	sendmsg(c, &mh, 0);
	mh.msg_iov = iov;
	mh.msg_control = BAD;
	mh.msg_controllen = 16;
	sendmsg(c, &mh, 0);
	mh.msg_control = NULL;
	mh.msg_controllen = 0;
	recvmsg(a, &mh, MSG_DONTWAIT);
	recvmsg(a, NULL, 0);
	recvmsg(a, BAD, MSG_DONTWAIT);

	/* socket options at each level */
	v = 1;
	setsockopt(c, SOL_SOCKET, SO_REUSEADDR, &v, sizeof(v));
	setsockopt(c, SOL_SOCKET, SO_KEEPALIVE, &v, sizeof(v));
	setsockopt(c, SOL_SOCKET, SO_REUSEPORT, &v, 2);
	v = 65536;
	setsockopt(c, SOL_SOCKET, SO_SNDBUF, &v, sizeof(v));
	setsockopt(c, SOL_SOCKET, SO_RCVBUF, NULL, sizeof(v));
	setsockopt(c, SOL_SOCKET, SO_RCVBUF, BAD, sizeof(v));
	lg.l_onoff = 1;
	lg.l_linger = 5;
	setsockopt(c, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg));
	tv.tv_sec = 1;
	tv.tv_usec = 500;
	setsockopt(c, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	setsockopt(c, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	v = 1;
	setsockopt(c, IPPROTO_TCP, TCP_NODELAY, &v, sizeof(v));
	setsockopt(c, IPPROTO_TCP, TCP_CORK, &v, sizeof(v));
	v = 600;
	setsockopt(c, IPPROTO_TCP, TCP_KEEPIDLE, &v, sizeof(v));
	v = 0x10;
	setsockopt(c, IPPROTO_IPV6, IPV6_TCLASS, &v, sizeof(v));
	setsockopt(c, 999, 1, &v, sizeof(v));
	setsockopt(c, SOL_SOCKET, 9999, &v, sizeof(v));
	setsockopt(-1, SOL_SOCKET, SO_DEBUG, &v, sizeof(v));
	len = sizeof(v);
	getsockopt(c, SOL_SOCKET, SO_TYPE, &v, &len);
	len = sizeof(v);
	getsockopt(c, SOL_SOCKET, SO_ERROR, &v, &len);
	len = sizeof(v);
	getsockopt(c, SOL_SOCKET, SO_DOMAIN, &v, &len);
	len = sizeof(v);
	getsockopt(c, SOL_SOCKET, SO_PROTOCOL, &v, &len);
	len = sizeof(v);
	getsockopt(c, SOL_SOCKET, SO_ACCEPTCONN, &v, &len);
	len = sizeof(lg);
	getsockopt(c, SOL_SOCKET, SO_LINGER, &lg, &len);
	len = sizeof(tv);
	getsockopt(c, SOL_SOCKET, SO_RCVTIMEO, &tv, &len);
	len = sizeof(v);
	getsockopt(c, IPPROTO_TCP, TCP_NODELAY, &v, &len);
	len = 1;
	getsockopt(c, SOL_SOCKET, SO_TYPE, &v, &len);
	len = sizeof(v);
	getsockopt(c, SOL_SOCKET, SO_TYPE, BAD, &len);
	getsockopt(c, SOL_SOCKET, SO_TYPE, &v, NULL);
	getsockopt(c, SOL_SOCKET, SO_TYPE, &v, BAD);
	shutdown(c, SHUT_RD);
	shutdown(c, SHUT_WR);
	shutdown(c, SHUT_RDWR);
	shutdown(c, 99);
	close(a);
	close(c);
	close(l);

	/* unix addresses: a path, an abstract name, unnamed, too long */
	l = socket(AF_UNIX, SOCK_DGRAM, 0);
	memset(&su, 0, sizeof(su));
	su.sun_family = AF_UNIX;
	memcpy(su.sun_path, "sock", 5);
	bind(l, (struct sockaddr *)&su, offsetof(struct sockaddr_un, sun_path) + 5);
	c = socket(AF_UNIX, SOCK_DGRAM, 0);
	memcpy(su.sun_path, "\0abstract\n", 10);
	bind(c, (struct sockaddr *)&su, offsetof(struct sockaddr_un, sun_path) + 10);
	len = sizeof(su);
	getsockname(c, (struct sockaddr *)&su, &len);
	memset(su.sun_path, 'x', sizeof(su.sun_path));
	bind(c, (struct sockaddr *)&su, sizeof(su));
	su.sun_family = AF_UNIX;
	bind(c, (struct sockaddr *)&su, 2);
	memcpy(su.sun_path, "sock", 5);
	sendto(c, "dg", 2, 0, (struct sockaddr *)&su,
	       offsetof(struct sockaddr_un, sun_path) + 5);
	len = sizeof(su);
	recvfrom(l, buf, sizeof(buf), MSG_DONTWAIT, (struct sockaddr *)&su, &len);
	/*
	 * Output addresses that end a page before a hole: the kernel writes
	 * only the length it was given (16, 4) and says the whole one (18).
	 */
	{
		char *m = mmap(NULL, 8192, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		socklen_t *pl = &len;
		struct sockaddr *end16 = (struct sockaddr *)(m + 4096 - 16);
		struct sockaddr_un sx = { .sun_family = AF_UNIX };
		int x = socket(AF_UNIX, SOCK_DGRAM, 0);
		int y = socket(AF_UNIX, SOCK_DGRAM, 0);

		memcpy(sx.sun_path, "sockname-longer", 16);
		bind(x, (struct sockaddr *)&sx, offsetof(struct sockaddr_un, sun_path) + 16);
		memcpy(sx.sun_path, "sockname-sender", 16);
		bind(y, (struct sockaddr *)&sx, offsetof(struct sockaddr_un, sun_path) + 16);
		memcpy(sx.sun_path, "sockname-longer", 16);
		if (m != MAP_FAILED && !munmap(m + 4096, 4096)) {
			*pl = sizeof(struct sockaddr);
			getsockname(x, end16, pl);
			*pl = 4;
			getsockname(x, (struct sockaddr *)(m + 4096 - 4), pl);
			sendto(y, "dg", 2, 0, (struct sockaddr *)&sx,
			       offsetof(struct sockaddr_un, sun_path) + 16);
			*pl = sizeof(struct sockaddr);
			recvfrom(x, buf, sizeof(buf), MSG_DONTWAIT, end16, pl);
		}
		close(x);
		close(y);
		unlink("sockname-longer");
		unlink("sockname-sender");
	}
	memset(&s4, 0, sizeof(s4));
	s4.sin_family = AF_INET;
	s4.sin_port = htons(9);
	s4.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	connect(c, (struct sockaddr *)&s4, sizeof(s4));
	s4.sin_family = 0xff;
	connect(c, (struct sockaddr *)&s4, sizeof(s4));
	s4.sin_family = AF_UNSPEC;
	connect(c, (struct sockaddr *)&s4, sizeof(s4));
	connect(c, KBAD, sizeof(s4));
	close(c);
	close(l);
	unlink("sock");

	/* netlink: the address, a short one */
	l = socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE);
	{
		struct sockaddr_nl nl = { .nl_family = AF_NETLINK,
					  .nl_pid = 0, .nl_groups = 5 };

		bind(l, (struct sockaddr *)&nl, 6);
	}
	close(l);

	/*
	 * MSG_TRUNC: a datagram longer than the buffer returns its whole
	 * length; the buffer (its last byte before a hole) holds min(ret, len)
	 */
	socketpair(AF_UNIX, SOCK_DGRAM, 0, sv);
	{
		char *page = mmap(NULL, 8192, PROT_READ | PROT_WRITE,
				  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (page != MAP_FAILED) {
			munmap(page + 4096, 4096);
			send(sv[1], "AB", 2, 0);
			recvfrom(sv[0], page + 4095, 1, MSG_TRUNC, NULL, NULL);
			send(sv[1], "0123456789", 10, 0);
			recvfrom(sv[0], page + 4090, 6, MSG_TRUNC | MSG_PEEK,
				 NULL, NULL);
			recv(sv[0], page + 4090, 6, 0);
		}
	}
	close(sv[0]);
	close(sv[1]);
	sc(SYS_listen, -1, 0, 0, 0, 0, 0);
	return 0;
}
