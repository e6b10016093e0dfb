// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: futex(2).  Which arguments strace shows, and how,
 * depends on the operation: FUTEX_WAKE_PRIVATE prints three, FUTEX_WAIT
 * four with a timeout, FUTEX_WAKE_OP six with the encoded operation.
 */
#include <linux/futex.h>

#include "fmt_priv.h"

/*
 * strace's table of futex ops: each command, alone and _PRIVATE
 * (FUTEX_FD's as FUTEX_FD|FUTEX_PRIVATE_FLAG), and FUTEX_CLOCK_REALTIME
 * only with the waits that take a clock; any other value is unknown
 */
static void futex_op_words(struct fmt_buf *b, uint64_t v)
{
	uint32_t op = (uint32_t)v, cmd = op & FUTEX_CMD_MASK;
	const char *name = xlat_name(&xlat_futex_cmd, cmd);
	int clock = cmd == FUTEX_WAIT || cmd == FUTEX_WAIT_BITSET ||
		    cmd == FUTEX_WAIT_REQUEUE_PI;

	if (!name || (op & ~(FUTEX_CMD_MASK | FUTEX_PRIVATE_FLAG |
			     FUTEX_CLOCK_REALTIME)) ||
	    ((op & FUTEX_CLOCK_REALTIME) && !clock)) {
		fmt_unknown(b, op, "FUTEX_???");
		return;
	}
	fb_puts(b, name);
	if (op & FUTEX_PRIVATE_FLAG)
		fb_puts(b, cmd == FUTEX_FD ? "|FUTEX_PRIVATE_FLAG" : "_PRIVATE");
	if (op & FUTEX_CLOCK_REALTIME)
		fb_puts(b, "|FUTEX_CLOCK_REALTIME");
}

static void fmt_futex_op(struct fmt_buf *b, uint32_t op)
{
	fmt_words(b, op, XF_HEX, futex_op_words);
}

static void fmt_shifted(struct fmt_buf *b, const struct xlat *x,
			uint32_t v, const char *shift, const char *dflt)
{
	const char *name = xlat_name(x, v);

	/*
	 * strace's: NAME<<28, verbose 0x1 (NAME in a comment)<<28; unknown, and
	 * any under raw, 0x1<<28 and FUTEX_OP_??? in a comment
	 */
	if (name && b->xstyle != XSTYLE_RAW) {
		fmt_const(b, name, v, XF_HEX);
		fb_puts(b, shift);
		return;
	}
	fb_hex(b, v);
	fb_puts(b, shift);
	fb_puts(b, " /* ");
	fb_puts(b, dflt);
	fb_puts(b, " */");
}

/* FUTEX_OP_SET<<28|0<<12|FUTEX_OP_CMP_GT<<24|0x1 */
static void fmt_wake_op(struct fmt_buf *b, uint32_t v)
{
	if ((v >> 28) & FUTEX_OP_OPARG_SHIFT) {
		fmt_const(b, "FUTEX_OP_OPARG_SHIFT", FUTEX_OP_OPARG_SHIFT,
			  XF_HEX);
		fb_puts(b, "<<28|");
	}
	fmt_shifted(b, &xlat_futex_wake_op, (v >> 28) & 7, "<<28",
		    "FUTEX_OP_???");
	fb_putc(b, '|');
	fb_hex(b, (v >> 12) & 0xfff);
	fb_puts(b, "<<12|");
	fmt_shifted(b, &xlat_futex_wake_cmp, (v >> 24) & 0xf, "<<24",
		    "FUTEX_OP_CMP_???");
	fb_putc(b, '|');
	fb_hex(b, v & 0xfff);
}

static void fmt_bitset(struct fmt_buf *b, uint32_t v)
{
	fmt_const(b, v == FUTEX_BITSET_MATCH_ANY ? "FUTEX_BITSET_MATCH_ANY" :
		  NULL, v, XF_HEX);
}

static void fmt_timeout(struct fmt_buf *b, const struct sc_call *c)
{
	const struct cap *k = arg_in(c, 3, 16);

	fb_puts(b, ", ");
	if (!k || !c->args[3])
		fmt_ptr(b, c->args[3]);
	else
		fmt_timespec_at(b, k->p);
}

static void sep_u(struct fmt_buf *b, uint32_t v)
{
	fb_puts(b, ", ");
	fb_udec(b, v);
}

static void sep_ptr(struct fmt_buf *b, uint64_t v)
{
	fb_puts(b, ", ");
	fmt_ptr(b, v);
}

int fmt_futex_call(struct fmt_buf *b, const struct sc_call *c, int from,
		   int exiting)
{
	uint32_t op = (uint32_t)c->args[1];
	uint32_t val = (uint32_t)c->args[2], val2 = (uint32_t)c->args[3];
	uint32_t val3 = (uint32_t)c->args[5];
	uint64_t uaddr2 = c->args[4];

	/* everything prints at entry */
	if (exiting || from > 0)
		return c->d->nargs;
	fmt_ptr(b, c->args[0]);
	fb_puts(b, ", ");
	fmt_futex_op(b, op);
	switch (op & 127) {
	case FUTEX_WAIT:
		sep_u(b, val);
		fmt_timeout(b, c);
		break;
	case FUTEX_LOCK_PI:
	case 13: /* FUTEX_LOCK_PI2 */
		fmt_timeout(b, c);
		break;
	case FUTEX_WAIT_BITSET:
		sep_u(b, val);
		fmt_timeout(b, c);
		fb_puts(b, ", ");
		fmt_bitset(b, val3);
		break;
	case FUTEX_WAKE_BITSET:
		sep_u(b, val);
		fb_puts(b, ", ");
		fmt_bitset(b, val3);
		break;
	case FUTEX_REQUEUE:
		sep_u(b, val);
		sep_u(b, val2);
		sep_ptr(b, uaddr2);
		break;
	case FUTEX_CMP_REQUEUE:
	case FUTEX_CMP_REQUEUE_PI:
		sep_u(b, val);
		sep_u(b, val2);
		sep_ptr(b, uaddr2);
		sep_u(b, val3);
		break;
	case FUTEX_WAKE_OP:
		sep_u(b, val);
		sep_u(b, val2);
		sep_ptr(b, uaddr2);
		fb_puts(b, ", ");
		fmt_wake_op(b, val3);
		break;
	case FUTEX_WAIT_REQUEUE_PI:
		sep_u(b, val);
		fmt_timeout(b, c);
		sep_ptr(b, uaddr2);
		break;
	case FUTEX_FD:
	case FUTEX_WAKE:
		sep_u(b, val);
		break;
	case FUTEX_UNLOCK_PI:
	case FUTEX_TRYLOCK_PI:
		break;
	default:
		sep_u(b, val);
		fb_puts(b, ", ");
		fmt_ptr(b, c->args[3]);
		sep_ptr(b, uaddr2);
		fb_puts(b, ", ");
		fb_hex(b, val3);
	}
	return c->d->nargs;
}

/* one struct futex_waitv: {val=0x1, uaddr=0x..., flags=FUTEX_32} */
static void waiter(struct fmt_buf *b, const uint8_t *w)
{
	fb_puts(b, "{val=");
	fb_hex(b, ld64(w));
	fb_puts(b, ", uaddr=");
	fmt_ptr(b, ld64(w + 8));
	fb_puts(b, ", flags=");
	fmt_flags_dflt(b, &xlat_futex_waiter_flags, ld32(w + 16), "FUTEX_???");
	if (ld32(w + 20)) {
		fb_puts(b, ", __reserved=");
		fb_hex(b, ld32(w + 20));
	}
	fb_putc(b, '}');
}

/*
 * futex_waitv's waiters, strace's array: -s of them (all with -v), at
 * most 128 (FUTEX_WAITV_MAX, then "..."), where the memory ended its
 * address; the copy holds 129 (strace reads the one after the last it
 * shows) as UPTO copies them: 3096 bytes span two pages at most, so a
 * short copy is where the memory ends
 */
FMT_KIND(futexwaitv)
{
	int pi = c->d->arg[i].param;
	uint32_t n = pi < SC_MAX_ARGS ? (uint32_t)c->args[pi] : 0;
	uint64_t addr = c->args[i];
	const struct cap *k = addr && n ? arg_mem(c, i, 0) : NULL;
	uint64_t want = 24 * (uint64_t)(n < 129 ? n : 129);

	if (!addr) {
		fb_puts(b, "NULL");
		return;
	}
	if (!n) {
		fb_puts(b, "[]");
		return;
	}
	if (!k || !fmt_array(b, c, k->p, addr, n < 128 ? n : 128, 24, k->len,
			     k->len < want, n > 128, waiter))
		fmt_ptr(b, addr);
}
