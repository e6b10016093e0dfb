// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: NETLINK_NETFILTER's message types and the flags that
 * depend on them, as strace 6.1 prints them: a type is a subsystem (its
 * high byte) and a message of that subsystem,
 * "NFNL_SUBSYS_ACCT<<8|NFNL_MSG_ACCT_NEW", but for the batch control
 * messages; and their payload, a struct nfgenmsg and attributes (types
 * as numbers, payloads as bytes, as strace shows them).
 */
#include <linux/netlink.h>
#include <linux/netfilter/nfnetlink.h>
#include <linux/netfilter/nf_tables.h>
#include <linux/netfilter/nf_tables_compat.h>
#include <linux/netfilter/nfnetlink_acct.h>
#include <linux/netfilter/nfnetlink_conntrack.h>
#include <linux/netfilter/nfnetlink_cthelper.h>
#include <linux/netfilter/nfnetlink_cttimeout.h>
#include <linux/netfilter/nfnetlink_hook.h>

#include "fmt_netlink.h"

/* each subsystem's messages, by NFNL_SUBSYS_* */
static const struct {
	const struct xlat *x;
	const char *dflt;
} subsys[] = {
	[NFNL_SUBSYS_CTNETLINK] = { &xlat_nf_ct_msgs, "IPCTNL_MSG_CT_???" },
	[NFNL_SUBSYS_CTNETLINK_EXP] = { &xlat_nf_exp_msgs,
					"IPCTNL_MSG_EXP_???" },
	[NFNL_SUBSYS_QUEUE] = { &xlat_nf_queue_msgs, "NFQNL_MSG_???" },
	[NFNL_SUBSYS_ULOG] = { &xlat_nf_ulog_msgs, "NFULNL_MSG_???" },
	[NFNL_SUBSYS_OSF] = { &xlat_nf_osf_msgs, "OSF_MSG_???" },
	[NFNL_SUBSYS_IPSET] = { &xlat_nf_ipset_msgs, "IPSET_CMD_???" },
	[NFNL_SUBSYS_ACCT] = { &xlat_nf_acct_msgs, "NFNL_MSG_ACCT_???" },
	[NFNL_SUBSYS_CTNETLINK_TIMEOUT] = { &xlat_nf_timeout_msgs,
					    "IPCTNL_MSG_TIMEOUT_???" },
	[NFNL_SUBSYS_CTHELPER] = { &xlat_nf_helper_msgs,
				   "NFNL_MSG_CTHELPER_???" },
	[NFNL_SUBSYS_NFTABLES] = { &xlat_nf_nft_msgs, "NFT_MSG_???" },
	[NFNL_SUBSYS_NFT_COMPAT] = { &xlat_nf_compat_msgs,
				     "NFNL_MSG_COMPAT_???" },
	[NFNL_SUBSYS_HOOK] = { &xlat_nf_hook_msgs, "NFT_MSG_HOOK_???" },
};

void nl_nfnl_type(struct fmt_buf *b, uint16_t type)
{
	const char *batch = xlat_name(&xlat_nfnl_msgs, type);
	unsigned int id = type >> 8, msg = type & 0xff;

	if (batch) {
		fmt_const(b, batch, type, XF_HEX);
		return;
	}
	fmt_enum_dflt(b, &xlat_nfnl_subsys, id, "NFNL_SUBSYS_???");
	fb_puts(b, "<<8|");
	if (id < sizeof(subsys) / sizeof(subsys[0]) && subsys[id].x)
		fmt_enum_dflt(b, subsys[id].x, msg, subsys[id].dflt);
	else
		fb_hex(b, msg);
}

/* NEW, GET, DEL: the flag set of a subsystem's message (0: none) */
enum { F_NONE, F_NEW, F_GET, F_DEL };

static int nfnl_flag_kind(unsigned int id, unsigned int msg)
{
	switch (id) {
	case NFNL_SUBSYS_CTNETLINK:
		switch (msg) {
		case IPCTNL_MSG_CT_NEW:
			return F_NEW;
		case IPCTNL_MSG_CT_GET: case IPCTNL_MSG_CT_GET_CTRZERO:
		case IPCTNL_MSG_CT_GET_STATS_CPU: case IPCTNL_MSG_CT_GET_STATS:
		case IPCTNL_MSG_CT_GET_DYING:
		case IPCTNL_MSG_CT_GET_UNCONFIRMED:
			return F_GET;
		case IPCTNL_MSG_CT_DELETE:
			return F_DEL;
		}
		break;
	case NFNL_SUBSYS_CTNETLINK_EXP:
		switch (msg) {
		case IPCTNL_MSG_EXP_NEW:
			return F_NEW;
		case IPCTNL_MSG_EXP_GET: case IPCTNL_MSG_EXP_GET_STATS_CPU:
			return F_GET;
		case IPCTNL_MSG_EXP_DELETE:
			return F_DEL;
		}
		break;
	case NFNL_SUBSYS_ACCT:
		switch (msg) {
		case NFNL_MSG_ACCT_NEW:
			return F_NEW;
		case NFNL_MSG_ACCT_GET: case NFNL_MSG_ACCT_GET_CTRZERO:
			return F_GET;
		case NFNL_MSG_ACCT_DEL:
			return F_DEL;
		}
		break;
	case NFNL_SUBSYS_CTNETLINK_TIMEOUT:
		return msg == IPCTNL_MSG_TIMEOUT_NEW ? F_NEW :
		       msg == IPCTNL_MSG_TIMEOUT_GET ? F_GET :
		       msg == IPCTNL_MSG_TIMEOUT_DELETE ? F_DEL : F_NONE;
	case NFNL_SUBSYS_CTHELPER:
		return msg == NFNL_MSG_CTHELPER_NEW ? F_NEW :
		       msg == NFNL_MSG_CTHELPER_GET ? F_GET :
		       msg == NFNL_MSG_CTHELPER_DEL ? F_DEL : F_NONE;
	case NFNL_SUBSYS_NFTABLES:
		switch (msg) {
		case NFT_MSG_NEWTABLE: case NFT_MSG_NEWCHAIN:
		case NFT_MSG_NEWRULE: case NFT_MSG_NEWSET:
		case NFT_MSG_NEWSETELEM: case NFT_MSG_NEWGEN:
		case NFT_MSG_NEWOBJ: case NFT_MSG_NEWFLOWTABLE:
			return F_NEW;
		case NFT_MSG_GETTABLE: case NFT_MSG_GETCHAIN:
		case NFT_MSG_GETRULE: case NFT_MSG_GETSET:
		case NFT_MSG_GETSETELEM: case NFT_MSG_GETGEN:
		case NFT_MSG_GETOBJ: case NFT_MSG_GETOBJ_RESET:
		case NFT_MSG_GETFLOWTABLE:
			return F_GET;
		case NFT_MSG_DELTABLE: case NFT_MSG_DELCHAIN:
		case NFT_MSG_DELRULE: case NFT_MSG_DELSET:
		case NFT_MSG_DELSETELEM: case NFT_MSG_DELOBJ:
		case NFT_MSG_DELFLOWTABLE:
			return F_DEL;
		}
		break;
	case NFNL_SUBSYS_NFT_COMPAT:
		return msg == NFNL_MSG_COMPAT_GET ? F_GET : F_NONE;
	case NFNL_SUBSYS_HOOK:
		return msg == NFNL_MSG_HOOK_GET ? F_GET : F_NONE;
	}
	return F_NONE;
}

const struct xlat *nl_nfnl_flags(uint16_t type)
{
	switch (nfnl_flag_kind(type >> 8, type & 0xff)) {
	case F_NEW:
		return &xlat_netlink_new_flags;
	case F_GET:
		return &xlat_netlink_get_flags;
	case F_DEL:
		return &xlat_netlink_delete_flags;
	}
	return NULL;
}

/* {nfgen_family=AF_INET, version=NFNETLINK_V0, res_id=htons(10)} */
int nl_nfnl_payload(struct fmt_buf *b, const struct nl_view *v,
		    uint16_t type, uint64_t off, uint64_t len)
{
	const uint8_t *p;
	uint16_t raw, res;

	if (type == NLMSG_DONE)
		return 0;
	p = nl_struct(b, v, off, len, 4);
	if (!p)
		return 1;
	raw = ld16(p + 2);
	res = (uint16_t)(raw >> 8 | raw << 8);
	fb_puts(b, "{nfgen_family=");
	fmt_enum_dflt(b, &xlat_addr_family, p[0], "AF_???");
	fb_puts(b, ", version=");
	fmt_enum_dflt(b, &xlat_nfnl_versions, p[1], "NFNETLINK_???");
	fb_puts(b, ", res_id=");
	/* nftables' res_id was once sent in host order (linux v4.3) */
	if (type >> 8 == NFNL_SUBSYS_NFTABLES && res == NFNL_SUBSYS_NFTABLES) {
		fmt_const(b, "htons(NFNL_SUBSYS_NFTABLES)", raw, XF_HEX);
	} else if (type >> 8 == NFNL_SUBSYS_NFTABLES &&
		   raw == NFNL_SUBSYS_NFTABLES) {
		fmt_const(b, "NFNL_SUBSYS_NFTABLES", raw, XF_HEX);
	} else {
		fb_puts(b, "htons(");
		fb_udec(b, res);
		fb_putc(b, ')');
	}
	fb_putc(b, '}');
	if (len > 4) {
		fb_puts(b, ", ");
		if ((type >= NFNL_MSG_BATCH_BEGIN &&
		     type <= NFNL_MSG_BATCH_END) || type < NLMSG_MIN_TYPE)
			nl_hex(b, v, off + 4, len - 4);
		else
			nl_attrs(b, v, off + 4, len - 4, NULL, NULL, NULL);
	}
	return 1;
}
