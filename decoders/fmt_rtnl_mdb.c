// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: NETLINK_ROUTE's multicast database attributes (a
 * br_port_msg's), as strace 6.1's rtnl_mdb.c decodes them: MDBA_MDB's
 * entries (struct br_mdb_entry, then attributes), MDBA_ROUTER's ports
 * (an interface index, then attributes).
 */
#include <arpa/inet.h>
#include <linux/if_bridge.h>
#include <linux/rtnetlink.h>
#include <sys/socket.h>

#include "fmt_netlink.h"

#define BR_MDB_ENTRY	28	/* struct br_mdb_entry */

static const struct nla_kind eattr[] = {
	[MDBA_MDB_EATTR_TIMER] = { NH_CLOCK, 0 },
};
static const struct nla_set eattr_set = NLA_SET(&xlat_mdba_mdb_eattr_attrs,
						"MDBA_MDB_EATTR_???", eattr);

static const struct nl_field br_mdb_entry[] = {
	{ "ifindex", 0, 4, NF_IFINDEX, NULL, NULL },
	{ "state", 4, 1, NF_ENUM, &xlat_mdb_states, "MDB_???" },
	{ "flags", 5, 1, NF_FLAGS, &xlat_mdb_flags, "MDB_FLAGS_???" },
	{ "vid", 6, 2, NF_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};

/* struct br_mdb_entry, then its attributes */
static int mdb_entry_info(struct fmt_buf *b, const struct nl_view *v,
			  uint16_t type, uint64_t off, uint64_t len)
{
	const uint8_t *p;
	uint16_t proto;

	(void)type;
	if (len < BR_MDB_ENTRY)
		return 0;
	p = nl_at(v, off, BR_MDB_ENTRY);
	if (!p) {
		nl_unread(b, v, off);
	} else {
		proto = ntohs(ld16(p + 24));
		fb_putc(b, '{');
		nl_fields(b, v, br_mdb_entry, p, 1, BR_MDB_ENTRY);
		fb_puts(b, ", addr={");
		nl_inet(b, v, proto, p + 8, 16, "u");
		fb_puts(b, ", proto=htons(");
		fmt_enum_dflt(b, &xlat_addr_family, proto, "AF_???");
		fb_puts(b, ")}}");
	}
	if (len > BR_MDB_ENTRY) {
		fb_puts(b, ", ");
		nl_attrs_set(b, v, off + BR_MDB_ENTRY, len - BR_MDB_ENTRY,
			     &eattr_set);
	}
	return 1;
}

static const struct nla_kind entry[] = {
	[MDBA_MDB_ENTRY_INFO] = { NH_FN, 0, NULL, NULL, NULL, mdb_entry_info },
};
static const struct nla_set entry_set = NLA_SET(&xlat_mdba_mdb_entry_attrs,
						"MDBA_MDB_ENTRY_???", entry);

static const struct nla_kind mdb[] = {
	[MDBA_MDB_ENTRY] = { NH_NESTED, 0, &entry_set },
};
static const struct nla_set mdb_set = NLA_SET(&xlat_mdba_mdb_attrs,
					      "MDBA_MDB_???", mdb);

static const struct nla_kind pattr[] = {
	[MDBA_ROUTER_PATTR_TIMER] = { NH_CLOCK, 0 },
	[MDBA_ROUTER_PATTR_TYPE] = { NH_ENUM, 1, NULL, &xlat_mdb_rtr_types,
				     "MDB_RTR_TYPE_???" },
	[MDBA_ROUTER_PATTR_INET_TIMER] = { NH_CLOCK, 0 },
	[MDBA_ROUTER_PATTR_INET6_TIMER] = { NH_CLOCK, 0 },
};
static const struct nla_set pattr_set =
	NLA_SET(&xlat_mdba_router_pattr_attrs, "MDBA_ROUTER_PATTR_???", pattr);

/* a port's interface index, then its attributes */
static int router_port(struct fmt_buf *b, const struct nl_view *v,
		       uint16_t type, uint64_t off, uint64_t len)
{
	static const struct nla_kind ifindex = {
		NH_IFINDEX, 4, NULL, NULL, NULL, NULL
	};

	if (!nla_kind_print(b, v, &ifindex, off, len))
		return 0;
	if (len > 4) {
		fb_puts(b, ", ");
		nl_attrs_set(b, v, off + 4, len - 4, &pattr_set);
	}
	(void)type;
	return 1;
}

static const struct nla_kind router[] = {
	[MDBA_ROUTER_PORT] = { NH_FN, 0, NULL, NULL, NULL, router_port },
};
static const struct nla_set router_set = NLA_SET(&xlat_mdba_router_attrs,
						 "MDBA_ROUTER_???", router);

static const struct nla_kind mdba[] = {
	[MDBA_MDB] = { NH_NESTED, 0, &mdb_set },
	[MDBA_ROUTER] = { NH_NESTED, 0, &router_set },
};
const struct nla_set rtnl_mdb_attrs = NLA_SET(&xlat_mdba_attrs, "MDBA_???",
					      mdba);
