// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: time()'s result through its pointer, dated in a comment as
 * strace 6.1 prints it (UTC), and the pointer when nothing was written.
 */
#include <string.h>
#include <sys/syscall.h>

#include "check_decode.h"

int main(void)
{
	uint64_t t = 1795627677;
	struct cap k = CAP(&t, sizeof(t));
	struct sc_call c = CALL(SYS_time, 1795627677, 0x7ffd1000);

	c.cap_out[0] = &k;
	CHECK_STR(run(&c), "time([1795627677 /* 2026-11-25T17:27:57+0000 */]) = "
		  "1795627677 (2026-11-25T17:27:57+0000)");
	/* years as glibc's strftime writes them: unpadded, any sign */
	t = 253402300800ULL;
	CHECK_STR(run(&c), "time([253402300800 /* 10000-01-01T00:00:00+0000 */"
		  "]) = 1795627677 (2026-11-25T17:27:57+0000)");
	t = (uint64_t)-61000000000LL;
	CHECK_STR(run(&c), "time([-61000000000 /* 36-12-26T11:33:20+0000 */]) "
		  "= 1795627677 (2026-11-25T17:27:57+0000)");
	t = (uint64_t)-123456780123LL;
	CHECK_STR(run(&c), "time([-123456780123 /* -1943-10-23T01:57:57+0000 */"
		  "]) = 1795627677 (2026-11-25T17:27:57+0000)");
	/* tm_year + 1900 wraps in glibc's int; past tm_year, no date */
	t = 67768036191676799ULL;
	CHECK_STR(run(&c), "time([67768036191676799 /* -2147481749-12-31T"
		  "23:59:59+0000 */]) = 1795627677 (2026-11-25T17:27:57+0000)");
	t = 67768036191676800ULL;
	CHECK_STR(run(&c), "time([67768036191676800]) = 1795627677 "
		  "(2026-11-25T17:27:57+0000)");
	/* too short a copy, or a failed call: the pointer */
	k.len = 4;
	CHECK_STR(run(&c), "time(0x7ffd1000) = 1795627677 "
		  "(2026-11-25T17:27:57+0000)");
	k.len = 8;
	c.ret = -14;
	CHECK_STR(run(&c), "time(0x7ffd1000) = -1 EFAULT (Bad address)");
	CHECK_DONE();
}
