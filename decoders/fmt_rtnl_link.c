// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: NETLINK_ROUTE's link attributes (an ifinfomsg's,
 * IFLA_*), as strace 6.1's rtnl_link.c decodes them: numbers, names,
 * statistics structs, and the nested sets etrace has tables of (XDP,
 * ports, property lists, proto-down reasons, a bridge port's or an
 * IPv6 link's IFLA_PROTINFO; IFLA_AF_SPEC's in fmt_rtnl_afspec.c,
 * IFLA_LINKINFO's in fmt_rtnl_linkinfo.c).
 */
#include <linux/if_bridge.h>
#include <linux/if_link.h>
#include <linux/rtnetlink.h>
#include <sys/socket.h>

#include "fmt_netlink.h"

/* struct rtnl_link_stats: 92 bytes before rx_nohandler */
#define LS(name, i, size) { name, (i) * (size), size, NF_U, NULL, NULL }
#define LINK_STATS(size) \
	LS("rx_packets", 0, size), LS("tx_packets", 1, size), \
	LS("rx_bytes", 2, size), LS("tx_bytes", 3, size), \
	LS("rx_errors", 4, size), LS("tx_errors", 5, size), \
	LS("rx_dropped", 6, size), LS("tx_dropped", 7, size), \
	LS("multicast", 8, size), LS("collisions", 9, size), \
	LS("rx_length_errors", 10, size), LS("rx_over_errors", 11, size), \
	LS("rx_crc_errors", 12, size), LS("rx_frame_errors", 13, size), \
	LS("rx_fifo_errors", 14, size), LS("rx_missed_errors", 15, size), \
	LS("tx_aborted_errors", 16, size), \
	LS("tx_carrier_errors", 17, size), LS("tx_fifo_errors", 18, size), \
	LS("tx_heartbeat_errors", 19, size), \
	LS("tx_window_errors", 20, size), LS("rx_compressed", 21, size), \
	LS("tx_compressed", 22, size), LS("rx_nohandler", 23, size)

static const struct nl_field link_stats[] = {
	LINK_STATS(4),
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct nl_struct link_stats_s = { 96, link_stats, { 92 } };

static const struct nl_field link_stats64[] = {
	LINK_STATS(8),
	LS("rx_otherhost_dropped", 24, 8),
	{ NULL, 0, 0, 0, NULL, NULL },
};
const struct nl_struct rtnl_link_stats64 = { 200, link_stats64,
					     { 184, 192 } };

static const struct nl_field ifmap[] = {
	{ "mem_start", 0, 8, NF_X, NULL, NULL },
	{ "mem_end", 8, 8, NF_X, NULL, NULL },
	{ "base_addr", 16, 8, NF_X, NULL, NULL },
	{ "irq", 24, 2, NF_U, NULL, NULL },
	{ "dma", 26, 1, NF_U, NULL, NULL },
	{ "port", 27, 1, NF_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct nl_struct ifmap_s = { 28, ifmap, { 0 } };

/* an fd in a payload: its number, -y's note when the call's copies
   describe it */
static int nla_fd(struct fmt_buf *b, const struct nl_view *v, uint16_t type,
		  uint64_t off, uint64_t len)
{
	const uint8_t *p = nl_at(v, off, 4);

	(void)type;
	if (len < 4)
		return 0;
	if (p)
		fmt_fd_value(b, v->c, (int32_t)ld32(p));
	else
		nl_unread(b, v, off);
	return 1;
}

#define FD_KIND { NH_FN, 0, NULL, NULL, NULL, nla_fd }

static const struct nla_kind xdp[] = {
	[IFLA_XDP_FD] = FD_KIND,
	[IFLA_XDP_ATTACHED] = { NH_ENUM, 1, NULL, &xlat_xdp_attached,
				"XDP_ATTACHED_???" },
	[IFLA_XDP_FLAGS] = { NH_FLAGS, 4, NULL, &xlat_xdp_flags,
			     "XDP_FLAGS_???" },
	[IFLA_XDP_PROG_ID] = { NH_U, 4 },
	[IFLA_XDP_DRV_PROG_ID] = { NH_U, 4 },
	[IFLA_XDP_SKB_PROG_ID] = { NH_U, 4 },
	[IFLA_XDP_HW_PROG_ID] = { NH_U, 4 },
	[IFLA_XDP_EXPECTED_FD] = FD_KIND,
};
static const struct nla_set xdp_set = NLA_SET(&xlat_ifla_xdp_attrs,
					      "IFLA_XDP_???", xdp);

static const struct nl_field port_vsi[] = {
	{ "vsi_mgr_id", 0, 1, NF_U, NULL, NULL },
	{ "vsi_type_id", 1, 3, NF_BYTES, NULL, NULL },
	{ "vsi_type_version", 4, 1, NF_U, NULL, NULL },
	{ "pad", 5, 3, NF_BYTESNZ, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct nl_struct port_vsi_s = { 8, port_vsi, { 0 } };

static const struct nla_kind port[] = {
	[IFLA_PORT_VF] = { NH_U, 4 },
	[IFLA_PORT_PROFILE] = { NH_STR, 0 },
	[IFLA_PORT_VSI_TYPE] = { NH_STRUCT, 0, &port_vsi_s },
	[IFLA_PORT_REQUEST] = { NH_U, 1 },
	[IFLA_PORT_RESPONSE] = { NH_U, 2 },
};
/* (strace names an unknown one IFLA_VF_PORT_???) */
static const struct nla_set port_set = NLA_SET(&xlat_ifla_port_attrs,
					       "IFLA_VF_PORT_???", port);

static const struct nla_kind vf_port[] = {
	[IFLA_VF_PORT] = { NH_NESTED, 0, &port_set },
};
static const struct nla_set vf_port_set = NLA_SET(&xlat_ifla_vf_port_attrs,
						  "IFLA_VF_PORT_???",
						  vf_port);

static const struct nla_kind pdr[] = {
	[IFLA_PROTO_DOWN_REASON_MASK] = { NH_X, 4 },
	[IFLA_PROTO_DOWN_REASON_VALUE] = { NH_X, 4 },
};
static const struct nla_set pdr_set = NLA_SET(&xlat_ifla_pdr_attrs,
					      "IFLA_PROTO_DOWN_REASON_???",
					      pdr);

/* IFLA_PROP_LIST: IFLA_* again, of which only names are decoded */
static const struct nla_kind prop[] = {
	[IFLA_ALT_IFNAME] = { NH_STR, 0 },
};
static const struct nla_set prop_set = NLA_SET(&xlat_ifla_attrs, "IFLA_???",
					       prop);

/* struct ifla_bridge_id: prio[2], a MAC address */
int rtnl_bridge_id(struct fmt_buf *b, const struct nl_view *v, uint16_t type,
		   uint64_t off, uint64_t len)
{
	const uint8_t *p;

	(void)type;
	if (len < 8)
		return 0;
	p = nl_at(v, off, 8);
	if (!p) {
		nl_unread(b, v, off);
		return 1;
	}
	fb_puts(b, "{prio=[");
	fb_udec(b, p[0]);
	fb_puts(b, ", ");
	fb_udec(b, p[1]);
	fb_puts(b, "], addr=");
	nl_mac(b, v, p + 2, 6);
	fb_putc(b, '}');
	return 1;
}

static const struct nla_kind brport[] = {
	[IFLA_BRPORT_STATE] = { NH_U, 1 },
	[IFLA_BRPORT_PRIORITY] = { NH_U, 2 },
	[IFLA_BRPORT_COST] = { NH_U, 4 },
	[IFLA_BRPORT_MODE] = { NH_U, 1 },
	[IFLA_BRPORT_GUARD] = { NH_U, 1 },
	[IFLA_BRPORT_PROTECT] = { NH_U, 1 },
	[IFLA_BRPORT_FAST_LEAVE] = { NH_U, 1 },
	[IFLA_BRPORT_LEARNING] = { NH_U, 1 },
	[IFLA_BRPORT_UNICAST_FLOOD] = { NH_U, 1 },
	[IFLA_BRPORT_PROXYARP] = { NH_U, 1 },
	[IFLA_BRPORT_LEARNING_SYNC] = { NH_U, 1 },
	[IFLA_BRPORT_PROXYARP_WIFI] = { NH_U, 1 },
	[IFLA_BRPORT_ROOT_ID] = { NH_FN, 0, NULL, NULL, NULL, rtnl_bridge_id },
	[IFLA_BRPORT_BRIDGE_ID] = { NH_FN, 0, NULL, NULL, NULL, rtnl_bridge_id },
	[IFLA_BRPORT_DESIGNATED_PORT] = { NH_U, 2 },
	[IFLA_BRPORT_DESIGNATED_COST] = { NH_U, 2 },
	[IFLA_BRPORT_ID] = { NH_U, 2 },
	[IFLA_BRPORT_NO] = { NH_U, 2 },
	[IFLA_BRPORT_TOPOLOGY_CHANGE_ACK] = { NH_U, 1 },
	[IFLA_BRPORT_CONFIG_PENDING] = { NH_U, 1 },
	[IFLA_BRPORT_MESSAGE_AGE_TIMER] = { NH_CLOCK, 0 },
	[IFLA_BRPORT_FORWARD_DELAY_TIMER] = { NH_CLOCK, 0 },
	[IFLA_BRPORT_HOLD_TIMER] = { NH_CLOCK, 0 },
	[IFLA_BRPORT_MULTICAST_ROUTER] = { NH_U, 1 },
	[IFLA_BRPORT_MCAST_FLOOD] = { NH_U, 1 },
	[IFLA_BRPORT_MCAST_TO_UCAST] = { NH_U, 1 },
	[IFLA_BRPORT_VLAN_TUNNEL] = { NH_U, 1 },
	[IFLA_BRPORT_BCAST_FLOOD] = { NH_U, 1 },
	[IFLA_BRPORT_GROUP_FWD_MASK] = { NH_X, 2 },
	[IFLA_BRPORT_NEIGH_SUPPRESS] = { NH_U, 1 },
	[IFLA_BRPORT_ISOLATED] = { NH_U, 1 },
	[IFLA_BRPORT_BACKUP_PORT] = { NH_IFINDEX, 4 },
	[IFLA_BRPORT_MRP_RING_OPEN] = { NH_U, 1 },
	[IFLA_BRPORT_MRP_IN_OPEN] = { NH_U, 1 },
	[IFLA_BRPORT_MCAST_EHT_HOSTS_LIMIT] = { NH_U, 4 },
	[IFLA_BRPORT_MCAST_EHT_HOSTS_CNT] = { NH_U, 4 },
	[IFLA_BRPORT_LOCKED] = { NH_U, 1 },
};
const struct nla_set rtnl_brport_attrs = NLA_SET(&xlat_ifla_brport_attrs,
						 "IFLA_BRPORT_???", brport);

static const struct nl_field inet6_cacheinfo[] = {
	{ "max_reasm_len", 0, 4, NF_U, NULL, NULL },
	{ "tstamp", 4, 4, NF_U, NULL, NULL },
	{ "reachable_time", 8, 4, NF_U, NULL, NULL },
	{ "retrans_time", 12, 4, NF_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct nl_struct inet6_cacheinfo_s = { 16, inet6_cacheinfo, { 0 } };

static const struct nla_kind inet6[] = {
	[IFLA_INET6_FLAGS] = { NH_FLAGS, 4, NULL, &xlat_inet6_if_flags,
			       "IF_???" },
	[IFLA_INET6_CONF] = { NH_IARRAYS, 4, NULL, &xlat_inet6_devconf,
			      "DEVCONF_???" },
	[IFLA_INET6_STATS] = { NH_IARRAY, 8, NULL, &xlat_snmp_ip_stats,
			       "IPSTATS_MIB_???" },
	[IFLA_INET6_ICMP6STATS] = { NH_IARRAY, 8, NULL,
				    &xlat_snmp_icmp6_stats, "ICMP6_MIB_???" },
	[IFLA_INET6_CACHEINFO] = { NH_STRUCT, 0, &inet6_cacheinfo_s },
	[IFLA_INET6_TOKEN] = { NH_INET, 16 },
	[IFLA_INET6_ADDR_GEN_MODE] = { NH_ENUM, 1, NULL,
				       &xlat_in6_addr_gen_mode,
				       "IN6_ADDR_GEN_MODE_???" },
	[IFLA_INET6_RA_MTU] = { NH_U, 4 },
};
const struct nla_set rtnl_inet6_attrs = NLA_SET(&xlat_ifla_inet6_attrs,
						"IFLA_INET6_???", inet6);

/* IFLA_PROTINFO: a bridge port's or an IPv6 link's, by the family */
static int protinfo(struct fmt_buf *b, const struct nl_view *v,
		    uint16_t type, uint64_t off, uint64_t len)
{
	(void)type;
	if (v->family == AF_BRIDGE)
		nl_attrs_set(b, v, off, len, &rtnl_brport_attrs);
	else if (v->family == AF_INET6)
		nl_attrs_set(b, v, off, len, &rtnl_inet6_attrs);
	else
		return 0;
	return 1;
}

static const struct nla_kind ifla[] = {
	[IFLA_IFNAME] = { NH_STR, 0 },
	[IFLA_MTU] = { NH_U, 4 },
	[IFLA_LINK] = { NH_U, 4 },
	[IFLA_QDISC] = { NH_STR, 0 },
	[IFLA_STATS] = { NH_STRUCT, 0, &link_stats_s },
	[IFLA_MASTER] = { NH_U, 4 },
	[IFLA_PROTINFO] = { NH_FN, 0, NULL, NULL, NULL, protinfo },
	[IFLA_TXQLEN] = { NH_U, 4 },
	[IFLA_MAP] = { NH_STRUCT, 0, &ifmap_s },
	[IFLA_WEIGHT] = { NH_U, 4 },
	[IFLA_OPERSTATE] = { NH_U, 1 },
	[IFLA_LINKMODE] = { NH_U, 1 },
	[IFLA_LINKINFO] = { NH_FN, 0, NULL, NULL, NULL, rtnl_linkinfo },
	[IFLA_NET_NS_PID] = { NH_U, 4 },
	[IFLA_IFALIAS] = { NH_STR, 0 },
	[IFLA_NUM_VF] = { NH_U, 4 },
	[IFLA_VFINFO_LIST] = { NH_NESTED, 0, &rtnl_vfinfo_list },
	[IFLA_STATS64] = { NH_STRUCT, 0, &rtnl_link_stats64 },
	[IFLA_VF_PORTS] = { NH_NESTED, 0, &vf_port_set },
	[IFLA_PORT_SELF] = { NH_NESTED, 0, &port_set },
	[IFLA_GROUP] = { NH_U, 4 },
	[IFLA_NET_NS_FD] = FD_KIND,
	[IFLA_EXT_MASK] = { NH_FLAGS, 4, NULL, &xlat_rtext_filter,
			    "RTEXT_FILTER_???" },
	[IFLA_PROMISCUITY] = { NH_U, 4 },
	[IFLA_NUM_TX_QUEUES] = { NH_U, 4 },
	[IFLA_NUM_RX_QUEUES] = { NH_U, 4 },
	[IFLA_CARRIER] = { NH_U, 1 },
	[IFLA_CARRIER_CHANGES] = { NH_U, 4 },
	[IFLA_LINK_NETNSID] = { NH_S, 4 },
	[IFLA_PHYS_PORT_NAME] = { NH_STR, 0 },
	[IFLA_PROTO_DOWN] = { NH_U, 1 },
	[IFLA_GSO_MAX_SEGS] = { NH_U, 4 },
	[IFLA_GSO_MAX_SIZE] = { NH_U, 4 },
	[IFLA_XDP] = { NH_NESTED, 0, &xdp_set },
	[IFLA_AF_SPEC] = { NH_FN, 0, NULL, NULL, NULL, rtnl_af_spec },
	[IFLA_EVENT] = { NH_ENUM, 4, NULL, &xlat_ifla_events,
			 "IFLA_EVENT_???" },
	[IFLA_NEW_NETNSID] = { NH_S, 4 },
	[IFLA_IF_NETNSID] = { NH_S, 4 },
	[IFLA_CARRIER_UP_COUNT] = { NH_U, 4 },
	[IFLA_CARRIER_DOWN_COUNT] = { NH_U, 4 },
	[IFLA_NEW_IFINDEX] = { NH_IFINDEX, 4 },
	[IFLA_MIN_MTU] = { NH_U, 4 },
	[IFLA_MAX_MTU] = { NH_U, 4 },
	[IFLA_PROP_LIST] = { NH_NESTED, 0, &prop_set },
	[IFLA_ALT_IFNAME] = { NH_STR, 0 },
	[IFLA_PROTO_DOWN_REASON] = { NH_NESTED, 0, &pdr_set },
	[IFLA_PARENT_DEV_NAME] = { NH_STR, 0 },
	[IFLA_PARENT_DEV_BUS_NAME] = { NH_STR, 0 },
	[IFLA_GRO_MAX_SIZE] = { NH_U, 4 },
	[IFLA_TSO_MAX_SIZE] = { NH_U, 4 },
	[IFLA_TSO_MAX_SEGS] = { NH_U, 4 },
	[IFLA_ALLMULTI] = { NH_U, 4 },
};
const struct nla_set rtnl_link_attrs = NLA_SET(&xlat_ifla_attrs, "IFLA_???",
					       ifla);
