// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: NETLINK_ROUTE's message structs (ifinfomsg, ifaddrmsg,
 * rtmsg), each a table of its fields, printed as strace 6.1 prints them:
 * the family from the first byte, the other fields when the payload
 * holds the whole struct ("..." when it is shorter, the address of the
 * rest when that could not be read), then the attributes after it (their
 * types named, their payloads as bytes: etrace decodes none of them yet).
 * An interface index prints as its number (strace names the tracer's
 * interface of that index: a decoder does no I/O).
 */
#include <linux/rtnetlink.h>

#include "fmt_netlink.h"

enum { RF_U, RF_X, RF_ENUM, RF_FLAGS, RF_IFINDEX };

struct rt_field {
	const char *name;
	uint8_t off, size, how;
	const struct xlat *x;
	const char *dflt;
};

struct rt_struct {
	uint8_t size;
	const char *family;		/* the first byte's field */
	const struct rt_field *f;	/* the others, up to one named NULL */
	const struct xlat *attrs;
	const char *adflt;
};

static const struct rt_field ifinfomsg[] = {
	{ "ifi_type", 2, 2, RF_ENUM, &xlat_arphrd, "ARPHRD_???" },
	{ "ifi_index", 4, 4, RF_IFINDEX, NULL, NULL },
	{ "ifi_flags", 8, 4, RF_FLAGS, &xlat_iff_flags, "IFF_???" },
	{ "ifi_change", 12, 4, RF_X, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const struct rt_field ifaddrmsg[] = {
	{ "ifa_prefixlen", 1, 1, RF_U, NULL, NULL },
	{ "ifa_flags", 2, 1, RF_FLAGS, &xlat_ifa_flags, "IFA_F_???" },
	{ "ifa_scope", 3, 1, RF_ENUM, &xlat_rt_scope, NULL },
	{ "ifa_index", 4, 4, RF_IFINDEX, NULL, NULL },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const struct rt_field rtmsg[] = {
	{ "rtm_dst_len", 1, 1, RF_U, NULL, NULL },
	{ "rtm_src_len", 2, 1, RF_U, NULL, NULL },
	{ "rtm_tos", 3, 1, RF_FLAGS, &xlat_iptos, "IPTOS_TOS_???" },
	{ "rtm_table", 4, 1, RF_ENUM, &xlat_rt_table, NULL },
	{ "rtm_protocol", 5, 1, RF_ENUM, &xlat_rt_proto, "RTPROT_???" },
	{ "rtm_scope", 6, 1, RF_ENUM, &xlat_rt_scope, NULL },
	{ "rtm_type", 7, 1, RF_ENUM, &xlat_rt_type, "RTN_???" },
	{ "rtm_flags", 8, 4, RF_FLAGS, &xlat_rtm_flags, "RTM_F_???" },
	{ NULL, 0, 0, 0, NULL, NULL },
};

static const struct rt_struct structs[] = {
	{ 16, "ifi_family", ifinfomsg, &xlat_ifla_attrs, "IFLA_???" },
	{ 8, "ifa_family", ifaddrmsg, &xlat_ifa_attrs, "IFA_???" },
	{ 12, "rtm_family", rtmsg, &xlat_rta_attrs, "RTA_???" },
};

static const struct rt_struct *rt_struct_of(uint16_t type)
{
	switch (type) {
	case RTM_NEWLINK: case RTM_DELLINK: case RTM_GETLINK:
	case RTM_SETLINK:
		return &structs[0];
	case RTM_NEWADDR: case RTM_DELADDR: case RTM_GETADDR:
	case RTM_GETMULTICAST: case RTM_GETANYCAST:
		return &structs[1];
	case RTM_NEWROUTE: case RTM_DELROUTE: case RTM_GETROUTE:
		return &structs[2];
	}
	return NULL;
}

static void rt_field_print(struct fmt_buf *b, const struct rt_field *f,
			   const uint8_t *p)
{
	uint32_t v = f->size == 1 ? p[f->off] :
		     f->size == 2 ? ld16(p + f->off) : ld32(p + f->off);

	fb_puts(b, ", ");
	fb_puts(b, f->name);
	fb_putc(b, '=');
	switch (f->how) {
	case RF_X:
		fb_hex(b, v);
		break;
	case RF_ENUM:
		fmt_enum_dflt(b, f->x, v, f->dflt);
		break;
	case RF_FLAGS:
		fmt_flags_dflt(b, f->x, v, f->dflt);
		break;
	default:
		fb_udec(b, v);
	}
}

int nl_rtnl(struct fmt_buf *b, const struct nl_view *v, uint16_t type,
	    uint64_t off, uint64_t len)
{
	const struct rt_struct *s = rt_struct_of(type);
	const uint8_t *p = nl_at(v, off, 1);
	uint64_t align;
	int attrs = 0;

	if (!s)
		return 0;
	if (!p) {
		nl_unread(b, v, off);
		return 1;
	}
	fb_putc(b, '{');
	fb_puts(b, s->family);
	fb_putc(b, '=');
	fmt_enum_dflt(b, &xlat_addr_family, *p, "AF_???");
	if (len < s->size) {
		fb_puts(b, ", ...");
	} else if (!(p = nl_at(v, off, s->size))) {
		fb_puts(b, ", ");
		nl_unread(b, v, off + 1);
	} else {
		for (const struct rt_field *f = s->f; f->name; f++)
			rt_field_print(b, f, p);
		attrs = 1;
	}
	fb_putc(b, '}');
	align = (s->size + 3u) & ~3u;
	if (attrs && len > align) {
		fb_puts(b, ", ");
		nl_attrs(b, v, off + align, len - align, s->attrs, s->adflt,
			 NULL);
	}
	return 1;
}
