// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: NETLINK_ROUTE's message structs (ifinfomsg, ifaddrmsg,
 * rtmsg, ndmsg, ifaddrlblmsg, fib_rule_hdr, tcmsg, tcamsg, ndtmsg,
 * dcbmsg, netconfmsg, br_port_msg, rtgenmsg, nhmsg), each a table of its
 * fields, printed as strace 6.1 prints them:
 * the family from the first byte, the other fields when the payload
 * holds the whole struct ("..." when it is shorter, the address of the
 * rest when that could not be read), then the attributes after it (their
 * types named, their payloads as bytes but for rtgenmsg's numbers:
 * etrace decodes no others yet).
 * An interface index prints as strace prints it, if_nametoindex("lo"),
 * when the tracer knows the calling task's interface of that index
 * (fmt_ifindex), else as its number.
 */
#include <linux/net_namespace.h>
#include <linux/rtnetlink.h>
#include <sys/socket.h>

#include "fmt_netlink.h"

static const struct nl_field ifinfomsg[] = {
	{ "ifi_type", 2, 2, NF_ENUM, &xlat_arphrd, "ARPHRD_???" },
	{ "ifi_index", 4, 4, NF_IFINDEX, NULL, NULL },
	{ "ifi_flags", 8, 4, NF_FLAGS, &xlat_iff_flags, "IFF_???" },
	{ "ifi_change", 12, 4, NF_X, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const struct nl_field ifaddrmsg[] = {
	{ "ifa_prefixlen", 1, 1, NF_U, NULL, NULL },
	{ "ifa_flags", 2, 1, NF_FLAGS, &xlat_ifa_flags, "IFA_F_???" },
	{ "ifa_scope", 3, 1, NF_ENUM, &xlat_rt_scope, NULL },
	{ "ifa_index", 4, 4, NF_IFINDEX, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const struct nl_field rtmsg[] = {
	{ "rtm_dst_len", 1, 1, NF_U, NULL, NULL },
	{ "rtm_src_len", 2, 1, NF_U, NULL, NULL },
	{ "rtm_tos", 3, 1, NF_FLAGS, &xlat_iptos, "IPTOS_TOS_???" },
	{ "rtm_table", 4, 1, NF_ENUM, &xlat_rt_table, NULL },
	{ "rtm_protocol", 5, 1, NF_ENUM, &xlat_rt_proto, "RTPROT_???" },
	{ "rtm_scope", 6, 1, NF_ENUM, &xlat_rt_scope, NULL },
	{ "rtm_type", 7, 1, NF_ENUM, &xlat_rt_type, "RTN_???" },
	{ "rtm_flags", 8, 4, NF_FLAGS, &xlat_rtm_flags, "RTM_F_???" },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const struct nl_field ndmsg[] = {
	{ "ndm_ifindex", 4, 4, NF_IFINDEX, NULL, NULL },
	{ "ndm_state", 8, 2, NF_FLAGS, &xlat_nud_states, "NUD_???" },
	{ "ndm_flags", 10, 1, NF_FLAGS, &xlat_ntf_flags, "NTF_???" },
	{ "ndm_type", 11, 1, NF_ENUM, &xlat_rt_type, "RTN_???" },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const struct nl_field ifaddrlblmsg[] = {
	{ "ifal_prefixlen", 2, 1, NF_U, NULL, NULL },
	{ "ifal_flags", 3, 1, NF_U, NULL, NULL },
	{ "ifal_index", 4, 4, NF_IFINDEX, NULL, NULL },
	{ "ifal_seq", 8, 4, NF_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const struct nl_field fib_rule_hdr[] = {
	{ "dst_len", 1, 1, NF_U, NULL, NULL },
	{ "src_len", 2, 1, NF_U, NULL, NULL },
	{ "tos", 3, 1, NF_FLAGS, &xlat_iptos, "IPTOS_TOS_???" },
	{ "table", 4, 1, NF_ENUM, &xlat_rt_table, "RT_TABLE_???" },
	{ "action", 7, 1, NF_ENUM, &xlat_fr_actions, "FR_ACT_???" },
	{ "flags", 8, 4, NF_FLAGS, &xlat_fib_rule_flags, "FIB_RULE_???" },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const struct nl_field tcmsg[] = {
	{ "tcm_ifindex", 4, 4, NF_IFINDEX, NULL, NULL },
	{ "tcm_handle", 8, 4, NF_U, NULL, NULL },
	{ "tcm_parent", 12, 4, NF_U, NULL, NULL },
	{ "tcm_info", 16, 4, NF_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const struct nl_field dcbmsg[] = {
	{ "cmd", 1, 1, NF_ENUM, &xlat_dcb_cmds, "DCB_CMD_???" },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const struct nl_field br_port_msg[] = {
	{ "ifindex", 4, 4, NF_IFINDEX, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const struct nl_field nhmsg[] = {
	{ "nh_scope", 1, 1, NF_ENUM, &xlat_rt_scope, NULL },
	{ "nh_protocol", 2, 1, NF_ENUM, &xlat_rt_proto, "RTPROT_???" },
	{ "resvd", 3, 1, NF_XNZ, NULL, NULL },
	{ "nh_flags", 4, 4, NF_FLAGS, &xlat_rtnh_flags, "RTNH_F_???" },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const struct nl_field if_stats_msg[] = {
	{ "pad1", 1, 1, NF_XNZ, NULL, NULL },
	{ "pad2", 2, 2, NF_XNZ, NULL, NULL },
	{ "ifindex", 4, 4, NF_IFINDEX, NULL, NULL },
	{ "filter_mask", 8, 4, NF_BITNUMS, &xlat_ifla_stats_attrs,
	  "1<<IFLA_STATS_???" },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const struct nl_field family_only[] = {
	{ NULL, 0, 0, 0, NULL, NULL },
};

enum {
	S_LINK, S_ADDR, S_ROUTE, S_NEIGH, S_ADDRLABEL, S_RULE, S_TC, S_ACTION,
	S_NEIGHTBL, S_DCB, S_NETCONF, S_MDB, S_NSID, S_NEXTHOP, S_STATS,
};

static const struct nl_msg structs[] = {
	[S_LINK] = { 16, "ifi_family", ifinfomsg, &rtnl_link_attrs },
	[S_ADDR] = { 8, "ifa_family", ifaddrmsg, &rtnl_addr_attrs },
	[S_ROUTE] = { 12, "rtm_family", rtmsg, &rtnl_route_attrs },
	[S_NEIGH] = { 12, "ndm_family", ndmsg, &rtnl_neigh_attrs },
	[S_ADDRLABEL] = { 12, "ifal_family", ifaddrlblmsg,
			  &rtnl_addrlabel_attrs },
	[S_RULE] = { 12, "family", fib_rule_hdr, &rtnl_rule_attrs },
	[S_TC] = { 20, "tcm_family", tcmsg, &rtnl_tc_attrs },
	[S_ACTION] = { 4, "tca_family", family_only, &rtnl_action_attrs },
	[S_NEIGHTBL] = { 4, "ndtm_family", family_only, &rtnl_neightbl_attrs },
	[S_DCB] = { 4, "dcb_family", dcbmsg, &rtnl_dcb_attrs },
	[S_NETCONF] = { 1, "ncm_family", family_only, &rtnl_netconf_attrs },
	[S_MDB] = { 8, "family", br_port_msg, &rtnl_mdb_attrs },
	[S_NSID] = { 1, "rtgen_family", family_only, &rtnl_nsid_attrs },
	[S_NEXTHOP] = { 8, "nh_family", nhmsg, &rtnl_nexthop_attrs },
	[S_STATS] = { 12, "family", if_stats_msg, &rtnl_stats_attrs },
};

/* family: the payload's first byte (RTM_GETNEIGH's struct is by it) */
static const struct nl_msg *rt_struct_of(uint16_t type, uint8_t family)
{
	switch (type) {
	case RTM_NEWLINK: case RTM_DELLINK: case RTM_GETLINK:
	case RTM_SETLINK:
		return &structs[S_LINK];
	case RTM_NEWADDR: case RTM_DELADDR: case RTM_GETADDR:
	case RTM_GETMULTICAST: case RTM_GETANYCAST:
		return &structs[S_ADDR];
	case RTM_NEWROUTE: case RTM_DELROUTE: case RTM_GETROUTE:
		return &structs[S_ROUTE];
	case RTM_GETNEIGH:
		return &structs[family == AF_BRIDGE ? S_LINK : S_NEIGH];
	case RTM_NEWNEIGH: case RTM_DELNEIGH:
		return &structs[S_NEIGH];
	case RTM_NEWADDRLABEL: case RTM_DELADDRLABEL: case RTM_GETADDRLABEL:
		return &structs[S_ADDRLABEL];
	case RTM_NEWRULE: case RTM_DELRULE: case RTM_GETRULE:
		return &structs[S_RULE];
	case RTM_NEWQDISC: case RTM_DELQDISC: case RTM_GETQDISC:
	case RTM_NEWTCLASS: case RTM_DELTCLASS: case RTM_GETTCLASS:
	case RTM_NEWTFILTER: case RTM_DELTFILTER: case RTM_GETTFILTER:
	case RTM_NEWCHAIN: case RTM_DELCHAIN: case RTM_GETCHAIN:
		return &structs[S_TC];
	case RTM_NEWACTION: case RTM_DELACTION: case RTM_GETACTION:
		return &structs[S_ACTION];
	case RTM_NEWNEIGHTBL: case RTM_GETNEIGHTBL: case RTM_SETNEIGHTBL:
		return &structs[S_NEIGHTBL];
	case RTM_GETDCB: case RTM_SETDCB:
		return &structs[S_DCB];
	case RTM_NEWNETCONF: case RTM_DELNETCONF: case RTM_GETNETCONF:
		return &structs[S_NETCONF];
	case RTM_NEWMDB: case RTM_DELMDB: case RTM_GETMDB:
		return &structs[S_MDB];
	case RTM_NEWNSID: case RTM_DELNSID: case RTM_GETNSID:
		return &structs[S_NSID];
	case RTM_NEWNEXTHOP: case RTM_DELNEXTHOP: case RTM_GETNEXTHOP:
		return &structs[S_NEXTHOP];
	case RTM_NEWSTATS: case RTM_GETSTATS:
		return &structs[S_STATS];
	}
	return NULL;
}


int nl_msg_print(struct fmt_buf *b, const struct nl_view *v,
		 const struct nl_msg *s, uint64_t off, uint64_t len)
{
	const uint8_t *p = nl_at(v, off, 1);
	struct nl_view w;
	uint64_t align;
	uint8_t family;
	int attrs = 0;

	/* (the caller has printed an unreadable family byte) */
	if (!p)
		return 0;
	family = *p;
	fb_putc(b, '{');
	fb_puts(b, s->family);
	fb_putc(b, '=');
	fmt_enum_dflt(b, &xlat_addr_family, family, "AF_???");
	if (!s->f->name) {
		attrs = 1;	/* the rest is padding */
	} else if (len < s->size) {
		fb_puts(b, ", ...");
	} else if (!(p = nl_at(v, off, s->size))) {
		fb_puts(b, ", ");
		nl_unread(b, v, off + 1);
	} else {
		/* the addresses in it are of the message's family */
		w = *v;
		w.family = family;
		nl_fields(b, &w, s->f, p, 0, s->size);
		attrs = 1;
	}
	fb_putc(b, '}');
	align = (s->size + 3u) & ~3u;
	if (attrs && s->attrs && len > align) {
		fb_puts(b, ", ");
		/* the attributes' addresses are of the message's family */
		w = *v;
		w.family = family;
		nl_attrs_set(b, &w, off + align, len - align, s->attrs);
	}
	return 1;
}

int nl_rtnl(struct fmt_buf *b, const struct nl_view *v, uint16_t type,
	    uint64_t off, uint64_t len)
{
	const uint8_t *p = nl_at(v, off, 1);
	const struct nl_msg *s;

	if (!p)
		return 0;
	if (type == RTM_NEWCACHEREPORT)
		return nl_cachereport(b, v, off, len);
	s = rt_struct_of(type, *p);
	if (!s)
		return 0;
	return nl_msg_print(b, v, s, off, len);
}
