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
	int family;		/* NETLINK_ROUTE: the message's family (the
				   attributes' addresses are of it) */
	int depth;		/* attribute sets nested so far */
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

/*
 * A struct's fields, read at fixed offsets from a copy that holds the
 * whole struct, up to one named NULL
 */
enum nf_how {
	NF_U,		/* unsigned decimal */
	NF_S,		/* signed decimal */
	NF_X,		/* 0x1f */
	NF_XNZ,		/* 0x1f, not shown when 0 */
	NF_ENUM,	/* a name of x, else dflt's comment */
	NF_FLAGS,	/* names of x */
	NF_IFINDEX,	/* fmt_ifindex */
	NF_BYTES,	/* size bytes, quoted in hex */
	NF_BYTESNZ,	/* the same, not shown when all 0 */
	NF_CLOCK,	/* clock ticks, with seconds */
	NF_INET,	/* size bytes of an address of the message's family */
	NF_BITNUMS,	/* 1<<A|1<<B: x names bit numbers */
	NF_MAC,		/* size bytes, 61:62:63 (nl_mac) */
	NF_HTONS,	/* 2 bytes in network order, a name of x:
			   htons(ETH_P_IP) */
	NF_IARRAY,	/* size bytes of u64s after indexes x names:
			   [[A]=1, [B]=2] */
	NF_COOKIE,	/* two u32: [1, 2] (a sock_diag cookie) */
	NF_DEV,		/* a kernel dev_t: makedev(0x8, 0x1) */
	NF_PORT,	/* 2 bytes in network order: htons(8080) */
	NF_INET4,	/* as NF_INET, an IPv4 address whatever the family */
	NF_STRUCT,	/* a struct of size bytes: {the fields of sub} */
};
struct nl_field {
	const char *name;
	uint8_t off, size, how;
	/* a struct xlat, or NF_STRUCT's fields (a struct nl_field[]) */
	const void *x;
	const char *dflt;
};
/*
 * A struct: size bytes, its fields; alt: older, shorter sizes of it
 * (0: none), printed when the payload is exactly that long, with the
 * fields they hold
 */
struct nl_struct {
	uint16_t size;
	const struct nl_field *f;
	uint16_t alt[2];
};
/*
 * strace's print_inet_addr: len bytes at p, an address of family, by the
 * -X style, as "name=..." (name NULL: the value alone)
 */
void nl_inet(struct fmt_buf *b, const struct nl_view *v, int family,
	     const uint8_t *p, unsigned int len, const char *name);
/* a hardware address, 61:62:63, by the -X style (strace's print_mac_addr) */
void nl_mac(struct fmt_buf *b, const struct nl_view *v, const uint8_t *p,
	    unsigned int len);
/*
 * ", name=value" for each field that ends within limit bytes (first: no
 * separator before the first)
 */
void nl_fields(struct fmt_buf *b, const struct nl_view *v,
	       const struct nl_field *f, const uint8_t *p, int first,
	       unsigned int limit);

/*
 * How one attribute type's payload prints (strace's decode_nla_*): a
 * payload shorter than the kind's size prints as bytes
 */
enum nh_how {
	NH_BYTES,	/* "\x61..." (the default) */
	NH_U,		/* size bytes, unsigned (size 0: the payload's
			   1, 2, 4 or 8) */
	NH_S,		/* size bytes, signed */
	NH_X,		/* size bytes, 0x1f (size 0: as NH_U's) */
	NH_STR,		/* nla_str */
	NH_IFINDEX,	/* 4 bytes, fmt_ifindex */
	NH_UID,		/* 4 bytes, a uid: -1 or unsigned */
	NH_ENUM,	/* size bytes, a name of x (size 0: the payload's,
			   at most 8) */
	NH_FLAGS,	/* size bytes, names of x (size 0: as NH_ENUM's) */
	NH_NESTED,	/* attributes of the nla_set at arg */
	NH_STRUCT,	/* the nl_struct at arg */
	NH_STRUCT_TAIL,	/* the same, then the bytes after it */
	NH_CLOCK,	/* at most 8 bytes of clock ticks */
	NH_INET,	/* an address: size 4 IPv4, 16 IPv6, 0 the
			   message's family */
	NH_ARRAY,	/* [1, 2]: numbers of size bytes */
	NH_IARRAY,	/* [[A]=1, [B]=2]: the same, indexes named by x */
	NH_IARRAYS,	/* the same, numbers signed */
	NH_XARRAY,	/* [0x1f, 0x2]: numbers of size bytes in hex */
	NH_FN,		/* fn */
};
struct nla_kind {
	uint8_t how, size;
	const void *arg;
	const struct xlat *x;
	const char *dflt;
	nla_fn *fn;
};
/*
 * A set of attribute types: their names (x, else dflt's comment) and
 * kinds by type (k[type] for type < n; NULL: every payload as bytes).
 * Sets nest only as their static tables do: the depth is bounded.
 */
struct nla_set {
	const struct xlat *x;
	const char *dflt;
	const struct nla_kind *k;
	uint16_t n;
};
#define NLA_SET(x, dflt, k) { x, dflt, k, sizeof(k) / sizeof((k)[0]) }
/*
 * The attributes of set s in len bytes at off; past NL_DEPTH_MAX sets
 * nested (a route's multipath holds routes' attributes again), bytes
 */
#define NL_DEPTH_MAX	16
void nl_attrs_set(struct fmt_buf *b, const struct nl_view *v, uint64_t off,
		  uint64_t len, const struct nla_set *s);
/* one payload by its kind: 1 printed, 0 to print it as bytes */
int nla_kind_print(struct fmt_buf *b, const struct nl_view *v,
		   const struct nla_kind *k, uint64_t off, uint64_t len);

/*
 * strace's print_array of len / size elements at off, each printed by
 * one (given its bytes, its index and ctx): [A, B], at most -s of them
 * unless -v, "... /+ address +/" where the memory could not be read, the
 * address when the first could not; 0: no element (print the bytes)
 */
typedef void nl_elem_fn(struct fmt_buf *b, const struct nl_view *v,
			const uint8_t *p, uint64_t j, const void *ctx);
int nl_elems(struct fmt_buf *b, const struct nl_view *v, uint64_t off,
	     uint64_t len, unsigned int size, nl_elem_fn *one, const void *ctx);

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
/*
 * A message's struct: its size, the name of its first byte (a family),
 * the other fields (none, up to one named NULL: only the family is
 * shown), then the attributes after it (NULL: none are shown)
 */
struct nl_msg {
	uint8_t size;
	const char *family;
	const struct nl_field *f;
	const struct nla_set *attrs;
};
/*
 * {family=AF_INET, ...} and the attributes, as strace's route and
 * sock_diag decoders print them: the fields when the payload holds the
 * whole struct ("..." when it is shorter, the address of the rest when
 * that could not be read) (fmt_rtnl.c); 0: the family byte unread
 */
int nl_msg_print(struct fmt_buf *b, const struct nl_view *v,
		 const struct nl_msg *s, uint64_t off, uint64_t len);
/*
 * NETLINK_SOCK_DIAG's request (NLM_F_REQUEST in flags) or answer of
 * message type, by its family (fmt_diag.c): 0 when etrace has not the
 * family's struct
 */
int nl_diag_msg(struct fmt_buf *b, const struct nl_view *v, uint16_t type,
		uint16_t flags, uint64_t off, uint64_t len);
/* NETLINK_SOCK_DIAG's attribute sets (fmt_diag_attrs.c) */
extern const struct nla_set diag_inet_req_attrs, diag_inet_attrs,
	diag_packet_attrs, diag_smc_attrs;
/* NETLINK_ROUTE's attribute sets, by message (fmt_rtnl_*.c) */
extern const struct nla_set rtnl_link_attrs, rtnl_addr_attrs,
	rtnl_route_attrs, rtnl_neigh_attrs, rtnl_addrlabel_attrs,
	rtnl_rule_attrs, rtnl_tc_attrs, rtnl_action_attrs,
	rtnl_neightbl_attrs, rtnl_dcb_attrs, rtnl_netconf_attrs,
	rtnl_mdb_attrs, rtnl_nsid_attrs, rtnl_nexthop_attrs;
extern const struct nla_set rtnl_stats_attrs;
/* IFLA_VFINFO_LIST's (fmt_rtnl_vf.c) */
extern const struct nla_set rtnl_vfinfo_list;
/* struct rtnl_link_stats64, IFLA_INET6_*'s set (fmt_rtnl_link.c) */
extern const struct nl_struct rtnl_link_stats64;
extern const struct nla_set rtnl_inet6_attrs, rtnl_brport_attrs;
/* struct ifla_bridge_id (fmt_rtnl_link.c) */
nla_fn rtnl_bridge_id;
/* a link's IFLA_LINKINFO, its data by its kind (fmt_rtnl_linkinfo.c) */
nla_fn rtnl_linkinfo;
/* a link's IFLA_AF_SPEC, by its family (fmt_rtnl_afspec.c) */
nla_fn rtnl_af_spec;
/* RTM_NEWCACHEREPORT's rtgenmsg and attributes (fmt_rtnl_attrs.c) */
int nl_cachereport(struct fmt_buf *b, const struct nl_view *v, uint64_t off,
		   uint64_t len);
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
