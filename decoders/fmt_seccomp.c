// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: seccomp(2), whose flags and argument mean what the
 * operation says: SECCOMP_SET_MODE_FILTER's flags by name and its struct
 * sock_fprog (the filter's instructions with -v: fmt_bpf_filter.c),
 * SECCOMP_GET_ACTION_AVAIL's action at entry,
 * SECCOMP_GET_NOTIF_SIZES's sizes at exit; any other operation's flags
 * in hex and its argument an address, as strace prints them.
 */
#include <linux/seccomp.h>

#include "fmt_priv.h"

/* the argument: bytes its struct takes for an operation, 0: an address */
static size_t seccomp_arg_size(uint32_t op)
{
	switch (op) {
	case SECCOMP_SET_MODE_FILTER:
		return 16;	/* struct sock_fprog: u16 len, a pointer */
	case SECCOMP_GET_ACTION_AVAIL:
		return 4;
	case SECCOMP_GET_NOTIF_SIZES:
		return 6;	/* three u16 */
	}
	return 0;
}

FMT_KIND(seccomparg)
{
	uint32_t op = (uint32_t)c->args[0];
	size_t size = seccomp_arg_size(op);
	const struct cap *k = NULL;

	if (c->args[i] && size)
		k = op == SECCOMP_GET_NOTIF_SIZES ? arg_out(c, i, size) :
						    arg_in(c, i, size);
	if (!k) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	switch (op) {
	case SECCOMP_SET_MODE_FILTER:
		fmt_fprog(b, c, 1, k);
		break;
	case SECCOMP_GET_ACTION_AVAIL:
		fb_putc(b, '[');
		fmt_enum_dflt(b, &xlat_seccomp_ret_action, ld32(k->p),
			      "SECCOMP_RET_???");
		fb_putc(b, ']');
		break;
	default:
		fb_puts(b, "{seccomp_notif=");
		fb_udec(b, ld16(k->p));
		fb_puts(b, ", seccomp_notif_resp=");
		fb_udec(b, ld16(k->p + 2));
		fb_puts(b, ", seccomp_data=");
		fb_udec(b, ld16(k->p + 4));
		fb_putc(b, '}');
	}
}

/*
 * seccomp(op, flags, args): the flags have names for SET_MODE_FILTER
 * only; what GET_NOTIF_SIZES fills is printed at exit, after
 * "seccomp(SECCOMP_GET_NOTIF_SIZES, 0, " at entry.
 */
int fmt_seccomp_call(struct fmt_buf *b, const struct sc_call *c, int from,
		     int exiting)
{
	uint32_t op = (uint32_t)c->args[0];

	if (exiting) {
		if (from == 2)
			fmt_k_seccomparg(b, c, 2);
		return 3;
	}
	if (from > 0)
		return 3;
	fmt_arg(b, c, 0);
	fb_puts(b, ", ");
	if (op == SECCOMP_SET_MODE_FILTER)
		fmt_flags_dflt(b, &xlat_seccomp_flags, (uint32_t)c->args[1],
			       "SECCOMP_FILTER_FLAG_???");
	else
		fb_hex(b, (uint32_t)c->args[1]);
	fb_puts(b, ", ");
	if (op == SECCOMP_GET_NOTIF_SIZES && c->args[2])
		return 2;
	fmt_k_seccomparg(b, c, 2);
	return 3;
}
