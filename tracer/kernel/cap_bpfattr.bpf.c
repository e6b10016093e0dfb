// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, kernel side: bpf(2)'s union bpf_attr (args[1], args[2]
 * bytes), as strace reads it: whole or faulted, up to a page.
 * CAP_OP_BPFATTR's items, for the decoder (decoders/fmt_bpf.c) to find
 * by position:
 *
 *   entry  the attr; for BPF_PROG_LOAD then its license string (max + 1
 *          bytes with the NUL, max -s + 1: what strace's printstr reads,
 *          and one more to see it went on) when the size holds it, and
 *          its log_buf (min(log_size, max) + 1 bytes the same way, empty
 *          for a log_size of 0) when the size holds it, and with -v its
 *          insns (prog_insns); BPF_OBJ_PIN's,
 *          BPF_OBJ_GET's, BPF_RAW_TRACEPOINT_OPEN's and BPF_BTF_LOAD's
 *          string or bytes (first_str); BPF_LINK_CREATE's arrays
 *          (link_arrays: iter_info, or kprobe_multi's syms, addrs,
 *          cookies and the syms' strings)
 *   exit   the *_GET_NEXT_ID, batch, BPF_PROG_QUERY and
 *          BPF_TASK_FD_QUERY commands' attr again (what the kernel
 *          filled in), BPF_PROG_QUERY's then its prog_ids (query_exit);
 *          BPF_OBJ_GET_INFO_BY_FD's attr again: the info_len the kernel
 *          wrote back, whether or not the call failed; then the info
 *          struct, info_len bytes (as the attr says at exit) when 1 to
 *          4096, whole or faulted, else empty
 *
 * The attr's item says (nlproto CAP_NL_OWN_NS) whether the caller's
 * network namespace is etrace's: its interface indexes are named then.
 * With -y, the fds the attr holds that the decoder prints (at most three
 * a command, those the size holds), each described once in a
 * CAP_FD_SET0 slot with the fd in the item's total, as clone3's pidfd.
 */
#include "cap.bpf.h"

#define BPF_PROG_LOAD_		5
#define BPF_OBJ_GET_INFO_BY_FD_	15
#define BPF_PROG_QUERY_		16
#define BPF_LINK_CREATE_	28
#define BPF_TRACE_ITER_		28
#define BPF_TRACE_KPROBE_MULTI_	42
/* kprobe_multi's syms strings copied at most: with the attr and the
   three arrays, CAP_PIECES (decoders/decode.h) pieces */
#define SYMS_MAX		20
#define ATTR_MAX		4096

/*
 * the n-byte (4 or 8) field at o of the attr's copy, the item at at:
 * the bytes its copy holds, 0 past them (strace's zeroed struct), so
 * nothing is read from the caller's memory twice
 */
static __always_inline u64 attr_ld(u32 at, u32 o, u32 n)
{
	u8 *b = buf();
	struct cap_item *it;
	u64 v = 0;

	if (!b)
		return 0;
	it = (struct cap_item *)(b + bounded(at, CAP_REC_MAX - 1));
	if ((it->flags & CAP_F_FAULT) || it->len <= o)
		return 0;
	__builtin_memcpy(&v, data_at(b, at) + bounded(o, ATTR_MAX - 1), 8);
	if (it->len - o < n)
		n = it->len - o;
	/* (little-endian: the field's first n bytes are v's low ones) */
	return n >= 8 ? v : v & ((1ull << (8 * n)) - 1);
}

/* elements of an array strace reads: -s's and one more (max), all
   with -v; bytes of es each */
static __always_inline u64 array_bytes(u64 n, u32 max, u32 es)
{
	struct cap_config *c = cfg();

	if (!(c && c->argv_all) && n > max)
		n = max;
	return n * es;
}

/* the offsets + 1 of the fds in command cmd's attr, a byte each */
static __always_inline u32 fd_offsets(u32 cmd)
{
	switch (cmd) {
	case 0:		/* BPF_MAP_CREATE: inner_map_fd, btf_fd */
		return 21 | 49 << 8;
	case 1: case 2: case 3: case 4:	/* map elements: map_fd */
	case 10:	/* BPF_PROG_TEST_RUN: prog_fd */
	case 15:	/* BPF_OBJ_GET_INFO_BY_FD: bpf_fd */
	case 16:	/* BPF_PROG_QUERY: target_fd */
	case 20:	/* BPF_TASK_FD_QUERY: fd (at 4, as strace: the caller's) */
		return cmd == 20 ? 5 : 1;
	case 21: case 22:	/* LOOKUP_AND_DELETE_ELEM, FREEZE */
		return 1;
	case 6: case 7:	/* BPF_OBJ_PIN, BPF_OBJ_GET: bpf_fd */
	case 17:	/* BPF_RAW_TRACEPOINT_OPEN: prog_fd */
		return 9;
	case 24: case 25: case 26: case 27:	/* the batches' map_fd */
		return 37;
	case 9:		/* BPF_PROG_DETACH: target_fd */
		return 1;
	case 5:		/* BPF_PROG_LOAD: prog_btf_fd, attach_prog_fd */
		return 73 | 113 << 8;
	case 8:		/* BPF_PROG_ATTACH: target, attach_bpf, replace */
		return 1 | 5 << 8 | 17 << 16;
	case 28:	/* BPF_LINK_CREATE: prog_fd, target_fd */
		return 1 | 5 << 8;
	case 29:	/* BPF_LINK_UPDATE: link, new_prog, old_prog */
		return 1 | 5 << 8 | 13 << 16;
	}
	return 0;
}

static __always_inline u32 attr_fds(u32 off, u32 at, u32 cmd, u32 fds)
{
	u32 offs = fd_offsets(cmd), slot = 0;
	s32 seen[3] = { -1, -1, -1 };

	for (int j = 0; j < 3; j++) {
		u32 o = offs >> (8 * j) & 0xff;
		s32 fd;

		if (!o)
			continue;
		/* past the size the decoder prints 0 (strace's zeroed
		   struct): that fd is described; a field cut by it, the
		   bytes the size holds */
		fd = (s32)attr_ld(at, o - 1, 4);
		if (fd < 0 || fd == seen[0] || fd == seen[1])
			continue;
		seen[j] = fd;
		off = g_fd_held(off, (CAP_FD_SET0 + slot) | CAP_AT_ENTRY << 8,
				fd, fds);
		slot++;
	}
	return off;
}

/* BPF_PROG_LOAD's license and log_buf, after its attr (the item at at) */
static __always_inline u32 prog_strs(u32 off, u32 arg, u32 at, u64 size,
				     u32 max)
{
	u32 logsz, n;
	u64 log;

	if (size < 24)
		return off;
	off = g_str(off, arg, attr_ld(at, 16, 8), max + 1, CAP_AT_ENTRY);
	if (size < 40)
		return off;
	logsz = (u32)attr_ld(at, 28, 4);
	log = attr_ld(at, 32, 8);
	if (!logsz)
		return g_buf(off, arg, log, 0, CAP_AT_ENTRY << 24);
	n = logsz < max ? logsz : max;
	return g_str(off, arg, log, n + 1, CAP_AT_ENTRY);
}

/* BPF_PROG_LOAD's insns with -v (strace prints them then only): its
   insn_cnt struct bpf_insn of 8 bytes */
static __always_inline u32 prog_insns(u32 off, u32 arg, u32 at, u64 size)
{
	struct cap_config *c = cfg();

	if (!c || !c->argv_all || size <= 8)
		return off;
	return g_array(off, arg, attr_ld(at, 8, 8), attr_ld(at, 4, 4) * 8,
		       CAP_AT_ENTRY);
}

/* BPF_OBJ_GET_INFO_BY_FD at exit: the attr, then the info it points to */
static __always_inline u32 info_exit(u32 off, u32 arg, u64 ptr, u64 size)
{
	u32 ph = CAP_AT_EXIT << 24, at = off;
	u32 len;

	off = g_buf(off, arg, ptr, size, ATTR_MAX | ph);
	if (off == at || size < 16)
		return off;
	len = (u32)attr_ld(at, 4, 4);
	return g_buf(off, arg, attr_ld(at, 8, 8), len <= ATTR_MAX ? len : 0,
		     ATTR_MAX | ph);
}

/* BPF_PROG_QUERY at exit: the attr, then prog_ids (prog_cnt as the
   call left it) */
static __always_inline u32 query_exit(u32 off, u32 arg, u64 ptr, u64 size,
				      u32 max)
{
	u32 at = off;

	off = g_buf(off, arg, ptr, size, ATTR_MAX | CAP_AT_EXIT << 24);
	if (off == at)
		return off;
	return g_array(off, arg, attr_ld(at, 16, 8),
		       array_bytes(attr_ld(at, 24, 4), max, 4), CAP_AT_EXIT);
}

/*
 * kprobe_multi's syms: the strings of the elements strace prints (-s
 * of them, all with -v), each as strace's printstr reads it (-s + 1
 * bytes and the NUL); the pointers from the syms array's copy (the item
 * at at).  None when they are more than SYMS_MAX: the decoder prints
 * the array's pointer.
 */
static __always_inline u32 sym_strs(u32 off, u32 arg, u32 at, u32 cnt,
				    u32 max)
{
	u8 *b = buf();
	struct cap_item *it;
	u32 n;

	if (!b)
		return off;
	it = (struct cap_item *)(b + bounded(at, CAP_REC_MAX - 1));
	n = (u32)(array_bytes(cnt, max - 1, 8) / 8);
	if (n > it->len / 8)
		n = it->len / 8;
	if (n > SYMS_MAX)
		return off;
	for (u32 j = 0; j < SYMS_MAX && j < n; j++) {
		u64 p;

		__builtin_memcpy(&p, data_at(b, at) + bounded(8 * j, 255), 8);
		off = g_str(off, arg, p, max + 1, CAP_AT_ENTRY);
	}
	return off;
}

/*
 * BPF_LINK_CREATE's arrays after its attr (the item at at), each the
 * elements strace reads (g_array): BPF_TRACE_ITER's iter_info (u32s),
 * BPF_TRACE_KPROBE_MULTI's syms, addrs and cookies (u64s), then the
 * syms' strings
 */
static __always_inline u32 link_arrays(u32 off, u32 arg, u32 at, u64 size,
				       u32 max)
{
	u32 type = (u32)attr_ld(at, 8, 4), cnt, syms = off;

	if (size <= 16)
		return off;
	if (type == BPF_TRACE_ITER_)
		return g_array(off, arg, attr_ld(at, 16, 8),
			       array_bytes(attr_ld(at, 24, 4), max, 4),
			       CAP_AT_ENTRY);
	if (type != BPF_TRACE_KPROBE_MULTI_)
		return off;
	cnt = (u32)attr_ld(at, 20, 4);
	for (u32 o = 24; o <= 40; o += 8)
		off = g_array(off, arg, attr_ld(at, o, 8),
			      array_bytes(cnt, max, 8), CAP_AT_ENTRY);
	return sym_strs(off, arg, syms, cnt, max);
}

/*
 * the string or bytes at the attr's start: BPF_OBJ_PIN's and BPF_OBJ_GET's
 * pathname (a path, whole), BPF_RAW_TRACEPOINT_OPEN's name (128 bytes
 * at most, as strace reads it: min(128, max) + 1 with the NUL),
 * BPF_BTF_LOAD's btf (min(btf_size, max) bytes, whole or faulted)
 */
static __always_inline u32 first_str(u32 off, u32 arg, u32 cmd, u32 at,
				     u64 size, u32 max)
{
	u64 a0 = attr_ld(at, 0, 8);
	u32 n;

	if (size < 8)
		return off;
	if (cmd == 6 || cmd == 7)
		return g_str(off, arg, a0, CAP_PATH_MAX + 1, CAP_AT_ENTRY);
	if (cmd == 17)
		return g_str(off, arg, a0, (max < 128 ? max : 128) + 1,
			     CAP_AT_ENTRY);
	n = size < 20 ? 0 : (u32)attr_ld(at, 16, 4);
	return g_buf(off, arg, a0, n < max ? n : max,
		     max | CAP_AT_ENTRY << 24);
}

__noinline u32 g_bpfattr(u32 off, u32 arg, u32 phase, u32 max,
			 const struct call_args *ca)
{
	u64 ptr, size;
	u32 cmd, at;

	if (!ca)
		return off;
	cmd = (u32)ca->args[0];
	ptr = ca->args[1];
	size = (u32)ca->args[2];
	if (!size || size > ATTR_MAX)
		return off;
	if (phase == CAP_AT_EXIT) {
		if (cmd == BPF_OBJ_GET_INFO_BY_FD_)
			return info_exit(off, arg, ptr, size);
		if (cmd == BPF_PROG_QUERY_)
			return query_exit(off, arg, ptr, size, max);
		/* *_GET_NEXT_ID's next_id, the batch commands' count */
		if (cmd == 11 || cmd == 12 || cmd == 20 ||
		    cmd == 23 || cmd == 31 || (cmd >= 24 && cmd <= 27))
			return g_buf(off, arg, ptr, size, ATTR_MAX | phase << 24);
		return off;
	}
	at = off;
	off = g_buf(off, arg, ptr, size, ATTR_MAX | phase << 24);
	if (off == at)
		return off;
	/* map_ifindex, prog_ifindex, the info's ifindex: named when of
	   etrace's namespace */
	if (cmd == 0 || cmd == BPF_PROG_LOAD_ ||
	    cmd == BPF_OBJ_GET_INFO_BY_FD_) {
		u8 *b = buf();

		if (b)
			((struct cap_item *)(b + bounded(at, CAP_REC_MAX - 1)))->nlproto =
				(u8)g_addr_ns(-1);
	}
	if (cmd == BPF_PROG_LOAD_)
		off = prog_insns(prog_strs(off, arg, at, size, max), arg, at,
				 size);
	else if (cmd == 6 || cmd == 7 || cmd == 17 || cmd == 18)
		off = first_str(off, arg, cmd, at, size, max);
	else if (cmd == BPF_LINK_CREATE_)
		off = link_arrays(off, arg, at, size, max);
	if (ro_fds)
		off = attr_fds(off, at, cmd, ro_fds);
	return off;
}
