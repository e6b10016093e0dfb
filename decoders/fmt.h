/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Decoders stage: the text buffer every formatter writes into.
 *
 * Decoders turn numbers and captured bytes into words.  They do no I/O,
 * keep no globals and never fail: a value they cannot decode prints in its
 * raw form.  The buffer never overflows; when a line would not fit it is
 * cut and fb->cut is set, so a caller can size its buffers from that.
 */
#ifndef ETRACE_FMT_H
#define ETRACE_FMT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/*
 * -X (strace's --const-print-style): how named constants and flags print.
 * The text travels with the buffer, so the helpers that print constants
 * (xlat.h) read it there: decoders never test it themselves.
 */
enum xstyle {
	XSTYLE_ABBREV,		/* O_RDONLY|O_CLOEXEC (the default) */
	XSTYLE_RAW,		/* 0x80000 */
	XSTYLE_VERBOSE,		/* the number, the names in a comment */
};

struct fmt_buf {
	char *p;	/* next byte to write */
	char *end;	/* one past the last usable byte */
	int cut;	/* set when something did not fit */
	int xstyle;	/* enum xstyle */
};

/* a buffer for text in the default style (XSTYLE_ABBREV) */
static inline void fb_init(struct fmt_buf *b, char *buf, size_t size)
{
	b->p = buf;
	b->end = buf + size;
	b->cut = 0;
	b->xstyle = XSTYLE_ABBREV;
}

static inline void fb_putc(struct fmt_buf *b, char c)
{
	if (b->p < b->end)
		*b->p++ = c;
	else
		b->cut = 1;
}

/* n, or what is left of the buffer if less (then the text is cut) */
static inline size_t fb_fit(struct fmt_buf *b, size_t n)
{
	size_t room = (size_t)(b->end - b->p);

	if (n > room) {
		n = room;
		b->cut = 1;
	}
	return n;
}

static inline void fb_putn(struct fmt_buf *b, const char *s, size_t n)
{
	n = fb_fit(b, n);
	memcpy(b->p, s, n);
	b->p += n;
}

static inline void fb_puts(struct fmt_buf *b, const char *s)
{
	fb_putn(b, s, strlen(s));
}

void fb_dec(struct fmt_buf *b, int64_t v);
void fb_udec(struct fmt_buf *b, uint64_t v);
void fb_hex(struct fmt_buf *b, uint64_t v);		/* 0x1f, 0 for 0 */
void fb_oct(struct fmt_buf *b, uint64_t v);		/* 0644, 000 for 0 */
void fb_pad(struct fmt_buf *b, char c, size_t n);
void fb_printf(struct fmt_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
