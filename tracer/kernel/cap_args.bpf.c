// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, kernel side: argument copies.  Copy the memory syscall
 * arguments point to, at the moment of the call, into the same per-CPU
 * rings as the tracepoint samples.  Reading it later from userspace is
 * wrong for many paths (buffers get reused, processes exit); this is
 * exact.
 *
 * What to copy is data (the spec map, built from syscalls.tbl's kinds by
 * capture.c); the programs know only the copy operations of
 * capture_abi.h, each a global function here, verified once on its own.
 * cap_enter and cap_exit hang on the syscall tracepoints (raw_syscalls,
 * or syscalls:sys_*_X of the few traced); ring mode does the same copies
 * from its own programs (cap_ring.bpf.c).
 */
#include "cap_copy.bpf.h"

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
	if (n <= 0) {
		u32 rest = 4096 - (u32)(ptr & 4095);

		/*
		 * The string runs into a page that faults with no NUL before
		 * it (aligned word reads never cross a page).  When what lies
		 * before that page fills the buffer but its last byte, it is
		 * as much as a string cut at max shows (strace: -s chars and
		 * "..."); shorter, it is a fault.
		 */
		if (rest >= size || rest + 1 < size ||
		    bpf_probe_read_user(data_at(b, off),
					bounded(rest, CAP_ITEM_MAX - 1),
					(const void *)ptr))
			return item_end(b, off, arg, phase, 0, CAP_F_FAULT,
					0, 0);
		return item_end(b, off, arg, phase, rest, CAP_F_TRUNC, 0, 0);
	}
	/* a full buffer: the string may go on */
	return item_end(b, off, arg, phase, (u32)n - 1,
			(u32)n >= size ? CAP_F_TRUNC : 0, 0, 0);
}

/*
 * min(len, max) bytes; max_phase = max | phase << 24, and CAP_UPTO_BIT
 * for CAP_OP_UPTO
 */
__noinline u32 g_buf(u32 off, u32 arg, u64 ptr, u64 len, u32 max_phase)
{
	u8 *b = buf();
	u32 max = max_phase & (CAP_UPTO_BIT - 1), phase = max_phase >> 24;
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
					(const void *)ptr)) {
		u32 rest = 4096 - (u32)(ptr & 4095);

		/* CAP_OP_UPTO: what lies before the page that faulted */
		if (!(max_phase & CAP_UPTO_BIT) || rest >= size ||
		    bpf_probe_read_user(data_at(b, off), bounded(rest, CAP_ITEM_MAX - 1),
					(const void *)ptr))
			return item_end(b, off, arg, phase, 0, CAP_F_FAULT, 0, 0);
		size = rest;
		flags |= CAP_F_TRUNC;
	}
	return item_end(b, off, arg, phase, size, flags, 0, 0);
}

/*
 * Elements of a NULL-terminated pointer array, up to 4096; `bad` says the
 * array ran into memory that could not be read before its NULL.
 */
struct count_ctx {
	u64 base;
	u32 n;
	u32 bad;
};

static long count_one(u32 i, struct count_ctx *c)
{
	u64 p = 0;

	if (bpf_probe_read_user(&p, sizeof(p), (const void *)(c->base + 8 * (u64)i))) {
		c->bad = 1;
		return 1;
	}
	if (!p)
		return 1;
	c->n = i + 1;
	return 0;
}

static __always_inline u32 count_ptrs(u64 base, u32 *bad)
{
	struct count_ctx c = { base, 0, 0 };

	bpf_loop(4096, count_one, &c, 0);
	*bad = c.bad;
	return c.n;
}

/* the count only; the array's first pointer unreadable is a fault */
__noinline u32 g_count(u32 off, u32 arg, u64 base, u32 phase)
{
	u8 *b = buf();
	u32 bad, n;

	if (!b || !room(off, 8))
		return off;
	n = count_ptrs(base, &bad);
	if (bad && !n)
		return item_end(b, off, arg, phase, 0, CAP_F_FAULT, 0, 0);
	return item_end(b, off, arg, phase, 0, bad ? CAP_F_UNTERM : 0, 0, n);
}

struct argv_ctx {
	u8 *b;
	u64 base;
	u32 start, len, count, max, elem;
	u32 flags;
};

/*
 * One element: its pointer (8 bytes), a status byte (CAP_ARGV_*), its
 * string and a NUL; the string of a pointer that cannot be read is empty,
 * and the decoder prints that element as its pointer, as strace does.
 */
static long argv_one(u32 i, struct argv_ctx *c)
{
	u64 p = 0;
	long n;
	u32 at;
	u8 *e;

	if (i >= c->max)
		return 1;
	if (bpf_probe_read_user(&p, sizeof(p), (const void *)(c->base + 8 * (u64)i))) {
		c->flags |= i ? CAP_F_UNTERM : CAP_F_FAULT;
		return 1;
	}
	if (!p)
		return 1;
	at = c->start + sizeof(struct cap_item) + c->len;
	if (at + 9 + c->elem + 8 > CAP_REC_MAX) {
		c->flags |= CAP_F_TRUNC;
		return 1;
	}
	e = c->b + bounded(at, CAP_REC_MAX - 1);
	__builtin_memcpy(e, &p, sizeof(p));
	n = bpf_probe_read_user_str(c->b + bounded(at + 9, CAP_REC_MAX - 1),
				    bounded(c->elem, 511), (const void *)p);
	e = c->b + bounded(at + 8, CAP_REC_MAX - 1);
	if (n <= 0) {
		/* read again at exit, as a path that faulted is */
		*e = CAP_ARGV_FAULT;
		*(c->b + bounded(at + 9, CAP_REC_MAX - 1)) = 0;
		c->flags |= CAP_F_PART;
		n = 1;
	} else {
		/* a full buffer: the string may go on */
		*e = (u32)n >= c->elem ? CAP_ARGV_CUT : CAP_ARGV_OK;
	}
	c->len += 9 + (u32)n;
	c->count++;
	return 0;
}

/*
 * Up to max elements (strsize's, or with -v CAP_ARRAY_MAX) of up to
 * strsize+1 chars (layout: argv_one); total counts them all.  The array
 * unreadable from its start is a fault; ending on memory that cannot be
 * read before its NULL, CAP_F_UNTERM.
 */
__noinline u32 g_argv(u32 off, u32 arg, u64 base, u32 phase, u32 max)
{
	struct argv_ctx c = { 0 };
	u32 total, bad, ss = strsize();

	c.b = buf();
	if (!c.b || !room(off, 8))
		return off;
	c.base = base;
	c.start = off;
	c.max = max < CAP_ARRAY_MAX ? max : CAP_ARRAY_MAX;
	c.elem = ss + 2 < 256 ? ss + 2 : 256;
	bpf_loop(CAP_ARRAY_MAX, argv_one, &c, 0);
	if (c.flags & CAP_F_FAULT)
		return item_end(c.b, off, arg, phase, 0, CAP_F_FAULT, 0, 0);
	total = count_ptrs(base, &bad);
	if (bad)
		c.flags |= CAP_F_UNTERM;
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
	/* ~0: no bound (at entry: each buffer as it was given) */
	if (c->left != ~0ULL)
		c->left = c->left > v.len ? c->left - v.len : 0;
	at = c->start + sizeof(struct cap_item) + c->len + c->data;
	if (at + take + 8 > CAP_REC_MAX) {
		c->flags |= CAP_F_TRUNC;
		return 1;
	}
	/*
	 * A buffer that cannot be read: the array and the buffers before
	 * it stand (the decoders print its base, and those after it, as
	 * pointers), retried at exit as a fault is
	 */
	if (take && bpf_probe_read_user(c->b + bounded(at, CAP_REC_MAX - 1),
					bounded(take, CAP_ITEM_MAX - 1), (const void *)v.base)) {
		c->flags |= CAP_F_PART;
		return 1;
	}
	c->data += (u32)take;
	return 0;
}

/*
 * struct iovec[cnt], then each element's data: min(iov_len, strsize,
 * left), where left (at exit, the bytes the call moved) shrinks by each
 * iov_len; at entry ~0, no bound (a sum of the lengths could wrap, and
 * then cut the buffers after: they would print as empty).
 * cnt_phase = cnt | phase << 24; arg | nl << 8: a netlink socket's
 * (g_sock_nl), whose elements are copied up to CAP_NL_COPY - 1 bytes
 * (iov_one's bound) whatever -s says, the item's nlproto nl
 */
__noinline u32 g_iov(u32 off, u32 arg_nl, u64 base, u32 cnt_phase, u64 left)
{
	u32 arg = arg_nl & 0xff, nl = arg_nl >> 8, end, ended = 0;
	struct iov_ctx c = { 0 };
	u32 cnt = cnt_phase & 0xffffff, phase = cnt_phase >> 24;

	c.b = buf();
	if (!c.b)
		return off;
	c.n = cnt < CAP_ARRAY_MAX ? cnt : CAP_ARRAY_MAX;
	c.len = c.n * (u32)sizeof(struct iovec_u);
	c.start = off;
	c.left = left;
	c.ss = nl ? CAP_NL_COPY - 1 : strsize();
	if (room(off, c.len) < c.len)
		return off;
	if (c.len && bpf_probe_read_user(data_at(c.b, off), bounded(c.len, CAP_ITEM_MAX - 1),
					 (const void *)base)) {
		/*
		 * The array runs into memory that cannot be read: the
		 * elements before that page's end (strace prints them, then
		 * "... /+ address +/"), UNTERM said
		 */
		u32 n = (4096 - (u32)(base & 4095)) / (u32)sizeof(struct iovec_u);

		if (!n || n >= c.n ||
		    bpf_probe_read_user(data_at(c.b, off),
					bounded(n * sizeof(struct iovec_u),
						CAP_ITEM_MAX - 1),
					(const void *)base))
			return item_end(c.b, off, arg, phase, 0, CAP_F_FAULT, 0, cnt);
		c.n = n;
		c.len = n * (u32)sizeof(struct iovec_u);
		ended = CAP_F_UNTERM;
	}
	bpf_loop(CAP_ARRAY_MAX, iov_one, &c, 0);
	end = item_end(c.b, off, arg, phase, c.len + c.data, c.flags | ended,
		       c.n, cnt);
	((struct cap_item *)(c.b + bounded(off, CAP_REC_MAX - 1)))->nlproto = (u8)nl;
	return end;
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

/* the socket options whose values are filters (asm-generic/socket.h) */
#define SOL_SOCKET_			1
#define SO_ATTACH_FILTER_		26	/* = SO_GET_FILTER */
#define SO_ATTACH_REUSEPORT_CBPF_	51

static __always_inline u64 length(const struct cap_arg_spec *a,
				  const struct call_args *ca)
{
	const u64 *args = ca->args;
	s64 ret = ca->ret;
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
		return v < ca->lenin ? v : ca->lenin;
	}
	if (f == CAP_LEN_NFDS) {
		/*
		 * The kernel's int (it refuses a negative), cut to the fd
		 * table's size as the kernel cuts it: no bit past it is
		 * read or written
		 */
		if ((s32)args[0] <= 0)
			return 0;
		v = g_max_fds();
		return (((u32)args[0] < v ? (u32)args[0] : v) + 7) / 8;
	}
	if (f >= CAP_LEN_PAGES0 && f < CAP_LEN_PAGES0 + 6)
		return (args[(f - CAP_LEN_PAGES0) & 7] + 4095) / 4096;
	if (f >= CAP_LEN_ARG32_0 && f < CAP_LEN_ARG32_0 + 6)
		return (u32)args[(f - CAP_LEN_ARG32_0) & 7];
	if (f == CAP_LEN_IOCSIZE1) {
		v = (u32)(args[1] >> 16) & 0x3fff;
		if (!v && ((u32)args[1] & 0xffffff00) == 0x4b00)
			return CAP_IOC_KD;
		return v > CAP_IOC_MIN ? v : CAP_IOC_MIN;
	}
	return 0;
}

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

#define CLONE_ARGS_MAX	88	/* struct clone_args up to cgroup */
#define CLONE_PIDFD_	0x1000
#define CLONE_PARENT_SETTID_	0x100000

/*
 * -y: the pidfd clone3 stored (at exit), described as CAP_FD_SET0 with
 * the fd in the item's total, as a select's fds are
 */
static __always_inline u32 g_clone3_pidfd(u32 off, u64 at)
{
	u8 *b = buf();
	u32 before = off;
	s32 fd;

	if (!ro_fds || !b || !at ||
	    bpf_probe_read_user(&fd, sizeof(fd), (const void *)at) || fd < 0)
		return off;
	off = g_fd(off, CAP_FD_SET0 | CAP_AT_EXIT << 8, fd, ro_fds);
	if (off != before)
		((struct cap_item *)(b + bounded(before, CAP_REC_MAX - 1)))->total = fd;
	return off;
}

/*
 * clone3's CAP_OP_CLONE3 items: the struct (min(size, 88) bytes), the
 * bytes after it up to min(size, 4096) (strace prints them when they are
 * not all zero), then at entry set_tid's pid_t[set_tid_size] when it has
 * 1 to 32, at exit the int the kernel stored at pidfd and at parent_tid
 * (for CLONE_PIDFD, CLONE_PARENT_SETTID).  Each whole or faulted, empty
 * when it does not apply: the decoder finds them by position.  With -y,
 * the pidfd's description too.
 */
__noinline u32 g_clone3(u32 off, u32 arg, u64 ptr, u64 size, u32 phase)
{
	u64 a[11] = {};
	u64 fetch = size < CLONE_ARGS_MAX ? size : CLONE_ARGS_MAX;
	u64 end = size < 4096 ? size : 4096;
	u32 ph = phase << 24;

	off = g_buf(off, arg, ptr, fetch, CLONE_ARGS_MAX | ph);
	if (fetch < 64 || bpf_probe_read_user(a, 64, (const void *)ptr))
		return off;
	if (fetch >= 80 && bpf_probe_read_user(&a[8], 16, (const void *)(ptr + 64)))
		return off;
	off = g_buf(off, arg, end > fetch ? ptr + fetch : 0,
		    end > fetch ? end - fetch : 0, 4096 | ph);
	if (phase == CAP_AT_ENTRY)
		return g_buf(off, arg, a[8],
			     a[8] && a[9] && a[9] <= 32 ? a[9] * 4 : 0, 128 | ph);
	off = g_buf(off, arg, a[1], (a[0] & CLONE_PIDFD_) && a[1] ? 4 : 0,
		    4 | ph);
	off = g_buf(off, arg, a[3],
		    (a[0] & CLONE_PARENT_SETTID_) && a[3] ? 4 : 0, 4 | ph);
	return g_clone3_pidfd(off, a[0] & CLONE_PIDFD_ ? a[1] : 0);
}

/*
 * pselect6's struct { sigset_t *ss; size_t len } at ptr: the struct, then
 * the set it points to (strace reads it only when len is the kernel's 8)
 */
__noinline u32 g_sigsetp(u32 off, u32 arg, u64 ptr, u32 phase)
{
	u64 a[2] = {};
	u32 ph = phase << 24;

	off = g_buf(off, arg, ptr, 16, 16 | ph);
	if (bpf_probe_read_user(a, sizeof(a), (const void *)ptr))
		return off;
	return g_buf(off, arg, a[0], a[0] && a[1] == 8 ? 8 : 0, 8 | ph);
}

/*
 * Argument i's copy, for phase ph; spec is its struct cap_arg_spec.  One
 * global function for every operation: verified once, whatever the
 * phase, instead of along each path of both programs.
 */
/*
 * A case for an op no traced call uses is dead code to the verifier
 * (ro_ops is read-only data): neither walked nor its functions checked.
 */
#define OP_ON(op) (ro_ops >> (op) & 1)
#define OP_CASE(op) case op: if (!OP_ON(op)) return off;

__noinline u32 g_arg(u32 off, u32 i, u32 ph, u64 spec,
		     const struct call_args *ca)
{
	struct cap_arg_spec sa, *a = &sa;
	u64 ptr, len;
	int set;

	if (!ca)
		return off;
	__builtin_memcpy(&sa, &spec, sizeof(sa));
	/* the memory holds what the call is given (not recvmsg's at entry,
	   which the kernel fills at exit) */
	set = ph == CAP_AT_EXIT || !(a->when & CAP_AT_EXIT);
	ptr = ((const u64 *)ca)[bounded(i, 7)];
	switch (a->op) {
	OP_CASE(CAP_OP_STR)
		return g_str(off, i, ptr, a->max, ph);
	OP_CASE(CAP_OP_BUF)
		len = length(a, ca) * a->elem;
		return g_buf(off, i, ptr, len, MAX_BELOW_UPTO(a->max) | ph << 24);
	OP_CASE(CAP_OP_UPTO) {
		u32 at = off;

		len = length(a, ca) * a->elem;
		off = g_buf(off, i, ptr, len, MAX_BELOW_UPTO(a->max) |
			    CAP_UPTO_BIT | ph << 24);
		if (a->len_from != CAP_LEN_IOCSIZE1)
			return off;
		/* ioctl's argument (the only UPTO by the request's size): a
		   socket's request (type 0x89) names interfaces by index,
		   etrace's when the socket is in its network namespace */
		if (off != at && ((u32)ca->args[1] >> 8 & 0xff) == 0x89) {
			u8 *b = buf();

			if (b)
				((struct cap_item *)(b + bounded(at, CAP_REC_MAX - 1)))->nlproto =
					(u8)g_addr_ns((s32)ca->args[0]);
		}
		return g_ioc_ind(off, ph, ca);
	}
	OP_CASE(CAP_OP_ARGV)
		return g_argv(off, i, ptr, ph, a->max);
	OP_CASE(CAP_OP_COUNT)
		return g_count(off, i, ptr, ph);
	OP_CASE(CAP_OP_IOV)
		len = length(a, ca);
		return g_iov(off, i, ptr,
			     (u32)(len < CAP_ARRAY_MAX ? len : CAP_ARRAY_MAX) | ph << 24,
			     ph == CAP_AT_EXIT ? (ca->ret > 0 ? (u64)ca->ret : 0) :
						 ~0ULL);
	OP_CASE(CAP_OP_MSGHDR)
		/*
		 * a netlink socket's data in full, but not recvmsg's at
		 * entry: unused, and read past what a program touched
		 * it may fault, losing the header it is read for
		 */
		off = g_msghdr(off, i | (set ? g_sock_nl((s32)ca->args[0]) << 8 :
					 0) |
			       g_addr_ns((s32)ca->args[0]) << 16,
			       ptr, ca->ret, ph);
		/* -y: its SCM_RIGHTS fds */
		if (set)
			off = g_cmsg_fds(off, ptr, ph | CAP_FD_SETMAX << 16);
		return off;
	OP_CASE(CAP_OP_DIRENTS)
		return g_dirents(off, i, ptr, length(a, ca),
				 MAX_BELOW_UPTO(a->max) | ph << 24);
	OP_CASE(CAP_OP_SOCKBUF)
		return g_sockbuf(off, i | g_sock_nl((s32)ca->args[0]) << 8,
				 ptr, length(a, ca),
				 MAX_BELOW_UPTO(a->max) | ph << 24);
	OP_CASE(CAP_OP_CLONE3)
		return g_clone3(off, i, ptr, length(a, ca), ph);
	OP_CASE(CAP_OP_IOURING)
		return g_iouring(off, i, ph, ca);
	OP_CASE(CAP_OP_KEYCTL)
		return g_keyctl(off, i, ph, a->max, ca);
	OP_CASE(CAP_OP_SIGSETP)
		return g_sigsetp(off, i, ptr, ph);
	OP_CASE(CAP_OP_SOCKOPT)
		/* SOL_SOCKET's filters: SO_GET_FILTER's length counts them */
		if ((u32)ca->args[1] == SOL_SOCKET_ &&
		    (u32)ca->args[2] == SO_ATTACH_FILTER_) {
			if (ph == CAP_AT_EXIT)
				return g_insns(off, i, ptr, (u32)length(a, ca),
					       ph);
			return g_fprog(off, i, ptr, length(a, ca) == 16, ph);
		}
		if ((u32)ca->args[1] == SOL_SOCKET_ &&
		    (u32)ca->args[2] == SO_ATTACH_REUSEPORT_CBPF_ &&
		    ph == CAP_AT_ENTRY)
			return g_fprog(off, i, ptr, length(a, ca) == 16, ph);
		/* fall through (so the guard lets either op by) */
	case CAP_OP_SOCKADDR:
		if (!OP_ON(CAP_OP_SOCKADDR) && !OP_ON(CAP_OP_SOCKOPT))
			return off;
		len = length(a, ca);
		/* (the namespace only for an address there is to copy) */
		off = g_sockaddr(off, i | (ptr && len ?
				 g_addr_ns((s32)ca->args[0]) << 8 : 0),
				 ptr, len, MAX_BELOW_UPTO(a->max) | ph << 24 |
				 (a->op == CAP_OP_SOCKOPT ? CAP_UPTO_BIT : 0));
		if (a->op == CAP_OP_SOCKADDR && ph == CAP_AT_ENTRY)
			off = g_sockaddr_fd(off, ptr, len);
		return off;
	OP_CASE(CAP_OP_SECCOMP_FPROG)
		/* SECCOMP_SET_MODE_FILTER (1): a filter, read at entry */
		return g_fprog(off, i, ptr, ph == CAP_AT_ENTRY &&
			       (u32)ca->args[0] == 1, ph);
	OP_CASE(CAP_OP_PRCTL_FPROG)
		/* PR_SET_SECCOMP (22), SECCOMP_MODE_FILTER (2) */
		if ((u32)ca->args[0] != 22 || ca->args[1] != 2)
			return off;
		return g_fprog(off, i, ptr, 1, ph);
	OP_CASE(CAP_OP_PRCTL5)
		/* PR_SET_VMA's name; PR_SCHED_CORE (62) GET's (0) cookie */
		if (ph == CAP_AT_ENTRY && (u32)ca->args[0] == 0x53564d41)
			return g_str(off, i, ptr, a->max, ph);
		if (ph == CAP_AT_EXIT && (u32)ca->args[0] == 62 &&
		    !(u32)ca->args[1])
			return g_buf(off, i, ptr, 8, 8 | ph << 24);
		return off;
	OP_CASE(CAP_OP_IOCBS)
		return g_iocbs(off, i, ptr, (s64)length(a, ca), ph);
	OP_CASE(CAP_OP_PTRACE)
		return g_ptrace(off, ph, a->max, ca);
	OP_CASE(CAP_OP_MOUNTATTR)
		return g_mountattr(off, i, ptr, length(a, ca), ph);
	OP_CASE(CAP_OP_BPFATTR)
		return g_bpfattr(off, i, ph, a->max, ca);
	OP_CASE(CAP_OP_MMSGHDR)
		len = length(a, ca);
		off = g_mmsg(off, i, ptr, (u32)(len < CAP_MMSG_MAX ? len :
					CAP_MMSG_MAX) | ph << 24);
		/* -y: each element's SCM_RIGHTS fds, in slots of its own */
		for (u32 j = 0; j < CAP_MMSG_MAX && set; j++) {
			if (j >= len)
				break;
			off = g_cmsg_fds(off, ptr + 64 * (u64)j, ph |
					 j * MMSG_FD_SLOTS << 8 |
					 (j + 1) * MMSG_FD_SLOTS << 16);
		}
		return off;
	}
	return off;
}

SEC("tracepoint")
int cap_enter(struct enter_ctx *ctx)
{
	struct cap_config *c = cfg();
	struct call call;

	if (!c || !is_traced(c))
		return 1;
	call.defer = 0;
	call.hold = 0;
	call.held = 0;
	/*
	 * Read, not loaded: a syscalls:sys_enter_X record holds only that
	 * syscall's arguments, and the kernel refuses to attach a program
	 * that loads past a record's end.  The bytes past are unused.
	 */
	if (bpf_probe_read_kernel(call.ca.args, sizeof(call.ca.args), ctx->args))
		return 1;
	/* rt_sigreturn: the frame's mask, at the user stack pointer */
	if (ctx->nr == SYS_RT_SIGRETURN) {
		struct pt_regs *regs;

		if (!bpf_core_enum_value_exists(enum bpf_func_id,
						BPF_FUNC_task_pt_regs))
			return 1;
		regs = (struct pt_regs *)bpf_task_pt_regs(bpf_get_current_task_btf());
		call.ca.args[0] = BPF_CORE_READ(regs, sp) + SIGFRAME_MASK_OFF;
	}
	enter_copies(ctx, ctx->nr, &call);
	return 1;
}

/* group_ending's note (see cap_ring.bpf.c), before the exit's sample */
static __noinline void group_end_out(void *ctx)
{
	u64 pt = bpf_get_current_pid_tgid();
	struct cap_sig e = {};

	e.magic = CAP_MAGIC_SIG;
	e.tid = (int)(u32)pt;
	e.tgid = (int)(pt >> 32);
	e.sig = 9;
	e.kind = CAP_SIG_EXEC_ZAP;
	bpf_perf_event_output(ctx, &out, BPF_F_CURRENT_CPU, &e, sizeof(e));
}

/* on every traced syscall's exit (per-syscall events: the selected) */
SEC("tracepoint")
int cap_exit(struct exit_ctx *ctx)
{
	struct cap_config *c = cfg();

	if (!c || !is_traced(c))
		return 1;
	if (group_ending())
		group_end_out(ctx);
	exit_copies(ctx, ctx->nr, ctx->ret, 0);
	return 1;
}
