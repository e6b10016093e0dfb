// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, kernel side: socket memory, copied at the time of the
 * call (the copy operations of capture_abi.h that cap_args.bpf.c's
 * g_arg dispatches): a struct msghdr and what it points to, a struct
 * mmsghdr[], a buffer sent to or received from a socket (a netlink
 * socket's whole), a socket address or option value with whether its
 * interface indexes are etrace's.
 */
#include "cap_copy.bpf.h"

#define CMSG_FDS_MSGS	8	/* control messages looked at, at most */
#define MSG_CONTROL_MAX	256	/* a msghdr's control data copied, at most */

/* g_cmsg_fds's walk: one step a header or one fd */
struct cmsg_walk {
	u64 ctl, len;		/* the control data, its bytes looked at */
	u32 off, phase, fds;
	u32 pos, next;		/* the message at pos, the next at pos + next */
	u32 k, n;		/* its fd k of n (SCM_RIGHTS) */
	u32 slot, end;		/* the next slot, the one past the last */
	u32 msgs;
};

static long cmsg_step(u32 i, struct cmsg_walk *w)
{
	struct { u64 len; s32 level, type; } h;
	s32 fd;

	if (w->k < w->n) {
		if (w->slot >= w->end || w->slot >= CAP_FD_SETMAX ||
		    bpf_probe_read_user(&fd, sizeof(fd), (const void *)
					(w->ctl + w->pos + sizeof(h) + 4 * w->k)))
			return 1;
		w->off = g_fd_held(w->off, (CAP_FD_SET0 + w->slot) |
				   w->phase << 8, fd, w->fds);
		w->slot++;
		if (++w->k == w->n)
			w->pos += w->next;
		return 0;
	}
	if (w->msgs++ >= CMSG_FDS_MSGS || w->pos + sizeof(h) > w->len ||
	    bpf_probe_read_user(&h, sizeof(h), (const void *)(w->ctl + w->pos)) ||
	    h.len < sizeof(h))
		return 1;
	/* a message longer than the data: its part in it, the last */
	if (h.len > w->len - w->pos)
		h.len = w->len - w->pos;
	w->next = (u32)((h.len + 7) & ~7ULL);
	w->k = 0;
	/* SOL_SOCKET, SCM_RIGHTS */
	w->n = h.level == 1 && h.type == 1 ? (u32)(h.len - sizeof(h)) / 4 : 0;
	if (!w->n)
		w->pos += w->next;
	return 0;
}

/*
 * -y: the fds SCM_RIGHTS messages carry in the control data of the
 * struct msghdr at ptr, in its first MSG_CONTROL_MAX bytes (those
 * g_msghdr copies), as CAP_FD_SET0 + i, the fd in the item's total: the
 * sender's at entry,
 * those the receiver was given at exit.  slots = phase | the first slot
 * i << 8 | the slot past the last << 16; the fds past those print
 * without a description.  (Not from g_msghdr: the calls would nest
 * deeper than BPF allows.)
 */
__noinline u32 g_cmsg_fds(u32 off, u64 ptr, u32 slots)
{
	struct cmsg_walk w = { .off = off, .phase = slots & 0xff,
			       .slot = slots >> 8 & 0xff,
			       .end = slots >> 16 & 0xff };
	struct msghdr_u m;

	if (!ro_fds ||
	    bpf_probe_read_user(&m, sizeof(m), (const void *)ptr) || !m.control)
		return off;
	w.ctl = m.control;
	w.len = m.controllen < MSG_CONTROL_MAX ? m.controllen : MSG_CONTROL_MAX;
	w.fds = ro_fds;
	bpf_loop(CMSG_FDS_MSGS + CAP_FD_SETMAX, cmsg_step, &w, 0);
	return w.off;
}

/*
 * the header, the name, iovec + data, the control data: four items;
 * arg_nl: arg | the socket's g_sock_nl << 8 (for g_iov) | its g_addr_ns
 * << 16 (the name and control messages)
 */
__noinline u32 g_msghdr(u32 off, u32 arg_nl, u64 ptr, s64 ret, u32 phase)
{
	u32 arg = arg_nl & 0xff, ns = (arg_nl >> 16) & 0xff;
	struct msghdr_u m;
	u64 left;

	if (bpf_probe_read_user(&m, sizeof(m), (const void *)ptr))
		return g_buf(off, arg, 0, 0, 0 | phase << 24);
	off = g_buf(off, arg, ptr, sizeof(m), sizeof(m) | phase << 24);
	/* up to a fault: at exit msg_namelen may exceed the room given */
	off = g_sockaddr(off, arg | ns << 8, m.name, m.name ? m.namelen : 0,
			 128 | CAP_UPTO_BIT | phase << 24);
	left = phase == CAP_AT_EXIT ? (ret > 0 ? (u64)ret : 0) : ~0ULL;
	off = g_iov(off, arg_nl, m.iov, (u32)(m.iovlen < CAP_ARRAY_MAX ? m.iovlen :
				CAP_ARRAY_MAX) | phase << 24, left);
	return g_sockaddr(off, arg | ns << 8, m.control,
			  m.control ? m.controllen : 0,
			  MSG_CONTROL_MAX | phase << 24);
}

/*
 * struct mmsghdr[n] (sendmmsg, recvmmsg), at most CAP_MMSG_MAX elements:
 * each element's msghdr (g_msghdr's four items; at exit its data is what
 * its msg_len says the call moved) and its msg_len (a fifth item).  An
 * element that cannot be read ends the array with one faulted item.
 * n_phase = n | phase << 24.
 */
__noinline u32 g_mmsg(u32 off, u32 arg, u64 base, u32 n_phase)
{
	u32 n = n_phase & 0xffffff, phase = n_phase >> 24;

	for (u32 j = 0; j < CAP_MMSG_MAX; j++) {
		u64 p = base + 64 * (u64)j, e[8];

		if (j >= n)
			break;
		/* the whole element first: g_msghdr's items come in four */
		if (bpf_probe_read_user(e, sizeof(e), (const void *)p))
			return g_buf(off, arg, 0, 0, 0 | phase << 24);
		off = g_msghdr(off, arg, p, (s64)(u32)e[7], phase);
		off = g_buf(off, arg, p + 56, 4, 4 | phase << 24);
	}
	return off;
}

/*
 * CAP_OP_SOCKBUF: a netlink socket's buffer up to CAP_NL_COPY bytes,
 * whatever max (-s) says, its protocol + 1 in the item's nlproto; any
 * other's min(len, max) bytes (at exit, those before a page that
 * faults).  arg_nl: arg | (g_sock_nl of the socket) << 8
 */
__noinline u32 g_sockbuf(u32 off, u32 arg_nl, u64 ptr, u64 len, u32 max_phase)
{
	u32 nl = arg_nl >> 8, arg = arg_nl & 0xff, end;
	u8 *b = buf();

	/* as sendto's and recvfrom's buffers were: BUF in, UPTO out */
	if (!nl)
		return g_buf(off, arg, ptr, len, max_phase |
			     (max_phase >> 24 == CAP_AT_EXIT ? CAP_UPTO_BIT : 0));
	end = g_buf(off, arg, ptr, len, CAP_NL_COPY | CAP_UPTO_BIT |
		    (max_phase & 0xff000000u));
	if (b && end != off)
		((struct cap_item *)(b + bounded(off, CAP_REC_MAX - 1)))->nlproto = (u8)nl;
	return end;
}

/*
 * CAP_OP_SOCKADDR (CAP_OP_SOCKOPT): min(len, max) bytes as BUF (UPTO)
 * copies them, the item's nlproto saying whether its interface indexes
 * are etrace's.
 * arg_ns: arg | (g_addr_ns of the socket) << 8
 */
__noinline u32 g_sockaddr(u32 off, u32 arg_ns, u64 ptr, u64 len, u32 max_phase)
{
	u32 end = g_buf(off, arg_ns & 0xff, ptr, len, max_phase);
	u8 *b = buf();

	if (b && end != off)
		((struct cap_item *)(b + bounded(off, CAP_REC_MAX - 1)))->nlproto =
			(u8)(arg_ns >> 8);
	return end;
}

