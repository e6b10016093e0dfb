// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: Linux native AIO (io_setup, io_getevents, io_cancel)
 * as strace 6.1 prints it: the context io_setup writes, the struct
 * io_event[] io_getevents fills (as many as it returned), io_cancel's
 * struct iocb header.  io_submit's iocb array is not copied: pointers.
 */
#include <linux/aio_abi.h>

#include "fmt_priv.h"

#define IOCB_SIZE	64
#define EVENT_SIZE	32

/* io_getevents's struct io_event[ret]: all of them copied, else the
   pointer (a count past any copy, from a recording's bytes, is not
   multiplied: it would wrap) */
FMT_KIND(ioevents)
{
	const struct cap *k;
	uint64_t n = c->ret > 0 ? (uint64_t)c->ret : 0;

	k = c->args[i] && n && n <= UINT32_MAX / EVENT_SIZE ?
	    arg_mem(c, i, n * EVENT_SIZE) : NULL;
	if (!k) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	fb_putc(b, '[');
	for (uint64_t j = 0; j < n; j++) {
		const uint8_t *p = k->p + j * EVENT_SIZE;

		if (j)
			fb_puts(b, ", ");
		fb_puts(b, "{data=");
		fb_hex(b, ld64(p));
		fb_puts(b, ", obj=");
		fmt_ptr(b, ld64(p + 8));
		fb_puts(b, ", res=");
		fb_dec(b, (int64_t)ld64(p + 16));
		fb_puts(b, ", res2=");
		fb_dec(b, (int64_t)ld64(p + 24));
		fb_putc(b, '}');
	}
	fb_putc(b, ']');
}

/* struct iocb's header: aio_data, aio_key and aio_rw_flags when set,
   aio_lio_opcode, aio_reqprio (an ioprio with IOCB_FLAG_IOPRIO),
   aio_fildes */
static void iocb_header(struct fmt_buf *b, const struct sc_call *c,
			const uint8_t *p)
{
	uint32_t key = ld32(p + 8), rw = ld32(p + 12), flags = ld32(p + 56);
	int16_t prio = (int16_t)ld16(p + 18);

	fb_puts(b, "aio_data=");
	fb_hex(b, ld64(p));
	if (key) {
		fb_puts(b, ", aio_key=");
		fb_udec(b, key);
	}
	if (rw) {
		fb_puts(b, ", aio_rw_flags=");
		fmt_flags_dflt(b, &xlat_rwf_flags, rw, "RWF_???");
	}
	fb_puts(b, ", aio_lio_opcode=");
	fmt_xlat_enum_dec(b, &xlat_aio_cmds, ld16(p + 16));
	if (flags & IOCB_FLAG_IOPRIO) {
		fb_puts(b, ", aio_reqprio=IOPRIO_PRIO_VALUE(");
		fmt_enum_dflt(b, &xlat_ioprio_class, (uint16_t)prio >> 13,
			      "IOPRIO_CLASS_???");
		fb_puts(b, ", ");
		fb_udec(b, (uint16_t)prio & 0x1fff);
		fb_putc(b, ')');
	} else if (prio) {
		fb_puts(b, ", aio_reqprio=");
		fb_dec(b, prio);
	}
	fb_puts(b, ", aio_fildes=");
	fmt_fd_value(b, c, (int32_t)ld32(p + 20));
}

/* io_cancel's struct iocb: its header only */
FMT_KIND(iocbhdr)
{
	const struct cap *k = arg_or_ptr(b, c, i);

	if (!k)
		return;
	fb_putc(b, '{');
	iocb_header(b, c, k->p);
	fb_putc(b, '}');
}
