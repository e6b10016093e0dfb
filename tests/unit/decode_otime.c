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
	/* a year past 9999 has no date: the number alone */
	t = 253402300800ULL;
	CHECK_STR(run(&c), "time([253402300800]) = 1795627677 "
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
