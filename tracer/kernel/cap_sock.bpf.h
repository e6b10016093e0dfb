/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Capture stage, kernel side: -yy's sockets, for cap_fds.bpf.c (a header:
 * libbpf 1.1's linker cannot link the bpf_rdonly_cast extern declared in
 * two objects).  A socket fd's protocol
 * and addresses, read from its struct sock at the call as sock_diag
 * would report them (strace asks sock_diag afterwards, and keeps the
 * first answer): family, type, protocol and its name, state; an inet
 * socket's ports and addresses, a unix socket's peer inode and bound
 * name, a netlink socket's port id.  Each field is a load when the
 * kernel has bpf_rdonly_cast, else the fields come in a few helper
 * reads (cap_fds.bpf.h's spans).
 */
#ifndef CAP_SOCK_BPF_H
#define CAP_SOCK_BPF_H

#include "cap_fds.bpf.h"

/* 16 bytes at off (an IPv6 address) into to */
static __always_inline void span_get16(const struct span *s, u32 off, u8 *to)
{
	if (off < s->from || off + 16 > s->from + s->len)
		bpf_probe_read_kernel(to, 16, (void *)(s->obj + off));
	else
		__builtin_memcpy(to, s->p + (off - s->from), 16);
}

/* a unix socket's peer (its inode) and address, sk's fields loads */
static __always_inline void fd_unix_loads(struct cap_fd *f, u64 sk, u8 *name)
{
	struct unix_sock___fd *u = CAST(struct unix_sock___fd, sk);
	struct unix_address___fd *a = u->addr;
	struct sock___fd *peer = u->peer;
	int len;

	if (peer) {
		struct socket___fd *ps = peer->sk_socket;

		if (ps)
			f->peer = CAST(struct socket_alloc___fd, ps)->vfs_inode.i_ino;
	}
	len = a ? a->len - 2 : 0;
	if (len > 0 && len <= 108 &&
	    !bpf_probe_read_kernel(name, bounded(len, 127),
				   &a->name[0].sun_path))
		f->namelen = (u16)len;
}

/* fd_socket's, each field a load */
static __always_inline void fd_socket_loads(struct cap_fd *f, u64 so,
					    u8 *name)
{
	struct sock___fd *sk = CAST(struct socket___fd, so)->sk;
	struct proto___fd *prot;

	if (!sk)
		return;
	f->family = sk->__sk_common.skc_family;
	f->type = sk->sk_type;
	f->protocol = sk->sk_protocol;
	f->state = sk->__sk_common.skc_state;
	prot = sk->__sk_common.skc_prot;
	/* (all of the array, in 4 loads: capture.c ends it with a NUL) */
	{
		const u64 *q = (const u64 *)prot->name;
		u64 *o = (u64 *)f->proto;

		o[0] = q[0];
		o[1] = q[1];
		o[2] = q[2];
		o[3] = q[3];
	}
	if (f->family == AF_INET || f->family == AF_INET6) {
		f->sport = sk->__sk_common.skc_num;
		f->dport = __builtin_bswap16(sk->__sk_common.skc_dport);
		if (f->family == AF_INET) {
			u32 sa = sk->__sk_common.skc_rcv_saddr;
			u32 da = sk->__sk_common.skc_daddr;

			__builtin_memcpy(f->src, &sa, 4);
			__builtin_memcpy(f->dst, &da, 4);
		} else {
			__builtin_memcpy(f->src,
					 &sk->__sk_common.skc_v6_rcv_saddr, 16);
			__builtin_memcpy(f->dst, &sk->__sk_common.skc_v6_daddr, 16);
		}
	} else if (f->family == AF_UNIX) {
		fd_unix_loads(f, (u64)sk, name);
	} else if (f->family == AF_NETLINK) {
		f->portid = CAST(struct netlink_sock___fd, sk)->portid;
	}
}

/*
 * A socket's protocol and addresses, as sock_diag would report them.
 * sp: scratch for two spans: the sock's common head (addresses, ports,
 * family, state, protocol) and its type and protocol number.
 */
static __always_inline void fd_socket_reads(struct cap_fd *f, u64 so,
					    u8 *name, u8 *sp)
{
	struct sock___fd *sk = BPF_CORE_READ((struct socket___fd *)so, sk);
	struct span h, t;
	u64 prot;

	if (!sk)
		return;
#define SKC(field) SPAN_GET(&h, struct sock___fd, __sk_common.field)
	{
		u32 a = FOFF(struct sock___fd, __sk_common.skc_daddr);
		u32 z = FEND(struct sock___fd, __sk_common.skc_v6_rcv_saddr);

		if (FOFF(struct sock___fd, __sk_common.skc_family) < a)
			a = FOFF(struct sock___fd, __sk_common.skc_family);
		if (FEND(struct sock___fd, __sk_common.skc_prot) > z)
			z = FEND(struct sock___fd, __sk_common.skc_prot);
		if (span_fill(&h, sp, (u64)sk, a, z))
			return;
	}
	if (span_fill(&t, sp + FD_SPAN_MAX, (u64)sk,
		      FOFF(struct sock___fd, sk_type),
		      FEND(struct sock___fd, sk_protocol)))
		return;
	f->family = (u16)SKC(skc_family);
	f->type = (u16)SPAN_GET(&t, struct sock___fd, sk_type);
	f->protocol = (u16)SPAN_GET(&t, struct sock___fd, sk_protocol);
	f->state = (u8)SKC(skc_state);
	prot = SKC(skc_prot);
	bpf_probe_read_kernel_str(f->proto, sizeof(f->proto),
				  ((struct proto___fd *)prot)->name);
	if (f->family == AF_INET || f->family == AF_INET6) {
		f->sport = (u16)SKC(skc_num);
		f->dport = __builtin_bswap16((u16)SKC(skc_dport));
		if (f->family == AF_INET) {
			u32 sa = (u32)SKC(skc_rcv_saddr);
			u32 da = (u32)SKC(skc_daddr);

			__builtin_memcpy(f->src, &sa, 4);
			__builtin_memcpy(f->dst, &da, 4);
		} else {
			span_get16(&h, FOFF(struct sock___fd,
					    __sk_common.skc_v6_rcv_saddr), f->src);
			span_get16(&h, FOFF(struct sock___fd,
					    __sk_common.skc_v6_daddr), f->dst);
		}
	} else if (f->family == AF_UNIX) {
		struct span us;
		struct unix_address___fd *a;
		struct sock___fd *peer;
		int len;

		if (span_fill(&us, sp, (u64)sk,
			      FOFF(struct unix_sock___fd, addr) <
			      FOFF(struct unix_sock___fd, peer) ?
			      FOFF(struct unix_sock___fd, addr) :
			      FOFF(struct unix_sock___fd, peer),
			      FEND(struct unix_sock___fd, addr) >
			      FEND(struct unix_sock___fd, peer) ?
			      FEND(struct unix_sock___fd, addr) :
			      FEND(struct unix_sock___fd, peer)))
			return;
		a = (struct unix_address___fd *)SPAN_GET(&us, struct unix_sock___fd, addr);
		peer = (struct sock___fd *)SPAN_GET(&us, struct unix_sock___fd, peer);
		if (peer) {
			struct socket___fd *ps = BPF_CORE_READ(peer, sk_socket);

			if (ps)
				f->peer = BPF_CORE_READ((struct socket_alloc___fd *)ps,
							vfs_inode.i_ino);
		}
		len = a ? BPF_CORE_READ(a, len) - 2 : 0;
		if (len > 0 && len <= 108 &&
		    !bpf_probe_read_kernel(name, bounded(len, 127),
					   &a->name[0].sun_path))
			f->namelen = (u16)len;
	} else if (f->family == AF_NETLINK) {
		f->portid = BPF_CORE_READ((struct netlink_sock___fd *)sk, portid);
	}
#undef SKC
}

/* a socket's description into f, a zeroed item (its name after it) */
static __always_inline void fd_socket(struct cap_fd *f, u64 so, u32 fds,
				      u8 *sp)
{
	if (!so)
		return;
	if (fd_loads(fds))
		fd_socket_loads(f, so, (u8 *)(f + 1));
	else
		fd_socket_reads(f, so, (u8 *)(f + 1), sp);
}

#endif
