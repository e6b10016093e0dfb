// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: NETLINK_SOCK_DIAG's answers (a message without
 * NLM_F_REQUEST), as strace 6.1's netlink_*_diag.c decode them: the
 * struct of the family's answer, then its attributes.  AF_UNIX's and
 * AF_NETLINK's; the other families' print as fmt_netlink.c prints them.
 */
#include <linux/netlink_diag.h>
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

static const struct nl_msg unix_msg = { 16, "udiag_family", unix_diag_msg,
					&unix_set };
static const struct nl_msg netlink_msg = { 28, "ndiag_family",
					   netlink_diag_msg, &ndiag_set };

int nl_diag_msg(struct fmt_buf *b, const struct nl_view *v, uint64_t off,
		uint64_t len)
{
	const uint8_t *f = nl_at(v, off, 1);

	if (!f)
		return 0;
	switch (*f) {
	case AF_UNIX:
		return nl_msg_print(b, v, &unix_msg, off, len);
	case AF_NETLINK:
		return nl_msg_print(b, v, &netlink_msg, off, len);
	}
	return 0;
}
