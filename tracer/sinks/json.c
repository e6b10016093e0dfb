// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Sinks stage: JSON strings and keys.
 */
#include <string.h>

#include "json.h"

/* length of the valid UTF-8 sequence at s, or 0 */
static size_t utf8_len(const uint8_t *s, size_t left)
{
	uint8_t c = s[0];
	size_t n;
	uint32_t cp;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2, cp = c & 0x1f;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3, cp = c & 0x0f;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4, cp = c & 0x07;
	else
		return 0;
	if (n > left)
		return 0;
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	/* overlong forms, surrogates, beyond U+10FFFF */
	if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

int json_str(struct fmt_buf *b, const uint8_t *s, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	int replaced = 0;

	fb_putc(b, '"');
	for (size_t i = 0; i < len;) {
		uint8_t c = s[i];
		size_t n;

		switch (c) {
		case '"':
			fb_puts(b, "\\\"");
			i++;
			continue;
		case '\\':
			fb_puts(b, "\\\\");
			i++;
			continue;
		case '\n':
			fb_puts(b, "\\n");
			i++;
			continue;
		case '\t':
			fb_puts(b, "\\t");
			i++;
			continue;
		case '\r':
			fb_puts(b, "\\r");
			i++;
			continue;
		}
		if (c < 0x20 || c == 0x7f) {
			fb_puts(b, "\\u00");
			fb_putc(b, hex[c >> 4]);
			fb_putc(b, hex[c & 15]);
			i++;
			continue;
		}
		n = utf8_len(s + i, len - i);
		if (!n) {
			fb_puts(b, "\\ufffd");
			replaced = 1;
			i++;
			continue;
		}
		/*
		 * C1 controls (U+0080..U+009F) are valid UTF-8, and some
		 * terminals obey them as ESC sequences (0xc2 0x9b is CSI):
		 * escaped as the C0 ones are.
		 */
		if (n == 2 && c == 0xc2 && s[i + 1] < 0xa0) {
			fb_puts(b, "\\u00");
			fb_putc(b, hex[s[i + 1] >> 4]);
			fb_putc(b, hex[s[i + 1] & 15]);
			i += 2;
			continue;
		}
		fb_putn(b, (const char *)s + i, n);
		i += n;
	}
	fb_putc(b, '"');
	return replaced;
}

void json_cstr(struct fmt_buf *b, const char *s)
{
	json_str(b, (const uint8_t *)s, strlen(s));
}

void json_key(struct fmt_buf *b, int *first, const char *key)
{
	if (!*first)
		fb_putc(b, ',');
	*first = 0;
	fb_putc(b, '"');
	fb_puts(b, key);
	fb_puts(b, "\":");
}

void json_hex(struct fmt_buf *b, const uint8_t *s, size_t len)
{
	static const char hex[] = "0123456789abcdef";

	fb_putc(b, '"');
	for (size_t i = 0; i < len; i++) {
		fb_putc(b, hex[s[i] >> 4]);
		fb_putc(b, hex[s[i] & 15]);
	}
	fb_putc(b, '"');
}
