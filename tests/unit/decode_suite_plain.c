// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: arguments at their kernel type and strace's plain forms, as
 * strace 6.1's own tests print them (lines from its personality.c,
 * memfd_secret.c, setns.c, lookup_dcookie.c, fadvise64.c, pidfd_getfd.c,
 * process_mrelease.c): personality's flags in each -X style with no
 * comment on unnamed bits; memfd_secret's unknown flags plain; setns'
 * CLONE_NEW??? note; a 64-bit cookie and a size_t length unsigned;
 * flags in hex.
 */
#include <sys/syscall.h>

#include "check_decode.h"

static void test_personality(void)
{
	struct sc_call c = CALL(SYS_personality, 0x7000000, 0x10000);

	CHECK_STR(run(&c), "personality(PER_LINUX|0x10000) = 0x7000000 "
		  "(PER_LINUX|SHORT_INODE|WHOLE_SECONDS|STICKY_TIMEOUTS)");
	CHECK_STR(run_style(&c, XSTYLE_RAW), "personality(0|0x10000) = "
		  "0x7000000 (0|0x7000000)");
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "personality(0 /* PER_LINUX */"
		  "|0x10000) = 0x7000000 (0 /* PER_LINUX */|0x7000000 /* "
		  "SHORT_INODE|WHOLE_SECONDS|STICKY_TIMEOUTS */)");
	c = CALL(SYS_personality, 0x1001f, 0x700001f);
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "personality(0x1f /* PER_??? */"
		  "|0x7000000 /* SHORT_INODE|WHOLE_SECONDS|STICKY_TIMEOUTS */) "
		  "= 0x1001f (0x1f /* PER_??? */|0x10000)");
	CHECK_STR(run_style(&c, XSTYLE_RAW), "personality(0x1f|0x7000000) = "
		  "0x1001f (0x1f|0x10000)");
	c = CALL(SYS_personality, 6, 0x7010006);
	CHECK_STR(run(&c), "personality(PER_BSD|SHORT_INODE|WHOLE_SECONDS|"
		  "STICKY_TIMEOUTS|0x10000) = 0x6 (PER_BSD)");
}

int main(void)
{
	struct sc_call c;

	test_personality();
	c = CALL(SYS_memfd_secret, -22, 0xde97face);
	CHECK_STR(run(&c), "memfd_secret(0xde97face) = -1 EINVAL (Invalid "
		  "argument)");
	c = CALL(SYS_setns, -9, 0xdeadbeef, 0x81fdff7f);
	CHECK_STR(run(&c), "setns(-559038737, 0x81fdff7f /* CLONE_NEW??? */) "
		  "= -1 EBADF (Bad file descriptor)");
	c = CALL(SYS_lookup_dcookie, -38, 0xf157feeddeadfaceULL,
		 0x7f76ac3f8000, 4096);
	CHECK_STR(run(&c), "lookup_dcookie(17390648783711107790, "
		  "0x7f76ac3f8000, 4096) = -1 ENOSYS (Function not "
		  "implemented)");
	c = CALL(SYS_fadvise64, -9, 0xbeefface, 0xbadc0dedda7a1057ULL,
		 0xbadfaceca7b0d1e5ULL, 0xdeadca75);
	CHECK_STR(run(&c), "fadvise64(-1091568946, -4982091772554768297, "
		  "13465671543286714853, 0xdeadca75 /* POSIX_FADV_??? */) = -1 "
		  "EBADF (Bad file descriptor)");
	c = CALL(SYS_pidfd_getfd, -22, 0, 0, 0xbadc0ded);
	CHECK_STR(run(&c), "pidfd_getfd(0, 0, 0xbadc0ded) = -1 EINVAL "
		  "(Invalid argument)");
	c = CALL(SYS_process_mrelease, -22, 0, 0xfacefeed);
	CHECK_STR(run(&c), "process_mrelease(0, 0xfacefeed) = -1 EINVAL "
		  "(Invalid argument)");
	CHECK_DONE();
}
