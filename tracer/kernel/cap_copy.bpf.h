/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Capture stage, kernel side: a call's argument copies, the per-call part
 * shared by the two ways calls are traced: the syscall tracepoints
 * (cap_args.bpf.c) and ring mode (cap_ring.bpf.c).  At entry, copy what
 * the syscall's spec says (built from syscalls.tbl) and keep the
 * arguments for the exit; at exit, what the call wrote and the inputs to
 * read again.  The record goes to the perf ring of the CPU, or in ring
 * mode to its BPF ring, just before the call's own record.
 */
#ifndef ETRACE_CAP_COPY_BPF_H
#define ETRACE_CAP_COPY_BPF_H

#include "cap_rb.bpf.h"

struct call {
	struct call_args ca;
	u32 off;
	u32 phase;
	u32 late;	/* entry: faulted, to retry; exit: to retry now */
	u32 outs;	/* exit: the call succeeded, copy what it wrote */
	u32 defer;	/* ring mode: held in the task's pend, not written */
	/*
	 * ring mode: the copy record is left in the scratch buffer (its
	 * head at buf() - RB_HEAD), held bytes of it, for the caller to
	 * write with the call's own record behind it, in one output
	 */
	u32 hold, held;
	struct cap_spec *sp;
};

/* the entry item at off (or an element of it) faulted: mark it, and the
   argument for exit */
static __always_inline void retry_later(struct call *c, u32 off, u32 i)
{
	u8 *b = buf();
	struct cap_item *it;

	if (!b)
		return;
	it = (struct cap_item *)(b + bounded(off, CAP_REC_MAX - 1));
	if (it->flags & (CAP_F_FAULT | CAP_F_PART | CAP_F_UNTERM)) {
		it->flags |= CAP_F_RETRY;
		c->late |= 1u << i;
	}
}

static long arg_one(u32 i, struct call *c)
{
	const struct cap_arg_spec *a;
	u32 ph = c->phase, start = c->off;
	u64 spec;

	if (i >= 6)
		return 1;
	a = &c->sp->arg[i];
	/* NULL prints as NULL: nothing to copy */
	if (a->op == CAP_OP_NONE || !c->ca.args[i])
		return 0;
	/* at exit, an input that faulted at entry is copied as at entry */
	if (ph == CAP_AT_EXIT && (c->late >> i & 1))
		ph = CAP_AT_ENTRY;
	else if (!(a->when & ph) ||
		 (ph == CAP_AT_EXIT && !c->outs && !(a->when & CAP_AT_FAILED)))
		return 0;
	__builtin_memcpy(&spec, a, sizeof(spec));
	c->off = g_arg(c->off, i, ph, spec, &c->ca);
	/*
	 * Not below mmap_min_addr's default: never memory, but a number in
	 * a slot that is a pointer only for some commands (futex's val2).
	 */
	if (c->phase == CAP_AT_ENTRY && (a->when & CAP_AT_RETRY) &&
	    c->off != start && c->ca.args[i] >= 65536)
		retry_later(c, start, i);
	return 0;
}

/*
 * The call's own record (size bytes at rec) written after the copy
 * record capture() held (held bytes), in one output: one helper call,
 * and the two are read in their order
 */
static __always_inline int rb_write_held(struct cap_config *c, void *rec,
					 u32 size, u32 held)
{
	u8 *b = buf();
	u8 *at;

	if (!held || !b)
		return rb_write(c, rec, size);
	at = b - RB_HEAD + bounded(held, 2 * CAP_REC_MAX - 1);
	/* (the records' sizes, each a copy of known length) */
	switch (size) {
	case RB_ENTER_SIZE:
		__builtin_memcpy(at, rec, RB_ENTER_SIZE);
		break;
	case RB_ENTER_IP_SIZE:
		__builtin_memcpy(at, rec, RB_ENTER_IP_SIZE);
		break;
	case RB_EXIT_SIZE:
		__builtin_memcpy(at, rec, RB_EXIT_SIZE);
		break;
	case RB_EXIT_SUM_SIZE:
		__builtin_memcpy(at, rec, RB_EXIT_SUM_SIZE);
		break;
	default:
		return -1;
	}
	return rb_write_n(c, b - RB_HEAD,
			  bounded(held + size, 4 * CAP_REC_MAX - 1), 2);
}

/*
 * The time of the copy record capture() held (see struct call), which
 * the call's own record behind it shares: one clock read less (a clock
 * read costs tens of ns in a VM); else now
 */
static __always_inline u64 held_ns(u32 held)
{
	u8 *b = buf();

	if (!held || !b)
		return bpf_ktime_get_ns();
	return get64((const u32 *)(b - RB_HEAD) + 6);
}

static __always_inline int ring_on(void)
{
	struct cap_config *c = cfg();

	return c && c->ring;
}

/* the entry's copy record (its ring head in front), held until the exit */
static __always_inline void pend_cap(const void *h, u64 size)
{
	struct pend *p = bpf_task_storage_get(&pend, bpf_get_current_task_btf(),
					      0, 0);

	if (!p || size > sizeof(p->cap))
		return;
	if (!bpf_probe_read_kernel(p->cap, size, h))
		p->caplen = (u32)size;
}

/*
 * -e read=/write=: is this the phase of the call's dump (a write-like
 * call's entry, a read-like one's successful exit), on an fd of its set?
 */
static __always_inline int dump_here(const struct call *c)
{
	struct cap_config *cf = cfg();
	u8 how = c->sp->dump;
	int fd = (int)c->ca.args[0];
	int write = how == CAP_DUMP_WBUF || how == CAP_DUMP_WIOV ||
		    how == CAP_DUMP_WMSG || how == CAP_DUMP_WMMSG;
	/* (sendmmsg: at exit, where each message's msg_len is) */
	int entry = write && how != CAP_DUMP_WMMSG;
	const u64 *set;

	if (!how || !cf || fd < 0 ||
	    (c->phase != (entry ? CAP_AT_ENTRY : CAP_AT_EXIT) &&
	     !(c->phase == CAP_AT_EXIT && (c->late & CAP_LATE_DUMP))) ||
	    (!entry && !c->outs))
		return 0;
	if (fd >= 1024) {
		const int *hi = write ? cf->dump_wr_hi : cf->dump_rd_hi;
		u32 n = write ? cf->dump_wr_nhi : cf->dump_rd_nhi;
		int named = 0;

		for (u32 j = 0; j < CAP_DUMP_HI && j < n; j++)
			named |= hi[j] == fd;
		return (cf->dump_high >> write & 1) ^ named;
	}
	set = write ? cf->dump_wr : cf->dump_rd;
	return set[bounded((u32)fd / 64, 15)] >> (fd % 64) & 1;
}

static __always_inline void capture(void *ctx, int nr, struct call *c)
{
	struct cap_rec *r;
	u8 *b = buf();
	u64 size;

	if (!b)
		return;
	r = (struct cap_rec *)b;
	r->nitems = 0;
	c->off = sizeof(struct cap_rec);
	/* (-y or a dump alone: no argument to walk) */
	if ((c->sp->args_when & c->phase) || c->late)
		bpf_loop(6, arg_one, c, 0);
	if (c->sp->fd_args | c->sp->fd_ret | c->sp->fd_pair | c->sp->fd_other)
		c->off = g_fds(c->off, c->phase, c->sp->fd_args |
			       (u32)c->sp->fd_ret << 8 | (u32)c->sp->fd_pair << 16 |
			       (c->outs ? 1u << 24 : 0) |
			       (u32)c->sp->fd_other << 25, &c->ca);
	if (nr == SYS_IOCTL && c->phase == CAP_AT_ENTRY)
		c->off = g_ioc_fd(c->off, &c->ca);
	if (nr == SYS_IOCTL && c->phase == CAP_AT_EXIT && c->outs)
		c->off = g_ioc_retfd(c->off, &c->ca);
	if (ro_dump && c->sp->dump && dump_here(c)) {
		u32 o;

		/* a write's entry: its buffer may be read again at exit;
		   at exit, the dump of a write is entry data read late */
		if (c->phase == CAP_AT_ENTRY)
			o = g_dump(c->off, c->sp->dump, c->phase |
				   CAP_DUMP_RETRY << 8, &c->ca);
		else
			o = g_dump(c->off, c->sp->dump, c->late & CAP_LATE_DUMP ?
				   CAP_AT_ENTRY : c->phase, &c->ca);
		if (o & CAP_DUMP_LATER)
			c->late |= CAP_LATE_DUMP;
		else
			c->off = o;
	}
	if (!r->nitems)
		return;
	r->magic = CAP_MAGIC;
	r->nr = nr;
	r->phase = (u8)c->phase;
	r->pad = 0;
	size = c->off < CAP_REC_MAX ? c->off : CAP_REC_MAX;
	r->size = (u32)size;
	r->ret = c->ca.ret;
	if (ring_on()) {
		/* the sample head in front; the raw bytes padded to 8 */
		u32 *h = (u32 *)(b - RB_HEAD);

		size = bounded(size, 2 * CAP_REC_MAX - 1);
		rb_head(h, (u32)(RB_HEAD + size + 4), RB_ID_CAP, (u32)size + 4);
		if (c->defer)
			pend_cap(h, RB_HEAD + size + 4);
		else if (c->hold)
			c->held = RB_HEAD + (u32)size + 4;
		else
			rb_write(cfg(), h, bounded(RB_HEAD + size + 4,
						   4 * CAP_REC_MAX - 1));
		return;
	}
	bpf_perf_event_output(ctx, &out, BPF_F_CURRENT_CPU, b,
			      bounded(size, 2 * CAP_REC_MAX - 1));
}

/*
 * The value at entry of the in/out length (socklen_t *) an argument's
 * copy is sized by: the kernel writes at most that many bytes, however
 * many it says at exit the whole address had.
 */
static __always_inline u64 in_out_len(const struct cap_spec *sp,
				      const u64 *args)
{
	u32 v = 0;

	for (int i = 0; i < 6; i++) {
		u8 f = sp->arg[i].len_from;

		if (f >= CAP_LEN_DEREF0 && f < CAP_LEN_DEREF0 + 6) {
			if (bpf_probe_read_user(&v, sizeof(v),
				(const void *)args[(f - CAP_LEN_DEREF0) & 7]))
				return 0;
			return v;
		}
	}
	return 0;
}

/* a call's entry: call->ca.args set; copy what the spec says, keep for exit */
static __always_inline void enter_copies(void *ctx, int nr, struct call *call)
{
	u32 key = (u32)nr;

	if (nr < 0 || nr >= CAP_NR_MAX)
		return;
	call->sp = bpf_map_lookup_elem(&spec, &key);
	if (!call->sp || !call->sp->when)
		return;
	call->ca.ret = 0;
	call->ca.lenin = in_out_len(call->sp, call->ca.args);
	call->late = 0;
	call->outs = 0;
	if (call->sp->when & CAP_AT_ENTRY) {
		call->phase = CAP_AT_ENTRY;
		capture(ctx, nr, call);
	}
	if ((call->sp->when & CAP_AT_EXIT) || call->late) {
		struct saved *sv = bpf_task_storage_get(&inflight,
					bpf_get_current_task_btf(), 0,
					BPF_LOCAL_STORAGE_GET_F_CREATE);

		if (!sv)
			return;
		for (int i = 0; i < 6; i++)
			sv->args[i] = call->ca.args[i];
		sv->nr = nr;
		sv->late = call->late;
		sv->mm = call->late ? current_mm() : 0;
		sv->lenin = call->ca.lenin;
		sv->on = 1;
	}
}

/*
 * A call's exit: what it wrote, and the inputs to read again.  hold:
 * leave the copy record for the caller (see struct call); its size, or
 * 0 when none was held.
 */
static __always_inline u32 exit_copies(void *ctx, s64 ctx_nr, s64 ret,
				       u32 hold)
{
	struct saved *sv = inflight_get();
	struct call call;
	u32 key;
	int nr;

	if (!sv)
		return 0;
	/* after rt_sigreturn the kernel reports -1: trust the saved number */
	nr = sv->nr;
	key = (u32)nr;
	for (int i = 0; i < 6; i++)
		call.ca.args[i] = sv->args[i];
	call.defer = 0;
	call.hold = hold;
	call.held = 0;
	call.late = sv->late;
	/* an exec that succeeded: the old memory is gone */
	if (call.late && sv->mm != current_mm())
		call.late = 0;
	sv->on = 0;
	if ((ctx_nr >= 0 && ctx_nr != nr) || nr < 0 || nr >= CAP_NR_MAX)
		return 0;
	/*
	 * a failed call wrote nothing: strace prints the pointers; but
	 * GIO_UNIMAP (a console's Unicode map) sets its count when the room
	 * given was short, and strace prints it whatever the call returned;
	 * HDIO_DRIVE_CMD's EIO (the drive's error) its status; and
	 * perf_event_open's E2BIG the size of the attributes the kernel
	 * knows; V4L2's extended controls (VIDIOC_G_EXT_CTRLS, S_, TRY_)
	 * which of them failed, error_idx; nanosleep's and clock_nanosleep's
	 * remaining time when a signal cut the sleep (EINTR, ERESTART*)
	 */
	call.ca.ret = ret;
	call.ca.lenin = sv->lenin;
	call.outs = !(call.ca.ret < 0 && call.ca.ret >= -4095) ||
		    (nr == SYS_IOCTL && ((u32)call.ca.args[1] == 0x4b66 ||
					 /* SG_IO: its v3 response */
					 (u32)call.ca.args[1] == 0x2285 ||
					 (u32)call.ca.args[1] - 0xc0205647 < 3 ||
					 ((u32)call.ca.args[1] == 0x31f &&
					  call.ca.ret == -5 /* EIO */))) ||
		    (nr == SYS_PERF_EVENT_OPEN && call.ca.ret == -7 /* E2BIG */) ||
		    ((nr == SYS_NANOSLEEP || nr == SYS_CLOCK_NANOSLEEP) &&
		     (call.ca.ret == -4 || (call.ca.ret <= -512 &&
					    call.ca.ret >= -516)));
	call.sp = bpf_map_lookup_elem(&spec, &key);
	if (!call.sp ||
	    (!call.outs && !call.late && !(call.sp->args_when & CAP_AT_FAILED)))
		return 0;
	call.phase = CAP_AT_EXIT;
	capture(ctx, nr, &call);
	return call.held;
}

#endif
