// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: socket addresses, each family as strace 6.1 prints it
 * (its print_sockaddr): AF_UNIX, AF_INET, AF_INET6, AF_AX25, AF_IPX,
 * AF_X25, AF_NETLINK, AF_PACKET, AF_RXRPC, AF_IEEE802154, AF_ALG,
 * AF_NFC, AF_VSOCK, AF_QIPCRTR, AF_XDP, AF_MCTP, AF_BLUETOOTH (by the
 * address's length); any other family, or an address shorter
 * than its family's struct, as sa_data's bytes.  The bytes are the copy
 * made at the call, at most 128 (sockaddr_storage); fields past the
 * copied length read as zero, as strace's zero-filled buffer.
 *
 * Interface indexes are named (if_nametoindex("lo")) only when they are
 * of etrace's network namespace (own_ns: the BPF program compared the
 * socket's, or the task's, with etrace's); else they are numbers.
 */
#include <arpa/inet.h>
#include <net/if.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>

#include "fmt_priv.h"

#define SA_MAX		128	/* sockaddr_storage */

/* what one address's printers share */
struct sa {
	struct fmt_buf *b;
	const struct sc_call *c;
	const uint8_t *p;	/* SA_MAX bytes, zero past len */
	size_t len;
	int own_ns;
};

static void field(struct fmt_buf *b, const char *name)
{
	fb_puts(b, ", ");
	fb_puts(b, name);
	fb_putc(b, '=');
}

/*
 * A value in network order as strace prints it: abbrev FORM(...), raw
 * the bytes in hex, verbose the bytes and then FORM(...) in a comment.
 * Returns whether the caller writes FORM(...); net_end closes it.
 */
static int net_begin(const struct sa *s, const uint8_t *p, size_t n)
{
	if (s->b->xstyle == XSTYLE_ABBREV)
		return 1;
	fmt_qstr(s->b, s->c, p, n, -1, 0, QS_HEX);
	if (s->b->xstyle == XSTYLE_RAW)
		return 0;
	fb_puts(s->b, " /* ");
	return 1;
}

static void net_end(const struct sa *s)
{
	if (s->b->xstyle == XSTYLE_VERBOSE)
		fb_puts(s->b, " */");
}

/* strace's XVAL_VERBOSE: the number and the name in a comment, always */
static void enum_verbose(struct fmt_buf *b, const struct xlat *x, uint64_t v,
			 const char *dflt)
{
	int style = b->xstyle;

	if (style != XSTYLE_RAW)
		b->xstyle = XSTYLE_VERBOSE;
	fmt_enum_dflt(b, x, v, dflt);
	b->xstyle = style;
}

static void flags_verbose(struct fmt_buf *b, const struct xlat *x, uint64_t v,
			  const char *dflt)
{
	int style = b->xstyle;

	if (style != XSTYLE_RAW)
		b->xstyle = XSTYLE_VERBOSE;
	fmt_flags_dflt(b, x, v, dflt);
	b->xstyle = style;
}

static void raw_data(const struct sa *s, const char *name)
{
	if (name)
		field(s->b, name);
	fmt_qstr(s->b, s->c, s->p + 2, s->len - 2, -1, 0, 0);
}

void fmt_ifindex(struct fmt_buf *b, const struct sc_call *c, int own_ns,
		 uint32_t index)
{
	const struct fmt_opts *o = c ? c->o : NULL;
	char name[IF_NAMESIZE + 1];

	/* another namespace's index: etrace's names would be a guess */
	if (!own_ns || !o || !o->if_name ||
	    !o->if_name(o->if_ctx, index, name)) {
		fb_udec(b, index);
		return;
	}
	name[IF_NAMESIZE] = '\0';
	if (b->xstyle != XSTYLE_ABBREV) {
		fb_udec(b, index);
		if (b->xstyle == XSTYLE_RAW)
			return;
		fb_puts(b, " /* ");
	}
	fb_puts(b, "if_nametoindex(");
	fmt_quoted(b, (const uint8_t *)name, strnlen(name, IF_NAMESIZE), -1,
		   0);
	fb_putc(b, ')');
	if (b->xstyle == XSTYLE_VERBOSE)
		fb_puts(b, " */");
}

/* --- the families ---------------------------------------------------- */

static void sa_un(const struct sa *s)
{
	const uint8_t *path = s->p + 2;
	size_t n = s->len - 2, end;

	field(s->b, "sun_path");
	if (n > 108)
		n = 108;
	/* abstract: a leading NUL, the name is all the bytes after it */
	if (path[0] == '\0' && n > 1) {
		fb_putc(s->b, '@');
		fmt_qstr(s->b, s->c, path + 1, n - 1, -1, 0, 0);
		return;
	}
	for (end = 0; end < n && path[end]; end++)
		;
	fmt_qstr(s->b, s->c, path, end, -1, 0, 0);
}

/* NAME=inet_addr("10.0.0.1"); -X raw NAME="\x0a...", verbose both */
static void in_addr(const struct sa *s, const uint8_t *p, const char *name)
{
	char ip[INET_ADDRSTRLEN];

	inet_ntop(AF_INET, p, ip, sizeof(ip));
	fb_puts(s->b, name);
	fb_putc(s->b, '=');
	if (net_begin(s, p, 4)) {
		fb_puts(s->b, "inet_addr(\"");
		fb_puts(s->b, ip);
		fb_puts(s->b, "\")");
		net_end(s);
	}
}

void fmt_in_addr(struct fmt_buf *b, const struct sc_call *c,
		 const uint8_t *p, const char *name)
{
	struct sa s = { b, c, p, 4, 0 };

	in_addr(&s, p, name);
}

/* sin_port=htons(80), sin_addr=inet_addr("10.0.0.1") at p (AF_INET's) */
static void in_fields(const struct sa *s, const uint8_t *p)
{
	struct fmt_buf *b = s->b;

	field(b, "sin_port");
	if (net_begin(s, p + 2, 2)) {
		fb_puts(b, "htons(");
		fb_udec(b, ntohs(ld16(p + 2)));
		fb_putc(b, ')');
		net_end(s);
	}
	fb_puts(b, ", ");
	in_addr(s, p + 4, "sin_addr");
}

/*
 * An IPv6 address field as strace prints it: inet_pton(AF_INET6, "::1",
 * &NAME); -X raw NAME="\x00...", verbose both
 */
static void in6_addr(const struct sa *s, const uint8_t *p, const char *name)
{
	struct fmt_buf *b = s->b;
	char ip[INET6_ADDRSTRLEN];

	inet_ntop(AF_INET6, p, ip, sizeof(ip));
	if (b->xstyle == XSTYLE_ABBREV) {
		fb_puts(b, "inet_pton(AF_INET6, \"");
		fb_puts(b, ip);
		fb_puts(b, "\", &");
		fb_puts(b, name);
		fb_putc(b, ')');
		return;
	}
	fb_puts(b, name);
	fb_putc(b, '=');
	if (net_begin(s, p, 16)) {
		fb_puts(b, "inet_pton(AF_INET6, \"");
		fb_puts(b, ip);
		fb_puts(b, "\")");
		net_end(s);
	}
}

void fmt_in6_addr(struct fmt_buf *b, const struct sc_call *c,
		  const uint8_t *p, const char *name)
{
	struct sa s = { b, c, p, 16, 0 };

	in6_addr(&s, p, name);
}

/* AF_INET6's fields at p, len bytes of them (at least 24) */
static void in6_fields(const struct sa *s, const uint8_t *p, size_t len)
{
	struct fmt_buf *b = s->b;
	uint32_t scope;

	field(b, "sin6_port");
	if (net_begin(s, p + 2, 2)) {
		fb_puts(b, "htons(");
		fb_udec(b, ntohs(ld16(p + 2)));
		fb_putc(b, ')');
		net_end(s);
	}
	field(b, "sin6_flowinfo");
	if (net_begin(s, p + 4, 4)) {
		fb_puts(b, "htonl(");
		fb_udec(b, ntohl(ld32(p + 4)));
		fb_putc(b, ')');
		net_end(s);
	}
	fb_puts(b, ", ");
	in6_addr(s, p + 8, "sin6_addr");
	if (len <= 24)
		return;
	scope = ld32(p + 24);
	field(b, "sin6_scope_id");
	/* fe80::/10 and ff02::/16-like link-local scopes name an interface */
	if ((p[8] == 0xfe && (p[9] & 0xc0) == 0x80) ||
	    (p[8] == 0xff && (p[9] & 0x0f) == 0x02))
		fmt_ifindex(b, s->c, s->own_ns, scope);
	else
		fb_udec(b, scope);
}

static void sa_nl(const struct sa *s)
{
	if (ld16(s->p + 2)) {
		field(s->b, "nl_pad");
		fb_hex(s->b, ld16(s->p + 2));
	}
	field(s->b, "nl_pid");
	fb_dec(s->b, (int32_t)ld32(s->p + 4));
	field(s->b, "nl_groups");
	fb_printf(s->b, "%#08x", ld32(s->p + 8));
}

static void sa_ll(const struct sa *s)
{
	struct fmt_buf *b = s->b;
	const uint8_t *p = s->p;
	unsigned int halen = p[11], room = (unsigned int)s->len - 12;

	field(b, "sll_protocol");
	if (net_begin(s, p + 2, 2)) {
		int style = b->xstyle;

		/* inside the htons(), the name as -X abbrev would print it */
		b->xstyle = XSTYLE_ABBREV;
		fmt_eth_proto(b, ld16(p + 2));
		b->xstyle = style;
		net_end(s);
	}
	field(b, "sll_ifindex");
	fmt_ifindex(b, s->c, s->own_ns, ld32(p + 4));
	field(b, "sll_hatype");
	fmt_enum_dflt(b, &xlat_arphrd, ld16(p + 8), "ARPHRD_???");
	field(b, "sll_pkttype");
	fmt_enum_dflt(b, &xlat_packet_type, p[10], "PACKET_???");
	field(b, "sll_halen");
	fb_udec(b, halen);
	if (!halen)
		return;
	field(b, "sll_addr");
	fb_putc(b, '[');
	for (unsigned int j = 0; j < halen; j++) {
		if (j)
			fb_puts(b, ", ");
		if (j >= room) {
			fb_puts(b, "...");
			break;
		}
		fb_printf(b, "%#02x", p[12 + j]);
	}
	fb_putc(b, ']');
}

static void sa_rxrpc(const struct sa *s)
{
	struct fmt_buf *b = s->b;
	const uint8_t *p = s->p, *t = p + 8;
	uint16_t family = ld16(t), tlen = ld16(p + 6);
	size_t have = tlen < s->len - 8 ? tlen : s->len - 8;
	size_t rest = have > 2 ? have - 2 : 0;
	const char *inner = family == AF_INET ? "sin" :
			    family == AF_INET6 ? "sin6" : NULL;

	field(b, "srx_service");
	enum_verbose(b, &xlat_rxrpc_service, ld16(p + 2), "???_SERVICE");
	field(b, "transport_type");
	fmt_enum_dflt(b, &xlat_sock_type, ld16(p + 4), "SOCK_???");
	field(b, "transport_len");
	fb_udec(b, tlen);
	fb_puts(b, ", transport={");
	if (inner) {
		fb_puts(b, inner);
		fb_puts(b, "={");
		fb_puts(b, inner);
		fb_puts(b, "_family=");
	} else {
		fb_puts(b, "family=");
	}
	fmt_enum_dflt(b, &xlat_addr_family, family, "AF_???");
	if (family == AF_INET && tlen >= 16)
		in_fields(s, t);
	else if (family == AF_INET6 && tlen >= 24)
		in6_fields(s, t, have);
	else if (rest) {
		fb_puts(b, ", ");
		fmt_qstr(b, s->c, t + 2, rest, -1, 0, 0);
	}
	if (inner)
		fb_putc(b, '}');
	fb_putc(b, '}');
}

static void sa_ieee802154(const struct sa *s)
{
	struct fmt_buf *b = s->b;
	const uint8_t *p = s->p;
	uint32_t type = ld32(p + 4);

	fb_puts(b, ", addr={addr_type=");
	enum_verbose(b, &xlat_ieee802154_addr_type, type,
		     "IEEE802154_ADDR_???");
	field(b, "pan_id");
	enum_verbose(b, &xlat_ieee802154_pan, ld16(p + 8), NULL);
	if (type == 2) {		/* IEEE802154_ADDR_SHORT */
		field(b, "short_addr");
		enum_verbose(b, &xlat_ieee802154_short, ld16(p + 10), NULL);
	} else if (type != 0) {		/* not IEEE802154_ADDR_NONE */
		field(b, "hwaddr");
		fmt_hwaddr(b, p + 10, 8);
	}
	fb_putc(b, '}');
}

static void sa_alg(const struct sa *s)
{
	struct fmt_buf *b = s->b;

	field(b, "salg_type");
	fmt_cstr_array(s->b, s->c, s->p + 2, 14);
	field(b, "salg_feat");
	flags_verbose(b, &xlat_alg_flags, ld32(s->p + 16), "CRYPTO_ALG_???");
	field(b, "salg_mask");
	flags_verbose(b, &xlat_alg_flags, ld32(s->p + 20), "CRYPTO_ALG_???");
	field(b, "salg_name");
	fmt_cstr_array(s->b, s->c, s->p + 24, s->len - 24);
}

/* sockaddr_nfc, then sockaddr_nfc_llcp's fields when it is one (96) */
static void sa_nfc(const struct sa *s)
{
	struct fmt_buf *b = s->b;
	const uint8_t *p = s->p;
	uint64_t snlen;

	field(b, "dev_idx");
	fmt_ifindex(b, s->c, s->own_ns, ld32(p + 4));
	field(b, "target_idx");
	fb_hex(b, ld32(p + 8));
	field(b, "nfc_protocol");
	fmt_enum_dflt(b, &xlat_nfc_proto, ld32(p + 12), "NFC_PROTO_???");
	if (s->len < 96) {
		if (s->len > 16)
			fb_puts(b, ", ...");
		return;
	}
	snlen = ld64(p + 88);
	field(b, "dsap");
	enum_verbose(b, &xlat_nfc_sap, p[16], NULL);
	field(b, "ssap");
	enum_verbose(b, &xlat_nfc_sap, p[17], NULL);
	field(b, "service_name");
	fmt_qstr(b, s->c, p + 18, snlen < 63 ? (size_t)snlen : 63, -1, 0, 0);
	field(b, "service_name_len");
	fb_udec(b, snlen);
}

static void sa_vsock(const struct sa *s)
{
	struct fmt_buf *b = s->b;
	const uint8_t *p = s->p;

	if (ld16(p + 2)) {
		field(b, "svm_reserved1");
		fb_hex(b, ld16(p + 2));
	}
	field(b, "svm_cid");
	fmt_enum_dflt(b, &xlat_vsock_cid, ld32(p + 8), NULL);
	field(b, "svm_port");
	fmt_enum_dflt(b, &xlat_vsock_port, ld32(p + 4), NULL);
	field(b, "svm_flags");
	fmt_flags_dflt(b, &xlat_vsock_flags, p[12], "VMADDR_FLAG_???");
	if (p[13] || p[14] || p[15]) {
		field(b, "svm_zero");
		fmt_qstr(b, s->c, p + 13, 3, -1, 0, QS_HEX);
	}
}

static void sa_qrtr(const struct sa *s)
{
	field(s->b, "sq_node");
	fmt_enum_dflt(s->b, &xlat_qrtr_node, ld32(s->p + 4), NULL);
	field(s->b, "sq_port");
	fmt_enum_dflt(s->b, &xlat_qrtr_port, ld32(s->p + 8), NULL);
}

static void sa_xdp(const struct sa *s)
{
	struct fmt_buf *b = s->b;
	const uint8_t *p = s->p;
	uint16_t flags = ld16(p + 2);
	uint32_t umem = ld32(p + 12);

	field(b, "sxdp_flags");
	fmt_flags_dflt(b, &xlat_xdp_bind_flags, flags, "XDP_???");
	field(b, "sxdp_ifindex");
	fmt_ifindex(b, s->c, s->own_ns, ld32(p + 4));
	field(b, "sxdp_queue_id");
	fb_udec(b, ld32(p + 8));
	if (flags & 0x1) {		/* XDP_SHARED_UMEM: it is an fd */
		field(b, "sxdp_shared_umem_fd");
		fmt_fd_value(b, s->c, (int32_t)umem);
	} else if (umem) {
		field(b, "sxdp_shared_umem_fd");
		fb_hex(b, umem);
	}
}

static void sa_mctp(const struct sa *s)
{
	struct fmt_buf *b = s->b;
	const uint8_t *p = s->p;

	if (ld16(p + 2)) {
		field(b, "__smctp_pad0");
		fb_hex(b, ld16(p + 2));
	}
	field(b, "smctp_network");
	fmt_enum_dflt(b, &xlat_mctp_net, ld32(p + 4), NULL);
	fb_puts(b, ", smctp_addr={s_addr=");
	fmt_enum_dflt(b, &xlat_mctp_addr, p[8], NULL);
	fb_putc(b, '}');
	field(b, "smctp_type");
	fb_hex(b, p[9]);
	field(b, "smctp_tag");
	fb_hex(b, p[10]);
	if (p[11]) {
		field(b, "__smctp_pad1");
		fb_hex(b, p[11]);
	}
}

/*
 * An AX.25 address (7 bytes: six characters shifted left by one, then
 * the SSID's byte) as strace judges it: -1 sane (printed in the -X
 * style), XSTYLE_VERBOSE odd (the bytes and the text in a comment),
 * XSTYLE_RAW unprintable (the bytes only)
 */
static int ax25_judge(const uint8_t *a)
{
	int ret = -1, space = 0, chars = 0;

	for (int j = 0; j < 6; j++) {
		unsigned char ch = a[j];

		if (ch & 1)
			ret = XSTYLE_VERBOSE;
		ch >>= 1;
		if (ch == ' ')
			space = 1;
		else
			chars = 1;
		if ((ch < '0' || ch > '9') && (ch < 'A' || ch > 'Z') &&
		    ch != ' ')
			ret = XSTYLE_VERBOSE;
		if (ch != ' ' && space)
			ret = XSTYLE_VERBOSE;
		if (ch < ' ' || ch > 0x7e || ch == '*' || ch == '/')
			return XSTYLE_RAW;
	}
	if (a[6] & ~0x1e)
		ret = XSTYLE_VERBOSE;
	if (!chars && a[6])
		ret = XSTYLE_VERBOSE;
	return ret;
}

/* CALL-SSID ("VALID-13"), "*" for the empty address */
static void ax25_text(struct fmt_buf *b, const uint8_t *a)
{
	char t[16];
	size_t end, n = 0;
	unsigned int ssid = (a[6] >> 1) & 0xf;

	for (end = 6; end; end--)
		if ((a[end - 1] >> 1) != ' ')
			break;
	for (size_t j = 0; j < end; j++)
		t[n++] = (char)(a[j] >> 1);
	t[n++] = '-';
	if (ssid > 9) {
		t[n++] = '1';
		ssid -= 10;
	}
	t[n++] = (char)('0' + ssid);
	if (t[0] == '-' && t[1] == '0')
		fb_putc(b, '*');
	else
		fb_putn(b, t, n);
}

static void ax25_addr(const struct sa *s, const uint8_t *a)
{
	struct fmt_buf *b = s->b;
	int style = ax25_judge(a);

	if (style < 0)
		style = b->xstyle;
	if (style != XSTYLE_ABBREV) {
		fb_puts(b, "{ax25_call=");
		fmt_qstr(b, s->c, a, 7, -1, 0, QS_HEX);
		fb_putc(b, '}');
	}
	if (style == XSTYLE_RAW)
		return;
	if (style == XSTYLE_VERBOSE)
		fb_puts(b, " /* ");
	ax25_text(b, a);
	if (style == XSTYLE_VERBOSE)
		fb_puts(b, " */");
}

/* sockaddr_ax25, or full_sockaddr_ax25 with its digipeaters (7 bytes) */
static void sa_ax25(const struct sa *s)
{
	struct fmt_buf *b = s->b;
	int32_t ndigis = (int32_t)ld32(s->p + 12);
	int full = ndigis || s->len > 16;
	size_t has = (s->len - 16) / 7, want = ndigis > 0 ? (size_t)ndigis : 0;

	if (has > 8)
		has = 8;
	if (want > 8)
		want = 8;
	fb_puts(b, full ? ", fsa_ax25={sax25_call=" : ", sax25_call=");
	ax25_addr(s, s->p + 2);
	field(b, "sax25_ndigis");
	fb_dec(b, ndigis);
	if (!full)
		return;
	fb_putc(b, '}');
	if (want) {
		size_t n = has < want ? has : want;

		fb_puts(b, ", fsa_digipeater=[");
		for (size_t j = 0; j < n; j++) {
			if (j)
				fb_puts(b, ", ");
			ax25_addr(s, s->p + 16 + 7 * j);
		}
		if (want > has)
			fb_puts(b, n ? ", ..." : "...");
		fb_putc(b, ']');
	}
	if (s->len > has * 7 + 16)
		fb_puts(b, ", ...");
}

static void sa_ipx(const struct sa *s)
{
	struct fmt_buf *b = s->b;
	const uint8_t *p = s->p;

	field(b, "sipx_port");
	if (net_begin(s, p + 2, 2)) {
		fb_puts(b, "htons(");
		fb_udec(b, ntohs(ld16(p + 2)));
		fb_putc(b, ')');
		net_end(s);
	}
	field(b, "sipx_network");
	fb_puts(b, "htonl(");
	fb_hex(b, ntohl(ld32(p + 4)));
	fb_putc(b, ')');
	field(b, "sipx_node");
	for (int j = 0; j < 6; j++)
		fb_printf(b, j ? ", %#02x" : "[%#02x", p[8 + j]);
	fb_putc(b, ']');
	field(b, "sipx_type");
	fb_printf(b, "%#02x", p[14]);
	if (p[15]) {
		field(b, "sipx_zero");
		fb_hex(b, p[15]);
	}
}

static void sa_x25(const struct sa *s)
{
	fb_puts(s->b, ", sx25_addr={x25_addr=");
	fmt_cstr_array(s->b, s->c, s->p + 2, 16);
	fb_putc(s->b, '}');
}

/*
 * An L2CAP PSM or CID in htobs(): its name; else past a dynamic range's
 * start, the start's name and "+N"; else the number with "???" in a
 * comment; -X raw the number, verbose the number and the words in a
 * comment (the start printed as -X prints a constant, as strace)
 */
static void l2_value(struct fmt_buf *b, const struct xlat *x, uint16_t v,
		     const char *le_start, uint16_t le_lo, uint16_t le_hi,
		     const char *start, uint16_t lo, const char *dflt)
{
	const char *name = xlat_name(x, v);
	int le = le_start && v >= le_lo && v <= le_hi, dyn = v >= lo;
	int known = name || le || dyn;

	fb_puts(b, "htobs(");
	if (b->xstyle != XSTYLE_ABBREV || !known)
		fb_hex(b, v);
	if (b->xstyle == XSTYLE_RAW) {
		fb_putc(b, ')');
		return;
	}
	if (b->xstyle == XSTYLE_VERBOSE || !known)
		fb_puts(b, " /* ");
	if (name) {
		fb_puts(b, name);
	} else if (le) {
		fmt_const(b, le_start, le_lo, XF_HEX);
		fb_putc(b, '+');
		fb_udec(b, v - le_lo);
	} else if (dyn) {
		fmt_const(b, start, lo, XF_HEX);
		fb_putc(b, '+');
		fb_udec(b, v - lo);
	} else {
		fb_puts(b, dflt);
	}
	if (b->xstyle == XSTYLE_VERBOSE || !known)
		fb_puts(b, " */");
	fb_putc(b, ')');
}

/* AF_BLUETOOTH: which struct, by the address's length (as strace) */
static void sa_bt(const struct sa *s)
{
	struct fmt_buf *b = s->b;
	const uint8_t *p = s->p;

	switch (s->len) {
	case 4:			/* sockaddr_hci up to hci_dev */
	case 6:			/* sockaddr_hci */
		fb_puts(b, ", hci_dev=htobs(");
		fb_udec(b, ld16(p + 2));
		fb_putc(b, ')');
		if (s->len == 6) {
			field(b, "hci_channel");
			fmt_enum_dflt(b, &xlat_hci_channel, ld16(p + 4),
				      "HCI_CHANNEL_???");
		}
		return;
	case 8:			/* sockaddr_sco */
		field(b, "sco_bdaddr");
		fmt_hwaddr(b, p + 2, 6);
		return;
	case 10:		/* sockaddr_rc */
		field(b, "rc_bdaddr");
		fmt_hwaddr(b, p + 2, 6);
		field(b, "rc_channel");
		fb_udec(b, p[8]);
		return;
	case 12:		/* sockaddr_l2 up to l2_bdaddr_type */
	case 14:		/* sockaddr_l2 */
		field(b, "l2_psm");
		l2_value(b, &xlat_l2cap_psm, ld16(p + 2),
			 "L2CAP_PSM_LE_DYN_START", 0x80, 0xff,
			 "L2CAP_PSM_DYN_START", 0x1001, "L2CAP_PSM_???");
		field(b, "l2_bdaddr");
		fmt_hwaddr(b, p + 4, 6);
		field(b, "l2_cid");
		l2_value(b, &xlat_l2cap_cid, ld16(p + 10), NULL, 0, 0,
			 "L2CAP_CID_DYN_START", 0x40, "L2CAP_CID_???");
		if (s->len == 14) {
			field(b, "l2_bdaddr_type");
			fmt_enum_dflt(b, &xlat_bdaddr_type, p[12], "BDADDR_???");
		}
		return;
	}
	raw_data(s, "sa_data");
}

static void sa_in(const struct sa *s)
{
	in_fields(s, s->p);
}

static void sa_in6(const struct sa *s)
{
	in6_fields(s, s->p, s->len);
}

/* each family's printer and the shortest address it decodes (strace's) */
static const struct {
	uint16_t family;
	uint16_t min;
	void (*print)(const struct sa *s);
} printers[] = {
	{ AF_UNIX, 3, sa_un },
	{ AF_INET, 16, sa_in },
	{ AF_INET6, 24, sa_in6 },
	{ AF_AX25, 16, sa_ax25 },
	{ AF_IPX, 16, sa_ipx },
	{ AF_X25, 18, sa_x25 },
	{ AF_NETLINK, 12, sa_nl },
	{ AF_PACKET, 20, sa_ll },
	{ AF_RXRPC, 36, sa_rxrpc },
	{ AF_IEEE802154, 20, sa_ieee802154 },
	{ AF_ALG, 25, sa_alg },
	{ AF_NFC, 16, sa_nfc },
	{ AF_VSOCK, 16, sa_vsock },
	{ AF_QIPCRTR, 12, sa_qrtr },
	{ AF_XDP, 16, sa_xdp },
	{ AF_MCTP, 12, sa_mctp },
	{ AF_BLUETOOTH, 3, sa_bt },
};

void fmt_sockaddr_bytes(struct fmt_buf *b, const struct sc_call *c,
			const uint8_t *p, size_t len, int own_ns)
{
	uint8_t pad[SA_MAX];
	struct sa s = { b, c, pad, len > SA_MAX ? SA_MAX : len, own_ns };
	uint16_t family;

	memset(pad, 0, sizeof(pad));
	memcpy(pad, p, s.len);
	family = ld16(pad);
	fb_puts(b, "{sa_family=");
	fmt_enum_dflt(b, &xlat_addr_family, family, "AF_???");
	/* the family alone: nothing after it, whatever the family */
	if (s.len > 2) {
		size_t j;

		for (j = 0; j < sizeof(printers) / sizeof(printers[0]); j++)
			if (printers[j].family == family)
				break;
		if (j < sizeof(printers) / sizeof(printers[0]) &&
		    s.len >= printers[j].min)
			printers[j].print(&s);
		else
			raw_data(&s, "sa_data");
	}
	fb_putc(b, '}');
}
