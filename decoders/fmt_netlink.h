/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Decoders stage, internal: what the netlink decoders (fmt_netlink.c,
 * fmt_nlattr.c) share: the copied buffer and reading it.
 */
#ifndef ETRACE_FMT_NETLINK_H
#define ETRACE_FMT_NETLINK_H

#include "fmt_priv.h"

#define NL_HDR		16	/* struct nlmsghdr */
#define NL_ERR		20	/* struct nlmsgerr: int error, a nlmsghdr */
#define NLA_HDR		4	/* struct nlattr */
#define NL_UEVENT_HDR	40	/* udev's struct udev_monitor_netlink_header */

/* the buffer as copied */
struct nl_view {
	const struct sc_call *c;
	const uint8_t *p;
	uint64_t have;		/* bytes at p */
	uint64_t addr;		/* the buffer's address in the program */
	int fault;		/* the memory after `have` could not be read */
	int proto;		/* NETLINK_* of the socket */
	int own_ns;		/* it is in etrace's network namespace */
};

/* n bytes at off, or NULL when they are not all in the copy */
static inline const uint8_t *nl_at(const struct nl_view *v, uint64_t off,
				  uint64_t n)
{
	if (off > v->have || n > v->have - off)
		return NULL;
	return v->p + off;
}

/* what strace prints for memory at off it could not read */
void nl_unread(struct fmt_buf *b, const struct nl_view *v, uint64_t off);
/* strace's printstr_ex(QUOTE_FORCE_HEX): at most -s bytes, in hex */
void nl_hex(struct fmt_buf *b, const struct nl_view *v, uint64_t off,
	    uint64_t len);
/*
 * A struct of size bytes at off in a payload of len: its bytes, or NULL
 * when the payload is shorter (printed in hex) or it could not be read
 * (its address printed), as strace's decoders do
 */
const uint8_t *nl_struct(struct fmt_buf *b, const struct nl_view *v,
			 uint64_t off, uint64_t len, uint64_t size);

/*
 * Headed records one after another in len bytes at off, each aligned
 * to 4 (messages, attributes), as strace walks them: an array when
 * there are several, at most -s of them unless -v, what is too short
 * for a header as bytes, a header that cannot be read as its address
 */
struct nl_walk {
	uint32_t hdr;		/* bytes of a header */
	uint32_t lenbytes;	/* its first field, the record's length:
				   2 or 4 bytes */
	/* one record, header h at off, in at most len bytes */
	void (*one)(struct fmt_buf *b, const struct nl_view *v,
		    const uint8_t *h, uint64_t off, uint64_t len,
		    const void *arg);
};
void nl_walk(struct fmt_buf *b, const struct nl_view *v, uint64_t off,
	     uint64_t len, const struct nl_walk *w, const void *arg);

/*
 * An attribute's payload, len bytes at off, of type (its flags masked
 * off): 1 when printed, 0 to have it printed as bytes
 */
typedef int nla_fn(struct fmt_buf *b, const struct nl_view *v,
		   uint16_t type, uint64_t off, uint64_t len);
/*
 * struct nlattr after struct nlattr in len bytes at off, as strace's
 * decode_nlattr: {nla_len=..., nla_type=NAME} (x NULL: the number) and
 * the payload (by dec, NULL: bytes), several in an array
 */
void nl_attrs(struct fmt_buf *b, const struct nl_view *v, uint64_t off,
	      uint64_t len, const struct xlat *x, const char *dflt,
	      nla_fn *dec);
/* payloads strace prints the same way wherever they are */
int nla_str(struct fmt_buf *b, const struct nl_view *v, uint16_t type,
	    uint64_t off, uint64_t len);
int nla_u32(struct fmt_buf *b, const struct nl_view *v, uint16_t type,
	    uint64_t off, uint64_t len);
/*
 * NETLINK_ROUTE's payload of type, len bytes at off, as the struct of
 * that type and its attributes (fmt_rtnl.c); 0: etrace has not its struct
 */
int nl_rtnl(struct fmt_buf *b, const struct nl_view *v, uint16_t type,
	    uint64_t off, uint64_t len);
/* NETLINK_NETFILTER's types (>= NLMSG_MIN_TYPE) and their flags
   (NULL: none of their own) (fmt_nfnl.c) */
void nl_nfnl_type(struct fmt_buf *b, uint16_t type);
const struct xlat *nl_nfnl_flags(uint16_t type);
/* its payloads but NLMSG_DONE's (0: not one) */
int nl_nfnl_payload(struct fmt_buf *b, const struct nl_view *v,
		    uint16_t type, uint64_t off, uint64_t len);
/* NLMSG_ERROR's attributes after the message (fmt_nlattr.c) */
void nl_err_attrs(struct fmt_buf *b, const struct nl_view *v, uint64_t off,
		  uint64_t len);

#endif
