// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: the number printers write every digit, and a number that does
 * not fit the buffer is cut at its end and said to be cut (fb_udec writes
 * straight into the buffer when the digits fit, through a copy when not).
 */
#include <stdint.h>

#include "check.h"
#include "fmt.h"

/* v printed by fb_udec (or fb_dec when sig) into a buffer of size bytes */
static const char *num(uint64_t v, int sig, size_t size, int *cut)
{
	static char out[64];
	char buf[40];
	struct fmt_buf b;

	memset(buf, '#', sizeof(buf));
	fb_init(&b, buf, size);
	if (sig)
		fb_dec(&b, (int64_t)v);
	else
		fb_udec(&b, v);
	CHECK(b.p <= buf + size && buf[size] == '#');
	memcpy(out, buf, (size_t)(b.p - buf));
	out[b.p - buf] = 0;
	*cut = b.cut;
	return out;
}

int main(void)
{
	int cut;

	CHECK_STR(num(0, 0, 32, &cut), "0");
	CHECK(!cut);
	CHECK_STR(num(9, 0, 32, &cut), "9");
	CHECK_STR(num(10, 0, 32, &cut), "10");
	CHECK_STR(num(1234567890, 0, 32, &cut), "1234567890");
	CHECK_STR(num(UINT64_MAX, 0, 32, &cut), "18446744073709551615");
	CHECK(!cut);
	CHECK_STR(num(10000000000000000000ull, 0, 32, &cut),
		  "10000000000000000000");
	CHECK_STR(num((uint64_t)INT64_MIN, 1, 32, &cut),
		  "-9223372036854775808");
	CHECK_STR(num((uint64_t)-42, 1, 32, &cut), "-42");
	/* exactly the room it needs, then one byte less */
	CHECK_STR(num(12345, 0, 5, &cut), "12345");
	CHECK(!cut);
	CHECK_STR(num(12345, 0, 4, &cut), "1234");
	CHECK(cut);
	CHECK_STR(num(7, 0, 0, &cut), "");
	CHECK(cut);
	CHECK_DONE();
}
