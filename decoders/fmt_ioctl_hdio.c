// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: ioctl(2) requests of (IDE) disks, HDIO_* (type 0x03,
 * numbers without direction or size), as strace 6.1 prints them: the
 * settings got ([unsigned long] at exit) and set (the value itself), the
 * geometry, a drive command's header and, after " => ", its results
 * (the drive's status, the sectors read), the identity's bytes.
 */
#include <errno.h>
#include <linux/hdreg.h>

#include "fmt_ioctl.h"

static enum ioarg hdio_when(uint32_t req, int *at_exit)
{
	*at_exit = 0;
	switch (req) {
	case HDIO_GETGEO: case HDIO_GET_32BIT: case HDIO_GET_ACOUSTIC:
	case HDIO_GET_ADDRESS: case HDIO_GET_BUSSTATE: case HDIO_GET_DMA:
	case HDIO_GET_IDENTITY: case HDIO_GET_KEEPSETTINGS:
	case HDIO_GET_MULTCOUNT: case HDIO_GET_NICE: case HDIO_GET_NOWERR:
	case HDIO_GET_UNMASKINTR: case HDIO_GET_WCACHE:
	case HDIO_OBSOLETE_IDENTITY:
		*at_exit = 1;
		return IOA_FAMILY;
	case HDIO_DRIVE_CMD: case HDIO_DRIVE_RESET: case HDIO_SCAN_HWIF:
	case HDIO_SET_32BIT: case HDIO_SET_ACOUSTIC: case HDIO_SET_ADDRESS:
	case HDIO_SET_BUSSTATE: case HDIO_SET_DMA: case HDIO_SET_KEEPSETTINGS:
	case HDIO_SET_MULTCOUNT: case HDIO_SET_NICE: case HDIO_SET_NOWERR:
	case HDIO_SET_PIO_MODE: case HDIO_SET_UNMASKINTR: case HDIO_SET_WCACHE:
	case HDIO_UNREGISTER_HWIF:
		return IOA_FAMILY;
	default:
		return IOA_HEX;
	}
}

/* 1 << IDE_NICE_0|0x20: the nice bits by number, as strace spells them */
static void nice_words(struct fmt_buf *b, uint64_t v)
{
	const struct xlat *x = &xlat_hdio_ide_nice;
	int n = 0;

	for (uint32_t j = 0; j < x->n; j++) {
		uint64_t bit = 1ULL << x->e[j].val;

		if (!(v & bit))
			continue;
		if (n++)
			fb_putc(b, '|');
		fb_puts(b, "1 << ");
		fb_puts(b, x->e[j].name);
		v &= ~bit;
	}
	if (v) {
		if (n)
			fb_putc(b, '|');
		fb_hex(b, v);
	}
}

static void fmt_nice(struct fmt_buf *b, uint64_t v)
{
	uint64_t known = 0;

	for (uint32_t j = 0; j < xlat_hdio_ide_nice.n; j++)
		known |= 1ULL << xlat_hdio_ide_nice.e[j].val;
	if (v & known)
		fmt_words(b, v, XF_HEX, nice_words);
	else if (v)
		fmt_unknown(b, v, "IDE_NICE_???");
	else
		fb_putc(b, '0');
}

/* int[3] in hex; the elements before memory that could not be read */
static int hdio_ints(struct fmt_buf *b, const struct sc_call *c,
		     const struct cap *k)
{
	uint32_t n;

	if (!k || k->len < 4)
		return 0;
	n = k->len < 12 ? (uint32_t)k->len / 4 : 3;
	for (uint32_t j = 0; j < n; j++) {
		fb_puts(b, j ? ", " : "[");
		fb_hex(b, ld32(k->p + 4 * j));
	}
	if (n < 3) {
		fb_puts(b, ", ... /* ");
		fmt_ptr(b, c->args[2] + 4 * n);
		fb_puts(b, " */");
	}
	fb_putc(b, ']');
	return 1;
}

/* the identity's bytes (512, or the obsolete request's 142) */
static int hdio_identity(struct fmt_buf *b, const struct sc_call *c,
			 size_t want, const struct cap *k)
{
	size_t show = want < (size_t)str_max(c) ? want : (size_t)str_max(c);

	if (!k || k->len < show)
		return 0;
	fmt_qstr(b, c, k->p, show, str_max(c), show < want, 0);
	return 1;
}

/* what a get request got: [unsigned long], by the request's meaning */
static int hdio_got(struct fmt_buf *b, uint32_t req, const struct cap *k)
{
	if (!k || k->len < 8)
		return 0;
	fb_putc(b, '[');
	if (req == HDIO_GET_BUSSTATE)
		fmt_enum_dflt(b, &xlat_hdio_busstates, ld64(k->p),
			      "BUSSTATE_???");
	else if (req == HDIO_GET_NICE)
		fmt_nice(b, ld64(k->p));
	else
		fb_udec(b, ld64(k->p));
	fb_putc(b, ']');
	return 1;
}

static int hdio_arg(struct fmt_buf *b, const struct sc_call *c, uint32_t req,
		    const struct cap *k)
{
	uint64_t arg = c->args[2];

	switch (req) {
	case HDIO_GETGEO:
		/* heads, sectors (u8), cylinders (u16), start (ulong) */
		if (!k || k->len < 16)
			return 0;
		fb_puts(b, "{heads=");
		fb_udec(b, k->p[0]);
		fb_puts(b, ", sectors=");
		fb_udec(b, k->p[1]);
		fb_puts(b, ", cylinders=");
		fb_udec(b, ld16(k->p + 2));
		fb_puts(b, ", start=");
		fb_udec(b, ld64(k->p + 8));
		fb_putc(b, '}');
		return 1;
	case HDIO_DRIVE_CMD:
		/* struct hd_drive_cmd_hdr: four u8 */
		if (!k || k->len < 4)
			return 0;
		fb_puts(b, "{command=");
		fmt_enum_dflt(b, &xlat_hdio_drive_cmds, k->p[0],
			      "ATA_CMD_???");
		fb_puts(b, ", sector_number=");
		fb_udec(b, k->p[1]);
		fb_puts(b, ", feature=");
		fb_udec(b, k->p[2]);
		fb_puts(b, ", sector_count=");
		fb_udec(b, k->p[3]);
		fb_putc(b, '}');
		return 2;
	case HDIO_DRIVE_RESET: case HDIO_SCAN_HWIF:
		return hdio_ints(b, c, k);
	case HDIO_GET_IDENTITY:
		return hdio_identity(b, c, 512, k);
	case HDIO_OBSOLETE_IDENTITY:
		return hdio_identity(b, c, 142, k);
	case HDIO_SET_BUSSTATE:
		fmt_enum_dflt(b, &xlat_hdio_busstates, arg, "BUSSTATE_???");
		return 1;
	case HDIO_SET_NICE:
		fmt_nice(b, arg);
		return 1;
	case HDIO_SET_32BIT: case HDIO_SET_ACOUSTIC: case HDIO_SET_ADDRESS:
	case HDIO_SET_DMA: case HDIO_SET_KEEPSETTINGS: case HDIO_SET_MULTCOUNT:
	case HDIO_SET_NOWERR: case HDIO_SET_PIO_MODE: case HDIO_SET_UNMASKINTR:
	case HDIO_SET_WCACHE: case HDIO_UNREGISTER_HWIF:
		fb_udec(b, arg);
		return 1;
	default:
		return hdio_got(b, req, k);
	}
}

/*
 * HDIO_DRIVE_CMD at exit (after a success or EIO, the drive's error):
 * the drive's status, error and sector count in the header, then the
 * sectors read after it
 */
static void hdio_out(struct fmt_buf *b, const struct sc_call *c, uint32_t req)
{
	const struct cap *k = c->cap_out[2];
	struct cap data;

	if ((sc_failed(c) && c->ret != -EIO) || !k || k->len < 4 ||
	    (k->flags & CAP_FAULT))
		return;
	fb_puts(b, " => {status=");
	fb_hex(b, k->p[0]);
	fb_puts(b, ", error=");
	fb_udec(b, k->p[1]);
	fb_puts(b, ", nsector=");
	fb_udec(b, k->p[2]);
	if (k->p[3]) {
		data = *k;
		data.p += 4;
		data.len -= 4;
		fb_puts(b, ", buf=");
		if (!ioctl_hexstr(b, c, &data, (uint64_t)k->p[3] * 512))
			fmt_ptr(b, c->args[2] + 4);
	}
	fb_putc(b, '}');
}

const struct ioctl_family ioctl_hdio = {
	.type = 0x03,
	.when = hdio_when,
	.arg = hdio_arg,
	.out = hdio_out,
};
