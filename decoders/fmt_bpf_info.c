// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: bpf(2)'s BPF_OBJ_GET_INFO_BY_FD, as strace 6.1 prints
 * it: {info={bpf_fd=, info_len=} from the attr read at entry, then what
 * the call left in it (cap_bpfattr.bpf.c reads it again at exit, whether
 * or not the call failed): "=> N" when the kernel changed info_len, the
 * info pointer, and the bytes past the struct.  The info struct itself
 * prints as its pointer.  When the attr could not be read at exit,
 * strace prints its address right after the entry's fields (and no
 * closing braces): so does this.
 */
#include <linux/bpf.h>

#include "fmt_priv.h"

#define INFO_ATTR_SIZE	16	/* strace's struct of the command */

/* a u32 of the attr's size bytes at off, zero past them */
static uint32_t info_ld32(const uint8_t *p, uint32_t size, uint32_t off)
{
	uint8_t v[4] = { 0 };

	for (uint32_t j = 0; j < 4 && off + j < size; j++)
		v[j] = p[off + j];
	return ld32(v);
}

void fmt_bpf_info(struct fmt_buf *b, const struct sc_call *c,
		  const uint8_t *p, uint32_t size)
{
	fb_puts(b, "{info={bpf_fd=");
	fmt_fd_value(b, c, (int32_t)info_ld32(p, size, 0));
	fb_puts(b, ", info_len=");
	fb_udec(b, info_ld32(p, size, 4));
}

/* p: the attr at entry; args[1]'s exit copy is the attr at exit */
void fmt_bpf_info_exit(struct fmt_buf *b, const struct sc_call *c,
		       const uint8_t *p, uint32_t size)
{
	const struct cap *x = c->exited ? c->cap_out[1] : NULL;
	const uint8_t *q;
	uint32_t len = 0;

	if (!x || (x->flags & CAP_FAULT) || !cap_piece(x, 0, &q, &len) ||
	    len < size) {
		fmt_ptr(b, c->args[1]);
		return;
	}
	if (info_ld32(q, size, 4) != info_ld32(p, size, 4)) {
		fb_puts(b, " => ");
		fb_udec(b, info_ld32(q, size, 4));
	}
	fb_puts(b, ", info=");
	fmt_ptr(b, (uint64_t)info_ld32(q, size, 12) << 32 |
		   info_ld32(q, size, 8));
	fb_putc(b, '}');
	if (size > INFO_ATTR_SIZE)
		fmt_bpf_extra(b, c, q, size, INFO_ATTR_SIZE);
	fb_putc(b, '}');
}
