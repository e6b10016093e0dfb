// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: a pointer whose meaning depends on a request prints as a
 * pointer, NULL included, and what the call writes through it shows at
 * exit; a number stays a number.  Lines from strace 6.1's arch_prctl.c:
 * the XSAVE features of ARCH_GET_XCOMP_* and ARCH_REQ_XCOMP_* as the
 * number and its names in a comment in every -X style but raw, and
 * ARCH_REQ_XCOMP_PERM's return in hex with the names.
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

	uint64_t mask = 0xe7, odd = 0xfffffffffff97800ULL;
	struct cap km = CAP(&mask, 8), ko = CAP(&odd, 8);

	c = CALL(SYS_arch_prctl, 0, ARCH_GET_XCOMP_SUPP, 0x1000);
	c.cap_out[1] = &km;
	CHECK_STR(run_entry(&c), "arch_prctl(ARCH_GET_XCOMP_SUPP, ");
	CHECK_STR(run(&c), "arch_prctl(ARCH_GET_XCOMP_SUPP, [0xe7 /* "
		  "XFEATURE_MASK_FPSSE|XFEATURE_MASK_YMM|XFEATURE_MASK_AVX512 */])"
		  " = 0");
	CHECK_STR(run_style(&c, XSTYLE_RAW), "arch_prctl(0x1021, [0xe7]) = 0");
	c.cap_out[1] = &ko;
	c.args[0] = ARCH_GET_XCOMP_GUEST_PERM;
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "arch_prctl(0x1024 /* "
		  "ARCH_GET_XCOMP_GUEST_PERM */, [0xfffffffffff97800 /* "
		  "XFEATURE_MASK_??? */]) = 0");
	c.ret = -14;
	CHECK_STR(run(&c), "arch_prctl(ARCH_GET_XCOMP_GUEST_PERM, 0x1000) = -1 "
		  "EFAULT (Bad address)");
	c = CALL(SYS_arch_prctl, 0x789abcde, ARCH_REQ_XCOMP_PERM, 0);
	CHECK_STR(run(&c), "arch_prctl(ARCH_REQ_XCOMP_PERM, 0 /* XFEATURE_FP */)"
		  " = 0x789abcde (XFEATURE_MASK_SSE|XFEATURE_MASK_YMM|"
		  "XFEATURE_MASK_BNDREGS|XFEATURE_MASK_BNDCSR|"
		  "XFEATURE_MASK_ZMM_Hi256|XFEATURE_MASK_Hi16_ZMM|"
		  "XFEATURE_MASK_PASID|XFEATURE_MASK_LBR|XFEATURE_MASK_XTILE_CFG|"
		  "0x78983800)");
	CHECK_STR(run_style(&c, XSTYLE_RAW), "arch_prctl(0x1023, 0) = "
		  "0x789abcde");
	c = CALL(SYS_arch_prctl, 0x97800, ARCH_REQ_XCOMP_GUEST_PERM, 0xb);
	CHECK_STR(run(&c), "arch_prctl(ARCH_REQ_XCOMP_GUEST_PERM, 0xb /* "
		  "XFEATURE_??? */) = 0x97800");
	CHECK_DONE();
}
