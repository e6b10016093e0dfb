// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: strace's dumps of -e read=SET / -e write=SET (its
 * dumpstr and dumpiov_upto), under the line of a call on an fd of the
 * sets: the bytes the call moved, sixteen a line, in hex and as ASCII,
 *
 *  | 00000  68 65 6c 6c 6f 0a                                 hello.           |
 *
 * an iovec's (or msghdr's) buffers each under " * 3 bytes in buffer 0",
 * sendmmsg's and recvmmsg's messages each under " = 2 buffers in vector 0".
 * The bytes are the BPF program's copy of the transfer, made at the call
 * (the segments of capture_abi.h, in struct dump_view); a buffer longer
 * than what was copied is said in a line of its own, never filled in.
 */
#include <string.h>

#include "decode.h"
#include "fmt.h"

static const char hexd[] = "0123456789abcdef";

/*
 * One line: the offset in `width` hex digits (strace: 5, more for a
 * buffer past 1 MiB), two spaces, 16 slots of "xx " with a space after
 * each group of 8, then the 16 bytes as ASCII (. for what is not
 * printable), padded, and " |".
 */
static void dump_line(struct fmt_buf *b, const uint8_t *p, size_t n,
		      uint64_t off, int width)
{
	fb_puts(b, " | ");
	for (int s = (width - 1) * 4; s >= 0; s -= 4)
		fb_putc(b, hexd[(off >> s) & 15]);
	fb_puts(b, "  ");
	for (size_t i = 0; i < 16; i++) {
		if (i < n) {
			fb_putc(b, hexd[p[i] >> 4]);
			fb_putc(b, hexd[p[i] & 15]);
		} else {
			fb_puts(b, "  ");
		}
		fb_putc(b, ' ');
		if (i == 7 || i == 15)
			fb_putc(b, ' ');
	}
	for (size_t i = 0; i < 16; i++)
		fb_putc(b, i >= n ? ' ' : p[i] >= 0x20 && p[i] < 0x7f ?
			   (char)p[i] : '.');
	fb_puts(b, " |\n");
}

void fmt_dump_bytes(struct fmt_buf *b, const uint8_t *p, size_t copied,
		    uint64_t total)
{
	int width = 5;

	/* strace: wider offsets once the buffer passes 1 MiB */
	if (total > (1u << 20))
		for (width = 1; width < 16 && (total - 1) >> (4 * width); width++)
			;
	for (size_t off = 0; off < copied; off += 16)
		dump_line(b, p + off, copied - off < 16 ? copied - off : 16,
			  off, width);
	if (copied < total) {
		fb_puts(b, " * dump cut: ");
		fb_udec(b, copied);
		fb_puts(b, " of ");
		fb_udec(b, total);
		fb_puts(b, " bytes copied\n");
	}
}

int dump_next(struct dump_view *v, const uint8_t **p, uint32_t *copied,
	      uint32_t *total)
{
	uint32_t h[2];

	if (v->nseg >= v->count || v->nseg >= DUMP_SEG_MAX ||
	    v->len - v->at < sizeof(h))
		return 0;
	memcpy(h, v->p + v->at, sizeof(h));
	if (h[1] > h[0] || h[1] > v->len - v->at - sizeof(h))
		return 0;
	*total = h[0];
	*copied = h[1];
	*p = v->p + v->at + sizeof(h);
	v->at += sizeof(h) + h[1];
	v->nseg++;
	return 1;
}

int dump_msg_next(struct dump_view *v, struct dump_view *msg,
		  uint32_t *iovlen, int *cut)
{
	struct dump_view w;
	const uint8_t *p;
	uint32_t h[2], copied, total;

	if (v->nseg >= v->count || v->len - v->at < sizeof(h))
		return 0;
	memcpy(h, v->p + v->at, sizeof(h));
	/* h[1]: segments | flags << 16 (capture_abi.h's cap_dump_msg) */
	w = (struct dump_view){ v->p + v->at + sizeof(h),
				v->len - v->at - (uint32_t)sizeof(h), 0,
				h[1] & 0xffff, 0 };
	while (dump_next(&w, &p, &copied, &total))
		;
	if (w.nseg < w.count)
		return 0;
	*msg = w;
	msg->len = w.at;
	msg->at = msg->nseg = 0;
	*iovlen = h[0];
	*cut = (h[1] >> 16) & 1;
	v->at += (uint32_t)sizeof(h) + w.at;
	v->nseg++;
	return 1;
}

/* the buffers of one iovec, or of one message */
static void dump_bufs(struct fmt_buf *b, struct dump_view *v, int iov)
{
	const uint8_t *p;
	uint32_t copied, total;

	while (dump_next(v, &p, &copied, &total)) {
		if (iov) {
			fb_puts(b, " * ");
			fb_udec(b, total);
			fb_puts(b, " bytes in buffer ");
			fb_udec(b, v->nseg - 1);
			fb_putc(b, '\n');
		}
		fmt_dump_bytes(b, p, copied, total);
	}
}

static void dump_cut(struct fmt_buf *b, uint32_t n, const char *what)
{
	fb_puts(b, " * dump cut: the ");
	fb_puts(b, what);
	fb_puts(b, " after these ");
	fb_udec(b, n);
	fb_puts(b, " were not copied\n");
}

/* strace's dumpiov_in_mmsghdr: each message's buffers, up to its msg_len */
static void dump_msgs(struct fmt_buf *b, const struct cap *k)
{
	struct dump_view v = { k->p, k->len, 0, k->count, 0 }, m;
	uint32_t iovlen;
	int cut;

	while (dump_msg_next(&v, &m, &iovlen, &cut)) {
		fb_puts(b, " = ");
		fb_udec(b, iovlen);
		fb_puts(b, " buffers in vector ");
		fb_udec(b, v.nseg - 1);
		fb_putc(b, '\n');
		dump_bufs(b, &m, 1);
		if (cut)
			dump_cut(b, m.nseg, "buffers");
	}
	if (v.nseg < k->count)
		fb_puts(b, " * dump cut: a malformed copy\n");
	else if (k->flags & CAP_TRUNC)
		dump_cut(b, v.nseg, "messages");
}

int dump_unreadable(const struct cap *k)
{
	struct dump_view v = { k->p, k->len, 0, k->count, 0 };
	const uint8_t *p;
	uint32_t copied, total;

	return !(k->flags & CAP_IOV) && k->count == 1 &&
	       dump_next(&v, &p, &copied, &total) && !copied && total;
}

void fmt_dump(struct fmt_buf *b, const struct cap *k, const char *name)
{
	struct dump_view v = { k->p, k->len, 0, k->count, 0 };

	if (dump_unreadable(k))
		return;

	if (!strcmp(name, "sendmmsg") || !strcmp(name, "recvmmsg")) {
		dump_msgs(b, k);
		return;
	}
	dump_bufs(b, &v, k->flags & CAP_IOV);
	if (v.nseg < k->count)
		fb_puts(b, " * dump cut: a malformed copy\n");
	else if ((k->flags & CAP_TRUNC) && !v.nseg)
		fb_puts(b, " * dump cut: the data was not copied\n");
	else if (k->flags & CAP_TRUNC)
		dump_cut(b, v.nseg, "buffers");
}
