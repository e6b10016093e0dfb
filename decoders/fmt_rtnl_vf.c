// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: NETLINK_ROUTE's IFLA_VFINFO_LIST (a link's virtual
 * functions), as strace 6.1's rtnl_link.c decodes it: IFLA_VF_INFO's
 * attributes, most of them a struct of the function's number and one
 * setting.
 */
#include <linux/if_link.h>
#include <linux/rtnetlink.h>

#include "fmt_netlink.h"

#define VF_FIELD(name, off) { name, off, 4, NF_U, NULL, NULL }
#define VF_END { NULL, 0, 0, 0, NULL, NULL }

static const struct nl_field vf_mac[] = {
	VF_FIELD("vf", 0),
	{ "mac", 4, 32, NF_MAC, NULL, NULL },
	VF_END,
};
static const struct nl_struct vf_mac_s = { 36, vf_mac, { 0 } };

static const struct nl_field vf_vlan[] = {
	VF_FIELD("vf", 0), VF_FIELD("vlan", 4), VF_FIELD("qos", 8), VF_END,
};
static const struct nl_struct vf_vlan_s = { 12, vf_vlan, { 0 } };

static const struct nl_field vf_tx_rate[] = {
	VF_FIELD("vf", 0), VF_FIELD("rate", 4), VF_END,
};
static const struct nl_struct vf_tx_rate_s = { 8, vf_tx_rate, { 0 } };

/* spoof checking, RSS query, trust: the same two numbers */
static const struct nl_field vf_setting[] = {
	VF_FIELD("vf", 0), VF_FIELD("setting", 4), VF_END,
};
static const struct nl_struct vf_setting_s = { 8, vf_setting, { 0 } };

static const struct nl_field vf_link_state[] = {
	VF_FIELD("vf", 0),
	{ "link_state", 4, 4, NF_ENUM, &xlat_ifla_vf_link_states,
	  "IFLA_VF_LINK_STATE_???" },
	VF_END,
};
static const struct nl_struct vf_link_state_s = { 8, vf_link_state, { 0 } };

static const struct nl_field vf_rate[] = {
	VF_FIELD("vf", 0), VF_FIELD("min_tx_rate", 4),
	VF_FIELD("max_tx_rate", 8), VF_END,
};
static const struct nl_struct vf_rate_s = { 12, vf_rate, { 0 } };

/* struct ifla_vf_guid: packed (12 bytes) or its guid aligned (16) */
static const struct nl_field vf_guid12[] = {
	VF_FIELD("vf", 0), { "guid", 4, 8, NF_X, NULL, NULL }, VF_END,
};
static const struct nl_field vf_guid16[] = {
	VF_FIELD("vf", 0), { "guid", 8, 8, NF_X, NULL, NULL }, VF_END,
};

static int vf_guid(struct fmt_buf *b, const struct nl_view *v,
		   uint16_t type, uint64_t off, uint64_t len)
{
	const uint8_t *p;

	(void)type;
	if (len != 12 && len != 16)
		return 0;
	p = nl_at(v, off, len);
	if (!p) {
		nl_unread(b, v, off);
		return 1;
	}
	fb_putc(b, '{');
	nl_fields(b, v, len == 12 ? vf_guid12 : vf_guid16, p, 1,
		  (unsigned int)len);
	fb_putc(b, '}');
	return 1;
}

static const struct nl_field vf_vlan_info[] = {
	VF_FIELD("vf", 0), VF_FIELD("vlan", 4), VF_FIELD("qos", 8),
	{ "vlan_proto", 12, 2, NF_HTONS, &xlat_eth_proto, "ETH_P_???" },
	VF_END,
};
static const struct nl_struct vf_vlan_info_s = { 16, vf_vlan_info, { 0 } };

static const struct nla_kind vlan_list[] = {
	[IFLA_VF_VLAN_INFO] = { NH_STRUCT, 0, &vf_vlan_info_s },
};
static const struct nla_set vlan_list_set =
	NLA_SET(&xlat_ifla_vf_vlan_list_attrs, "IFLA_VF_VLAN_INFO_???",
		vlan_list);

static const struct nl_field vf_broadcast[] = {
	{ "broadcast", 0, 32, NF_MAC, NULL, NULL },
	VF_END,
};
static const struct nl_struct vf_broadcast_s = { 32, vf_broadcast, { 0 } };

static const struct nla_kind vf_stats[] = {
	[IFLA_VF_STATS_RX_PACKETS] = { NH_U, 8 },
	[IFLA_VF_STATS_TX_PACKETS] = { NH_U, 8 },
	[IFLA_VF_STATS_RX_BYTES] = { NH_U, 8 },
	[IFLA_VF_STATS_TX_BYTES] = { NH_U, 8 },
	[IFLA_VF_STATS_BROADCAST] = { NH_U, 8 },
	[IFLA_VF_STATS_MULTICAST] = { NH_U, 8 },
	[IFLA_VF_STATS_RX_DROPPED] = { NH_U, 8 },
	[IFLA_VF_STATS_TX_DROPPED] = { NH_U, 8 },
};
static const struct nla_set vf_stats_set = NLA_SET(&xlat_ifla_vf_stats_attrs,
						   "IFLA_VF_STATS_???",
						   vf_stats);

static const struct nla_kind vf_info[] = {
	[IFLA_VF_MAC] = { NH_STRUCT, 0, &vf_mac_s },
	[IFLA_VF_VLAN] = { NH_STRUCT, 0, &vf_vlan_s },
	[IFLA_VF_TX_RATE] = { NH_STRUCT, 0, &vf_tx_rate_s },
	[IFLA_VF_SPOOFCHK] = { NH_STRUCT, 0, &vf_setting_s },
	[IFLA_VF_LINK_STATE] = { NH_STRUCT, 0, &vf_link_state_s },
	[IFLA_VF_RATE] = { NH_STRUCT, 0, &vf_rate_s },
	[IFLA_VF_RSS_QUERY_EN] = { NH_STRUCT, 0, &vf_setting_s },
	[IFLA_VF_STATS] = { NH_NESTED, 0, &vf_stats_set },
	[IFLA_VF_TRUST] = { NH_STRUCT, 0, &vf_setting_s },
	[IFLA_VF_IB_NODE_GUID] = { NH_FN, 0, NULL, NULL, NULL, vf_guid },
	[IFLA_VF_IB_PORT_GUID] = { NH_FN, 0, NULL, NULL, NULL, vf_guid },
	[IFLA_VF_VLAN_LIST] = { NH_NESTED, 0, &vlan_list_set },
	[IFLA_VF_BROADCAST] = { NH_STRUCT, 0, &vf_broadcast_s },
};
static const struct nla_set vf_info_set = NLA_SET(&xlat_ifla_vf_attrs,
						  "IFLA_VF_???", vf_info);

static const struct nla_kind vfinfo_list[] = {
	[IFLA_VF_INFO] = { NH_NESTED, 0, &vf_info_set },
};
const struct nla_set rtnl_vfinfo_list =
	NLA_SET(&xlat_ifla_vfinfo_list_attrs, "IFLA_VF_INFO_???",
		vfinfo_list);
