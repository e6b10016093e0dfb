// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: ptrace shows the arguments its request uses, as strace 6.1
 * does (its ptrace.c): none after PTRACE_TRACEME, the pid alone for
 * PTRACE_ATTACH and PTRACE_KILL, a signal as PTRACE_CONT's data, options
 * for PTRACE_SEIZE, and the word PTRACE_PEEKDATA writes at exit.
 * PTRACE_GET_SYSCALL_INFO's struct at exit, the fields within both the
 * caller's size and the kernel's (ptrace_syscall_info.c).  The masks
 * and siginfos of PTRACE_[GS]ETSIGMASK and PTRACE_[GS]ETSIGINFO
 * (ptrace.c): SET's at entry, GET's at exit, the address when the size
 * is not the kernel's or the memory could not be read.
 */
#include <signal.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>

#include "check_decode.h"

#ifndef PTRACE_SECCOMP_GET_METADATA
#define PTRACE_SECCOMP_GET_METADATA 0x420d
#endif
#ifndef PTRACE_GET_SYSCALL_INFO
#define PTRACE_GET_SYSCALL_INFO 0x420e
#endif

static void test_syscall_info(void)
{
	uint8_t info[88] = { 0 };
	struct cap k = CAP(info, sizeof(info)), k7 = CAP(info, 7);
	uint64_t w;
	struct sc_call c;

	info[0] = 1;	/* PTRACE_SYSCALL_INFO_ENTRY */
	w = 0xc000003e;	/* AUDIT_ARCH_X86_64 */
	memcpy(info + 4, &w, 4);
	w = 0x7f5198c9e829;
	memcpy(info + 8, &w, 8);
	w = 0x7ffd74ee2568;
	memcpy(info + 16, &w, 8);
	w = SYS_chdir;
	memcpy(info + 24, &w, 8);
	for (int j = 0; j < 6; j++) {
		w = 0xbad0fed0 + 0x10001ULL * j;
		memcpy(info + 32 + 8 * j, &w, 8);
	}
	c = CALL(SYS_ptrace, 80, PTRACE_GET_SYSCALL_INFO, 612303, 72,
		 0x7f5198d86fb8);
	c.cap_out[3] = &k;
	CHECK_STR(run_entry(&c), "ptrace(PTRACE_GET_SYSCALL_INFO, 612303, 72, ");
	CHECK_STR(run(&c), "ptrace(PTRACE_GET_SYSCALL_INFO, 612303, 72, "
		  "{op=PTRACE_SYSCALL_INFO_ENTRY, arch=AUDIT_ARCH_X86_64, "
		  "instruction_pointer=0x7f5198c9e829, stack_pointer="
		  "0x7ffd74ee2568, entry={nr=__NR_chdir, args=[0xbad0fed0, "
		  "0xbad1fed1, 0xbad2fed2, 0xbad3fed3, 0xbad4fed4]}}) = 80");
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "ptrace(0x420e /* "
		  "PTRACE_GET_SYSCALL_INFO */, 612303, 72, {op=0x1 /* "
		  "PTRACE_SYSCALL_INFO_ENTRY */, arch=0xc000003e /* "
		  "AUDIT_ARCH_X86_64 */, instruction_pointer=0x7f5198c9e829, "
		  "stack_pointer=0x7ffd74ee2568, entry={nr=80 /* __NR_chdir */, "
		  "args=[0xbad0fed0, 0xbad1fed1, 0xbad2fed2, 0xbad3fed3, "
		  "0xbad4fed4]}}) = 80");
	/* the kernel's size bounds it too: 24 bytes of a 72-byte buffer */
	c.ret = 24;
	CHECK_STR(run_style(&c, XSTYLE_RAW), "ptrace(0x420e, 612303, 72, "
		  "{op=0x1, arch=0xc000003e, instruction_pointer=0x7f5198c9e829, "
		  "stack_pointer=0x7ffd74ee2568}) = 24");
	c = CALL(SYS_ptrace, 24, PTRACE_GET_SYSCALL_INFO, 612303, 7,
		 0x7f5198d86ff9);
	c.cap_out[3] = &k7;
	info[0] = 0;
	CHECK_STR(run(&c), "ptrace(PTRACE_GET_SYSCALL_INFO, 612303, 7, "
		  "{op=PTRACE_SYSCALL_INFO_NONE}) = 24");
	c = CALL(SYS_ptrace, 24, PTRACE_GET_SYSCALL_INFO, 612303, 0,
		 0x7f5198d87000);
	CHECK_STR(run(&c), "ptrace(PTRACE_GET_SYSCALL_INFO, 612303, 0, "
		  "0x7f5198d87000) = 24");
	/* exit: an error's value by name, when is_error says it is one */
	info[0] = 2;
	w = (uint64_t)-2;
	memcpy(info + 24, &w, 8);
	info[32] = 1;
	c = CALL(SYS_ptrace, 33, PTRACE_GET_SYSCALL_INFO, 612303, 64,
		 0x7f5198d86fc0);
	c.cap_out[3] = &k;
	CHECK_STR(run(&c), "ptrace(PTRACE_GET_SYSCALL_INFO, 612303, 64, "
		  "{op=PTRACE_SYSCALL_INFO_EXIT, arch=AUDIT_ARCH_X86_64, "
		  "instruction_pointer=0x7f5198c9e829, stack_pointer="
		  "0x7ffd74ee2568, exit={rval=-ENOENT, is_error=1}}) = 33");
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "ptrace(0x420e /* "
		  "PTRACE_GET_SYSCALL_INFO */, 612303, 64, {op=0x2 /* "
		  "PTRACE_SYSCALL_INFO_EXIT */, arch=0xc000003e /* "
		  "AUDIT_ARCH_X86_64 */, instruction_pointer=0x7f5198c9e829, "
		  "stack_pointer=0x7ffd74ee2568, exit={rval=-2 /* -ENOENT */, "
		  "is_error=1}}) = 33");
	c = CALL(SYS_ptrace, -3, PTRACE_GET_SYSCALL_INFO, 612303, 64,
		 0x7f5198d86fc0);
	c.cap_out[3] = &k;
	CHECK_STR(run(&c), "ptrace(PTRACE_GET_SYSCALL_INFO, 612303, 64, "
		  "0x7f5198d86fc0) = -1 ESRCH (No such process)");
}

static void test_sig(void)
{
	uint64_t mask = 1ULL << (SIGUSR1 - 1);
	uint8_t si[128] = { 0 };
	struct cap km = CAP(&mask, 8), ki = CAP(si, 128), kshort = CAP(si, 64);
	static const char devnull[] = "/dev/null";
	struct fd_desc dn = { .kind = FD_PATH, .name = (const uint8_t *)devnull,
			      .namelen = sizeof(devnull) - 1, .fd = 23 };
	int32_t w;
	struct sc_call c;

	c = CALL(SYS_ptrace, -3, PTRACE_SETSIGMASK, 639314, 8, 0x7f834b9d7ff8);
	c.cap[3] = &km;
	CHECK_STR(run(&c), "ptrace(PTRACE_SETSIGMASK, 639314, 8, [USR1]) = -1 "
		  "ESRCH (No such process)");
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "ptrace(0x420b /* "
		  "PTRACE_SETSIGMASK */, 639314, 8, [10 /* USR1 */]) = -1 ESRCH "
		  "(No such process)");
	c.args[2] = 4;
	CHECK_STR(run(&c), "ptrace(PTRACE_SETSIGMASK, 639314, 4, "
		  "0x7f834b9d7ff8) = -1 ESRCH (No such process)");
	c = CALL(SYS_ptrace, 0, PTRACE_GETSIGMASK, 639314, 8, 0x7f834b9d7ff8);
	c.cap_out[3] = &km;
	CHECK_STR(run_entry(&c), "ptrace(PTRACE_GETSIGMASK, 639314, 8, ");
	CHECK_STR(run(&c), "ptrace(PTRACE_GETSIGMASK, 639314, 8, [USR1]) = 0");
	w = SIGIO;
	memcpy(si, &w, 4);
	w = 2;
	memcpy(si + 4, &w, 4);
	w = 1;	/* POLL_IN */
	memcpy(si + 8, &w, 4);
	w = -2;
	memcpy(si + 16, &w, 4);
	memset(si + 20, 0xff, 4);
	w = 23;
	memcpy(si + 24, &w, 4);
	c = CALL(SYS_ptrace, -3, PTRACE_SETSIGINFO, 639314,
		 0xdeadbeeffffffeedULL, 0x7f834b9d7f80);
	c.cap[3] = &ki;
	CHECK_STR(run(&c), "ptrace(PTRACE_SETSIGINFO, 639314, "
		  "0xdeadbeeffffffeed, {si_signo=SIGIO, si_code=POLL_IN, "
		  "si_errno=ENOENT, si_band=-2, si_fd=23}) = -1 ESRCH (No such "
		  "process)");
	/* -y: si_fd as the capture found it (its slot, by number) */
	c.fd[FD_SLOT_SET0] = &dn;
	fo.fds = DECODE_FD_PATH;
	CHECK_STR(run(&c), "ptrace(PTRACE_SETSIGINFO, 639314, "
		  "0xdeadbeeffffffeed, {si_signo=SIGIO, si_code=POLL_IN, "
		  "si_errno=ENOENT, si_band=-2, si_fd=23</dev/null>}) = -1 "
		  "ESRCH (No such process)");
	/* a slot of another fd: the number alone */
	dn.fd = 24;
	CHECK_STR(run(&c), "ptrace(PTRACE_SETSIGINFO, 639314, "
		  "0xdeadbeeffffffeed, {si_signo=SIGIO, si_code=POLL_IN, "
		  "si_errno=ENOENT, si_band=-2, si_fd=23}) = -1 ESRCH (No such "
		  "process)");
	fo.fds = 0;
	c.fd[FD_SLOT_SET0] = NULL;
	c.cap[3] = &kshort;
	CHECK_STR(run(&c), "ptrace(PTRACE_SETSIGINFO, 639314, "
		  "0xdeadbeeffffffeed, 0x7f834b9d7f80) = -1 ESRCH (No such "
		  "process)");
	c = CALL(SYS_ptrace, -3, PTRACE_GETSIGINFO, 639314, 0, 0x7f834b9d7f80);
	c.cap_out[3] = &ki;
	CHECK_STR(run(&c), "ptrace(PTRACE_GETSIGINFO, 639314, NULL, "
		  "0x7f834b9d7f80) = -1 ESRCH (No such process)");
	c.ret = 0;
	CHECK_STR(run(&c), "ptrace(PTRACE_GETSIGINFO, 639314, NULL, "
		  "{si_signo=SIGIO, si_code=POLL_IN, si_errno=ENOENT, "
		  "si_band=-2, si_fd=23}) = 0");
}

/* PTRACE_SECCOMP_GET_METADATA: filter_off as given, flags at exit */
static void test_metadata(void)
{
	uint64_t md[2] = { 18072662652281012446ULL, 0 };
	uint64_t mdo[2] = { 0, 2 };	/* SECCOMP_FILTER_FLAG_LOG */
	struct cap ki = CAP(md, 16), ko = CAP(mdo, 16);
	struct sc_call c;

	c = CALL(SYS_ptrace, -3, PTRACE_SECCOMP_GET_METADATA, 562919,
		 16045704243956412429ULL, 0x7f51c13b0ff8);
	c.cap[3] = &ki;
	CHECK_STR(run(&c), "ptrace(PTRACE_SECCOMP_GET_METADATA, 562919, "
		  "16045704243956412429, {filter_off=18072662652281012446}) = -1 "
		  "ESRCH (No such process)");
	c = CALL(SYS_ptrace, 0, PTRACE_SECCOMP_GET_METADATA, 562919, 16,
		 0x7f51c13b0ff0);
	c.cap[3] = &ki;
	c.cap_out[3] = &ko;
	CHECK_STR(run(&c), "ptrace(PTRACE_SECCOMP_GET_METADATA, 562919, 16, "
		  "{filter_off=18072662652281012446, flags="
		  "SECCOMP_FILTER_FLAG_LOG}) = 0");
	c.args[2] = 12;
	CHECK_STR(run(&c), "ptrace(PTRACE_SECCOMP_GET_METADATA, 562919, 12, "
		  "{filter_off=18072662652281012446, ???}) = 0");
	c.args[2] = 7;
	CHECK_STR(run(&c), "ptrace(PTRACE_SECCOMP_GET_METADATA, 562919, 7, "
		  "0x7f51c13b0ff0) = 0");
}

#ifndef PTRACE_PEEKSIGINFO
#define PTRACE_PEEKSIGINFO 0x4209
#endif

/* PEEKSIGINFO's args at entry, its siginfo array at exit */
static void test_peeksiginfo(void)
{
	uint8_t args[16] = { 0 }, si[3][128] = { { 0 } };
	struct cap ka = CAP(args, 16), ks = CAP(si, sizeof(si));
	uint64_t off = 0xdeadbeeffacefeedULL;
	uint32_t flags = 1, nr = 42;
	struct sc_call c;

	memcpy(args, &off, 8);
	memcpy(args + 8, &flags, 4);
	memcpy(args + 12, &nr, 4);
	c = CALL(SYS_ptrace, -3, PTRACE_PEEKSIGINFO, 31263, 0x7f81b1105ff0,
		 0xdeadbeeffffffeedULL);
	c.cap[2] = &ka;
	CHECK_STR(run(&c), "ptrace(PTRACE_PEEKSIGINFO, 31263, {off="
		  "16045690985305276141, flags=PTRACE_PEEKSIGINFO_SHARED, "
		  "nr=42}, 0xdeadbeeffffffeed) = -1 ESRCH (No such process)");
	CHECK_STR(run_style(&c, XSTYLE_RAW), "ptrace(0x4209, 31263, {off="
		  "16045690985305276141, flags=0x1, nr=42}, 0xdeadbeeffffffeed) "
		  "= -1 ESRCH (No such process)");
	for (int j = 0; j < 3; j++) {
		int32_t v[6] = { j ? SIGUSR2 : SIGUSR1, 0, -6, 0, 31306, 0 };

		memcpy(si[j], v, sizeof(v));
	}
	memset(args, 0, sizeof(args));
	args[12] = 4;
	c = CALL(SYS_ptrace, 2, PTRACE_PEEKSIGINFO, 31306, 0x7f81b1105ff0,
		 0x7f81b10ffe00);
	c.cap[2] = &ka;
	c.cap_out[3] = &ks;
	CHECK_STR(run_entry(&c), "ptrace(PTRACE_PEEKSIGINFO, 31306, {off=0, "
		  "flags=0, nr=4}, ");
	CHECK_STR(run(&c), "ptrace(PTRACE_PEEKSIGINFO, 31306, {off=0, "
		  "flags=0, nr=4}, [{si_signo=SIGUSR1, si_code=SI_TKILL, "
		  "si_pid=31306, si_uid=0}, {si_signo=SIGUSR2, si_code=SI_TKILL, "
		  "si_pid=31306, si_uid=0}]) = 2");
	/* none pending */
	c.ret = 0;
	CHECK_STR(run(&c), "ptrace(PTRACE_PEEKSIGINFO, 31306, {off=0, "
		  "flags=0, nr=4}, []) = 0");
	/* more than were copied: the pointer */
	c.ret = 4;
	CHECK_STR(run(&c), "ptrace(PTRACE_PEEKSIGINFO, 31306, {off=0, "
		  "flags=0, nr=4}, 0x7f81b10ffe00) = 4");
	/* args that could not be read */
	c.cap[2] = NULL;
	c.ret = -14;
	CHECK_STR(run(&c), "ptrace(PTRACE_PEEKSIGINFO, 31306, 0x7f81b1105ff0, "
		  "0x7f81b10ffe00) = -1 EFAULT (Bad address)");
}

/* an iovec copy: the iovec, then (regs) its registers as a second piece */
static struct cap iov_cap(uint8_t *buf, uint64_t base, uint64_t len,
			  uint32_t regs)
{
	struct cap k = CAP(buf, 16 + regs);

	memcpy(buf, &base, 8);
	memcpy(buf + 8, &len, 8);
	for (uint32_t j = 0; j < regs / 8; j++) {
		uint64_t v = 0x563c22311fc8ULL - 0x28 * j;

		memcpy(buf + 16 + 8 * j, &v, 8);
	}
	if (regs) {
		k.npieces = 2;
		k.piece[0] = 16;
		k.piece[1] = regs;
	}
	return k;
}

/* [GS]ETREGSET's iovec and NT_PRSTATUS's registers */
static void test_regset(void)
{
	static uint8_t in[16 + 512], outb[16 + 512];
	struct cap ki, ko;
	struct sc_call c;

	c = CALL(SYS_ptrace, 0, PTRACE_GETREGSET, 31308, 1, 0x7f81b10f3ff0);
	ki = iov_cap(in, 0x7f81b10f4000, 16, 0);
	ko = iov_cap(outb, 0x7f81b10f4000, 16, 16);
	c.cap[3] = &ki;
	c.cap_out[3] = &ko;
	CHECK_STR(run_entry(&c), "ptrace(PTRACE_GETREGSET, 31308, NT_PRSTATUS, ");
	CHECK_STR(run(&c), "ptrace(PTRACE_GETREGSET, 31308, NT_PRSTATUS, "
		  "{iov_base={r15=0x563c22311fc8, r14=0x563c22311fa0}, "
		  "iov_len=16}) = 0");
	/* the kernel wrote back a shorter length */
	ki = iov_cap(in, 0x7f81b10f4000, 32, 0);
	CHECK_STR(run(&c), "ptrace(PTRACE_GETREGSET, 31308, NT_PRSTATUS, "
		  "{iov_base={r15=0x563c22311fc8, r14=0x563c22311fa0}, "
		  "iov_len=32 => 16}) = 0");
	/* a failure: the iovec, its base a pointer */
	c.ret = -22;
	ki = iov_cap(in, 0x7f81b10f3ff7, 9, 0);
	ko = iov_cap(outb, 0x7f81b10f3ff7, 9, 0);
	CHECK_STR(run_style(&c, XSTYLE_RAW), "ptrace(0x4204, 31308, 0x1, "
		  "{iov_base=0x7f81b10f3ff7, iov_len=9}) = -1 EINVAL (Invalid "
		  "argument)");
	/* SETREGSET: at entry, its length not a whole register */
	c = CALL(SYS_ptrace, 0, PTRACE_SETREGSET, 31308, 1, 0x7f81b10f3ff0);
	ki = iov_cap(in, 0x7f81b10f4000, 24, 24);
	c.cap[3] = &ki;
	CHECK_STR(run_entry(&c), "ptrace(PTRACE_SETREGSET, 31308, NT_PRSTATUS, "
		  "{iov_base={r15=0x563c22311fc8, r14=0x563c22311fa0, "
		  "r13=0x563c22311f78}, iov_len=24");
	CHECK_STR(run(&c), "ptrace(PTRACE_SETREGSET, 31308, NT_PRSTATUS, "
		  "{iov_base={r15=0x563c22311fc8, r14=0x563c22311fa0, "
		  "r13=0x563c22311f78}, iov_len=24}) = 0");
	/* registers past the struct: ", ..." */
	ki = iov_cap(in, 0x7f81b10f4000, 224, 216);
	CHECK_STR(run(&c), "ptrace(PTRACE_SETREGSET, 31308, NT_PRSTATUS, "
		  "{iov_base={r15=0x563c22311fc8, r14=0x563c22311fa0, "
		  "r13=0x563c22311f78, r12=0x563c22311f50, rbp=0x563c22311f28, "
		  "rbx=0x563c22311f00, r11=0x563c22311ed8, r10=0x563c22311eb0, "
		  "r9=0x563c22311e88, r8=0x563c22311e60, rax=0x563c22311e38, "
		  "rcx=0x563c22311e10, rdx=0x563c22311de8, rsi=0x563c22311dc0, "
		  "rdi=0x563c22311d98, orig_rax=0x563c22311d70, "
		  "rip=0x563c22311d48, cs=0x563c22311d20, eflags=0x563c22311cf8, "
		  "rsp=0x563c22311cd0, ss=0x563c22311ca8, fs_base=0x563c22311c80, "
		  "gs_base=0x563c22311c58, ds=0x563c22311c30, es=0x563c22311c08, "
		  "fs=0x563c22311be0, gs=0x563c22311bb8, ...}, iov_len=224}) = 0");
	ki = iov_cap(in, 0x7f81b10f3ff9, 7, 0);
	CHECK_STR(run(&c), "ptrace(PTRACE_SETREGSET, 31308, NT_PRSTATUS, "
		  "{iov_base=0x7f81b10f3ff9, iov_len=7}) = 0");
	/* registers that could not be read */
	ki = iov_cap(in, 0x7f81b10f4000, 16, 0);
	CHECK_STR(run(&c), "ptrace(PTRACE_SETREGSET, 31308, NT_PRSTATUS, "
		  "{iov_base=0x7f81b10f4000, iov_len=16}) = 0");
	/* another note type: its base a pointer */
	c.args[2] = 3;
	CHECK_STR(run(&c), "ptrace(PTRACE_SETREGSET, 31308, NT_PRPSINFO, "
		  "{iov_base=0x7f81b10f4000, iov_len=16}) = 0");
}

int main(void)
{
	uint64_t word = 0xfeedfacecafef00dULL;
	struct cap k = CAP(&word, 8);
	struct sc_call c;

	c = CALL(SYS_ptrace, -1, PTRACE_TRACEME, 1, 2, 3);
	CHECK_STR(run(&c), "ptrace(PTRACE_TRACEME) = -1 EPERM (Operation not "
		  "permitted)");
	c = CALL(SYS_ptrace, -3, PTRACE_ATTACH, 123, 0x1000, 0x2000);
	CHECK_STR(run(&c), "ptrace(PTRACE_ATTACH, 123) = -1 ESRCH (No such "
		  "process)");
	c = CALL(SYS_ptrace, -3, PTRACE_KILL, 0xdeadbeef0000007bULL, 1, 2);
	CHECK_STR(run(&c), "ptrace(PTRACE_KILL, 123) = -1 ESRCH (No such "
		  "process)");
	c = CALL(SYS_ptrace, 0, PTRACE_CONT, 123, 0, SIGUSR1);
	CHECK_STR(run(&c), "ptrace(PTRACE_CONT, 123, NULL, SIGUSR1) = 0");
	c = CALL(SYS_ptrace, 0, PTRACE_DETACH, 123, 0x1000, 0);
	CHECK_STR(run(&c), "ptrace(PTRACE_DETACH, 123, 0x1000, 0) = 0");
	c = CALL(SYS_ptrace, 0, PTRACE_SEIZE, 123, 0,
		 PTRACE_O_TRACESYSGOOD | PTRACE_O_EXITKILL);
	CHECK_STR(run(&c), "ptrace(PTRACE_SEIZE, 123, NULL, "
		  "PTRACE_O_TRACESYSGOOD|PTRACE_O_EXITKILL) = 0");
	c = CALL(SYS_ptrace, 0, PTRACE_PEEKDATA, 123, 0x1000, 0x2000);
	c.cap_out[3] = &k;
	CHECK_STR(run(&c), "ptrace(PTRACE_PEEKDATA, 123, 0x1000, "
		  "[0xfeedfacecafef00d]) = 0");
	CHECK_STR(run_entry(&c), "ptrace(PTRACE_PEEKDATA, 123, 0x1000, ");
	c = CALL(SYS_ptrace, -3, PTRACE_PEEKDATA, 123, 0x1000, 0x2000);
	CHECK_STR(run(&c), "ptrace(PTRACE_PEEKDATA, 123, 0x1000, 0x2000) = -1 "
		  "ESRCH (No such process)");
	/* an iovec that could not be read */
	c = CALL(SYS_ptrace, -3, PTRACE_GETREGSET, 123, 1, 0x2000);
	CHECK_STR(run(&c), "ptrace(PTRACE_GETREGSET, 123, NT_PRSTATUS, 0x2000) "
		  "= -1 ESRCH (No such process)");
	test_peeksiginfo();
	test_regset();
	test_syscall_info();
	test_sig();
	test_metadata();
	CHECK_DONE();
}
