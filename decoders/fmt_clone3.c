// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: clone3(2) as strace 6.1 prints it.  At entry the
 * struct clone_args (the fields its flags use, set_tid's pids, cgroup,
 * and the bytes after the struct when they are not all zero: "???" when
 * they could not be read); at exit, after a success, what the kernel
 * stored at pidfd and parent_tid and the bytes after the struct again:
 * " => {pidfd=[3], parent_tid=[1235]}".  The copy (CAP_OP_CLONE3,
 * cap_args.bpf.c's g_clone3) is pieces: the struct, the bytes after it,
 * then at entry set_tid's pids, at exit the two ints.
 */
#include <sched.h>

#include "fmt_priv.h"

#ifndef CLONE_PIDFD
#define CLONE_PIDFD		0x1000
#endif
#ifndef CLONE_INTO_CGROUP
#define CLONE_INTO_CGROUP	0x200000000ULL
#endif

#define ARGS_MIN	64	/* up to tls: the first version */
#define ARGS_MAX	88	/* up to cgroup: all strace reads */
#define TAIL_END	4096	/* the bytes after it are read up to here */
#define SET_TID_MAX	32

/* the copy's pieces (one copy without pieces is the struct alone) */
enum { P_ARGS, P_TAIL, P_SET_TID, P_PIDFD = 2, P_PTID };

struct c3_piece {
	const uint8_t *p;
	uint32_t len;
	int have;		/* in the copy, and read */
};

static void c3_piece(const struct cap *k, int n, struct c3_piece *pc)
{
	memset(pc, 0, sizeof(*pc));
	pc->have = cap_piece(k, n, &pc->p, &pc->len);
}

static uint64_t args_fetch(const struct sc_call *c)
{
	return c->args[1] < ARGS_MAX ? c->args[1] : ARGS_MAX;
}

/* the struct from a copy, zero past what the size covers (as strace) */
static int c3_args(const struct cap *k, uint64_t fetch, uint8_t a[ARGS_MAX])
{
	struct c3_piece pc;

	if (!k)
		return -1;
	c3_piece(k, P_ARGS, &pc);
	if (!pc.have || pc.len < fetch)
		return -1;
	memset(a, 0, ARGS_MAX);
	memcpy(a, pc.p, fetch);
	return 0;
}

static void addr_field(struct fmt_buf *b, const char *name, uint64_t v)
{
	fb_puts(b, ", ");
	fb_puts(b, name);
	fb_putc(b, '=');
	fmt_ptr(b, v);
}

/*
 * The bytes after the struct, up to min(size, 4096): nothing when all
 * zero, "???" when they could not be read (or not all were copied: then
 * it is not known), else "/ * bytes 88..95 * / "\xde..."" in hex, -s of
 * them.  sep before it; returns whether it printed.
 */
static int c3_tail(struct fmt_buf *b, const struct sc_call *c,
		   const struct cap *k, const char *sep)
{
	uint64_t fetch = args_fetch(c);
	uint64_t end = c->args[1] < TAIL_END ? c->args[1] : TAIL_END;
	struct c3_piece pc;
	uint32_t j;

	if (end <= fetch)
		return 0;
	c3_piece(k, P_TAIL, &pc);
	if (!pc.have || pc.len != end - fetch) {
		fb_puts(b, sep);
		fb_puts(b, "???");
		return 1;
	}
	for (j = 0; j < pc.len && !pc.p[j]; j++)
		;
	if (j == pc.len)
		return 0;
	fb_puts(b, sep);
	fb_printf(b, "/* bytes %u..%u */ ", (unsigned int)fetch,
		  (unsigned int)end - 1);
	fmt_qstr(b, c, pc.p, pc.len, str_max(c), 0, QS_HEX);
	return 1;
}

/* set_tid's pid_t[set_tid_size], or its address when not read */
static void c3_set_tid(struct fmt_buf *b, const struct sc_call *c,
		       const struct cap *k, uint64_t set_tid, uint64_t n)
{
	struct c3_piece pc;

	fb_puts(b, ", set_tid=");
	c3_piece(k, P_SET_TID, &pc);
	if (!set_tid || !n || n > SET_TID_MAX || !pc.have ||
	    pc.len < n * 4) {
		fmt_ptr(b, set_tid);
		return;
	}
	fb_putc(b, '[');
	for (uint32_t j = 0; j < n; j++) {
		if (j)
			fb_puts(b, ", ");
		if (abbrev(c) && j >= (uint64_t)str_max(c)) {
			fb_puts(b, "...");
			break;
		}
		fb_dec(b, (int32_t)ld32(pc.p + 4 * j));
	}
	fb_putc(b, ']');
}

static void c3_struct(struct fmt_buf *b, const struct sc_call *c,
		      const struct cap *k, const uint8_t *a)
{
	uint64_t flags = ld64(a), sig = ld64(a + 32);
	uint64_t set_tid = ld64(a + 64), n = ld64(a + 72);

	fb_puts(b, "{flags=");
	fmt_flags2_dflt(b, &xlat_clone_flags, &xlat_clone3_flags, flags,
			"CLONE_???");
	if (flags & CLONE_PIDFD)
		addr_field(b, "pidfd", ld64(a + 8));
	if (flags & (CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID))
		addr_field(b, "child_tid", ld64(a + 16));
	if (flags & CLONE_PARENT_SETTID)
		addr_field(b, "parent_tid", ld64(a + 24));
	fb_puts(b, ", exit_signal=");
	if (sig < 0x7fffffff)
		fmt_signal(b, (int64_t)sig);
	else
		fb_udec(b, sig);
	addr_field(b, "stack", ld64(a + 40));
	fb_puts(b, ", stack_size=");
	fb_hex(b, ld64(a + 48));
	if (flags & CLONE_SETTLS)
		addr_field(b, "tls", ld64(a + 56));
	if (set_tid || n) {
		c3_set_tid(b, c, k, set_tid, n);
		fb_puts(b, ", set_tid_size=");
		fb_udec(b, n);
	}
	if (args_fetch(c) > 80 && (ld64(a + 80) || (flags & CLONE_INTO_CGROUP))) {
		fb_puts(b, ", cgroup=");
		fb_udec(b, ld64(a + 80));
	}
	c3_tail(b, c, k, ", ");
	fb_putc(b, '}');
}

/* struct clone_args, as strace prints clone3's first argument */
FMT_KIND(cloneargs)
{
	const struct cap *k = c->args[i] ? arg_in(c, i, 1) : NULL;
	uint8_t a[ARGS_MAX];

	if (args_fetch(c) < ARGS_MIN || c3_args(k, args_fetch(c), a)) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	c3_struct(b, c, k, a);
}

/* the int the kernel stored at a pointer of the struct: [N] */
static void c3_stored(struct fmt_buf *b, const struct sc_call *c,
		      const struct cap *k, int n, uint64_t addr, int pid)
{
	struct c3_piece pc;

	c3_piece(k, n, &pc);
	if (!addr || !pc.have || pc.len < 4) {
		fmt_ptr(b, addr);
		return;
	}
	fb_putc(b, '[');
	if (pid)
		fmt_pid(b, c->o, (int32_t)ld32(pc.p));
	else
		fmt_fd_value(b, c, (int32_t)ld32(pc.p));
	fb_putc(b, ']');
}

/* at exit: " => {pidfd=[3], parent_tid=[1235]}", or " => ADDR" */
static void c3_stored_all(struct fmt_buf *b, const struct sc_call *c)
{
	const struct cap *k = c->cap_out[0];
	uint8_t a[ARGS_MAX];
	uint64_t flags;
	const char *sep = " => {";

	/* no copy at exit (no room in the record): less, not a guess */
	if (!k)
		return;
	if (c3_args(k, args_fetch(c), a)) {
		fb_puts(b, " => ");
		fmt_ptr(b, c->args[0]);
		return;
	}
	flags = ld64(a);
	if (flags & CLONE_PIDFD) {
		fb_puts(b, sep);
		fb_puts(b, "pidfd=");
		c3_stored(b, c, k, P_PIDFD, ld64(a + 8), 0);
		sep = ", ";
	}
	if (flags & CLONE_PARENT_SETTID) {
		fb_puts(b, sep);
		fb_puts(b, "parent_tid=");
		c3_stored(b, c, k, P_PTID, ld64(a + 24), 1);
		sep = ", ";
	}
	if (c3_tail(b, c, k, sep))
		sep = ", ";
	if (sep[0] == ',')
		fb_putc(b, '}');
}

/*
 * clone3(args, size): the struct at entry; at exit, after a success,
 * what the kernel stored, when the entry's flags said it would store
 * something (CLONE_PIDFD, CLONE_PARENT_SETTID) or bytes follow the
 * struct; then the size.
 */
int fmt_clone3_call(struct fmt_buf *b, const struct sc_call *c, int from,
		    int exiting)
{
	const struct cap *k = c->args[0] ? arg_in(c, 0, 1) : NULL;
	uint8_t a[ARGS_MAX];

	if (!exiting) {
		if (from == 0)
			fmt_k_cloneargs(b, c, 0);
		return 1;
	}
	if (from == 0)
		fmt_k_cloneargs(b, c, 0);
	if (from > 1)
		return c->d->nargs;
	if (args_fetch(c) >= ARGS_MIN && !c3_args(k, args_fetch(c), a) &&
	    !sc_failed(c) && (c->ret || c->injected) &&
	    ((ld64(a) & (CLONE_PIDFD | CLONE_PARENT_SETTID)) ||
	     c->args[1] > ARGS_MAX))
		c3_stored_all(b, c);
	fb_puts(b, ", ");
	fb_udec(b, c->args[1]);
	return c->d->nargs;
}
