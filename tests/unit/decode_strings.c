// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: strings quoted as strace quotes them, and captured arguments
 * (path, argv, envp) against the pointer fallback.
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
	/* captured execve arguments */
	{
		static const char argv_bytes[] = "sh\0-c\0echo hi";
		struct cap path = { (const uint8_t *)"/bin/sh", 7, 0, 0, 0 };
		struct cap argv = { (const uint8_t *)argv_bytes,
				    sizeof(argv_bytes), 3, 3, 0 };
		struct cap envp = { NULL, 0, 0, 37, 0 };
		struct fmt_opts fo = { .strsize = 32 };
		struct sc_call c = { .d = sc_lookup(SYS_execve), .o = &fo,
				     .args = { 0x10, 0x20, 0x7ffd27863be8 },
				     .cap = { &path, &argv, &envp } };
		struct fmt_buf b;

		fb_init(&b, out, sizeof(out) - 1);
		fmt_args(&b, &c, 0, 0);
		*b.p = '\0';
		CHECK_STR(out, "\"/bin/sh\", [\"sh\", \"-c\", \"echo hi\"], "
			  "0x7ffd27863be8 /* 37 vars */");
		/* more elements than captured: marked, not hidden */
		argv.total = 5;
		fb_init(&b, out, sizeof(out) - 1);
		fmt_arg(&b, &c, 1);
		*b.p = '\0';
		CHECK_STR(out, "[\"sh\", \"-c\", \"echo hi\", ...]");
		/* nothing captured: the pointer, never a guess */
		c.cap[0] = c.cap[1] = c.cap[2] = NULL;
		fb_init(&b, out, sizeof(out) - 1);
		fmt_args(&b, &c, 0, 0);
		*b.p = '\0';
		CHECK_STR(out, "0x10, 0x20, 0x7ffd27863be8");
	}
	CHECK_DONE();
}
