// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: sockets: families, types, protocols, option levels and
 * names, socket addresses, msghdr.
 */
#include <arpa/inet.h>
#include <net/if.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "fmt_priv.h"

FMT_KIND(sockfamily)
{
	fmt_enum_dflt(b, &xlat_addr_family, (uint32_t)c->args[i], "AF_???");
}

/* strace: the type's name, then the flags (and raw rest) */
static void socktype_words(struct fmt_buf *b, uint64_t v64)
{
	uint32_t v = (uint32_t)v64;
	const char *name = xlat_name(&xlat_sock_type, v & 0xf);

	if (name) {
		fb_puts(b, name);
		v &= ~0xfu;
		if (!v)
			return;
		fb_putc(b, '|');
	}
	fmt_flags_dflt(b, &xlat_sock_flags, v, "SOCK_???");
}

FMT_KIND(socktype)
{
	fmt_words(b, (uint32_t)c->args[i], XF_HEX, socktype_words);
}

void fmt_eth_proto(struct fmt_buf *b, uint16_t net)
{
	const char *name = xlat_name(&xlat_eth_proto, ntohs(net));

	fb_puts(b, "htons(");
	if (name)
		fb_puts(b, name);
	else
		fmt_unknown(b, ntohs(net), "ETH_P_???");
	fb_putc(b, ')');
}

FMT_KIND(sockproto)
{
	uint32_t v = (uint32_t)c->args[i];
	uint32_t family = i > 0 ? (uint32_t)c->args[0] : 0;

	switch (family) {
	case AF_INET:
	case AF_INET6:
		fmt_enum_dflt(b, &xlat_ip_proto, v, "IPPROTO_???");
		return;
	case AF_NETLINK:
		fmt_enum_dflt(b, &xlat_netlink_proto, v, "NETLINK_???");
		return;
	case AF_PACKET:
		fmt_eth_proto(b, (uint16_t)v);
		return;
	}
	fb_udec(b, v);
}

FMT_KIND(socklevel)
{
	/* sic: strace 6.1 says SOL_?? */
	fmt_enum_dflt(b, &xlat_sock_level, (uint32_t)c->args[i], "SOL_??");
}

FMT_KIND(sockopt)
{
	uint32_t level = i > 0 ? (uint32_t)c->args[i - 1] : SOL_SOCKET;
	uint32_t v = (uint32_t)c->args[i];

	switch (level) {
	case SOL_SOCKET:
		/* getsockopt's name for SO_ATTACH_FILTER's number */
		if (v == SO_ATTACH_FILTER && !strcmp(c->d->name, "getsockopt"))
			fmt_const(b, "SO_GET_FILTER", v, XF_HEX);
		else
			fmt_enum_dflt(b, &xlat_so_opt, v, "SO_???");
		return;
	case SOL_IP:
		fmt_enum_dflt(b, &xlat_ip_opt, v, "IP_???");
		return;
	case IPPROTO_TCP:
		fmt_enum_dflt(b, &xlat_tcp_opt, v, "TCP_???");
		return;
	case SOL_IPV6:
		fmt_enum_dflt(b, &xlat_ipv6_opt, v, "IPV6_???");
		return;
	case 270:	/* SOL_NETLINK */
		fmt_enum_dflt(b, &xlat_netlink_sockopt, v, "NETLINK_???");
		return;
	case SOL_PACKET:
		fmt_enum_dflt(b, &xlat_packet_opt, v, "PACKET_???");
		return;
	case SOL_RAW:
		fmt_enum_dflt(b, &xlat_raw_opt, v, "ICMP_???");
		return;
	}
	fb_udec(b, v);
}

/* sockaddr:N, length in argument N */
FMT_KIND(sockaddr)
{
	int pi = c->d->arg[i].param;
	uint64_t len = pi < SC_MAX_ARGS ? c->args[pi] : 0;
	const struct cap *k;

	if (len < 2) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	k = arg_or_ptr(b, c, i);
	if (!k)
		return;
	fmt_sockaddr_bytes(b, c, k->p, k->len < len ? k->len : (size_t)len,
			   !!(k->nlproto & NLPROTO_OWN_NS));
}

/*
 * recvfrom's buffer: the call returns what the datagram held (MSG_TRUNC),
 * which may be more than the buffer; what it wrote is min(ret, len).  The
 * copy (of ret bytes) stops before a page that faults, past the buffer.
 */
FMT_KIND(orecvbuf)
{
	int pi = c->d->arg[i].param;
	const struct cap *k = arg_out(c, i, 0);
	uint64_t len = pi < SC_MAX_ARGS ? c->args[pi] : 0;
	uint64_t n = (uint64_t)c->ret < len ? (uint64_t)c->ret : len;
	size_t want = n < (uint64_t)str_max(c) ? (size_t)n : (size_t)str_max(c);

	if (!k || !c->args[i] || k->len < want) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	fmt_qstr(b, c, k->p, want, str_max(c), n > want, 0);
}

/* the socklen argument that goes with an output address */
static int socklen_of(const struct sc_call *c, int i, uint32_t *in,
		      uint32_t *out)
{
	int pi = c->d->arg[i].param;
	const struct cap *ki, *ko;

	if (pi >= SC_MAX_ARGS)
		return -1;
	ki = arg_in(c, pi, 4);
	ko = arg_out(c, pi, 4);
	if (!ki || !ko)
		return -1;
	*in = ld32(ki->p);
	*out = ld32(ko->p);
	return 0;
}

FMT_KIND(osockaddr)
{
	const struct cap *k = arg_or_ptr(b, c, i);
	uint32_t in, out;
	size_t len;

	if (!k)
		return;
	if (socklen_of(c, i, &in, &out)) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	len = k->len;
	if (out < len)
		len = out;
	if (in < len)
		len = in;
	if (len < 2) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	fmt_sockaddr_bytes(b, c, k->p, len, !!(k->nlproto & NLPROTO_OWN_NS));
}

/* [16], or [128 => 16] when the call changed it */
FMT_KIND(socklen)
{
	const struct cap *ki = arg_in(c, i, 4), *ko = arg_out(c, i, 4);

	if (!c->args[i] || !ki) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	fb_putc(b, '[');
	fb_udec(b, ld32(ki->p));
	if (ko && ld32(ko->p) != ld32(ki->p)) {
		fb_puts(b, " => ");
		fb_udec(b, ld32(ko->p));
	}
	fb_putc(b, ']');
}

/* --- msghdr ------------------------------------------------------- */

/*
 * The pieces of a msghdr's copy (cap_args.bpf.c's g_msghdr), each of the
 * length the capture says (struct cap's piece[]): the header; the name;
 * the iovecs and their data; the control messages.  A mmsghdr's element
 * adds a fifth, its msg_len.
 */
enum { MSG_HDR, MSG_NAME, MSG_IOV, MSG_CONTROL, MSG_PIECES, MMSG_PIECES };

struct msg_pieces {
	const uint8_t *at[MSG_PIECES];
	uint32_t len[MSG_PIECES];
	uint32_t holes;		/* bit MSG_*: the piece could not be read */
	int nlproto;		/* struct cap's */
	int own_ns;		/* its interface indexes are etrace's */
};

/* the pieces of a copy from piece `first` on */
static void msg_pieces_of(const struct cap *k, int first, struct msg_pieces *m)
{
	size_t off = 0;

	for (int j = 0; j < first; j++)
		off += k->piece[j];
	m->holes = (k->holes >> first) & ((1u << MSG_PIECES) - 1);
	/* the protocol only of a netlink socket's (the bit alone: any) */
	m->nlproto = k->nlproto & NLPROTO_MASK ? k->nlproto : 0;
	m->own_ns = !!(k->nlproto & NLPROTO_OWN_NS);
	for (int j = 0; j < MSG_PIECES; j++) {
		size_t l = first + j < CAP_PIECES ? k->piece[first + j] : 0;

		/* pieces past the copy (never from the parser): holes */
		if (first + j >= CAP_PIECES || off > k->len ||
		    l > k->len - off) {
			m->at[j] = k->p;
			m->len[j] = 0;
			m->holes |= 1u << j;
			continue;
		}
		m->at[j] = k->p + off;
		m->len[j] = l;
		off += l;
	}
}

/* the iovecs and the data after them, niov of them in the piece */
static void msg_iov(struct fmt_buf *b, const struct sc_call *c,
		    const struct msg_pieces *m, uint64_t iov, uint64_t iovlen,
		    uint64_t limit, int nlproto)
{
	uint32_t niov = iovlen < 64 ? (uint32_t)iovlen : 64;

	if (!iov || (m->holes & (1u << MSG_IOV)) ||
	    m->len[MSG_IOV] < 16 * (size_t)niov) {
		fmt_ptr(b, iov);
		return;
	}
	/* data cut short (the record was full) shows as pointers */
	fmt_iov_array(b, c, m->at[MSG_IOV], m->len[MSG_IOV], niov, iovlen, iov,
		      limit, nlproto, 0);
}

/* a received msghdr's msg_namelen before the call: unknown */
#define NAMELEN_UNKNOWN	UINT64_MAX
/* a sent one's: the name is what msg_namelen says */
#define NAMELEN_SENT	(UINT64_MAX - 1)

/*
 * {msg_name=..., msg_flags=0}: limit, the bytes the call moved; ulen,
 * for a message received, msg_namelen before the call: the kernel sets
 * it to the address's length but writes at most ulen bytes of it
 */
static void msghdr_print(struct fmt_buf *b, const struct sc_call *c,
			 const struct msg_pieces *m, uint64_t limit,
			 uint64_t ulen)
{
	const uint8_t *p = m->at[MSG_HDR];
	uint64_t name = ld64(p), control = ld64(p + 32);
	uint64_t controllen = ld64(p + 40);
	uint32_t namelen = ld32(p + 8);
	size_t nlen = namelen < 128 ? namelen : 128;
	int nlproto = 0;

	if (ulen == NAMELEN_UNKNOWN)
		nlen = 0;
	else if (ulen != NAMELEN_SENT && ulen < nlen)
		nlen = (size_t)ulen;
	/* a piece that could not be read (a hole) holds no bytes */
	fb_puts(b, "{msg_name=");
	if (!name || nlen < 2 || m->len[MSG_NAME] < nlen) {
		fmt_ptr(b, name);
	} else {
		fmt_sockaddr_bytes(b, c, m->at[MSG_NAME], nlen, m->own_ns);
		/* strace: data sent to or from a netlink address */
		if (ld16(m->at[MSG_NAME]) == AF_NETLINK)
			nlproto = m->nlproto;
	}
	fb_puts(b, ", msg_namelen=");
	if (ulen < NAMELEN_SENT && ulen != namelen) {
		fb_udec(b, ulen);
		fb_puts(b, " => ");
	}
	fb_udec(b, namelen);
	fb_puts(b, ", msg_iov=");
	msg_iov(b, c, m, ld64(p + 16), ld64(p + 24), limit, nlproto);
	fb_puts(b, ", msg_iovlen=");
	fb_udec(b, ld64(p + 24));
	if (control && controllen) {
		size_t clen = controllen < 256 ? (size_t)controllen : 256;
		size_t have = m->len[MSG_CONTROL];

		fb_puts(b, ", msg_control=");
		/* shorter than a cmsghdr: strace reads none of it */
		if (controllen < 16 || have < 16)
			fmt_ptr(b, control);
		else
			fmt_cmsgs(b, c, m->at[MSG_CONTROL],
				  have < clen ? have : clen, control,
				  have >= clen && clen == controllen,
				  m->own_ns);
	}
	fb_puts(b, ", msg_controllen=");
	fb_udec(b, controllen);
	fb_puts(b, ", msg_flags=");
	fmt_xlat_flags(b, &xlat_msg_flags, ld32(p + 48));
	fb_putc(b, '}');
}

/*
 * msg_namelen before the call of the received message at piece `first`
 * (0 for a msghdr, MMSG_PIECES * j for element j): the entry copy's
 */
static uint64_t mmsg_ulen(const struct sc_call *c, int i, int first)
{
	const struct cap *kin = arg_in(c, i, 0);
	const uint8_t *p;
	uint32_t len;

	/* (the pieces' sizes checked against the copy's: cap_piece) */
	if (!kin || kin->npieces < first + MSG_PIECES ||
	    !cap_piece(kin, first, &p, &len) || len < 56)
		return NAMELEN_UNKNOWN;
	return ld32(p + 8);
}

FMT_KIND(msghdr)
{
	int out = kind_info[c->d->arg[i].kind].dir == D_OUT;
	const struct cap *k;
	struct msg_pieces m;

	/* a failed recvmsg: strace shows the name's room it was given */
	if (out && c->exited && sc_failed(c) && c->args[i]) {
		uint64_t ulen = mmsg_ulen(c, i, 0);

		if (ulen == NAMELEN_UNKNOWN) {
			fmt_ptr(b, c->args[i]);
			return;
		}
		fb_puts(b, "{msg_namelen=");
		fb_dec(b, (int32_t)ulen);
		fb_putc(b, '}');
		return;
	}
	k = arg_or_ptr(b, c, i);
	if (!k)
		return;
	if (k->npieces != MSG_PIECES || k->piece[MSG_HDR] < 56) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	msg_pieces_of(k, 0, &m);
	if (out)
		msghdr_print(b, c, &m, (uint64_t)c->ret, mmsg_ulen(c, i, 0));
	else
		msghdr_print(b, c, &m, UINT64_MAX, NAMELEN_SENT);
}

/* element j's msg_len in a mmsghdr copy, or -1 when it holds none */
static int64_t mmsg_len(const struct cap *k, uint32_t j)
{
	size_t off = 0;
	int last = (int)(MMSG_PIECES * j + MSG_PIECES);

	if (!k || last >= k->npieces || last >= CAP_PIECES ||
	    k->piece[last] < 4)
		return -1;
	for (int p = 0; p < last; p++)
		off += k->piece[p];
	if (off > k->len || k->len - off < 4)
		return -1;
	return ld32(k->p + off);
}

/*
 * sendmmsg's and recvmmsg's vector: [{msg_hdr={...}, msg_len=5}, ...].
 * sendmmsg's is what the call was given (the entry copy), with msg_len
 * for the messages it sent (ret, from the exit copy); recvmmsg's the ret
 * messages it filled, each message's data what its msg_len says.  At
 * most CAP_MMSG_MAX elements are copied: more are "...".
 */
FMT_KIND(mmsghdr)
{
	int send = c->d->arg[i].kind == K_mmsghdr;
	const struct cap *k = send ? arg_in(c, i, 0) : arg_out(c, i, 0);
	const struct cap *kx = send ? arg_out(c, i, 0) : k;
	uint32_t n, total, with_len;

	if (!c->args[i] || !k || k->npieces < MMSG_PIECES) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	total = send ? (uint32_t)c->args[c->d->arg[i].param] :
		       (uint32_t)c->ret;
	with_len = sc_failed(c) ? 0 : (uint32_t)c->ret;
	/* never more pieces than the record holds (the parser's bound) */
	n = (k->npieces < CAP_PIECES ? k->npieces : CAP_PIECES) / MMSG_PIECES;
	if (n > total)
		n = total;
	fb_putc(b, '[');
	for (uint32_t j = 0; j < n; j++) {
		struct msg_pieces m;
		int64_t len = mmsg_len(kx, j);

		if (j)
			fb_puts(b, ", ");
		if (abbrev(c) && j >= (uint32_t)str_max(c)) {
			fb_puts(b, "...");
			break;
		}
		msg_pieces_of(k, (int)(MMSG_PIECES * j), &m);
		fb_puts(b, "{msg_hdr=");
		if (m.len[MSG_HDR] < 56)
			fmt_ptr(b, c->args[i] + 64 * (uint64_t)j);
		else
			msghdr_print(b, c, &m, send || len < 0 ?
				     UINT64_MAX : (uint64_t)len,
				     send ? NAMELEN_SENT :
				     mmsg_ulen(c, i, (int)(MMSG_PIECES * j)));
		if (j < with_len && len >= 0) {
			fb_puts(b, ", msg_len=");
			fb_udec(b, (uint64_t)len);
		}
		fb_putc(b, '}');
	}
	/* an element that could not be read, or not copied */
	if (n < total && k->npieces % MMSG_PIECES) {
		fb_puts(b, n ? ", ... /* " : "... /* ");
		fmt_ptr(b, c->args[i] + 64 * (uint64_t)n);
		fb_puts(b, " */");
	} else if (n < total && !(abbrev(c) && n > (uint32_t)str_max(c))) {
		fb_puts(b, n ? ", ..." : "...");
	}
	fb_putc(b, ']');
}

/* recvmmsg: = 0 (Timeout), = 2 (left {tv_sec=0, tv_nsec=5}) */
void fmt_mmsg_ret(struct fmt_buf *b, const struct sc_call *c)
{
	fb_dec(b, c->ret);
	if (c->ret == 0) {
		fb_puts(b, " (Timeout)");
		return;
	}
	/* -e verbose=: strace leaves the note out */
	if (c->nonverbose || fmt_left_arg(c) < 0)
		return;
	fb_puts(b, " (");
	fmt_left(b, c, 0);
	fb_putc(b, ')');
}
