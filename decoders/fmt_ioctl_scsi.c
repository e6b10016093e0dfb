// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: ioctl(2) requests of the SCSI generic driver, SG_*
 * (type 0x22, numbers without direction or size), as strace 6.1 prints
 * them: ints set and got, the reset asked, a device's SCSI id and the
 * first request's state got.  SG_IO's v3 header (struct sg_io_hdr, 'S'):
 * the request at entry, the response at exit (the argument's copy at
 * exit, after a failure too); dxferp's data as a hex string, an iovec
 * there and cmdp and sbp as pointers: their memory is not copied yet.
 * The v4 header (struct sg_io_v4, 'Q'): the request at entry, the
 * response at exit, their buffers from BPF's copies (CAP_IOC_STR pieces,
 * g_ioc_sg4).  Another interface id prints as [id], as strace.
 */
#include <scsi/sg.h>

#include "fmt_ioctl.h"

/* glibc's scsi/sg.h lacks them */
#define SG_SCSI_RESET_NO_ESCALATE_V	0x100
#define SG_IO_HDR_SIZE	88	/* struct sg_io_hdr */
#define SG_IO_V4_SIZE	160	/* struct sg_io_v4 */
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

/* struct sg_io_hdr's dxfer_direction (an int) */
static void sg_dxfer_dir(struct fmt_buf *b, int32_t v)
{
	static const char *const names[] = { "SG_DXFER_NONE",
		"SG_DXFER_TO_DEV", "SG_DXFER_FROM_DEV", "SG_DXFER_TO_FROM_DEV" };

	if (v <= -1 && v >= -4)
		fb_puts(b, names[-v - 1]);
	else
		fmt_unknown(b, (uint32_t)v, "SG_DXFER_???");
}

/*
 * dxferp's data at ptr, len bytes, from in (BPF's copy of what dxferp
 * points to, CAP_IOC_IND) as strace's hex string; an iovec (iovec_count
 * iovcnt), or data not copied: the pointer
 */
static void sg_dxferp(struct fmt_buf *b, const struct sc_call *c,
		      uint64_t ptr, uint32_t len, uint32_t iovcnt,
		      const struct cap *in)
{
	if (!ptr || iovcnt || !ioctl_hexstr(b, c, in, len))
		fmt_ptr(b, ptr);
}

/*
 * SG_IO's v3 request at entry (k: the argument's copy), printed open:
 * its response at exit (sg_io_v3_out); 1: only 4 bytes read (the rest's
 * address printed, closed)
 */
static int sg_io_v3(struct fmt_buf *b, const struct sc_call *c,
		    const struct cap *k)
{
	const uint8_t *p = k->p;
	int32_t dir;

	fb_puts(b, "{interface_id='S', ");
	if (k->len < SG_IO_HDR_SIZE) {
		fmt_ptr(b, c->args[2] + 4);
		fb_putc(b, '}');
		return 1;
	}
	dir = (int32_t)ld32(p + 4);
	fb_puts(b, "dxfer_direction=");
	sg_dxfer_dir(b, dir);
	fb_printf(b, ", cmd_len=%u, cmdp=", p[8]);
	fmt_ptr(b, ld64(p + 24));
	fb_printf(b, ", mx_sb_len=%u, iovec_count=%u, dxfer_len=%u, "
		  "timeout=%u, flags=", p[9], ld16(p + 10), ld32(p + 12),
		  ld32(p + 40));
	fmt_flags_dflt(b, &xlat_sg_io_flags, ld32(p + 44), "SG_FLAG_???");
	if (dir == SG_DXFER_TO_DEV || dir == SG_DXFER_TO_FROM_DEV) {
		fb_puts(b, ", dxferp=");
		sg_dxferp(b, c, ld64(p + 16), ld32(p + 12), ld16(p + 10),
			  c->inner[0]);
	}
	return 2;
}

/* SG_IO's v3 response at exit, after its request */
static void sg_io_v3_out(struct fmt_buf *b, const struct sc_call *c)
{
	const struct cap *in = c->cap[2], *k = c->cap_out[2];
	const uint8_t *p;
	int32_t dir;

	if (!in || in->len < SG_IO_HDR_SIZE) {
		fb_putc(b, '}');
		return;
	}
	if (!k || k->len < SG_IO_HDR_SIZE) {
		/* the buffers' addresses given */
		if ((int32_t)ld32(in->p + 4) == SG_DXFER_FROM_DEV) {
			fb_puts(b, ", dxferp=");
			fmt_ptr(b, ld64(in->p + 16));
		}
		fb_puts(b, ", sbp=");
		fmt_ptr(b, ld64(in->p + 32));
		fb_putc(b, '}');
		return;
	}
	p = k->p;
	if (ld32(p) != 'S') {
		fb_printf(b, " => interface_id=%u}", ld32(p));
		return;
	}
	dir = (int32_t)ld32(p + 4);
	if (dir == SG_DXFER_FROM_DEV || dir == SG_DXFER_TO_FROM_DEV) {
		uint32_t len = ld32(p + 12);
		int32_t resid = (int32_t)ld32(p + 72);

		if (resid > 0 && (uint32_t)resid <= len)
			len -= (uint32_t)resid;
		if (dir == SG_DXFER_FROM_DEV || len) {
			fb_puts(b, dir == SG_DXFER_FROM_DEV ? ", dxferp=" :
				   " => dxferp=");
			sg_dxferp(b, c, ld64(p + 16), len, ld16(p + 10),
				  c->inner[1]);
		}
	}
	fb_puts(b, ", status=");
	fb_hex(b, p[64]);
	fb_puts(b, ", masked_status=");
	fb_hex(b, p[65]);
	fb_puts(b, ", msg_status=");
	fb_hex(b, p[66]);
	fb_printf(b, ", sb_len_wr=%u, sbp=", p[67]);
	fmt_ptr(b, ld64(p + 32));
	fb_puts(b, ", host_status=");
	fb_hex(b, ld16(p + 68));
	fb_puts(b, ", driver_status=");
	fb_hex(b, ld16(p + 70));
	fb_printf(b, ", resid=%d, duration=%u, info=", (int32_t)ld32(p + 72),
		  ld32(p + 76));
	fmt_flags_dflt(b, &xlat_sg_io_info, ld32(p + 80), "SG_INFO_???");
	fb_putc(b, '}');
}

/*
 * Piece j of s (BPF's copies of a v4 header's buffers, c->inner_str[]),
 * into k; 0: none, or it could not be read
 */
static int sg4_piece(const struct cap *s, uint32_t j, struct cap *k)
{
	uint32_t at = 0;

	if (!s || j >= s->npieces || (s->holes >> j & 1))
		return 0;
	for (uint32_t i = 0; i < j; i++)
		at += s->piece[i];
	memset(k, 0, sizeof(*k));
	k->p = s->p + at;
	k->len = s->piece[j];
	return 1;
}

/*
 * A v4 buffer at ptr of len bytes, piece j of s: with iovcnt its struct
 * iovec[] and their data (strings sharing len, as strace's
 * tprint_iov_upto; an array cut by memory that could not be read: piece
 * j + 1 the elements before it), else a hex string; the pointer when not
 * copied
 */
static void sg4_buf(struct fmt_buf *b, const struct sc_call *c,
		    const struct cap *s, uint32_t j, uint64_t ptr,
		    uint32_t len, uint32_t iovcnt)
{
	uint32_t n = iovcnt < ARRAY_COPIED ? iovcnt : ARRAY_COPIED;
	struct cap k, e;
	int ended = 0;

	if (iovcnt && sg4_piece(s, j + 1, &e) && e.len >= 4 &&
	    ld32(e.p) < n) {
		n = ld32(e.p);
		ended = 1;
	}
	if (!ptr || !sg4_piece(s, j, &k))
		fmt_ptr(b, ptr);
	else if (iovcnt)
		fmt_iov_array(b, c, k.p, k.len, n, iovcnt, ptr, len, 0, ended);
	else if (!ioctl_hexstr(b, c, &k, len))
		fmt_ptr(b, ptr);
}

/*
 * SG_IO's v4 request at entry (k: the argument's copy), printed open;
 * 1: only 4 bytes read (the rest's address printed, closed)
 */
static int sg_io_v4(struct fmt_buf *b, const struct sc_call *c,
		    const struct cap *k)
{
	const uint8_t *p = k->p;

	fb_puts(b, "{guard='Q', ");
	if (k->len < SG_IO_V4_SIZE) {
		fmt_ptr(b, c->args[2] + 4);
		fb_putc(b, '}');
		return 1;
	}
	fb_puts(b, "protocol=");
	fmt_enum_dflt(b, &xlat_bsg_protocol, ld32(p + 4), "BSG_PROTOCOL_???");
	fb_puts(b, ", subprotocol=");
	fmt_enum_dflt(b, &xlat_bsg_subprotocol, ld32(p + 8),
		      "BSG_SUB_PROTOCOL_???");
	fb_printf(b, ", request_len=%u, request=", ld32(p + 12));
	sg4_buf(b, c, c->inner_str[0], 0, ld64(p + 16), ld32(p + 12), 0);
	fb_puts(b, ", request_tag=");
	fb_hex(b, ld64(p + 24));
	fb_printf(b, ", request_attr=%u, request_priority=%u, "
		  "request_extra=%u, max_response_len=%u, "
		  "dout_iovec_count=%u, dout_xfer_len=%u, "
		  "din_iovec_count=%u, din_xfer_len=%u, dout_xferp=",
		  ld32(p + 32), ld32(p + 36), ld32(p + 40), ld32(p + 44),
		  ld32(p + 56), ld32(p + 60), ld32(p + 64), ld32(p + 68));
	sg4_buf(b, c, c->inner_str[0], 1, ld64(p + 72), ld32(p + 60),
		ld32(p + 56));
	fb_printf(b, ", timeout=%u, flags=", ld32(p + 88));
	fmt_flags_dflt(b, &xlat_bsg_flags, ld32(p + 92), "BSG_FLAG_???");
	fb_puts(b, ", usr_ptr=");
	fb_hex(b, ld64(p + 96));
	return 2;
}

/* SG_IO's v4 response at exit, after its request */
static void sg_io_v4_out(struct fmt_buf *b, const struct sc_call *c)
{
	const struct cap *in = c->cap[2], *k = c->cap_out[2];
	const uint8_t *p;
	uint32_t din;
	int32_t resid;

	if (!k || k->len < SG_IO_V4_SIZE) {
		/* the buffers' addresses given */
		fb_puts(b, ", response=");
		fb_hex(b, ld64(in->p + 48));
		fb_puts(b, ", din_xferp=");
		fb_hex(b, ld64(in->p + 80));
		fb_putc(b, '}');
		return;
	}
	p = k->p;
	if (ld32(p) != 'Q') {
		fb_printf(b, " => guard=%u}", ld32(p));
		return;
	}
	fb_printf(b, ", response_len=%u, response=", ld32(p + 132));
	sg4_buf(b, c, c->inner_str[1], 0, ld64(p + 48), ld32(p + 132), 0);
	din = ld32(p + 68);
	resid = (int32_t)ld32(p + 136);
	if (resid > 0 && (uint32_t)resid <= din)
		din -= (uint32_t)resid;
	fb_puts(b, ", din_xferp=");
	sg4_buf(b, c, c->inner_str[1], 1, ld64(p + 80), din, ld32(p + 64));
	fb_puts(b, ", driver_status=");
	fb_hex(b, ld32(p + 108));
	fb_puts(b, ", transport_status=");
	fb_hex(b, ld32(p + 112));
	fb_puts(b, ", device_status=");
	fb_hex(b, ld32(p + 116));
	fb_printf(b, ", retry_delay=%u, info=", ld32(p + 120));
	fmt_flags_dflt(b, &xlat_sg_io_info, ld32(p + 124), "SG_INFO_???");
	fb_printf(b, ", duration=%u, response_len=%u, din_resid=%d, "
		  "dout_resid=%d, generated_tag=", ld32(p + 128),
		  ld32(p + 132), (int32_t)ld32(p + 136),
		  (int32_t)ld32(p + 140));
	fb_hex(b, ld64(p + 144));
	fb_putc(b, '}');
}

static void scsi_out(struct fmt_buf *b, const struct sc_call *c,
		     uint32_t req)
{
	const struct cap *k = c->cap[2];

	if (req != SG_IO || !k || k->len < 4)
		return;
	if (ld32(k->p) == 'Q')
		sg_io_v4_out(b, c);
	else
		sg_io_v3_out(b, c);
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
		if (v == 'S')
			return sg_io_v3(b, c, k);
		if (v == 'Q')
			return sg_io_v4(b, c, k);
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
	.out = scsi_out,
};
