// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: ioctl(2) requests of block devices, BLK* (type 0x12),
 * as strace 6.1 prints them: the values a request reads or fills, by
 * their C types ([-1], [512], [4096, 8192]), BLKPG's struct and the
 * partition it points to (copied by the BPF program, cap_ioctl.bpf.c),
 * BLKTRACESETUP's struct and at exit the trace's name; BLKRASET's and
 * BLKFRASET's values; the requests that take nothing print nothing.
 */
#include "fmt_ioctl.h"

enum {
	BLK_ROSET = 0x125d, BLK_ROGET = 0x125e, BLK_RRPART = 0x125f,
	BLK_GETSIZE = 0x1260, BLK_FLSBUF = 0x1261, BLK_RASET = 0x1262,
	BLK_RAGET = 0x1263, BLK_FRASET = 0x1264, BLK_FRAGET = 0x1265,
	BLK_SECTGET = 0x1267, BLK_SSZGET = 0x1268, BLK_PG = 0x1269,
	BLK_BSZGET = 0x80081270, BLK_BSZSET = 0x40081271,
	BLK_GETSIZE64 = 0x80081272, BLK_TRACESETUP = 0xc0481273,
	BLK_TRACESTART = 0x1274, BLK_TRACESTOP = 0x1275,
	BLK_TRACETEARDOWN = 0x1276, BLK_DISCARD = 0x1277,
	BLK_IOMIN = 0x1278, BLK_IOOPT = 0x1279, BLK_ALIGNOFF = 0x127a,
	BLK_PBSZGET = 0x127b, BLK_DISCARDZEROES = 0x127c,
	BLK_SECDISCARD = 0x127d, BLK_ROTATIONAL = 0x127e,
	BLK_ZEROOUT = 0x127f, BLK_GETDISKSEQ = 0x80081280,
	BLK_GETZONESZ = 0x80041284, BLK_GETNRZONES = 0x80041285,
};

/* how each request's value prints */
enum blk_val { V_NONE, V_HEX, V_VALUE, V_INT, V_UINT, V_USHORT, V_LONG,
	       V_ULONG, V_U64, V_PAIR, V_PG, V_TRACE };

static enum blk_val blk_val(uint32_t req, int *at_exit)
{
	*at_exit = 0;
	switch (req) {
	case BLK_RASET: case BLK_FRASET:
		return V_VALUE;
	case BLK_ROSET: case BLK_BSZSET:
		return V_INT;
	case BLK_DISCARD: case BLK_SECDISCARD: case BLK_ZEROOUT:
		return V_PAIR;
	case BLK_PG:
		return V_PG;
	case BLK_TRACESETUP:
		return V_TRACE;
	case BLK_RRPART: case BLK_FLSBUF: case BLK_TRACESTART:
	case BLK_TRACESTOP: case BLK_TRACETEARDOWN:
		return V_NONE;
	}
	*at_exit = 1;
	switch (req) {
	case BLK_SECTGET: case BLK_ROTATIONAL:
		return V_USHORT;
	case BLK_ROGET: case BLK_BSZGET: case BLK_SSZGET: case BLK_ALIGNOFF:
		return V_INT;
	case BLK_PBSZGET: case BLK_IOMIN: case BLK_IOOPT:
	case BLK_DISCARDZEROES: case BLK_GETZONESZ: case BLK_GETNRZONES:
		return V_UINT;
	case BLK_RAGET: case BLK_FRAGET:
		return V_LONG;
	case BLK_GETSIZE:
		return V_ULONG;
	case BLK_GETSIZE64: case BLK_GETDISKSEQ:
		return V_U64;
	}
	*at_exit = 0;
	return V_HEX;
}

static enum ioarg blk_when(uint32_t req, int *at_exit)
{
	switch (blk_val(req, at_exit)) {
	case V_NONE:
		return IOA_NONE;
	case V_HEX:
		return IOA_HEX;
	default:
		return IOA_FAMILY;
	}
}

/* struct blkpg_ioctl_arg, and the partition its data points to */
static void blk_pg(struct fmt_buf *b, const struct sc_call *c,
		   const uint8_t *p)
{
	const struct cap *in = c->inner[0];
	uint64_t data = ld64(p + 16);

	fb_puts(b, "{op=");
	fmt_enum_dflt(b, &xlat_blkpg_op, ld32(p), "BLKPG_???");
	fb_puts(b, ", flags=");
	fb_dec(b, (int32_t)ld32(p + 4));
	fb_puts(b, ", datalen=");
	fb_dec(b, (int32_t)ld32(p + 8));
	fb_puts(b, ", data=");
	/* struct blkpg_partition: 152 bytes */
	if (!data || !in || (in->flags & CAP_FAULT) || in->len < 152) {
		fmt_ptr(b, data);
	} else {
		fb_puts(b, "{start=");
		fb_dec(b, (int64_t)ld64(in->p));
		fb_puts(b, ", length=");
		fb_dec(b, (int64_t)ld64(in->p + 8));
		fb_puts(b, ", pno=");
		fb_dec(b, (int32_t)ld32(in->p + 16));
		fb_puts(b, ", ");
		ioctl_cstr(b, c, "devname", in->p + 20, 64);
		fb_puts(b, ", ");
		ioctl_cstr(b, c, "volname", in->p + 84, 64);
		fb_putc(b, '}');
	}
	fb_putc(b, '}');
}

static int blk_arg(struct fmt_buf *b, const struct sc_call *c, uint32_t req,
		   const struct cap *k)
{
	int at_exit;
	enum blk_val v = blk_val(req, &at_exit);
	static const size_t size[] = {
		[V_INT] = 4, [V_UINT] = 4, [V_USHORT] = 2, [V_LONG] = 8,
		[V_ULONG] = 8, [V_U64] = 8, [V_PAIR] = 16, [V_PG] = 24,
		[V_TRACE] = 72,
	};
	const uint8_t *p;

	if (v == V_VALUE) {
		fb_udec(b, c->args[2]);
		return 1;
	}
	if (!k || (k->flags & CAP_FAULT) || k->len < size[v])
		return 0;
	p = k->p;
	switch (v) {
	case V_INT:
		fb_putc(b, '[');
		fb_dec(b, (int32_t)ld32(p));
		break;
	case V_UINT:
		fb_putc(b, '[');
		fb_udec(b, ld32(p));
		break;
	case V_USHORT:
		fb_putc(b, '[');
		fb_udec(b, ld16(p));
		break;
	case V_LONG:
		fb_putc(b, '[');
		fb_dec(b, (int64_t)ld64(p));
		break;
	case V_ULONG:
	case V_U64:
		fb_putc(b, '[');
		fb_udec(b, ld64(p));
		break;
	case V_PAIR:
		fb_putc(b, '[');
		fb_udec(b, ld64(p));
		fb_puts(b, ", ");
		fb_udec(b, ld64(p + 8));
		break;
	case V_PG:
		blk_pg(b, c, p);
		return 1;
	case V_TRACE:
		/* open: the name is the call's, at exit (blk_out) */
		fb_puts(b, "{act_mask=");
		fb_udec(b, ld16(p + 32));
		fb_puts(b, ", buf_size=");
		fb_udec(b, ld32(p + 36));
		fb_puts(b, ", buf_nr=");
		fb_udec(b, ld32(p + 40));
		fb_puts(b, ", start_lba=");
		fb_udec(b, ld64(p + 48));
		fb_puts(b, ", end_lba=");
		fb_udec(b, ld64(p + 56));
		fb_puts(b, ", pid=");
		fb_udec(b, ld32(p + 64));
		return 2;
	default:
		return 0;
	}
	fb_putc(b, ']');
	return 1;
}

/* BLKTRACESETUP at exit: the name the kernel gave the trace, then "}" */
static void blk_out(struct fmt_buf *b, const struct sc_call *c, uint32_t req)
{
	const struct cap *k = arg_out(c, 2, 72);

	if (k) {
		fb_puts(b, ", ");
		ioctl_cstr(b, c, "name", k->p, 32);
	}
	fb_putc(b, '}');
}

const struct ioctl_family ioctl_block = {
	.type = 0x12,
	.when = blk_when,
	.arg = blk_arg,
	.out = blk_out,
};
