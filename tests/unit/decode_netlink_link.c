// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit test: a link's IFLA_AF_SPEC (by the ifinfomsg's family) and
 * IFLA_LINKINFO (its data by the kind named before it), as strace 6.1
 * prints them (tests nlattr_ifla_af_spec, nlattr_ifla_linkinfo).
 */
#include <linux/if_bridge.h>
#include <linux/if_link.h>
#include <linux/rtnetlink.h>

#include "check_netlink.h"

#define IFI(fam) "{ifi_family=" fam ", ifi_type=ARPHRD_LOOPBACK, " \
	"ifi_index=if_nametoindex(\"lo\"), ifi_flags=IFF_UP, ifi_change=0}, "

static void link_start(int family)
{
	struct ifinfomsg ifi = { .ifi_family = (unsigned char)family,
				 .ifi_type = 772, .ifi_index = 1,
				 .ifi_flags = 1 };

	start(RTM_GETLINK, NLM_F_DUMP);
	put(&ifi, sizeof(ifi));
}

/* the line when the copy holds only its first n bytes */
static const char *sent_short(uint32_t n)
{
	static struct cap k;
	struct sc_call c = CALL(SYS_sendto, 0, 3, ADDR, 0, MSG_DONTWAIT, 0, 0);

	((struct nlmsghdr *)msg)->nlmsg_len = (uint32_t)msg_len;
	c.args[2] = msg_len;
	c.ret = (int64_t)msg_len;
	k = CAP(msg, n);
	k.nlproto = (uint8_t)((NETLINK_ROUTE + 1) | NLPROTO_OWN_NS);
	c.cap[1] = &k;
	return run_style(&c, XSTYLE_ABBREV);
}

static void test_af_spec(void)
{
	const int32_t conf[2] = { -2, 7 };
	const uint32_t net = 3;
	const uint16_t flags = 3, mode = 0xfffe;
	const uint16_t vlan[3] = { 2, 10, 0x6261 };
	size_t n, f;

	link_start(AF_UNIX);
	n = nest(IFLA_AF_SPEC);
	f = nest(AF_INET);
	attr(IFLA_INET_CONF, conf, sizeof(conf));
	nest_end(f);
	f = nest(45);		/* AF_MCTP */
	attr(1, &net, 4);
	nest_end(f);
	attr(AF_UNIX, "abc", 3);
	nest_end(n);
	CHECK_STR(sent(1, XSTYLE_ABBREV), NLH(72, "RTM_GETLINK") IFI("AF_UNIX")
		  "[{nla_len=40, nla_type=IFLA_AF_SPEC}, [[{nla_len=16, "
		  "nla_type=AF_INET}, [{nla_len=12, nla_type=IFLA_INET_CONF}, "
		  "[[IPV4_DEVCONF_FORWARDING-1]=-2, "
		  "[IPV4_DEVCONF_MC_FORWARDING-1]=7]]], [{nla_len=12, "
		  "nla_type=AF_MCTP}, [{nla_len=8, nla_type=IFLA_MCTP_NET}, 3]], "
		  "[{nla_len=7, nla_type=AF_UNIX}, \"\\x61\\x62\\x63\"]]]"
		  TAIL(72));
	/* the copy ends inside AF_MCTP's IFLA_MCTP_NET */
	CHECK_STR(sent_short(62), NLH(72, "RTM_GETLINK") IFI("AF_UNIX")
		  "[{nla_len=40, nla_type=IFLA_AF_SPEC}, [[{nla_len=16, "
		  "nla_type=AF_INET}, [{nla_len=12, nla_type=IFLA_INET_CONF}, "
		  "[[IPV4_DEVCONF_FORWARDING-1]=-2, "
		  "[IPV4_DEVCONF_MC_FORWARDING-1]=7]]], [{nla_len=12, "
		  "nla_type=AF_MCTP}, [{nla_len=8, nla_type=IFLA_MCTP_NET}, "
		  "0x7f000000103c]], ... /* 0x7f0000001040 */]]" TAIL(72));

	link_start(AF_BRIDGE);
	n = nest(IFLA_AF_SPEC);
	attr(IFLA_BRIDGE_FLAGS, &flags, 2);
	attr(IFLA_BRIDGE_MODE, &mode, 2);
	attr(IFLA_BRIDGE_VLAN_INFO, vlan, 6);
	nest_end(n);
	CHECK_STR(sent(1, XSTYLE_ABBREV), NLH(64, "RTM_GETLINK")
		  IFI("AF_BRIDGE") "[{nla_len=32, nla_type=IFLA_AF_SPEC}, "
		  "[[{nla_len=6, nla_type=IFLA_BRIDGE_FLAGS}, "
		  "BRIDGE_FLAGS_MASTER|BRIDGE_FLAGS_SELF], [{nla_len=6, "
		  "nla_type=IFLA_BRIDGE_MODE}, 0xfffe /* BRIDGE_MODE_??? */], "
		  "[{nla_len=10, nla_type=IFLA_BRIDGE_VLAN_INFO}, "
		  "{flags=BRIDGE_VLAN_INFO_PVID, vid=10}, \"\\x61\\x62\"]]]"
		  TAIL(64));
}

static void test_linkinfo(void)
{
	const uint8_t u8 = 161, tap = 2;
	size_t n, d;

	link_start(AF_UNIX);
	n = nest(IFLA_LINKINFO);
	attr(IFLA_INFO_KIND, "bridge", 7);
	d = nest(IFLA_INFO_DATA);
	attr(IFLA_BR_VLAN_FILTERING, &u8, 1);
	attr(IFLA_BR_GROUP_ADDR, "\xab\xac", 2);
	nest_end(d);
	attr(IFLA_INFO_SLAVE_KIND, "tun", 4);
	attr(IFLA_INFO_SLAVE_DATA, &u8, 1);
	nest_end(n);
	CHECK_STR(sent(1, XSTYLE_ABBREV), NLH(84, "RTM_GETLINK") IFI("AF_UNIX")
		  "[{nla_len=52, nla_type=IFLA_LINKINFO}, [[{nla_len=11, "
		  "nla_type=IFLA_INFO_KIND}, \"bridge\"], [{nla_len=20, "
		  "nla_type=IFLA_INFO_DATA}, [[{nla_len=5, "
		  "nla_type=IFLA_BR_VLAN_FILTERING}, 161], [{nla_len=6, "
		  "nla_type=IFLA_BR_GROUP_ADDR}, ab:ac]]], [{nla_len=8, "
		  "nla_type=IFLA_INFO_SLAVE_KIND}, \"tun\"], [{nla_len=5, "
		  "nla_type=IFLA_INFO_SLAVE_DATA}, \"\\xa1\"]]]" TAIL(84));

	/* a tun's data, its kind without a NUL; a kind after the data
	   changes nothing */
	link_start(AF_UNIX);
	n = nest(IFLA_LINKINFO);
	attr(IFLA_INFO_KIND, "tun", 3);
	d = nest(IFLA_INFO_DATA);
	attr(IFLA_TUN_TYPE, &tap, 1);
	nest_end(d);
	d = nest(IFLA_INFO_DATA);
	attr(IFLA_TUN_TYPE, &tap, 1);
	nest_end(d);
	attr(IFLA_INFO_KIND, "bridge", 6);
	nest_end(n);
	CHECK_STR(sent(1, XSTYLE_ABBREV), NLH(80, "RTM_GETLINK") IFI("AF_UNIX")
		  "[{nla_len=48, nla_type=IFLA_LINKINFO}, [[{nla_len=7, "
		  "nla_type=IFLA_INFO_KIND}, \"tun\"...], [{nla_len=12, "
		  "nla_type=IFLA_INFO_DATA}, [{nla_len=5, "
		  "nla_type=IFLA_TUN_TYPE}, IFF_TAP]], [{nla_len=12, "
		  "nla_type=IFLA_INFO_DATA}, [{nla_len=5, "
		  "nla_type=IFLA_TUN_TYPE}, IFF_TAP]], [{nla_len=10, "
		  "nla_type=IFLA_INFO_KIND}, \"bridge\"...]]]" TAIL(80));
	/* the kind's bytes not in the copy: no kind, the data as bytes */
	CHECK_STR(sent_short(42), NLH(80, "RTM_GETLINK") IFI("AF_UNIX")
		  "[{nla_len=48, nla_type=IFLA_LINKINFO}, [[{nla_len=7, "
		  "nla_type=IFLA_INFO_KIND}, 0x7f0000001028], "
		  "... /* 0x7f000000102c */]]" TAIL(80));
	/* kinds that change between data attributes, one that only
	   starts with "bridge": the data as bytes */
	link_start(AF_UNIX);
	n = nest(IFLA_LINKINFO);
	attr(IFLA_INFO_KIND, "tun", 4);
	d = nest(IFLA_INFO_DATA);
	attr(IFLA_TUN_TYPE, &tap, 1);
	nest_end(d);
	attr(IFLA_INFO_KIND, "bridge", 7);
	d = nest(IFLA_INFO_DATA);
	attr(IFLA_TUN_TYPE, &tap, 1);
	nest_end(d);
	attr(IFLA_INFO_SLAVE_KIND, "bridges", 8);
	d = nest(IFLA_INFO_SLAVE_DATA);
	attr(IFLA_BRPORT_MODE, &tap, 1);
	nest_end(d);
	nest_end(n);
	CHECK_STR(sent(1, XSTYLE_ABBREV), NLH(104, "RTM_GETLINK") IFI("AF_UNIX")
		  "[{nla_len=72, nla_type=IFLA_LINKINFO}, [[{nla_len=8, "
		  "nla_type=IFLA_INFO_KIND}, \"tun\"], [{nla_len=12, "
		  "nla_type=IFLA_INFO_DATA}, \"\\x05\\x00\\x03\\x00\\x02"
		  "\\x00\\x00\\x00\"], [{nla_len=11, "
		  "nla_type=IFLA_INFO_KIND}, \"bridge\"], [{nla_len=12, "
		  "nla_type=IFLA_INFO_DATA}, \"\\x05\\x00\\x03\\x00\\x02"
		  "\\x00\\x00\\x00\"], [{nla_len=12, "
		  "nla_type=IFLA_INFO_SLAVE_KIND}, \"bridges\"], [{nla_len=12, "
		  "nla_type=IFLA_INFO_SLAVE_DATA}, \"\\x05\\x00\\x04\\x00"
		  "\\x02\\x00\\x00\\x00\"]]]" TAIL(104));
}

int main(void)
{
	fo.if_name = names;
	test_af_spec();
	test_linkinfo();
	CHECK_DONE();
}
