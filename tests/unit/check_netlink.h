/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the netlink decoder tests (decode_netlink*.c) share: a message
 * built in msg (start, put, attr, nest), and the line strace prints for
 * sendto(3, msg, its length, MSG_DONTWAIT) on a socket of sock_proto.
 */
#ifndef ETRACE_CHECK_NETLINK_H
#define ETRACE_CHECK_NETLINK_H

#include <linux/netlink.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>

#include "check_decode.h"
#include "fmt_netlink.h"

#define ADDR	0x7f0000001000ull

static uint8_t msg[1024];
static size_t msg_len;

/* the fake tracer's interfaces: 1 is "lo" */
static inline int names(const void *ctx, uint32_t index, char *name)
{
	(void)ctx;
	if (index != 1)
		return 0;
	strcpy(name, "lo");
	return 1;
}

static inline void put(const void *p, size_t n)
{
	memcpy(msg + msg_len, p, n);
	msg_len += n;
}

/* a nlmsghdr of type and flags, then the payload's bytes put later */
static inline void start(uint16_t type, uint16_t flags)
{
	struct nlmsghdr h = { .nlmsg_type = type, .nlmsg_flags = flags };

	memset(msg, 0, sizeof(msg));
	msg_len = 0;
	put(&h, sizeof(h));
}

static inline void attr(uint16_t type, const void *p, uint16_t n)
{
	struct nlattr a = { .nla_len = (uint16_t)(NLA_HDRLEN + n),
			    .nla_type = type };

	put(&a, sizeof(a));
	put(p, n);
	msg_len = (msg_len + 3) & ~(size_t)3;
}

/* an attribute of type holding the ones put until nest_end(it) */
static inline size_t nest(uint16_t type)
{
	struct nlattr a = { .nla_type = type };
	size_t at = msg_len;

	put(&a, sizeof(a));
	return at;
}

static inline void nest_end(size_t at)
{
	((struct nlattr *)(msg + at))->nla_len = (uint16_t)(msg_len - at);
}

static int sock_proto = NETLINK_ROUTE;

/* the line of sendto(3, msg, msg_len, MSG_DONTWAIT) on a proto socket */
static inline const char *sent(int own_ns, int style)
{
	static struct cap k;
	struct sc_call c = CALL(SYS_sendto, 0, 3, ADDR, 0, MSG_DONTWAIT, 0, 0);

	((struct nlmsghdr *)msg)->nlmsg_len = (uint32_t)msg_len;
	c.args[2] = msg_len;
	c.ret = (int64_t)msg_len;
	k = CAP(msg, msg_len);
	k.nlproto = (uint8_t)((sock_proto + 1) |
			      (own_ns ? NLPROTO_OWN_NS : 0));
	c.cap[1] = &k;
	return run_style(&c, style);
}

#define NLH(len, type) "sendto(3, [{nlmsg_len=" #len ", nlmsg_type=" type \
	", nlmsg_flags=NLM_F_DUMP, nlmsg_seq=0, nlmsg_pid=0}, "
#define TAIL(len) "], " #len ", MSG_DONTWAIT, NULL, 0) = " #len

#endif
