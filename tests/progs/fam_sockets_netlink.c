// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_sockets.sh: netlink messages in sendto's
 * and recvfrom's buffers (decoders/fmt_netlink.c).  Per protocol two
 * sockets, one bound to a port id of its own: the other sends to it (a
 * unicast between user sockets, which the kernel delivers without
 * acting on it), and it receives what was sent.  Messages: short
 * buffers, one header, a header and data, several, lengths too long and
 * too short, more than -s messages, NLMSG_ERROR (short, whole, capped,
 * with data), NLMSG_DONE, each protocol's types and flags, payloads by
 * family; a buffer whose header or payload lies past the end of its
 * mapping, an unmapped one, NULL.  Nothing blocks; exits 0.
 */
#define _GNU_SOURCE
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/selinux_netlink.h>
#include <linux/sock_diag.h>
#include <linux/xfrm.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include "fam.h"

#define PORT	0x7e57a000u	/* the receiving sockets' port ids: + protocol */

struct msg {
	struct nlmsghdr h;
	unsigned char data[64];
};

static int tx = -1, rx = -1;
static struct sockaddr_nl to;
static unsigned char in[8192];

/* send len bytes at p to the receiving socket, then receive them */
static void pass(const void *p, size_t len)
{
	sendto(tx, p, len, MSG_DONTWAIT, (struct sockaddr *)&to, sizeof(to));
	recvfrom(rx, in, sizeof(in), MSG_DONTWAIT, NULL, NULL);
}

static void hdr(struct msg *m, unsigned int len, unsigned short type,
		unsigned short flags)
{
	memset(m, 0, sizeof(*m));
	m->h.nlmsg_len = len;
	m->h.nlmsg_type = type;
	m->h.nlmsg_flags = flags;
	m->h.nlmsg_seq = 42;
	m->h.nlmsg_pid = 0;
}

static void open_pair(int proto)
{
	struct sockaddr_nl me = { .nl_family = AF_NETLINK };

	if (tx >= 0) {
		close(tx);
		close(rx);
	}
	tx = socket(AF_NETLINK, SOCK_RAW, proto);
	rx = socket(AF_NETLINK, SOCK_RAW, proto);
	/* (strace knows the protocol of a bound socket only) */
	me.nl_pid = PORT + 0x100 + (unsigned int)proto;
	bind(tx, (struct sockaddr *)&me, sizeof(me));
	me.nl_pid = PORT + (unsigned int)proto;
	bind(rx, (struct sockaddr *)&me, sizeof(me));
	to = me;
}

/* the framing, on a protocol with no types of its own (USERSOCK) */
static void framing(void)
{
	struct msg m[2], many[40];
	struct {
		struct nlmsghdr h;
		struct nlmsgerr e;
		char more[4];
	} err;
	int num = -2;

	pass("abcd", 4);
	hdr(&m[0], 16, NLMSG_NOOP, NLM_F_REQUEST | NLM_F_DUMP);
	pass(&m[0], 16);
	hdr(&m[0], 20, NLMSG_NOOP, NLM_F_REQUEST | NLM_F_ACK);
	memcpy(m[0].data, "abcd", 4);
	pass(&m[0], 20);
	m[0].h.nlmsg_len = 200;
	pass(&m[0], 20);
	m[0].h.nlmsg_len = 8;
	pass(&m[0], 20);
	/* two messages, the second too short for its header */
	hdr(&m[0], 20, 0x10, NLM_F_MULTI);
	memcpy(&m[1], &m[0], sizeof(m[0]));
	memcpy((char *)m + 20, &m[1].h, 16);
	pass(m, 36);
	pass(m, 30);
	/* more messages than -s shows */
	for (int i = 0; i < 40; i++)
		hdr(&many[i], 16, NLMSG_NOOP, NLM_F_REQUEST);
	for (int i = 0; i < 40; i++)
		memcpy((char *)many + 16 * i, &many[i].h, 16);
	pass(many, 16 * 40);
	/* NLMSG_ERROR: short, whole, with data, capped */
	hdr(&m[0], 18, NLMSG_ERROR, NLM_F_REQUEST);
	pass(&m[0], 18);
	memset(&err, 0, sizeof(err));
	err.h.nlmsg_len = sizeof(err) - 4;
	err.h.nlmsg_type = NLMSG_ERROR;
	err.e.error = -13;
	err.e.msg.nlmsg_len = 16;
	err.e.msg.nlmsg_type = NLMSG_DONE;
	err.e.msg.nlmsg_flags = NLM_F_MULTI;
	err.e.msg.nlmsg_seq = 7;
	pass(&err, sizeof(err) - 4);
	err.h.nlmsg_len = sizeof(err);
	err.e.msg.nlmsg_len = 20;
	memcpy(err.more, "\1\2\3\4", 4);
	pass(&err, sizeof(err));
	err.h.nlmsg_flags = NLM_F_CAPPED;
	err.e.error = 0;
	pass(&err, sizeof(err));
	/* extended ack: a message, an offset, a cookie, an unknown one */
	{
		static const unsigned char attrs[32] = {
			8, 0, NLMSGERR_ATTR_MSG, 0, 'b', 'a', 'd', 0,
			8, 0, NLMSGERR_ATTR_OFFS, 0, 20, 0, 0, 0,
			7, 0, NLMSGERR_ATTR_COOKIE, 0, 1, 2, 3, 0,
			6, 0, 0x80, 0x80, 'x', 'y', 0, 0,
		};
		struct {
			struct nlmsghdr h;
			struct nlmsgerr e;
			unsigned char attrs[32];
		} ack;

		memset(&ack, 0, sizeof(ack));
		ack.h.nlmsg_len = sizeof(ack);
		ack.h.nlmsg_type = NLMSG_ERROR;
		ack.h.nlmsg_flags = NLM_F_CAPPED | NLM_F_ACK_TLVS;
		ack.e.error = -22;
		ack.e.msg.nlmsg_len = 36;
		ack.e.msg.nlmsg_type = 0x10;
		memcpy(ack.attrs, attrs, sizeof(attrs));
		pass(&ack, sizeof(ack));
		ack.attrs[0] = 200;
		pass(&ack, sizeof(ack));
	}
	/* NLMSG_DONE: an int, two bytes */
	hdr(&m[0], 20, NLMSG_DONE, NLM_F_MULTI);
	memcpy(m[0].data, &num, 4);
	pass(&m[0], 20);
	m[0].h.nlmsg_len = 18;
	pass(&m[0], 18);
	/* an unknown flag, a control type with none of its flags */
	hdr(&m[0], 16, NLMSG_OVERRUN, 0x8000 | NLM_F_ECHO);
	pass(&m[0], 16);
	hdr(&m[0], 16, 7, 0x300);
	pass(&m[0], 16);
}

/* where the memory ends: a header or a payload past it, none at all */
static void edges(char *end)
{
	struct msg m;

	hdr(&m, 20, NLMSG_NOOP, NLM_F_REQUEST);
	memcpy(end - 16, &m.h, 16);
	pass(end - 16, 20);
	memcpy(end - 15, &m.h, 15);
	pass(end - 15, 16);
	/* a second header past the end */
	hdr(&m, 16, NLMSG_NOOP, NLM_F_REQUEST);
	memcpy(end - 16, &m.h, 16);
	pass(end - 16, 32);
	/* an NLMSG_DONE's int, an nlmsgerr past the end */
	hdr(&m, 20, NLMSG_DONE, 0);
	memcpy(end - 16, &m.h, 16);
	pass(end - 16, 20);
	hdr(&m, 36, NLMSG_ERROR, 0);
	memcpy(end - 20, &m, 20);
	pass(end - 20, 36);
	sendto(tx, BAD, 16, MSG_DONTWAIT, (struct sockaddr *)&to, sizeof(to));
	sendto(tx, NULLP, 16, MSG_DONTWAIT, (struct sockaddr *)&to, sizeof(to));
	sendto(tx, end - 4, 0, MSG_DONTWAIT, (struct sockaddr *)&to, sizeof(to));
}

/*
 * sendmsg and recvmsg: an iovec's buffers are messages when the address
 * is a netlink one (strace's rule), each buffer on its own
 */
static void msgs(void)
{
	struct sockaddr_nl from;
	struct msg m[2];
	struct iovec iov[3];
	struct msghdr mh;

	hdr(&m[0], 20, NLMSG_DONE, NLM_F_MULTI);
	hdr(&m[1], 16, RTM_GETADDR, NLM_F_REQUEST | NLM_F_DUMP);
	iov[0].iov_base = &m[0];
	iov[0].iov_len = 20;
	iov[1].iov_base = &m[1];
	iov[1].iov_len = 16;
	iov[2].iov_base = "abc";
	iov[2].iov_len = 3;
	memset(&mh, 0, sizeof(mh));
	mh.msg_name = &to;
	mh.msg_namelen = sizeof(to);
	mh.msg_iov = iov;
	mh.msg_iovlen = 3;
	sendmsg(tx, &mh, MSG_DONTWAIT);
	/* received into one buffer, then into two cut short */
	iov[0].iov_base = in;
	iov[0].iov_len = sizeof(in);
	mh.msg_name = &from;
	mh.msg_namelen = sizeof(from);
	mh.msg_iovlen = 1;
	recvmsg(rx, &mh, MSG_DONTWAIT);
	sendmsg(tx, &(struct msghdr){ .msg_name = &to,
				      .msg_namelen = sizeof(to),
				      .msg_iov = iov + 1, .msg_iovlen = 1 },
		MSG_DONTWAIT);
	iov[0].iov_len = 10;
	iov[1].iov_base = in + 10;
	iov[1].iov_len = 100;
	mh.msg_namelen = sizeof(from);
	mh.msg_iovlen = 2;
	recvmsg(rx, &mh, MSG_DONTWAIT);
	/* no address: a string, as any data */
	mh.msg_name = NULL;
	mh.msg_namelen = 0;
	mh.msg_iov = iov + 1;
	mh.msg_iovlen = 1;
	iov[1].iov_base = &m[1];
	iov[1].iov_len = 16;
	sendmsg(tx, &mh, MSG_DONTWAIT);
	recvfrom(rx, in, sizeof(in), MSG_DONTWAIT, NULL, NULL);
}

static void route(void)
{
	struct msg m;

	open_pair(NETLINK_ROUTE);
	hdr(&m, 17, RTM_GETLINK, NLM_F_REQUEST | NLM_F_DUMP);
	pass(&m, 16);
	hdr(&m, 16, RTM_NEWLINK, NLM_F_REQUEST | NLM_F_CREATE | NLM_F_EXCL);
	pass(&m, 16);
	hdr(&m, 16, RTM_DELADDR, NLM_F_REQUEST | NLM_F_NONREC);
	pass(&m, 16);
	hdr(&m, 16, RTM_DELACTION, NLM_F_REQUEST | NLM_F_ROOT);
	pass(&m, 16);
	/* payloads known by their family only */
	hdr(&m, 17, 0xffff, NLM_F_REQUEST);
	m.data[0] = AF_INET;
	pass(&m, 17);
	hdr(&m, 21, RTM_NEWPREFIX, NLM_F_REQUEST);
	m.data[0] = 0xfd;
	memcpy(m.data + 1, "1234", 4);
	pass(&m, 21);
	/* DONE is not the protocol's */
	hdr(&m, 20, NLMSG_DONE, NLM_F_MULTI);
	pass(&m, 20);
	/*
	 * the structs: whole, short, with attributes (of types strace
	 * shows as bytes); interface indexes no interface has (strace
	 * names those that exist)
	 */
	{
		struct ifinfomsg ifi = {
			.ifi_family = AF_UNSPEC, .ifi_type = 772,
			.ifi_index = 0x7ffffff0, .ifi_flags = 0x10041,
			.ifi_change = 0xffffffff,
		};
		struct ifaddrmsg ifa = {
			.ifa_family = AF_INET6, .ifa_prefixlen = 64,
			.ifa_flags = 0x81, .ifa_scope = 253,
			.ifa_index = 0x7ffffff1,
		};
		struct rtmsg rtm = {
			.rtm_family = AF_INET, .rtm_dst_len = 24,
			.rtm_tos = 0x10, .rtm_table = 254, .rtm_protocol = 4,
			.rtm_scope = 0, .rtm_type = 1, .rtm_flags = 0x1100,
		};
		static const unsigned char attr[] = {
			8, 0, 0xfe, 0x3f, 1, 2, 3, 4,
			5, 0, 0xfd, 0x3f, 9, 0, 0, 0,
		};

		hdr(&m, 16 + sizeof(ifi), RTM_NEWLINK, NLM_F_REQUEST | NLM_F_CREATE);
		memcpy(m.data, &ifi, sizeof(ifi));
		pass(&m, 16 + sizeof(ifi));
		memcpy(m.data + sizeof(ifi), attr, sizeof(attr));
		m.h.nlmsg_len += sizeof(attr);
		pass(&m, m.h.nlmsg_len);
		hdr(&m, 16 + 6, RTM_GETLINK, NLM_F_REQUEST | NLM_F_DUMP);
		pass(&m, 16 + 6);
		hdr(&m, 16 + sizeof(ifa) + 8, RTM_GETADDR, NLM_F_REQUEST);
		memcpy(m.data, &ifa, sizeof(ifa));
		memcpy(m.data + sizeof(ifa), attr + 8, 8);
		pass(&m, m.h.nlmsg_len);
		hdr(&m, 16 + sizeof(rtm), RTM_NEWROUTE, NLM_F_REQUEST | NLM_F_APPEND);
		memcpy(m.data, &rtm, sizeof(rtm));
		pass(&m, 16 + sizeof(rtm));
		rtm.rtm_scope = 7;
		rtm.rtm_table = 99;
		rtm.rtm_type = 99;
		rtm.rtm_protocol = 0xfe;
		memcpy(m.data, &rtm, sizeof(rtm));
		pass(&m, 16 + sizeof(rtm));
	}
}

/* the other structs strace decodes, each with its fields' names */
static void route_more(void)
{
	static const struct {
		unsigned short type;
		unsigned char len;
		unsigned char bytes[24];
	} msgs[] = {
		/* ndmsg: ifindex, NUD_*, NTF_*, RTN_* */
		{ RTM_NEWNEIGH, 12, { 2, 0, 0, 0, 0xf0, 0xff, 0xff, 0x7f,
				      0x80, 0, 0x08, 1 } },
		{ RTM_GETNEIGH, 12, { 7, 0, 0, 0, 0xf0, 0xff, 0xff, 0x7f,
				      0, 0x10, 0x40, 0 } },
		/* AF_BRIDGE's RTM_GETNEIGH is an ifinfomsg */
		{ RTM_GETNEIGH, 16, { 7, 0, 1, 0, 0xf0, 0xff, 0xff, 0x7f } },
		/* ifaddrlblmsg, fib_rule_hdr */
		{ RTM_NEWADDRLABEL, 12, { 10, 64, 3, 0, 0xf0, 0xff, 0xff, 0x7f,
					  9, 0, 0, 0 } },
		{ RTM_NEWRULE, 12, { 2, 8, 16, 0x08, 255, 0, 0, 1,
				     2, 0, 0, 0 } },
		{ RTM_GETRULE, 12, { 2, 8, 16, 0, 77, 0, 0, 99,
				     0, 0, 0, 0x80 } },
		/* tcmsg, tcamsg, ndtmsg, dcbmsg, netconfmsg */
		{ RTM_NEWQDISC, 20, { 0, 0, 0, 0, 0xf0, 0xff, 0xff, 0x7f,
				      1, 0, 1, 0, 0xff, 0xff, 0xff, 0xff } },
		{ RTM_GETCHAIN, 18, { 0 } },
		{ RTM_NEWACTION, 4, { 2 } },
		{ RTM_GETNEIGHTBL, 12, { 10, 0, 0, 0, 8, 0, 0x3f, 0,
					 1, 2, 3, 4 } },
		{ RTM_SETDCB, 4, { 0, 5 } },
		{ RTM_GETNETCONF, 9, { 2, 0, 0, 0, 5, 0, 1, 0, 1 } },
		/* br_port_msg, rtgenmsg (nsid), nhmsg with resvd */
		{ RTM_GETMDB, 8, { 7, 0, 0, 0, 0xf0, 0xff, 0xff, 0x7f } },
		{ RTM_NEWNSID, 12, { 0, 0, 0, 0, 8, 0, 1, 0, 5, 0, 0, 0 } },
		{ RTM_NEWNEXTHOP, 8, { 2, 0, 4, 0, 1, 0, 0, 0 } },
		{ RTM_NEWNEXTHOP, 8, { 2, 200, 99, 7, 0x40, 0, 0, 0 } },
	};
	struct msg m;

	for (unsigned int i = 0; i < sizeof(msgs) / sizeof(msgs[0]); i++) {
		hdr(&m, 16 + msgs[i].len, msgs[i].type, NLM_F_REQUEST);
		memcpy(m.data, msgs[i].bytes, msgs[i].len);
		pass(&m, m.h.nlmsg_len);
	}
}

/* a struct whose family can be read, not the rest */
static void route_edge(char *end)
{
	struct msg m;

	hdr(&m, 32, RTM_NEWLINK, NLM_F_REQUEST);
	m.data[0] = AF_INET;
	memcpy(end - 17, &m, 17);
	sendto(tx, end - 17, 32, MSG_DONTWAIT, (struct sockaddr *)&to,
	       sizeof(to));
}

static void diag(void)
{
	struct msg m;

	open_pair(NETLINK_SOCK_DIAG);
	hdr(&m, 16, SOCK_DIAG_BY_FAMILY, NLM_F_REQUEST | NLM_F_DUMP);
	pass(&m, 16);
	hdr(&m, 17, SOCK_DIAG_BY_FAMILY, NLM_F_REQUEST);
	pass(&m, 17);
	hdr(&m, 20, SOCK_DESTROY, 0);
	m.data[0] = 0xff;
	pass(&m, 20);
	hdr(&m, 16, 0x99, NLM_F_REQUEST | NLM_F_MATCH);
	pass(&m, 16);
}

static void others(void)
{
	struct msg m;

	open_pair(NETLINK_XFRM);
	hdr(&m, 16, XFRM_MSG_NEWSA, NLM_F_REQUEST | NLM_F_REPLACE);
	pass(&m, 16);
	hdr(&m, 16, XFRM_MSG_GETPOLICY, NLM_F_REQUEST | NLM_F_DUMP);
	pass(&m, 16);
	hdr(&m, 16, XFRM_MSG_DELSA, NLM_F_REQUEST | NLM_F_NONREC);
	pass(&m, 16);
	hdr(&m, 16, XFRM_MSG_FLUSHSA, NLM_F_REQUEST | NLM_F_APPEND);
	pass(&m, 16);
	open_pair(NETLINK_SELINUX);
	hdr(&m, 20, SELNL_MSG_SETENFORCE, 0);
	m.data[0] = 0xfe;
	pass(&m, 20);
	hdr(&m, 20, SELNL_MSG_POLICYLOAD, 0);
	pass(&m, 20);
	hdr(&m, 18, SELNL_MSG_POLICYLOAD, 0);
	pass(&m, 18);
	/* netfilter: subsystem<<8|message, nfgenmsg, attributes */
	open_pair(NETLINK_NETFILTER);
	hdr(&m, 16, 7 << 8 | 0, NLM_F_REQUEST | NLM_F_CREATE);
	pass(&m, 16);
	hdr(&m, 20, 10 << 8 | 1, NLM_F_REQUEST | NLM_F_DUMP);
	memcpy(m.data, "\x02\x00\x00\x0a", 4);
	pass(&m, 20);
	m.data[2] = 10;
	m.data[3] = 0;
	pass(&m, 20);
	hdr(&m, 28, 10 << 8 | 0xfe, NLM_F_REQUEST);
	memcpy(m.data, "\x0a\x01\xab\xcd\x08\x00\x05\x80\x01\x02\x03\x04", 12);
	pass(&m, 28);
	hdr(&m, 24, 0x10, NLM_F_REQUEST);
	memcpy(m.data, "\x00\x00\x00\x0a" "1234", 8);
	pass(&m, 24);
	hdr(&m, 17, 0x77 << 8 | 3, NLM_F_REQUEST | NLM_F_ACK);
	pass(&m, 17);
	hdr(&m, 20, NLMSG_DONE, NLM_F_MULTI);
	pass(&m, 20);
	/* kobject uevents: udev's header and properties, or a string */
	open_pair(NETLINK_KOBJECT_UEVENT);
	{
		unsigned char ue[56] = "libudev";
		unsigned int h[8] = { 0xcafe0000, 40, 40, 16, 0x12345678,
				      0, 0xffffffff, 1 };

		memcpy(ue + 8, h, sizeof(h));
		memcpy(ue + 40, "ACTION=add\0SEQ=1", 16);
		pass(ue, sizeof(ue));
		pass(ue, 40);
		pass(ue, 30);
		ue[7] = 'X';
		pass(ue, sizeof(ue));
		pass("add@/devices/virtual/misc/x\0ACTION=add", 38);
	}
	open_pair(NETLINK_AUDIT);
	hdr(&m, 16, 1000, NLM_F_REQUEST);
	pass(&m, 16);
	hdr(&m, 16, 0x7fff, NLM_F_REQUEST);
	pass(&m, 16);
}

int main(void)
{
	char *page = mmap(NULL, 8192, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (page == MAP_FAILED)
		return 1;
	munmap(page + 4096, 4096);
	open_pair(NETLINK_USERSOCK);
	framing();
	edges(page + 4096);
	route();
	route_more();
	route_edge(page + 4096);
	msgs();
	diag();
	others();
	close(tx);
	close(rx);
	return 0;
}
