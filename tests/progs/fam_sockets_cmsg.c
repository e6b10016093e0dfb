// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_sockets.sh: control messages
 * (decoders/fmt_cmsg.c).  sendmsg on fd -1 fails before the kernel reads
 * them, and strace prints them all the same: SCM_RIGHTS (more fds than
 * -s shows), SCM_CREDENTIALS, IP_TTL, IP_TOS, IP_RECVOPTS, IP_RECVERR
 * and IP_ORIGDSTADDR; each data shorter than its type's minimum;
 * a cmsg_len shorter than the header (the walk stops, the rest's address
 * in a comment), one longer than the buffer, an unknown level and type,
 * the timestamps at every size; then recvmsg on a socket pair with each
 * SO_TIMESTAMP* option on, the kernel's timestamps (the oracle hides
 * their values).  Exits 0.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <linux/errqueue.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include "fam.h"

#ifndef SO_TIMESTAMP_NEW
#define SO_TIMESTAMP_NEW 63
#define SO_TIMESTAMPNS_NEW 64
#endif

static union {
	struct cmsghdr h;
	unsigned char b[512];
} ctl;

/* sendmsg(-1) of one message: level, type, data of dlen bytes */
static void one(int level, int type, const void *data, size_t dlen,
		size_t cmsg_len, size_t controllen)
{
	struct msghdr mh;

	memset(&mh, 0, sizeof(mh));
	memset(&ctl, 0, sizeof(ctl));
	ctl.h.cmsg_len = cmsg_len ? cmsg_len : CMSG_LEN(dlen);
	ctl.h.cmsg_level = level;
	ctl.h.cmsg_type = type;
	memcpy(CMSG_DATA(&ctl.h), data, dlen);
	mh.msg_control = &ctl;
	mh.msg_controllen = controllen ? controllen : CMSG_SPACE(dlen);
	sendmsg(-1, &mh, 0);
}

int main(void)
{
	static const int opts[] = { SO_TIMESTAMP, SO_TIMESTAMPNS,
				    SO_TIMESTAMP_NEW, SO_TIMESTAMPNS_NEW };
	unsigned char bytes[64];
	struct sock_extended_err ee;
	struct sockaddr_in sin;
	struct ucred uc;
	struct msghdr mh;
	struct iovec iov;
	int fds[40], sv[2], v;
	char buf[8];

	for (int j = 0; j < 40; j++)
		fds[j] = j;
	for (unsigned int j = 0; j < sizeof(bytes); j++)
		bytes[j] = (unsigned char)(0x81 + j);

	one(SOL_SOCKET, SCM_RIGHTS, fds, 3 * sizeof(int), 0, 0);
	one(SOL_SOCKET, SCM_RIGHTS, fds, sizeof(fds), 0, 0);
	one(SOL_SOCKET, SCM_RIGHTS, fds, 2, 0, 0);
	uc.pid = 0;
	uc.uid = 1000;
	uc.gid = 100;
	one(SOL_SOCKET, SCM_CREDENTIALS, &uc, sizeof(uc), 0, 0);
	one(SOL_SOCKET, SCM_CREDENTIALS, &uc, 8, 0, 0);
	one(SOL_SOCKET, SO_TIMESTAMP, bytes, 16, 0, 0);
	one(SOL_SOCKET, SO_TIMESTAMP, bytes, 8, 0, 0);
	one(SOL_SOCKET, SO_TIMESTAMPNS, bytes, 16, 0, 0);
	one(SOL_SOCKET, SO_TIMESTAMPING, bytes, 48, 0, 0);
	one(SOL_SOCKET, SO_TIMESTAMPING, bytes, 40, 0, 0);
	one(SOL_SOCKET, 0x1234, bytes, 4, 0, 0);
	v = 64;
	one(SOL_IP, IP_TTL, &v, sizeof(v), 0, 0);
	one(SOL_IP, IP_TTL, &v, 2, 0, 0);
	one(SOL_IP, IP_TOS, bytes, 1, 0, 0);
	one(SOL_IP, IP_RECVOPTS, bytes, 5, 0, 0);
	one(SOL_IP, IP_RETOPTS, bytes, 40, 0, 0);
	memset(&ee, 0, sizeof(ee));
	ee.ee_errno = 111;
	ee.ee_origin = SO_EE_ORIGIN_ICMP;
	ee.ee_type = 3;
	ee.ee_code = 3;
	memset(&sin, 0, sizeof(sin));
	sin.sin_family = AF_INET;
	sin.sin_port = htons(53);
	sin.sin_addr.s_addr = inet_addr("10.1.2.3");
	memcpy(bytes, &ee, sizeof(ee));
	memcpy(bytes + sizeof(ee), &sin, sizeof(sin));
	one(SOL_IP, IP_RECVERR, bytes, sizeof(ee) + sizeof(sin), 0, 0);
	one(SOL_IP, IP_ORIGDSTADDR, &sin, sizeof(sin), 0, 0);
	/* IP_PKTINFO: the interface (lo) is named */
	{
		struct in_pktinfo pi;

		memset(&pi, 0, sizeof(pi));
		pi.ipi_ifindex = 1;
		pi.ipi_spec_dst.s_addr = inet_addr("1.2.3.4");
		pi.ipi_addr.s_addr = inet_addr("5.6.7.8");
		one(SOL_IP, IP_PKTINFO, &pi, sizeof(pi), 0, 0);
		pi.ipi_ifindex = 77777;
		one(SOL_IP, IP_PKTINFO, &pi, sizeof(pi), 0, 0);
	}
	one(SOL_IP, 0x99, bytes, 4, 0, 0);
	one(IPPROTO_TCP, 1, bytes, 4, 0, 0);
	/* a cmsg_len shorter than the header; longer than the buffer */
	one(SOL_SOCKET, SCM_RIGHTS, fds, 8, 8, 64);
	one(SOL_SOCKET, SCM_RIGHTS, fds, 8, 200, 32);
	/* two messages; a tail too short for a header */
	memset(&mh, 0, sizeof(mh));
	memset(&ctl, 0, sizeof(ctl));
	ctl.h.cmsg_len = CMSG_LEN(sizeof(int));
	ctl.h.cmsg_level = SOL_SOCKET;
	ctl.h.cmsg_type = SCM_RIGHTS;
	{
		struct cmsghdr *h2 = (struct cmsghdr *)(ctl.b + CMSG_SPACE(4));

		h2->cmsg_len = CMSG_LEN(sizeof(int));
		h2->cmsg_level = SOL_IP;
		h2->cmsg_type = IP_TTL;
	}
	mh.msg_control = &ctl;
	mh.msg_controllen = 2 * CMSG_SPACE(4);
	sendmsg(-1, &mh, 0);
	mh.msg_controllen = CMSG_SPACE(4) + 8;
	sendmsg(-1, &mh, 0);
	mh.msg_controllen = 8;
	sendmsg(-1, &mh, 0);

	/* the kernel's timestamps */
	socketpair(AF_UNIX, SOCK_DGRAM, 0, sv);
	for (unsigned int j = 0; j < sizeof(opts) / sizeof(opts[0]); j++) {
		v = 1;
		setsockopt(sv[1], SOL_SOCKET, opts[j], &v, sizeof(v));
		write(sv[0], "x", 1);
		memset(&mh, 0, sizeof(mh));
		iov.iov_base = buf;
		iov.iov_len = sizeof(buf);
		mh.msg_iov = &iov;
		mh.msg_iovlen = 1;
		mh.msg_control = &ctl;
		mh.msg_controllen = sizeof(ctl);
		recvmsg(sv[1], &mh, 0);
		v = 0;
		setsockopt(sv[1], SOL_SOCKET, opts[j], &v, sizeof(v));
	}
	close(sv[0]);
	close(sv[1]);
	return 0;
}
