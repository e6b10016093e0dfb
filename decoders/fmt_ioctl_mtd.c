// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: ioctl(2) requests of type 'M': the numbers strace
 * spells MIXER_READ(n)/MIXER_WRITE(n) (OSS's, before any name the number
 * has), and the arguments of MTD (flash) devices, as strace 6.1 prints
 * them: erase ranges, out-of-band buffers, write requests, OTP areas at
 * entry; the device's info, OOB layouts and ECC statistics at exit.
 */
#include <linux/ioctl.h>
#include <mtd/mtd-abi.h>

#include "fmt_ioctl.h"

static int mtd_number(struct fmt_buf *b, uint32_t req, int in_comment)
{
	if (_IOC_DIR(req) == _IOC_READ)
		fb_puts(b, "MIXER_READ(");
	else if (_IOC_DIR(req) == _IOC_WRITE)
		fb_puts(b, "MIXER_WRITE(");
	else
		return 0;
	fb_udec(b, _IOC_NR(req));
	fb_putc(b, ')');
	return 1;
}

static enum ioarg mtd_when(uint32_t req, int *at_exit)
{
	*at_exit = 0;
	switch (req) {
	case OTPGETREGIONINFO: case MEMGETINFO: case MEMGETOOBSEL:
	case ECCGETLAYOUT: case ECCGETSTATS: case OTPGETREGIONCOUNT:
	case MEMGETREGIONCOUNT:
		*at_exit = 1;
		return IOA_FAMILY;
	case MEMERASE: case MEMLOCK: case MEMUNLOCK: case MEMISLOCKED:
	case MEMERASE64: case MEMWRITEOOB: case MEMREADOOB:
	case MEMWRITEOOB64: case MEMREADOOB64: case MEMWRITE: case OTPLOCK:
	case OTPSELECT: case MTDFILEMODE: case MEMGETBADBLOCK:
	case MEMSETBADBLOCK: case MEMGETREGIONINFO:
		return IOA_FAMILY;
	default:
		return IOA_HEX;
	}
}

/* name=[...]: n u32 in hex, -s of them unless -v */
static void mtd_xarr(struct fmt_buf *b, const struct sc_call *c,
		     const char *name, const uint8_t *p, uint32_t n)
{
	uint32_t show = n;

	if (abbrev(c) && (uint64_t)str_max(c) < n)
		show = (uint32_t)str_max(c);
	fb_puts(b, name);
	fb_puts(b, "=[");
	for (uint32_t j = 0; j < show; j++) {
		if (j)
			fb_puts(b, ", ");
		fb_hex(b, ld32(p + 4 * j));
	}
	if (show < n)
		fb_puts(b, show ? ", ..." : "...");
	fb_putc(b, ']');
}

/* fields of u32 in hex at p, from name[0]; then "}" */
static void mtd_xfields(struct fmt_buf *b, const uint8_t *p,
			const char *const *name)
{
	for (int j = 0; name[j]; j++) {
		fb_puts(b, j ? ", " : "{");
		fb_puts(b, name[j]);
		fb_putc(b, '=');
		fb_hex(b, ld32(p + 4 * j));
	}
	fb_putc(b, '}');
}

static void mtd_info(struct fmt_buf *b, const uint8_t *p)
{
	static const char *const f[] = { "size", "erasesize", "writesize",
		"oobsize" };

	fb_puts(b, "{type=");
	fmt_enum_dflt(b, &xlat_mtd_type, p[0], "MTD_???");
	fb_puts(b, ", flags=");
	fmt_flags_dflt(b, &xlat_mtd_flags, ld32(p + 4), "MTD_???");
	for (int j = 0; j < 4; j++) {
		fb_puts(b, ", ");
		fb_puts(b, f[j]);
		fb_putc(b, '=');
		fb_hex(b, ld32(p + 8 + 4 * j));
	}
	fb_puts(b, ", padding=");
	fb_hex(b, ld64(p + 24));
	fb_putc(b, '}');
}

/* struct nand_oobinfo: useecc, eccbytes, oobfree[8][2], eccpos[32] */
static void mtd_oobinfo(struct fmt_buf *b, const struct sc_call *c,
			const uint8_t *p)
{
	uint32_t show = abbrev(c) && str_max(c) < 8 ? (uint32_t)str_max(c) : 8;

	fb_puts(b, "{useecc=");
	fmt_enum_dflt(b, &xlat_mtd_nandecc, ld32(p), "MTD_NANDECC_???");
	fb_puts(b, ", eccbytes=");
	fb_hex(b, ld32(p + 4));
	fb_puts(b, ", oobfree=[");
	for (uint32_t j = 0; j < show; j++) {
		fb_puts(b, j ? ", [" : "[");
		fb_hex(b, ld32(p + 8 + 8 * j));
		fb_puts(b, ", ");
		fb_hex(b, ld32(p + 12 + 8 * j));
		fb_putc(b, ']');
	}
	if (show < 8)
		fb_puts(b, show ? ", ..." : "...");
	fb_puts(b, "], ");
	mtd_xarr(b, c, "eccpos", p + 72, 32);
	fb_putc(b, '}');
}

/* struct nand_ecclayout_user: eccbytes, eccpos[64], oobavail, oobfree */
static void mtd_layout(struct fmt_buf *b, const struct sc_call *c,
		       const uint8_t *p)
{
	static const char *const f[] = { "offset", "length", NULL };
	uint32_t show = abbrev(c) && str_max(c) < 8 ? (uint32_t)str_max(c) : 8;

	fb_puts(b, "{eccbytes=");
	fb_hex(b, ld32(p));
	fb_puts(b, ", ");
	mtd_xarr(b, c, "eccpos", p + 4, 64);
	fb_puts(b, ", oobavail=");
	fb_hex(b, ld32(p + 260));
	fb_puts(b, ", oobfree=[");
	for (uint32_t j = 0; j < show; j++) {
		if (j)
			fb_puts(b, ", ");
		mtd_xfields(b, p + 264 + 8 * j, f);
	}
	if (show < 8)
		fb_puts(b, show ? ", ..." : "...");
	fb_puts(b, "]}");
}

/* the structs passed at entry */
static void mtd_in(struct fmt_buf *b, uint32_t req, const uint8_t *p)
{
	static const char *const range[] = { "start", "length", NULL };

	switch (req) {
	case MEMERASE64:
		fb_puts(b, "{start=");
		fb_hex(b, ld64(p));
		fb_puts(b, ", length=");
		fb_hex(b, ld64(p + 8));
		fb_putc(b, '}');
		return;
	case MEMWRITEOOB: case MEMREADOOB:
		fb_puts(b, "{start=");
		fb_hex(b, ld32(p));
		fb_puts(b, ", length=");
		fb_hex(b, ld32(p + 4));
		fb_puts(b, ", ptr=");
		fmt_ptr(b, ld64(p + 8));
		fb_putc(b, '}');
		return;
	case MEMWRITEOOB64: case MEMREADOOB64:
		fb_puts(b, "{start=");
		fb_hex(b, ld64(p));
		fb_puts(b, ", length=");
		fb_hex(b, ld32(p + 12));
		fb_puts(b, ", usr_ptr=");
		fmt_ptr(b, ld64(p + 16));
		fb_putc(b, '}');
		return;
	case MEMWRITE:
		fb_puts(b, "{start=");
		fb_hex(b, ld64(p));
		fb_puts(b, ", len=");
		fb_hex(b, ld64(p + 8));
		fb_puts(b, ", ooblen=");
		fb_hex(b, ld64(p + 16));
		fb_puts(b, ", usr_data=");
		fmt_ptr(b, ld64(p + 24));
		fb_puts(b, ", usr_oob=");
		fmt_ptr(b, ld64(p + 32));
		fb_puts(b, ", mode=");
		fmt_enum_dflt(b, &xlat_mtd_mode, p[40], "MTD_OPS_???");
		fb_putc(b, '}');
		return;
	case OTPLOCK: case OTPGETREGIONINFO:
		fb_puts(b, "{start=");
		fb_hex(b, ld32(p));
		fb_puts(b, ", length=");
		fb_hex(b, ld32(p + 4));
		fb_puts(b, ", locked=");
		fb_udec(b, ld32(p + 8));
		fb_putc(b, '}');
		return;
	default:
		/* MEMERASE, MEMLOCK, MEMUNLOCK, MEMISLOCKED */
		mtd_xfields(b, p, range);
	}
}

static int mtd_arg(struct fmt_buf *b, const struct sc_call *c, uint32_t req,
		   const struct cap *k)
{
	uint32_t size = _IOC_SIZE(req);

	if (req == MTDFILEMODE) {
		fmt_enum_dflt(b, &xlat_mtd_file_mode, c->args[2],
			      "MTD_FILE_MODE_???");
		return 1;
	}
	if (!k || k->len < size)
		return 0;
	switch (req) {
	case OTPSELECT:
		fb_putc(b, '[');
		fmt_enum_dflt(b, &xlat_mtd_otp, ld32(k->p), "MTD_OTP_???");
		fb_putc(b, ']');
		return 1;
	case MEMGETBADBLOCK: case MEMSETBADBLOCK:
		fb_putc(b, '[');
		fb_udec(b, ld64(k->p));
		fb_putc(b, ']');
		return 1;
	case OTPGETREGIONCOUNT:
		fb_putc(b, '[');
		fb_udec(b, ld32(k->p));
		fb_putc(b, ']');
		return 1;
	case MEMGETREGIONCOUNT:
		fb_putc(b, '[');
		fb_dec(b, (int32_t)ld32(k->p));
		fb_putc(b, ']');
		return 1;
	case MEMGETINFO:
		mtd_info(b, k->p);
		return 1;
	case MEMGETOOBSEL:
		mtd_oobinfo(b, c, k->p);
		return 1;
	case ECCGETLAYOUT:
		mtd_layout(b, c, k->p);
		return 1;
	case ECCGETSTATS: {
		static const char *const f[] = { "corrected", "failed",
			"badblocks", "bbtblocks", NULL };

		mtd_xfields(b, k->p, f);
		return 1;
	}
	case MEMGETREGIONINFO:
		/* the region asked; what the call tells at exit */
		fb_puts(b, "{regionindex=");
		fb_hex(b, ld32(k->p + 12));
		return 2;
	default:
		mtd_in(b, req, k->p);
		return 1;
	}
}

/* MEMGETREGIONINFO at exit: the region, then the struct's end */
static void mtd_out(struct fmt_buf *b, const struct sc_call *c, uint32_t req)
{
	const struct cap *k = arg_out(c, 2, 16);

	if (k) {
		fb_puts(b, ", offset=");
		fb_hex(b, ld32(k->p));
		fb_puts(b, ", erasesize=");
		fb_hex(b, ld32(k->p + 4));
		fb_puts(b, ", numblocks=");
		fb_hex(b, ld32(k->p + 8));
	}
	fb_putc(b, '}');
}

const struct ioctl_family ioctl_mtd = {
	.type = 'M',
	.number = mtd_number,
	.when = mtd_when,
	.arg = mtd_arg,
	.out = mtd_out,
};
