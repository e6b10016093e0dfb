// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, kernel side: -e read=SET / -e write=SET, strace's dumps
 * of the data a call moved on an fd of the sets (capture_abi.h's dump
 * item): a buffer, an iovec's or a msghdr's buffers, sendmmsg's and
 * recvmmsg's messages, copied at the call, at most CAP_DUMP_MAX bytes.
 */
#include "cap.bpf.h"

/*
 * -e read=/write=: the transfer's bytes as segments (capture_abi.h), at
 * most CAP_DUMP_MAX of them copied in all; what does not fit is counted
 * (a segment's total), never guessed.
 */
struct dump_ctx {
	u8 *b;
	u64 iov;	/* the user's struct iovec[] */
	u64 left;	/* bytes of the transfer not given to a segment yet */
	u32 at, end;	/* the next segment's offset; the room's end */
	u32 n, segs;	/* iovec elements looked at; segments written */
	u32 copied;	/* bytes copied in all */
	u32 fault;	/* a buffer could not be read */
	u32 full;	/* the record had no room for another buffer */
};

/*
 * A buffer of total bytes at base as the segment at *at (room up to end):
 * what fits of it copied, *copied counting all; *fault set when it could
 * not be read.  1: no room for another segment.
 */
static __always_inline int seg_put(u8 *b, u32 *at, u32 end, u32 *copied,
				   u32 *fault, u64 base, u64 total)
{
	struct cap_dump_seg *s;
	u64 take = total;

	if (*at + sizeof(*s) > end)
		return 1;
	if (take > CAP_DUMP_MAX - *copied)
		take = CAP_DUMP_MAX - *copied;
	if (take > end - *at - sizeof(*s))
		take = end - *at - sizeof(*s);
	if (take && bpf_probe_read_user(b + bounded(*at + sizeof(*s),
						    CAP_REC_MAX - 1),
					bounded(take, 2 * CAP_DUMP_MAX - 1),
					(const void *)base)) {
		take = 0;
		*fault = 1;
	}
	s = (struct cap_dump_seg *)(b + bounded(*at, CAP_REC_MAX - 1));
	s->total = total > 0xffffffffull ? 0xffffffffu : (u32)total;
	s->copied = (u32)take;
	*at += sizeof(*s) + (u32)take;
	*copied += (u32)take;
	return 0;
}

static __always_inline long dump_seg(struct dump_ctx *c, u64 base, u64 total)
{
	if (seg_put(c->b, &c->at, c->end, &c->copied, &c->fault, base, total)) {
		c->full = 1;
		return 1;
	}
	c->segs++;
	return 0;
}

/* strace's dumpiov_upto: each element up to what is left; an empty one ends */
static long dump_one(u32 i, struct dump_ctx *c)
{
	struct iovec_u v;
	u64 len;

	if (i >= c->n || bpf_probe_read_user(&v, sizeof(v),
					     (const void *)(c->iov + 16 * (u64)i)))
		return 1;
	len = v.len < c->left ? v.len : c->left;
	if (!len)
		return 1;
	c->left -= len;
	return dump_seg(c, v.base, len);
}

#define CAP_DUMP_STEPS	256	/* sendmmsg's messages and buffers, looked at */
#define DUMP_MCTX	(3 * CAP_REC_MAX)	/* scratch offset: struct mmsg_ctx */

struct mmsghdr_u {
	struct msghdr_u hdr;
	u32 len;	/* msg_len: the bytes the call moved of it */
	u32 pad;
};

/*
 * sendmmsg's and recvmmsg's dump, as it goes: kept in the scratch map,
 * not on the stack, so that the verifier tracks none of its values
 * (on the stack, their precise values made it walk each step's
 * branches apart: seconds of start-up)
 */
struct mmsg_ctx {
	u64 vec;	/* the user's struct mmsghdr[] */
	u64 iov;	/* the message's struct iovec[] */
	u64 iovlen;	/* its msg_iovlen */
	u64 left;	/* its msg_len not given to a segment yet */
	u32 nmsg;	/* messages to look at */
	u32 msgs;	/* messages written */
	u32 head;	/* the message being written: its head's offset, or 0 */
	u32 seg0;	/* segs when it began */
	u32 j, n;	/* its next iovec element; elements to look at */
	u32 at, end;	/* the next segment's offset; the room's end */
	u32 segs;	/* segments written */
	u32 copied;	/* bytes copied in all */
	u32 full;	/* the record had no room for another buffer */
};

/* the message being written ends: its head filled in */
static __always_inline void mmsg_end(u8 *b, struct mmsg_ctx *c, int cut)
{
	struct cap_dump_msg *h = (struct cap_dump_msg *)
		(b + bounded(c->head, CAP_REC_MAX - 1));
	u32 segs = c->segs - c->seg0;

	h->iovlen = c->iovlen > 0xffffffffull ? 0xffffffffu : (u32)c->iovlen;
	h->segs = (u16)segs;
	h->flags = cut || c->full || (c->iovlen > CAP_ARRAY_MAX &&
				      segs == CAP_ARRAY_MAX && c->left) ?
		   CAP_DUMP_MSG_CUT : 0;
	c->head = 0;
	c->msgs++;
}

/* a buffer of len bytes at base as a segment (seg_put): 1 if full */
static __always_inline int mmsg_seg(u8 *b, struct mmsg_ctx *c, u64 base,
				    u64 total)
{
	u32 fault;

	if (seg_put(b, &c->at, c->end, &c->copied, &fault, base, total)) {
		c->full = 1;
		return 1;
	}
	c->segs++;
	return 0;
}

/*
 * sendmmsg, recvmmsg (strace's dumpiov_in_mmsghdr), one step: the next
 * message begun (its struct cap_dump_msg), or its next buffer up to its
 * msg_len (strace's rule: an empty one ends it), or its end.
 */
static long mmsg_step(u32 i, void *unused)
{
	struct mmsghdr_u m;
	struct mmsg_ctx *c;
	struct iovec_u v;
	u8 *b = buf();
	u64 len;

	if (!b)
		return 1;
	c = (struct mmsg_ctx *)(b + DUMP_MCTX);
	if (!c->head) {
		if (c->msgs >= c->nmsg ||
		    bpf_probe_read_user(&m, sizeof(m), (const void *)
					(c->vec + sizeof(m) * (u64)c->msgs)))
			return 1;
		if (c->at + sizeof(struct cap_dump_msg) > c->end) {
			c->full = 1;
			return 1;
		}
		c->head = c->at;
		c->at += sizeof(struct cap_dump_msg);
		c->seg0 = c->segs;
		c->iov = m.hdr.iov;
		c->iovlen = m.hdr.iovlen;
		c->n = m.hdr.iovlen < CAP_ARRAY_MAX ? (u32)m.hdr.iovlen :
						      CAP_ARRAY_MAX;
		c->left = m.len;
		c->j = 0;
		return 0;
	}
	if (c->j < c->n && !bpf_probe_read_user(&v, sizeof(v), (const void *)
					(c->iov + sizeof(v) * (u64)c->j))) {
		len = v.len < c->left ? v.len : c->left;
		if (len) {
			c->left -= len;
			c->j++;
			if (!mmsg_seg(b, c, v.base, len))
				return 0;
		}
	}
	mmsg_end(b, c, 0);
	return c->full ? 1 : 0;
}

/*
 * how: enum cap_dump_kind; the item, or nothing when nothing moved.
 * phase | CAP_DUMP_RETRY << 8: a write-like call's entry, where a buffer
 * not in memory yet (a literal in untouched .rodata) is better read at
 * exit, once the call has read it: then no item, and the offset comes
 * back with CAP_DUMP_LATER set.
 */
__noinline u32 g_dump(u32 off, u32 how, u32 phase, const struct call_args *ca)
{
	struct dump_ctx c = { 0 };
	struct mmsg_ctx *mc;
	struct msghdr_u m;
	struct iovec_u v;
	u64 cnt = 0, write = how == CAP_DUMP_WBUF || how == CAP_DUMP_WIOV ||
			     how == CAP_DUMP_WMSG || how == CAP_DUMP_WMMSG;
	u32 size, flags = CAP_F_IOV;

	c.b = buf();
	if (!c.b || !ca || (!write && ca->ret <= 0))
		return off;
	size = room(off, CAP_DUMP_MAX + CAP_ARRAY_MAX * sizeof(struct cap_dump_seg));
	c.at = off + sizeof(struct cap_item);
	c.end = c.at + size;
	c.left = write ? ~0ull : (u64)ca->ret;
	if (how == CAP_DUMP_WMMSG || how == CAP_DUMP_RMMSG) {
		/* the messages the call moved: its return value's count */
		if (ca->ret <= 0)
			return off;
		cnt = (u64)ca->ret;
		mc = (struct mmsg_ctx *)(c.b + DUMP_MCTX);
		__builtin_memset(mc, 0, sizeof(*mc));
		mc->vec = ca->args[1];
		mc->nmsg = cnt < CAP_ARRAY_MAX ? (u32)cnt : CAP_ARRAY_MAX;
		mc->at = c.at;
		mc->end = c.end;
		/* steps: each message's start, buffers and end */
		bpf_loop(CAP_DUMP_STEPS, mmsg_step, 0, 0);
		if (mc->head)
			mmsg_end(c.b, mc, 1);
		if (!mc->msgs || mc->at < c.at || mc->at > c.end)
			return off;
		return item_end(c.b, off, CAP_DUMP_ITEM, phase & 0xff,
				mc->at - off - (u32)sizeof(struct cap_item),
				CAP_F_IOV | (mc->msgs < cnt ? CAP_F_TRUNC : 0),
				mc->msgs, (u32)cnt);
	}
	if (how == CAP_DUMP_WBUF || how == CAP_DUMP_RBUF) {
		flags = 0;
		if (write ? ca->args[2] : 1)
			dump_seg(&c, ca->args[1], write ? ca->args[2] : c.left);
	} else {
		if (how == CAP_DUMP_WMSG || how == CAP_DUMP_RMSG) {
			if (bpf_probe_read_user(&m, sizeof(m),
						(const void *)ca->args[1]))
				return off;
			c.iov = m.iov;
			cnt = m.iovlen;
		} else {
			c.iov = ca->args[1];
			cnt = ca->args[2];
		}
		/*
		 * strace reads the whole array first, and dumps nothing
		 * when it cannot: its last element read, the array's end
		 * (at entry, a page not yet in: tried again at exit)
		 */
		if (cnt && bpf_probe_read_user(&v, sizeof(v),
					       (const void *)(c.iov + 16 * (cnt - 1))))
			return phase >> 8 & CAP_DUMP_RETRY ? off | CAP_DUMP_LATER :
							     off;
		c.n = cnt < CAP_ARRAY_MAX ? (u32)cnt : CAP_ARRAY_MAX;
		bpf_loop(CAP_ARRAY_MAX, dump_one, &c, 0);
		if (cnt > CAP_ARRAY_MAX && c.segs == CAP_ARRAY_MAX && c.left)
			flags |= CAP_F_TRUNC;
	}
	/* buffers the record had no room for are said, not left out */
	if (c.full)
		flags |= CAP_F_TRUNC;
	if (!c.segs && !c.full)
		return off;
	if (!c.segs)
		return off + sizeof(struct cap_item) + 8 <= CAP_REC_MAX ?
		       item_end(c.b, off, CAP_DUMP_ITEM, phase & 0xff, 0,
				CAP_F_TRUNC, 0, 0) : off;
	if (c.fault && (phase >> 8 & CAP_DUMP_RETRY))
		return off | CAP_DUMP_LATER;
	phase &= 0xff;
	return item_end(c.b, off, CAP_DUMP_ITEM, phase,
			c.at - off - (u32)sizeof(struct cap_item), flags, c.segs,
			cnt > 0xffffffffull ? 0xffffffffu : (u32)cnt);
}

