// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: strings, as strace quotes them.
 */
#include "decode.h"

static int printable(uint8_t c)
{
	return c >= 0x20 && c < 0x7f;
}

void fmt_quoted(struct fmt_buf *b, const uint8_t *s, size_t len, long max,
		int more)
{
	size_t n = len;

	if (max >= 0 && n > (size_t)max) {
		n = (size_t)max;
		more = 1;
	}
	fb_putc(b, '"');
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
	fb_putc(b, '"');
	if (more)
		fb_puts(b, "...");
}
