// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: netlink messages sent with sendto (fmt_netlink.c, fmt_rtnl*.c,
 * fmt_nlattr.c), whole lines as strace 6.1 printed them for the same
 * bytes (its nlattr_* tests' programs): interface indexes named only on a
 * socket of etrace's network namespace, nested attributes, and the
 * attribute payloads etrace decodes.
 */
#include <linux/fib_rules.h>
#include <linux/gen_stats.h>
#include <linux/genetlink.h>
#include <linux/if_addr.h>
#include <linux/if_bridge.h>
#include <linux/if_link.h>
#include <linux/mroute.h>
#include <linux/netlink.h>
#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>
#include <linux/sock_diag.h>
#include <linux/unix_diag.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>

#include "check_netlink.h"

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

/* numbers, flags, an address of the message's family, a struct */
static void test_addr_attrs(void)
{
	struct ifaddrmsg ifa = { .ifa_family = AF_INET, .ifa_flags = 1,
				 .ifa_index = 1 };
	const uint8_t ip[4] = { 12, 34, 56, 78 };
	const uint32_t ci[4] = { 1, 2, 3, 4 }, fl = 0x81;

	start(RTM_GETADDR, NLM_F_DUMP);
	put(&ifa, sizeof(ifa));
	attr(IFA_ADDRESS, ip, sizeof(ip));
	attr(IFA_CACHEINFO, ci, sizeof(ci));
	attr(IFA_FLAGS, &fl, sizeof(fl));
	attr(IFA_CACHEINFO, ci, 15);
	CHECK_STR(sent(1, XSTYLE_ABBREV), NLH(80, "RTM_GETADDR")
		  "{ifa_family=AF_INET, ifa_prefixlen=0, "
		  "ifa_flags=IFA_F_SECONDARY, ifa_scope=RT_SCOPE_UNIVERSE, "
		  "ifa_index=if_nametoindex(\"lo\")}, [[{nla_len=8, "
		  "nla_type=IFA_ADDRESS}, inet_addr(\"12.34.56.78\")], "
		  "[{nla_len=20, nla_type=IFA_CACHEINFO}, {ifa_prefered=1, "
		  "ifa_valid=2, cstamp=3, tstamp=4}], [{nla_len=8, "
		  "nla_type=IFA_FLAGS}, IFA_F_SECONDARY|IFA_F_PERMANENT], "
		  "[{nla_len=19, nla_type=IFA_CACHEINFO}, \"\\x01\\x00\\x00"
		  "\\x00\\x02\\x00\\x00\\x00\\x03\\x00\\x00\\x00\\x04"
		  "\\x00\\x00\"]]" TAIL(80));
	CHECK_STR(sent(1, XSTYLE_VERBOSE), "sendto(3, [{nlmsg_len=80, "
		  "nlmsg_type=0x16 /* RTM_GETADDR */, nlmsg_flags=0x300 /* "
		  "NLM_F_DUMP */, nlmsg_seq=0, nlmsg_pid=0}, {ifa_family=0x2 /* "
		  "AF_INET */, ifa_prefixlen=0, ifa_flags=0x1 /* "
		  "IFA_F_SECONDARY */, ifa_scope=0 /* RT_SCOPE_UNIVERSE */, "
		  "ifa_index=1 /* if_nametoindex(\"lo\") */}, [[{nla_len=8, "
		  "nla_type=0x1 /* IFA_ADDRESS */}, \"\\x0c\\x22\\x38\\x4e\" "
		  "/* inet_addr(\"12.34.56.78\") */], [{nla_len=20, "
		  "nla_type=0x6 /* IFA_CACHEINFO */}, {ifa_prefered=1, "
		  "ifa_valid=2, cstamp=3, tstamp=4}], [{nla_len=8, "
		  "nla_type=0x8 /* IFA_FLAGS */}, 0x81 /* IFA_F_SECONDARY|"
		  "IFA_F_PERMANENT */], [{nla_len=19, nla_type=0x6 /* "
		  "IFA_CACHEINFO */}, \"\\x01\\x00\\x00\\x00\\x02\\x00\\x00"
		  "\\x00\\x03\\x00\\x00\\x00\\x04\\x00\\x00\"]]], 80, 0x40 "
		  "/* MSG_DONTWAIT */, NULL, 0) = 80");
}

/* nested attributes, arrays, signed fields */
static void test_tc_attrs(void)
{
	struct tcmsg tcm = { .tcm_family = AF_UNIX, .tcm_ifindex = 1 };
	const uint32_t basic[3] = { 0xdeadbeef, 0xcafef00d, 7 };
	const uint16_t data[2] = { 44221, 61370 };
	const int8_t est[2] = { -51, 100 };
	size_t n1, n2;

	start(RTM_GETQDISC, NLM_F_DUMP);
	put(&tcm, sizeof(tcm));
	n1 = nest(TCA_STATS2);
	attr(TCA_STATS_BASIC, basic, sizeof(basic));
	nest_end(n1);
	n2 = nest(TCA_STAB);
	attr(TCA_STAB_DATA, data, sizeof(data));
	nest_end(n2);
	attr(TCA_RATE, est, sizeof(est));
	CHECK_STR(sent(1, XSTYLE_ABBREV), NLH(76, "RTM_GETQDISC")
		  "{tcm_family=AF_UNIX, tcm_ifindex=if_nametoindex(\"lo\"), "
		  "tcm_handle=0, tcm_parent=0, tcm_info=0}, [[{nla_len=20, "
		  "nla_type=TCA_STATS2}, [{nla_len=16, "
		  "nla_type=TCA_STATS_BASIC}, {bytes=14627392582107119343, "
		  "packets=7}]], [{nla_len=12, nla_type=TCA_STAB}, [{nla_len=8,"
		  " nla_type=TCA_STAB_DATA}, [44221, 61370]]], [{nla_len=6, "
		  "nla_type=TCA_RATE}, {interval=-51, ewma_log=100}]]"
		  TAIL(76));
}

/* an index then attributes, clock ticks; one too short for its kind */
static void test_mdb_attrs(void)
{
	const uint8_t bpm[8] = { AF_UNIX, 0, 0, 0, 1, 0, 0, 0 };
	const uint32_t port = 1, ticks = 5700500;
	const uint8_t one = 2;
	size_t n1, n2;

	start(RTM_GETMDB, NLM_F_DUMP);
	put(bpm, sizeof(bpm));
	n1 = nest(MDBA_ROUTER);
	n2 = nest(MDBA_ROUTER_PORT);
	put(&port, sizeof(port));
	attr(MDBA_ROUTER_PATTR_TIMER, &ticks, sizeof(ticks));
	attr(MDBA_ROUTER_PATTR_TYPE, &one, 1);
	nest_end(n2);
	nest_end(n1);
	attr(MDBA_ROUTER, &one, 1);
	CHECK_STR(sent(1, XSTYLE_ABBREV), NLH(60, "RTM_GETMDB")
		  "{family=AF_UNIX, ifindex=if_nametoindex(\"lo\")}, "
		  "[[{nla_len=28, nla_type=MDBA_ROUTER}, [{nla_len=24, "
		  "nla_type=MDBA_ROUTER_PORT}, if_nametoindex(\"lo\"), "
		  "[[{nla_len=8, nla_type=MDBA_ROUTER_PATTR_TIMER}, 5700500 /* "
		  "57005.00 s */], [{nla_len=5, nla_type=MDBA_ROUTER_PATTR_TYPE},"
		  " MDB_RTR_TYPE_PERM]]]], [{nla_len=5, nla_type=MDBA_ROUTER}, "
		  "\"\\x02\"]]" TAIL(60));
	CHECK_STR(sent(1, XSTYLE_RAW), "sendto(3, [{nlmsg_len=60, "
		  "nlmsg_type=0x56, nlmsg_flags=0x300, nlmsg_seq=0, "
		  "nlmsg_pid=0}, {family=0x1, ifindex=1}, [[{nla_len=28, "
		  "nla_type=0x2}, [{nla_len=24, nla_type=0x1}, 1, [[{nla_len=8, "
		  "nla_type=0x1}, 5700500], [{nla_len=5, nla_type=0x2}, 0x2]]]], "
		  "[{nla_len=5, nla_type=0x2}, \"\\x02\"]]], 60, 0x40, NULL, 0) "
		  "= 60");
}

/* a bridge port's IFLA_PROTINFO (by the family), a MAC by -X style */
static void test_link_attrs(void)
{
	struct ifinfomsg ifi = { .ifi_family = AF_BRIDGE, .ifi_type = 772,
				 .ifi_index = 1, .ifi_flags = 1 };
	const uint8_t id[8] = { 171, 205, 0xab, 0xcd, 0xef, 0xac, 0xbc, 0xcd };
	const uint8_t att = 4;
	size_t n;

	start(RTM_GETLINK, NLM_F_DUMP);
	put(&ifi, sizeof(ifi));
	n = nest(IFLA_PROTINFO);
	attr(IFLA_BRPORT_ROOT_ID, id, sizeof(id));
	nest_end(n);
	n = nest(IFLA_XDP);
	attr(IFLA_XDP_ATTACHED, &att, 1);
	nest_end(n);
	CHECK_STR(sent(1, XSTYLE_ABBREV), NLH(60, "RTM_GETLINK")
		  "{ifi_family=AF_BRIDGE, ifi_type=ARPHRD_LOOPBACK, "
		  "ifi_index=if_nametoindex(\"lo\"), ifi_flags=IFF_UP, "
		  "ifi_change=0}, [[{nla_len=16, nla_type=IFLA_PROTINFO}, "
		  "[{nla_len=12, nla_type=IFLA_BRPORT_ROOT_ID}, {prio=[171, 205],"
		  " addr=ab:cd:ef:ac:bc:cd}]], [{nla_len=12, nla_type=IFLA_XDP},"
		  " [{nla_len=5, nla_type=IFLA_XDP_ATTACHED}, "
		  "XDP_ATTACHED_MULTI]]]" TAIL(60));
	CHECK_STR(sent(1, XSTYLE_RAW), "sendto(3, [{nlmsg_len=60, "
		  "nlmsg_type=0x12, nlmsg_flags=0x300, nlmsg_seq=0, nlmsg_pid=0},"
		  " {ifi_family=0x7, ifi_type=0x304, ifi_index=1, ifi_flags=0x1, "
		  "ifi_change=0}, [[{nla_len=16, nla_type=0xc}, [{nla_len=12, "
		  "nla_type=0xd}, {prio=[171, 205], addr=\"\\xab\\xcd\\xef"
		  "\\xac\\xbc\\xcd\"}]], [{nla_len=12, nla_type=0x2b}, "
		  "[{nla_len=5, nla_type=0x2}, 0x4]]]], 60, 0x40, NULL, 0) = 60");
	/* the same attributes on an AF_UNIX link: no IFLA_PROTINFO set */
	((struct ifinfomsg *)(msg + NLMSG_HDRLEN))->ifi_family = AF_UNIX;
	CHECK_STR(sent(1, XSTYLE_ABBREV), NLH(60, "RTM_GETLINK")
		  "{ifi_family=AF_UNIX, ifi_type=ARPHRD_LOOPBACK, "
		  "ifi_index=if_nametoindex(\"lo\"), ifi_flags=IFF_UP, "
		  "ifi_change=0}, [[{nla_len=16, nla_type=IFLA_PROTINFO}, "
		  "\"\\x0c\\x00\\x0d\\x00\\xab\\xcd\\xab\\xcd\\xef\\xac"
		  "\\xbc\\xcd\"], [{nla_len=12, nla_type=IFLA_XDP}, "
		  "[{nla_len=5, nla_type=IFLA_XDP_ATTACHED}, "
		  "XDP_ATTACHED_MULTI]]]" TAIL(60));
}

/* if_stats_msg's bit numbers; a cache report's family and attributes */
static void test_stats_cachereport(void)
{
	const uint8_t ism[12] = { AF_UNIX, 0xca, 0, 0, 1, 0, 0, 0,
				  0xc2, 0, 0, 0 };
	const uint8_t rtgen[4] = { RTNL_FAMILY_IPMR, 0, 0, 0 };
	const uint8_t ip[4] = { 10, 0, 0, 1 }, mt = IGMPMSG_WHOLEPKT;

	start(RTM_GETSTATS, NLM_F_DUMP);
	put(ism, sizeof(ism));
	CHECK_STR(sent(1, XSTYLE_ABBREV), NLH(28, "RTM_GETSTATS")
		  "{family=AF_UNIX, pad1=0xca, ifindex=if_nametoindex(\"lo\"), "
		  "filter_mask=1<<IFLA_STATS_LINK_64|0xc0}" TAIL(28));
	CHECK_STR(sent(1, XSTYLE_VERBOSE), "sendto(3, [{nlmsg_len=28, "
		  "nlmsg_type=0x5e /* RTM_GETSTATS */, nlmsg_flags=0x300 /* "
		  "NLM_F_DUMP */, nlmsg_seq=0, nlmsg_pid=0}, {family=0x1 /* "
		  "AF_UNIX */, pad1=0xca, ifindex=1 /* if_nametoindex(\"lo\") */,"
		  " filter_mask=0xc2 /* 1<<IFLA_STATS_LINK_64|0xc0 */}], 28, 0x40"
		  " /* MSG_DONTWAIT */, NULL, 0) = 28");
	start(RTM_NEWCACHEREPORT, NLM_F_DUMP);
	put(rtgen, sizeof(rtgen));
	attr(IPMRA_CREPORT_MSGTYPE, &mt, 1);
	attr(IPMRA_CREPORT_SRC_ADDR, ip, sizeof(ip));
	CHECK_STR(sent(1, XSTYLE_ABBREV), "sendto(3, [{nlmsg_len=36, "
		  "nlmsg_type=RTM_NEWCACHEREPORT, nlmsg_flags=NLM_F_REPLACE|"
		  "NLM_F_EXCL, nlmsg_seq=0, nlmsg_pid=0}, {rtgen_family="
		  "RTNL_FAMILY_IPMR}, [[{nla_len=5, nla_type=IPMRA_CREPORT_MSGTYPE"
		  "}, IGMPMSG_WHOLEPKT], [{nla_len=8, "
		  "nla_type=IPMRA_CREPORT_SRC_ADDR}, inet_addr(\"10.0.0.1\")]]"
		  TAIL(36));
	msg[NLMSG_HDRLEN] = 0x3c;
	CHECK_STR(sent(1, XSTYLE_ABBREV), "sendto(3, [{nlmsg_len=36, "
		  "nlmsg_type=RTM_NEWCACHEREPORT, nlmsg_flags=NLM_F_REPLACE|"
		  "NLM_F_EXCL, nlmsg_seq=0, nlmsg_pid=0}, {rtgen_family=0x3c "
		  "/* RTNL_FAMILY_??? */}, \"\\x05\\x00\\x01\\x00\\x03\\x00"
		  "\\x00\\x00\\x08\\x00\\x03\\x00\\x0a\\x00\\x00\\x01\""
		  TAIL(36));
}

/* an IPv6 link's IFLA_PROTINFO: arrays with named indexes, -s */
static void test_inet6_arrays(void)
{
	struct ifinfomsg ifi = { .ifi_family = AF_INET6, .ifi_type = 772,
				 .ifi_index = 1, .ifi_flags = 1 };
	const int32_t conf[2] = { -5, 7 };
	const uint64_t icmp[7] = { 1, 2, 3, 4, 5, 6, 7 };
	size_t n;

	start(RTM_GETLINK, NLM_F_DUMP);
	put(&ifi, sizeof(ifi));
	n = nest(IFLA_PROTINFO);
	attr(IFLA_INET6_CONF, conf, sizeof(conf));
	attr(IFLA_INET6_ICMP6STATS, icmp, sizeof(icmp));
	nest_end(n);
	fo.strsize = 6;
	CHECK_STR(sent(1, XSTYLE_ABBREV), NLH(108, "RTM_GETLINK")
		  "{ifi_family=AF_INET6, ifi_type=ARPHRD_LOOPBACK, "
		  "ifi_index=if_nametoindex(\"lo\"), ifi_flags=IFF_UP, "
		  "ifi_change=0}, [{nla_len=76, nla_type=IFLA_PROTINFO}, "
		  "[[{nla_len=12, nla_type=IFLA_INET6_CONF}, "
		  "[[DEVCONF_FORWARDING]=-5, [DEVCONF_HOPLIMIT]=7]], "
		  "[{nla_len=60, nla_type=IFLA_INET6_ICMP6STATS}, "
		  "[[ICMP6_MIB_NUM]=1, [ICMP6_MIB_INMSGS]=2, "
		  "[ICMP6_MIB_INERRORS]=3, [ICMP6_MIB_OUTMSGS]=4, "
		  "[ICMP6_MIB_OUTERRORS]=5, [ICMP6_MIB_CSUMERRORS]=6, ...]]]]"
		  TAIL(108));
	fo.strsize = 32;
	CHECK_STR(sent(1, XSTYLE_VERBOSE), "sendto(3, [{nlmsg_len=108, "
		  "nlmsg_type=0x12 /* RTM_GETLINK */, nlmsg_flags=0x300 /* "
		  "NLM_F_DUMP */, nlmsg_seq=0, nlmsg_pid=0}, {ifi_family=0xa /* "
		  "AF_INET6 */, ifi_type=0x304 /* ARPHRD_LOOPBACK */, "
		  "ifi_index=1 /* if_nametoindex(\"lo\") */, ifi_flags=0x1 /* "
		  "IFF_UP */, ifi_change=0}, [{nla_len=76, nla_type=0xc /* "
		  "IFLA_PROTINFO */}, [[{nla_len=12, nla_type=0x2 /* "
		  "IFLA_INET6_CONF */}, [[0 /* DEVCONF_FORWARDING */]=-5, "
		  "[1 /* DEVCONF_HOPLIMIT */]=7]], [{nla_len=60, nla_type=0x6 "
		  "/* IFLA_INET6_ICMP6STATS */}, [[0 /* ICMP6_MIB_NUM */]=1, "
		  "[1 /* ICMP6_MIB_INMSGS */]=2, [2 /* ICMP6_MIB_INERRORS */]=3, "
		  "[3 /* ICMP6_MIB_OUTMSGS */]=4, [4 /* ICMP6_MIB_OUTERRORS */]=5"
		  ", [5 /* ICMP6_MIB_CSUMERRORS */]=6, [6 /* ICMP6_MIB_??? */]=7]"
		  "]]]], 108, 0x40 /* MSG_DONTWAIT */, NULL, 0) = 108");
}

/* a rule's attributes: a big-endian number, names, a port range */
static void test_rule_attrs(void)
{
	const uint8_t frh[12] = { AF_INET, 0, 0, 0, 0, 0, 0, 1 };
	const uint8_t tun[8] = { 0, 0, 0, 0, 0, 0, 1, 2 }, proto = 6;
	const uint16_t ports[2] = { 80, 443 };
	const uint32_t table = 253;

	start(RTM_GETRULE, NLM_F_DUMP);
	put(frh, sizeof(frh));
	attr(FRA_TUN_ID, tun, sizeof(tun));
	attr(FRA_IP_PROTO, &proto, 1);
	attr(FRA_SPORT_RANGE, ports, sizeof(ports));
	attr(FRA_TABLE, &table, sizeof(table));
	CHECK_STR(sent(1, XSTYLE_ABBREV), NLH(64, "RTM_GETRULE")
		  "{family=AF_INET, dst_len=0, src_len=0, tos=0, "
		  "table=RT_TABLE_UNSPEC, action=FR_ACT_TO_TBL, flags=0}, "
		  "[[{nla_len=12, nla_type=FRA_TUN_ID}, htobe64(258)], "
		  "[{nla_len=5, nla_type=FRA_IP_PROTO}, IPPROTO_TCP], "
		  "[{nla_len=8, nla_type=FRA_SPORT_RANGE}, {start=80, end=443}], "
		  "[{nla_len=8, nla_type=FRA_TABLE}, RT_TABLE_DEFAULT]]"
		  TAIL(64));
}

/* a route's multipath: next hops with routes' attributes again */
static void test_route_multipath(void)
{
	const uint8_t rtm[12] = { AF_INET, 0, 0, 0, RT_TABLE_MAIN };
	struct rtnexthop nh = { .rtnh_len = 16, .rtnh_flags = RTNH_F_DEAD,
				.rtnh_hops = 1, .rtnh_ifindex = 1 };
	const uint32_t oif = 1;
	char want[4096], *w;
	size_t n, at[24];
	int i;

	start(RTM_GETROUTE, NLM_F_DUMP);
	put(rtm, sizeof(rtm));
	n = nest(RTA_MULTIPATH);
	put(&nh, sizeof(nh));
	attr(RTA_OIF, &oif, sizeof(oif));
	nest_end(n);
	CHECK_STR(sent(1, XSTYLE_ABBREV), NLH(48, "RTM_GETROUTE")
		  "{rtm_family=AF_INET, rtm_dst_len=0, rtm_src_len=0, "
		  "rtm_tos=0, rtm_table=RT_TABLE_MAIN, rtm_protocol=RTPROT_UNSPEC,"
		  " rtm_scope=RT_SCOPE_UNIVERSE, rtm_type=RTN_UNSPEC, "
		  "rtm_flags=0}, [{nla_len=20, nla_type=RTA_MULTIPATH}, "
		  "[{rtnh_len=16, rtnh_flags=RTNH_F_DEAD, rtnh_hops=1, "
		  "rtnh_ifindex=if_nametoindex(\"lo\")}, [{nla_len=8, "
		  "nla_type=RTA_OIF}, if_nametoindex(\"lo\")]]]" TAIL(48));

	/* 20 multipaths one in another: sets past NL_DEPTH_MAX as bytes */
	start(RTM_GETROUTE, NLM_F_DUMP);
	put(rtm, sizeof(rtm));
	for (i = 0; i < 20; i++) {
		at[i] = nest(RTA_MULTIPATH);
		put(&nh, sizeof(nh));
	}
	for (i = 20; i--;) {
		nest_end(at[i]);
		((struct rtnexthop *)(msg + at[i] + 4))->rtnh_len =
			(uint16_t)(msg_len - at[i] - 4);
	}
	w = want + sprintf(want, "sendto(3, [{nlmsg_len=%zu, nlmsg_type="
			   "RTM_GETROUTE, nlmsg_flags=NLM_F_DUMP, nlmsg_seq=0, "
			   "nlmsg_pid=0}, {rtm_family=AF_INET, rtm_dst_len=0, "
			   "rtm_src_len=0, rtm_tos=0, rtm_table=RT_TABLE_MAIN, "
			   "rtm_protocol=RTPROT_UNSPEC, rtm_scope="
			   "RT_SCOPE_UNIVERSE, rtm_type=RTN_UNSPEC, "
			   "rtm_flags=0}, ", msg_len);
	/* the message's set is the first; 16 sets, then bytes */
	for (i = 0; i < NL_DEPTH_MAX; i++) {
		size_t alen = msg_len - at[i];

		w += sprintf(w, "[{nla_len=%zu, nla_type=RTA_MULTIPATH}, "
			     "[{rtnh_len=%zu, rtnh_flags=RTNH_F_DEAD, "
			     "rtnh_hops=1, rtnh_ifindex=if_nametoindex(\"lo\")}"
			     ", ", alen, alen - 4);
	}
	w += sprintf(w, "\"");
	for (i = 0; i < 32; i++)
		w += sprintf(w, "\\x%02x", msg[at[NL_DEPTH_MAX] + i]);
	w += sprintf(w, "\"...");
	for (i = 0; i < NL_DEPTH_MAX; i++)
		w += sprintf(w, "]]");
	sprintf(w, "], %zu, MSG_DONTWAIT, NULL, 0) = %zu", msg_len, msg_len);
	CHECK_STR(sent(1, XSTYLE_ABBREV), want);
}

/* a neighbour's attributes: a 5-byte MAC, a port, state flags */
static void test_neigh_attrs(void)
{
	const uint8_t ndm[12] = { AF_INET, 0, 0, 0, 1, 0, 0, 0, 0x80 };
	const uint8_t mac[5] = { 0xf8, 0xc2, 0x49, 0x13, 0x57 };
	const uint8_t port[2] = { 0xcd, 0xab };
	const uint16_t states = 0xab01;

	start(RTM_GETNEIGH, NLM_F_DUMP);
	put(ndm, sizeof(ndm));
	attr(NDA_LLADDR, mac, sizeof(mac));
	attr(NDA_PORT, port, sizeof(port));
	attr(NDA_NDM_STATE_MASK, &states, sizeof(states));
	CHECK_STR(sent(1, XSTYLE_ABBREV), NLH(56, "RTM_GETNEIGH")
		  "{ndm_family=AF_INET, ndm_ifindex=if_nametoindex(\"lo\"), "
		  "ndm_state=NUD_PERMANENT, ndm_flags=0, ndm_type=RTN_UNSPEC}, "
		  "[[{nla_len=9, nla_type=NDA_LLADDR}, f8:c2:49:13:57], "
		  "[{nla_len=6, nla_type=NDA_PORT}, htons(52651)], [{nla_len=6, "
		  "nla_type=NDA_NDM_STATE_MASK}, NUD_INCOMPLETE|0xab00]]"
		  TAIL(56));
}

/* a link's virtual functions: a packed guid, a VLAN's protocol */
static void test_vf_attrs(void)
{
	struct ifinfomsg ifi = { .ifi_family = AF_UNIX, .ifi_type = 772,
				 .ifi_index = 1, .ifi_flags = 1 };
	const uint8_t guid[12] = { 7, 0, 0, 0, 0xbe, 0xba, 0xed, 0xde,
				   0xed, 0x0d, 0xdc, 0xba };
	const uint8_t vlan[16] = { 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0,
				   0x81, 0x00 };
	size_t l, i, n;

	start(RTM_GETLINK, NLM_F_DUMP);
	put(&ifi, sizeof(ifi));
	l = nest(IFLA_VFINFO_LIST);
	i = nest(IFLA_VF_INFO);
	attr(IFLA_VF_IB_NODE_GUID, guid, sizeof(guid));
	n = nest(IFLA_VF_VLAN_LIST);
	attr(IFLA_VF_VLAN_INFO, vlan, sizeof(vlan));
	nest_end(n);
	nest_end(i);
	nest_end(l);
	CHECK_STR(sent(1, XSTYLE_ABBREV), NLH(80, "RTM_GETLINK")
		  "{ifi_family=AF_UNIX, ifi_type=ARPHRD_LOOPBACK, "
		  "ifi_index=if_nametoindex(\"lo\"), ifi_flags=IFF_UP, "
		  "ifi_change=0}, [{nla_len=48, nla_type=IFLA_VFINFO_LIST}, "
		  "[{nla_len=44, nla_type=IFLA_VF_INFO}, [[{nla_len=16, "
		  "nla_type=IFLA_VF_IB_NODE_GUID}, {vf=7, "
		  "guid=0xbadc0deddeedbabe}], [{nla_len=24, "
		  "nla_type=IFLA_VF_VLAN_LIST}, [{nla_len=20, "
		  "nla_type=IFLA_VF_VLAN_INFO}, {vf=1, vlan=2, qos=3, "
		  "vlan_proto=htons(ETH_P_8021Q)}]]]]]" TAIL(80));
}

/* extended statistics: a struct, its extra bytes; arrays in a struct */
static void test_stats_attrs(void)
{
	const uint8_t ism[12] = { AF_UNIX, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0 };
	uint64_t stp[7] = { 1, 2, 3, 4, 5, 6, 0x0807060504030201 };
	uint64_t mcast[30] = { 0 };
	size_t x, t;

	start(RTM_GETSTATS, NLM_F_DUMP);
	put(ism, sizeof(ism));
	x = nest(IFLA_STATS_LINK_XSTATS);
	t = nest(LINK_XSTATS_TYPE_BRIDGE);
	attr(BRIDGE_XSTATS_STP, stp, 52);
	nest_end(t);
	nest_end(x);
	CHECK_STR(sent(1, XSTYLE_ABBREV), NLH(92, "RTM_GETSTATS")
		  "{family=AF_UNIX, ifindex=if_nametoindex(\"lo\"), "
		  "filter_mask=0}, [{nla_len=64, nla_type=IFLA_STATS_LINK_XSTATS}"
		  ", [{nla_len=60, nla_type=LINK_XSTATS_TYPE_BRIDGE}, [{nla_len=56,"
		  " nla_type=BRIDGE_XSTATS_STP}, {transition_blk=1, "
		  "transition_fwd=2, rx_bpdu=3, tx_bpdu=4, rx_tcn=5, tx_tcn=6}, "
		  "\"\\x01\\x02\\x03\\x04\"]]]" TAIL(92));
	mcast[1] = 7;
	mcast[14] = 9;
	start(RTM_GETSTATS, NLM_F_DUMP);
	put(ism, sizeof(ism));
	x = nest(IFLA_STATS_LINK_XSTATS);
	t = nest(LINK_XSTATS_TYPE_BRIDGE);
	attr(BRIDGE_XSTATS_MCAST, mcast, 240);
	nest_end(t);
	nest_end(x);
	CHECK_STR(sent(1, XSTYLE_VERBOSE), "sendto(3, [{nlmsg_len=280, "
		  "nlmsg_type=0x5e /* RTM_GETSTATS */, nlmsg_flags=0x300 /* "
		  "NLM_F_DUMP */, nlmsg_seq=0, nlmsg_pid=0}, {family=0x1 /* "
		  "AF_UNIX */, ifindex=1 /* if_nametoindex(\"lo\") */, "
		  "filter_mask=0}, [{nla_len=252, nla_type=0x2 /* "
		  "IFLA_STATS_LINK_XSTATS */}, [{nla_len=248, nla_type=0x1 /* "
		  "LINK_XSTATS_TYPE_BRIDGE */}, [{nla_len=244, nla_type=0x2 /* "
		  "BRIDGE_XSTATS_MCAST */}, {igmp_v1queries=[[0 /* "
		  "BR_MCAST_DIR_RX */]=0, [1 /* BR_MCAST_DIR_TX */]=7], "
		  "igmp_v2queries=[[0 /* BR_MCAST_DIR_RX */]=0, [1 /* "
		  "BR_MCAST_DIR_TX */]=0], igmp_v3queries=[[0 /* BR_MCAST_DIR_RX "
		  "*/]=0, [1 /* BR_MCAST_DIR_TX */]=0], igmp_leaves=[[0 /* "
		  "BR_MCAST_DIR_RX */]=0, [1 /* BR_MCAST_DIR_TX */]=0], "
		  "igmp_v1reports=[[0 /* BR_MCAST_DIR_RX */]=0, [1 /* "
		  "BR_MCAST_DIR_TX */]=0], igmp_v2reports=[[0 /* BR_MCAST_DIR_RX "
		  "*/]=0, [1 /* BR_MCAST_DIR_TX */]=0], igmp_v3reports=[[0 /* "
		  "BR_MCAST_DIR_RX */]=0, [1 /* BR_MCAST_DIR_TX */]=0], "
		  "igmp_parse_errors=9, mld_v1queries=[[0 /* BR_MCAST_DIR_RX */]=0"
		  ", [1 /* BR_MCAST_DIR_TX */]=0], mld_v2queries=[[0 /* "
		  "BR_MCAST_DIR_RX */]=0, [1 /* BR_MCAST_DIR_TX */]=0], "
		  "mld_leaves=[[0 /* BR_MCAST_DIR_RX */]=0, [1 /* BR_MCAST_DIR_TX "
		  "*/]=0], mld_v1reports=[[0 /* BR_MCAST_DIR_RX */]=0, [1 /* "
		  "BR_MCAST_DIR_TX */]=0], mld_v2reports=[[0 /* BR_MCAST_DIR_RX */"
		  "]=0, [1 /* BR_MCAST_DIR_TX */]=0], mld_parse_errors=0, "
		  "mcast_bytes=[[0 /* BR_MCAST_DIR_RX */]=0, [1 /* "
		  "BR_MCAST_DIR_TX */]=0], mcast_packets=[[0 /* BR_MCAST_DIR_RX */"
		  "]=0, [1 /* BR_MCAST_DIR_TX */]=0]}]]]], 280, 0x40 /* "
		  "MSG_DONTWAIT */, NULL, 0) = 280");
}

/* sock_diag: an answer's struct and attributes, a request's struct */
static void test_diag(void)
{
	const uint8_t udm[16] = { AF_UNIX, SOCK_STREAM, 1, 0, 5, 0, 0, 0,
				  1, 0, 0, 0, 2, 0, 0, 0 };
	const uint32_t vfs[2] = { 7, 0xabcddafa };

	sock_proto = NETLINK_SOCK_DIAG;
	start(SOCK_DIAG_BY_FAMILY, NLM_F_DUMP);
	put(udm, sizeof(udm));
	attr(UNIX_DIAG_VFS, vfs, sizeof(vfs));
	CHECK_STR(sent(1, XSTYLE_ABBREV), NLH(44, "SOCK_DIAG_BY_FAMILY")
		  "{udiag_family=AF_UNIX, udiag_type=SOCK_STREAM, "
		  "udiag_state=TCP_ESTABLISHED, udiag_ino=5, udiag_cookie=[1, 2]}"
		  ", [{nla_len=12, nla_type=UNIX_DIAG_VFS}, {udiag_vfs_dev="
		  "makedev(0xdda, 0xabcfa), udiag_vfs_ino=7}]" TAIL(44));
	/*
	 * with NLM_F_REQUEST: a request's struct (its states bits named
	 * 1<<TCP_*), and nothing of what follows it, as strace
	 */
	((struct nlmsghdr *)msg)->nlmsg_flags = NLM_F_REQUEST;
	CHECK_STR(sent(1, XSTYLE_ABBREV), "sendto(3, [{nlmsg_len=44, "
		  "nlmsg_type=SOCK_DIAG_BY_FAMILY, nlmsg_flags=NLM_F_REQUEST, "
		  "nlmsg_seq=0, nlmsg_pid=0}, {sdiag_family=AF_UNIX, "
		  "sdiag_protocol=1, udiag_states=1<<TCP_SYN_SENT|0x1, "
		  "udiag_ino=1, udiag_show=UDIAG_SHOW_VFS, udiag_cookie=[65548, "
		  "7]}" TAIL(44));
	sock_proto = NETLINK_ROUTE;
}

/* generic netlink: the controller's fixed id named, another a number */
static void test_genl(void)
{
	const uint8_t cmd[4] = { 3 };

	sock_proto = NETLINK_GENERIC;
	start(GENL_ID_CTRL, NLM_F_REQUEST | NLM_F_DUMP);
	put(cmd, sizeof(cmd));
	CHECK_STR(sent(1, XSTYLE_ABBREV), "sendto(3, [{nlmsg_len=20, "
		  "nlmsg_type=nlctrl, nlmsg_flags=NLM_F_REQUEST|0x300, "
		  "nlmsg_seq=0, nlmsg_pid=0}, \"\\x03\\x00\\x00\\x00\""
		  TAIL(20));
	CHECK_STR(sent(1, XSTYLE_VERBOSE), "sendto(3, [{nlmsg_len=20, "
		  "nlmsg_type=0x10 /* nlctrl */, nlmsg_flags=0x301 /* "
		  "NLM_F_REQUEST|0x300 */, nlmsg_seq=0, nlmsg_pid=0}, "
		  "\"\\x03\\x00\\x00\\x00\"], 20, 0x40 /* MSG_DONTWAIT */, "
		  "NULL, 0) = 20");
	((struct nlmsghdr *)msg)->nlmsg_type = 0x11;
	CHECK_STR(sent(1, XSTYLE_ABBREV), "sendto(3, [{nlmsg_len=20, "
		  "nlmsg_type=0x11, nlmsg_flags=NLM_F_REQUEST|0x300, "
		  "nlmsg_seq=0, nlmsg_pid=0}, \"\\x03\\x00\\x00\\x00\""
		  TAIL(20));
	sock_proto = NETLINK_ROUTE;
}

int main(void)
{
	fo.if_name = names;
	test_ifindex();
	test_addr_attrs();
	test_tc_attrs();
	test_mdb_attrs();
	test_link_attrs();
	test_stats_cachereport();
	test_inet6_arrays();
	test_rule_attrs();
	test_route_multipath();
	test_neigh_attrs();
	test_vf_attrs();
	test_stats_attrs();
	test_diag();
	test_genl();
	CHECK_DONE();
}
