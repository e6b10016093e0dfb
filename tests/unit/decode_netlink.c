// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: netlink messages sent with sendto (fmt_netlink.c, fmt_rtnl*.c,
 * fmt_nlattr.c), whole lines as strace 6.1 printed them for the same
 * bytes (its nlattr_* tests' programs): interface indexes named only on a
 * socket of etrace's network namespace, nested attributes, and the
 * attribute payloads etrace decodes.
 */
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>

#include "check_decode.h"

#define ADDR	0x7f0000001000ull

static uint8_t msg[1024];
static size_t msg_len;

/* the fake tracer's interfaces: 1 is "lo" */
static int names(const void *ctx, uint32_t index, char *name)
{
	(void)ctx;
	if (index != 1)
		return 0;
	strcpy(name, "lo");
	return 1;
}

static void put(const void *p, size_t n)
{
	memcpy(msg + msg_len, p, n);
	msg_len += n;
}

/* a nlmsghdr of type and flags, then the payload's bytes put later */
static void start(uint16_t type, uint16_t flags)
{
	struct nlmsghdr h = { .nlmsg_type = type, .nlmsg_flags = flags };

	memset(msg, 0, sizeof(msg));
	msg_len = 0;
	put(&h, sizeof(h));
}

static void attr(uint16_t type, const void *p, uint16_t n)
{
	struct nlattr a = { .nla_len = (uint16_t)(NLA_HDRLEN + n),
			    .nla_type = type };

	put(&a, sizeof(a));
	put(p, n);
	msg_len = (msg_len + 3) & ~(size_t)3;
}

/* the line of sendto(3, msg, msg_len, MSG_DONTWAIT) on a route socket */
static const char *sent(int own_ns, int style)
{
	static struct cap k;
	struct sc_call c = CALL(SYS_sendto, 0, 3, ADDR, 0, MSG_DONTWAIT, 0, 0);

	((struct nlmsghdr *)msg)->nlmsg_len = (uint32_t)msg_len;
	c.args[2] = msg_len;
	c.ret = (int64_t)msg_len;
	k = CAP(msg, msg_len);
	k.nlproto = (uint8_t)((NETLINK_ROUTE + 1) |
			      (own_ns ? NLPROTO_OWN_NS : 0));
	c.cap[1] = &k;
	return run_style(&c, style);
}

static void test_ifindex(void)
{
	struct ifinfomsg ifi = { .ifi_family = AF_UNIX, .ifi_type = 772,
				 .ifi_index = 1, .ifi_flags = 1 };

	start(RTM_GETLINK, NLM_F_DUMP);
	put(&ifi, sizeof(ifi));
	CHECK_STR(sent(1, XSTYLE_ABBREV), "sendto(3, [{nlmsg_len=32, "
		  "nlmsg_type=RTM_GETLINK, nlmsg_flags=NLM_F_DUMP, nlmsg_seq=0,"
		  " nlmsg_pid=0}, {ifi_family=AF_UNIX, ifi_type=ARPHRD_LOOPBACK,"
		  " ifi_index=if_nametoindex(\"lo\"), ifi_flags=IFF_UP, "
		  "ifi_change=0}], 32, MSG_DONTWAIT, NULL, 0) = 32");
	CHECK_STR(sent(1, XSTYLE_VERBOSE), "sendto(3, [{nlmsg_len=32, "
		  "nlmsg_type=0x12 /* RTM_GETLINK */, nlmsg_flags=0x300 /* "
		  "NLM_F_DUMP */, nlmsg_seq=0, nlmsg_pid=0}, {ifi_family=0x1 /* "
		  "AF_UNIX */, ifi_type=0x304 /* ARPHRD_LOOPBACK */, ifi_index=1"
		  " /* if_nametoindex(\"lo\") */, ifi_flags=0x1 /* IFF_UP */, "
		  "ifi_change=0}], 32, 0x40 /* MSG_DONTWAIT */, NULL, 0) = 32");
	CHECK_STR(sent(1, XSTYLE_RAW), "sendto(3, [{nlmsg_len=32, "
		  "nlmsg_type=0x12, nlmsg_flags=0x300, nlmsg_seq=0, nlmsg_pid=0},"
		  " {ifi_family=0x1, ifi_type=0x304, ifi_index=1, ifi_flags=0x1,"
		  " ifi_change=0}], 32, 0x40, NULL, 0) = 32");
	/* another namespace's socket, or an index etrace has not: numbers */
	CHECK_STR(sent(0, XSTYLE_ABBREV), "sendto(3, [{nlmsg_len=32, "
		  "nlmsg_type=RTM_GETLINK, nlmsg_flags=NLM_F_DUMP, nlmsg_seq=0,"
		  " nlmsg_pid=0}, {ifi_family=AF_UNIX, ifi_type=ARPHRD_LOOPBACK,"
		  " ifi_index=1, ifi_flags=IFF_UP, ifi_change=0}], 32, "
		  "MSG_DONTWAIT, NULL, 0) = 32");
	((struct ifinfomsg *)(msg + NLMSG_HDRLEN))->ifi_index = 2;
	CHECK_STR(sent(1, XSTYLE_ABBREV), "sendto(3, [{nlmsg_len=32, "
		  "nlmsg_type=RTM_GETLINK, nlmsg_flags=NLM_F_DUMP, nlmsg_seq=0,"
		  " nlmsg_pid=0}, {ifi_family=AF_UNIX, ifi_type=ARPHRD_LOOPBACK,"
		  " ifi_index=2, ifi_flags=IFF_UP, ifi_change=0}], 32, "
		  "MSG_DONTWAIT, NULL, 0) = 32");
}

int main(void)
{
	fo.if_name = names;
	test_ifindex();
	CHECK_DONE();
}
