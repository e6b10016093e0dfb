// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: a link's IFLA_AF_SPEC, as strace 6.1's rtnl_link.c
 * decodes it.  Its layout hangs on the ifinfomsg's family: an AF_BRIDGE
 * link's holds IFLA_BRIDGE_* attributes; any other's one attribute per
 * address family, typed by the family, holding that family's attributes
 * (IFLA_INET_*, IFLA_INET6_*, IFLA_MCTP_*; the other families' as bytes).
 */
#include <linux/if_bridge.h>
#include <linux/if_link.h>
#include <sys/socket.h>

#include "fmt_netlink.h"

#ifndef AF_MCTP
#define AF_MCTP 45
#endif

static const struct nla_kind inet[] = {
	[1] = { NH_IARRAYS, 4, NULL, &xlat_inet_devconf, "IPV4_DEVCONF_???" },
};
static const struct nla_set inet_set = NLA_SET(&xlat_ifla_inet_attrs,
					       "IFLA_INET_???", inet);

static const struct nla_kind mctp[] = {
	[1] = { NH_U, 4 },
};
static const struct nla_set mctp_set = NLA_SET(&xlat_ifla_mctp_attrs,
					       "IFLA_MCTP_???", mctp);

/* one attribute per family, its type the family's number */
static const struct nla_kind af[] = {
	[AF_INET] = { NH_NESTED, 0, &inet_set },
	[AF_INET6] = { NH_NESTED, 0, &rtnl_inet6_attrs },
	[AF_MCTP] = { NH_NESTED, 0, &mctp_set },
};
static const struct nla_set af_set = NLA_SET(&xlat_addr_family, "AF_???",
					     af);

/* struct bridge_vlan_info, then any bytes after it */
static const struct nl_field vlan_info[] = {
	{ "flags", 0, 2, NF_FLAGS, &xlat_bridge_vlan_flags,
	  "BRIDGE_VLAN_INFO_???" },
	{ "vid", 2, 2, NF_U, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};
static const struct nl_struct vlan_info_s = { 4, vlan_info, { 0 } };

static const struct nla_kind vlan_tunnel[] = {
	[1] = { NH_U, 4 },
	[2] = { NH_U, 2 },
	[3] = { NH_FLAGS, 2, NULL, &xlat_bridge_vlan_flags,
		"BRIDGE_VLAN_INFO_???" },
};
static const struct nla_set vlan_tunnel_set =
	NLA_SET(&xlat_ifla_bridge_vlan_tunnel_attrs,
		"IFLA_BRIDGE_VLAN_TUNNEL_???", vlan_tunnel);

static const struct nla_kind bridge[] = {
	[IFLA_BRIDGE_FLAGS] = { NH_FLAGS, 2, NULL, &xlat_ifla_bridge_flags,
				"BRIDGE_FLAGS_???" },
	[IFLA_BRIDGE_MODE] = { NH_ENUM, 2, NULL, &xlat_ifla_bridge_modes,
			       "BRIDGE_MODE_???" },
	[IFLA_BRIDGE_VLAN_INFO] = { NH_STRUCT_TAIL, 0, &vlan_info_s },
	[IFLA_BRIDGE_VLAN_TUNNEL_INFO] = { NH_NESTED, 0, &vlan_tunnel_set },
};
static const struct nla_set bridge_set = NLA_SET(&xlat_ifla_bridge_attrs,
						 "IFLA_BRIDGE_???", bridge);

int rtnl_af_spec(struct fmt_buf *b, const struct nl_view *v, uint16_t type,
		 uint64_t off, uint64_t len)
{
	(void)type;
	nl_attrs_set(b, v, off, len, v->family == AF_BRIDGE ? &bridge_set :
		     &af_set);
	return 1;
}
