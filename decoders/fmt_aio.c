// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: Linux native AIO (io_setup, io_getevents, io_cancel)
 * as strace 6.1 prints it: the context io_setup writes, the struct
 * io_event[] io_getevents fills (as many as it returned), io_cancel's
 * struct iocb header, io_submit's struct iocb *[] (the pointers, then
 * each iocb and its buffer: pieces of BPF's copy, cap_aio.bpf.c; an
 * iocb not copied, past the first CAP_AIO_MAX, prints as its pointer).
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

/* piece j of k: its bytes; NULL: none, or not read (a hole) */
static const uint8_t *aio_piece(const struct cap *k, uint32_t j,
				uint32_t *len)
{
	uint32_t at = 0;

	if (j >= k->npieces || (k->holes >> j & 1))
		return NULL;
	for (uint32_t i = 0; i < j; i++)
		at += k->piece[i];
	*len = k->piece[j];
	return k->p + at;
}

/* aio_flags when set, aio_resfd when a flag says so or it is set */
static void iocb_flags(struct fmt_buf *b, const struct sc_call *c,
		       const uint8_t *p)
{
	uint32_t flags = ld32(p + 56), resfd = ld32(p + 60);

	if (flags) {
		fb_puts(b, ", aio_flags=");
		fmt_flags_dflt(b, &xlat_aio_iocb_flags, flags, "IOCB_FLAG_???");
	}
	if (flags & IOCB_FLAG_RESFD) {
		fb_puts(b, ", aio_resfd=");
		fmt_fd_value(b, c, (int32_t)resfd);
	} else if (resfd) {
		fb_puts(b, ", aio_resfd=");
		fb_hex(b, resfd);
	}
}

/*
 * aio_buf of a PWRITE (a string of aio_nbytes, as strace's printstrn:
 * the pointer unless min(nbytes, -s + 1) bytes were read), PREADV's and
 * PWRITEV's iovec (aio_nbytes elements, d its copy, dlen bytes: the
 * array then PWRITEV's data; PREADV's, no data, fewer when cut by
 * memory); NULL d: not copied, the pointer
 */
static void iocb_buf(struct fmt_buf *b, const struct sc_call *c,
		     uint16_t op, uint64_t addr, uint64_t n,
		     const uint8_t *d, uint32_t dlen)
{
	uint64_t max = (uint64_t)str_max(c), want = max + 1 < n ? max + 1 : n;
	uint32_t cnt = n < AIO_IOV_COPIED ? (uint32_t)n : AIO_IOV_COPIED;

	fb_puts(b, ", aio_buf=");
	if (!addr || !d)
		fmt_ptr(b, addr);
	else if (op == IOCB_CMD_PWRITE && dlen >= want)
		fmt_qstr(b, c, d, n > max ? max : n, -1, n > max, 0);
	else if (op == IOCB_CMD_PWRITE)
		fmt_ptr(b, addr);
	else if (op == IOCB_CMD_PREADV)
		/* (no data: fewer elements, cut by memory) */
		fmt_iov_array(b, c, d, dlen, dlen / 16 < cnt ? dlen / 16 : cnt,
			      n, addr, UINT64_MAX, IOV_BASES, dlen / 16 < cnt);
	else
		fmt_iov_array(b, c, d, dlen, cnt, n, addr, UINT64_MAX, 0, 0);
}

/* a struct iocb as io_submit's, d (dlen bytes) what its aio_buf had */
static void iocb_full(struct fmt_buf *b, const struct sc_call *c,
		      const uint8_t *p, const uint8_t *d, uint32_t dlen)
{
	uint16_t op = ld16(p + 16);
	uint64_t addr = ld64(p + 24), n = ld64(p + 32);
	int valid = (int64_t)n >= 0;

	fb_putc(b, '{');
	iocb_header(b, c, p);
	switch (op) {
	case IOCB_CMD_PREAD: case IOCB_CMD_PWRITE:
		if (op == IOCB_CMD_PWRITE && valid) {
			iocb_buf(b, c, op, addr, n, d, dlen);
		} else {
			fb_puts(b, ", aio_buf=");
			fb_hex(b, addr);
		}
		fb_puts(b, ", aio_nbytes=");
		fb_udec(b, n);
		break;
	case IOCB_CMD_PREADV: case IOCB_CMD_PWRITEV:
		if (valid) {
			iocb_buf(b, c, op, addr, n, d, dlen);
		} else {
			fb_puts(b, ", aio_buf=");
			fb_hex(b, addr);
			fb_puts(b, ", aio_nbytes=");
			fb_udec(b, n);
		}
		break;
	case IOCB_CMD_POLL:
		fb_puts(b, ", aio_buf=");
		fmt_flags_dflt(b, &xlat_poll_events, addr, "POLL???");
		iocb_flags(b, c, p);
		/* fall through */
	default:
		fb_putc(b, '}');
		return;
	}
	fb_puts(b, ", aio_offset=");
	fb_dec(b, (int64_t)ld64(p + 40));
	iocb_flags(b, c, p);
	fb_putc(b, '}');
}

/*
 * io_submit's struct iocb *[nr] (nr args[1]): up to -s elements (then
 * "..."), each its iocb when copied, else its pointer; the array
 * running into memory that could not be read: "... /+ address +/"
 */
FMT_KIND(iocbs)
{
	const struct cap *k = c->cap[i];
	int64_t nr = (int64_t)c->args[1];
	uint64_t addr = c->args[i], max = (uint64_t)str_max(c);
	uint32_t alen = 0, cnt;
	const uint8_t *arr;

	if (nr == 0 && addr) {
		fb_puts(b, "[]");
		return;
	}
	arr = k && k->npieces ? aio_piece(k, 0, &alen) :
	      k && !(k->flags & CAP_FAULT) ? k->p : NULL;
	if (!k || !k->npieces)
		alen = k ? k->len : 0;
	if (nr < 0 || !addr || !arr || alen < 8 ||
	    (uint64_t)nr > UINT64_MAX / 8 || addr + 8 * (uint64_t)nr < addr) {
		fmt_ptr(b, addr);
		return;
	}
	cnt = alen / 8;
	fb_putc(b, '[');
	for (uint64_t j = 0; j < (uint64_t)nr; j++) {
		const uint8_t *p, *d;
		uint32_t len = 0, dlen = 0;

		if (j)
			fb_puts(b, ", ");
		if (abbrev(c) && j >= max) {
			fb_puts(b, "...");
			break;
		}
		if (j >= cnt) {
			fb_puts(b, "...");
			/* cut by memory, not by the copy's bound */
			if (cnt < ARRAY_COPIED) {
				fb_puts(b, " /* ");
				fmt_ptr(b, addr + 8 * j);
				fb_puts(b, " */");
			}
			break;
		}
		p = aio_piece(k, 1 + 2 * (uint32_t)j, &len);
		d = aio_piece(k, 2 + 2 * (uint32_t)j, &dlen);
		if (p && len >= IOCB_SIZE && 2 + 2 * j < k->npieces)
			iocb_full(b, c, p, d, dlen);
		else
			fmt_ptr(b, ld64(arr + 8 * j));
	}
	fb_putc(b, ']');
}
