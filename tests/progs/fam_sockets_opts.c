// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_sockets.sh: socket option values by level
 * and name (decoders/fmt_sockopt.c), each at the lengths that change how
 * strace prints it: getsockopt's value cut by the kernel's length inside
 * a field (struct linger, struct ucred, tpacket_stats), an int option
 * shorter or longer than an int, SO_ERROR as an errno name, SO_TXREHASH's
 * names, ICMP_FILTER's set and its complement, packet_mreq and
 * tpacket_req at and off their size, ip_mreq before a hole (its length
 * says more than is mapped), lengths the kernel never gives (0, -1).
 * Calls on fd -1 fail before the kernel reads the value: strace prints
 * it all the same.  Exits 0.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <linux/filter.h>
#include <linux/icmp.h>
#include <linux/if_packet.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include "fam.h"

#ifndef SO_TXREHASH
#define SO_TXREHASH 74
#endif

int main(void)
{
	static const socklen_t cuts[] = { 0, 3, 4, 7, 8, 11, 12, 16 };
	struct tpacket_req req;
	struct packet_mreq mr;
	struct ip_mreq *im;
	struct linger lg;
	struct ucred uc;
	unsigned char *page;
	socklen_t len;
	int sv[2], u, v;

	socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
	u = socket(AF_INET, SOCK_DGRAM, 0);

	/* getsockopt: the kernel's length cuts the value inside a field */
	lg.l_onoff = 1;
	lg.l_linger = 42;
	setsockopt(sv[0], SOL_SOCKET, SO_LINGER, &lg, sizeof(lg));
	setsockopt(sv[0], SOL_SOCKET, SO_LINGER, &lg, 4);
	setsockopt(sv[0], SOL_SOCKET, SO_LINGER, &lg, 9);
	for (unsigned int j = 0; j < sizeof(cuts) / sizeof(cuts[0]); j++) {
		len = cuts[j];
		getsockopt(sv[0], SOL_SOCKET, SO_LINGER, &lg, &len);
		/* the pid's own bytes differ from run to run: not cut */
		len = cuts[j];
		if (len != 3)
			getsockopt(sv[0], SOL_SOCKET, SO_PEERCRED, &uc, &len);
		len = cuts[j];
		getsockopt(sv[0], SOL_SOCKET, SO_DEBUG, &v, &len);
		len = cuts[j];
		getsockopt(sv[0], SOL_SOCKET, SO_TYPE, &v, &len);
		len = cuts[j];
		getsockopt(-1, SOL_PACKET, PACKET_STATISTICS, &uc, &len);
	}
	len = -1;
	getsockopt(sv[0], SOL_SOCKET, SO_LINGER, &lg, &len);
	getsockopt(sv[0], SOL_SOCKET, SO_LINGER, NULL, &len);

	/* SO_ERROR: an errno, or its bytes when shorter than an int */
	v = 0;
	len = sizeof(v);
	getsockopt(sv[0], SOL_SOCKET, SO_ERROR, &v, &len);
	len = 1;
	getsockopt(sv[0], SOL_SOCKET, SO_ERROR, &v, &len);

	/* ints: shorter, exactly, longer; SO_TXREHASH by name */
	v = -7;
	setsockopt(sv[0], SOL_SOCKET, SO_DEBUG, &v, 3);
	setsockopt(sv[0], SOL_SOCKET, SO_DEBUG, &v, 4);
	setsockopt(sv[0], SOL_SOCKET, SO_DEBUG, &v, 5);
	setsockopt(sv[0], SOL_SOCKET, SO_PASSCRED, NULL, 4);
	setsockopt(u, SOL_IP, IP_TOS, &v, 2);
	for (v = 0; v < 3; v++)
		setsockopt(sv[0], SOL_SOCKET, SO_TXREHASH, &v, sizeof(v));
	v = 255;
	setsockopt(sv[0], SOL_SOCKET, SO_TXREHASH, &v, sizeof(v));
	len = sizeof(v);
	getsockopt(sv[0], SOL_SOCKET, SO_TXREHASH, &v, &len);

	/* ICMP_FILTER: a few types set, most set (~), cut short */
	v = (1 << ICMP_ECHOREPLY) | (1 << ICMP_ECHO) | (1 << 31);
	setsockopt(-1, SOL_RAW, ICMP_FILTER, &v, sizeof(v));
	v = ~v;
	setsockopt(-1, SOL_RAW, ICMP_FILTER, &v, sizeof(v));
	setsockopt(-1, SOL_RAW, ICMP_FILTER, &v, 1);
	setsockopt(-1, SOL_RAW, ICMP_FILTER, &v, 0);
	len = sizeof(v);
	getsockopt(-1, SOL_RAW, ICMP_FILTER, &v, &len);

	/* SOL_PACKET: packet_mreq and tpacket_req, at and off their size */
	memset(&mr, 0xab, sizeof(mr));
	mr.mr_ifindex = 0;
	mr.mr_type = PACKET_MR_PROMISC;
	mr.mr_alen = 6;
	setsockopt(-1, SOL_PACKET, PACKET_ADD_MEMBERSHIP, &mr, sizeof(mr));
	mr.mr_type = 77;
	mr.mr_alen = 12;
	setsockopt(-1, SOL_PACKET, PACKET_DROP_MEMBERSHIP, &mr, sizeof(mr));
	setsockopt(-1, SOL_PACKET, PACKET_ADD_MEMBERSHIP, &mr, sizeof(mr) - 1);
	req.tp_block_size = 4096;
	req.tp_block_nr = 2;
	req.tp_frame_size = 2048;
	req.tp_frame_nr = 4;
	setsockopt(-1, SOL_PACKET, PACKET_RX_RING, &req, sizeof(req));
	setsockopt(-1, SOL_PACKET, PACKET_TX_RING, &req, sizeof(req) + 1);
	setsockopt(-1, SOL_PACKET, 0x7777, NULL, 0);

	/* ip_mreq at the end of a page: a length past it still decodes */
	page = mmap(NULL, 8192, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED)
		return 1;
	munmap(page + 4096, 4096);
	im = (struct ip_mreq *)(page + 4096 - sizeof(*im));
	im->imr_multiaddr.s_addr = inet_addr("224.0.0.3");
	im->imr_interface.s_addr = inet_addr("127.0.0.1");
	setsockopt(u, SOL_IP, IP_ADD_MEMBERSHIP, im, sizeof(*im) - 1);
	setsockopt(u, SOL_IP, IP_ADD_MEMBERSHIP, im, sizeof(*im));
	setsockopt(u, SOL_IP, IP_DROP_MEMBERSHIP, im, 0x7fffffff);
	setsockopt(u, SOL_IP, IP_DROP_MEMBERSHIP, BAD, sizeof(*im));
	/* a negative length: a pointer, whatever the memory holds */
	memcpy(&mr, im, sizeof(*im));
	setsockopt(u, SOL_IP, IP_ADD_MEMBERSHIP, &mr, -1);
	setsockopt(sv[0], SOL_SOCKET, SO_LINGER, &mr, -1);
	/* an unknown option's bytes, before the hole: a pointer */
	setsockopt(u, SOL_IP, 0x7777, page + 4096 - 4, 8);

	/* classic BPF socket filters: attached, read back, cut by a hole */
	{
		struct sock_filter flt[] = {
			{ 0x30, 0, 0, 0xffe00004 },	/* ld b [SKF_LL_OFF+4] */
			{ 0x30, 0, 0, 0xfffff000 },	/* ld b [SKF_AD_PROTOCOL] */
			{ 0x15, 0, 1, 0x11 },		/* jeq 0x11 */
			{ 0x80, 0, 0, 0 },		/* ld len */
			{ 0x06, 0, 0, 0xffffffff },	/* ret -1 */
			{ 0x06, 0, 0, 0 },		/* ret 0 */
		};
		struct sock_fprog fp = { 6, flt };
		struct sock_filter back[8];
		struct sock_filter *edge = (struct sock_filter *)(page + 4096 - 8);
		socklen_t n = 8;

		setsockopt(u, SOL_SOCKET, SO_ATTACH_FILTER, &fp, sizeof(fp));
		getsockopt(u, SOL_SOCKET, SO_GET_FILTER, back, &n);
		n = 0;
		getsockopt(u, SOL_SOCKET, SO_GET_FILTER, back, &n);
		setsockopt(u, SOL_SOCKET, SO_DETACH_FILTER, &v, sizeof(v));
		setsockopt(u, SOL_SOCKET, SO_ATTACH_FILTER, &fp, sizeof(fp) - 4);
		memcpy(edge, flt, 8);
		fp.filter = edge;
		fp.len = 3;
		setsockopt(u, SOL_SOCKET, SO_ATTACH_FILTER, &fp, sizeof(fp));
		fp.len = 0;
		setsockopt(u, SOL_SOCKET, SO_ATTACH_REUSEPORT_CBPF, &fp,
			   sizeof(fp));
		fp.filter = NULL;
		fp.len = 2;
		setsockopt(u, SOL_SOCKET, SO_ATTACH_FILTER, &fp, sizeof(fp));
	}

	/* group_req and ipv6_mreq: the interface (lo) is named */
	{
		struct group_req gr;
		struct ipv6_mreq m6;
		struct sockaddr_in *g4 = (struct sockaddr_in *)&gr.gr_group;
		struct sockaddr_in6 *g6 = (struct sockaddr_in6 *)&gr.gr_group;
		int u6 = socket(AF_INET6, SOCK_DGRAM, 0);

		memset(&gr, 0, sizeof(gr));
		gr.gr_interface = 1;
		g4->sin_family = AF_INET;
		g4->sin_addr.s_addr = inet_addr("224.0.0.7");
		setsockopt(u, SOL_IP, MCAST_JOIN_GROUP, &gr, sizeof(gr));
		setsockopt(u, SOL_IP, MCAST_LEAVE_GROUP, &gr, sizeof(gr));
		setsockopt(u, SOL_IP, MCAST_JOIN_GROUP, &gr, sizeof(gr) - 1);
		memset(&gr, 0, sizeof(gr));
		gr.gr_interface = 1;
		g6->sin6_family = AF_INET6;
		inet_pton(AF_INET6, "ff02::7", &g6->sin6_addr);
		setsockopt(u6, SOL_IPV6, MCAST_JOIN_GROUP, &gr, sizeof(gr));
		setsockopt(u6, SOL_IPV6, MCAST_LEAVE_GROUP, &gr, sizeof(gr));
		memset(&m6, 0, sizeof(m6));
		inet_pton(AF_INET6, "ff02::8", &m6.ipv6mr_multiaddr);
		m6.ipv6mr_interface = 1;
		setsockopt(u6, SOL_IPV6, IPV6_ADD_MEMBERSHIP, &m6, sizeof(m6));
		setsockopt(u6, SOL_IPV6, IPV6_DROP_MEMBERSHIP, &m6, sizeof(m6));
		setsockopt(u6, SOL_IPV6, IPV6_JOIN_ANYCAST, &m6, sizeof(m6) - 1);
		m6.ipv6mr_interface = 77777;
		setsockopt(u6, SOL_IPV6, IPV6_LEAVE_ANYCAST, &m6, sizeof(m6));
		close(u6);
	}

	close(u);
	close(sv[0]);
	close(sv[1]);
	return 0;
}
