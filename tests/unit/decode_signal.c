// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: signals: sets, sigaction, sigaltstack, siginfo (also the
 * "--- SIGCHLD {...} ---" lines), as strace 6.1 printed them.
 */
#include <errno.h>
#include <signal.h>
#include <sys/syscall.h>

#include "check_decode.h"

static const char *siginfo_text(const uint8_t *p, size_t len)
{
	struct fmt_buf b;

	fb_init(&b, out, sizeof(out) - 1);
	fmt_siginfo(&b, p, len);
	*b.p = '\0';
	return out;
}

static void put32(uint8_t *p, uint32_t v) { memcpy(p, &v, 4); }
static void put64(uint8_t *p, uint64_t v) { memcpy(p, &v, 8); }

/* the same in a -X style */
static const char *siginfo_x(const uint8_t *p, size_t len, int style)
{
	static char xout[512];
	struct fmt_buf b;

	fb_init(&b, xout, sizeof(xout) - 1);
	b.xstyle = style;
	fmt_siginfo(&b, p, len);
	*b.p = '\0';
	return xout;
}

/*
 * A seccomp filter's SIGSYS (SECCOMP_RET_TRAP): the call by name when
 * the arch is x86_64's, as strace's tests/ptrace.c expects in each style
 */
static void test_sigsys(void)
{
	uint8_t si[128] = { 0 };

	put32(si, SIGSYS);
	put32(si + 4, ENOENT);
	put32(si + 8, 1);			/* SYS_SECCOMP */
	put64(si + 16, 0xfacefeeddeadbeefULL);
	put32(si + 24, 0xffffffffu);
	put32(si + 28, 0xc000003eu);		/* AUDIT_ARCH_X86_64 */
	CHECK_STR(siginfo_text(si, 128), "{si_signo=SIGSYS, si_code="
		  "SYS_SECCOMP, si_errno=ENOENT, si_call_addr=0xfacefeeddeadbeef, "
		  "si_syscall=4294967295, si_arch=AUDIT_ARCH_X86_64}");
	put32(si + 4, 0);
	put64(si + 16, 0);
	put32(si + 24, SYS_read);
	CHECK_STR(siginfo_text(si, 128), "{si_signo=SIGSYS, si_code="
		  "SYS_SECCOMP, si_call_addr=NULL, si_syscall=__NR_read, "
		  "si_arch=AUDIT_ARCH_X86_64}");
	CHECK_STR(siginfo_x(si, 128, XSTYLE_VERBOSE), "{si_signo=31 /* SIGSYS */"
		  ", si_code=0x1 /* SYS_SECCOMP */, si_call_addr=NULL, "
		  "si_syscall=0 /* __NR_read */, si_arch=0xc000003e /* "
		  "AUDIT_ARCH_X86_64 */}");
	CHECK_STR(siginfo_x(si, 128, XSTYLE_RAW), "{si_signo=31, si_code=0x1, "
		  "si_call_addr=NULL, si_syscall=0, si_arch=0xc000003e}");
	/* another arch: the number (no table for it), the arch unknown */
	put32(si + 28, 0xda7a1057u);
	CHECK_STR(siginfo_text(si, 128), "{si_signo=SIGSYS, si_code="
		  "SYS_SECCOMP, si_call_addr=NULL, si_syscall=0, si_arch="
		  "0xda7a1057 /* AUDIT_ARCH_??? */}");
}

static void test_sigsets(void)
{
	uint64_t set = 0, old = ~0ull & ~(1ull << 8) & ~(1ull << 18) &
		       ~(1ull << 31) & ~(1ull << 32);
	struct cap ks = CAP(&set, 8), ko = CAP(&old, 8);
	struct sc_call c = CALL(SYS_rt_sigprocmask, 0, SIG_SETMASK, 0x10,
				0x20, 8);

	c.cap[1] = &ks;
	c.cap_out[2] = &ko;
	CHECK_STR(run(&c), "rt_sigprocmask(SIG_SETMASK, [], "
		  "~[KILL STOP RTMIN RT_1], 8) = 0");
	set = (1ull << 0) | (1ull << 1);
	c = CALL(SYS_rt_sigprocmask, 0, SIG_BLOCK, 0x10, 0, 8);
	c.cap[1] = &ks;
	CHECK_STR(run(&c), "rt_sigprocmask(SIG_BLOCK, [HUP INT], NULL, 8) = 0");
	/* signals 64 and beyond the names */
	set = (1ull << 63) | (1ull << 40);
	CHECK_STR(run(&c), "rt_sigprocmask(SIG_BLOCK, [RT_9 RT_32], NULL, 8) "
		  "= 0");
	/* two thirds (42 of 64) or more set: inverted */
	set = 0xfffffffffffull;
	CHECK_STR(run(&c), "rt_sigprocmask(SIG_BLOCK, ~[RT_13 RT_14 RT_15 "
		  "RT_16 RT_17 RT_18 RT_19 RT_20 RT_21 RT_22 RT_23 RT_24 RT_25 "
		  "RT_26 RT_27 RT_28 RT_29 RT_30 RT_31 RT_32], NULL, 8) = 0");
	set = 0x1ffffffffffull;	/* 41: not yet */
	CHECK(!strncmp(run(&c), "rt_sigprocmask(SIG_BLOCK, [HUP ", 31));
	/* a size the kernel rejects: the pointer */
	c = CALL(SYS_rt_sigprocmask, -22, SIG_SETMASK, 0x10, 0, 4);
	c.cap[1] = &ks;
	CHECK_STR(run(&c), "rt_sigprocmask(SIG_SETMASK, 0x10, NULL, 4) = -1 "
		  "EINVAL (Invalid argument)");
	c = CALL(SYS_rt_sigprocmask, 0, 7, 0, 0, 8);
	CHECK_STR(run(&c), "rt_sigprocmask(0x7 /* SIG_??? */, NULL, NULL, 8) "
		  "= 0");
	/*
	 * rt_sigreturn: the mask it restores, copied from the signal frame
	 * (the argument register holds nothing of it); not copied (no
	 * BPF): nothing, never the register as a pointer
	 */
	set = 1ull << (SIGCHLD - 1);
	c = CALL(SYS_rt_sigreturn, -4, 0x7ffd0000, 0, 0, 0);
	c.cap[0] = &ks;
	CHECK_STR(run(&c), "rt_sigreturn({mask=[CHLD]}) = -1 EINTR "
		  "(Interrupted system call)");
	c = CALL(SYS_rt_sigreturn, 0, 0x7ffd0000, 0, 0, 0);
	CHECK_STR(run(&c), "rt_sigreturn() = 0");
	/* output set of a failed call: the pointer */
	c = CALL(SYS_rt_sigprocmask, -14, SIG_SETMASK, 0, 0x20, 8);
	c.cap_out[2] = &ko;
	CHECK_STR(run(&c), "rt_sigprocmask(SIG_SETMASK, NULL, 0x20, 8) = -1 "
		  "EFAULT (Bad address)");
}

static void test_sigaction(void)
{
	uint8_t sa[32] = { 0 }, osa[32] = { 0 };
	struct cap k = CAP(sa, 32), ko = CAP(osa, 32);
	struct sc_call c = CALL(SYS_rt_sigaction, 0, SIGINT, 0x10, 0, 8);

	put64(sa, 0x56544c2f8dc0);
	put64(sa + 8, 0x04000000);
	put64(sa + 16, 0x7f5296c43050);
	put64(sa + 24, ~0ull & ~(3ull << 31));
	c.cap[1] = &k;
	CHECK_STR(run(&c), "rt_sigaction(SIGINT, {sa_handler=0x56544c2f8dc0, "
		  "sa_mask=~[RTMIN RT_1], sa_flags=SA_RESTORER, "
		  "sa_restorer=0x7f5296c43050}, NULL, 8) = 0");
	c = CALL(SYS_rt_sigaction, 0, SIGQUIT, 0, 0x20, 8);
	c.cap_out[2] = &ko;
	CHECK_STR(run_entry(&c), "rt_sigaction(SIGQUIT, NULL, ");
	CHECK_STR(run(&c), "rt_sigaction(SIGQUIT, NULL, {sa_handler=SIG_DFL, "
		  "sa_mask=[], sa_flags=0}, 8) = 0");
	/* every flag strace knows, and one it does not */
	put64(sa, 1);
	put64(sa + 8, 0x5c000005ull | 0x80000000ull | 0x100);
	put64(sa + 24, 0);
	c = CALL(SYS_rt_sigaction, 0, SIGUSR1, 0x10, 0, 8);
	c.cap[1] = &k;
	CHECK_STR(run(&c), "rt_sigaction(SIGUSR1, {sa_handler=SIG_IGN, "
		  "sa_mask=[], sa_flags=SA_RESTORER|SA_ONSTACK|SA_RESTART|"
		  "SA_NODEFER|SA_RESETHAND|SA_SIGINFO|SA_NOCLDSTOP|0x100, "
		  "sa_restorer=0x7f5296c43050}, NULL, 8) = 0");
	k.len = 24;
	CHECK_STR(run(&c), "rt_sigaction(SIGUSR1, 0x10, NULL, 8) = 0");
}

static void test_siginfo(void)
{
	uint8_t si[128] = { 0 };

	put32(si, SIGCHLD);
	put32(si + 8, CLD_EXITED);
	put32(si + 16, 9955);
	CHECK_STR(siginfo_text(si, 128), "{si_signo=SIGCHLD, si_code="
		  "CLD_EXITED, si_pid=9955, si_uid=0, si_status=0, si_utime=0, "
		  "si_stime=0}");
	put32(si + 8, CLD_KILLED);
	put32(si + 24, SIGKILL);
	put64(si + 32, 13);
	CHECK_STR(siginfo_text(si, 128), "{si_signo=SIGCHLD, si_code="
		  "CLD_KILLED, si_pid=9955, si_uid=0, si_status=SIGKILL, "
		  "si_utime=13 /* 0.13 s */, si_stime=0}");
	CHECK_STR(siginfo_x(si, 128, XSTYLE_RAW), "{si_signo=17, si_code=0x2, "
		  "si_pid=9955, si_uid=0, si_status=9, si_utime=13, si_stime=0}");
	memset(si, 0, sizeof(si));
	/* no signal (waitid's WNOHANG, nothing to report) */
	CHECK_STR(siginfo_text(si, 128), "{}");
	put32(si, SIGUSR1);
	put32(si + 16, 12);
	CHECK_STR(siginfo_text(si, 128), "{si_signo=SIGUSR1, si_code=SI_USER, "
		  "si_pid=12, si_uid=0}");
	/* a uid_t of all ones is an id: -1, as strace prints it */
	put32(si + 20, 0xffffffff);
	CHECK_STR(siginfo_text(si, 128), "{si_signo=SIGUSR1, si_code=SI_USER, "
		  "si_pid=12, si_uid=-1}");
	put32(si + 20, 4000000000u);
	CHECK_STR(siginfo_text(si, 128), "{si_signo=SIGUSR1, si_code=SI_USER, "
		  "si_pid=12, si_uid=4000000000}");
	put32(si + 20, 0);
	put32(si, SIGSEGV);
	put32(si + 8, SEGV_MAPERR);
	put64(si + 16, 0);
	CHECK_STR(siginfo_text(si, 128), "{si_signo=SIGSEGV, si_code="
		  "SEGV_MAPERR, si_addr=NULL}");
	/* hostile: too short, unknown code */
	CHECK_STR(siginfo_text(si, 20), "{...}");
	put32(si + 8, 77);
	CHECK_STR(siginfo_text(si, 128), "{si_signo=SIGSEGV, si_code=0x4d, "
		  "si_addr=NULL}");
	/* SIGTRAP's address (ptrace.c's PTRACE_SETSIGINFO lines) */
	put32(si, SIGTRAP);
	put32(si + 4, 2);
	put32(si + 8, 1);	/* TRAP_BRKPT */
	put64(si + 16, 0xfacefeeddeadbeefULL);
	CHECK_STR(siginfo_text(si, 128), "{si_signo=SIGTRAP, si_code=TRAP_BRKPT, "
		  "si_errno=ENOENT, si_addr=0xfacefeeddeadbeef}");
	put32(si + 8, 1234567890);
	put32(si + 4, (uint32_t)-2);
	CHECK_STR(siginfo_text(si, 128), "{si_signo=SIGTRAP, si_code=0x499602d2, "
		  "si_errno=4294967294, si_addr=0xfacefeeddeadbeef}");
}

static void test_stack(void)
{
	uint8_t ss[24] = { 0 };
	struct cap k = CAP(ss, 24);
	struct sc_call c = CALL(SYS_sigaltstack, 0, 0x10, 0);

	put32(ss + 8, SS_DISABLE);
	c.cap[0] = &k;
	CHECK_STR(run(&c), "sigaltstack({ss_sp=NULL, ss_flags=SS_DISABLE, "
		  "ss_size=0}, NULL) = 0");
}

int main(void)
{
	test_sigsets();
	test_sigaction();
	test_siginfo();
	test_sigsys();
	test_stack();
	CHECK_DONE();
}
