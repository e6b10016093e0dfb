// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: bpf(2)'s BPF_PROG_QUERY and BPF_TASK_FD_QUERY, in two
 * halves as strace 6.1 prints them: the fields the caller gives at
 * entry, then from the attr as the call left it (read again at exit,
 * cap_bpfattr.bpf.c) what the kernel fills in, a count it changed as
 * "N => M", and prog_ids' elements (prog_cnt as the call left it, copied
 * after the attr).  The task's buf is not copied: its pointer.
 */
#include <linux/bpf.h>

#include "fmt_priv.h"

#define QUERY_SIZE	28
#define TASK_FD_SIZE	48

static void qhex(struct fmt_buf *b, const char *sep, uint64_t v)
{
	fb_puts(b, sep);
	if (v)
		fb_hex(b, v);
	else
		fb_putc(b, '0');
}

void fmt_bpf_query_entry(struct fmt_buf *b, const struct sc_call *c,
			 uint32_t cmd, const uint8_t *p, uint32_t size)
{
	uint32_t len = size < QUERY_SIZE ? size : QUERY_SIZE;

	if (cmd == BPF_TASK_FD_QUERY) {
		len = size < TASK_FD_SIZE ? size : TASK_FD_SIZE;
		fb_puts(b, "{task_fd_query={pid=");
		fb_dec(b, (int32_t)fmt_bpf_ld(p, len, 0, 4));
		fb_puts(b, ", fd=");
		fmt_fd_value(b, c, (int32_t)fmt_bpf_ld(p, len, 4, 4));
		fb_puts(b, ", flags=");
		fb_udec(b, fmt_bpf_ld(p, len, 8, 4));
		fb_puts(b, ", buf_len=");
		fb_udec(b, fmt_bpf_ld(p, len, 12, 4));
		return;
	}
	fb_puts(b, "{query={target_fd=");
	fmt_fd_value(b, c, (int32_t)fmt_bpf_ld(p, len, 0, 4));
	fb_puts(b, ", attach_type=");
	fmt_enum_dflt(b, &xlat_bpf_attach_type, fmt_bpf_ld(p, len, 4, 4),
		      "BPF_???");
	fb_puts(b, ", query_flags=");
	fmt_flags_dflt(b, &xlat_bpf_query_flags, fmt_bpf_ld(p, len, 8, 4),
		       "BPF_F_QUERY_???");
	fb_puts(b, ", attach_flags=");
	fmt_flags_dflt(b, &xlat_bpf_attach_flags, fmt_bpf_ld(p, len, 12, 4),
		       "BPF_F_???");
	fb_puts(b, ", prog_ids=");
}

/* p: the attr at entry; x's piece 0 at exit (size bytes), then
   prog_ids' elements */
void fmt_bpf_query_exit(struct fmt_buf *b, const struct sc_call *c,
			uint32_t cmd, const uint8_t *p, const struct cap *x,
			uint32_t size)
{
	uint32_t len = size < QUERY_SIZE ? size : QUERY_SIZE, sz = QUERY_SIZE;
	uint64_t was, now;
	const uint8_t *q;
	uint32_t n;

	if (!cap_piece(x, 0, &q, &n))
		return;

	if (cmd == BPF_TASK_FD_QUERY) {
		len = size < TASK_FD_SIZE ? size : TASK_FD_SIZE;
		sz = TASK_FD_SIZE;
		was = fmt_bpf_ld(p, len, 12, 4);
		now = fmt_bpf_ld(q, len, 12, 4);
		if (was != now) {
			fb_puts(b, " => ");
			fb_udec(b, now);
		}
		fb_puts(b, ", buf=");
		fmt_ptr(b, fmt_bpf_ld(q, len, 16, 8));
		fb_puts(b, ", prog_id=");
		fb_udec(b, fmt_bpf_ld(q, len, 24, 4));
		fb_puts(b, ", fd_type=");
		fmt_enum_dflt(b, &xlat_bpf_task_fd_type,
			      fmt_bpf_ld(q, len, 28, 4),
			      "BPF_FD_TYPE_???");
		qhex(b, ", probe_offset=", fmt_bpf_ld(q, len, 32, 8));
		qhex(b, ", probe_addr=", fmt_bpf_ld(q, len, 40, 8));
	} else {
		was = fmt_bpf_ld(p, len, 24, 4);
		now = fmt_bpf_ld(q, len, 24, 4);
		/* (strace fetches nothing at exit of a call that failed) */
		fmt_bpf_array(b, c, sc_failed(c) ? NULL : x, 1,
			      fmt_bpf_ld(q, len, 16, 8),
			      (uint32_t)now, 4, fmt_bpf_u32_elem, NULL);
		fb_puts(b, ", prog_cnt=");
		if (was != now) {
			fb_udec(b, was);
			fb_puts(b, " => ");
		}
		fb_udec(b, now);
	}
	fb_putc(b, '}');
	if (size > sz)
		fmt_bpf_extra(b, c, q, size, sz);
	fb_putc(b, '}');
}
