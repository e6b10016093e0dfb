// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: io_uring_register(2) as strace 6.1 prints it: the
 * argument by opcode (iovecs, fds with -y's notes, a files update, a
 * probe and its ops, restrictions, the FILES2/BUFFERS2 structs and what
 * they point to, a CPU list, worker counts, ring fd updates, a buffer
 * ring), the count last.  A probe is printed at exit when the program
 * gave zeros, worker counts again at exit (" => [...]").
 *
 * The copy's pieces (CAP_OP_IOURING, cap_iouring.bpf.c): the argument,
 * the array a struct points to, its tags, the bytes after the struct;
 * arrays up to UR_ELEMS elements, each copy up to where memory faults.
 */
#include <linux/io_uring.h>

#include "fmt_priv.h"

#define UR_ELEMS	64
#define AFF_MAX		128	/* strace's cpuset size (1024 CPUs) */

enum { UP_ARG, UP_DATA, UP_TAGS, UP_TAIL };

struct ur_piece {
	const uint8_t *p;
	uint32_t len;
	int ok;			/* in the copy, not a fault */
};

static void ur_piece(const struct cap *k, int n, struct ur_piece *pc)
{
	memset(pc, 0, sizeof(*pc));
	/* this copy is always of pieces: one without is not this op's */
	if (k && k->npieces)
		pc->ok = cap_piece(k, n, &pc->p, &pc->len);
}

typedef void ur_elem_fn(struct fmt_buf *b, const struct sc_call *c,
			const uint8_t *e, int idx);

/*
 * strace's print_array: n elements of es bytes at addr, from a copy of
 * up to UR_ELEMS of them that ends where the memory does (pc NULL or
 * not ok: none could be read).  An element past the copy but not past
 * what was read is a fault: "... / * addr * /", or the address alone for
 * the first.  -v off: at most -s elements, then "...".  Returns whether
 * every element was printed (strace's use for IOWQ_MAX_WORKERS).
 */
static int ur_array(struct fmt_buf *b, const struct sc_call *c,
		    uint64_t addr, uint64_t n, uint32_t es,
		    const struct ur_piece *pc, ur_elem_fn *fn)
{
	uint64_t lim = abbrev(c) && (uint64_t)str_max(c) < n ?
		       (uint64_t)str_max(c) : n;
	uint64_t copied = n < UR_ELEMS ? n : UR_ELEMS, j;

	if (!addr) {
		fb_puts(b, "NULL");
		return 0;
	}
	if (!n) {
		fb_puts(b, "[]");
		return 0;
	}
	if (addr + n * es < addr) {
		fmt_ptr(b, addr);
		return 0;
	}
	for (j = 0; j < n; j++) {
		int have = pc && pc->ok && (j + 1) * es <= pc->len;

		if (j)
			fb_puts(b, ", ");
		if (!have && j < copied) {
			/* the memory ends here */
			if (!j) {
				fmt_ptr(b, addr);
				return 0;
			}
			fb_printf(b, "... /* %#llx */",
				  (unsigned long long)(addr + j * es));
			break;
		}
		if (!j)
			fb_putc(b, '[');
		if (j >= lim || !have) {
			/* past -s; or past the copy: not known */
			fb_puts(b, "...");
			break;
		}
		fn(b, c, pc->p + j * es, (int)j);
	}
	fb_putc(b, ']');
	return j == n;
}

static void el_fd(struct fmt_buf *b, const struct sc_call *c,
		  const uint8_t *e, int idx)
{
	fmt_fd_value(b, c, (int32_t)ld32(e));
}

/* a files update's fd: below -1 a name (IORING_REGISTER_FILES_SKIP) */
static void el_update_fd(struct fmt_buf *b, const struct sc_call *c,
			 const uint8_t *e, int idx)
{
	int32_t fd = (int32_t)ld32(e);
	const char *name;

	if (fd >= -1) {
		fmt_fd_value(b, c, fd);
		return;
	}
	name = xlat_name(&xlat_uring_files_update_fds, (uint64_t)(int64_t)fd);
	fmt_const(b, name, (uint64_t)(int64_t)fd, XF_DEC);
}

static void el_iovec(struct fmt_buf *b, const struct sc_call *c,
		     const uint8_t *e, int idx)
{
	fb_puts(b, "{iov_base=");
	fmt_ptr(b, ld64(e));
	fb_puts(b, ", iov_len=");
	fb_udec(b, ld64(e + 8));
	fb_putc(b, '}');
}

static void el_xint64(struct fmt_buf *b, const struct sc_call *c,
		      const uint8_t *e, int idx)
{
	fb_hex(b, ld64(e));
}

/* [0xffffffff, 0, 0xffffffff]: reserved words, in hex */
static void hex32s(struct fmt_buf *b, const uint8_t *p, int n)
{
	fb_putc(b, '[');
	for (int j = 0; j < n; j++) {
		if (j)
			fb_puts(b, ", ");
		fb_hex(b, ld32(p + 4 * j));
	}
	fb_putc(b, ']');
}

static int zero(const uint8_t *p, size_t n)
{
	for (size_t j = 0; j < n; j++)
		if (p[j])
			return 0;
	return 1;
}

/* a field strace shows only when not zero: ", name=0x..." */
static void nz_hex(struct fmt_buf *b, const char *name, uint64_t v)
{
	if (!v)
		return;
	fb_puts(b, ", ");
	fb_puts(b, name);
	fb_putc(b, '=');
	fb_hex(b, v);
}

/* one of IORING_OP_*, as strace's PRINT_FIELD_XVAL_U (decimal) */
static void uring_op(struct fmt_buf *b, uint32_t op)
{
	const char *name = xlat_name(&xlat_uring_ops, op);

	if (name)
		fmt_const(b, name, op, XF_UDEC);
	else
		fmt_xlat_enum_dec(b, &xlat_uring_ops, op);
}

static void el_probe_op(struct fmt_buf *b, const struct sc_call *c,
			const uint8_t *e, int idx)
{
	fb_puts(b, "{op=");
	uring_op(b, e[0]);
	nz_hex(b, "resv", e[1]);
	fb_puts(b, ", flags=");
	fmt_flags_dflt(b, &xlat_uring_op_flags, ld16(e + 2), "IO_URING_OP_???");
	nz_hex(b, "resv2", ld32(e + 4));
	fb_putc(b, '}');
}

/* struct io_uring_probe and ops[count] (truncated: ", ..." at the end) */
static void probe(struct fmt_buf *b, const struct sc_call *c,
		  const uint8_t *p, uint32_t count, int truncated)
{
	uint32_t j;

	fb_puts(b, "{last_op=");
	uring_op(b, p[0]);
	fb_puts(b, ", ops_len=");
	fb_udec(b, p[1]);
	nz_hex(b, "resv", ld16(p + 2));
	if (!zero(p + 4, 12)) {
		fb_puts(b, ", resv2=");
		hex32s(b, p + 4, 3);
	}
	fb_puts(b, ", ops=[");
	for (j = 0; j < count; j++) {
		if (j)
			fb_puts(b, ", ");
		if (abbrev(c) && j >= (uint32_t)str_max(c)) {
			/* strace's abbreviation: the rest not shown */
			fb_puts(b, "...");
			truncated = 0;
			break;
		}
		el_probe_op(b, c, p + 16 + 8 * j, (int)j);
	}
	/* the kernel has more ops than the count let it write */
	if (truncated)
		fb_puts(b, count ? ", ..." : "...");
	fb_puts(b, "]}");
}

static void el_restriction(struct fmt_buf *b, const struct sc_call *c,
			   const uint8_t *e, int idx)
{
	uint16_t op = ld16(e);

	fb_puts(b, "{opcode=");
	fmt_enum_dflt(b, &xlat_uring_restriction_opcodes, op,
		      "IORING_RESTRICTION_???");
	switch (op) {
	case IORING_RESTRICTION_REGISTER_OP:
		fb_puts(b, ", register_op=");
		fmt_enum_dflt(b, &xlat_io_uring_register_op, e[2],
			      "IORING_REGISTER_???");
		break;
	case IORING_RESTRICTION_SQE_OP:
		fb_puts(b, ", sqe_op=");
		fmt_enum_dflt(b, &xlat_uring_ops, e[2], "IORING_OP_???");
		break;
	case IORING_RESTRICTION_SQE_FLAGS_ALLOWED:
	case IORING_RESTRICTION_SQE_FLAGS_REQUIRED:
		fb_puts(b, ", sqe_flags=");
		fmt_flags_dflt(b, &xlat_uring_sqe_flags, e[2], "IOSQE_???");
		break;
	default:
		fb_printf(b, " /* op: %#x */", e[2]);
	}
	nz_hex(b, "resv", e[3]);
	if (!zero(e + 4, 12)) {
		fb_puts(b, ", resv2=");
		hex32s(b, e + 4, 3);
	}
	fb_putc(b, '}');
}

static void el_ringfd(struct fmt_buf *b, const struct sc_call *c,
		      const uint8_t *e, int idx)
{
	uint32_t off = ld32(e);

	fb_puts(b, "{offset=");
	if (off == UINT32_MAX)
		fb_puts(b, "-1");
	else
		fb_udec(b, off);
	nz_hex(b, "resv", ld32(e + 4));
	fb_puts(b, ", data=");
	fmt_fd_value(b, c, (int32_t)ld64(e + 8));
	fb_putc(b, '}');
}

static void el_ringfd_unreg(struct fmt_buf *b, const struct sc_call *c,
			    const uint8_t *e, int idx)
{
	fb_puts(b, "{offset=");
	fb_udec(b, ld32(e));
	nz_hex(b, "resv", ld32(e + 4));
	nz_hex(b, "data", ld64(e + 8));
	fb_putc(b, '}');
}

/* [[IO_WQ_BOUND]=1, [IO_WQ_UNBOUND]=2]: indices named */
static void el_worker(struct fmt_buf *b, const struct sc_call *c,
		      const uint8_t *e, int idx)
{
	const char *name = xlat_name(&xlat_uring_iowq_acct, (uint64_t)idx);

	fb_putc(b, '[');
	if (name)
		fmt_const(b, name, (uint64_t)idx, XF_UDEC);
	else
		fmt_xlat_enum_dec(b, &xlat_uring_iowq_acct, (uint64_t)idx);
	fb_puts(b, "]=");
	fb_udec(b, ld32(e));
}

/* IORING_REGISTER_IOWQ_AFF's CPU mask: [0 1 5], " ..." past strace's */
static void affinity(struct fmt_buf *b, const struct sc_call *c,
		     uint64_t addr, uint64_t len, const struct ur_piece *pc)
{
	uint64_t size = len < AFF_MAX ? len : AFF_MAX;
	int n = 0;

	if (!addr || (len && (!pc->ok || pc->len < size))) {
		fmt_ptr(b, addr);
		return;
	}
	fb_putc(b, '[');
	for (uint64_t bit = 0; bit < size * 8; bit++) {
		if (!(pc->p[bit / 8] & (1u << (bit % 8))))
			continue;
		if (n++)
			fb_putc(b, ' ');
		fb_udec(b, bit);
	}
	if ((size + 7) / 8 * 8 < len)
		fb_puts(b, n ? " ..." : "...");
	fb_putc(b, ']');
}

/* the bytes after a *2 struct (strace's print_nonzero_bytes) */
static void ur_tail(struct fmt_buf *b, const struct sc_call *c,
		    const struct cap *k, uint64_t size)
{
	uint64_t end = size < 4096 ? size : 4096;
	struct ur_piece pc;

	if (end <= 32)
		return;
	ur_piece(k, UP_TAIL, &pc);
	if (!pc.ok || pc.len != end - 32) {
		fb_puts(b, ", ???");
		return;
	}
	if (zero(pc.p, pc.len))
		return;
	fb_printf(b, ", /* bytes 32..%u */ ", (unsigned int)(end - 1));
	fmt_qstr(b, c, pc.p, pc.len, str_max(c), 0, QS_HEX);
}

/* data=..., tags=... of the *2 structs, by opcode */
static void rsrc_arrays(struct fmt_buf *b, const struct sc_call *c,
			const struct cap *k, uint32_t op, uint64_t data,
			uint64_t tags, uint32_t nr)
{
	struct ur_piece pd, pt;
	int bufs = op == IORING_REGISTER_BUFFERS2 ||
		   op == IORING_REGISTER_BUFFERS_UPDATE;

	ur_piece(k, UP_DATA, &pd);
	ur_piece(k, UP_TAGS, &pt);
	fb_puts(b, ", data=");
	ur_array(b, c, data, nr, bufs ? 16 : 4, &pd,
		 bufs ? el_iovec : op == IORING_REGISTER_FILES2 ? el_fd :
		 el_update_fd);
	fb_puts(b, ", tags=");
	ur_array(b, c, tags, nr, 8, &pt, el_xint64);
}

/* struct io_uring_rsrc_register (FILES2, BUFFERS2) and _update2 */
static void rsrc(struct fmt_buf *b, const struct sc_call *c,
		 const struct cap *k, uint32_t op, uint64_t addr,
		 uint64_t size)
{
	struct ur_piece pc;
	const uint8_t *p;

	ur_piece(k, UP_ARG, &pc);
	if (size < 32 || !addr || !pc.ok || pc.len < 32) {
		fmt_ptr(b, addr);
		return;
	}
	p = pc.p;
	if (op == IORING_REGISTER_FILES2 || op == IORING_REGISTER_BUFFERS2) {
		fb_puts(b, "{nr=");
		fb_udec(b, ld32(p));
		fb_puts(b, ", flags=");
		fmt_flags_dflt(b, &xlat_uring_register_rsrc_flags, ld32(p + 4),
			       "IORING_RSRC_REGISTER_???");
		nz_hex(b, "resv2", ld64(p + 8));
		rsrc_arrays(b, c, k, op, ld64(p + 16), ld64(p + 24), ld32(p));
	} else {
		fb_puts(b, "{offset=");
		fb_udec(b, ld32(p));
		nz_hex(b, "resv", ld32(p + 4));
		rsrc_arrays(b, c, k, op, ld64(p + 8), ld64(p + 16),
			    ld32(p + 24));
		fb_puts(b, ", nr=");
		fb_udec(b, ld32(p + 24));
		nz_hex(b, "resv2", ld32(p + 28));
	}
	ur_tail(b, c, k, size);
	fb_putc(b, '}');
}

/* struct io_uring_files_update: offset, resv, the fds */
static void files_update(struct fmt_buf *b, const struct sc_call *c,
			 const struct cap *k, uint64_t addr, uint32_t n)
{
	struct ur_piece pc, pd;

	ur_piece(k, UP_ARG, &pc);
	ur_piece(k, UP_DATA, &pd);
	if (!addr || !pc.ok || pc.len < 16) {
		fmt_ptr(b, addr);
		return;
	}
	fb_puts(b, "{offset=");
	fb_udec(b, ld32(pc.p));
	nz_hex(b, "resv", ld32(pc.p + 4));
	fb_puts(b, ", fds=");
	ur_array(b, c, ld64(pc.p + 8), n, 4, &pd, el_update_fd);
	fb_putc(b, '}');
}

/* struct io_uring_buf_reg (PBUF_RING) */
static void buf_reg(struct fmt_buf *b, const struct ur_piece *pc,
		    uint64_t addr)
{
	const uint8_t *p = pc->p;

	if (!addr || !pc->ok || pc->len < 40) {
		fmt_ptr(b, addr);
		return;
	}
	fb_puts(b, "{ring_addr=");
	fmt_ptr(b, ld64(p));
	fb_puts(b, ", ring_entries=");
	fb_udec(b, ld32(p + 8));
	fb_puts(b, ", bgid=");
	fb_udec(b, ld16(p + 12));
	nz_hex(b, "pad", ld16(p + 14));
	if (!zero(p + 16, 24)) {
		fb_puts(b, ", resv=[");
		for (int j = 0; j < 3; j++) {
			if (j)
				fb_puts(b, ", ");
			fb_hex(b, ld64(p + 16 + 8 * j));
		}
		fb_putc(b, ']');
	}
	fb_putc(b, '}');
}

/*
 * The argument at entry; returns 1 when something is left for the exit
 * (a zeroed probe, the worker counts after " => "); call 0: the
 * argument alone (JSON's), where a zeroed probe is its address.
 */
static int ur_entry(struct fmt_buf *b, const struct sc_call *c, int call)
{
	uint32_t op = (uint32_t)c->args[1], n = (uint32_t)c->args[3];
	uint64_t addr = c->args[2];
	const struct cap *k = addr ? arg_in(c, 2, 1) : NULL;
	struct ur_piece pc;

	ur_piece(k, UP_ARG, &pc);
	switch (op) {
	case IORING_REGISTER_BUFFERS:
		ur_array(b, c, addr, n, 16, &pc, el_iovec);
		return 0;
	case IORING_REGISTER_FILES:
	case IORING_REGISTER_EVENTFD:
	case IORING_REGISTER_EVENTFD_ASYNC:
		ur_array(b, c, addr, n, 4, &pc, el_fd);
		return 0;
	case IORING_REGISTER_FILES_UPDATE:
		files_update(b, c, k, addr, n);
		return 0;
	case IORING_REGISTER_PROBE:
		if (n > 256 || !addr || !pc.ok || pc.len < 16 + 8 * n) {
			fmt_ptr(b, addr);
			return 0;
		}
		if (zero(pc.p, 16 + 8 * n)) {
			if (!call)
				fmt_ptr(b, addr);
			return 1;
		}
		probe(b, c, pc.p, n, 0);
		return 1;
	case IORING_REGISTER_RESTRICTIONS:
		ur_array(b, c, addr, n, 16, &pc, el_restriction);
		return 0;
	case IORING_REGISTER_FILES2:
	case IORING_REGISTER_BUFFERS2:
	case IORING_REGISTER_FILES_UPDATE2:
	case IORING_REGISTER_BUFFERS_UPDATE:
		rsrc(b, c, k, op, addr, n);
		return 0;
	case IORING_REGISTER_IOWQ_AFF:
		affinity(b, c, addr, n, &pc);
		return 0;
	case IORING_REGISTER_IOWQ_MAX_WORKERS:
		if (!ur_array(b, c, addr, n, 4, &pc, el_worker))
			return 0;
		if (call)
			fb_puts(b, " => ");
		return 1;
	case IORING_REGISTER_RING_FDS:
		ur_array(b, c, addr, n, 16, &pc, el_ringfd);
		return 0;
	case IORING_UNREGISTER_RING_FDS:
		ur_array(b, c, addr, n, 16, &pc, el_ringfd_unreg);
		return 0;
	case IORING_REGISTER_PBUF_RING:
	case IORING_UNREGISTER_PBUF_RING:
		buf_reg(b, &pc, addr);
		return 0;
	}
	fmt_ptr(b, addr);
	return 0;
}

/* at exit: the probe the kernel filled, the worker counts it wrote */
static void ur_exit(struct fmt_buf *b, const struct sc_call *c)
{
	uint32_t op = (uint32_t)c->args[1], n = (uint32_t)c->args[3];
	uint64_t addr = c->args[2];
	const struct cap *k = arg_out(c, 2, 1);
	const struct cap *kin = addr ? arg_in(c, 2, 1) : NULL;
	struct ur_piece pc, pin;
	uint32_t count;

	ur_piece(k, UP_ARG, &pc);
	ur_piece(kin, UP_ARG, &pin);
	if (op == IORING_REGISTER_IOWQ_MAX_WORKERS) {
		/* strace reads nothing after a failure: the address */
		if (sc_failed(c))
			fmt_ptr(b, addr);
		else
			ur_array(b, c, addr, n, 4, &pc, el_worker);
		return;
	}
	/* a probe: printed at entry unless it was all zeros */
	if (pin.ok && pin.len >= 16 + 8 * n && !zero(pin.p, 16 + 8 * n)) {
		if (sc_failed(c))
			return;
		fb_puts(b, " => ");
	} else if (sc_failed(c)) {
		fmt_ptr(b, addr);
		return;
	}
	if (!pc.ok || pc.len < 16 + 8 * n) {
		fmt_ptr(b, addr);
		return;
	}
	count = pc.p[1] < n ? pc.p[1] : n;
	probe(b, c, pc.p, count, n < pc.p[1]);
}

/* the argument as it was given (the call's list prints more) */
FMT_KIND(iouringarg)
{
	ur_entry(b, c, 0);
}

int fmt_io_uring_register_call(struct fmt_buf *b, const struct sc_call *c,
			       int from, int exiting)
{
	if (from == 0) {
		fmt_arg(b, c, 0);
		fb_puts(b, ", ");
		fmt_enum_dflt(b, &xlat_io_uring_register_op,
			      (uint32_t)c->args[1], "IORING_REGISTER_???");
		fb_puts(b, ", ");
		if (ur_entry(b, c, 1)) {
			if (!exiting)
				return 2;
			from = 2;
		} else {
			from = 3;
		}
	}
	if (from == 2) {
		if (!exiting)
			return 2;
		ur_exit(b, c);
	}
	if (from <= 3) {
		fb_puts(b, ", ");
		fb_udec(b, (uint32_t)c->args[3]);
	}
	return c->d->nargs;
}

/* struct io_sqring_offsets or io_cqring_offsets (cq: overflow, cqes) */
static void ring_offsets(struct fmt_buf *b, const uint8_t *p, int cq)
{
	static const char *const sq[] = { "head", "tail", "ring_mask",
		"ring_entries", "flags", "dropped", "array" };
	static const char *const cqn[] = { "head", "tail", "ring_mask",
		"ring_entries", "overflow", "cqes", "flags" };
	int n = 0;

	fb_putc(b, '{');
	for (int j = 0; j < 7; j++) {
		fb_field(b, &n, cq ? cqn[j] : sq[j]);
		fb_udec(b, ld32(p + 4 * j));
	}
	nz_hex(b, "resv1", ld32(p + 28));
	nz_hex(b, "resv2", ld64(p + 32));
	fb_putc(b, '}');
}

/*
 * io_uring_setup(entries, params): the params the program gave at entry
 * (their address when they could not be read: the call is then whole),
 * what the kernel filled in after a success.
 */
int fmt_io_uring_setup_call(struct fmt_buf *b, const struct sc_call *c,
			    int from, int exiting)
{
	const struct cap *k = c->args[1] ? arg_in(c, 1, 120) : NULL;
	const struct cap *ko = arg_out(c, 1, 120);
	const uint8_t *p;

	if (from == 0) {
		fb_udec(b, (uint32_t)c->args[0]);
		fb_puts(b, ", ");
		if (!k) {
			fmt_ptr(b, c->args[1]);
			return c->d->nargs;
		}
		p = k->p;
		fb_puts(b, "{flags=");
		fmt_flags_dflt(b, &xlat_uring_setup_flags, ld32(p + 8),
			       "IORING_SETUP_???");
		fb_puts(b, ", sq_thread_cpu=");
		fb_hex(b, ld32(p + 12));
		fb_puts(b, ", sq_thread_idle=");
		fb_udec(b, ld32(p + 16));
		if (ld32(p + 8) & IORING_SETUP_ATTACH_WQ) {
			fb_puts(b, ", wq_fd=");
			fmt_fd_value(b, c, (int32_t)ld32(p + 24));
		}
		if (!zero(p + 28, 12)) {
			fb_puts(b, ", resv=");
			hex32s(b, p + 28, 3);
		}
		if (!exiting)
			return 1;
	} else if (from != 1) {
		return c->d->nargs;
	}
	if (ko) {
		p = ko->p;
		fb_puts(b, ", sq_entries=");
		fb_udec(b, ld32(p));
		fb_puts(b, ", cq_entries=");
		fb_udec(b, ld32(p + 4));
		fb_puts(b, ", features=");
		fmt_flags_dflt(b, &xlat_uring_setup_features, ld32(p + 20),
			       "IORING_FEAT_???");
		fb_puts(b, ", sq_off=");
		ring_offsets(b, p + 40, 0);
		fb_puts(b, ", cq_off=");
		ring_offsets(b, p + 80, 1);
	}
	fb_putc(b, '}');
	return c->d->nargs;
}

/*
 * io_uring_enter's argp: a sigset_t of the size argument (PARAM), unless
 * IORING_ENTER_EXT_ARG (args[3]) makes it a struct io_uring_getevents_arg,
 * which etrace does not decode: then its pointer, never read as a set
 */
FMT_KIND(uringsig)
{
	if (c->args[3] & IORING_ENTER_EXT_ARG) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	fmt_k_sigset(b, c, i);
}
