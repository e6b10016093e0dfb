// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, kernel side: io_uring_register(2)'s argument, whose
 * shape its opcode (args[1]) says, with its count or size (args[3]):
 * an array (iovecs, fds, restrictions, ring fd updates, worker counts),
 * a struct (a probe and its ops, a buffer ring), or a struct that points
 * to arrays (the files and buffers of IORING_REGISTER_FILES2 & co).
 * CAP_OP_IOURING's four items, for the decoder to find by position:
 *
 *   0  the argument: up to the fault (CAP_OP_UPTO's rule: a copy of at
 *      most 4096 bytes spans two pages at most, so where it ends is
 *      where the memory does)
 *   1  the array its struct points to (data, fds), up to the fault
 *   2  the tags array of the *2 structs, up to the fault
 *   3  the bytes after a *2 struct up to its size (at most a page),
 *      whole or faulted (strace prints them when not all zero)
 *
 * Arrays are copied up to UR_ELEMS elements.  An item that does not
 * apply is empty.  And for -y, the distinct fds the registered files
 * and ring fds are (g_iouring_fds), each described as CAP_FD_SET0 + i
 * with the fd in the item's total; io_uring_setup's wq_fd too.
 */
#include "cap.bpf.h"

#define UR_ELEMS	64

/* the opcodes (enum io_uring_register_op) */
#define UR_BUFFERS		0
#define UR_FILES		2
#define UR_EVENTFD		4
#define UR_FILES_UPDATE		6
#define UR_EVENTFD_ASYNC	7
#define UR_PROBE		8
#define UR_RESTRICTIONS		11
#define UR_FILES2		13
#define UR_FILES_UPDATE2	14
#define UR_BUFFERS2		15
#define UR_BUFFERS_UPDATE	16
#define UR_IOWQ_AFF		17
#define UR_IOWQ_MAX_WORKERS	19
#define UR_RING_FDS		20
#define UR_UNREGISTER_RING_FDS	21
#define UR_PBUF_RING		22
#define UR_UNREGISTER_PBUF_RING	23
/* struct io_uring_params' flags (at offset 8) */
#define UR_SETUP_ATTACH_WQ	(1U << 5)

static __always_inline u64 elems(u64 n, u64 size)
{
	return (n < UR_ELEMS ? n : UR_ELEMS) * size;
}

/* item 0's bytes for opcode op with count (or size) n */
static __always_inline u64 arg_len(u32 op, u64 n)
{
	switch (op) {
	case UR_BUFFERS:
	case UR_RESTRICTIONS:
	case UR_RING_FDS:
	case UR_UNREGISTER_RING_FDS:
		return elems(n, 16);
	case UR_FILES:
	case UR_EVENTFD:
	case UR_EVENTFD_ASYNC:
	case UR_IOWQ_MAX_WORKERS:
		return elems(n, 4);
	case UR_FILES_UPDATE:
		return 16;
	case UR_PROBE:
		return n <= 256 ? 16 + 8 * n : 0;
	case UR_FILES2:
	case UR_FILES_UPDATE2:
	case UR_BUFFERS2:
	case UR_BUFFERS_UPDATE:
		return n >= 32 ? 32 : 0;
	case UR_IOWQ_AFF:
		return n < 128 ? n : 128;
	case UR_PBUF_RING:
	case UR_UNREGISTER_PBUF_RING:
		return 40;
	}
	return 0;
}

/*
 * Where the arrays of a struct are: *data and its element count and size,
 * *tags (0: none).  s: the struct's first 32 bytes.
 */
struct ur_nested {
	u64 data, n, size, tags;
};

static __always_inline void nested(u32 op, u64 n, const u64 *s,
				   struct ur_nested *w)
{
	w->data = 0;
	w->n = 0;
	w->size = 4;
	w->tags = 0;
	switch (op) {
	case UR_FILES_UPDATE:
		/* struct io_uring_files_update: offset, resv, fds */
		w->data = s[1];
		w->n = n;
		return;
	case UR_FILES2:
	case UR_BUFFERS2:
		/* struct io_uring_rsrc_register: nr, flags, resv2, data, tags */
		w->data = s[2];
		w->tags = s[3];
		w->n = (u32)s[0];
		break;
	case UR_FILES_UPDATE2:
	case UR_BUFFERS_UPDATE:
		/* struct io_uring_rsrc_update2: offset, resv, data, tags, nr */
		w->data = s[1];
		w->tags = s[2];
		w->n = (u32)s[3];
		break;
	default:
		return;
	}
	if (op == UR_BUFFERS2 || op == UR_BUFFERS_UPDATE)
		w->size = 16;
}

__noinline u32 g_iouring(u32 off, u32 arg, u32 phase, const struct call_args *ca)
{
	u32 op, ph = phase << 24, upto = CAP_UPTO_BIT | 4096 | ph;
	u64 ptr, n, len, s[4] = {};
	struct ur_nested w;

	if (!ca)
		return off;
	op = (u32)ca->args[1];
	ptr = ca->args[2];
	n = (u32)ca->args[3];
	len = ptr ? arg_len(op, n) : 0;
	off = g_buf(off, arg, ptr, len, upto);
	/* the struct's pointers: its first 16 bytes, then 16 more */
	if (len >= 16 && !bpf_probe_read_user(s, 16, (const void *)ptr) &&
	    len >= 32)
		bpf_probe_read_user(&s[2], 16, (const void *)(ptr + 16));
	nested(op, n, s, &w);
	off = g_buf(off, arg, w.data, w.data ? elems(w.n, w.size) : 0, upto);
	off = g_buf(off, arg, w.tags, w.tags ? elems(w.n, 8) : 0, upto);
	len = n < 4096 ? n : 4096;
	if (len <= 32 || !(op == UR_FILES2 || op == UR_BUFFERS2 ||
			   op == UR_FILES_UPDATE2 || op == UR_BUFFERS_UPDATE))
		return g_buf(off, arg, 0, 0, ph);
	return g_buf(off, arg, ptr + 32, len - 32, 4096 | ph);
}

struct urfd_ctx {
	u64 base;	/* the first fd */
	u64 stride;	/* bytes from one to the next */
	u32 n, k, off, fds;
	s32 seen[CAP_FD_SETMAX];
};

/* element i's fd: described once, the first CAP_FD_SETMAX of them */
static long urfd_one(u32 i, struct urfd_ctx *x)
{
	u32 before = x->off;
	u8 *b = buf();
	s32 fd;

	if (i >= x->n || x->k >= CAP_FD_SETMAX || !b ||
	    bpf_probe_read_user(&fd, sizeof(fd),
				(const void *)(x->base + x->stride * (u64)i)))
		return 1;
	if (fd < 0)
		return 0;
	for (u32 j = 0; j < CAP_FD_SETMAX; j++)
		if (j < x->k && x->seen[j] == fd)
			return 0;
	x->off = g_fd(x->off, (CAP_FD_SET0 + x->k) | CAP_AT_ENTRY << 8, fd,
		      x->fds);
	if (x->off != before)
		((struct cap_item *)(b + bounded(before, CAP_REC_MAX - 1)))->total = fd;
	x->seen[x->k & (CAP_FD_SETMAX - 1)] = fd;
	x->k++;
	return 0;
}

/* -y: the fds of the files registered (and the ring fds), at entry */
__noinline u32 g_iouring_fds(u32 off, const struct call_args *ca, u32 fds)
{
	struct urfd_ctx x = {};
	u64 s[4] = {};
	u32 op;

	if (!ca)
		return off;
	x.off = off;
	x.fds = fds;
	/*
	 * io_uring_setup(entries, params) has the bit too: its args[1] is
	 * an address, not an opcode (those are below 256; an address whose
	 * low half is one would describe fds it does not print: each
	 * description is of the fd it names, never wrong); its wq_fd
	 */
	if ((u32)ca->args[1] >= 256) {
		if (bpf_probe_read_user(s, 32, (const void *)ca->args[1]) ||
		    !((u32)s[1] & UR_SETUP_ATTACH_WQ))
			return off;
		x.base = ca->args[1] + 24;
		x.n = 1;
		bpf_loop(1, urfd_one, &x, 0);
		return x.off;
	}
	op = (u32)ca->args[1];
	x.base = ca->args[2];
	x.n = (u32)ca->args[3];
	x.stride = 4;
	switch (op) {
	case UR_FILES:
	case UR_EVENTFD:
	case UR_EVENTFD_ASYNC:
		break;
	case UR_RING_FDS:
		/* struct io_uring_rsrc_update's data */
		x.base += 8;
		x.stride = 16;
		break;
	case UR_FILES_UPDATE:
		if (bpf_probe_read_user(s, 16, (const void *)x.base))
			return off;
		x.base = s[1];
		break;
	case UR_FILES2:
	case UR_FILES_UPDATE2:
		if (x.n < 32 || bpf_probe_read_user(s, 32, (const void *)x.base))
			return off;
		x.base = op == UR_FILES2 ? s[2] : s[1];
		x.n = op == UR_FILES2 ? (u32)s[0] : (u32)s[3];
		break;
	default:
		return off;
	}
	if (!x.base)
		return off;
	bpf_loop(UR_ELEMS, urfd_one, &x, 0);
	return x.off;
}
