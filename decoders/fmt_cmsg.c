// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: a msghdr's control messages (sendmsg, recvmsg), as
 * strace 6.1 prints them: each cmsghdr's length, level and type, and the
 * data of the types strace knows (SCM_RIGHTS' fds, credentials, the
 * timestamps, IP_PKTINFO, IP_TTL, IP_RECVERR ...) when the message holds
 * at least the type's minimum; nothing for the others.
 */
#include <arpa/inet.h>
#include <linux/errqueue.h>
#include <linux/in.h>
#include <sys/socket.h>

#include "fmt_priv.h"

#define CMSG_HDR 16	/* sizeof(struct cmsghdr) on x86_64 */
#ifndef SCM_SECURITY
#define SCM_SECURITY 3	/* include/linux/socket.h, not in glibc's */
#endif

enum elem { E_INT, E_UINT, E_X8, E_FD };

/* [1, 2, ...]: n elements (s32, u32 or bytes in hex), -s of them unless -v */
static void put_elems(struct fmt_buf *b, const struct sc_call *c,
		      const uint8_t *p, size_t n, enum elem e)
{
	fb_putc(b, '[');
	for (size_t j = 0; j < n; j++) {
		if (j)
			fb_puts(b, ", ");
		if (abbrev(c) && j >= (size_t)str_max(c)) {
			fb_puts(b, "...");
			break;
		}
		if (e == E_X8)
			fb_hex(b, p[j]);
		else if (e == E_FD)	/* with -y, what it was (fmt_fd.c) */
			fmt_fd_value(b, c, (int32_t)ld32(p + 4 * j));
		else if (e == E_INT)
			fb_dec(b, (int32_t)ld32(p + 4 * j));
		else
			fb_udec(b, ld32(p + 4 * j));
	}
	fb_putc(b, ']');
}

/* n timespecs (or one timeval), or ??? when the data is shorter */
static void put_times(struct fmt_buf *b, const uint8_t *p, size_t dlen,
		      int n, int usec)
{
	if (dlen < 16 * (size_t)n) {
		fb_puts(b, "???");
		return;
	}
	if (n > 1)
		fb_putc(b, '[');
	for (int j = 0; j < n; j++) {
		if (j)
			fb_puts(b, ", ");
		if (usec)
			fmt_timeval_at(b, p + 16 * j);
		else
			fmt_timespec_at(b, p + 16 * j);
	}
	if (n > 1)
		fb_putc(b, ']');
}

/* SOL_SOCKET's data; 0 when strace prints none for this type and size */
static int socket_data(struct fmt_buf *b, const struct sc_call *c,
		       uint32_t type, const uint8_t *p, size_t dlen)
{
	switch (type) {
	case SCM_RIGHTS:
		if (dlen < 4)
			return 0;
		fb_puts(b, ", cmsg_data=");
		put_elems(b, c, p, dlen / 4, E_FD);
		return 1;
	case SCM_CREDENTIALS:
		if (dlen < 12)
			return 0;
		fb_puts(b, ", cmsg_data={pid=");
		fb_dec(b, (int32_t)ld32(p));
		fb_puts(b, ", uid=");
		fb_udec(b, ld32(p + 4));
		fb_puts(b, ", gid=");
		fb_udec(b, ld32(p + 8));
		fb_putc(b, '}');
		return 1;
	case SCM_SECURITY:
		if (dlen < 1)
			return 0;
		fb_puts(b, ", cmsg_data=");
		fmt_qstr(b, c, p, dlen, -1, 0, 0);
		return 1;
	case SO_TIMESTAMP_OLD:
	case SO_TIMESTAMP_NEW:
	case SO_TIMESTAMPNS_OLD:
	case SO_TIMESTAMPNS_NEW:
	case SO_TIMESTAMPING_OLD:
	case SO_TIMESTAMPING_NEW:
		if (dlen < 1)
			return 0;
		fb_puts(b, ", cmsg_data=");
		put_times(b, p, dlen,
			  type == SO_TIMESTAMPING_OLD ||
			  type == SO_TIMESTAMPING_NEW ? 3 : 1,
			  type == SO_TIMESTAMP_OLD || type == SO_TIMESTAMP_NEW);
		return 1;
	}
	return 0;
}

/* struct sock_extended_err and the offender's address after it */
static void put_recverr(struct fmt_buf *b, const struct sc_call *c,
			const uint8_t *p)
{
	fb_puts(b, "{ee_errno=");
	fb_udec(b, ld32(p));
	fb_puts(b, ", ee_origin=");
	fb_udec(b, p[4]);
	fb_puts(b, ", ee_type=");
	fb_udec(b, p[5]);
	fb_puts(b, ", ee_code=");
	fb_udec(b, p[6]);
	fb_puts(b, ", ee_info=");
	fb_udec(b, ld32(p + 8));
	fb_puts(b, ", ee_data=");
	fb_udec(b, ld32(p + 12));
	fb_puts(b, ", offender=");
	fmt_sockaddr_bytes(b, c, p + 16, 16, 0);
	fb_putc(b, '}');
}

/* SOL_IP's data; 0 when strace prints none */
static int ip_data(struct fmt_buf *b, const struct sc_call *c, uint32_t type,
		   const uint8_t *p, size_t dlen, int own_ns)
{
	switch (type) {
	case IP_PKTINFO:
		if (dlen < 12)
			return 0;
		fb_puts(b, ", cmsg_data={ipi_ifindex=");
		fmt_ifindex(b, c, own_ns, ld32(p));
		fb_puts(b, ", ");
		fmt_in_addr(b, c, p + 4, "ipi_spec_dst");
		fb_puts(b, ", ");
		fmt_in_addr(b, c, p + 8, "ipi_addr");
		fb_putc(b, '}');
		return 1;
	case IP_TTL:
	case IP_CHECKSUM:
		if (dlen < 4)
			return 0;
		fb_puts(b, ", cmsg_data=");
		put_elems(b, c, p, dlen / 4, E_UINT);
		return 1;
	case IP_TOS:
	case IP_RECVOPTS:
	case IP_RETOPTS:
		if (dlen < 1)
			return 0;
		fb_puts(b, ", cmsg_data=");
		put_elems(b, c, p, dlen, E_X8);
		return 1;
	case IP_RECVERR:
		if (dlen < 32)
			return 0;
		fb_puts(b, ", cmsg_data=");
		put_recverr(b, c, p);
		return 1;
	case IP_ORIGDSTADDR:
		if (dlen < 16)
			return 0;
		fb_puts(b, ", cmsg_data=");
		fmt_sockaddr_bytes(b, c, p, dlen < 128 ? dlen : 128, own_ns);
		return 1;
	case SCM_SECURITY:
		if (dlen < 1)
			return 0;
		fb_puts(b, ", cmsg_data=");
		fmt_qstr(b, c, p, dlen, -1, 0, 0);
		return 1;
	}
	return 0;
}

/*
 * A message the copy cuts whose data still prints whole: SCM_RIGHTS' fds
 * when the copy holds all -s of them that strace shows (then "..." for
 * the rest); have: its bytes in the copy
 */
static int cut_data(const struct sc_call *c, uint32_t level, uint32_t type,
		    size_t have)
{
	long max = str_max(c);

	return abbrev(c) && max >= 0 && level == SOL_SOCKET &&
	       type == SCM_RIGHTS && have >= CMSG_HDR + 4 * (size_t)max;
}

/*
 * The control messages of len bytes at p (copied from addr): whole says
 * they are all of msg_controllen, else the copy stopped before its end
 * and what follows is "...".  A message the copy cuts is shown without
 * its data (strace would have read all of it), but for cut_data's.
 */
void fmt_cmsgs(struct fmt_buf *b, const struct sc_call *c, const uint8_t *p,
	       size_t len, uint64_t addr, int whole, int own_ns)
{
	size_t off = 0, left = len;
	int more = !whole;	/* the copy ends before the messages do */

	fb_putc(b, '[');
	while (left >= CMSG_HDR) {
		uint64_t clen = ld64(p + off);
		uint32_t level = ld32(p + off + 8), type = ld32(p + off + 12);
		size_t have = clen > left ? left : (size_t)clen;
		size_t dlen = have > CMSG_HDR ? have - CMSG_HDR : 0;
		int data = whole || clen <= left ||
			   cut_data(c, level, type, have);

		if (off)
			fb_puts(b, ", ");
		fb_puts(b, "{cmsg_len=");
		fb_udec(b, clen);
		fb_puts(b, ", cmsg_level=");
		fmt_enum_dflt(b, &xlat_sock_level, level, "SOL_???");
		fb_puts(b, ", cmsg_type=");
		if (level == SOL_SOCKET) {
			fmt_enum_dflt(b, &xlat_scm_type, type, "SCM_???");
			if (data)
				socket_data(b, c, type, p + off + CMSG_HDR,
					    clen > have && !whole ?
					    (size_t)(clen < SIZE_MAX / 2 ? clen :
						     SIZE_MAX / 2) - CMSG_HDR :
					    dlen);
		} else if (level == SOL_IP) {
			fmt_enum_dflt(b, &xlat_ip_cmsg_type, type, "IP_???");
			if (data)
				ip_data(b, c, type, p + off + CMSG_HDR, dlen,
					own_ns);
		} else {
			fb_hex(b, type);
		}
		fb_putc(b, '}');
		/* a length shorter than its header ends the walk there */
		if (have < CMSG_HDR) {
			off += CMSG_HDR;
			left -= CMSG_HDR;
			if (left || more) {
				fb_puts(b, ", ... /* ");
				fmt_ptr(b, addr + off);
				fb_puts(b, " */");
			}
			fb_putc(b, ']');
			return;
		}
		clen = (clen + 7) & ~(uint64_t)7;
		if (clen >= left) {
			left = 0;
			break;
		}
		off += (size_t)clen;
		left -= (size_t)clen;
	}
	if (left && whole) {
		fb_puts(b, ", ... /* ");
		fmt_ptr(b, addr + off);
		fb_puts(b, " */");
	} else if (more) {
		fb_puts(b, ", ...");
	}
	fb_putc(b, ']');
}
