// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: socket option values, setsockopt's (read at entry) and
 * getsockopt's (written by the call, read at exit), by level and name as
 * strace 6.1 prints them.  The value's length is the call's: setsockopt's
 * optlen, getsockopt's *optlen after the call (at most what it was
 * before).  The copy holds at least SC_OPT_COPY bytes (or -s, if more):
 * a struct shorter than that is decoded from the copy or not at all.
 */
#include <arpa/inet.h>
#include <linux/filter.h>
#include <linux/icmp.h>
#include <linux/if_packet.h>
#include <linux/netlink.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include "fmt_priv.h"

#ifndef SOL_NETLINK
#define SOL_NETLINK 270
#endif

/* the options strace prints as an int (its "int-like" SOL_SOCKET list) */
static int so_int_like(uint32_t name)
{
	static const int names[] = {
		SO_DEBUG, SO_REUSEADDR, SO_DONTROUTE, SO_BROADCAST, SO_SNDBUF,
		SO_RCVBUF, SO_KEEPALIVE, SO_OOBINLINE, SO_NO_CHECK, SO_PRIORITY,
		SO_BSDCOMPAT, SO_REUSEPORT, SO_PASSCRED, SO_RCVLOWAT,
		SO_SNDLOWAT, SO_DETACH_FILTER, SO_TIMESTAMP_OLD, SO_ACCEPTCONN,
		SO_SNDBUFFORCE, SO_RCVBUFFORCE, SO_PASSSEC, SO_TIMESTAMPNS_OLD,
		SO_MARK, SO_TIMESTAMPING_OLD, SO_RXQ_OVFL, SO_WIFI_STATUS,
		SO_PEEK_OFF, SO_NOFCS, SO_LOCK_FILTER, SO_SELECT_ERR_QUEUE,
		SO_BUSY_POLL, SO_INCOMING_CPU, SO_CNX_ADVICE,
		SO_INCOMING_NAPI_ID, SO_ZEROCOPY, SO_TIMESTAMP_NEW,
		SO_TIMESTAMPNS_NEW, SO_TIMESTAMPING_NEW,
		SO_DETACH_REUSEPORT_BPF, SO_PREFER_BUSY_POLL,
		SO_BUSY_POLL_BUDGET, SO_RESERVE_MEM, SO_RCVMARK,
	};

	for (size_t j = 0; j < sizeof(names) / sizeof(names[0]); j++)
		if ((uint32_t)names[j] == name)
			return 1;
	return 0;
}

/* [-5]: an int the value's first four bytes hold */
static void put_int(struct fmt_buf *b, const uint8_t *p)
{
	fb_putc(b, '[');
	fb_dec(b, (int32_t)ld32(p));
	fb_putc(b, ']');
}

static void put_hex(struct fmt_buf *b, const struct sc_call *c,
		    const uint8_t *p, size_t len)
{
	fmt_qstr(b, c, p, len, str_max(c), 0, QS_HEX);
}

/*
 * strace's fields of a struct the kernel filled in part: a u32 field the
 * length covers whole is printed by put, one it covers in part as its
 * bytes in hex, one it does not reach not at all.
 */
typedef void field_fn(struct fmt_buf *b, uint32_t v);

static void put_d(struct fmt_buf *b, uint32_t v)
{
	fb_dec(b, (int32_t)v);
}

static void put_u(struct fmt_buf *b, uint32_t v)
{
	fb_udec(b, v);
}

static void put_fields(struct fmt_buf *b, const struct sc_call *c,
		       const uint8_t *p, size_t len, const char *const *names,
		       field_fn *const *put, int n)
{
	fb_putc(b, '{');
	for (int j = 0; j < n && len > 4 * (size_t)j; j++) {
		if (j)
			fb_puts(b, ", ");
		fb_puts(b, names[j]);
		fb_putc(b, '=');
		if (len >= 4 * (size_t)j + 4)
			put[j](b, ld32(p + 4 * j));
		else
			put_hex(b, c, p + 4 * j, len - 4 * (size_t)j);
	}
	fb_putc(b, '}');
}

/* ICMP_FILTER: the types set, or ~ and those not set when most are */
static void put_icmp_filter(struct fmt_buf *b, uint32_t set)
{
	int n = 0;

	if (__builtin_popcount(set) > 16) {
		fb_putc(b, '~');
		set = ~set;
	}
	fb_putc(b, '[');
	for (int bit = 0; bit < 32; bit++) {
		if (!(set & (1u << bit)))
			continue;
		if (n++)
			fb_putc(b, ' ');
		fmt_enum_dflt(b, &xlat_icmp_type, (uint32_t)bit, "ICMP_???");
	}
	fb_putc(b, ']');
}

/* len (>= 0) bytes of a 4-byte filter; the bytes not given stay set */
static void icmp_filter_of(struct fmt_buf *b, const uint8_t *p, size_t len)
{
	uint8_t f[4] = { 0xff, 0xff, 0xff, 0xff };

	memcpy(f, p, len < 4 ? len : 4);
	put_icmp_filter(b, ld32(f));
}

/* SO_ERROR's int: [ECONNREFUSED] */
static void put_errno(struct fmt_buf *b, const uint8_t *p)
{
	fb_putc(b, '[');
	fmt_const(b, xlat_name(&xlat_errno, ld32(p)), ld32(p), XF_UDEC);
	fb_putc(b, ']');
}

/* SO_TXREHASH's int: [SOCK_TXREHASH_ENABLED] */
static void put_txrehash(struct fmt_buf *b, const uint8_t *p)
{
	fb_putc(b, '[');
	fmt_xlat_enum_dec(b, &xlat_txrehash, (int32_t)ld32(p));
	fb_putc(b, ']');
}

/* the value of getsockopt(level, name) the kernel wrote: rlen bytes */
/* bytes the copy of a value takes (cap_args.c's OPTSIZE) */
static size_t opt_copy(const struct sc_call *c)
{
	long n = str_max(c);

	return n > SC_OPT_COPY ? (size_t)n : SC_OPT_COPY;
}

static int get_value(struct fmt_buf *b, const struct sc_call *c,
		     uint32_t level, uint32_t name, const struct cap *k,
		     size_t rlen)
{
	static const char *const linger[] = { "l_onoff", "l_linger" };
	static const char *const ucred[] = { "pid", "uid", "gid" };
	static const char *const stats[] = { "tp_packets", "tp_drops",
					     "tp_freeze_q_cnt" };
	static field_fn *const dd[] = { put_d, put_d };
	static field_fn *const duu[] = { put_d, put_u, put_u };
	static field_fn *const uuu[] = { put_u, put_u, put_u };
	size_t have = k->len;

	switch (level) {
	case SOL_SOCKET:
		if (name == SO_LINGER || name == SO_PEERCRED) {
			size_t n = name == SO_LINGER ? 8 : 12;

			if (rlen < n)
				n = rlen;
			if (have < n)
				return -1;
			put_fields(b, c, k->p, n,
				   name == SO_LINGER ? linger : ucred,
				   name == SO_LINGER ? dd : duu,
				   name == SO_LINGER ? 2 : 3);
			return 0;
		}
		if (name == SO_ERROR || name == SO_TXREHASH ||
		    so_int_like(name)) {
			/* shorter than an int: its bytes in hex */
			if (have < (rlen < 4 ? rlen : 4))
				return -1;
			if (rlen < 4)
				put_hex(b, c, k->p, rlen);
			else if (name == SO_TXREHASH)
				put_txrehash(b, k->p);
			else if (name == SO_ERROR)
				put_errno(b, k->p);
			else
				put_int(b, k->p);
			return 0;
		}
		/* SO_GET_FILTER: its instructions, rlen of them */
		if (name == SO_ATTACH_FILTER) {
			if (rlen > 0xffff)
				return -1;
			fmt_bpf_insns(b, c, 0, c->args[3], rlen, k->p, have,
				      !!(k->flags & CAP_TRUNC));
			return 0;
		}
		break;
	case SOL_PACKET:
		if (name == PACKET_STATISTICS) {
			size_t n = rlen < 12 ? rlen : 12;

			if (have < n)
				return -1;
			put_fields(b, c, k->p, n, stats, uuu, 3);
			return 0;
		}
		break;
	case SOL_RAW:
		if (name == ICMP_FILTER) {
			size_t n = rlen < 4 ? rlen : 4;

			if (have < n)
				return -1;
			icmp_filter_of(b, k->p, n);
			return 0;
		}
		break;
	case SOL_NETLINK:
		/* an int, whatever the length; the memberships: not decoded */
		if (name == NETLINK_LIST_MEMBERSHIPS || have < 4)
			return -1;
		put_int(b, k->p);
		return 0;
	}
	if (rlen == 4 && have >= 4) {
		put_int(b, k->p);
		return 0;
	}
	/*
	 * fewer bytes than the value has, and fewer than the copy takes:
	 * the rest could not be read, and strace prints the address
	 */
	if (have < rlen && (!(k->flags & CAP_TRUNC) || have < opt_copy(c)))
		return -1;
	fmt_qstr(b, c, k->p, have < rlen ? have : rlen, str_max(c),
		 have < rlen, 0);
	return 0;
}

/* getsockopt's value at exit: as many bytes as *optlen says now */
FMT_KIND(sockoptval)
{
	int p = c->d->arg[i].param;
	const struct cap *ki = p < SC_MAX_ARGS ? arg_in(c, p, 4) : NULL;
	const struct cap *ko = p < SC_MAX_ARGS ? arg_out(c, p, 4) : NULL;
	const struct cap *k = arg_out(c, i, 0);
	int32_t ulen, rlen;

	if (!c->args[i] || !k || !ki || !ko) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	ulen = (int32_t)ld32(ki->p);
	rlen = (int32_t)ld32(ko->p);
	/* a length the kernel never gives: forged, as strace says */
	if (ulen <= 0 || rlen <= 0 ||
	    get_value(b, c, (uint32_t)c->args[1], (uint32_t)c->args[2], k,
		      (size_t)rlen))
		fmt_ptr(b, c->args[i]);
}

/* getsockopt's optlen: [16], [16 => 12] (signed, as strace) */
FMT_KIND(sockoptlen)
{
	const struct cap *ki = arg_in(c, i, 4), *ko = arg_out(c, i, 4);

	if (!c->args[i] || !ki) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	fb_putc(b, '[');
	fb_dec(b, (int32_t)ld32(ki->p));
	if (ko && ld32(ko->p) != ld32(ki->p)) {
		fb_puts(b, " => ");
		fb_dec(b, (int32_t)ld32(ko->p));
	}
	fb_putc(b, ']');
}

void fmt_hwaddr(struct fmt_buf *b, const uint8_t *p, size_t n)
{
	if (b->xstyle != XSTYLE_ABBREV) {
		fb_putc(b, '"');
		for (size_t j = 0; j < n; j++)
			fb_printf(b, "\\x%02x", p[j]);
		fb_putc(b, '"');
		if (b->xstyle == XSTYLE_RAW)
			return;
		fb_puts(b, " /* ");
	}
	for (size_t j = 0; j < n; j++)
		fb_printf(b, j ? ":%02x" : "%02x", p[j]);
	if (b->xstyle == XSTYLE_VERBOSE)
		fb_puts(b, " */");
}

/* {mr_ifindex=1, mr_type=PACKET_MR_PROMISC, mr_alen=6, mr_address=...} */
static void put_packet_mreq(struct fmt_buf *b, const uint8_t *p)
{
	uint16_t alen = ld16(p + 6);

	fb_puts(b, "{mr_ifindex=");
	fb_dec(b, (int32_t)ld32(p));
	fb_puts(b, ", mr_type=");
	fmt_enum_dflt(b, &xlat_packet_mr_type, ld16(p + 4), "PACKET_MR_???");
	fb_puts(b, ", mr_alen=");
	fb_udec(b, alen);
	fb_puts(b, ", mr_address=");
	fmt_hwaddr(b, p + 8, alen < 8 ? alen : 8);
	fb_putc(b, '}');
}

/*
 * setsockopt's value, len bytes at entry; the copy may hold fewer (it
 * stops before a page that faults): what needs more is a pointer.
 */
/*
 * struct group_req (136 bytes): {gr_interface=if_nametoindex("lo"),
 * gr_group={sa_family=AF_INET, ...}}; shorter: the pointer (-1)
 */
static int put_group_req(struct fmt_buf *b, const struct sc_call *c,
			 const struct cap *k, int32_t len, size_t have)
{
	int own = !!(k->nlproto & NLPROTO_OWN_NS);

	if (len < 136 || have < 136)
		return -1;
	fb_puts(b, "{gr_interface=");
	fmt_ifindex(b, c, own, ld32(k->p));
	fb_puts(b, ", gr_group=");
	fmt_sockaddr_bytes(b, c, k->p + 8, 128, own);
	fb_putc(b, '}');
	return 0;
}

static int set_value(struct fmt_buf *b, const struct sc_call *c,
		     uint32_t level, uint32_t name, const struct cap *k,
		     int32_t len)
{
	size_t have = k->len;

	switch (level) {
	case SOL_SOCKET:
		if (name == SO_LINGER) {
			if (len < 8 || have < 8)
				return -1;
			fb_puts(b, "{l_onoff=");
			fb_dec(b, (int32_t)ld32(k->p));
			fb_puts(b, ", l_linger=");
			fb_dec(b, (int32_t)ld32(k->p + 4));
			fb_putc(b, '}');
			return 0;
		}
		if (so_int_like(name)) {
			if (len < 4 || have < 4)
				return -1;
			put_int(b, k->p);
			return 0;
		}
		if (name == SO_TXREHASH) {
			if (len < 4 || have < 4)
				return -1;
			put_txrehash(b, k->p);
			return 0;
		}
		/* a struct sock_fprog, and its program with -v */
		if (name == SO_ATTACH_FILTER || name == SO_ATTACH_REUSEPORT_CBPF) {
			if (len != 16 || have < 16)
				return -1;
			fmt_fprog(b, c, 0, k);
			return 0;
		}
		break;
	case SOL_IP:
		if (name == IP_ADD_MEMBERSHIP || name == IP_DROP_MEMBERSHIP) {
			if (len < 8 || have < 8)
				return -1;
			fb_putc(b, '{');
			fmt_in_addr(b, c, k->p, "imr_multiaddr");
			fb_puts(b, ", ");
			fmt_in_addr(b, c, k->p + 4, "imr_interface");
			fb_putc(b, '}');
			return 0;
		}
		if (name == MCAST_JOIN_GROUP || name == MCAST_LEAVE_GROUP)
			return put_group_req(b, c, k, len, have);
		break;
	case SOL_IPV6:
		if (name == IPV6_ADD_MEMBERSHIP || name == IPV6_DROP_MEMBERSHIP ||
		    name == IPV6_JOIN_ANYCAST || name == IPV6_LEAVE_ANYCAST) {
			if (len < 20 || have < 20)
				return -1;
			fb_putc(b, '{');
			fmt_in6_addr(b, c, k->p, "ipv6mr_multiaddr");
			fb_puts(b, ", ipv6mr_interface=");
			fmt_ifindex(b, c, !!(k->nlproto & NLPROTO_OWN_NS),
				    ld32(k->p + 16));
			fb_putc(b, '}');
			return 0;
		}
		if (name == MCAST_JOIN_GROUP || name == MCAST_LEAVE_GROUP)
			return put_group_req(b, c, k, len, have);
		break;
	case SOL_PACKET:
		if (name == PACKET_RX_RING || name == PACKET_TX_RING) {
			static const char *const f[] = {
				"tp_block_size", "tp_block_nr",
				"tp_frame_size", "tp_frame_nr" };
			static field_fn *const uuuu[] = { put_u, put_u,
							  put_u, put_u };

			if (len != 16 || have < 16)
				return -1;
			put_fields(b, c, k->p, 16, f, uuuu, 4);
			return 0;
		}
		if (name == PACKET_ADD_MEMBERSHIP ||
		    name == PACKET_DROP_MEMBERSHIP) {
			if (len != 16 || have < 16)
				return -1;
			put_packet_mreq(b, k->p);
			return 0;
		}
		break;
	case SOL_RAW:
		if (name == ICMP_FILTER) {
			size_t n = len > 4 ? 4 : (size_t)len;

			if (len <= 0 || have < n)
				return -1;
			icmp_filter_of(b, k->p, n);
			return 0;
		}
		break;
	case SOL_NETLINK:
		if (len < 4 || have < 4)
			return -1;
		put_int(b, k->p);
		return 0;
	}
	if (len == 4 && have >= 4) {
		put_int(b, k->p);
		return 0;
	}
	/* the bytes, as far as -s shows them: all of them copied, or -s */
	if ((size_t)(uint32_t)len > have &&
	    !((k->flags & CAP_TRUNC) && have >= (size_t)str_max(c)))
		return -1;
	fmt_qstr(b, c, k->p, have < (uint32_t)len ? have : (uint32_t)len,
		 str_max(c), have < (uint32_t)len, 0);
	return 0;
}

/* setsockopt's value: optlen (argument PARAM) bytes */
FMT_KIND(sockoptin)
{
	int p = c->d->arg[i].param;
	const struct cap *k = arg_in(c, i, 0);
	int32_t len = p < SC_MAX_ARGS ? (int32_t)c->args[p] : 0;

	if (!c->args[i] || !k ||
	    set_value(b, c, (uint32_t)c->args[1], (uint32_t)c->args[2], k, len))
		fmt_ptr(b, c->args[i]);
}
