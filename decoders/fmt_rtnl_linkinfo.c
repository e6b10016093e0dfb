// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: a link's IFLA_LINKINFO, as strace 6.1's rtnl_link.c
 * decodes it: IFLA_INFO_DATA and IFLA_INFO_XSTATS by the kind an
 * IFLA_INFO_KIND before them names (a bridge's IFLA_BR_*, a tun's
 * IFLA_TUN_*, a CAN device's statistics), IFLA_INFO_SLAVE_DATA by the
 * IFLA_INFO_SLAVE_KIND before it (a bridge port's IFLA_BRPORT_*); the
 * other kinds' as bytes.
 */
#include <linux/if_link.h>
#include <string.h>

#include "fmt_netlink.h"

/* a hardware address of any length: ab:ac */
static int hwaddr(struct fmt_buf *b, const struct nl_view *v, uint16_t type,
		  uint64_t off, uint64_t len)
{
	const uint8_t *p;

	(void)type;
	if (!len || len > 32)
		return 0;
	p = nl_at(v, off, len);
	if (!p)
		nl_unread(b, v, off);
	else
		nl_mac(b, v, p, (unsigned int)len);
	return 1;
}

/* 2 bytes in network order, an ETH_P_* name: htons(ETH_P_IP) */
static int ether_proto(struct fmt_buf *b, const struct nl_view *v,
		       uint16_t type, uint64_t off, uint64_t len)
{
	const uint8_t *p;

	(void)type;
	if (len != 2)
		return 0;
	p = nl_at(v, off, 2);
	if (!p) {
		nl_unread(b, v, off);
		return 1;
	}
	fb_puts(b, "htons(");
	fmt_enum_dflt(b, &xlat_eth_proto, (unsigned int)p[0] << 8 | p[1],
		      "ETH_P_???");
	fb_putc(b, ')');
	return 1;
}

static const struct nla_kind querier[] = {
	[1] = { NH_INET, 4 },		/* BRIDGE_QUERIER_IP_ADDRESS */
	[2] = { NH_IFINDEX, 4 },
	[3] = { NH_CLOCK, 0 },
	[5] = { NH_INET, 16 },		/* BRIDGE_QUERIER_IPV6_ADDRESS */
	[6] = { NH_IFINDEX, 4 },
	[7] = { NH_CLOCK, 0 },
};
static const struct nla_set querier_set = NLA_SET(&xlat_br_querier_attrs,
						  "BRIDGE_QUERIER_???",
						  querier);

/* struct br_boolopt_multi */
static const struct nl_field boolopt[] = {
	{ "optval", 0, 4, NF_FLAGS, &xlat_br_boolopt_flags,
	  "1<<BR_BOOLOPT_???" },
	{ "optmask", 4, 4, NF_FLAGS, &xlat_br_boolopt_flags,
	  "1<<BR_BOOLOPT_???" },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct nl_struct boolopt_s = { 8, boolopt, { 0 } };

#define CLK { NH_CLOCK, 0 }
#define U8 { NH_U, 1 }
#define U16 { NH_U, 2 }
#define U32 { NH_U, 4 }
static const struct nla_kind br[] = {
	[IFLA_BR_FORWARD_DELAY] = CLK,
	[IFLA_BR_HELLO_TIME] = CLK,
	[IFLA_BR_MAX_AGE] = CLK,
	[IFLA_BR_AGEING_TIME] = CLK,
	[IFLA_BR_STP_STATE] = U32,
	[IFLA_BR_PRIORITY] = U16,
	[IFLA_BR_VLAN_FILTERING] = U8,
	[IFLA_BR_VLAN_PROTOCOL] = { NH_FN, 0, NULL, NULL, NULL, ether_proto },
	[IFLA_BR_GROUP_FWD_MASK] = { NH_X, 2 },
	[IFLA_BR_ROOT_ID] = { NH_FN, 0, NULL, NULL, NULL, rtnl_bridge_id },
	[IFLA_BR_BRIDGE_ID] = { NH_FN, 0, NULL, NULL, NULL, rtnl_bridge_id },
	[IFLA_BR_ROOT_PORT] = U16,
	[IFLA_BR_ROOT_PATH_COST] = U32,
	[IFLA_BR_TOPOLOGY_CHANGE] = U8,
	[IFLA_BR_TOPOLOGY_CHANGE_DETECTED] = U8,
	[IFLA_BR_HELLO_TIMER] = CLK,
	[IFLA_BR_TCN_TIMER] = CLK,
	[IFLA_BR_TOPOLOGY_CHANGE_TIMER] = CLK,
	[IFLA_BR_GC_TIMER] = CLK,
	[IFLA_BR_GROUP_ADDR] = { NH_FN, 0, NULL, NULL, NULL, hwaddr },
	[IFLA_BR_MCAST_ROUTER] = U8,
	[IFLA_BR_MCAST_SNOOPING] = U8,
	[IFLA_BR_MCAST_QUERY_USE_IFADDR] = U8,
	[IFLA_BR_MCAST_QUERIER] = U8,
	[IFLA_BR_MCAST_HASH_ELASTICITY] = U32,
	[IFLA_BR_MCAST_HASH_MAX] = U32,
	[IFLA_BR_MCAST_LAST_MEMBER_CNT] = U32,
	[IFLA_BR_MCAST_STARTUP_QUERY_CNT] = U32,
	[IFLA_BR_MCAST_LAST_MEMBER_INTVL] = CLK,
	[IFLA_BR_MCAST_MEMBERSHIP_INTVL] = CLK,
	[IFLA_BR_MCAST_QUERIER_INTVL] = CLK,
	[IFLA_BR_MCAST_QUERY_INTVL] = CLK,
	[IFLA_BR_MCAST_QUERY_RESPONSE_INTVL] = CLK,
	[IFLA_BR_MCAST_STARTUP_QUERY_INTVL] = CLK,
	[IFLA_BR_NF_CALL_IPTABLES] = U8,
	[IFLA_BR_NF_CALL_IP6TABLES] = U8,
	[IFLA_BR_NF_CALL_ARPTABLES] = U8,
	[IFLA_BR_VLAN_DEFAULT_PVID] = U16,
	[IFLA_BR_VLAN_STATS_ENABLED] = U8,
	[IFLA_BR_MCAST_STATS_ENABLED] = U8,
	[IFLA_BR_MCAST_IGMP_VERSION] = U8,
	[IFLA_BR_MCAST_MLD_VERSION] = U8,
	[IFLA_BR_VLAN_STATS_PER_PORT] = U8,
	[46] = { NH_STRUCT, 0, &boolopt_s },	/* IFLA_BR_MULTI_BOOLOPT */
	[47] = { NH_NESTED, 0, &querier_set },	/* IFLA_BR_MCAST_QUERIER_STATE */
};
static const struct nla_set br_set = NLA_SET(&xlat_ifla_br_attrs,
					     "IFLA_BR_???", br);

static const struct nla_kind tun[] = {
	[1] = { NH_UID, 4 },		/* IFLA_TUN_OWNER */
	[2] = { NH_UID, 4 },		/* IFLA_TUN_GROUP */
	[3] = { NH_ENUM, 1, NULL, &xlat_tun_types, "IFF_???" },
	[4] = U8, [5] = U8, [6] = U8, [7] = U8,
	[8] = U32, [9] = U32,
};
static const struct nla_set tun_set = NLA_SET(&xlat_ifla_tun_attrs,
					      "IFLA_TUN_???", tun);

/* struct can_device_stats: six u32 */
#define CS(name, i) { name, (i) * 4, 4, NF_U, NULL, NULL }
static const struct nl_field can_stats[] = {
	CS("bus_error", 0), CS("error_warning", 1), CS("error_passive", 2),
	CS("bus_off", 3), CS("arbitration_lost", 4), CS("restarts", 5),
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct nl_struct can_stats_s = { 24, can_stats, { 0 } };

/*
 * The kind an IFLA_INFO_KIND (IFLA_INFO_SLAVE_KIND) payload names, as
 * strace keeps it: its bytes up to a NUL, none when 64 or more of them
 * or not in the copy; is it name?
 */
static int kind_is(const struct nl_view *v, uint64_t off, uint64_t len,
		   const char *name)
{
	size_t n = strlen(name);
	const uint8_t *p = len < 64 ? nl_at(v, off, len) : NULL;

	return p && len >= n && !memcmp(p, name, n) && (len == n || !p[n]);
}

enum { K_NONE, K_BRIDGE, K_TUN, K_CAN, K_MIXED };

static int kind_of(const struct nl_view *v, uint64_t off, uint64_t len)
{
	if (kind_is(v, off, len, "bridge"))
		return K_BRIDGE;
	if (kind_is(v, off, len, "tun"))
		return K_TUN;
	if (kind_is(v, off, len, "can"))
		return K_CAN;
	return K_NONE;
}

/* what a data attribute saw so far: the same kind each time, else mixed */
static void seen(int *at, int kind)
{
	*at = *at < 0 || *at == kind ? kind : K_MIXED;
}

/*
 * The kinds in force at each IFLA_INFO_DATA, IFLA_INFO_XSTATS (data[0])
 * and IFLA_INFO_SLAVE_DATA (data[1]), walked as nl_walk walks them
 */
static void linkinfo_kinds(const struct nl_view *v, uint64_t off,
			   uint64_t len, int data[2])
{
	int kind = K_NONE, slave = K_NONE;

	data[0] = data[1] = -1;
	while (len >= NLA_HDR) {
		const uint8_t *h = nl_at(v, off, NLA_HDR);
		uint32_t hlen, step;
		uint64_t plen;

		if (!h)
			break;
		hlen = ld16(h);
		step = (hlen + 3u) & ~3u;
		plen = (hlen < len ? hlen : len);
		plen = plen > NLA_HDR ? plen - NLA_HDR : 0;
		if (plen) {
			switch (ld16(h + 2) & 0x3fff) {
			case IFLA_INFO_KIND:
				kind = kind_of(v, off + NLA_HDR, plen);
				break;
			case IFLA_INFO_SLAVE_KIND:
				slave = kind_of(v, off + NLA_HDR, plen);
				break;
			case IFLA_INFO_DATA:
			case IFLA_INFO_XSTATS:
				seen(&data[0], kind);
				break;
			case IFLA_INFO_SLAVE_DATA:
				seen(&data[1], slave);
				break;
			}
		}
		if (hlen < NLA_HDR || !step || len < step)
			break;
		off += step;
		len -= step;
	}
}

/* a bridge's data, a tun's, a CAN device's statistics, a bridge port's */
static const struct nla_kind by_kind[] = {
	{ NH_NESTED, 0, &br_set, NULL, NULL, NULL },
	{ NH_NESTED, 0, &tun_set, NULL, NULL, NULL },
	{ NH_STRUCT, 0, &can_stats_s, NULL, NULL, NULL },
	{ NH_NESTED, 0, &rtnl_brport_attrs, NULL, NULL, NULL },
};

int rtnl_linkinfo(struct fmt_buf *b, const struct nl_view *v, uint16_t type,
		  uint64_t off, uint64_t len)
{
	struct nla_kind k[IFLA_INFO_SLAVE_DATA + 1] = {
		[IFLA_INFO_KIND] = { NH_STR, 0 },
		[IFLA_INFO_SLAVE_KIND] = { NH_STR, 0 },
	};
	const struct nla_set s = NLA_SET(&xlat_ifla_info_attrs,
					 "IFLA_INFO_???", k);
	int data[2];

	(void)type;
	linkinfo_kinds(v, off, len, data);
	if (data[0] == K_BRIDGE)
		k[IFLA_INFO_DATA] = by_kind[0];
	else if (data[0] == K_TUN)
		k[IFLA_INFO_DATA] = by_kind[1];
	else if (data[0] == K_CAN)
		k[IFLA_INFO_XSTATS] = by_kind[2];
	if (data[1] == K_BRIDGE)
		k[IFLA_INFO_SLAVE_DATA] = by_kind[3];
	nl_attrs_set(b, v, off, len, &s);
	return 1;
}
