// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: ioctl(2) requests of sockets (type 0x89: SIOC*, and
 * FIOSETOWN/FIOGETOWN), as strace 6.1 prints them:
 *  - an int the call reads ([N]) at entry, or fills at exit;
 *  - a bridge's name (SIOCBRADDBR), a string of at most IFNAMSIZ;
 *  - struct ifreq (40 bytes): {ifr_name="eth0", the member the request
 *    uses}, whole at entry for the requests that set, "{ifr_name=" at
 *    entry and the member the kernel filled at exit for those that get
 *    (SIOCGIFNAME the other way round: the index given, the name got);
 *  - struct ifconf (SIOCGIFCONF): the length given, then the one the
 *    kernel set and the list it wrote ({ifr_name, ifr_addr} each, -s of
 *    them), from the copy of what ifc_buf points to made at exit;
 *  - the rest known to take a pointer print it (NULL too).
 * A struct or int that could not be read whole prints as the pointer.
 * Interface indexes are named (if_nametoindex("lo")) only when they are
 * of etrace's network namespace (the copy's NLPROTO_OWN_NS).
 */
#include <linux/if_arp.h>
#include <linux/ioctl.h>
#include <linux/sockios.h>

#include "fmt_ioctl.h"

#define IFNAMSIZ_	16
#define IFREQ_SIZE	40
#define IFR_U		16	/* the union after ifr_name */
/* the bytes the capture copies behind a pointer inside ioctl's struct
   (capture_abi.h's CAP_IOC_IND_MAX) */
#define IOC_IND_MAX	4096

/* what a request's argument is */
enum sock_arg {
	SA_NONE,
	SA_INT_IN,		/* int *, read */
	SA_INT_OUT,		/* int *, filled */
	SA_NAME,		/* char[IFNAMSIZ] */
	SA_IFINDEX,		/* struct ifreq: ifr_ifindex given */
	SA_IFREQ_SET,		/* struct ifreq, read */
	SA_IFREQ_GET,		/* struct ifreq: ifr_name given, a member got */
	SA_IFCONF,		/* struct ifconf */
	SA_PTR,			/* a pointer, not followed */
};

static enum sock_arg sock_kind(uint32_t req)
{
	switch (req) {
	case FIOSETOWN: case SIOCSIFENCAP: case SIOCSPGRP:
		return SA_INT_IN;
	case FIOGETOWN: case SIOCATMARK: case SIOCGIFENCAP: case SIOCGPGRP:
	case SIOCOUTQNSD:
		return SA_INT_OUT;
	case SIOCBRADDBR: case SIOCBRDELBR:
		return SA_NAME;
	case SIOCBRADDIF: case SIOCBRDELIF:
		return SA_IFINDEX;
	case SIOCADDMULTI: case SIOCDELMULTI: case SIOCSIFADDR:
	case SIOCSIFBRDADDR: case SIOCSIFDSTADDR: case SIOCSIFFLAGS:
	case SIOCSIFHWADDR: case SIOCSIFHWBROADCAST: case SIOCSIFMAP:
	case SIOCSIFMETRIC: case SIOCSIFMTU: case SIOCSIFNAME:
	case SIOCSIFNETMASK: case SIOCSIFSLAVE: case SIOCSIFTXQLEN:
		return SA_IFREQ_SET;
	case SIOCGIFADDR: case SIOCGIFBRDADDR: case SIOCGIFDSTADDR:
	case SIOCGIFFLAGS: case SIOCGIFHWADDR: case SIOCGIFINDEX:
	case SIOCGIFMAP: case SIOCGIFMETRIC: case SIOCGIFMTU:
	case SIOCGIFNAME: case SIOCGIFNETMASK: case SIOCGIFSLAVE:
	case SIOCGIFTXQLEN:
		return SA_IFREQ_GET;
	case SIOCGIFCONF:
		return SA_IFCONF;
	case SIOCADDDLCI: case SIOCADDRT: case SIOCBONDCHANGEACTIVE:
	case SIOCBONDENSLAVE: case SIOCBONDINFOQUERY: case SIOCBONDRELEASE:
	case SIOCBONDSETHWADDR: case SIOCBONDSLAVEINFOQUERY: case SIOCDARP:
	case SIOCDELDLCI: case SIOCDELRT: case SIOCDIFADDR: case SIOCDRARP:
	case SIOCETHTOOL: case SIOCGARP: case SIOCGHWTSTAMP: case SIOCGIFBR:
	case SIOCGIFCOUNT: case SIOCGIFMEM: case SIOCGIFPFLAGS:
	case SIOCGIFVLAN: case SIOCGMIIPHY: case SIOCGMIIREG: case SIOCGRARP:
	case SIOCGSKNS: case SIOCGSTAMP_OLD: case SIOCGSTAMP_NEW:
	case SIOCGSTAMPNS_OLD: case SIOCGSTAMPNS_NEW: case SIOCRTMSG:
	case SIOCSARP: case SIOCSHWTSTAMP: case SIOCSIFBR: case SIOCSIFLINK:
	case SIOCSIFMEM: case SIOCSIFPFLAGS: case SIOCSIFVLAN:
	case SIOCSMIIREG: case SIOCSRARP: case SIOCWANDEV:
		return SA_PTR;
	}
	return SA_NONE;
}

static enum ioarg sock_when(uint32_t req, int *at_exit)
{
	enum sock_arg a = sock_kind(req);

	*at_exit = a == SA_INT_OUT;
	return a == SA_NONE ? IOA_HEX : IOA_FAMILY;
}

/*
 * A hardware address's length by its ARPHRD_* type, as the kernel's
 * drivers of each set dev_addr_len (strace's table); 0xff: not known,
 * all the bytes there are
 */
static size_t hwaddr_len(uint16_t type, size_t have)
{
	static const struct { uint16_t type; uint8_t len; } lens[] = {
		{ ARPHRD_NETROM, 7 }, { ARPHRD_ETHER, 6 }, { ARPHRD_AX25, 7 },
		{ ARPHRD_IEEE802, 6 }, { ARPHRD_ARCNET, 1 },
		{ ARPHRD_DLCI, 2 }, { ARPHRD_IEEE1394, 16 },
		{ ARPHRD_EUI64, 8 }, { ARPHRD_INFINIBAND, 20 },
		{ ARPHRD_SLIP, 0 }, { ARPHRD_ROSE, 5 }, { ARPHRD_X25, 0 },
		{ ARPHRD_CAN, 0 }, { ARPHRD_MCTP, 1 }, { ARPHRD_PPP, 0 },
		{ ARPHRD_RAWHDLC, 0 }, { ARPHRD_RAWIP, 0 },
		{ ARPHRD_TUNNEL, 4 }, { ARPHRD_TUNNEL6, 16 },
		{ ARPHRD_LOOPBACK, 6 }, { ARPHRD_LOCALTLK, 1 },
		{ ARPHRD_FDDI, 6 }, { ARPHRD_SIT, 4 }, { ARPHRD_IPDDP, 0 },
		{ ARPHRD_IPGRE, 4 }, { ARPHRD_PIMREG, 0 },
		{ ARPHRD_HIPPI, 6 }, { ARPHRD_IRDA, 4 },
		{ ARPHRD_IEEE80211, 6 }, { ARPHRD_IEEE80211_PRISM, 6 },
		{ ARPHRD_IEEE80211_RADIOTAP, 6 }, { ARPHRD_IEEE802154, 8 },
		{ ARPHRD_IEEE802154_MONITOR, 8 }, { ARPHRD_PHONET, 1 },
		{ ARPHRD_PHONET_PIPE, 1 }, { ARPHRD_CAIF, 0 },
		{ ARPHRD_IP6GRE, 16 }, { ARPHRD_NETLINK, 0 },
		{ ARPHRD_6LOWPAN, 8 }, { ARPHRD_VSOCKMON, 0 },
	};

	for (size_t j = 0; j < sizeof(lens) / sizeof(lens[0]); j++)
		if (lens[j].type == type)
			return lens[j].len < have ? lens[j].len : have;
	return have;
}

/* ifr_hwaddr (a struct sockaddr): {sa_family=ARPHRD_ETHER, sa_data=...} */
static void put_hwaddr(struct fmt_buf *b, const uint8_t *p)
{
	uint16_t type = ld16(p);

	fb_puts(b, "{sa_family=");
	fmt_enum_dflt(b, &xlat_arphrd, type, "ARPHRD_???");
	fb_puts(b, ", sa_data=");
	fmt_hwaddr(b, p + 2, hwaddr_len(type, 14));
	fb_putc(b, '}');
}

/* ifr_map: {mem_start=0x..., mem_end=..., base_addr=, irq=, dma=, port=} */
static void put_map(struct fmt_buf *b, const uint8_t *p)
{
	fb_puts(b, "{mem_start=");
	fb_hex(b, ld64(p));
	fb_puts(b, ", mem_end=");
	fb_hex(b, ld64(p + 8));
	fb_puts(b, ", base_addr=");
	fb_hex(b, ld16(p + 16));
	fb_puts(b, ", irq=");
	fb_hex(b, p[18]);
	fb_puts(b, ", dma=");
	fb_hex(b, p[19]);
	fb_puts(b, ", port=");
	fb_hex(b, p[20]);
	fb_putc(b, '}');
}

/* ", name=" and the member of the union request req uses (p: the ifreq) */
static void put_member(struct fmt_buf *b, const struct sc_call *c,
		       uint32_t req, const uint8_t *p, int own)
{
	const uint8_t *u = p + IFR_U;

	switch (req) {
	case SIOCSIFADDR: case SIOCGIFADDR:
		fb_puts(b, ", ifr_addr=");
		fmt_sockaddr_bytes(b, c, u, 16, own);
		return;
	case SIOCSIFDSTADDR: case SIOCGIFDSTADDR:
		fb_puts(b, ", ifr_dstaddr=");
		fmt_sockaddr_bytes(b, c, u, 16, own);
		return;
	case SIOCSIFBRDADDR: case SIOCGIFBRDADDR:
		fb_puts(b, ", ifr_broadaddr=");
		fmt_sockaddr_bytes(b, c, u, 16, own);
		return;
	case SIOCSIFNETMASK: case SIOCGIFNETMASK:
		fb_puts(b, ", ifr_netmask=");
		fmt_sockaddr_bytes(b, c, u, 16, own);
		return;
	case SIOCADDMULTI: case SIOCDELMULTI: case SIOCGIFHWADDR:
	case SIOCSIFHWADDR: case SIOCSIFHWBROADCAST:
		fb_puts(b, ", ifr_hwaddr=");
		put_hwaddr(b, u);
		return;
	case SIOCSIFFLAGS: case SIOCGIFFLAGS:
		fb_puts(b, ", ifr_flags=");
		fmt_flags_dflt(b, &xlat_iff_flags, ld16(u), "IFF_???");
		return;
	case SIOCGIFINDEX:
		fb_puts(b, ", ifr_ifindex=");
		fb_dec(b, (int32_t)ld32(u));
		return;
	case SIOCSIFMETRIC: case SIOCGIFMETRIC:
		fb_puts(b, ", ifr_metric=");
		fb_dec(b, (int32_t)ld32(u));
		return;
	case SIOCSIFMTU: case SIOCGIFMTU:
		fb_puts(b, ", ifr_mtu=");
		fb_dec(b, (int32_t)ld32(u));
		return;
	case SIOCSIFSLAVE: case SIOCGIFSLAVE:
		fb_puts(b, ", ");
		ioctl_cstr(b, c, "ifr_slave", u, IFNAMSIZ_);
		return;
	case SIOCSIFNAME:
		fb_puts(b, ", ");
		ioctl_cstr(b, c, "ifr_newname", u, IFNAMSIZ_);
		return;
	case SIOCGIFNAME:
		fb_puts(b, ", ");
		ioctl_cstr(b, c, "ifr_name", p, IFNAMSIZ_);
		return;
	case SIOCSIFTXQLEN: case SIOCGIFTXQLEN:
		fb_puts(b, ", ifr_qlen=");
		fb_dec(b, (int32_t)ld32(u));
		return;
	case SIOCSIFMAP: case SIOCGIFMAP:
		fb_puts(b, ", ifr_map=");
		put_map(b, u);
		return;
	}
}

/* ifc_len, and how many struct ifreq it is when a whole number of them */
static void ifc_len(struct fmt_buf *b, int32_t len)
{
	fb_dec(b, len);
	if (len > 0 && len % IFREQ_SIZE == 0) {
		fb_puts(b, " /* ");
		fb_udec(b, (uint32_t)len / IFREQ_SIZE);
		fb_puts(b, " * sizeof(struct ifreq) */");
	}
}

struct ifc_ctx {
	const struct sc_call *c;
	int own;
};

/* one of SIOCGIFCONF's list: {ifr_name="lo", ifr_addr={...}} */
static void ifc_elem(struct fmt_buf *b, const uint8_t *e, uint32_t j,
		     const void *ctx)
{
	const struct ifc_ctx *x = ctx;

	fb_putc(b, '{');
	ioctl_cstr(b, x->c, "ifr_name", e, IFNAMSIZ_);
	fb_puts(b, ", ifr_addr=");
	fmt_sockaddr_bytes(b, x->c, e + IFR_U, 16, x->own);
	fb_putc(b, '}');
}

/*
 * SIOCGIFCONF at exit: the length the kernel set (" => " when it is not
 * the one given with a list), and the list it wrote; after a failure,
 * or with no list, the pointer
 */
static void ifconf_out(struct fmt_buf *b, const struct sc_call *c,
		       const struct cap *in)
{
	const struct cap *k = arg_out(c, 2, 16), *l = c->inner[1];
	int32_t len0 = (int32_t)ld32(in->p), len = k ? (int32_t)ld32(k->p) : 0;
	uint64_t buf0 = ld64(in->p + 8);
	struct ifc_ctx x = { c, (in->nlproto & NLPROTO_OWN_NS) != 0 };

	if (!k) {
		if (!buf0)
			ifc_len(b, len0);
		fb_puts(b, ", ifc_buf=");
		fmt_ptr(b, buf0);
		fb_putc(b, '}');
		return;
	}
	if (buf0 && len != len0)
		fb_puts(b, " => ");
	if (!buf0 || len != len0)
		ifc_len(b, len);
	fb_puts(b, ", ifc_buf=");
	if (!buf0 || ld64(k->p + 8) != buf0) {
		fmt_ptr(b, buf0);
		if (ld64(k->p + 8) != buf0) {
			fb_puts(b, " => ");
			fmt_ptr(b, ld64(k->p + 8));
		}
	} else if (!fmt_array_ctx(b, c, l ? l->p : NULL, buf0,
				  (uint32_t)len / IFREQ_SIZE, IFREQ_SIZE,
				  l ? l->len : 0,
				  l && ((l->flags & CAP_FAULT) ||
					((l->flags & CAP_TRUNC) &&
					 l->len < IOC_IND_MAX)),
				  0, ifc_elem, &x)) {
		fmt_ptr(b, buf0);
	}
	fb_putc(b, '}');
}

/* a bridge's name: up to its NUL, IFNAMSIZ bytes and "..." when none */
static int bridge_name(struct fmt_buf *b, const struct sc_call *c,
		       const struct cap *k)
{
	const uint8_t *z;

	if (!k)
		return 0;
	z = memchr(k->p, '\0', k->len < IFNAMSIZ_ ? k->len : IFNAMSIZ_);
	if (z) {
		fmt_qstr(b, c, k->p, (size_t)(z - k->p), str_max(c), 0, 0);
		return 1;
	}
	if (k->len < IFNAMSIZ_)
		return 0;
	fmt_qstr(b, c, k->p, IFNAMSIZ_, str_max(c), 1, 0);
	return 1;
}

static int sock_arg(struct fmt_buf *b, const struct sc_call *c, uint32_t req,
		    const struct cap *k)
{
	int own = k && (k->nlproto & NLPROTO_OWN_NS);

	switch (sock_kind(req)) {
	case SA_INT_OUT:	/* (the exit copy: after a success only) */
	case SA_INT_IN:
		return ioctl_pint(b, k);
	case SA_NAME:
		return bridge_name(b, c, k);
	case SA_IFINDEX:
		if (!k || k->len < IFREQ_SIZE)
			return 0;
		fb_puts(b, "{ifr_ifindex=");
		fmt_ifindex(b, c, own, ld32(k->p + IFR_U));
		fb_putc(b, '}');
		return 1;
	case SA_IFREQ_SET:
		if (!k || k->len < IFREQ_SIZE)
			return 0;
		fb_putc(b, '{');
		ioctl_cstr(b, c, "ifr_name", k->p, IFNAMSIZ_);
		put_member(b, c, req, k->p, own);
		fb_putc(b, '}');
		return 1;
	case SA_IFCONF:
		if (!k || k->len < 16)
			return 0;
		fb_puts(b, "{ifc_len=");
		if (ld64(k->p + 8))
			ifc_len(b, (int32_t)ld32(k->p));
		return 2;
	case SA_IFREQ_GET:
		if (!k || k->len < IFREQ_SIZE)
			return 0;
		if (req == SIOCGIFNAME) {
			fb_puts(b, "{ifr_ifindex=");
			fb_dec(b, (int32_t)ld32(k->p + IFR_U));
		} else {
			fb_putc(b, '{');
			ioctl_cstr(b, c, "ifr_name", k->p, IFNAMSIZ_);
		}
		return 2;
	default:
		return 0;
	}
}

/* at exit, after sock_arg's "{ifr_name=...": what the kernel filled */
static void sock_out(struct fmt_buf *b, const struct sc_call *c, uint32_t req)
{
	const struct cap *k = arg_out(c, 2, IFREQ_SIZE);

	if (req == SIOCGIFCONF) {
		ifconf_out(b, c, arg_in(c, 2, 16));
		return;
	}
	if (k)
		put_member(b, c, req, k->p,
			   (k->nlproto & NLPROTO_OWN_NS) != 0);
	fb_putc(b, '}');
}

const struct ioctl_family ioctl_sock = {
	.type = 0x89,
	.when = sock_when,
	.arg = sock_arg,
	.out = sock_out,
};
