// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: strings, as strace quotes them.
 */
#include "fmt_priv.h"

static int printable(uint8_t c)
{
	return c >= 0x20 && c < 0x7f;
}

static void quote_hex(struct fmt_buf *b, const uint8_t *s, size_t n)
{
	static const char digits[] = "0123456789abcdef";

	for (size_t i = 0; i < n; i++) {
		char e[4] = { '\\', 'x', digits[s[i] >> 4], digits[s[i] & 15] };

		fb_putn(b, e, sizeof(e));
	}
}

static void quote_c(struct fmt_buf *b, const uint8_t *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		uint8_t c = s[i];

		switch (c) {
		case '"':
			fb_puts(b, "\\\"");
			continue;
		case '\\':
			fb_puts(b, "\\\\");
			continue;
		case '\t':
			fb_puts(b, "\\t");
			continue;
		case '\n':
			fb_puts(b, "\\n");
			continue;
		case '\v':
			fb_puts(b, "\\v");
			continue;
		case '\f':
			fb_puts(b, "\\f");
			continue;
		case '\r':
			fb_puts(b, "\\r");
			continue;
		}
		if (printable(c)) {
			fb_putc(b, (char)c);
			continue;
		}
		/*
		 * Octal, as short as possible unless a digit follows, which
		 * would read as part of the escape.
		 */
		fb_putc(b, '\\');
		if (i + 1 < n && s[i + 1] >= '0' && s[i + 1] <= '7') {
			fb_putc(b, (char)('0' + (c >> 6)));
			fb_putc(b, (char)('0' + ((c >> 3) & 7)));
			fb_putc(b, (char)('0' + (c & 7)));
			continue;
		}
		if (c >> 6)
			fb_putc(b, (char)('0' + (c >> 6)));
		if (c >> 3)
			fb_putc(b, (char)('0' + ((c >> 3) & 7)));
		fb_putc(b, (char)('0' + (c & 7)));
	}
}

/*
 * -x: the whole string in hex when any byte is neither printable nor
 * one of the C whitespace escapes; -xx: always.
 */
static int want_hex(const uint8_t *s, size_t n, int xflag)
{
	if (xflag > 1)
		return 1;
	if (!xflag)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (s[i] > 0x7e || (s[i] < ' ' && (s[i] < 9 || s[i] > 13)))
			return 1;
	return 0;
}

void fmt_qstr(struct fmt_buf *b, const struct sc_call *c, const uint8_t *s,
	      size_t len, long max, int more, int style)
{
	size_t n = len;

	if (style & QS_NUL_END) {
		const uint8_t *z = memchr(s, '\0', len);

		if (z)
			n = len = (size_t)(z - s);
	}
	if (max >= 0 && n > (size_t)max) {
		n = (size_t)max;
		more = 1;
	}
	fb_putc(b, '"');
	if ((style & QS_HEX) || want_hex(s, n, c && c->o ? c->o->xflag : 0))
		quote_hex(b, s, n);
	else
		quote_c(b, s, n);
	fb_putc(b, '"');
	if (more)
		fb_puts(b, "...");
}

void fmt_quoted(struct fmt_buf *b, const uint8_t *s, size_t len, long max,
		int more)
{
	fmt_qstr(b, NULL, s, len, max, more, 0);
}

void fmt_escaped(struct fmt_buf *b, const uint8_t *s, size_t len)
{
	quote_c(b, s, len);
}
