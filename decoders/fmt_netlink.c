// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: the bytes sendto, recvfrom, sendmsg and recvmsg move on
 * a netlink socket, printed as strace 6.1 prints them: each struct
 * nlmsghdr with its type and flags named by the socket's protocol, then
 * its payload (an NLMSG_ERROR's struct nlmsgerr, an NLMSG_DONE's int, a
 * protocol's struct: fmt_rtnl.c, fmt_nfnl.c, sock_diag's family, ...),
 * several in an array; a kobject uevent socket's udev header.
 *
 * The tracer copies such a buffer whatever -s says, up to NL_COPY_MAX
 * bytes, and says the socket's protocol (struct cap's nlproto).  The
 * bytes are the traced program's: every length in them is checked
 * against the copy.  A field past the copy prints as strace prints
 * memory it could not read (its address) when the copy ended where the
 * memory did, as "..." when it ended at NL_COPY_MAX: never a guess.
 */
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/selinux_netlink.h>
#include <linux/xfrm.h>

#include "fmt_netlink.h"

void nl_unread(struct fmt_buf *b, const struct nl_view *v, uint64_t off)
{
	if (v->fault)
		fmt_ptr(b, v->addr + off);
	else
		fb_puts(b, "...");
}

/* strace's printstr_ex: at most -s bytes, quoted in style (QS_*) */
static void nl_quoted(struct fmt_buf *b, const struct nl_view *v,
		      uint64_t off, uint64_t len, int style)
{
	long max = str_max(v->c);
	uint64_t n = max >= 0 && len > (uint64_t)max ? (uint64_t)max : len;
	const uint8_t *s = nl_at(v, off, n);

	if (!s) {
		nl_unread(b, v, off);
		return;
	}
	fmt_qstr(b, v->c, s, (size_t)n, max, len > n, style);
}

void nl_hex(struct fmt_buf *b, const struct nl_view *v, uint64_t off,
	    uint64_t len)
{
	nl_quoted(b, v, off, len, QS_HEX);
}

const uint8_t *nl_struct(struct fmt_buf *b, const struct nl_view *v,
			 uint64_t off, uint64_t len, uint64_t size)
{
	const uint8_t *p;

	if (len < size) {
		nl_hex(b, v, off, len);
		return NULL;
	}
	p = nl_at(v, off, size);
	if (!p)
		nl_unread(b, v, off);
	return p;
}

static void nl_type(struct fmt_buf *b, const struct nl_view *v, uint16_t t)
{
	const struct xlat *x = &xlat_netlink_types;
	const char *dflt = "NLMSG_???";

	if (t >= NLMSG_MIN_TYPE) {
		switch (v->proto) {
		case NETLINK_ROUTE:
			x = &xlat_nl_route_types;
			dflt = "RTM_???";
			break;
		case NETLINK_SOCK_DIAG:
			x = &xlat_nl_sock_diag_types;
			dflt = "SOCK_DIAG_???";
			break;
		case NETLINK_SELINUX:
			x = &xlat_nl_selinux_types;
			dflt = "SELNL_MSG_???";
			break;
		case NETLINK_XFRM:
			x = &xlat_nl_xfrm_types;
			dflt = "XFRM_MSG_???";
			break;
		case NETLINK_AUDIT:
			x = &xlat_nl_audit_types;
			dflt = "AUDIT_???";
			break;
		case NETLINK_NETFILTER:
			nl_nfnl_type(b, t);
			return;
		case NETLINK_GENERIC:
			/*
			 * strace names the families the kernel has then;
			 * only the controller's id is fixed (GENL_ID_CTRL)
			 */
			if (t == GENL_ID_CTRL) {
				fmt_const(b, "nlctrl", t, XF_HEX);
				return;
			}
			fmt_num(b, t, XF_HEX);
			return;
		case NETLINK_CRYPTO:
			/* names etrace does not have (yet): the number */
			fmt_num(b, t, XF_HEX);
			return;
		}
	}
	fmt_enum_dflt(b, x, t, dflt);
}

/* the flags that depend on the type (strace's per-protocol tables) */
static const struct xlat *nl_type_flags(const struct nl_view *v, uint16_t t)
{
	if (t < NLMSG_MIN_TYPE)
		return t == NLMSG_ERROR ? &xlat_netlink_ack_flags : NULL;
	switch (v->proto) {
	case NETLINK_ROUTE:
		if (t == RTM_DELACTION)
			return &xlat_netlink_get_flags;
		switch (t & 3) {
		case 0:
			return &xlat_netlink_new_flags;
		case 1:
			return &xlat_netlink_delete_flags;
		case 2:
			return &xlat_netlink_get_flags;
		}
		return NULL;
	case NETLINK_SOCK_DIAG:
		return &xlat_netlink_get_flags;
	case NETLINK_NETFILTER:
		return nl_nfnl_flags(t);
	case NETLINK_XFRM:
		switch (t) {
		case XFRM_MSG_NEWSA: case XFRM_MSG_NEWPOLICY:
		case XFRM_MSG_NEWAE: case XFRM_MSG_NEWSADINFO:
		case XFRM_MSG_NEWSPDINFO:
			return &xlat_netlink_new_flags;
		case XFRM_MSG_DELSA: case XFRM_MSG_DELPOLICY:
			return &xlat_netlink_delete_flags;
		case XFRM_MSG_GETSA: case XFRM_MSG_GETPOLICY:
		case XFRM_MSG_GETAE: case XFRM_MSG_GETSADINFO:
		case XFRM_MSG_GETSPDINFO:
			return &xlat_netlink_get_flags;
		}
	}
	return NULL;
}

/* {nlmsg_len=..., nlmsg_type=..., ...}: the 16 bytes at h */
static void nl_header(struct fmt_buf *b, const struct nl_view *v,
		      const uint8_t *h)
{
	uint16_t type = ld16(h + 4), flags = ld16(h + 6);

	fb_puts(b, "{nlmsg_len=");
	fb_udec(b, ld32(h));
	fb_puts(b, ", nlmsg_type=");
	nl_type(b, v, type);
	fb_puts(b, ", nlmsg_flags=");
	fmt_flags2_dflt(b, &xlat_netlink_flags, nl_type_flags(v, type), flags,
			"NLM_F_???");
	fb_puts(b, ", nlmsg_seq=");
	fb_udec(b, ld32(h + 8));
	fb_puts(b, ", nlmsg_pid=");
	fmt_pid(b, v->c->o, (int32_t)ld32(h + 12));
	fb_putc(b, '}');
}

static void nl_message(struct fmt_buf *b, const struct nl_view *v,
		       const uint8_t *h, uint64_t off, uint64_t len);

/* NLMSG_ERROR's struct nlmsgerr: the error, the message it answers */
static void nl_error(struct fmt_buf *b, const struct nl_view *v,
		     uint64_t off, uint64_t len, int capped)
{
	const uint8_t *e;
	int64_t err;
	uint64_t mlen, payload;
	const char *name;

	e = nl_struct(b, v, off, len, NL_ERR);
	if (!e)
		return;
	/* the message's own length, at least its header's */
	mlen = ld32(e + 4) > NL_HDR ? ld32(e + 4) : NL_HDR;
	len -= 4;
	payload = capped ? NL_HDR : mlen;
	if (payload > len)
		payload = len;
	if (len > payload)
		fb_putc(b, '[');
	fb_puts(b, "{error=");
	err = (int32_t)ld32(e);
	name = err < 0 && err > -4096 ? errno_name((int)-err) : NULL;
	if (!name || b->xstyle != XSTYLE_ABBREV)
		fb_dec(b, err);
	if (name && b->xstyle == XSTYLE_ABBREV) {
		fb_putc(b, '-');
		fb_puts(b, name);
	} else if (name && b->xstyle == XSTYLE_VERBOSE) {
		fb_puts(b, " /* -");
		fb_puts(b, name);
		fb_puts(b, " */");
	}
	fb_puts(b, ", msg=");
	nl_message(b, v, e + 4, off + 4, payload);
	fb_putc(b, '}');
	if (len > payload) {
		fb_puts(b, ", ");
		nl_err_attrs(b, v, off + 4 + payload, len - payload);
		fb_putc(b, ']');
	}
}

/* {family=AF_INET, data="..."}: a payload known only by its family */
static void nl_family(struct fmt_buf *b, const struct nl_view *v,
		      const uint8_t *f, uint64_t off, uint64_t len)
{
	fb_puts(b, "{family=");
	fmt_enum_dflt(b, &xlat_addr_family, *f, "AF_???");
	if (len > 1) {
		fb_puts(b, ", data=");
		nl_hex(b, v, off + 1, len - 1);
	}
	fb_putc(b, '}');
}

/*
 * NETLINK_SOCK_DIAG: a request's or an answer's struct (fmt_diag.c), else
 * the family and the bytes after it
 */
static void nl_diag(struct fmt_buf *b, const struct nl_view *v,
		    uint16_t type, uint16_t flags, uint64_t off, uint64_t len)
{
	const uint8_t *f = nl_at(v, off, 1);

	if (!f) {
		nl_unread(b, v, off);
		return;
	}
	if (!nl_diag_msg(b, v, type, flags, off, len))
		nl_family(b, v, f, off, len);
}

/*
 * NETLINK_ROUTE: the types strace decodes as a struct of their own
 * (fmt_rtnl.c, or the bytes for a struct etrace has not yet), bit
 * t - RTM_BASE of word (t - RTM_BASE) / 32; every other type shows its
 * family
 */
static int nl_route_struct(uint16_t t)
{
	static const uint32_t structs[] = {
		/* LINK ADDR ROUTE NEIGH RULE QDISC TCLASS TFILTER */
		0x7777777f,
		/* ACTION, GETMULTICAST, GETANYCAST, NEIGHTBL, ADDRLABEL,
		   DCB, NETCONF */
		0xc70d4407,
		/* MDB, NSID, STATS, CACHEREPORT, CHAIN, NEXTHOP */
		0x07715777,
	};
	unsigned int i = (unsigned int)t - RTM_BASE;

	return i < 32 * sizeof(structs) / sizeof(structs[0]) &&
	       (structs[i / 32] >> (i % 32) & 1);
}

static void nl_route(struct fmt_buf *b, const struct nl_view *v,
		     uint16_t type, uint64_t off, uint64_t len)
{
	const uint8_t *f = nl_at(v, off, 1);

	if (!f) {
		nl_unread(b, v, off);
		return;
	}
	if (nl_rtnl(b, v, type, off, len))
		return;
	if (nl_route_struct(type))
		nl_hex(b, v, off, len);
	else
		nl_family(b, v, f, off, len);
}

/* NETLINK_SELINUX: an int or an unsigned int, by type */
static int nl_selinux(struct fmt_buf *b, const struct nl_view *v,
		      uint16_t type, uint64_t off, uint64_t len)
{
	const uint8_t *n;

	if (type != SELNL_MSG_SETENFORCE && type != SELNL_MSG_POLICYLOAD)
		return 0;
	n = nl_struct(b, v, off, len, 4);
	if (!n)
		return 1;
	if (type == SELNL_MSG_SETENFORCE) {
		fb_puts(b, "{val=");
		fb_dec(b, (int32_t)ld32(n));
	} else {
		fb_puts(b, "{seqno=");
		fb_udec(b, ld32(n));
	}
	fb_putc(b, '}');
	return 1;
}

/* the payload of the message with header h: len bytes at off */
static void nl_payload(struct fmt_buf *b, const struct nl_view *v,
		       const uint8_t *h, uint64_t off, uint64_t len)
{
	uint16_t type = ld16(h + 4);
	const uint8_t *n;

	if (type == NLMSG_ERROR) {
		nl_error(b, v, off, len, ld16(h + 6) & NLM_F_CAPPED);
		return;
	}
	if (type >= NLMSG_MIN_TYPE && v->proto == NETLINK_SOCK_DIAG) {
		nl_diag(b, v, type, ld16(h + 6), off, len);
		return;
	}
	if (type >= NLMSG_MIN_TYPE && v->proto == NETLINK_ROUTE) {
		nl_route(b, v, type, off, len);
		return;
	}
	if (v->proto == NETLINK_SELINUX && nl_selinux(b, v, type, off, len))
		return;
	if (v->proto == NETLINK_NETFILTER &&
	    nl_nfnl_payload(b, v, type, off, len))
		return;
	if (type == NLMSG_DONE && len == 4) {
		n = nl_at(v, off, 4);
		if (n)
			fb_dec(b, (int32_t)ld32(n));
		else
			nl_unread(b, v, off);
		return;
	}
	nl_hex(b, v, off, len);
}

/*
 * One message: its header h (read already: the one at off, or an
 * nlmsgerr's copy of it) and its payload, in at most len bytes
 */
static void nl_message(struct fmt_buf *b, const struct nl_view *v,
		       const uint8_t *h, uint64_t off, uint64_t len)
{
	uint64_t mlen = ld32(h) < len ? ld32(h) : len;

	if (mlen > NL_HDR)
		fb_putc(b, '[');
	nl_header(b, v, h);
	if (mlen > NL_HDR) {
		fb_puts(b, ", ");
		nl_payload(b, v, h, off + NL_HDR, mlen - NL_HDR);
		fb_putc(b, ']');
	}
}

static void nl_message_at(struct fmt_buf *b, const struct nl_view *v,
			  const uint8_t *h, uint64_t off, uint64_t len,
			  const void *arg)
{
	(void)arg;
	nl_message(b, v, h, off, len);
}

/*
 * NETLINK_KOBJECT_UEVENT: no netlink messages, a udev monitor's header
 * and its properties when the buffer starts with "libudev", else a string
 */
static void nl_uevent(struct fmt_buf *b, const struct nl_view *v,
		      uint64_t len)
{
	static const char *const fields[] = {
		"magic", "header_size", "properties_off", "properties_len",
		"filter_subsystem_hash", "filter_devtype_hash",
		"filter_tag_bloom_hi", "filter_tag_bloom_lo",
	};
	const uint8_t *h = len >= NL_UEVENT_HDR ? nl_at(v, 0, NL_UEVENT_HDR) :
						  NULL;

	if (!h || memcmp(h, "libudev", 8)) {
		nl_quoted(b, v, 0, len, 0);
		return;
	}
	if (len > NL_UEVENT_HDR)
		fb_putc(b, '[');
	fb_puts(b, "{prefix=\"libudev\"");
	for (int i = 0; i < 8; i++) {
		uint32_t x = ld32(h + 8 + 4 * i);
		int hton = i == 0 || i > 3;

		fb_puts(b, ", ");
		fb_puts(b, fields[i]);
		fb_puts(b, hton ? "=htonl(" : "=");
		if (hton)
			fb_hex(b, __builtin_bswap32(x));
		else
			fb_udec(b, x);
		if (hton)
			fb_putc(b, ')');
	}
	fb_putc(b, '}');
	if (len > NL_UEVENT_HDR) {
		fb_puts(b, ", ");
		nl_quoted(b, v, NL_UEVENT_HDR, len - NL_UEVENT_HDR, 0);
		fb_putc(b, ']');
	}
}

/* the messages in len bytes, as strace's decode_netlink */
static void nl_messages(struct fmt_buf *b, const struct nl_view *v,
			uint64_t len)
{
	static const struct nl_walk msgs = { NL_HDR, 4, nl_message_at };

	if (v->proto == NETLINK_KOBJECT_UEVENT)
		nl_uevent(b, v, len);
	else
		nl_walk(b, v, 0, len, &msgs, NULL);
}

/*
 * Argument i, len bytes at entry (sendto) or exit (recvfrom): netlink
 * messages on a netlink socket, a string on any other
 */
static void fmt_sockbuf(struct fmt_buf *b, const struct sc_call *c, int i,
			const struct cap *k, uint64_t len)
{
	struct nl_view v = { 0 };
	uint64_t want;

	if (!k || !c->args[i] || (k->flags & CAP_FAULT)) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	/* -e verbose=: strace decodes no message, it prints the bytes */
	if (!k->nlproto || c->nonverbose) {
		want = len < (uint64_t)str_max(c) ? len : (uint64_t)str_max(c);
		if (k->len < want) {
			fmt_ptr(b, c->args[i]);
			return;
		}
		fmt_qstr(b, c, k->p, (size_t)want, str_max(c), len > want, 0);
		return;
	}
	v.c = c;
	v.p = k->p;
	v.have = k->len;
	v.addr = c->args[i];
	/* shorter than asked and than the most copied: the memory ended */
	v.fault = k->len < len && k->len < NL_COPY_MAX;
	v.proto = (k->nlproto & NLPROTO_MASK) - 1;
	v.own_ns = !!(k->nlproto & NLPROTO_OWN_NS);
	nl_messages(b, &v, len);
}

void fmt_netlink(struct fmt_buf *b, const struct sc_call *c,
		 const uint8_t *p, uint64_t have, uint64_t addr, uint64_t len,
		 int nlproto)
{
	struct nl_view v = {
		.c = c, .p = p, .have = have, .addr = addr, .fault = 0,
		.proto = (nlproto & NLPROTO_MASK) - 1,
		.own_ns = !!(nlproto & NLPROTO_OWN_NS),
	};

	nl_messages(b, &v, len);
}

FMT_KIND(sockbuf)
{
	int pi = c->d->arg[i].param;

	fmt_sockbuf(b, c, i, arg_in(c, i, 0),
		    pi < SC_MAX_ARGS ? c->args[pi] : 0);
}

FMT_KIND(osockbuf)
{
	int pi = c->d->arg[i].param;
	uint64_t len = pi < SC_MAX_ARGS ? c->args[pi] : 0;

	if (sc_failed(c) || c->ret < 0) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	fmt_sockbuf(b, c, i, arg_out(c, i, 0),
		    (uint64_t)c->ret < len ? (uint64_t)c->ret : len);
}
