// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: structs whose size the caller gives, as strace 6.1's own tests
 * print them (lines from its openat2.c): open_how's 64-bit flags with
 * unknown bits past 32 in one number, and what follows the 24 known
 * bytes: nothing when zero, the bytes in hex when not, ??? when they
 * could not be read, the pointer when the copy cannot hold them.
 */
#include <sys/syscall.h>

#include "check_decode.h"

static void test_openat2(void)
{
	uint64_t how[5] = { 0xdeadface80000000ULL, 0777, 0, 0x8786858483828180ULL,
			    0 };
	struct cap k = CAP(how, 32), kshort = CAP(how, 24);
	struct sc_call c = CALL(SYS_openat2, -7, (uint32_t)-1, 0x1000,
				0x7fd1b29cafe8, 24);

	c.cap[1] = NULL;
	c.cap[2] = &k;
	CHECK_STR(run(&c), "openat2(-1, 0x1000, {flags=O_RDONLY|"
		  "0xdeadface80000000, mode=0777, resolve=0}, 24) = -1 E2BIG "
		  "(Argument list too long)");
	c.args[3] = 32;
	CHECK_STR(run(&c), "openat2(-1, 0x1000, {flags=O_RDONLY|"
		  "0xdeadface80000000, mode=0777, resolve=0, /* bytes 24..31 */ "
		  "\"\\x80\\x81\\x82\\x83\\x84\\x85\\x86\\x87\"}, 32) = -1 E2BIG "
		  "(Argument list too long)");
	CHECK_STR(run_x(&c, XSTYLE_RAW), "openat2(-1, 0x1000, {flags="
		  "0xdeadface80000000, mode=0777, resolve=0, /* bytes 24..31 */ "
		  "\"\\x80\\x81\\x82\\x83\\x84\\x85\\x86\\x87\"}, 32) = -1 E2BIG "
		  "(Argument list too long)");
	how[3] = 0;
	CHECK_STR(run(&c), "openat2(-1, 0x1000, {flags=O_RDONLY|"
		  "0xdeadface80000000, mode=0777, resolve=0}, 32) = -1 E2BIG "
		  "(Argument list too long)");
	/* the page after the known part faults */
	c.cap[2] = &kshort;
	CHECK_STR(run(&c), "openat2(-1, 0x1000, {flags=O_RDONLY|"
		  "0xdeadface80000000, mode=0777, resolve=0, ???}, 32) = -1 "
		  "E2BIG (Argument list too long)");
	/* more than the copy holds */
	c.args[3] = 4096;
	CHECK_STR(run(&c), "openat2(-1, 0x1000, 0x7fd1b29cafe8, 4096) = -1 "
		  "E2BIG (Argument list too long)");
}

int main(void)
{
	test_openat2();
	CHECK_DONE();
}
