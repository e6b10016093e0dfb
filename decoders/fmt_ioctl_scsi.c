// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: ioctl(2) requests of the SCSI generic driver, SG_*
 * (type 0x22, numbers without direction or size), as strace 6.1 prints
 * them: ints set and got, the reset asked, a device's SCSI id and the
 * first request's state got.  SG_IO's header (struct sg_io_hdr, 'S', or
 * sg_io_v4, 'Q') prints as the pointer: not decoded yet; another
 * interface id prints as [id], as strace.
 */
#include <scsi/sg.h>

#include "fmt_ioctl.h"

/* glibc's scsi/sg.h lacks them */
#define SG_SCSI_RESET_NO_ESCALATE_V	0x100
#ifndef SG_GET_ACCESS_COUNT
#define SG_GET_ACCESS_COUNT	0x2289
#endif

static enum ioarg scsi_when(uint32_t req, int *at_exit)
{
	*at_exit = 0;
	switch (req) {
	case SG_GET_SCSI_ID: case SG_GET_REQUEST_TABLE:
	case SG_EMULATED_HOST: case SG_GET_ACCESS_COUNT: case SG_GET_COMMAND_Q:
	case SG_GET_KEEP_ORPHAN: case SG_GET_LOW_DMA: case SG_GET_NUM_WAITING:
	case SG_GET_PACK_ID: case SG_GET_RESERVED_SIZE:
	case SG_GET_SG_TABLESIZE: case SG_GET_TRANSFORM:
	case SG_GET_VERSION_NUM:
		*at_exit = 1;
		return IOA_FAMILY;
	case SG_IO: case SG_SCSI_RESET: case SG_NEXT_CMD_LEN:
	case SG_SET_COMMAND_Q: case SG_SET_DEBUG: case SG_SET_FORCE_LOW_DMA:
	case SG_SET_FORCE_PACK_ID: case SG_SET_KEEP_ORPHAN:
	case SG_SET_RESERVED_SIZE: case SG_SET_TIMEOUT: case SG_SET_TRANSFORM:
		return IOA_FAMILY;
	case SG_GET_TIMEOUT:
		return IOA_NONE;
	default:
		return IOA_HEX;
	}
}

/* struct sg_scsi_id: five ints, two shorts */
static void scsi_id(struct fmt_buf *b, const uint8_t *p)
{
	fb_puts(b, "{host_no=");
	fb_dec(b, (int32_t)ld32(p));
	fb_puts(b, ", channel=");
	fb_dec(b, (int32_t)ld32(p + 4));
	fb_puts(b, ", scsi_id=");
	fb_hex(b, ld32(p + 8));
	fb_puts(b, ", lun=");
	fb_dec(b, (int32_t)ld32(p + 12));
	fb_puts(b, ", scsi_type=");
	fb_hex(b, ld32(p + 16));
	fb_puts(b, ", h_cmd_per_lun=");
	fb_dec(b, (int16_t)ld16(p + 20));
	fb_puts(b, ", d_queue_depth=");
	fb_dec(b, (int16_t)ld16(p + 22));
	fb_putc(b, '}');
}

/* struct sg_req_info: four chars, pack_id, usr_ptr, duration */
static void scsi_req_info(struct fmt_buf *b, const uint8_t *p)
{
	static const char *const f[] = { "req_state", "orphan",
		"sg_io_owned", "problem" };

	for (int j = 0; j < 4; j++) {
		fb_puts(b, j ? ", " : "{");
		fb_puts(b, f[j]);
		fb_putc(b, '=');
		fb_dec(b, (int8_t)p[j]);
	}
	fb_puts(b, ", pack_id=");
	fb_dec(b, (int32_t)ld32(p + 4));
	fb_puts(b, ", usr_ptr=");
	fmt_ptr(b, ld64(p + 8));
	fb_puts(b, ", duration=");
	fb_udec(b, ld32(p + 16));
	fb_putc(b, '}');
}

static int scsi_arg(struct fmt_buf *b, const struct sc_call *c, uint32_t req,
		    const struct cap *k)
{
	uint32_t v;

	if (req == SG_SET_TRANSFORM) {
		fb_hex(b, (uint32_t)c->args[2]);
		return 1;
	}
	if (!k || k->len < 4)
		return 0;
	v = ld32(k->p);
	switch (req) {
	case SG_GET_SCSI_ID:
		if (k->len < 24)
			return 0;
		scsi_id(b, k->p);
		return 1;
	case SG_GET_REQUEST_TABLE:
		if (k->len < 24)
			return 0;
		scsi_req_info(b, k->p);
		return 1;
	case SG_IO:
		/* the v3 and v4 headers are not decoded: the pointer */
		if (v == 'S' || v == 'Q')
			return 0;
		fb_putc(b, '[');
		fb_udec(b, v);
		fb_putc(b, ']');
		return 1;
	case SG_SCSI_RESET:
		fb_putc(b, '[');
		if (v & SG_SCSI_RESET_NO_ESCALATE_V) {
			fmt_enum_dflt(b, &xlat_sg_scsi_reset,
				      SG_SCSI_RESET_NO_ESCALATE_V, NULL);
			fb_putc(b, '|');
		}
		fmt_enum_dflt(b, &xlat_sg_scsi_reset,
			      v & ~SG_SCSI_RESET_NO_ESCALATE_V,
			      "SG_SCSI_RESET_???");
		fb_putc(b, ']');
		return 1;
	default:
		/* the ints set and got */
		fb_putc(b, '[');
		fb_dec(b, (int32_t)v);
		fb_putc(b, ']');
		return 1;
	}
}

const struct ioctl_family ioctl_scsi = {
	.type = 0x22,
	.when = scsi_when,
	.arg = scsi_arg,
};
