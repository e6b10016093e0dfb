// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: NETLINK_ROUTE's attributes, by message (fmt_rtnl.c's
 * structs name the set of each): what each attribute type holds, as
 * strace 6.1's rtnl_*.c decode it.  Addresses, traffic control,
 * actions, multicast database, neighbour tables, namespace ids; a set
 * with no kinds prints every payload as bytes.  The links' attributes
 * are fmt_rtnl_link.c's.
 */
#include <linux/gen_stats.h>
#include <linux/fib_rules.h>
#include <linux/if_addr.h>
#include <linux/if_link.h>
#include <linux/mroute.h>
#include <linux/mroute6.h>
#include <linux/neighbour.h>
#include <linux/net_namespace.h>
#include <linux/pkt_cls.h>
#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>
#include <sys/socket.h>

#include "fmt_netlink.h"

/* ifaddrmsg */
static const struct nl_field ifa_cacheinfo[] = {
	{ "ifa_prefered", 0, 4, NF_U, NULL, NULL },
	{ "ifa_valid", 4, 4, NF_U, NULL, NULL },
	{ "cstamp", 8, 4, NF_U, NULL, NULL },
	{ "tstamp", 12, 4, NF_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct nl_struct ifa_cacheinfo_s = { 16, ifa_cacheinfo, { 0 } };

static const struct nla_kind ifa[] = {
	[IFA_ADDRESS] = { NH_INET, 0 },
	[IFA_LOCAL] = { NH_INET, 0 },
	[IFA_LABEL] = { NH_STR, 0 },
	[IFA_BROADCAST] = { NH_INET, 0 },
	[IFA_ANYCAST] = { NH_INET, 0 },
	[IFA_CACHEINFO] = { NH_STRUCT, 0, &ifa_cacheinfo_s },
	[IFA_MULTICAST] = { NH_INET, 0 },
	[IFA_FLAGS] = { NH_FLAGS, 4, NULL, &xlat_ifa_flags, "IFA_F_???" },
	[IFA_RT_PRIORITY] = { NH_U, 4 },
	[IFA_TARGET_NETNSID] = { NH_S, 4 },
};
const struct nla_set rtnl_addr_attrs = NLA_SET(&xlat_ifa_attrs, "IFA_???",
					       ifa);

/* tcmsg: struct tc_stats up to backlog, tc_estimator, gnet_stats_* */
static const struct nl_field tc_stats[] = {
	{ "bytes", 0, 8, NF_U, NULL, NULL },
	{ "packets", 8, 4, NF_U, NULL, NULL },
	{ "drops", 12, 4, NF_U, NULL, NULL },
	{ "overlimits", 16, 4, NF_U, NULL, NULL },
	{ "bps", 20, 4, NF_U, NULL, NULL },
	{ "pps", 24, 4, NF_U, NULL, NULL },
	{ "qlen", 28, 4, NF_U, NULL, NULL },
	{ "backlog", 32, 4, NF_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct nl_struct tc_stats_s = { 36, tc_stats, { 0 } };

static const struct nl_field tc_estimator[] = {
	{ "interval", 0, 1, NF_S, NULL, NULL },
	{ "ewma_log", 1, 1, NF_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct nl_struct tc_estimator_s = { 2, tc_estimator, { 0 } };

static const struct nl_field gnet_basic[] = {
	{ "bytes", 0, 8, NF_U, NULL, NULL },
	{ "packets", 8, 4, NF_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct nl_struct gnet_basic_s = { 12, gnet_basic, { 0 } };

static const struct nl_field gnet_rate_est[] = {
	{ "bps", 0, 4, NF_U, NULL, NULL },
	{ "pps", 4, 4, NF_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct nl_struct gnet_rate_est_s = { 8, gnet_rate_est, { 0 } };

static const struct nl_field gnet_queue[] = {
	{ "qlen", 0, 4, NF_U, NULL, NULL },
	{ "backlog", 4, 4, NF_U, NULL, NULL },
	{ "drops", 8, 4, NF_U, NULL, NULL },
	{ "requeues", 12, 4, NF_U, NULL, NULL },
	{ "overlimits", 16, 4, NF_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct nl_struct gnet_queue_s = { 20, gnet_queue, { 0 } };

static const struct nl_field gnet_rate_est64[] = {
	{ "bps", 0, 8, NF_U, NULL, NULL },
	{ "pps", 8, 8, NF_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct nl_struct gnet_rate_est64_s = { 16, gnet_rate_est64, { 0 } };

static const struct nla_kind tca_stats[] = {
	[TCA_STATS_BASIC] = { NH_STRUCT, 0, &gnet_basic_s },
	[TCA_STATS_RATE_EST] = { NH_STRUCT, 0, &gnet_rate_est_s },
	[TCA_STATS_QUEUE] = { NH_STRUCT, 0, &gnet_queue_s },
	[TCA_STATS_RATE_EST64] = { NH_STRUCT, 0, &gnet_rate_est64_s },
	[TCA_STATS_BASIC_HW] = { NH_STRUCT, 0, &gnet_basic_s },
	[TCA_STATS_PKT64] = { NH_U, 8 },
};
static const struct nla_set tca_stats_set = NLA_SET(&xlat_tca_stats_attrs,
						    "TCA_STATS_???",
						    tca_stats);

static const struct nl_field tc_sizespec[] = {
	{ "cell_log", 0, 1, NF_U, NULL, NULL },
	{ "size_log", 1, 1, NF_U, NULL, NULL },
	{ "cell_align", 2, 2, NF_S, NULL, NULL },
	{ "overhead", 4, 4, NF_S, NULL, NULL },
	{ "linklayer", 8, 4, NF_U, NULL, NULL },
	{ "mpu", 12, 4, NF_U, NULL, NULL },
	{ "mtu", 16, 4, NF_U, NULL, NULL },
	{ "tsize", 20, 4, NF_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct nl_struct tc_sizespec_s = { 24, tc_sizespec, { 0 } };

static const struct nla_kind tca_stab[] = {
	[TCA_STAB_BASE] = { NH_STRUCT, 0, &tc_sizespec_s },
	[TCA_STAB_DATA] = { NH_ARRAY, 2 },
};
static const struct nla_set tca_stab_set = NLA_SET(&xlat_tca_stab_attrs,
						   "TCA_STAB_???", tca_stab);

static const struct nla_kind tca[] = {
	[TCA_KIND] = { NH_STR, 0 },
	[TCA_STATS] = { NH_STRUCT, 0, &tc_stats_s },
	[TCA_RATE] = { NH_STRUCT, 0, &tc_estimator_s },
	[TCA_FCNT] = { NH_U, 4 },
	[TCA_STATS2] = { NH_NESTED, 0, &tca_stats_set },
	[TCA_STAB] = { NH_NESTED, 0, &tca_stab_set },
	[TCA_CHAIN] = { NH_U, 4 },
	[TCA_HW_OFFLOAD] = { NH_U, 1 },
	[TCA_INGRESS_BLOCK] = { NH_U, 4 },
	[TCA_EGRESS_BLOCK] = { NH_U, 4 },
	[TCA_DUMP_FLAGS] = { NH_U, 4 },
};
const struct nla_set rtnl_tc_attrs = NLA_SET(&xlat_tca_attrs, "TCA_???",
					     tca);

/* tcamsg */
static const struct nla_kind tca_act[] = {
	[TCA_ACT_KIND] = { NH_STR, 0 },
	[TCA_ACT_INDEX] = { NH_U, 4 },
	[TCA_ACT_STATS] = { NH_NESTED, 0, &tca_stats_set },
	[TCA_ACT_FLAGS] = { NH_FLAGS, 4, NULL, &xlat_tca_act_flags,
			    "TCA_ACT_FLAGS_???" },
	[TCA_ACT_HW_STATS] = { NH_FLAGS, 4, NULL, &xlat_tca_act_hw_stats,
			       "TCA_ACT_HW_STATS_???" },
	[TCA_ACT_USED_HW_STATS] = { NH_FLAGS, 4, NULL, &xlat_tca_act_hw_stats,
				    "TCA_ACT_HW_STATS_???" },
	[TCA_ACT_IN_HW_COUNT] = { NH_U, 4 },
};
const struct nla_set rtnl_action_attrs = NLA_SET(&xlat_tca_act_attrs,
						 "TCA_ACT_???", tca_act);

/* ndtmsg */
static const struct nl_field ndt_config[] = {
	{ "ndtc_key_len", 0, 2, NF_U, NULL, NULL },
	{ "ndtc_entry_size", 2, 2, NF_U, NULL, NULL },
	{ "ndtc_entries", 4, 4, NF_U, NULL, NULL },
	{ "ndtc_last_flush", 8, 4, NF_U, NULL, NULL },
	{ "ndtc_last_rand", 12, 4, NF_U, NULL, NULL },
	{ "ndtc_hash_rnd", 16, 4, NF_U, NULL, NULL },
	{ "ndtc_hash_mask", 20, 4, NF_X, NULL, NULL },
	{ "ndtc_hash_chain_gc", 24, 4, NF_U, NULL, NULL },
	{ "ndtc_proxy_qlen", 28, 4, NF_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct nl_struct ndt_config_s = { 32, ndt_config, { 0 } };

static const struct nl_field ndt_stats[] = {
	{ "ndts_allocs", 0, 8, NF_U, NULL, NULL },
	{ "ndts_destroys", 8, 8, NF_U, NULL, NULL },
	{ "ndts_hash_grows", 16, 8, NF_U, NULL, NULL },
	{ "ndts_res_failed", 24, 8, NF_U, NULL, NULL },
	{ "ndts_lookups", 32, 8, NF_U, NULL, NULL },
	{ "ndts_hits", 40, 8, NF_U, NULL, NULL },
	{ "ndts_rcv_probes_mcast", 48, 8, NF_U, NULL, NULL },
	{ "ndts_rcv_probes_ucast", 56, 8, NF_U, NULL, NULL },
	{ "ndts_periodic_gc_runs", 64, 8, NF_U, NULL, NULL },
	{ "ndts_forced_gc_runs", 72, 8, NF_U, NULL, NULL },
	{ "ndts_table_fulls", 80, 8, NF_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct nl_struct ndt_stats_s = { 88, ndt_stats, { 80 } };

static const struct nla_kind ndtpa[] = {
	[NDTPA_IFINDEX] = { NH_IFINDEX, 4 },
	[NDTPA_REFCNT] = { NH_U, 4 },
	[NDTPA_REACHABLE_TIME] = { NH_U, 8 },
	[NDTPA_BASE_REACHABLE_TIME] = { NH_U, 8 },
	[NDTPA_RETRANS_TIME] = { NH_U, 8 },
	[NDTPA_GC_STALETIME] = { NH_U, 8 },
	[NDTPA_DELAY_PROBE_TIME] = { NH_U, 8 },
	[NDTPA_QUEUE_LEN] = { NH_U, 4 },
	[NDTPA_APP_PROBES] = { NH_U, 4 },
	[NDTPA_UCAST_PROBES] = { NH_U, 4 },
	[NDTPA_MCAST_PROBES] = { NH_U, 4 },
	[NDTPA_ANYCAST_DELAY] = { NH_U, 8 },
	[NDTPA_PROXY_DELAY] = { NH_U, 8 },
	[NDTPA_PROXY_QLEN] = { NH_U, 4 },
	[NDTPA_LOCKTIME] = { NH_U, 8 },
	[NDTPA_QUEUE_LENBYTES] = { NH_U, 4 },
	[NDTPA_MCAST_REPROBES] = { NH_U, 4 },
	[NDTPA_INTERVAL_PROBE_TIME_MS] = { NH_U, 8 },
};
static const struct nla_set ndtpa_set = NLA_SET(&xlat_ndtpa_attrs,
						"NDTPA_???", ndtpa);

static const struct nla_kind ndta[] = {
	[NDTA_NAME] = { NH_STR, 0 },
	[NDTA_THRESH1] = { NH_U, 4 },
	[NDTA_THRESH2] = { NH_U, 4 },
	[NDTA_THRESH3] = { NH_U, 4 },
	[NDTA_CONFIG] = { NH_STRUCT, 0, &ndt_config_s },
	[NDTA_PARMS] = { NH_NESTED, 0, &ndtpa_set },
	[NDTA_STATS] = { NH_STRUCT, 0, &ndt_stats_s },
	[NDTA_GC_INTERVAL] = { NH_U, 8 },
};
const struct nla_set rtnl_neightbl_attrs = NLA_SET(&xlat_ndta_attrs,
						   "NDTA_???", ndta);

/* RTM_*NSID */
static const struct nla_kind netnsa[] = {
	[NETNSA_NSID] = { NH_S, 4 },
	[NETNSA_PID] = { NH_U, 4 },
	[NETNSA_TARGET_NSID] = { NH_S, 4 },
	[NETNSA_CURRENT_NSID] = { NH_S, 4 },
};
const struct nla_set rtnl_nsid_attrs = NLA_SET(&xlat_netnsa_attrs,
					       "NETNSA_???", netnsa);

/* RTM_NEWCACHEREPORT: a multicast routing cache's report, by family */
static const struct nla_kind ipmra[] = {
	[IPMRA_CREPORT_MSGTYPE] = { NH_ENUM, 1, NULL, &xlat_igmpmsg_types,
				    "IGMPMSG_???" },
	[IPMRA_CREPORT_VIF_ID] = { NH_U, 4 },
	[IPMRA_CREPORT_SRC_ADDR] = { NH_INET, 4 },
	[IPMRA_CREPORT_DST_ADDR] = { NH_INET, 4 },
	[IPMRA_CREPORT_TABLE] = { NH_U, 4 },
};
static const struct nla_set ipmra_set = NLA_SET(&xlat_ipmra_creport_attrs,
						"IPMRA_CREPORT_???", ipmra);

static const struct nla_kind ip6mra[] = {
	[IP6MRA_CREPORT_MSGTYPE] = { NH_ENUM, 1, NULL, &xlat_mrt6msg_types,
				     "MRT6MSG_???" },
	[IP6MRA_CREPORT_MIF_ID] = { NH_U, 4 },
	[IP6MRA_CREPORT_SRC_ADDR] = { NH_INET, 16 },
	[IP6MRA_CREPORT_DST_ADDR] = { NH_INET, 16 },
};
static const struct nla_set ip6mra_set = NLA_SET(&xlat_ip6mra_creport_attrs,
						 "IP6MRA_CREPORT_???",
						 ip6mra);

int nl_cachereport(struct fmt_buf *b, const struct nl_view *v, uint64_t off,
		   uint64_t len)
{
	const uint8_t *p = nl_at(v, off, 1);
	const char *name;
	uint8_t family;

	if (!p)
		return 0;
	family = *p;
	fb_puts(b, "{rtgen_family=");
	name = xlat_name(&xlat_rtnl_family, family);
	if (name)
		fmt_const(b, name, family, XF_HEX);
	else
		fmt_enum_dflt(b, &xlat_addr_family, family, "RTNL_FAMILY_???");
	fb_putc(b, '}');
	if (len <= 4)
		return 1;
	fb_puts(b, ", ");
	if (family == RTNL_FAMILY_IPMR)
		nl_attrs_set(b, v, off + 4, len - 4, &ipmra_set);
	else if (family == RTNL_FAMILY_IP6MR)
		nl_attrs_set(b, v, off + 4, len - 4, &ip6mra_set);
	else
		nl_hex(b, v, off + 4, len - 4);
	return 1;
}

/* fib_rule_hdr */
static const struct nl_field fib_range32[] = {
	{ "start", 0, 4, NF_U, NULL, NULL },
	{ "end", 4, 4, NF_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct nl_struct fib_uid_range_s = { 8, fib_range32, { 0 } };

static const struct nl_field fib_range16[] = {
	{ "start", 0, 2, NF_U, NULL, NULL },
	{ "end", 2, 2, NF_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct nl_struct fib_port_range_s = { 4, fib_range16, { 0 } };

/* a big-endian 64-bit number: htobe64(1) */
static int nla_be64(struct fmt_buf *b, const struct nl_view *v,
		    uint16_t type, uint64_t off, uint64_t len)
{
	const uint8_t *p = nl_at(v, off, 8);
	uint64_t x = 0;

	(void)type;
	if (len < 8)
		return 0;
	if (!p) {
		nl_unread(b, v, off);
		return 1;
	}
	for (int i = 0; i < 8; i++)
		x = x << 8 | p[i];
	fb_puts(b, "htobe64(");
	fb_udec(b, x);
	fb_putc(b, ')');
	return 1;
}

static const struct nla_kind fra[] = {
	[FRA_DST] = { NH_INET, 0 },
	[FRA_SRC] = { NH_INET, 0 },
	[FRA_IIFNAME] = { NH_STR, 0 },
	[FRA_GOTO] = { NH_U, 4 },
	[FRA_PRIORITY] = { NH_U, 4 },
	[FRA_FWMARK] = { NH_U, 4 },
	[FRA_FLOW] = { NH_U, 4 },
	[FRA_TUN_ID] = { NH_FN, 0, NULL, NULL, NULL, nla_be64 },
	[FRA_SUPPRESS_IFGROUP] = { NH_U, 4 },
	[FRA_SUPPRESS_PREFIXLEN] = { NH_U, 4 },
	[FRA_TABLE] = { NH_ENUM, 4, NULL, &xlat_rt_table, NULL },
	[FRA_FWMASK] = { NH_U, 4 },
	[FRA_OIFNAME] = { NH_STR, 0 },
	[FRA_L3MDEV] = { NH_U, 1 },
	[FRA_UID_RANGE] = { NH_STRUCT, 0, &fib_uid_range_s },
	[FRA_PROTOCOL] = { NH_ENUM, 1, NULL, &xlat_rt_proto, "RTPROT_???" },
	[FRA_IP_PROTO] = { NH_ENUM, 1, NULL, &xlat_ip_proto, "IPPROTO_???" },
	[FRA_SPORT_RANGE] = { NH_STRUCT, 0, &fib_port_range_s },
	[FRA_DPORT_RANGE] = { NH_STRUCT, 0, &fib_port_range_s },
};
const struct nla_set rtnl_rule_attrs = NLA_SET(&xlat_fra_attrs, "FRA_???",
					       fra);

/* rtmsg */
static const struct nla_kind rtax[] = {
	[RTAX_LOCK] = { NH_U, 4 },
	[RTAX_MTU] = { NH_U, 4 },
	[RTAX_WINDOW] = { NH_U, 4 },
	[RTAX_RTT] = { NH_U, 4 },
	[RTAX_RTTVAR] = { NH_U, 4 },
	[RTAX_SSTHRESH] = { NH_U, 4 },
	[RTAX_CWND] = { NH_U, 4 },
	[RTAX_ADVMSS] = { NH_U, 4 },
	[RTAX_REORDERING] = { NH_U, 4 },
	[RTAX_HOPLIMIT] = { NH_U, 4 },
	[RTAX_INITCWND] = { NH_U, 4 },
	[RTAX_FEATURES] = { NH_U, 4 },
	[RTAX_RTO_MIN] = { NH_U, 4 },
	[RTAX_INITRWND] = { NH_U, 4 },
	[RTAX_QUICKACK] = { NH_U, 4 },
	[RTAX_CC_ALGO] = { NH_STR, 0 },
};
static const struct nla_set rtax_set = NLA_SET(&xlat_rtax_attrs, "RTAX_???",
					       rtax);

static const struct nl_field rta_cacheinfo[] = {
	{ "rta_clntref", 0, 4, NF_U, NULL, NULL },
	{ "rta_lastuse", 4, 4, NF_U, NULL, NULL },
	{ "rta_expires", 8, 4, NF_U, NULL, NULL },
	{ "rta_error", 12, 4, NF_U, NULL, NULL },
	{ "rta_used", 16, 4, NF_U, NULL, NULL },
	{ "rta_id", 20, 4, NF_X, NULL, NULL },
	{ "rta_ts", 24, 4, NF_U, NULL, NULL },
	{ "rta_tsage", 28, 4, NF_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct nl_struct rta_cacheinfo_s = { 32, rta_cacheinfo, { 0 } };

static const struct nl_field mfc_stats[] = {
	{ "mfcs_packets", 0, 8, NF_U, NULL, NULL },
	{ "mfcs_bytes", 8, 8, NF_U, NULL, NULL },
	{ "mfcs_wrong_if", 16, 8, NF_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct nl_struct mfc_stats_s = { 24, mfc_stats, { 0 } };

/* struct rtvia: a family, then an address of it */
static int rta_via(struct fmt_buf *b, const struct nl_view *v,
		   uint16_t type, uint64_t off, uint64_t len)
{
	const uint8_t *p = nl_at(v, off, len);
	uint16_t family;

	(void)type;
	if (len < 2)
		return 0;
	if (!p) {
		nl_unread(b, v, off);
		return 1;
	}
	family = ld16(p);
	fb_puts(b, "{rtvia_family=");
	fmt_enum_dflt(b, &xlat_addr_family, family, "AF_???");
	if (len > 2) {
		fb_puts(b, ", ");
		nl_inet(b, v, family, p + 2, (unsigned int)(len - 2),
			"rtvia_addr");
	}
	fb_putc(b, '}');
	return 1;
}

static const struct nl_field rtnexthop[] = {
	{ "rtnh_len", 0, 2, NF_U, NULL, NULL },
	{ "rtnh_flags", 2, 1, NF_FLAGS, &xlat_rtnh_flags, "RTNH_F_???" },
	{ "rtnh_hops", 3, 1, NF_U, NULL, NULL },
	{ "rtnh_ifindex", 4, 4, NF_IFINDEX, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};

/*
 * RTA_MULTIPATH: struct rtnexthop after struct rtnexthop, each with a
 * route's attributes after it when its rtnh_len says so; as strace, the
 * whole struct whatever its rtnh_len, an array when the first is
 * shorter than the payload
 */
static int rta_multipath(struct fmt_buf *b, const struct nl_view *v,
			 uint16_t type, uint64_t off, uint64_t len)
{
	uint64_t left = len, at = off;
	const uint8_t *p;
	int array = 0;

	(void)type;
	if (len < 8)
		return 0;
	while ((p = nl_at(v, at, 8))) {
		uint64_t nlen = ld16(p) < left ? ld16(p) : left;
		uint64_t step = (nlen + 3) & ~3ull;

		if (at == off && ld16(p) < len) {
			fb_putc(b, '[');
			array = 1;
		}
		if (at > off)
			fb_puts(b, ", ");
		if (nlen > 8)
			fb_putc(b, '[');
		fb_putc(b, '{');
		nl_fields(b, v, rtnexthop, p, 1, 8);
		fb_putc(b, '}');
		if (nlen > 8) {
			fb_puts(b, ", ");
			nl_attrs_set(b, v, at + 8, nlen - 8, &rtnl_route_attrs);
			fb_putc(b, ']');
		}
		/* (a zero rtnh_len ends it: strace would go round forever) */
		if (step >= left || !step)
			break;
		at += step;
		left -= step;
	}
	if (!p)
		nl_unread(b, v, at);
	if (array)
		fb_putc(b, ']');
	return 1;
}

static const struct nla_kind rta[] = {
	[RTA_DST] = { NH_INET, 0 },
	[RTA_SRC] = { NH_INET, 0 },
	[RTA_IIF] = { NH_IFINDEX, 4 },
	[RTA_OIF] = { NH_IFINDEX, 4 },
	[RTA_GATEWAY] = { NH_INET, 0 },
	[RTA_PRIORITY] = { NH_U, 4 },
	[RTA_PREFSRC] = { NH_INET, 0 },
	[RTA_METRICS] = { NH_NESTED, 0, &rtax_set },
	[RTA_MULTIPATH] = { NH_FN, 0, NULL, NULL, NULL, rta_multipath },
	[RTA_PROTOINFO] = { NH_U, 4 },
	[RTA_FLOW] = { NH_U, 4 },
	[RTA_CACHEINFO] = { NH_STRUCT, 0, &rta_cacheinfo_s },
	[RTA_MP_ALGO] = { NH_U, 4 },
	[RTA_TABLE] = { NH_ENUM, 4, NULL, &xlat_rt_table, NULL },
	[RTA_MARK] = { NH_U, 4 },
	[RTA_MFC_STATS] = { NH_STRUCT, 0, &mfc_stats_s },
	[RTA_VIA] = { NH_FN, 0, NULL, NULL, NULL, rta_via },
	[RTA_NEWDST] = { NH_INET, 0 },
	[RTA_PREF] = { NH_U, 1 },
	[RTA_ENCAP_TYPE] = { NH_ENUM, 2, NULL, &xlat_lwtunnel_encap,
			     "LWTUNNEL_ENCAP_???" },
	[RTA_EXPIRES] = { NH_U, 8 },
	[RTA_UID] = { NH_U, 4 },
	[RTA_TTL_PROPAGATE] = { NH_U, 1 },
	[RTA_IP_PROTO] = { NH_U, 1 },
	[RTA_SPORT] = { NH_U, 2 },
	[RTA_DPORT] = { NH_U, 2 },
};
const struct nla_set rtnl_route_attrs = NLA_SET(&xlat_rta_attrs, "RTA_???",
						rta);

/* ndmsg */
static const struct nl_field nda_cacheinfo[] = {
	{ "ndm_confirmed", 0, 4, NF_U, NULL, NULL },
	{ "ndm_used", 4, 4, NF_U, NULL, NULL },
	{ "ndm_updated", 8, 4, NF_U, NULL, NULL },
	{ "ndm_refcnt", 12, 4, NF_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct nl_struct nda_cacheinfo_s = { 16, nda_cacheinfo, { 0 } };

/* a port in network order: htons(80) */
static int nla_be16(struct fmt_buf *b, const struct nl_view *v,
		    uint16_t type, uint64_t off, uint64_t len)
{
	const uint8_t *p = nl_at(v, off, 2);

	(void)type;
	if (len < 2)
		return 0;
	if (!p) {
		nl_unread(b, v, off);
		return 1;
	}
	fb_puts(b, "htons(");
	fb_udec(b, (unsigned int)p[0] << 8 | p[1]);
	fb_putc(b, ')');
	return 1;
}

/* a hardware address of any length up to MAX_ADDR_LEN (32) */
static int nla_hwaddr(struct fmt_buf *b, const struct nl_view *v,
		      uint16_t type, uint64_t off, uint64_t len)
{
	const uint8_t *p = nl_at(v, off, len);

	(void)type;
	if (len > 32)
		return 0;
	if (p)
		nl_mac(b, v, p, (unsigned int)len);
	else
		nl_unread(b, v, off);
	return 1;
}

static const struct nla_kind nfea[] = {
	[NFEA_ACTIVITY_NOTIFY] = { NH_FLAGS, 1, NULL, &xlat_fdb_notify_flags,
				   "FDB_NOTIFY_???" },
};
static const struct nla_set nfea_set = NLA_SET(&xlat_nfea_attrs, "NFEA_???",
					       nfea);

static const struct nla_kind nda[] = {
	[NDA_DST] = { NH_INET, 0 },
	[NDA_LLADDR] = { NH_FN, 0, NULL, NULL, NULL, nla_hwaddr },
	[NDA_CACHEINFO] = { NH_STRUCT, 0, &nda_cacheinfo_s },
	[NDA_PROBES] = { NH_U, 4 },
	[NDA_VLAN] = { NH_U, 2 },
	[NDA_PORT] = { NH_FN, 0, NULL, NULL, NULL, nla_be16 },
	[NDA_VNI] = { NH_U, 4 },
	[NDA_IFINDEX] = { NH_IFINDEX, 4 },
	[NDA_MASTER] = { NH_IFINDEX, 4 },
	[NDA_LINK_NETNSID] = { NH_U, 4 },
	[NDA_SRC_VNI] = { NH_U, 4 },
	[NDA_PROTOCOL] = { NH_ENUM, 1, NULL, &xlat_ip_proto, "IPPROTO_???" },
	[NDA_NH_ID] = { NH_U, 4 },
	[NDA_FDB_EXT_ATTRS] = { NH_NESTED, 0, &nfea_set },
	[NDA_FLAGS_EXT] = { NH_FLAGS, 4, NULL, &xlat_ntf_ext_flags,
			    "NTF_EXT_???" },
	[NDA_NDM_STATE_MASK] = { NH_FLAGS, 2, NULL, &xlat_nud_states,
				 "NUD_???" },
	[NDA_NDM_FLAGS_MASK] = { NH_FLAGS, 1, NULL, &xlat_ntf_flags,
				 "NTF_???" },
};
const struct nla_set rtnl_neigh_attrs = NLA_SET(&xlat_nda_attrs, "NDA_???",
						nda);

/* the sets etrace has no kinds of yet: bytes */
const struct nla_set rtnl_addrlabel_attrs = { &xlat_ifal_attrs, "IFAL_???",
					      NULL, 0 };
const struct nla_set rtnl_dcb_attrs = { &xlat_dcb_attrs, "DCB_ATTR_???",
					NULL, 0 };
const struct nla_set rtnl_netconf_attrs = { &xlat_netconfa_attrs,
					    "NETCONFA_???", NULL, 0 };
const struct nla_set rtnl_nexthop_attrs = { &xlat_nha_attrs, "NHA_???",
					    NULL, 0 };
