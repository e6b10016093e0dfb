// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: NETLINK_SOCK_DIAG's messages, as strace 6.1's
 * netlink_*_diag.c decode them: the struct of the family's request (a
 * message with NLM_F_REQUEST) or answer, then its attributes.  The
 * families AF_UNIX, AF_NETLINK, AF_PACKET, AF_INET and AF_INET6 (whose
 * old TCPDIAG_GETSOCK and DCCPDIAG_GETSOCK requests are struct
 * inet_diag_req) and AF_SMC; any other prints as fmt_netlink.c prints
 * it.
 */
#include <linux/inet_diag.h>
#include <linux/netlink.h>
#include <linux/netlink_diag.h>
#include <linux/packet_diag.h>
#include <linux/smc_diag.h>
#include <linux/sock_diag.h>
#include <linux/unix_diag.h>
#include <sys/socket.h>

#include "fmt_netlink.h"

#define U32(name, off) { name, off, 4, NF_U, NULL, NULL }
#define END { NULL, 0, 0, 0, NULL, NULL }

/* a socket's memory: [[SK_MEMINFO_RMEM_ALLOC]=1, ...] */
#define MEMINFO { NH_IARRAY, 4, NULL, &xlat_sk_meminfo, "SK_MEMINFO_???" }

/* (the inode first in memory, shown second as strace shows it) */
static const struct nl_field unix_vfs[] = {
	{ "udiag_vfs_dev", 4, 4, NF_DEV, NULL, NULL },
	U32("udiag_vfs_ino", 0),
	END,
};
static const struct nl_struct unix_vfs_s = { 8, unix_vfs, { 0 } };

static const struct nl_field unix_rqlen[] = {
	U32("udiag_rqueue", 0), U32("udiag_wqueue", 4), END,
};
static const struct nl_struct unix_rqlen_s = { 8, unix_rqlen, { 0 } };

static const struct nla_kind unix_attrs[] = {
	[UNIX_DIAG_NAME] = { NH_STR, 0 },
	[UNIX_DIAG_VFS] = { NH_STRUCT, 0, &unix_vfs_s },
	[UNIX_DIAG_PEER] = { NH_U, 4 },
	[UNIX_DIAG_ICONS] = { NH_ARRAY, 4 },
	[UNIX_DIAG_RQLEN] = { NH_STRUCT, 0, &unix_rqlen_s },
	[UNIX_DIAG_MEMINFO] = MEMINFO,
	[UNIX_DIAG_SHUTDOWN] = { NH_U, 1 },
	[UNIX_DIAG_UID] = { NH_U, 4 },
};
static const struct nla_set unix_set = NLA_SET(&xlat_unix_diag_attrs,
					       "UNIX_DIAG_???", unix_attrs);

static const struct nl_field unix_diag_msg[] = {
	{ "udiag_type", 1, 1, NF_ENUM, &xlat_sock_type, "SOCK_???" },
	{ "udiag_state", 2, 1, NF_ENUM, &xlat_tcp_states, "TCP_???" },
	U32("udiag_ino", 4),
	{ "udiag_cookie", 8, 8, NF_COOKIE, NULL, NULL },
	END,
};

static const struct nl_field ndiag_ring[] = {
	U32("ndr_block_size", 0), U32("ndr_block_nr", 4),
	U32("ndr_frame_size", 8), U32("ndr_frame_nr", 12),
	END,
};
static const struct nl_struct ndiag_ring_s = { 16, ndiag_ring, { 0 } };

static const struct nla_kind ndiag_attrs[] = {
	[NETLINK_DIAG_MEMINFO] = MEMINFO,
	[NETLINK_DIAG_GROUPS] = { NH_XARRAY, 8 },
	[NETLINK_DIAG_RX_RING] = { NH_STRUCT, 0, &ndiag_ring_s },
	[NETLINK_DIAG_TX_RING] = { NH_STRUCT, 0, &ndiag_ring_s },
	[NETLINK_DIAG_FLAGS] = { NH_FLAGS, 4, NULL, &xlat_ndiag_flags,
				 "NDIAG_FLAG_???" },
};
static const struct nla_set ndiag_set = NLA_SET(&xlat_netlink_diag_attrs,
						"NETLINK_DIAG_???",
						ndiag_attrs);

static const struct nl_field netlink_diag_msg[] = {
	{ "ndiag_type", 1, 1, NF_ENUM, &xlat_sock_type, "SOCK_???" },
	{ "ndiag_protocol", 2, 1, NF_ENUM, &xlat_netlink_proto,
	  "NETLINK_???" },
	{ "ndiag_state", 3, 1, NF_ENUM, &xlat_netlink_states, "NETLINK_???" },
	U32("ndiag_portid", 4), U32("ndiag_dst_portid", 8),
	U32("ndiag_dst_group", 12), U32("ndiag_ino", 16),
	{ "ndiag_cookie", 20, 8, NF_COOKIE, NULL, NULL },
	END,
};

/* the requests: what each family's answers are to say */
#define COOKIE(name, off) { name, off, 8, NF_COOKIE, NULL, NULL }
#define FLAGS(name, off, size, set, dflt) \
	{ name, off, size, NF_FLAGS, &xlat_##set, dflt }
#define STATES(name, off) \
	FLAGS(name, off, 4, tcp_state_flags, "1<<TCP_???")

static const struct nl_field unix_diag_req[] = {
	{ "sdiag_protocol", 1, 1, NF_U, NULL, NULL },
	STATES("udiag_states", 4),
	U32("udiag_ino", 8),
	FLAGS("udiag_show", 12, 4, unix_diag_show, "UDIAG_SHOW_???"),
	COOKIE("udiag_cookie", 16),
	END,
};

static const struct nl_field netlink_diag_req[] = {
	{ "sdiag_protocol", 1, 1, NF_ENUM, &xlat_ndiag_req_proto,
	  "NETLINK_???" },
	U32("ndiag_ino", 4),
	FLAGS("ndiag_show", 8, 4, netlink_diag_show, "NDIAG_SHOW_???"),
	COOKIE("ndiag_cookie", 12),
	END,
};

static const struct nl_field packet_diag_req[] = {
	{ "sdiag_protocol", 1, 1, NF_X, NULL, NULL },
	U32("pdiag_ino", 4),
	FLAGS("pdiag_show", 8, 4, packet_diag_show, "PACKET_SHOW_???"),
	COOKIE("pdiag_cookie", 12),
	END,
};

static const struct nl_field packet_diag_msg[] = {
	{ "pdiag_type", 1, 1, NF_ENUM, &xlat_sock_type, "SOCK_???" },
	{ "pdiag_num", 2, 2, NF_ENUM, &xlat_eth_proto, "ETH_P_???" },
	U32("pdiag_ino", 4),
	COOKIE("pdiag_cookie", 8),
	END,
};

/*
 * struct inet_diag_sockid: its addresses of the message's family, or
 * (an AF_SMC socket's) IPv4 ones
 */
#define SOCKID(how) \
	{ "idiag_sport", 0, 2, NF_PORT, NULL, NULL }, \
	{ "idiag_dport", 2, 2, NF_PORT, NULL, NULL }, \
	{ "idiag_src", 4, 16, how, NULL, NULL }, \
	{ "idiag_dst", 20, 16, how, NULL, NULL }, \
	{ "idiag_if", 36, 4, NF_IFINDEX, NULL, NULL }, \
	COOKIE("idiag_cookie", 40), \
	END
static const struct nl_field sockid[] = { SOCKID(NF_INET) };
static const struct nl_field sockid4[] = { SOCKID(NF_INET4) };
#define ID(off, sub) { "id", off, 48, NF_STRUCT, sub, NULL }
#define EXT(off) FLAGS("idiag_ext", off, 1, inet_diag_extended_flags, \
		       "1<<INET_DIAG_\?\?\?-1")

static const struct nl_field inet_diag_req_v2[] = {
	{ "sdiag_protocol", 1, 1, NF_ENUM, &xlat_ip_proto, "IPPROTO_???" },
	EXT(2),
	STATES("idiag_states", 4),
	ID(8, sockid),
	END,
};

static const struct nl_field inet_diag_req[] = {
	{ "idiag_src_len", 1, 1, NF_U, NULL, NULL },
	{ "idiag_dst_len", 2, 1, NF_U, NULL, NULL },
	EXT(3),
	ID(4, sockid),
	STATES("idiag_states", 52),
	U32("idiag_dbs", 56),
	END,
};

static const struct nl_field inet_diag_msg[] = {
	{ "idiag_state", 1, 1, NF_ENUM, &xlat_tcp_states, "TCP_???" },
	{ "idiag_timer", 2, 1, NF_U, NULL, NULL },
	{ "idiag_retrans", 3, 1, NF_U, NULL, NULL },
	ID(4, sockid),
	U32("idiag_expires", 52), U32("idiag_rqueue", 56),
	U32("idiag_wqueue", 60), U32("idiag_uid", 64), U32("idiag_inode", 68),
	END,
};

static const struct nl_field smc_diag_req[] = {
	FLAGS("diag_ext", 3, 1, smc_diag_extended_flags, "1<<SMC_DIAG_\?\?\?-1"),
	ID(4, sockid4),
	END,
};

static const struct nl_field smc_diag_msg[] = {
	{ "diag_state", 1, 1, NF_ENUM, &xlat_smc_states, "SMC_???" },
	{ "diag_fallback", 2, 1, NF_ENUM, &xlat_smc_diag_mode,
	  "SMC_DIAG_MODE_???" },
	{ "diag_shutdown", 3, 1, NF_U, NULL, NULL },
	ID(4, sockid4),
	U32("diag_uid", 52),
	{ "diag_inode", 56, 8, NF_U, NULL, NULL },
	END,
};

/* a family's request and answer; inet's old requests (TCPDIAG_GETSOCK) */
struct diag_family {
	uint8_t family;
	struct nl_msg req, msg;
};

static const struct diag_family families[] = {
	{ AF_UNIX, { 24, "sdiag_family", unix_diag_req, NULL },
	  { 16, "udiag_family", unix_diag_msg, &unix_set } },
	{ AF_NETLINK, { 20, "sdiag_family", netlink_diag_req, NULL },
	  { 28, "ndiag_family", netlink_diag_msg, &ndiag_set } },
	{ AF_PACKET, { 20, "sdiag_family", packet_diag_req, NULL },
	  { 16, "pdiag_family", packet_diag_msg, &diag_packet_attrs } },
	{ AF_INET, { 56, "sdiag_family", inet_diag_req_v2, &diag_inet_req_attrs },
	  { 72, "idiag_family", inet_diag_msg, &diag_inet_attrs } },
	{ AF_INET6, { 56, "sdiag_family", inet_diag_req_v2, &diag_inet_req_attrs },
	  { 72, "idiag_family", inet_diag_msg, &diag_inet_attrs } },
	{ AF_SMC, { 52, "diag_family", smc_diag_req, NULL },
	  { 64, "diag_family", smc_diag_msg, &diag_smc_attrs } },
};
static const struct nl_msg inet_req_compat = {
	60, "idiag_family", inet_diag_req, &diag_inet_req_attrs,
};

int nl_diag_msg(struct fmt_buf *b, const struct nl_view *v, uint16_t type,
		uint16_t flags, uint64_t off, uint64_t len)
{
	const uint8_t *f = nl_at(v, off, 1);
	int req = (flags & NLM_F_REQUEST) != 0;

	/* (a lone family byte prints as {family=...}) */
	if (!f || len < 2)
		return 0;
	if (req && (*f == AF_INET || *f == AF_INET6) &&
	    (type == TCPDIAG_GETSOCK || type == DCCPDIAG_GETSOCK))
		return nl_msg_print(b, v, &inet_req_compat, off, len);
	for (size_t i = 0; i < sizeof(families) / sizeof(families[0]); i++)
		if (families[i].family == *f)
			return nl_msg_print(b, v, req ? &families[i].req :
					    &families[i].msg, off, len);
	return 0;
}
