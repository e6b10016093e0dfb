// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: strings quoted as strace quotes them (execve's arrays:
 * decode_argv.c).
 */
#include <sys/syscall.h>

#include "check.h"
#include "decode.h"

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
	CHECK_DONE();
}
