// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: strings quoted as strace quotes them (execve's arrays:
 * decode_argv.c).
 */
#include <sys/syscall.h>

#include "check.h"
#include "decode.h"
#include "fmt_priv.h"

static char out[8192];

static const char *q(const char *s, size_t len, long max, int more)
{
	struct fmt_buf b;

	fb_init(&b, out, sizeof(out) - 1);
	fmt_quoted(&b, (const uint8_t *)s, len, max, more);
	*b.p = '\0';
	return out;
}

int main(void)
{
	CHECK_STR(q("abc", 3, -1, 0), "\"abc\"");
	CHECK_STR(q("a\"b\\c", 5, -1, 0), "\"a\\\"b\\\\c\"");
	CHECK_STR(q("\t\n\v\f\r", 5, -1, 0), "\"\\t\\n\\v\\f\\r\"");
	/* octal: short unless a digit follows (strace's read of an ELF) */
	CHECK_STR(q("\177ELF\2\1\1\3\0\0", 10, -1, 0),
		  "\"\\177ELF\\2\\1\\1\\3\\0\\0\"");
	CHECK_STR(q("\0" "1", 2, -1, 0), "\"\\0001\"");
	CHECK_STR(q("\377", 1, -1, 0), "\"\\377\"");
	/* -s cut: the dots go after the quote */
	CHECK_STR(q("0123456789", 10, 4, 0), "\"0123\"...");
	CHECK_STR(q("0123", 4, 4, 0), "\"0123\"");
	CHECK_STR(q("0123", 4, 4, 1), "\"0123\"...");
	CHECK_STR(q("", 0, 32, 0), "\"\"");
	/* a huge string is cut by the buffer, never overrun */
	{
		static char big[100000];
		struct fmt_buf b;

		memset(big, 'x', sizeof(big));
		fb_init(&b, out, 100);
		fmt_quoted(&b, (const uint8_t *)big, sizeof(big), -1, 0);
		CHECK(b.cut);
		CHECK(b.p == out + 100);
	}
	/*
	 * The escaping of names (fmt_escaped) checks 8 bytes at a time; -e
	 * read='s text (fmt_fdtext, '<' and '>' escaped too) a byte at a
	 * time: on strings without those two, the same text.  Every byte
	 * value at every position of strings of 1 to 40 bytes, the others
	 * printable.
	 */
	{
		static char a[256], bb[256];
		uint8_t s[40];
		struct fmt_buf f1, f2;
		int diff = 0;

		for (size_t len = 1; len <= sizeof(s); len++)
			for (size_t at = 0; at < len; at++)
				for (int c = 0; c < 256; c++) {
					if (c == '<' || c == '>')
						continue;
					for (size_t k = 0; k < len; k++)
						s[k] = (uint8_t)('a' + (k * 7 + len) % 26);
					s[at] = (uint8_t)c;
					fb_init(&f1, a, sizeof(a) - 1);
					fb_init(&f2, bb, sizeof(bb) - 1);
					fmt_escaped(&f1, s, len);
					fmt_fdtext(&f2, NULL, s, len);
					*f1.p = *f2.p = '\0';
					if (strcmp(a, bb) && diff++ < 3)
						fprintf(stderr, "escaped %s, byte by byte %s\n",
							a, bb);
				}
		CHECK(diff == 0);
	}
	CHECK_DONE();
}
