// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: NETLINK_ROUTE's RTM_*STATS attributes (an
 * if_stats_msg's), as strace 6.1's rtnl_stats.c decodes them: link
 * statistics, bridges' and bonds' extended statistics, offloaded ones,
 * and MPLS' by address family.  A struct longer than its kernel's is
 * followed by its extra bytes.
 */
#include <linux/if_bonding.h>
#include <linux/if_bridge.h>
#include <linux/if_link.h>
#include <linux/mpls.h>
#include <linux/rtnetlink.h>
#include <sys/socket.h>

#include "fmt_netlink.h"

#define U64(name, i) { name, (i) * 8, 8, NF_U, NULL, NULL }
#define DIRS(name, off) { name, off, 16, NF_IARRAY, &xlat_br_mcast_dirs, NULL }
#define END { NULL, 0, 0, 0, NULL, NULL }

static const struct nl_field bridge_vlan[] = {
	U64("rx_bytes", 0), U64("rx_packets", 1), U64("tx_bytes", 2),
	U64("tx_packets", 3),
	{ "vid", 32, 2, NF_U, NULL, NULL },
	{ "flags", 34, 2, NF_FLAGS, &xlat_bridge_vlan_flags,
	  "BRIDGE_VLAN_INFO_???" },
	{ "pad2", 36, 4, NF_XNZ, NULL, NULL },
	END,
};
static const struct nl_struct bridge_vlan_s = { 40, bridge_vlan, { 0 } };

/* struct br_mcast_stats: counters by direction, [BR_MCAST_DIR_RX]=1 */
static const struct nl_field br_mcast[] = {
	DIRS("igmp_v1queries", 0), DIRS("igmp_v2queries", 16),
	DIRS("igmp_v3queries", 32), DIRS("igmp_leaves", 48),
	DIRS("igmp_v1reports", 64), DIRS("igmp_v2reports", 80),
	DIRS("igmp_v3reports", 96), U64("igmp_parse_errors", 14),
	DIRS("mld_v1queries", 120), DIRS("mld_v2queries", 136),
	DIRS("mld_leaves", 152), DIRS("mld_v1reports", 168),
	DIRS("mld_v2reports", 184), U64("mld_parse_errors", 25),
	DIRS("mcast_bytes", 208), DIRS("mcast_packets", 224),
	END,
};
static const struct nl_struct br_mcast_s = { 240, br_mcast, { 0 } };

static const struct nl_field bridge_stp[] = {
	U64("transition_blk", 0), U64("transition_fwd", 1), U64("rx_bpdu", 2),
	U64("tx_bpdu", 3), U64("rx_tcn", 4), U64("tx_tcn", 5),
	END,
};
static const struct nl_struct bridge_stp_s = { 48, bridge_stp, { 0 } };

static const struct nla_kind bridge[] = {
	[BRIDGE_XSTATS_VLAN] = { NH_STRUCT_TAIL, 0, &bridge_vlan_s },
	[BRIDGE_XSTATS_MCAST] = { NH_STRUCT_TAIL, 0, &br_mcast_s },
	[BRIDGE_XSTATS_STP] = { NH_STRUCT_TAIL, 0, &bridge_stp_s },
};
static const struct nla_set bridge_set = NLA_SET(&xlat_ifstats_bridge_attrs,
						 "BRIDGE_XSTATS_???", bridge);

static const struct nla_kind bond_3ad[] = {
	[BOND_3AD_STAT_LACPDU_RX] = { NH_U, 8 },
	[BOND_3AD_STAT_LACPDU_TX] = { NH_U, 8 },
	[BOND_3AD_STAT_LACPDU_UNKNOWN_RX] = { NH_U, 8 },
	[BOND_3AD_STAT_LACPDU_ILLEGAL_RX] = { NH_U, 8 },
	[BOND_3AD_STAT_MARKER_RX] = { NH_U, 8 },
	[BOND_3AD_STAT_MARKER_TX] = { NH_U, 8 },
	[BOND_3AD_STAT_MARKER_RESP_RX] = { NH_U, 8 },
	[BOND_3AD_STAT_MARKER_RESP_TX] = { NH_U, 8 },
	[BOND_3AD_STAT_MARKER_UNKNOWN_RX] = { NH_U, 8 },
};
/* (strace names an unknown one BOND_XSTATS_???) */
static const struct nla_set bond_3ad_set =
	NLA_SET(&xlat_ifstats_bond_3ad_attrs, "BOND_XSTATS_???", bond_3ad);

static const struct nla_kind bond[] = {
	[BOND_XSTATS_3AD] = { NH_NESTED, 0, &bond_3ad_set },
};
static const struct nla_set bond_set = NLA_SET(&xlat_ifstats_bond_attrs,
					       "BOND_XSTATS_???", bond);

static const struct nla_kind xstats[] = {
	[LINK_XSTATS_TYPE_BRIDGE] = { NH_NESTED, 0, &bridge_set },
	[LINK_XSTATS_TYPE_BOND] = { NH_NESTED, 0, &bond_set },
};
static const struct nla_set xstats_set = NLA_SET(&xlat_ifstats_xstats_types,
						 "LINK_XSTATS_TYPE_???",
						 xstats);

static const struct nla_kind offload[] = {
	[IFLA_OFFLOAD_XSTATS_CPU_HIT] = { NH_STRUCT, 0, &rtnl_link_stats64 },
};
static const struct nla_set offload_set =
	NLA_SET(&xlat_ifstats_offload_attrs, "IFLA_OFFLOAD_XSTATS_???",
		offload);

static const struct nl_field mpls_link[] = {
	U64("rx_packets", 0), U64("tx_packets", 1), U64("rx_bytes", 2),
	U64("tx_bytes", 3), U64("rx_errors", 4), U64("tx_errors", 5),
	U64("rx_dropped", 6), U64("tx_dropped", 7), U64("rx_noroute", 8),
	END,
};
static const struct nl_struct mpls_link_s = { 72, mpls_link, { 0 } };

static const struct nla_kind mpls[] = {
	[MPLS_STATS_LINK] = { NH_STRUCT_TAIL, 0, &mpls_link_s },
};
static const struct nla_set mpls_set = NLA_SET(&xlat_ifstats_mpls_attrs,
					       "MPLS_STATS_???", mpls);

/* IFLA_STATS_AF_SPEC: attributes whose types are address families */
static const struct nla_kind af_spec[] = {
	[AF_MPLS] = { NH_NESTED, 0, &mpls_set },
};
static const struct nla_set af_spec_set = NLA_SET(&xlat_addr_family,
						  "AF_???", af_spec);

static const struct nla_kind ifla_stats[] = {
	[IFLA_STATS_LINK_64] = { NH_STRUCT, 0, &rtnl_link_stats64 },
	[IFLA_STATS_LINK_XSTATS] = { NH_NESTED, 0, &xstats_set },
	[IFLA_STATS_LINK_XSTATS_SLAVE] = { NH_NESTED, 0, &xstats_set },
	[IFLA_STATS_LINK_OFFLOAD_XSTATS] = { NH_NESTED, 0, &offload_set },
	[IFLA_STATS_AF_SPEC] = { NH_NESTED, 0, &af_spec_set },
};
const struct nla_set rtnl_stats_attrs = NLA_SET(&xlat_ifla_stats_attrs,
						"IFLA_STATS_???", ifla_stats);
