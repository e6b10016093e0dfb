// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: ioctl(2) requests of UBI (volumes on raw flash), type
 * 'o' (the device's and the control node's) and 'O' (a volume's), as
 * strace 6.1 prints them, all at entry: a volume to make, resize or
 * rename, a device to attach, an eraseblock to change or map, a
 * property; ints and an int64.  What making a volume or attaching a
 * device got (the number given to it) follows " => " at exit.  The
 * types' other requests (DVB, OMAP frame buffers) print in hex.
 */
#include <linux/ioctl.h>
#include <mtd/ubi-user.h>

#include "fmt_ioctl.h"

static enum ioarg ubi_when(uint32_t req, int *at_exit)
{
	*at_exit = 0;
	switch (req) {
	case UBI_IOCMKVOL: case UBI_IOCRSVOL: case UBI_IOCRNVOL:
	case UBI_IOCATT: case UBI_IOCEBCH: case UBI_IOCEBMAP:
	case UBI_IOCSETVOLPROP: case UBI_IOCVOLUP:
	case UBI_IOCDET: case UBI_IOCEBER: case UBI_IOCEBISMAP:
	case UBI_IOCEBUNMAP: case UBI_IOCRMVOL: case UBI_IOCRPEB:
	case UBI_IOCSPEB:
		return IOA_FAMILY;
	case UBI_IOCVOLCRBLK: case UBI_IOCVOLRMBLK:
		return IOA_NONE;
	default:
		return IOA_HEX;
	}
}

/* ", name=value" of a signed field; first: without the ", " */
static void ubi_dec(struct fmt_buf *b, const char *name, int64_t v, int first)
{
	if (!first)
		fb_puts(b, ", ");
	fb_puts(b, name);
	fb_putc(b, '=');
	fb_dec(b, v);
}

/* strace's cstring of a name field: len (clamped to the field) bytes up
   to a NUL, "..." when the byte after them is no NUL */
static void ubi_name(struct fmt_buf *b, const struct sc_call *c,
		     const uint8_t *p, int16_t len)
{
	if (len < 0)
		len = 0;
	if (len > UBI_MAX_VOLUME_NAME)
		len = UBI_MAX_VOLUME_NAME;
	ioctl_cstr(b, c, "name", p, (size_t)len + 1);
}

/* struct ubi_rnvol_req: the entries count says, at most the 32 there are
   (cut at -s) */
static void ubi_rnvol(struct fmt_buf *b, const struct sc_call *c,
		      const uint8_t *p)
{
	int32_t count = (int32_t)ld32(p);
	uint32_t n = count < 0 ? 0 : count > UBI_MAX_RNVOL ? UBI_MAX_RNVOL :
		     (uint32_t)count;
	uint32_t show = n;

	if (abbrev(c) && (uint64_t)str_max(c) < n)
		show = (uint32_t)str_max(c);
	ubi_dec(b, "{count", count, 1);
	fb_puts(b, ", ents=[");
	for (uint32_t j = 0; j < show; j++) {
		const uint8_t *e = p + 16 + 136 * j;

		fb_puts(b, j ? ", " : "");
		ubi_dec(b, "{vol_id", (int32_t)ld32(e), 1);
		ubi_dec(b, "name_len", (int16_t)ld16(e + 4), 0);
		fb_puts(b, ", ");
		ubi_name(b, c, e + 8, (int16_t)ld16(e + 4));
		fb_putc(b, '}');
	}
	if (show < n)
		fb_puts(b, show ? ", ..." : "...");
	fb_puts(b, "]}");
}

/* struct ubi_mkvol_req */
static void ubi_mkvol(struct fmt_buf *b, const struct sc_call *c,
		      const uint8_t *p)
{
	ubi_dec(b, "{vol_id", (int32_t)ld32(p), 1);
	ubi_dec(b, "alignment", (int32_t)ld32(p + 4), 0);
	ubi_dec(b, "bytes", (int64_t)ld64(p + 8), 0);
	fb_puts(b, ", vol_type=");
	fmt_enum_dflt(b, &xlat_ubi_volume_types, p[16],
		      "UBI_???_VOLUME");
	fb_puts(b, ", flags=");
	fmt_flags_dflt(b, &xlat_ubi_volume_flags, p[17], "UBI_VOL_???");
	ubi_dec(b, "name_len", (int16_t)ld16(p + 18), 0);
	fb_puts(b, ", ");
	ubi_name(b, c, p + 24, (int16_t)ld16(p + 18));
	fb_putc(b, '}');
}

/* bytes of each request's struct, or of its int */
static uint32_t ubi_size(uint32_t req)
{
	switch (req) {
	case UBI_IOCMKVOL:
		return sizeof(struct ubi_mkvol_req);
	case UBI_IOCRSVOL:
		return sizeof(struct ubi_rsvol_req);
	case UBI_IOCRNVOL:
		return sizeof(struct ubi_rnvol_req);
	case UBI_IOCATT:
		return sizeof(struct ubi_attach_req);
	case UBI_IOCEBCH:
		return sizeof(struct ubi_leb_change_req);
	case UBI_IOCEBMAP:
		return sizeof(struct ubi_map_req);
	case UBI_IOCSETVOLPROP:
		return sizeof(struct ubi_set_vol_prop_req);
	case UBI_IOCVOLUP:
		return 8;
	default:
		return 4;
	}
}

static int ubi_arg(struct fmt_buf *b, const struct sc_call *c, uint32_t req,
		   const struct cap *k)
{
	const uint8_t *p;

	if (!k || k->len < ubi_size(req))
		return 0;
	p = k->p;
	switch (req) {
	case UBI_IOCMKVOL:
		ubi_mkvol(b, c, p);
		return 2;
	case UBI_IOCATT:
		ubi_dec(b, "{ubi_num", (int32_t)ld32(p), 1);
		ubi_dec(b, "mtd_num", (int32_t)ld32(p + 4), 0);
		ubi_dec(b, "vid_hdr_offset", (int32_t)ld32(p + 8), 0);
		ubi_dec(b, "max_beb_per1024", (int16_t)ld16(p + 12), 0);
		fb_putc(b, '}');
		return 2;
	case UBI_IOCRSVOL:
		ubi_dec(b, "{bytes", (int64_t)ld64(p), 1);
		ubi_dec(b, "vol_id", (int32_t)ld32(p + 8), 0);
		fb_putc(b, '}');
		return 1;
	case UBI_IOCRNVOL:
		ubi_rnvol(b, c, p);
		return 1;
	case UBI_IOCEBCH: case UBI_IOCEBMAP:
		ubi_dec(b, "{lnum", (int32_t)ld32(p), 1);
		if (req == UBI_IOCEBCH)
			ubi_dec(b, "bytes", (int32_t)ld32(p + 4), 0);
		fb_puts(b, ", dtype=");
		fmt_enum_dflt(b, &xlat_ubi_data_types,
			      p[req == UBI_IOCEBCH ? 8 : 4],
			      "UBI_???");
		fb_putc(b, '}');
		return 1;
	case UBI_IOCSETVOLPROP:
		fb_puts(b, "{property=");
		fmt_enum_dflt(b, &xlat_ubi_volume_props, p[0],
			      "UBI_VOL_PROP_???");
		fb_puts(b, ", value=");
		fb_hex(b, ld64(p + 8));
		fb_putc(b, '}');
		return 1;
	case UBI_IOCVOLUP:
		fb_putc(b, '[');
		fb_dec(b, (int64_t)ld64(p));
		fb_putc(b, ']');
		return 1;
	default:
		fb_putc(b, '[');
		fb_dec(b, (int32_t)ld32(p));
		fb_putc(b, ']');
		return 1;
	}
}

/* UBI_IOCMKVOL, UBI_IOCATT: the volume's or the device's number got */
static void ubi_out(struct fmt_buf *b, const struct sc_call *c, uint32_t req)
{
	const struct cap *k = arg_out(c, 2, 4);

	if (sc_failed(c))
		return;
	fb_puts(b, " => ");
	if (!k) {
		fmt_ptr(b, c->args[2]);
		return;
	}
	fb_putc(b, '[');
	fb_dec(b, (int32_t)ld32(k->p));
	fb_putc(b, ']');
}

/* the device's and the control node's requests */
const struct ioctl_family ioctl_ubi = {
	.type = 'o',
	.when = ubi_when,
	.arg = ubi_arg,
	.out = ubi_out,
};

/* a volume's */
const struct ioctl_family ioctl_ubi_vol = {
	.type = 'O',
	.when = ubi_when,
	.arg = ubi_arg,
	.out = ubi_out,
};
