// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, kernel side: copy the memory syscall arguments point to,
 * at the moment of the call, into the same per-CPU rings as the
 * tracepoint samples.  Reading it later from userspace is wrong for many
 * paths (buffers get reused, processes exit); this is exact.
 *
 * What to copy is data (the spec map, built from syscalls.tbl); the
 * program knows only the copy operations of capture_abi.h.  Each
 * operation is a global function, verified once on its own: inlined into
 * every path, the verifier took half a second per load.
 *
 * The programs always return 1: a tracepoint program's 0 would suppress
 * every perf sample of that hit, other tracers' too.
 */
#include <linux/bpf.h>
#include <linux/types.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

#include "capture_abi.h"

typedef __u8 u8;
typedef __u16 u16;
typedef __u32 u32;
typedef __s32 s32;
typedef __u64 u64;
typedef __s64 s64;

char LICENSE[] SEC("license") = "GPL";

/* only the fields used; CO-RE finds them in the running kernel */
struct sigaction___e {
	void *sa_handler;
} __attribute__((preserve_access_index));

struct k_sigaction___e {
	struct sigaction___e sa;
} __attribute__((preserve_access_index));

struct sighand_struct___e {
	struct k_sigaction___e action[64];
} __attribute__((preserve_access_index));

typedef struct {
	unsigned long sig[1];
} sigset_t___e;

struct task_struct {
	int pid;
	int tgid;
	int exit_code;
	sigset_t___e blocked;
	struct sighand_struct___e *sighand;
	void *mm;
} __attribute__((preserve_access_index));

struct iovec_u {
	u64 base;
	u64 len;
};

struct msghdr_u {
	u64 name;
	u32 namelen;
	u32 pad0;
	u64 iov;
	u64 iovlen;
	u64 control;
	u64 controllen;
	u32 flags;
	u32 pad1;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, CAP_NR_MAX);
	__type(key, u32);
	__type(value, struct cap_spec);
} spec SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct cap_config);
} config SEC(".maps");

/*
 * tgids (or tids) being traced.  Checked on every syscall of the system,
 * so an array slot per id (holding the id) when pid_max fits, which costs
 * a load; a hash otherwise.
 */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 65536);
	__type(key, u32);
	__type(value, u8);
} traced SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);		/* set from pid_max at load */
	__type(key, u32);
	__type(value, u32);
} traced_ids SEC(".maps");

/*
 * Entry arguments of calls with something to copy at exit, by tid: their
 * outputs, or (late) inputs whose entry copy faulted.  mm: the address
 * space those inputs were in; a successful exec replaces it, and what the
 * old addresses hold in the new one is not the call's argument.
 */
struct saved {
	u64 args[6];
	s32 nr;
	u32 late;			/* bit n: read args[n] again at exit */
	u64 mm;
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 65536);
	__type(key, u32);
	__type(value, struct saved);
} inflight SEC(".maps");

/* the record being built, one per CPU (too big for a per-CPU map) */
struct scratch {
	u8 buf[CAP_SCRATCH];
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);		/* set to the number of CPUs */
	__type(key, u32);
	__type(value, struct scratch);
} scratch SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(u32));
	__uint(value_size, sizeof(u32));
} out SEC(".maps");

/*
 * Ring mode: a BPF ring buffer per CPU for the syscall records (each
 * record is written by one CPU, so each ring is in time order, as perf's
 * are).  Writing one costs a few tens of ns; a perf sample, from a
 * tracepoint or bpf_perf_event_output, several hundred.
 */
struct rb_cpu {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 1 << 20);	/* set at load */
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY_OF_MAPS);
	__uint(max_entries, 1);		/* set to the number of CPUs */
	__type(key, u32);
	__array(values, struct rb_cpu);
} rbs SEC(".maps");

/* records a full ring dropped: since the last LOST record, and in all */
struct rb_drops {
	u64 pending;
	u64 total;
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct rb_drops);
} rb_drop SEC(".maps");

/* the x86_64 user registers at syscall entry (CO-RE: offsets by name) */
struct pt_regs {
	unsigned long r15, r14, r13, r12, bp, bx, r11, r10, r9, r8;
	unsigned long ax, cx, dx, si, di, orig_ax, ip, cs, flags, sp, ss;
} __attribute__((preserve_access_index));

/* raw_syscalls and syscalls:* share this layout: the number's low half
 * at 8 (long id / int __syscall_nr), then args or ret at 16 */
struct enter_ctx {
	u64 common;
	s32 nr;
	s32 nr_hi;
	u64 args[6];
};

struct exit_ctx {
	u64 common;
	s32 nr;
	s32 nr_hi;
	s64 ret;
};

/*
 * v & mask, so that the compiler cannot drop it (it may know v is small;
 * the verifier does not always see why) and the verifier sees the bound.
 */
static __always_inline u64 bounded(u64 v, const u64 mask)
{
	asm volatile("%[v] &= %[m]" : [v] "+r"(v) : [m] "i"(mask));
	return v;
}

static __always_inline struct cap_config *cfg(void)
{
	u32 zero = 0;

	return bpf_map_lookup_elem(&config, &zero);
}

/*
 * The record being built starts past room for ring mode's sample head
 * (36 bytes: capture() writes it in front of the record there).
 */
#define RB_HEAD 36
#define RB_ROOM 40

static __always_inline u8 *buf(void)
{
	u32 cpu = bpf_get_smp_processor_id();
	struct scratch *s = bpf_map_lookup_elem(&scratch, &cpu);

	return s ? s->buf + RB_ROOM : 0;
}

static __always_inline u32 strsize(void)
{
	struct cap_config *c = cfg();

	return c ? (c->strsize < 4096 ? c->strsize : 4096) : 32;
}

/* data bytes an item at off may have, at most want; 0: no room */
static __always_inline u32 room(u32 off, u32 want)
{
	u32 left;

	if (off + sizeof(struct cap_item) + 8 > CAP_REC_MAX)
		return 0;
	left = CAP_REC_MAX - off - sizeof(struct cap_item) - 8;
	if (want > left)
		want = left;
	if (want > CAP_ITEM_MAX - 1)
		want = CAP_ITEM_MAX - 1;
	return want;
}

/* finish the item at off; returns the offset after it */
static __always_inline u32 item_end(u8 *b, u32 off, u32 arg, u32 phase,
				    u32 len, u32 flags, u32 count, u32 total)
{
	struct cap_item *it = (struct cap_item *)(b + bounded(off, CAP_REC_MAX - 1));
	struct cap_rec *r = (struct cap_rec *)b;

	it->arg = (u8)arg;
	it->flags = (u8)flags;
	it->phase = (u8)phase;
	it->pad = 0;
	it->len = len;
	it->count = count;
	it->total = total;
	r->nitems++;
	return off + sizeof(struct cap_item) + ((len + 7) & ~7u);
}

static __always_inline u8 *data_at(u8 *b, u32 off)
{
	return b + bounded(off, CAP_REC_MAX - 1) + sizeof(struct cap_item);
}

/* a NUL-terminated string of at most max bytes (with the NUL) */
__noinline u32 g_str(u32 off, u32 arg, u64 ptr, u32 max, u32 phase)
{
	u8 *b = buf();
	u32 size = room(off, max);
	long n;

	if (!b || !size)
		return off;
	n = bpf_probe_read_user_str(data_at(b, off), bounded(size, CAP_ITEM_MAX - 1),
				    (const void *)ptr);
	if (n <= 0)
		return item_end(b, off, arg, phase, 0, CAP_F_FAULT, 0, 0);
	/* a full buffer: the string may go on */
	return item_end(b, off, arg, phase, (u32)n - 1,
			(u32)n >= size ? CAP_F_TRUNC : 0, 0, 0);
}

/* min(len, max) bytes; max_phase = max | phase << 24 */
__noinline u32 g_buf(u32 off, u32 arg, u64 ptr, u64 len, u32 max_phase)
{
	u8 *b = buf();
	u32 max = max_phase & 0xffffff, phase = max_phase >> 24;
	u32 size = len < max ? (u32)len : max;
	u32 flags = len > size ? CAP_F_TRUNC : 0;
	u32 fit;

	if (!b)
		return off;
	fit = room(off, size);
	if (!fit && off + sizeof(struct cap_item) + 8 > CAP_REC_MAX)
		return off;
	if (fit < size) {
		size = fit;
		flags |= CAP_F_TRUNC;
	}
	if (size && bpf_probe_read_user(data_at(b, off), bounded(size, CAP_ITEM_MAX - 1),
					(const void *)ptr))
		return item_end(b, off, arg, phase, 0, CAP_F_FAULT, 0, 0);
	return item_end(b, off, arg, phase, size, flags, 0, 0);
}

/* elements of a NULL-terminated pointer array, up to 4096 */
struct count_ctx {
	u64 base;
	u32 n;
};

static long count_one(u32 i, struct count_ctx *c)
{
	u64 p = 0;

	if (bpf_probe_read_user(&p, sizeof(p), (const void *)(c->base + 8 * (u64)i)) || !p)
		return 1;
	c->n = i + 1;
	return 0;
}

static __always_inline u32 count_ptrs(u64 base)
{
	struct count_ctx c = { base, 0 };

	bpf_loop(4096, count_one, &c, 0);
	return c.n;
}

__noinline u32 g_count(u32 off, u32 arg, u64 base, u32 phase)
{
	u8 *b = buf();

	if (!b || !room(off, 8))
		return off;
	return item_end(b, off, arg, phase, 0, 0, 0, count_ptrs(base));
}

struct argv_ctx {
	u8 *b;
	u64 base;
	u32 start, len, count, max, elem;
	u32 flags;
};

static long argv_one(u32 i, struct argv_ctx *c)
{
	u64 p = 0;
	long n;
	u32 at;

	if (i >= c->max ||
	    bpf_probe_read_user(&p, sizeof(p), (const void *)(c->base + 8 * (u64)i)) ||
	    !p)
		return 1;
	at = c->start + sizeof(struct cap_item) + c->len;
	if (at + c->elem + 8 > CAP_REC_MAX) {
		c->flags |= CAP_F_TRUNC;
		return 1;
	}
	n = bpf_probe_read_user_str(c->b + bounded(at, CAP_REC_MAX - 1),
				    bounded(c->elem, 511), (const void *)p);
	if (n <= 0) {
		c->flags |= CAP_F_FAULT;
		return 1;
	}
	c->len += (u32)n;
	c->count++;
	return 0;
}

/* up to strsize strings of up to strsize+1 chars, each NUL-terminated */
__noinline u32 g_argv(u32 off, u32 arg, u64 base, u32 phase)
{
	struct argv_ctx c = { 0 };
	u32 total, ss = strsize();

	c.b = buf();
	if (!c.b || !room(off, 8))
		return off;
	c.base = base;
	c.start = off;
	c.max = ss < CAP_ARRAY_MAX ? ss : CAP_ARRAY_MAX;
	c.elem = ss + 2 < 256 ? ss + 2 : 256;
	bpf_loop(CAP_ARRAY_MAX, argv_one, &c, 0);
	total = count_ptrs(base);
	if (total < c.count)
		total = c.count;
	return item_end(c.b, off, arg, phase, c.len, c.flags, c.count, total);
}

struct iov_ctx {
	u8 *b;
	u32 start, n, len, data, ss;
	u64 left;
	u32 flags;
};

static long iov_one(u32 i, struct iov_ctx *c)
{
	struct iovec_u v;
	u64 take;
	u32 at;

	if (i >= c->n || !c->left)
		return 1;
	if (bpf_probe_read_kernel(&v, sizeof(v), c->b +
			bounded(c->start + sizeof(struct cap_item) + i * sizeof(v),
				CAP_REC_MAX - 1)))
		return 1;
	take = v.len < c->ss ? v.len : c->ss;
	if (take > c->left)
		take = c->left;
	c->left = c->left > v.len ? c->left - v.len : 0;
	at = c->start + sizeof(struct cap_item) + c->len + c->data;
	if (at + take + 8 > CAP_REC_MAX) {
		c->flags |= CAP_F_TRUNC;
		return 1;
	}
	if (take && bpf_probe_read_user(c->b + bounded(at, CAP_REC_MAX - 1),
					bounded(take, 4095), (const void *)v.base)) {
		c->flags |= CAP_F_FAULT;
		return 1;
	}
	c->data += (u32)take;
	return 0;
}

/*
 * struct iovec[cnt], then each element's data: min(iov_len, strsize,
 * left), where left (the bytes the call moves) shrinks by each iov_len.
 * cnt_phase = cnt | phase << 24.
 */
__noinline u32 g_iov(u32 off, u32 arg, u64 base, u32 cnt_phase, u64 left)
{
	struct iov_ctx c = { 0 };
	u32 cnt = cnt_phase & 0xffffff, phase = cnt_phase >> 24;

	c.b = buf();
	if (!c.b)
		return off;
	c.n = cnt < CAP_ARRAY_MAX ? cnt : CAP_ARRAY_MAX;
	c.len = c.n * (u32)sizeof(struct iovec_u);
	c.start = off;
	c.left = left;
	c.ss = strsize();
	if (room(off, c.len) < c.len)
		return off;
	if (c.len && bpf_probe_read_user(data_at(c.b, off), bounded(c.len, CAP_ITEM_MAX - 1),
					 (const void *)base))
		return item_end(c.b, off, arg, phase, 0, CAP_F_FAULT, 0, cnt);
	bpf_loop(CAP_ARRAY_MAX, iov_one, &c, 0);
	return item_end(c.b, off, arg, phase, c.len + c.data, c.flags, c.n, cnt);
}

struct sum_ctx {
	u64 iov;
	u64 n;
	u64 sum;
};

static long sum_one(u32 i, struct sum_ctx *c)
{
	struct iovec_u v;

	if (i >= c->n ||
	    bpf_probe_read_user(&v, sizeof(v), (const void *)(c->iov + 16 * (u64)i)))
		return 1;
	c->sum += v.len;
	return 0;
}

/* what a writev-like call is asked to move: the sum of the lengths */
__noinline u64 g_iov_sum(u64 iov, u64 n)
{
	struct sum_ctx c = { iov, n, 0 };

	bpf_loop(CAP_ARRAY_MAX, sum_one, &c, 0);
	return c.sum;
}

/* the header, the name, iovec + data, the control data: four items */
__noinline u32 g_msghdr(u32 off, u32 arg, u64 ptr, s64 ret, u32 phase)
{
	struct msghdr_u m;
	u64 left;

	if (bpf_probe_read_user(&m, sizeof(m), (const void *)ptr))
		return g_buf(off, arg, 0, 0, 0 | phase << 24);
	off = g_buf(off, arg, ptr, sizeof(m), sizeof(m) | phase << 24);
	off = g_buf(off, arg, m.name, m.name ? m.namelen : 0, 128 | phase << 24);
	left = phase == CAP_AT_EXIT ? (ret > 0 ? (u64)ret : 0) :
				      g_iov_sum(m.iov, m.iovlen);
	off = g_iov(off, arg, m.iov, (u32)(m.iovlen < CAP_ARRAY_MAX ? m.iovlen :
				CAP_ARRAY_MAX) | phase << 24, left);
	return g_buf(off, arg, m.control, m.control ? m.controllen : 0,
		     256 | phase << 24);
}

struct dirent_ctx {
	u64 base;
	u64 end;
	u64 pos;
	u32 n;
};

static long dirent_one(u32 i, struct dirent_ctx *c)
{
	u16 reclen = 0;

	if (c->pos + 19 > c->end ||
	    bpf_probe_read_user(&reclen, sizeof(reclen), (const void *)(c->base + c->pos + 16)) ||
	    !reclen)
		return 1;
	c->pos += reclen;
	c->n++;
	return 0;
}

/* the first bytes, and (as total) the number of linux_dirent64 records */
__noinline u32 g_dirents(u32 off, u32 arg, u64 ptr, u64 len, u32 max_phase)
{
	struct dirent_ctx c = { ptr, len, 0, 0 };
	u32 end = g_buf(off, arg, ptr, len, max_phase);
	u8 *b = buf();

	if (!b || end == off)
		return end;
	bpf_loop(8192, dirent_one, &c, 0);
	((struct cap_item *)(b + bounded(off, CAP_REC_MAX - 1)))->total = c.n;
	return end;
}

static __always_inline u64 length(const struct cap_arg_spec *a, const u64 *args,
				  s64 ret)
{
	u8 f = a->len_from;
	u32 v = 0;

	if (f == CAP_LEN_CONST)
		return a->max;
	if (f >= CAP_LEN_ARG0 && f < CAP_LEN_ARG0 + 6)
		return args[(f - CAP_LEN_ARG0) & 7];
	if (f == CAP_LEN_RET)
		return ret > 0 ? (u64)ret : 0;
	if (f >= CAP_LEN_DEREF0 && f < CAP_LEN_DEREF0 + 6) {
		if (bpf_probe_read_user(&v, sizeof(v),
					(const void *)args[(f - CAP_LEN_DEREF0) & 7]))
			return 0;
		return v;
	}
	if (f == CAP_LEN_NFDS)
		return (args[0] + 7) / 8;
	if (f >= CAP_LEN_PAGES0 && f < CAP_LEN_PAGES0 + 6)
		return (args[(f - CAP_LEN_PAGES0) & 7] + 4095) / 4096;
	return 0;
}

/* what a copy's length may come from */
struct call_args {
	u64 args[6];
	s64 ret;
	u64 pad;	/* 8 u64: any index & 7 is inside */
};

/*
 * Argument i's copy, for phase ph; spec is its struct cap_arg_spec.  One
 * global function for every operation: verified once, whatever the
 * phase, instead of along each path of both programs.
 */
__noinline u32 g_arg(u32 off, u32 i, u32 ph, u64 spec,
		     const struct call_args *ca)
{
	struct cap_arg_spec sa, *a = &sa;
	u64 ptr, len;

	if (!ca)
		return off;
	__builtin_memcpy(&sa, &spec, sizeof(sa));
	ptr = ((const u64 *)ca)[bounded(i, 7)];
	switch (a->op) {
	case CAP_OP_STR:
		return g_str(off, i, ptr, a->max, ph);
	case CAP_OP_BUF:
		len = length(a, ca->args, ca->ret) * a->elem;
		return g_buf(off, i, ptr, len, (a->max & 0xffffff) | ph << 24);
	case CAP_OP_ARGV:
		return g_argv(off, i, ptr, ph);
	case CAP_OP_COUNT:
		return g_count(off, i, ptr, ph);
	case CAP_OP_IOV:
		len = length(a, ca->args, ca->ret);
		return g_iov(off, i, ptr,
			     (u32)(len < CAP_ARRAY_MAX ? len : CAP_ARRAY_MAX) | ph << 24,
			     ph == CAP_AT_EXIT ? (ca->ret > 0 ? (u64)ca->ret : 0) :
						 g_iov_sum(ptr, len));
	case CAP_OP_MSGHDR:
		return g_msghdr(off, i, ptr, ca->ret, ph);
	case CAP_OP_DIRENTS:
		return g_dirents(off, i, ptr, length(a, ca->args, ca->ret),
				 (a->max & 0xffffff) | ph << 24);
	}
	return off;
}

struct call {
	struct call_args ca;
	u32 off;
	u32 phase;
	u32 late;	/* entry: faulted, to retry; exit: to retry now */
	u32 outs;	/* exit: the call succeeded, copy what it wrote */
	struct cap_spec *sp;
};

/* the entry item at off faulted: mark it, and the argument for exit */
static __always_inline void retry_later(struct call *c, u32 off, u32 i)
{
	u8 *b = buf();
	struct cap_item *it;

	if (!b)
		return;
	it = (struct cap_item *)(b + bounded(off, CAP_REC_MAX - 1));
	if (it->flags & CAP_F_FAULT) {
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
	else if (!(a->when & ph) || (ph == CAP_AT_EXIT && !c->outs))
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

static __always_inline void put64(u32 *p, u64 v)
{
	p[0] = (u32)v;
	p[1] = (u32)(v >> 32);
}

/* a record into this CPU's ring; one that does not fit is counted */
static __always_inline void rb_write(struct cap_config *c, void *rec,
				     u64 size)
{
	u32 cpu = bpf_get_smp_processor_id(), zero = 0;
	struct rb_drops *d = bpf_map_lookup_elem(&rb_drop, &zero);
	void *rb = bpf_map_lookup_elem(&rbs, &cpu);
	u64 avail, flags;

	if (!rb || !d)
		return;
	/* what was dropped is said first, where it happened */
	if (d->pending) {
		u64 pt = bpf_get_current_pid_tgid();
		u32 lost[RB_LOST_SIZE / 4] = {};

		lost[0] = 2;			/* PERF_RECORD_LOST */
		lost[1] = RB_LOST_SIZE << 16;	/* misc 0, size */
		put64(&lost[2], c->id_enter);
		put64(&lost[4], d->pending);
		lost[6] = (u32)(pt >> 32);
		lost[7] = (u32)pt;
		put64(&lost[8], bpf_ktime_get_ns());
		put64(&lost[10], c->id_enter);
		if (bpf_ringbuf_output(rb, lost, sizeof(lost), 0)) {
			d->pending++;
			d->total++;
			return;
		}
		d->pending = 0;
	}
	/* wake the reader as the ring passes rb_wake, not at every record */
	avail = bpf_ringbuf_query(rb, BPF_RB_AVAIL_DATA);
	flags = avail < c->rb_wake && avail + size >= c->rb_wake ?
		BPF_RB_FORCE_WAKEUP : BPF_RB_NO_WAKEUP;
	if (bpf_ringbuf_output(rb, rec, size, flags)) {
		d->pending++;
		d->total++;
	}
}

/* a record's head: the perf sample fields before the raw bytes (36) */
static __always_inline void rb_head(u32 *r, u32 size, u64 id, u32 raw)
{
	u64 pt = bpf_get_current_pid_tgid();

	r[0] = 9;			/* PERF_RECORD_SAMPLE */
	r[1] = size << 16;		/* misc 0, size */
	put64(&r[2], id);
	r[4] = (u32)(pt >> 32);
	r[5] = (u32)pt;
	put64(&r[6], bpf_ktime_get_ns());
	r[8] = raw;
}

static __always_inline int ring_on(void)
{
	struct cap_config *c = cfg();

	return c && c->ring;
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
	bpf_loop(6, arg_one, c, 0);
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
		rb_write(cfg(), h, bounded(RB_HEAD + size + 4, 4 * CAP_REC_MAX - 1));
		return;
	}
	bpf_perf_event_output(ctx, &out, BPF_F_CURRENT_CPU, b,
			      bounded(size, 2 * CAP_REC_MAX - 1));
}

static __always_inline int traced_in(u32 in_array, u32 mask, u32 id)
{
	if (in_array) {
		u32 k = id & mask;
		u32 *v = bpf_map_lookup_elem(&traced_ids, &k);

		return v && *v == id;
	}
	return bpf_map_lookup_elem(&traced, &id) != 0;
}

static __always_inline int traced_id(struct cap_config *c, u32 id)
{
	return traced_in(c->ids_in_array, c->slot_mask, id);
}

static __always_inline void traced_set(struct cap_config *c, u32 id, int on)
{
	u8 one = 1;

	if (c->ids_in_array) {
		u32 k = id & c->slot_mask;
		u32 *v = bpf_map_lookup_elem(&traced_ids, &k);

		if (v && (on || *v == id))
			*v = on ? id : 0;
	} else if (on) {
		bpf_map_update_elem(&traced, &id, &one, BPF_ANY);
	} else {
		bpf_map_delete_elem(&traced, &id);
	}
}

static __always_inline int is_traced(struct cap_config *c)
{
	u64 pt = bpf_get_current_pid_tgid();

	return c->all || traced_id(c, c->by_tid ? (u32)pt : (u32)(pt >> 32));
}

static __always_inline u64 current_mm(void)
{
	struct task_struct *t = (struct task_struct *)bpf_get_current_task();

	return (u64)BPF_CORE_READ(t, mm);
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
	call->ca.pad = 0;
	call->late = 0;
	call->outs = 0;
	if (call->sp->when & CAP_AT_ENTRY) {
		call->phase = CAP_AT_ENTRY;
		capture(ctx, nr, call);
	}
	if ((call->sp->when & CAP_AT_EXIT) || call->late) {
		u32 tid = (u32)bpf_get_current_pid_tgid();
		struct saved sv;

		for (int i = 0; i < 6; i++)
			sv.args[i] = call->ca.args[i];
		sv.nr = nr;
		sv.late = call->late;
		sv.mm = call->late ? current_mm() : 0;
		bpf_map_update_elem(&inflight, &tid, &sv, BPF_ANY);
	}
}

SEC("tracepoint")
int cap_enter(struct enter_ctx *ctx)
{
	struct cap_config *c = cfg();
	struct call call;

	if (!c || !is_traced(c))
		return 1;
	/*
	 * Read, not loaded: a syscalls:sys_enter_X record holds only that
	 * syscall's arguments, and the kernel refuses to attach a program
	 * that loads past a record's end.  The bytes past are unused.
	 */
	if (bpf_probe_read_kernel(call.ca.args, sizeof(call.ca.args), ctx->args))
		return 1;
	enter_copies(ctx, ctx->nr, &call);
	return 1;
}

/* a call's exit: what it wrote, and the inputs to read again */
static __always_inline void exit_copies(void *ctx, s64 ctx_nr, s64 ret)
{
	u32 tid = (u32)bpf_get_current_pid_tgid();
	struct saved *sv;
	struct call call;
	u32 key;
	int nr;

	sv = bpf_map_lookup_elem(&inflight, &tid);
	if (!sv)
		return;
	/* after rt_sigreturn the kernel reports -1: trust the saved number */
	nr = sv->nr;
	key = (u32)nr;
	for (int i = 0; i < 6; i++)
		call.ca.args[i] = sv->args[i];
	call.late = sv->late;
	/* an exec that succeeded: the old memory is gone */
	if (call.late && sv->mm != current_mm())
		call.late = 0;
	bpf_map_delete_elem(&inflight, &tid);
	if ((ctx_nr >= 0 && ctx_nr != nr) || nr < 0 || nr >= CAP_NR_MAX)
		return;
	/* a failed call wrote nothing: strace prints the pointers */
	call.ca.ret = ret;
	call.ca.pad = 0;
	call.outs = !(call.ca.ret < 0 && call.ca.ret >= -4095);
	if (!call.outs && !call.late)
		return;
	call.sp = bpf_map_lookup_elem(&spec, &key);
	if (!call.sp)
		return;
	call.phase = CAP_AT_EXIT;
	capture(ctx, nr, &call);
}

SEC("tracepoint")
int cap_exit(struct exit_ctx *ctx)
{
	struct cap_config *c = cfg();

	if (c && is_traced(c))
		exit_copies(ctx, ctx->nr, ctx->ret);
	return 1;
}

static __always_inline int ring_traced(struct cap_config *c)
{
	if (c->all)
		return (u32)(bpf_get_current_pid_tgid() >> 32) != c->self;
	return is_traced(c);
}

/* syscall nr's bit in a set of CAP_NR_MAX bits (sel, rsel) */
static __always_inline int nr_in(const volatile unsigned long long *set, s64 nr)
{
	return nr >= 0 && nr < CAP_NR_MAX &&
	       (set[(nr >> 6) & 15] >> (nr & 63) & 1);
}

/*
 * Ring mode: the entry of a traced, selected call: its copies first (in
 * the perf ring, stamped before this record), then the call.
 */
SEC("tp_btf/sys_enter")
int ring_enter(u64 *ctx)
{
	struct pt_regs *regs = (struct pt_regs *)ctx[0];
	struct cap_config *c = cfg();
	s64 nr = (s64)ctx[1];
	u32 r[RB_ENTER_SIZE / 4];
	struct call call;

	if (!c || !c->ring || !nr_in(c->rsel, nr) || !ring_traced(c))
		return 0;
	call.ca.args[0] = regs->di;
	call.ca.args[1] = regs->si;
	call.ca.args[2] = regs->dx;
	call.ca.args[3] = regs->r10;
	call.ca.args[4] = regs->r8;
	call.ca.args[5] = regs->r9;
	enter_copies(ctx, (int)nr, &call);
	/* raw: common fields (unused), id, args[6]; then padding */
	rb_head(r, RB_ENTER_SIZE, c->id_enter, 64);
	r[9] = r[10] = 0;
	put64(&r[11], (u64)nr);
	for (int i = 0; i < 6; i++)
		put64(&r[13 + 2 * i], call.ca.args[i]);
	r[25] = 0;
	rb_write(c, r, sizeof(r));
	return 0;
}

/* its exit (-1 as the number after rt_sigreturn, as raw_syscalls says) */
SEC("tp_btf/sys_exit")
int ring_exit(u64 *ctx)
{
	struct pt_regs *regs = (struct pt_regs *)ctx[0];
	struct cap_config *c = cfg();
	s64 ret = (s64)ctx[1], nr;
	u32 r[RB_EXIT_SIZE / 4];

	if (!c || !c->ring)
		return 0;
	nr = (s64)regs->orig_ax;
	if ((nr >= 0 && !nr_in(c->rsel, nr)) || !ring_traced(c))
		return 0;
	exit_copies(ctx, nr, ret);
	/* raw: common fields (unused), id, ret; then padding */
	rb_head(r, RB_EXIT_SIZE, c->id_exit, 24);
	r[9] = r[10] = 0;
	put64(&r[11], (u64)nr);
	put64(&r[13], (u64)ret);
	r[15] = 0;
	rb_write(c, r, sizeof(r));
	return 0;
}

/*
 * -c: the summary is kept in the kernel, exact, with no record per call:
 * calls, errors, time, min, max and a log2 histogram per key.
 */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_HASH);
	__uint(max_entries, 8192);
	__type(key, struct sum_key);
	__type(value, struct sum_val);
} sums SEC(".maps");

/* calls with no room to be filed (a full table, no storage for a task
   switched out in one): said, not lost silently */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, u64);
} sum_full SEC(".maps");

/* per-syscall rows when the summary is by syscall only: an array */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, CAP_NR_MAX);
	__type(key, u32);
	__type(value, struct sum_val);
} sum_by_nr SEC(".maps");

/*
 * A counted call its task was switched out in (sum_switch), in the task's
 * own storage, where its exit finds it on whichever CPU.  Only switches
 * in a call and the first exit after a task comes on a CPU look here.
 */
struct sum_start {
	u64 ts;
	u32 call;		/* its number + 1; 0: none */
	u32 pad;
};

struct {
	__uint(type, BPF_MAP_TYPE_TASK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, struct sum_start);
} sum_task SEC(".maps");

static __always_inline u32 log2_ns(u64 v)
{
	u32 r = 0;

	for (int i = 32; i >= 1; i /= 2) {
		if (v >> i) {
			v >>= i;
			r += i;
		}
	}
	return r < SUM_HIST ? r : SUM_HIST - 1;
}

static __always_inline void no_room(void)
{
	u32 z = 0;
	u64 *full = bpf_map_lookup_elem(&sum_full, &z);

	if (full)
		(*full)++;
}

/* set by etrace before loading (capture_open) */
const volatile struct sum_conf sum_conf = {};

static __always_inline void sum_add(u32 nr, s64 ret, u64 ns, int timed)
{
	struct sum_key k = { .nr = nr };
	struct sum_val *v = 0;
	u32 by = sum_conf.sum_by;
	u64 pt;

	if (!by && nr < CAP_NR_MAX) {
		v = bpf_map_lookup_elem(&sum_by_nr, &nr);
		if (v)
			goto add;
	}
	pt = bpf_get_current_pid_tgid();
	if (by & SUM_BY_COMM)
		bpf_get_current_comm(k.comm, sizeof(k.comm));
	if (by & SUM_BY_PID)
		k.pid = (int)(pt >> 32);
	if (by & SUM_BY_TID)
		k.tid = (int)(u32)pt;
	v = bpf_map_lookup_elem(&sums, &k);
	if (!v) {
		struct sum_val zero = {};

		bpf_map_update_elem(&sums, &k, &zero, BPF_NOEXIST);
		v = bpf_map_lookup_elem(&sums, &k);
		if (!v) {
			no_room();
			return;
		}
	}
add:
	v->calls++;
	if (ret < 0 && ret >= -4095)
		v->errors++;
	if (!timed)
		return;
	v->ns += ns;
	if (!v->min_ns || ns < v->min_ns)
		v->min_ns = ns ? ns : 1;
	if (ns > v->max_ns)
		v->max_ns = ns;
	if (sum_conf.hist) {
		u32 b = log2_ns(ns);

		if (b >= SUM_HIST)
			b = SUM_HIST - 1;
		v->hist[b]++;
	}
}

/*
 * The call in progress on each CPU, and the verdict on the task running
 * there: between two context switches one task runs on a CPU, so entry
 * and exit meet here with no lookup by task (helper calls: with the two
 * clock reads, the dearest part of programs this small; measured ~20 ns
 * per call less than a slot per tid).  sum_switch clears it and, for a
 * task switched out inside a counted call, moves the call to the task's
 * own storage, where its exit (on whichever CPU) finds it.
 */
struct sum_cpu {
	u64 ts;			/* when the call began */
	u32 call;		/* its number + 1; 0: no call counted here */
	u32 traced;		/* the verdict on the running task */
	u64 known;		/* traced_gen + 1 when made; 0: no verdict */
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct sum_cpu);
} sum_cpu SEC(".maps");

/* bumped by etrace (through its mapping of this) each time it adds a
   task to the traced set */
volatile unsigned long long traced_gen;

static __always_inline struct sum_cpu *sum_here(void)
{
	u32 zero = 0;

	return bpf_map_lookup_elem(&sum_cpu, &zero);
}

SEC("tp_btf/sys_enter")
int sum_enter(u64 *ctx)
{
	struct sum_cpu *s = sum_here();
	s64 nr = (s64)ctx[1];
	u64 gen = traced_gen + 1;

	if (!s)
		return 0;
	if (s->known != gen) {
		u64 pt = bpf_get_current_pid_tgid();

		s->traced = sum_conf.all ||
			    traced_in(sum_conf.ids_in_array, sum_conf.slot_mask,
				      sum_conf.by_tid ? (u32)pt : (u32)(pt >> 32));
		s->known = gen;
	}
	if (!s->traced || !nr_in(sum_conf.sel, nr))
		return 0;
	s->call = (u32)nr + 1;
	s->ts = bpf_ktime_get_ns();
	return 0;
}

SEC("tp_btf/sys_exit")
int sum_exit(u64 *ctx)
{
	struct sum_cpu *s = sum_here();
	struct sum_start *st;
	u64 now = bpf_ktime_get_ns();

	if (!s)
		return 0;
	if (s->call) {
		sum_add(s->call - 1, (s64)ctx[1], now - s->ts, 1);
		s->call = 0;
		return 0;
	}
	/*
	 * A verdict made here since the task came on this CPU: it entered
	 * this call here, and the call was not counted.  Without one, the
	 * call began before the task was switched in: its storage says.
	 */
	if (s->known)
		return 0;
	st = bpf_task_storage_get(&sum_task, bpf_get_current_task_btf(), 0, 0);
	if (!st || !st->call)
		return 0;
	sum_add(st->call - 1, (s64)ctx[1], now - st->ts, 1);
	st->call = 0;
	return 0;
}

SEC("tp_btf/sched_switch")
int sum_switch(u64 *ctx)
{
	struct task_struct *prev = (struct task_struct *)ctx[1];
	struct sum_cpu *s = sum_here();
	struct sum_start *st;

	if (!s)
		return 0;
	if (s->call) {
		st = bpf_task_storage_get(&sum_task, prev, 0,
					  BPF_LOCAL_STORAGE_GET_F_CREATE);
		if (st) {
			st->ts = s->ts;
			st->call = s->call;
		} else {
			no_room();
		}
	}
	s->call = 0;
	s->known = 0;
	return 0;
}

/* -c -e SYS:EVENT: counts of any tracepoint; the cookie says which */
SEC("tracepoint")
int sum_event(void *ctx)
{
	struct cap_config *c = cfg();

	if (c && is_traced(c))
		sum_add(SUM_EVENT_BASE + (u32)bpf_get_attach_cookie(ctx), 0, 0, 0);
	return 1;
}

/* "--- SIGCHLD {si_signo=SIGCHLD, ...} ---": the siginfo as delivered */
SEC("tp_btf/signal_deliver")
int cap_signal(u64 *ctx)
{
	struct cap_config *c = cfg();
	struct cap_sig e = {};
	u64 info = ctx[1];

	if (!c || !is_traced(c))
		return 0;
	e.magic = CAP_MAGIC_SIG;
	e.tid = (int)(u32)bpf_get_current_pid_tgid();
	e.sig = (int)ctx[0];
	/* 0 and 1 are SEND_SIG_NOINFO and SEND_SIG_PRIV, not pointers */
	if (info > 1)
		e.have_info = !bpf_probe_read_kernel(e.info, sizeof(e.info),
						     (const void *)info);
	if (ctx[2])
		e.handler = (u64)BPF_CORE_READ((struct k_sigaction___e *)ctx[2],
					       sa.sa_handler);
	bpf_perf_event_output(ctx, &out, BPF_F_CURRENT_CPU, &e, sizeof(e));
	return 0;
}

/*
 * Signals that kill without being delivered: a fatal signal with SIG_DFL,
 * not blocked and not dumping core, ends the process right when it is
 * sent (the kernel sends SIGKILL to its threads), so signal_deliver never
 * sees it.  strace shows it (ptrace stops that shortcut): so do we, from
 * the moment it is sent.
 */
#define SIG_FASTFATAL ((1ull << (1 - 1)) | (1ull << (2 - 1)) | \
		       (1ull << (10 - 1)) | (1ull << (12 - 1)) | \
		       (1ull << (13 - 1)) | (1ull << (14 - 1)) | \
		       (1ull << (15 - 1)) | (1ull << (16 - 1)) | \
		       (1ull << (26 - 1)) | (1ull << (27 - 1)) | \
		       (1ull << (29 - 1)) | (1ull << (30 - 1)) | \
		       0xffffffff00000000ull)

SEC("tp_btf/signal_generate")
int cap_signal_gen(u64 *ctx)
{
	struct task_struct *t = (struct task_struct *)ctx[2];
	struct cap_config *c = cfg();
	struct cap_sig e = {};
	int sig = (int)ctx[0], result = (int)ctx[4];
	u64 info = ctx[1], handler, blocked;
	u32 id;

	if (!c || result != 0 || sig < 1 || sig > 64 ||
	    !(SIG_FASTFATAL >> (sig - 1) & 1))
		return 0;
	id = c->by_tid ? (u32)BPF_CORE_READ(t, pid) : (u32)BPF_CORE_READ(t, tgid);
	if (!c->all && !traced_id(c, id))
		return 0;
	handler = (u64)BPF_CORE_READ(t, sighand, action[(sig - 1) & 63].sa.sa_handler);
	blocked = BPF_CORE_READ(t, blocked.sig[0]);
	if (handler != 0 || (blocked >> (sig - 1) & 1))
		return 0;
	e.magic = CAP_MAGIC_SIG;
	e.tid = BPF_CORE_READ(t, pid);
	e.sig = sig;
	if (info > 1)
		e.have_info = !bpf_probe_read_kernel(e.info, sizeof(e.info),
						     (const void *)info);
	bpf_perf_event_output(ctx, &out, BPF_F_CURRENT_CPU, &e, sizeof(e));
	return 0;
}

/* x86_64 struct pt_regs, as uprobe programs get it */
struct pt_regs_x86 {
	u64 r15, r14, r13, r12, bp, bx, r11, r10, r9, r8;
	u64 ax, cx, dx, si, di, orig_ax, ip, cs, flags, sp, ss;
};

/*
 * bash's globals are at fixed offsets from its functions: the uprobe
 * fires at the function's first instruction, so ip - the function's
 * link-time address is the load bias.
 */
static __always_inline u64 bash_addr(u64 ip, u64 func, u64 var)
{
	return ip - func + var;
}

static __always_inline void bash_emit(void *ctx, struct cap_bash *b)
{
	b->magic = CAP_MAGIC_BASH;
	b->tid = (int)(u32)bpf_get_current_pid_tgid();
	bpf_perf_event_output(ctx, &out, BPF_F_CURRENT_CPU, b, sizeof(*b));
}

/* per CPU: too big for the stack */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct cap_bash);
} bash_rec SEC(".maps");

static __always_inline struct cap_bash *bash_new(void)
{
	u32 zero = 0;
	struct cap_bash *b = bpf_map_lookup_elem(&bash_rec, &zero);

	if (b)
		__builtin_memset(b, 0, sizeof(*b));
	return b;
}

SEC("uprobe")
int bash_make_child(struct pt_regs_x86 *ctx)
{
	struct cap_config *c = cfg();
	struct cap_bash *b;
	u64 ip = ctx->ip, fn = 0, name = 0, zero = 0;
	int lvl = 0;

	if (!c || !is_traced(c) || !(b = bash_new()))
		return 0;
	(void)zero;
	b->kind = BASH_FORK;
	bpf_probe_read_user(&b->line, sizeof(b->line),
			    (void *)bash_addr(ip, c->bash.make_child, c->bash.line_number));
	bpf_probe_read_user(&lvl, sizeof(lvl),
			    (void *)bash_addr(ip, c->bash.make_child, c->bash.sourcelevel));
	b->sourcelevel = lvl;
	/* this_shell_function: a SHELL_VAR whose first field is the name */
	bpf_probe_read_user(&fn, sizeof(fn),
			    (void *)bash_addr(ip, c->bash.make_child, c->bash.this_shell_function));
	if (fn && !bpf_probe_read_user(&name, sizeof(name), (void *)fn) && name)
		bpf_probe_read_user_str(b->name, sizeof(b->name), (void *)name);
	/* $0: dollar_vars[0] */
	name = 0;
	if (!bpf_probe_read_user(&name, sizeof(name),
				 (void *)bash_addr(ip, c->bash.make_child, c->bash.dollar_vars)) && name)
		bpf_probe_read_user_str(b->file, sizeof(b->file), (void *)name);
	bash_emit(ctx, b);
	return 0;
}

/* bind_function_def(name, FUNCTION_DEF *def, flags): def->source_file */
SEC("uprobe")
int bash_bind_func(struct pt_regs_x86 *ctx)
{
	struct cap_config *c = cfg();
	struct cap_bash *b;
	u64 file = 0;

	if (!c || !is_traced(c) || !(b = bash_new()))
		return 0;
	b->kind = BASH_FUNC;
	bpf_probe_read_user_str(b->name, sizeof(b->name), (void *)ctx->di);
	/* FUNCTION_DEF: int flags, line; WORD_DESC *name; COMMAND *command;
	   char *source_file (bash 5.2) */
	if (ctx->si && !bpf_probe_read_user(&file, sizeof(file), (void *)(ctx->si + 24)) && file)
		bpf_probe_read_user_str(b->file, sizeof(b->file), (void *)file);
	bash_emit(ctx, b);
	return 0;
}

/* source_file(filename, flags): a file is about to be sourced */
SEC("uprobe")
int bash_source(struct pt_regs_x86 *ctx)
{
	struct cap_config *c = cfg();
	struct cap_bash *b;
	int lvl = 0;

	if (!c || !is_traced(c) || !(b = bash_new()))
		return 0;
	b->kind = BASH_SOURCE;
	bpf_probe_read_user(&lvl, sizeof(lvl),
			    (void *)bash_addr(ctx->ip, c->bash.source_file, c->bash.sourcelevel));
	b->sourcelevel = lvl;
	bpf_probe_read_user_str(b->file, sizeof(b->file), (void *)ctx->di);
	bash_emit(ctx, b);
	return 0;
}

struct linux_binprm___e {
	unsigned int secureexec:1;
	const char *filename;
	const char *interp;
} __attribute__((preserve_access_index));

struct mm_struct___e {
	unsigned long start_stack;
} __attribute__((preserve_access_index));

/* a NUL-terminated kernel string of at most max bytes (with the NUL) */
__noinline u32 g_kstr(u32 off, u32 arg, u64 ptr, u32 max, u32 phase)
{
	u8 *b = buf();
	u32 size = room(off, max);
	long n;

	if (!b || !size)
		return off;
	n = bpf_probe_read_kernel_str(data_at(b, off),
				      bounded(size, CAP_ITEM_MAX - 1),
				      (const void *)ptr);
	if (n <= 0)
		return item_end(b, off, arg, phase, 0, CAP_F_FAULT, 0, 0);
	return item_end(b, off, arg, phase, (u32)n - 1,
			(u32)n >= size ? CAP_F_TRUNC : 0, 0, 0);
}

/*
 * An execve whose path, argv or envp could not be read at entry (pages
 * a fork child had not touched yet) succeeded: the old memory is gone,
 * but the kernel holds the path (bprm->filename) and has just written
 * argc, argv and envp on the new stack (mm->start_stack).  Those are the
 * call's arguments exactly, unless an interpreter (#!, binfmt_misc) took
 * over: then argv is the interpreter's, and is left a pointer.
 */
static __always_inline void exec_args_late(void *ctx,
					    struct linux_binprm___e *bprm)
{
	u32 tid = (u32)bpf_get_current_pid_tgid();
	struct saved *sv = bpf_map_lookup_elem(&inflight, &tid);
	struct mm_struct___e *mm = (struct mm_struct___e *)current_mm();
	u64 sp = mm ? BPF_CORE_READ(mm, start_stack) : 0, argc = 0;
	struct cap_rec *r;
	u8 *b = buf();
	u32 off = sizeof(struct cap_rec);

	if (!sv || !b || sv->nr != 59 /* execve */ || !(sv->late & 7) || !sp)
		return;
	r = (struct cap_rec *)b;
	r->nitems = 0;
	if (sv->late & 1)
		off = g_kstr(off, 0, (u64)BPF_CORE_READ(bprm, filename),
			     CAP_PATH_MAX + 1, CAP_AT_ENTRY);
	if ((sv->late & 2) &&
	    BPF_CORE_READ(bprm, interp) == BPF_CORE_READ(bprm, filename))
		off = g_argv(off, 1, sp + 8, CAP_AT_ENTRY);
	if ((sv->late & 4) && !bpf_probe_read_user(&argc, sizeof(argc),
						   (const void *)sp) &&
	    argc < 1u << 20)
		off = g_count(off, 2, sp + 8 * (argc + 2), CAP_AT_ENTRY);
	sv->late = 0;
	if (!r->nitems)
		return;
	r->magic = CAP_MAGIC;
	r->nr = 59;
	r->phase = CAP_AT_EXIT;
	r->pad = 0;
	r->size = off < CAP_REC_MAX ? off : CAP_REC_MAX;
	r->ret = 0;
	bpf_perf_event_output(ctx, &out, BPF_F_CURRENT_CPU, b,
			      bounded(r->size, 2 * CAP_REC_MAX - 1));
}

/*
 * An exec that raises privileges (setuid, setgid, capabilities) makes
 * the kernel remove the task's perf events (perf_event_exit_task in
 * begin_new_exec): say so, or the trace would just go quiet.
 */
SEC("tp_btf/sched_process_exec")
int cap_exec(u64 *ctx)
{
	struct linux_binprm___e *bprm = (struct linux_binprm___e *)ctx[2];
	struct cap_config *c = cfg();
	struct cap_exec e = {};

	if (!c || !is_traced(c))
		return 0;
	/* (nothing in inflight unless arguments are copied) */
	exec_args_late(ctx, bprm);
	if (!BPF_CORE_READ_BITFIELD_PROBED(bprm, secureexec))
		return 0;
	e.magic = CAP_MAGIC_EXEC;
	e.tid = (int)(u32)bpf_get_current_pid_tgid();
	bpf_probe_read_kernel_str(e.filename, sizeof(e.filename),
				  BPF_CORE_READ(bprm, filename));
	bpf_perf_event_output(ctx, &out, BPF_F_CURRENT_CPU, &e, sizeof(e));
	return 0;
}

/* children of traced processes are traced from their first instruction */
SEC("tp_btf/sched_process_fork")
int cap_fork(u64 *ctx)
{
	struct task_struct *parent = (struct task_struct *)ctx[0];
	struct task_struct *child = (struct task_struct *)ctx[1];
	struct cap_config *c = cfg();
	u32 key;

	if (!c || !c->follow || c->all)
		return 0;
	key = c->by_tid ? (u32)BPF_CORE_READ(parent, pid) :
			  (u32)BPF_CORE_READ(parent, tgid);
	if (!traced_id(c, key))
		return 0;
	key = c->by_tid ? (u32)BPF_CORE_READ(child, pid) :
			  (u32)BPF_CORE_READ(child, tgid);
	traced_set(c, key, 1);
	return 0;
}

/* how a task ended, exactly: its exit_code as wait(2) will see it */
SEC("tracepoint/sched/sched_process_exit")
int cap_task_exit(void *ctx)
{
	struct task_struct *t = (struct task_struct *)bpf_get_current_task();
	struct cap_config *c = cfg();
	u64 pt = bpf_get_current_pid_tgid();
	u32 tid = (u32)pt, tgid = (u32)(pt >> 32), key;
	struct cap_exit e;
	u8 dead = 0;

	if (!c || !is_traced(c))
		return 1;
	bpf_map_delete_elem(&inflight, &tid);
	/* the format's group_dead field, where this kernel has one */
	if (c->group_dead_off)
		bpf_probe_read_kernel(&dead, 1, (u8 *)ctx + (c->group_dead_off & 255));
	e.magic = CAP_MAGIC_EXIT;
	e.tid = (int)tid;
	e.tgid = (int)tgid;
	e.exit_code = BPF_CORE_READ(t, exit_code);
	e.group_dead = dead;
	e.pad = 0;
	bpf_perf_event_output(ctx, &out, BPF_F_CURRENT_CPU, &e, sizeof(e));
	/* the id may be reused by an unrelated process: forget it */
	key = c->by_tid ? tid : tgid;
	if (c->by_tid || dead)
		traced_set(c, key, 0);
	return 1;
}
