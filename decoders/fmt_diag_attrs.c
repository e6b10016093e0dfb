// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: the attributes of NETLINK_SOCK_DIAG's inet, packet and
 * smc messages (fmt_diag.c prints their structs), as strace 6.1's
 * netlink_inet_diag.c, netlink_packet_diag.c and netlink_smc_diag.c
 * print them: an inet request's bytecode, an answer's structs, arrays
 * of structs, nested sets (ULP info, BPF storages).
 */
#include <linux/inet_diag.h>
#include <linux/mptcp.h>
#include <linux/packet_diag.h>
#include <linux/smc_diag.h>
#include <linux/sock_diag.h>
#include <linux/tls.h>
#include <sys/socket.h>

#include "fmt_netlink.h"

#define U32(name, off) { name, off, 4, NF_U, NULL, NULL }
#define X32(name, off) { name, off, 4, NF_X, NULL, NULL }
#define END { NULL, 0, 0, 0, NULL, NULL }

/* an enum or flags printed in the verbose style whatever -X says but raw
   (strace's XLAT_STYLE_VERBOSE for names not in the UAPI headers) */
static void verbose_words(struct fmt_buf *b, const struct xlat *x,
			  uint64_t v, const char *dflt, int flags)
{
	int style = b->xstyle;

	if (style != XSTYLE_RAW)
		b->xstyle = XSTYLE_VERBOSE;
	if (flags)
		fmt_flags_dflt(b, x, v, dflt);
	else
		fmt_enum_dflt(b, x, v, dflt);
	b->xstyle = style;
}

/*
 * The payload's first size bytes; NULL when there are fewer (*ret 0:
 * print it as bytes) or they could not be read (*ret 1: the address is
 * printed)
 */
static const uint8_t *nla_head(struct fmt_buf *b, const struct nl_view *v,
			       uint64_t off, uint64_t len, unsigned int size,
			       int *ret)
{
	const uint8_t *p;

	*ret = len >= size;
	if (len < size)
		return NULL;
	p = nl_at(v, off, size);
	if (!p)
		nl_unread(b, v, off);
	return p;
}

/* {fields} of a struct whose bytes are at p */
static void braced(struct fmt_buf *b, const struct nl_view *v,
		   const struct nl_field *f, const uint8_t *p, unsigned int size)
{
	fb_putc(b, '{');
	nl_fields(b, v, f, p, 1, size);
	fb_putc(b, '}');
}

/* --- inet requests: INET_DIAG_REQ_BYTECODE ---------------------------- */

static const struct nl_field bc_op[] = {
	{ "code", 0, 1, NF_ENUM, &xlat_inet_diag_bytecodes, "INET_DIAG_BC_???" },
	{ "yes", 1, 1, NF_U, NULL, NULL },
	{ "no", 2, 2, NF_U, NULL, NULL },
	END,
};

static const struct nl_field bc_hostcond[] = {
	{ "family", 0, 1, NF_ENUM, &xlat_addr_family, "AF_???" },
	{ "prefix_len", 1, 1, NF_U, NULL, NULL },
	U32("port", 4),
	END,
};

static const struct nl_field bc_markcond[] = {
	U32("mark", 0), U32("mask", 4), END,
};

/* struct inet_diag_hostcond, then the address of its family */
static void bc_host(struct fmt_buf *b, const struct nl_view *v,
		    uint64_t off, uint64_t len)
{
	const uint8_t *p = nl_struct(b, v, off, len, 8), *a;
	unsigned int size;

	if (!p)
		return;
	fb_putc(b, '{');
	nl_fields(b, v, bc_hostcond, p, 1, 8);
	if (len > 8) {
		fb_puts(b, ", ");
		size = p[0] == AF_INET ? 4 : p[0] == AF_INET6 ? 16 : 0;
		a = size && len - 8 >= size ? nl_at(v, off + 8, size) : NULL;
		if (a) {
			nl_inet(b, v, p[0], a, size, "addr");
		} else {
			fb_puts(b, "addr=");
			if (size && len - 8 >= size)
				nl_unread(b, v, off + 8);
			else
				nl_hex(b, v, off + 8, len - 8);
		}
	}
	fb_putc(b, '}');
}

/* what follows an operation, by its code */
static void bc_data(struct fmt_buf *b, const struct nl_view *v, uint8_t code,
		    uint64_t off, uint64_t len)
{
	const uint8_t *p;

	switch (code) {
	case INET_DIAG_BC_S_COND:
	case INET_DIAG_BC_D_COND:
		bc_host(b, v, off, len);
		return;
	case INET_DIAG_BC_DEV_COND:
		if ((p = nl_struct(b, v, off, len, 4)))
			fmt_ifindex(b, v->c, v->own_ns, ld32(p));
		return;
	case INET_DIAG_BC_S_GE:
	case INET_DIAG_BC_S_LE:
	case INET_DIAG_BC_D_GE:
	case INET_DIAG_BC_D_LE:
		if ((p = nl_struct(b, v, off, len, 4)))
			braced(b, v, bc_op, p, 4);
		return;
	case INET_DIAG_BC_MARK_COND:
		if ((p = nl_struct(b, v, off, len, 8)))
			braced(b, v, bc_markcond, p, 8);
		return;
	}
	nl_hex(b, v, off, len);
}

static int nla_bytecode(struct fmt_buf *b, const struct nl_view *v,
			uint16_t type, uint64_t off, uint64_t len)
{
	const uint8_t *p;
	int ret;

	(void)type;
	if (!(p = nla_head(b, v, off, len, 4, &ret)))
		return ret;
	braced(b, v, bc_op, p, 4);
	if (len > 4) {
		fb_puts(b, ", ");
		bc_data(b, v, p[0], off + 4, len - 4);
	}
	return 1;
}

#define IP_PROTO { NH_ENUM, 0, NULL, &xlat_ip_proto, "IPPROTO_???" }

static const struct nla_kind inet_req_kinds[] = {
	[INET_DIAG_REQ_BYTECODE] = { NH_FN, 0, NULL, NULL, NULL, nla_bytecode },
	[INET_DIAG_REQ_PROTOCOL] = IP_PROTO,
};
const struct nla_set diag_inet_req_attrs = NLA_SET(&xlat_inet_diag_req_attrs,
	"INET_DIAG_REQ_???", inet_req_kinds);

/* --- inet answers ---------------------------------------------------- */

static const struct nl_field meminfo[] = {
	U32("idiag_rmem", 0), U32("idiag_wmem", 4), U32("idiag_fmem", 8),
	U32("idiag_tmem", 12), END,
};
static const struct nl_struct meminfo_s = { 16, meminfo, { 0 } };

static const struct nl_field vegas[] = {
	U32("tcpv_enabled", 0), U32("tcpv_rttcnt", 4), U32("tcpv_rtt", 8),
	U32("tcpv_minrtt", 12), END,
};
static const struct nl_struct vegas_s = { 16, vegas, { 0 } };

static const struct nl_field dctcp[] = {
	{ "dctcp_enabled", 0, 2, NF_U, NULL, NULL },
	{ "dctcp_ce_state", 2, 2, NF_U, NULL, NULL },
	U32("dctcp_alpha", 4), U32("dctcp_ab_ecn", 8), U32("dctcp_ab_tot", 12),
	END,
};
static const struct nl_struct dctcp_s = { 16, dctcp, { 0 } };

static const struct nl_field bbr[] = {
	X32("bbr_bw_lo", 0), X32("bbr_bw_hi", 4), U32("bbr_min_rtt", 8),
	U32("bbr_pacing_gain", 12), U32("bbr_cwnd_gain", 16), END,
};
static const struct nl_struct bbr_s = { 20, bbr, { 0 } };

/* RCV_SHUTDOWN and SEND_SHUTDOWN are not in the UAPI headers: verbose */
static int nla_shutdown(struct fmt_buf *b, const struct nl_view *v,
			uint16_t type, uint64_t off, uint64_t len)
{
	const uint8_t *p;
	int ret;

	(void)type;
	if (len > 8)
		return 0;
	if (!(p = nla_head(b, v, off, len, 1, &ret)))
		return ret;
	verbose_words(b, &xlat_inet_diag_shutdown_flags, p[0],
		      "???_SHUTDOWN", 1);
	return 1;
}

/* struct sockaddr_storage[] */
static void sockaddr_one(struct fmt_buf *b, const struct nl_view *v,
			 const uint8_t *p, uint64_t j, const void *ctx)
{
	(void)j;
	(void)ctx;
	fmt_sockaddr_bytes(b, v->c, p, 128, v->own_ns);
}

static int nla_sockaddrs(struct fmt_buf *b, const struct nl_view *v,
			 uint16_t type, uint64_t off, uint64_t len)
{
	(void)type;
	return nl_elems(b, v, off, len, 128, sockaddr_one, NULL);
}

/* struct tcp_diag_md5sig[] */
static void md5sig_one(struct fmt_buf *b, const struct nl_view *v,
		       const uint8_t *p, uint64_t j, const void *ctx)
{
	uint16_t keylen = ld16(p + 2);

	(void)j;
	(void)ctx;
	fb_puts(b, "{tcpm_family=");
	fmt_enum_dflt(b, &xlat_addr_family, p[0], "AF_???");
	fb_puts(b, ", tcpm_prefixlen=");
	fb_udec(b, p[1]);
	fb_puts(b, ", tcpm_keylen=");
	fb_udec(b, keylen);
	fb_puts(b, ", ");
	nl_inet(b, v, p[0], p + 4, 16, "tcpm_addr");
	fb_puts(b, ", tcpm_key=");
	fmt_qstr(b, v->c, p + 20, keylen < 80 ? keylen : 80, -1, 0, QS_HEX);
	fb_putc(b, '}');
}

static int nla_md5sig(struct fmt_buf *b, const struct nl_view *v,
		      uint16_t type, uint64_t off, uint64_t len)
{
	(void)type;
	return nl_elems(b, v, off, len, 100, md5sig_one, NULL);
}

/* struct inet_diag_sockopt: bit fields, shown when set (all with -v) */
static int nla_sockopt(struct fmt_buf *b, const struct nl_view *v,
		       uint16_t type, uint64_t off, uint64_t len)
{
	static const char *const bits[] = {
		"recverr", "is_icsk", "freebind", "hdrincl", "mc_loop",
		"transparent", "mc_all", "nodefrag", "bind_address_no_port",
		"recverr_rfc4884", "defer_connect",
	};
	uint64_t rest = len < 4096 ? len : 4096;
	const uint8_t *p, *t;
	unsigned int f, n = 0;

	int ret;

	(void)type;
	if (!(p = nla_head(b, v, off, len, 2, &ret)))
		return ret;
	f = ld16(p);
	fb_putc(b, '{');
	for (unsigned int i = 0; i < 11; i++) {
		if (abbrev(v->c) && !(f >> i & 1))
			continue;
		fb_puts(b, n++ ? ", " : "");
		fb_puts(b, bits[i]);
		fb_putc(b, '=');
		fb_udec(b, f >> i & 1);
	}
	if (!abbrev(v->c) || f >> 11) {
		fb_puts(b, n ? ", unused=" : "unused=");
		fb_hex(b, f >> 11);
		fb_puts(b, " /* bits 3..8 */");
	}
	fb_putc(b, '}');
	/* the bytes after it, when any is not 0 */
	if (rest <= 2)
		return 1;
	if (!(t = nl_at(v, off + 2, rest - 2))) {
		fb_puts(b, ", ???");
		return 1;
	}
	for (uint64_t i = 0; i < rest - 2; i++) {
		if (!t[i])
			continue;
		fb_puts(b, ", /* bytes 2..");
		fb_udec(b, rest - 1);
		fb_puts(b, " */ ");
		nl_hex(b, v, off + 2, rest - 2);
		break;
	}
	return 1;
}

static const struct nla_kind tls_kinds[] = {
	[TLS_INFO_VERSION] = { NH_ENUM, 2, NULL, &xlat_tls_info_versions,
			       "TLS_???_VERSION" },
	[TLS_INFO_CIPHER] = { NH_ENUM, 2, NULL, &xlat_tls_info_ciphers,
			      "TLS_CIPHER_???" },
	[TLS_INFO_TXCONF] = { NH_ENUM, 2, NULL, &xlat_tls_info_configs,
			      "TLS_CONF_???" },
	[TLS_INFO_RXCONF] = { NH_ENUM, 2, NULL, &xlat_tls_info_configs,
			      "TLS_CONF_???" },
};
static const struct nla_set tls_set = NLA_SET(&xlat_inet_diag_ulp_info_tls_attrs,
					      "TLS_INFO_???", tls_kinds);

static const struct nla_kind mptcp_kinds[] = {
	[MPTCP_SUBFLOW_ATTR_TOKEN_REM] = { NH_X, 4 },
	[MPTCP_SUBFLOW_ATTR_TOKEN_LOC] = { NH_X, 4 },
	[MPTCP_SUBFLOW_ATTR_RELWRITE_SEQ] = { NH_U, 4 },
	[MPTCP_SUBFLOW_ATTR_MAP_SEQ] = { NH_U, 8 },
	[MPTCP_SUBFLOW_ATTR_MAP_SFSEQ] = { NH_U, 4 },
	[MPTCP_SUBFLOW_ATTR_SSN_OFFSET] = { NH_U, 4 },
	[MPTCP_SUBFLOW_ATTR_MAP_DATALEN] = { NH_U, 2 },
	[MPTCP_SUBFLOW_ATTR_FLAGS] = { NH_FLAGS, 4, NULL, &xlat_mptcp_subflow_flags,
				       "MPTCP_SUBFLOW_FLAG_???" },
	[MPTCP_SUBFLOW_ATTR_ID_REM] = { NH_U, 1 },
	[MPTCP_SUBFLOW_ATTR_ID_LOC] = { NH_U, 1 },
};
static const struct nla_set mptcp_set = NLA_SET(
	&xlat_inet_diag_ulp_info_mptcp_attrs, "MPTCP_SUBFLOW_ATTR_???",
	mptcp_kinds);

static const struct nla_kind ulp_kinds[] = {
	[INET_ULP_INFO_NAME] = { NH_STR, 0 },
	[INET_ULP_INFO_TLS] = { NH_NESTED, 0, &tls_set },
	[INET_ULP_INFO_MPTCP] = { NH_NESTED, 0, &mptcp_set },
};
static const struct nla_set ulp_set = NLA_SET(&xlat_inet_diag_ulp_info_attrs,
					      "INET_ULP_INFO_???", ulp_kinds);

static const struct nla_kind storage_kinds[] = {
	[SK_DIAG_BPF_STORAGE_MAP_ID] = { NH_U, 4 },
	[SK_DIAG_BPF_STORAGE_MAP_VALUE] = { NH_X, 0 },
};
static const struct nla_set storage_set = NLA_SET(
	&xlat_inet_diag_bpf_storage_attrs, "SK_DIAG_BPF_STORAGE_???",
	storage_kinds);

static const struct nla_kind storages_kinds[] = {
	[SK_DIAG_BPF_STORAGE] = { NH_NESTED, 0, &storage_set },
};
static const struct nla_set storages_set = NLA_SET(
	&xlat_inet_diag_bpf_storages_attrs, "SK_DIAG_BPF_STORAGE_???",
	storages_kinds);

/* a socket's memory: [[SK_MEMINFO_RMEM_ALLOC]=1, ...] */
#define MEMINFO { NH_IARRAY, 4, NULL, &xlat_sk_meminfo, "SK_MEMINFO_???" }
#define FN(f) { NH_FN, 0, NULL, NULL, NULL, f }

static const struct nla_kind inet_kinds[] = {
	[INET_DIAG_MEMINFO] = { NH_STRUCT, 0, &meminfo_s },
	[INET_DIAG_VEGASINFO] = { NH_STRUCT, 0, &vegas_s },
	[INET_DIAG_CONG] = { NH_STR, 0 },
	[INET_DIAG_TOS] = { NH_U, 1 },
	[INET_DIAG_TCLASS] = { NH_U, 1 },
	[INET_DIAG_SKMEMINFO] = MEMINFO,
	[INET_DIAG_SHUTDOWN] = FN(nla_shutdown),
	[INET_DIAG_DCTCPINFO] = { NH_STRUCT, 0, &dctcp_s },
	[INET_DIAG_PROTOCOL] = IP_PROTO,
	[INET_DIAG_SKV6ONLY] = { NH_U, 1 },
	[INET_DIAG_LOCALS] = FN(nla_sockaddrs),
	[INET_DIAG_PEERS] = FN(nla_sockaddrs),
	[INET_DIAG_MARK] = { NH_U, 4 },
	[INET_DIAG_BBRINFO] = { NH_STRUCT, 0, &bbr_s },
	[INET_DIAG_CLASS_ID] = { NH_U, 4 },
	[INET_DIAG_MD5SIG] = FN(nla_md5sig),
	[INET_DIAG_ULP_INFO] = { NH_NESTED, 0, &ulp_set },
	[INET_DIAG_SK_BPF_STORAGES] = { NH_NESTED, 0, &storages_set },
	[INET_DIAG_CGROUP_ID] = { NH_U, 8 },
	[INET_DIAG_SOCKOPT] = FN(nla_sockopt),
};
const struct nla_set diag_inet_attrs = NLA_SET(&xlat_inet_diag_attrs,
					       "INET_DIAG_???", inet_kinds);

/* --- packet answers -------------------------------------------------- */

static const struct nl_field pinfo[] = {
	{ "pdi_index", 0, 4, NF_IFINDEX, NULL, NULL },
	{ "pdi_version", 4, 4, NF_ENUM, &xlat_af_packet_versions,
	  "TPACKET_???" },
	U32("pdi_reserve", 8), U32("pdi_copy_thresh", 12), U32("pdi_tstamp", 16),
	{ "pdi_flags", 20, 4, NF_FLAGS, &xlat_packet_diag_info_flags,
	  "PDI_???" },
	END,
};
static const struct nl_struct pinfo_s = { 24, pinfo, { 0 } };

static const struct nl_field pring[] = {
	U32("pdr_block_size", 0), U32("pdr_block_nr", 4),
	U32("pdr_frame_size", 8), U32("pdr_frame_nr", 12),
	U32("pdr_retire_tmo", 16), U32("pdr_sizeof_priv", 20),
	U32("pdr_features", 24), END,
};
static const struct nl_struct pring_s = { 28, pring, { 0 } };

/* struct packet_diag_mclist[]: its address, pdmc_alen bytes of 32 */
static void mclist_one(struct fmt_buf *b, const struct nl_view *v,
		       const uint8_t *p, uint64_t j, const void *ctx)
{
	static const struct nl_field f[] = {
		{ "pdmc_index", 0, 4, NF_IFINDEX, NULL, NULL },
		U32("pdmc_count", 4),
		{ "pdmc_type", 8, 2, NF_U, NULL, NULL },
		{ "pdmc_alen", 10, 2, NF_U, NULL, NULL },
		END,
	};
	uint16_t alen = ld16(p + 10);

	(void)j;
	(void)ctx;
	fb_putc(b, '{');
	nl_fields(b, v, f, p, 1, 12);
	fb_puts(b, ", pdmc_addr=");
	fmt_qstr(b, v->c, p + 12, alen < 32 ? alen : 32, -1, 0, QS_HEX);
	fb_putc(b, '}');
}

static int nla_mclist(struct fmt_buf *b, const struct nl_view *v,
		      uint16_t type, uint64_t off, uint64_t len)
{
	(void)type;
	return nl_elems(b, v, off, len, 44, mclist_one, NULL);
}

/* a socket filter's instructions, as strace's print_sock_fprog */
static void insn_one(struct fmt_buf *b, const struct nl_view *v,
		     const uint8_t *p, uint64_t j, const void *ctx)
{
	(void)v;
	(void)j;
	(void)ctx;
	fmt_bpf_insn(b, 0, p);
}

static int nla_filter(struct fmt_buf *b, const struct nl_view *v,
		      uint16_t type, uint64_t off, uint64_t len)
{
	(void)type;
	if (len / 8 > 0xffff)
		return 0;
	return nl_elems(b, v, off, len, 8, insn_one, NULL);
}

static const struct nla_kind packet_kinds[] = {
	[PACKET_DIAG_INFO] = { NH_STRUCT, 0, &pinfo_s },
	[PACKET_DIAG_MCLIST] = FN(nla_mclist),
	[PACKET_DIAG_RX_RING] = { NH_STRUCT, 0, &pring_s },
	[PACKET_DIAG_TX_RING] = { NH_STRUCT, 0, &pring_s },
	[PACKET_DIAG_FANOUT] = { NH_U, 4 },
	[PACKET_DIAG_UID] = { NH_UID, 4 },
	[PACKET_DIAG_MEMINFO] = MEMINFO,
	[PACKET_DIAG_FILTER] = FN(nla_filter),
};
const struct nla_set diag_packet_attrs = NLA_SET(&xlat_packet_diag_attrs,
						 "PACKET_DIAG_???",
						 packet_kinds);

/* --- smc answers ----------------------------------------------------- */

static const struct nl_field cursor[] = {
	{ "reserved", 0, 2, NF_U, NULL, NULL },
	{ "wrap", 2, 2, NF_U, NULL, NULL },
	U32("count", 4),
	END,
};
#define CURSOR(name, off) { name, off, 8, NF_STRUCT, cursor, NULL }
#define X8(name, off) { name, off, 1, NF_X, NULL, NULL }

static const struct nl_field conninfo[] = {
	U32("token", 0), U32("sndbuf_size", 4), U32("rmbe_size", 8),
	U32("peer_rmbe_size", 12),
	CURSOR("rx_prod", 16), CURSOR("rx_cons", 24),
	CURSOR("tx_prod", 32), CURSOR("tx_cons", 40),
	X8("rx_prod_flags", 48), X8("rx_conn_state_flags", 49),
	X8("tx_prod_flags", 50), X8("tx_conn_state_flags", 51),
	CURSOR("tx_prep", 52), CURSOR("tx_sent", 60), CURSOR("tx_fin", 68),
	END,
};
static const struct nl_struct conninfo_s = { 76, conninfo, { 0 } };

/* struct smc_diag_lgrinfo: its one link, then the role */
static int nla_lgrinfo(struct fmt_buf *b, const struct nl_view *v,
		       uint16_t type, uint64_t off, uint64_t len)
{
	const uint8_t *p;
	int ret;

	(void)type;
	if (!(p = nla_head(b, v, off, len, 147, &ret)))
		return ret;
	fb_puts(b, "{lnk=[{link_id=");
	fb_udec(b, p[0]);
	fb_puts(b, ", ibname=");
	fmt_cstr_array(b, v->c, p + 1, 64);
	fb_puts(b, ", ibport=");
	fb_udec(b, p[65]);
	fb_puts(b, ", gid=");
	fmt_cstr_array(b, v->c, p + 66, 40);
	fb_puts(b, ", peer_gid=");
	fmt_cstr_array(b, v->c, p + 106, 40);
	fb_puts(b, "}], role=");
	fmt_enum_dflt(b, &xlat_smc_link_group_roles, p[146], "SMC_???");
	fb_putc(b, '}');
	return 1;
}

static const struct nl_field dmbinfo[] = {
	U32("linkid", 0),
	{ "peer_gid", 8, 8, NF_X, NULL, NULL },
	{ "my_gid", 16, 8, NF_X, NULL, NULL },
	{ "token", 24, 8, NF_X, NULL, NULL },
	{ "peer_token", 32, 8, NF_X, NULL, NULL },
	END,
};
static const struct nl_struct dmbinfo_s = { 40, dmbinfo, { 0 } };

/* the reasons are in no UAPI header: verbose */
static int nla_fallback(struct fmt_buf *b, const struct nl_view *v,
			uint16_t type, uint64_t off, uint64_t len)
{
	const uint8_t *p;
	int ret;

	(void)type;
	if (!(p = nla_head(b, v, off, len, 8, &ret)))
		return ret;
	fb_puts(b, "{reason=");
	verbose_words(b, &xlat_smc_decl_codes, ld32(p), "SMC_CLC_DECL_???", 0);
	fb_puts(b, ", peer_diagnosis=");
	verbose_words(b, &xlat_smc_decl_codes, ld32(p + 4), "SMC_CLC_DECL_???",
		      0);
	fb_putc(b, '}');
	return 1;
}

static const struct nla_kind smc_kinds[] = {
	[SMC_DIAG_CONNINFO] = { NH_STRUCT, 0, &conninfo_s },
	[SMC_DIAG_LGRINFO] = FN(nla_lgrinfo),
	[SMC_DIAG_SHUTDOWN] = { NH_FLAGS, 1, NULL, &xlat_sock_shutdown_flags,
				"???_SHUTDOWN" },
	[SMC_DIAG_DMBINFO] = { NH_STRUCT, 0, &dmbinfo_s },
	[SMC_DIAG_FALLBACK] = FN(nla_fallback),
};
const struct nla_set diag_smc_attrs = NLA_SET(&xlat_smc_diag_attrs,
					      "SMC_DIAG_???", smc_kinds);
