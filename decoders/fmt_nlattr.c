// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: netlink attributes (struct nlattr and its payload, one
 * after another, 4-byte aligned), as strace 6.1's decode_nlattr prints
 * them, and the payload kinds strace prints alike wherever they are.
 * Every length is the traced program's: checked against the copy.
 */
#include <linux/netlink.h>

#include "fmt_netlink.h"

#define NLA_NESTED	0x8000
#define NLA_NETORDER	0x4000
#define NLA_TYPE	0x3fff

static void nla_header(struct fmt_buf *b, const uint8_t *a,
		       const struct nla_set *s)
{
	uint16_t type = ld16(a + 2);

	fb_puts(b, "{nla_len=");
	fb_udec(b, ld16(a));
	fb_puts(b, ", nla_type=");
	if (type & NLA_NESTED) {
		fmt_const(b, "NLA_F_NESTED", NLA_NESTED, XF_HEX);
		fb_putc(b, '|');
	}
	if (type & NLA_NETORDER) {
		fmt_const(b, "NLA_F_NET_BYTEORDER", NLA_NETORDER, XF_HEX);
		fb_putc(b, '|');
	}
	if (s->x)
		fmt_enum_dflt(b, s->x, type & NLA_TYPE, s->dflt);
	else
		fmt_num(b, type & NLA_TYPE, XF_HEX);
	fb_putc(b, '}');
}

/* one attribute, a its header, in at most len bytes at off */
static void nla_one(struct fmt_buf *b, const struct nl_view *v,
		    const uint8_t *a, uint64_t off, uint64_t len,
		    const struct nla_set *s, nla_fn *dec)
{
	uint64_t alen = ld16(a) < len ? ld16(a) : len;
	uint16_t type = ld16(a + 2) & NLA_TYPE;
	const struct nla_kind *k = s->k && type < s->n ? &s->k[type] : NULL;
	int done;

	if (alen > NLA_HDR)
		fb_putc(b, '[');
	nla_header(b, a, s);
	if (alen <= NLA_HDR)
		return;
	fb_puts(b, ", ");
	off += NLA_HDR;
	alen -= NLA_HDR;
	if (k && k->how != NH_BYTES)
		done = nla_kind_print(b, v, k, off, alen);
	else
		done = dec && dec(b, v, type, off, alen);
	if (!done)
		nl_hex(b, v, off, alen);
	fb_putc(b, ']');
}

void nl_walk(struct fmt_buf *b, const struct nl_view *v, uint64_t off,
	     uint64_t len, const struct nl_walk *w, const void *arg)
{
	int array = 0;

	for (long elt = 0;; elt++) {
		const uint8_t *h;
		uint32_t hlen, step;
		uint64_t next = 0;

		if (len < w->hdr) {
			nl_hex(b, v, off, len);
			break;
		}
		h = nl_at(v, off, w->hdr);
		if (!h) {
			if (!array) {
				nl_unread(b, v, off);
			} else if (v->fault) {
				fb_puts(b, "... /* ");
				fb_hex(b, v->addr + off);
				fb_puts(b, " */");
			} else {
				fb_puts(b, "...");
			}
			break;
		}
		if (abbrev(v->c) && elt == str_max(v->c)) {
			fb_puts(b, "...");
			break;
		}
		/* aligned to 4 in 32 bits, as the kernel's (0 if it wraps) */
		hlen = w->lenbytes == 2 ? ld16(h) : ld32(h);
		step = (hlen + 3u) & ~3u;
		if (hlen >= w->hdr && len >= step && step)
			next = len - step;
		if (!array && next) {
			fb_putc(b, '[');
			array = 1;
		}
		w->one(b, v, h, off, len, arg);
		if (!next)
			break;
		fb_puts(b, ", ");
		off += step;
		len = next;
	}
	if (array)
		fb_putc(b, ']');
}

/* a set's attributes, and a function for the types it has no kind of */
struct nla_walk {
	const struct nla_set *s;
	nla_fn *dec;
};

static void nla_one_at(struct fmt_buf *b, const struct nl_view *v,
		       const uint8_t *a, uint64_t off, uint64_t len,
		       const void *arg)
{
	const struct nla_walk *w = arg;

	nla_one(b, v, a, off, len, w->s, w->dec);
}

static const struct nl_walk attrs = { NLA_HDR, 2, nla_one_at };

void nl_attrs(struct fmt_buf *b, const struct nl_view *v, uint64_t off,
	      uint64_t len, const struct xlat *x, const char *dflt,
	      nla_fn *dec)
{
	const struct nla_set s = { x, dflt, NULL, 0 };
	const struct nla_walk w = { &s, dec };

	nl_walk(b, v, off, len, &attrs, &w);
}

void nl_attrs_set(struct fmt_buf *b, const struct nl_view *v, uint64_t off,
		  uint64_t len, const struct nla_set *s)
{
	const struct nla_walk w = { s, NULL };
	struct nl_view in = *v;

	if (v->depth >= NL_DEPTH_MAX) {
		nl_hex(b, v, off, len);
		return;
	}
	in.depth++;
	nl_walk(b, &in, off, len, &attrs, &w);
}

/*
 * A string the kernel ends with a NUL: the NUL is not shown, and one
 * that does not end with it (within -s) is followed by "..."
 */
int nla_str(struct fmt_buf *b, const struct nl_view *v, uint16_t type,
	    uint64_t off, uint64_t len)
{
	long max = str_max(v->c);
	uint64_t n = max >= 0 && len > (uint64_t)max ? (uint64_t)max : len;
	const uint8_t *s = nl_at(v, off, n);

	(void)type;
	if (!s) {
		nl_unread(b, v, off);
		return 1;
	}
	if (n && !s[n - 1])
		fmt_qstr(b, v->c, s, (size_t)n - 1, max, 0, 0);
	else
		fmt_qstr(b, v->c, s, (size_t)n, max, 1, 0);
	return 1;
}

int nla_u32(struct fmt_buf *b, const struct nl_view *v, uint16_t type,
	    uint64_t off, uint64_t len)
{
	const uint8_t *n = nl_at(v, off, 4);

	(void)type;
	if (len < 4)
		return 0;
	if (n)
		fb_udec(b, ld32(n));
	else
		nl_unread(b, v, off);
	return 1;
}

/* [1, 2, 3]: bytes as numbers, at most -s of them unless -v */
static int nla_u8s(struct fmt_buf *b, const struct nl_view *v,
		   uint64_t off, uint64_t len)
{
	const uint8_t *p;

	fb_putc(b, '[');
	for (uint64_t j = 0; j < len; j++) {
		if (j)
			fb_puts(b, ", ");
		if (abbrev(v->c) && j == (uint64_t)str_max(v->c)) {
			fb_puts(b, "...");
			break;
		}
		p = nl_at(v, off + j, 1);
		if (!p) {
			fb_puts(b, "...");
			if (v->fault) {
				fb_puts(b, " /* ");
				fb_hex(b, v->addr + off + j);
				fb_puts(b, " */");
			}
			break;
		}
		fb_udec(b, *p);
	}
	fb_putc(b, ']');
	return 1;
}

/* NLMSG_ERROR's extended ack */
static int nla_nlmsgerr(struct fmt_buf *b, const struct nl_view *v,
			uint16_t type, uint64_t off, uint64_t len)
{
	switch (type) {
	case NLMSGERR_ATTR_MSG:
		return nla_str(b, v, type, off, len);
	case NLMSGERR_ATTR_OFFS:
		return nla_u32(b, v, type, off, len);
	case NLMSGERR_ATTR_COOKIE:
		return nla_u8s(b, v, off, len);
	}
	return 0;
}

void nl_err_attrs(struct fmt_buf *b, const struct nl_view *v, uint64_t off,
		  uint64_t len)
{
	nl_attrs(b, v, off, len, &xlat_nlmsgerr_attrs, "NLMSGERR_ATTR_???",
		 nla_nlmsgerr);
}
