// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: netlink attribute payloads by kind (fmt_netlink.h's
 * struct nla_kind), as strace 6.1's decode_nla_* print them: numbers,
 * flags and names, interface indexes, addresses, arrays, structs and
 * nested attributes.  A payload shorter than its kind prints as bytes
 * (the caller's), one that could not be read as its address; bytes past
 * a kind's size are not shown, as strace does not show them.
 */
#include <arpa/inet.h>
#include <sys/socket.h>

#include "fmt_netlink.h"

static uint64_t ld_n(const uint8_t *p, unsigned int size)
{
	switch (size) {
	case 1:
		return *p;
	case 2:
		return ld16(p);
	case 4:
		return ld32(p);
	}
	return ld64(p);
}

/* n bytes at p are all 0 */
static int zeros(const uint8_t *p, unsigned int n)
{
	while (n--)
		if (p[n])
			return 0;
	return 1;
}

static int64_t sign_n(uint64_t x, unsigned int size)
{
	switch (size) {
	case 1:
		return (int8_t)x;
	case 2:
		return (int16_t)x;
	case 4:
		return (int32_t)x;
	}
	return (int64_t)x;
}

void nl_inet(struct fmt_buf *b, const struct nl_view *v, int family,
	     const uint8_t *p, unsigned int len, const char *name)
{
	int style = b->xstyle, six = family == AF_INET6;
	char ip[INET6_ADDRSTRLEN];

	if ((!six && family != AF_INET) || len < (six ? 16u : 4u) ||
	    !inet_ntop(family, p, ip, sizeof(ip))) {
		if (name) {
			fb_puts(b, name);
			fb_putc(b, '=');
		}
		fmt_qstr(b, v->c, p, len, -1, 0, QS_HEX);
		return;
	}
	/* an IPv6 one's name is inside: inet_pton(AF_INET6, "::1", &u) */
	if (name && (!six || style != XSTYLE_ABBREV)) {
		fb_puts(b, name);
		fb_putc(b, '=');
	}
	if (style != XSTYLE_ABBREV)
		fmt_qstr(b, v->c, p, len, -1, 0, QS_HEX);
	if (style == XSTYLE_RAW)
		return;
	if (style == XSTYLE_VERBOSE)
		fb_puts(b, " /* ");
	fb_puts(b, six ? "inet_pton(AF_INET6, \"" : "inet_addr(\"");
	fb_puts(b, ip);
	fb_putc(b, '"');
	if (six && name && style == XSTYLE_ABBREV) {
		fb_puts(b, ", &");
		fb_puts(b, name);
	}
	fb_putc(b, ')');
	if (style == XSTYLE_VERBOSE)
		fb_puts(b, " */");
}

static unsigned int inet_size(int family)
{
	return family == AF_INET ? 4 : family == AF_INET6 ? 16 : 0;
}

void nl_mac(struct fmt_buf *b, const struct nl_view *v, const uint8_t *p,
	    unsigned int len)
{
	static const char hex[] = "0123456789abcdef";

	if (b->xstyle != XSTYLE_ABBREV)
		fmt_qstr(b, v->c, p, len, -1, 0, QS_HEX);
	if (b->xstyle == XSTYLE_RAW)
		return;
	if (b->xstyle == XSTYLE_VERBOSE)
		fb_puts(b, " /* ");
	for (unsigned int i = 0; i < len; i++) {
		if (i)
			fb_putc(b, ':');
		fb_putc(b, hex[p[i] >> 4]);
		fb_putc(b, hex[p[i] & 15]);
	}
	if (b->xstyle == XSTYLE_VERBOSE)
		fb_puts(b, " */");
}

static void nla_index(struct fmt_buf *b, const struct xlat *x,
		      const char *dflt, uint64_t j);

static void nl_field(struct fmt_buf *b, const struct nl_view *v,
		     const struct nl_field *f, const uint8_t *p)
{
	uint64_t x = f->how == NF_BYTES || f->how == NF_BYTESNZ ||
		     f->how == NF_MAC || f->how == NF_IARRAY ||
		     f->how == NF_COOKIE || f->how == NF_STRUCT ? 0 :
		     ld_n(p, f->size);

	switch (f->how) {
	case NF_S:
		fb_dec(b, sign_n(x, f->size));
		break;
	case NF_X:
	case NF_XNZ:
		fb_hex(b, x);
		break;
	case NF_ENUM:
		fmt_enum_dflt(b, f->x, x, f->dflt);
		break;
	case NF_FLAGS:
		fmt_flags_dflt(b, f->x, x, f->dflt);
		break;
	case NF_IFINDEX:
		fmt_ifindex(b, v->c, v->own_ns, (uint32_t)x);
		break;
	case NF_BYTES:
	case NF_BYTESNZ:
		fmt_qstr(b, v->c, p, f->size, -1, 0, QS_HEX);
		break;
	case NF_CLOCK:
		fmt_clock_t(b, x);
		break;
	case NF_BITNUMS:
		fmt_bitnums(b, f->x, x, f->dflt);
		break;
	case NF_MAC:
		nl_mac(b, v, p, f->size);
		break;
	case NF_IARRAY:
		for (unsigned int j = 0; j < f->size / 8u; j++) {
			fb_puts(b, j ? ", " : "[");
			nla_index(b, f->x, NULL, j);
			fb_udec(b, ld64(p + 8 * j));
		}
		fb_putc(b, ']');
		break;
	case NF_COOKIE:
		fb_putc(b, '[');
		fb_udec(b, ld32(p));
		fb_puts(b, ", ");
		fb_udec(b, ld32(p + 4));
		fb_putc(b, ']');
		break;
	case NF_DEV:
		fmt_dev_val(b, x);
		break;
	case NF_HTONS:
		fb_puts(b, "htons(");
		fmt_enum_dflt(b, f->x, (unsigned int)p[0] << 8 | p[1], f->dflt);
		fb_putc(b, ')');
		break;
	case NF_PORT:
		fb_puts(b, "htons(");
		fb_udec(b, (unsigned int)p[0] << 8 | p[1]);
		fb_putc(b, ')');
		break;
	case NF_STRUCT:
		fb_putc(b, '{');
		nl_fields(b, v, f->x, p, 1, f->size);
		fb_putc(b, '}');
		break;
	default:
		fb_udec(b, x);
	}
}

void nl_fields(struct fmt_buf *b, const struct nl_view *v,
	       const struct nl_field *f, const uint8_t *p, int first,
	       unsigned int limit)
{
	for (; f->name; f++) {
		if ((unsigned int)f->off + f->size > limit)
			continue;
		if ((f->how == NF_XNZ && !ld_n(p + f->off, f->size)) ||
		    (f->how == NF_BYTESNZ && zeros(p + f->off, f->size)))
			continue;
		if (!first)
			fb_puts(b, ", ");
		first = 0;
		if (f->how == NF_INET || f->how == NF_INET4) {
			/* it names itself */
			nl_inet(b, v, f->how == NF_INET4 ? AF_INET : v->family,
				p + f->off, f->size, f->name);
			continue;
		}
		fb_puts(b, f->name);
		fb_putc(b, '=');
		nl_field(b, v, f, p + f->off);
	}
}

/* an array's index, [A]= (strace's PAF_PRINT_INDICES, in decimal) */
static void nla_index(struct fmt_buf *b, const struct xlat *x,
		      const char *dflt, uint64_t j)
{
	const char *name = xlat_name(x, j);

	fb_putc(b, '[');
	if (name) {
		fmt_const(b, name, j, XF_DEC);
	} else {
		fb_udec(b, j);
		if (b->xstyle != XSTYLE_RAW) {
			fb_puts(b, " /* ");
			fb_puts(b, dflt ? dflt : "???");
			fb_puts(b, " */");
		}
	}
	fb_puts(b, "]=");
}

int nl_elems(struct fmt_buf *b, const struct nl_view *v, uint64_t off,
	     uint64_t len, unsigned int size, nl_elem_fn *one, const void *ctx)
{
	uint64_t n = len / size;
	const uint8_t *p;

	if (!n)
		return 0;
	for (uint64_t j = 0; j < n; j++) {
		p = nl_at(v, off + j * size, size);
		if (!p && !j) {
			nl_unread(b, v, off);
			return 1;
		}
		fb_puts(b, j ? ", " : "[");
		if (abbrev(v->c) && j == (uint64_t)str_max(v->c)) {
			fb_puts(b, "...");
			break;
		}
		if (!p) {
			fb_puts(b, "...");
			if (v->fault) {
				fb_puts(b, " /* ");
				fb_hex(b, v->addr + off + j * size);
				fb_puts(b, " */");
			}
			break;
		}
		one(b, v, p, j, ctx);
	}
	fb_putc(b, ']');
	return 1;
}

/* a number of an NH_*ARRAY attribute (k: its kind) */
static void nla_array_one(struct fmt_buf *b, const struct nl_view *v,
			  const uint8_t *p, uint64_t j, const void *ctx)
{
	const struct nla_kind *k = ctx;

	(void)v;
	if (k->how == NH_IARRAY || k->how == NH_IARRAYS)
		nla_index(b, k->x, k->dflt, j);
	if (k->how == NH_IARRAYS)
		fb_dec(b, sign_n(ld_n(p, k->size), k->size));
	else if (k->how == NH_XARRAY)
		fb_hex(b, ld_n(p, k->size));
	else
		fb_udec(b, ld_n(p, k->size));
}

/* NH_U, NH_S, NH_X, NH_ENUM, NH_FLAGS, NH_IFINDEX, NH_UID: one number */
static int nla_number(struct fmt_buf *b, const struct nl_view *v,
		      const struct nla_kind *k, uint64_t off, uint64_t len)
{
	unsigned int size = k->how == NH_IFINDEX || k->how == NH_UID ? 4 :
			    k->size;
	const uint8_t *p;
	uint64_t x = 0;

	if ((k->how == NH_ENUM || k->how == NH_FLAGS) && len > 8)
		return 0;
	/* size 0: the payload's own, a number's (1, 2, 4 or 8 bytes) */
	if (!size && (k->how == NH_ENUM || k->how == NH_FLAGS ||
		      len == 1 || len == 2 || len == 4 || len == 8))
		size = (unsigned int)len;
	if (!size || len < size)
		return 0;
	p = nl_at(v, off, size);
	if (!p) {
		nl_unread(b, v, off);
		return 1;
	}
	for (unsigned int i = size; i--;)
		x = x << 8 | p[i];
	switch (k->how) {
	case NH_S:
		fb_dec(b, sign_n(x, size));
		break;
	case NH_X:
		fb_hex(b, x);
		break;
	case NH_ENUM:
		fmt_enum_dflt(b, k->x, x, k->dflt);
		break;
	case NH_FLAGS:
		fmt_flags_dflt(b, k->x, x, k->dflt);
		break;
	case NH_IFINDEX:
		fmt_ifindex(b, v->c, v->own_ns, (uint32_t)x);
		break;
	case NH_UID:
		fmt_id(b, (uint32_t)x);
		break;
	default:
		fb_udec(b, x);
	}
	return 1;
}

/* NH_STRUCT: {field=..., ...} when the payload holds it all */
static int nla_struct(struct fmt_buf *b, const struct nl_view *v,
		      const struct nl_struct *s, uint64_t off, uint64_t len)
{
	unsigned int size = s->size;
	const uint8_t *p;

	if (len < size) {
		if (!len || (len != s->alt[0] && len != s->alt[1]))
			return 0;
		size = (unsigned int)len;
	}
	p = nl_at(v, off, size);
	if (!p) {
		nl_unread(b, v, off);
		return 1;
	}
	fb_putc(b, '{');
	nl_fields(b, v, s->f, p, 1, size);
	fb_putc(b, '}');
	return 1;
}

int nla_kind_print(struct fmt_buf *b, const struct nl_view *v,
		   const struct nla_kind *k, uint64_t off, uint64_t len)
{
	const uint8_t *p;
	uint64_t x = 0;
	unsigned int size;
	int fam;

	switch (k->how) {
	case NH_STR:
		return nla_str(b, v, 0, off, len);
	case NH_NESTED:
		nl_attrs_set(b, v, off, len, k->arg);
		return 1;
	case NH_STRUCT:
		return nla_struct(b, v, k->arg, off, len);
	case NH_STRUCT_TAIL:
		size = ((const struct nl_struct *)k->arg)->size;
		if (!nla_struct(b, v, k->arg, off, len))
			return 0;
		if (len > size) {
			fb_puts(b, ", ");
			nl_hex(b, v, off + size, len - size);
		}
		return 1;
	case NH_ARRAY:
	case NH_IARRAY:
	case NH_IARRAYS:
	case NH_XARRAY:
		return nl_elems(b, v, off, len, k->size, nla_array_one, k);
	case NH_FN:
		return k->fn(b, v, 0, off, len);
	case NH_CLOCK:
		/* as many bytes as there are, up to 8 */
		if (len > 8)
			return 0;
		p = nl_at(v, off, len);
		if (!p) {
			nl_unread(b, v, off);
			return 1;
		}
		for (unsigned int i = (unsigned int)len; i--;)
			x = x << 8 | p[i];
		fmt_clock_t(b, x);
		return 1;
	case NH_INET:
		fam = k->size == 4 ? AF_INET : k->size == 16 ? AF_INET6 :
		      v->family;
		size = inet_size(fam);
		if (!size || len < size)
			return 0;
		p = nl_at(v, off, size);
		if (p)
			nl_inet(b, v, fam, p, size, NULL);
		else
			nl_unread(b, v, off);
		return 1;
	case NH_BYTES:
		return 0;
	}
	return nla_number(b, v, k, off, len);
}
