// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: number printing for the text buffer.  These run for
 * every argument of every traced syscall, so they avoid printf.
 */
#include <stdarg.h>
#include <stdio.h>

#include "fmt.h"

void fb_udec(struct fmt_buf *b, uint64_t v)
{
	char tmp[20];
	int i = sizeof(tmp), n = 1;

	/* the digits straight into the buffer when they fit (every line
	   has a few numbers: no copy through a call) */
	for (uint64_t k = v; k >= 10; k /= 10)
		n++;
	if (b->end - b->p >= n) {
		for (char *q = b->p + n; q > b->p; v /= 10)
			*--q = (char)('0' + v % 10);
		b->p += n;
		return;
	}
	do {
		tmp[--i] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	fb_putn(b, tmp + i, sizeof(tmp) - i);
}

void fb_dec(struct fmt_buf *b, int64_t v)
{
	if (v < 0) {
		fb_putc(b, '-');
		/* -(INT64_MIN) overflows; negate as unsigned */
		fb_udec(b, -(uint64_t)v);
	} else {
		fb_udec(b, (uint64_t)v);
	}
}

void fb_hex(struct fmt_buf *b, uint64_t v)
{
	static const char digits[] = "0123456789abcdef";
	char tmp[18];
	int i = sizeof(tmp);

	if (!v) {
		fb_putc(b, '0');
		return;
	}
	while (v) {
		tmp[--i] = digits[v & 0xf];
		v >>= 4;
	}
	tmp[--i] = 'x';
	tmp[--i] = '0';
	fb_putn(b, tmp + i, sizeof(tmp) - i);
}

void fb_oct(struct fmt_buf *b, uint64_t v)
{
	char tmp[24];
	int i = sizeof(tmp);

	/* as printf("%#03o"): at least three characters, leading 0 */
	do {
		tmp[--i] = (char)('0' + (v & 7));
		v >>= 3;
	} while (v);
	tmp[--i] = '0';
	while (sizeof(tmp) - i < 3)
		tmp[--i] = '0';
	fb_putn(b, tmp + i, sizeof(tmp) - i);
}

void fb_pad(struct fmt_buf *b, char c, size_t n)
{
	n = fb_fit(b, n);
	memset(b->p, c, n);
	b->p += n;
}

void fb_printf(struct fmt_buf *b, const char *fmt, ...)
{
	char tmp[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n >= sizeof(tmp)) {
		n = sizeof(tmp) - 1;
		b->cut = 1;
	}
	fb_putn(b, tmp, (size_t)n);
}
