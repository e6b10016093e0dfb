// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: prctl(2) option by option, as strace 6.1 prints them (lines
 * from its prctl-*.c tests): an argument an option does not use is not
 * printed, what a PR_GET_* option writes shows at exit, values in words.
 */
#include <linux/prctl.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>

#include "check_decode.h"

#define EINVAL_S "-1 EINVAL (Invalid argument)"

/* the options that take one value: tables, 32 or 64 bits as the kernel */
static void test_values(void)
{
	struct sc_call c;

	c = CALL(SYS_prctl, -22, PR_SET_TSC, 0xdeadc0defacebeefULL, 0, 1, 2);
	CHECK_STR(run(&c), "prctl(PR_SET_TSC, 0xfacebeef /* PR_TSC_??? */) = "
		  EINVAL_S);
	c = CALL(SYS_prctl, 0, PR_SET_TSC, PR_TSC_SIGSEGV, 0, 1, 2);
	CHECK_STR(run(&c), "prctl(PR_SET_TSC, PR_TSC_SIGSEGV) = 0");
	c = CALL(SYS_prctl, -22, PR_SET_UNALIGN, 3, 0, 1, 2);
	CHECK_STR(run(&c), "prctl(PR_SET_UNALIGN, PR_UNALIGN_NOPRINT|"
		  "PR_UNALIGN_SIGBUS) = " EINVAL_S);
	c = CALL(SYS_prctl, -22, PR_SET_UNALIGN, 0xff00, 0, 1, 2);
	CHECK_STR(run(&c), "prctl(PR_SET_UNALIGN, 0xff00 /* PR_UNALIGN_??? */)"
		  " = " EINVAL_S);
	c = CALL(SYS_prctl, -1, PR_SET_SECUREBITS, 0xbadc0ded00000000ULL, 1);
	CHECK_STR(run(&c), "prctl(PR_SET_SECUREBITS, 0xbadc0ded00000000 "
		  "/* SECBIT_??? */) = -1 EPERM (Operation not permitted)");
	c = CALL(SYS_prctl, 0, PR_SET_SECUREBITS, 0, 1, 2, 3);
	CHECK_STR(run(&c), "prctl(PR_SET_SECUREBITS, 0) = 0");
	c = CALL(SYS_prctl, 0xff, PR_GET_SECUREBITS, 0, 0, 0, 0);
	CHECK_STR(run(&c), "prctl(PR_GET_SECUREBITS) = 0xff (SECBIT_NOROOT|"
		  "SECBIT_NOROOT_LOCKED|SECBIT_NO_SETUID_FIXUP|"
		  "SECBIT_NO_SETUID_FIXUP_LOCKED|SECBIT_KEEP_CAPS|"
		  "SECBIT_KEEP_CAPS_LOCKED|SECBIT_NO_CAP_AMBIENT_RAISE|"
		  "SECBIT_NO_CAP_AMBIENT_RAISE_LOCKED)");
	c = CALL(SYS_prctl, -22, PR_SET_PDEATHSIG, 0xbadc0deddeadfeedULL);
	CHECK_STR(run(&c), "prctl(PR_SET_PDEATHSIG, 13464652301225295597) = "
		  EINVAL_S);
	c = CALL(SYS_prctl, 0, PR_SET_PDEATHSIG, SIGINT);
	CHECK_STR(run(&c), "prctl(PR_SET_PDEATHSIG, SIGINT) = 0");
}

/* operations and their arguments */
static void test_ops(void)
{
	struct sc_call c;

	c = CALL(SYS_prctl, -1, PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, 13, 0, 0);
	CHECK_STR(run(&c), "prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, "
		  "CAP_NET_RAW, 0, 0) = -1 EPERM (Operation not permitted)");
	c = CALL(SYS_prctl, -22, PR_CAP_AMBIENT, 0xff, 0xaaaa, 0xbbbb, 0xcccc);
	CHECK_STR(run(&c), "prctl(PR_CAP_AMBIENT, 0xff /* PR_CAP_AMBIENT_??? "
		  "*/, 0xaaaa, 0xbbbb, 0xcccc) = " EINVAL_S);
	c = CALL(SYS_prctl, 0, PR_MCE_KILL, PR_MCE_KILL_SET, PR_MCE_KILL_EARLY,
		 0, 0);
	CHECK_STR(run(&c), "prctl(PR_MCE_KILL, PR_MCE_KILL_SET, "
		  "PR_MCE_KILL_EARLY, 0, 0) = 0");
	c = CALL(SYS_prctl, -22, PR_MCE_KILL, 0xaaaa, 0xbbbb, 0xcccc, 0xdddd);
	CHECK_STR(run(&c), "prctl(PR_MCE_KILL, 0xaaaa /* PR_MCE_KILL_??? */, "
		  "0xbbbb, 0xcccc, 0xdddd) = " EINVAL_S);
	c = CALL(SYS_prctl, 2, PR_MCE_KILL_GET, 0, 0, 0, 0);
	CHECK_STR(run(&c), "prctl(PR_MCE_KILL_GET, 0, 0, 0, 0) = 2 "
		  "(PR_MCE_KILL_DEFAULT)");
	c = CALL(SYS_prctl, -22, PR_SCHED_CORE, PR_SCHED_CORE_CREATE, 19755, 1,
		 0);
	CHECK_STR(run(&c), "prctl(PR_SCHED_CORE, PR_SCHED_CORE_CREATE, 19755, "
		  "0x1 /* PIDTYPE_TGID */, NULL) = " EINVAL_S);
	c = CALL(SYS_prctl, -22, PR_SCHED_CORE, 4, -1, 0xffffffff,
		 0x7f771fb2aff8);
	CHECK_STR(run(&c), "prctl(PR_SCHED_CORE, 0x4 /* PR_SCHED_CORE_??? */, "
		  "-1, 0xffffffff /* PIDTYPE_??? */, 0x7f771fb2aff8) = "
		  EINVAL_S);
	c = CALL(SYS_prctl, -22, PR_PAC_RESET_KEYS, 0xcafe, 1, 2, 3);
	CHECK_STR(run(&c), "prctl(PR_PAC_RESET_KEYS, PR_PAC_APIBKEY|"
		  "PR_PAC_APDAKEY|PR_PAC_APDBKEY|PR_PAC_APGAKEY|0xcae0, 0x1, "
		  "0x2, 0x3) = " EINVAL_S);
	c = CALL(SYS_prctl, -22, PR_PAC_SET_ENABLED_KEYS, 0, 0x1f, 0, 1);
	CHECK_STR(run(&c), "prctl(PR_PAC_SET_ENABLED_KEYS, 0, PR_PAC_APIAKEY|"
		  "PR_PAC_APIBKEY|PR_PAC_APDAKEY|PR_PAC_APDBKEY|0x10, 0, 0x1) = "
		  EINVAL_S);
	c = CALL(SYS_prctl, -22, PR_SET_SYSCALL_USER_DISPATCH, 1,
		 0xdeadbeeffacefeedULL, 0, 0);
	CHECK_STR(run(&c), "prctl(PR_SET_SYSCALL_USER_DISPATCH, "
		  "PR_SYS_DISPATCH_ON, 0xdeadbeeffacefeed, 0, NULL) = "
		  EINVAL_S);
}

/* values printed in words of their own */
static void test_words(void)
{
	struct sc_call c;

	c = CALL(SYS_prctl, -22, PR_SVE_SET_VL, 0x600ff, 0, 1, 2);
	CHECK_STR(run(&c), "prctl(PR_SVE_SET_VL, PR_SVE_SET_VL_ONEXEC|"
		  "PR_SVE_VL_INHERIT|0xff) = " EINVAL_S);
	c = CALL(SYS_prctl, -22, PR_SME_SET_VL, 0xbadc0ded0000faceULL);
	CHECK_STR(run(&c), "prctl(PR_SME_SET_VL, 0xbadc0ded00000000|0xface) = "
		  EINVAL_S);
	c = CALL(SYS_prctl, -22, PR_SME_SET_VL, 0);
	CHECK_STR(run(&c), "prctl(PR_SME_SET_VL, 0) = " EINVAL_S);
	c = CALL(SYS_prctl, 0x20010, PR_SVE_GET_VL, 0, 0, 0, 0);
	CHECK_STR(run(&c), "prctl(PR_SVE_GET_VL) = 0x20010 (PR_SVE_VL_INHERIT|"
		  "0x10)");
	c = CALL(SYS_prctl, -22, PR_SET_TAGGED_ADDR_CTRL, 0xcafe57a8000cULL,
		 1, 2, 3);
	c.args[1] = 0x57a80000 | 0xcafe << 3 | 4;
	CHECK_STR(run(&c), "prctl(PR_SET_TAGGED_ADDR_CTRL, "
		  "!PR_TAGGED_ADDR_ENABLE|PR_MTE_TCF_ASYNC|0xcafe<<"
		  "PR_MTE_TAG_SHIFT|0x57a80000, 0x1, 0x2, 0x3) = " EINVAL_S);
}

/* strings: PR_SET_NAME reads at most 15 bytes; memory that ends before
   a NUL prints the pointer */
static void test_strings(void)
{
	static const char s16[] = "0123456789abcdef";
	struct cap full = CAP(s16, 16), k15 = CAP(s16 + 1, 15);
	struct cap k14 = CAP(s16 + 2, 14), kz = CAP("", 1);
	struct cap vma = CAP("12345678901234567890123456789012", 32);
	struct sc_call c;

	c = CALL(SYS_prctl, 0, PR_SET_NAME, 0x1000);
	c.cap[1] = &full;
	CHECK_STR(run(&c), "prctl(PR_SET_NAME, \"0123456789abcde\"...) = 0");
	c.cap[1] = &k15;
	CHECK_STR(run(&c), "prctl(PR_SET_NAME, \"123456789abcdef\"...) = 0");
	c = CALL(SYS_prctl, -14, PR_SET_NAME, 0x7f26100acff2);
	c.cap[1] = &k14;
	CHECK_STR(run(&c), "prctl(PR_SET_NAME, 0x7f26100acff2) = -1 EFAULT "
		  "(Bad address)");
	c.cap[1] = &kz;
	c.ret = 0;
	CHECK_STR(run(&c), "prctl(PR_SET_NAME, \"\") = 0");
	c = CALL(SYS_prctl, -22, PR_SET_VMA, PR_SET_VMA_ANON_NAME, 0, 1,
		 0x7fa7228a3fdf);
	c.cap[4] = &vma;
	CHECK_STR(run(&c), "prctl(PR_SET_VMA, PR_SET_VMA_ANON_NAME, NULL, 1, "
		  "\"12345678901234567890123456789012\") = " EINVAL_S);
}

/* at exit, through the pointer: only what was copied whole */
static void test_out(void)
{
	uint32_t v = 2;
	uint64_t tid = 0x7fc18bd44a10ULL;
	struct cap k = CAP(&v, 4), short_k = CAP(&v, 2), kt = CAP(&tid, 8);
	struct sc_call c;

	c = CALL(SYS_prctl, 0, PR_GET_TSC, 0x1000);
	c.cap_out[1] = &k;
	CHECK_STR(run_entry(&c), "prctl(PR_GET_TSC, ");
	CHECK_STR(run(&c), "prctl(PR_GET_TSC, [PR_TSC_SIGSEGV]) = 0");
	c = CALL(SYS_prctl, 0, PR_GET_UNALIGN, 0x1000);
	c.cap_out[1] = &k;
	CHECK_STR(run(&c), "prctl(PR_GET_UNALIGN, [PR_UNALIGN_SIGBUS]) = 0");
	c.cap_out[1] = &short_k;
	CHECK_STR(run(&c), "prctl(PR_GET_UNALIGN, 0x1000) = 0");
	c = CALL(SYS_prctl, 0, PR_GET_CHILD_SUBREAPER | 0xbadc0ded00000000ULL,
		 0x1000);
	c.cap_out[1] = &k;
	CHECK_STR(run(&c), "prctl(PR_GET_CHILD_SUBREAPER, [2]) = 0");
	c = CALL(SYS_prctl, 0, PR_GET_TID_ADDRESS, 0x1000);
	c.cap_out[1] = &kt;
	CHECK_STR(run(&c), "prctl(PR_GET_TID_ADDRESS, [0x7fc18bd44a10]) = 0");
}

/* PR_SCHED_CORE_GET's cookie, at exit (prctl-sched-core.c) */
static void test_cookie(void)
{
	uint64_t cookie = 0xdeadc0debadc0dedULL;
	struct cap k = CAP(&cookie, 8), short_k = CAP(&cookie, 7);
	struct sc_call c;

	c = CALL(SYS_prctl, 0, PR_SCHED_CORE, PR_SCHED_CORE_GET, 7926, 0,
		 0x7f9cd3ba4ff8);
	c.cap_out[4] = &k;
	CHECK_STR(run_entry(&c), "prctl(PR_SCHED_CORE, PR_SCHED_CORE_GET, "
		  "7926, 0 /* PIDTYPE_PID */, ");
	CHECK_STR(run(&c), "prctl(PR_SCHED_CORE, PR_SCHED_CORE_GET, 7926, "
		  "0 /* PIDTYPE_PID */, [0xdeadc0debadc0ded]) = 0");
	c.cap_out[4] = &short_k;
	CHECK_STR(run(&c), "prctl(PR_SCHED_CORE, PR_SCHED_CORE_GET, 7926, "
		  "0 /* PIDTYPE_PID */, 0x7f9cd3ba4ff8) = 0");
	c = CALL(SYS_prctl, -22, PR_SCHED_CORE, PR_SCHED_CORE_GET, -1, 4,
		 0x7f9cd3ba4ff8);
	c.cap_out[4] = &k;
	CHECK_STR(run(&c), "prctl(PR_SCHED_CORE, PR_SCHED_CORE_GET, -1, "
		  "0x4 /* PIDTYPE_??? */, 0x7f9cd3ba4ff8) = " EINVAL_S);
	c = CALL(SYS_prctl, 0, PR_SCHED_CORE, PR_SCHED_CORE_GET, 1, 0, 0);
	CHECK_STR(run(&c), "prctl(PR_SCHED_CORE, PR_SCHED_CORE_GET, 1, "
		  "0 /* PIDTYPE_PID */, NULL) = 0");
	/* CREATE writes nothing: a pointer, even when copied */
	c = CALL(SYS_prctl, 0, PR_SCHED_CORE, PR_SCHED_CORE_CREATE, 1, 0,
		 0x7f9cd3ba4ff8);
	c.cap_out[4] = &k;
	CHECK_STR(run(&c), "prctl(PR_SCHED_CORE, PR_SCHED_CORE_CREATE, 1, "
		  "0 /* PIDTYPE_PID */, 0x7f9cd3ba4ff8) = 0");
}

int main(void)
{
	test_values();
	test_ops();
	test_words();
	test_strings();
	test_out();
	test_cookie();
	CHECK_DONE();
}
