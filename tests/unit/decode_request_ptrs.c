// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: a pointer whose meaning depends on a request prints as a
 * pointer, NULL included, and what the call writes through it shows at
 * exit; a number stays a number.  Lines from strace 6.1's arch_prctl.c.
 */
#include <asm/prctl.h>
#include <string.h>
#include <sys/syscall.h>

#include "check_decode.h"

int main(void)
{
	uint64_t base = 0x7f0011223344ULL, null = 0;
	struct cap k = CAP(&base, 8), kn = CAP(&null, 8);
	struct sc_call c;

	c = CALL(SYS_arch_prctl, -14, ARCH_GET_GS, 0);
	CHECK_STR(run(&c), "arch_prctl(ARCH_GET_GS, NULL) = -1 EFAULT (Bad "
		  "address)");
	c = CALL(SYS_arch_prctl, 0, ARCH_GET_FS, 0x1000);
	c.cap_out[1] = &k;
	CHECK_STR(run(&c), "arch_prctl(ARCH_GET_FS, [0x7f0011223344]) = 0");
	c = CALL(SYS_arch_prctl, 0, ARCH_GET_GS, 0x1000);
	c.cap_out[1] = &kn;
	CHECK_STR(run(&c), "arch_prctl(ARCH_GET_GS, [NULL]) = 0");
	/* the entry half: the argument is the call's to fill */
	CHECK_STR(run_entry(&c), "arch_prctl(ARCH_GET_GS, ");
	/* not read: the pointer */
	c = CALL(SYS_arch_prctl, 0, ARCH_GET_GS, 0x1000);
	CHECK_STR(run(&c), "arch_prctl(ARCH_GET_GS, 0x1000) = 0");
	/* ARCH_SET_FS takes a number: 0 is 0 */
	c = CALL(SYS_arch_prctl, -1, ARCH_SET_FS, 0);
	CHECK_STR(run(&c), "arch_prctl(ARCH_SET_FS, 0) = -1 EPERM (Operation "
		  "not permitted)");
	c = CALL(SYS_arch_prctl, -22, ARCH_GET_CPUID, 0x1000);
	CHECK_STR(run(&c), "arch_prctl(ARCH_GET_CPUID) = -1 EINVAL (Invalid "
		  "argument)");
	c = CALL(SYS_arch_prctl, -22, 0xdead, 0xface);
	CHECK_STR(run(&c), "arch_prctl(0xdead /* ARCH_??? */, 0xface) = -1 "
		  "EINVAL (Invalid argument)");
	CHECK_DONE();
}
