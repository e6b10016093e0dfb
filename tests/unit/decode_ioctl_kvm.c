// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: KVM ioctls (KVM_*) as strace 6.1's kvm.c prints them on
 * x86_64: a capability, a vcpu id, the fd KVM_CREATE_VM returns (-y),
 * a memory region, registers (abbreviated and -v), and struct
 * kvm_cpuid2 whose entries come from the argument's copy from its start
 * (c.inner[]); a struct copied short prints the pointer, an entry past
 * the copy its address.
 */
#include <linux/kvm.h>
#include <string.h>
#include <sys/syscall.h>

#include "check_decode.h"

#define PTR	0x7f0000001000ull

static void put64(uint8_t *p, uint64_t v)
{
	memcpy(p, &v, 8);
}

static void put32(uint8_t *p, uint32_t v)
{
	memcpy(p, &v, 4);
}

/* a segment at p: base, limit, selector, type, present */
static void segment(uint8_t *p, uint64_t base, uint8_t type)
{
	put64(p, base);
	put32(p + 8, 0xffff);
	p[12] = 0x00;
	p[13] = 0xf0;
	p[14] = type;
	p[15] = 1;
	p[17] = 1;		/* db */
}

int main(void)
{
	static uint8_t arg[4096];
	struct cap k = CAP(arg, 312), in = CAP(arg, 8 + 2 * 40);
	struct fd_desc f = { .kind = FD_PATH };
	struct sc_call c;

	c = CALL(SYS_ioctl, 1, 3, KVM_CHECK_EXTENSION, KVM_CAP_USER_MEMORY);
	CHECK_STR(run(&c), "ioctl(3, KVM_CHECK_EXTENSION, "
		  "KVM_CAP_USER_MEMORY) = 1");
	c = CALL(SYS_ioctl, 0, 3, KVM_CHECK_EXTENSION, 0xfffff);
	CHECK_STR(run(&c), "ioctl(3, KVM_CHECK_EXTENSION, 0xfffff /* "
		  "KVM_CAP_??? */) = 0");
	c = CALL(SYS_ioctl, 5, 4, KVM_CREATE_VCPU, 2);
	CHECK_STR(run(&c), "ioctl(4, KVM_CREATE_VCPU, 2) = 5");

	/* -y: the returned fd's name */
	f.name = (const uint8_t *)"anon_inode:kvm-vm";
	f.namelen = 17;
	fo.fds = DECODE_FD_PATH;
	c = CALL(SYS_ioctl, 4, 3, KVM_CREATE_VM, 0);
	c.fd[FD_SLOT_RET] = &f;
	CHECK_STR(run(&c), "ioctl(3, KVM_CREATE_VM, 0) = "
		  "4<anon_inode:kvm-vm>");
	fo.fds = 0;

	/* a memory region; copied short: the pointer */
	put32(arg, 1);
	put32(arg + 4, KVM_MEM_READONLY | 0x10);
	put64(arg + 8, 0x1000);
	put64(arg + 16, 4096);
	put64(arg + 24, 0x7f0000002000ull);
	c = CALL(SYS_ioctl, 0, 4, KVM_SET_USER_MEMORY_REGION, PTR);
	c.cap[2] = &k;
	CHECK_STR(run(&c), "ioctl(4, KVM_SET_USER_MEMORY_REGION, {slot=1, "
		  "flags=KVM_MEM_READONLY|0x10, guest_phys_addr=0x1000, "
		  "memory_size=4096, userspace_addr=0x7f0000002000}) = 0");
	k.len = 31;
	CHECK_STR(run(&c), "ioctl(4, KVM_SET_USER_MEMORY_REGION, "
		  "0x7f0000001000) = 0");
	k.len = 312;

	/* registers: abbreviated, then -v */
	memset(arg, 0, sizeof(arg));
	for (int j = 0; j < 18; j++)
		put64(arg + 8 * j, (uint64_t)j + 1);
	c = CALL(SYS_ioctl, 0, 5, KVM_SET_REGS, PTR);
	c.cap[2] = &k;
	CHECK_STR(run(&c), "ioctl(5, KVM_SET_REGS, {rax=0x1, ..., rsp=0x7, "
		  "rbp=0x8, ..., rip=0x11, rflags=0x12}) = 0");
	fo.verbose = 1;
	CHECK_STR(run(&c), "ioctl(5, KVM_SET_REGS, {rax=0x1, rbx=0x2, "
		  "rcx=0x3, rdx=0x4, rsi=0x5, rdi=0x6, rsp=0x7, rbp=0x8, "
		  "r8=0x9, r9=0xa, r10=0xb, r11=0xc, r12=0xd, r13=0xe, "
		  "r14=0xf, r15=0x10, rip=0x11, rflags=0x12}) = 0");
	fo.verbose = 0;

	/* sregs got at exit: cs alone; failed: the pointer */
	memset(arg, 0, sizeof(arg));
	segment(arg, 0xffff0000, 11);
	c = CALL(SYS_ioctl, 0, 5, KVM_GET_SREGS, PTR);
	c.cap_out[2] = &k;
	CHECK_STR(run(&c), "ioctl(5, KVM_GET_SREGS, {cs={base=0xffff0000, "
		  "limit=65535, selector=61440, type=11, present=1, dpl=0, "
		  "db=1, s=0, l=0, g=0, avl=0}, ...}) = 0");
	c = CALL(SYS_ioctl, -14, 5, KVM_GET_SREGS, PTR);
	CHECK_STR(run(&c), "ioctl(5, KVM_GET_SREGS, 0x7f0000001000) = -1 "
		  "EFAULT (Bad address)");

	/* cpuid2: two entries, abbreviated, -v, the second not copied */
	memset(arg, 0, sizeof(arg));
	put32(arg, 2);
	put32(arg + 8 + 4, 1);
	put32(arg + 8 + 8, KVM_CPUID_FLAG_SIGNIFCANT_INDEX | 0x80);
	put32(arg + 8 + 12, 0x1c);
	put32(arg + 48, 0x80000000);
	c = CALL(SYS_ioctl, 0, 5, KVM_SET_CPUID2, PTR);
	c.cap[2] = &k;
	c.inner[0] = &in;
	CHECK_STR(run(&c), "ioctl(5, KVM_SET_CPUID2, {nent=2, "
		  "entries=[...]}) = 0");
	fo.verbose = 1;
	CHECK_STR(run(&c), "ioctl(5, KVM_SET_CPUID2, {nent=2, entries=["
		  "{function=0, index=0x1, flags=KVM_CPUID_FLAG_SIGNIFCANT_INDEX"
		  "|0x80, eax=0x1c, ebx=0, ecx=0, edx=0}, {function=0x80000000, "
		  "index=0, flags=0, eax=0, ebx=0, ecx=0, edx=0}]}) = 0");
	in.len = 8 + 40 + 39;
	CHECK_STR(run(&c), "ioctl(5, KVM_SET_CPUID2, {nent=2, entries=["
		  "{function=0, index=0x1, flags=KVM_CPUID_FLAG_SIGNIFCANT_INDEX"
		  "|0x80, eax=0x1c, ebx=0, ecx=0, edx=0}, ... /* 0x7f0000001030 "
		  "*/]}) = 0");
	in.len = 8 + 39;
	CHECK_STR(run(&c), "ioctl(5, KVM_SET_CPUID2, {nent=2, "
		  "entries=0x7f0000001008}) = 0");
	/* more entries than BPF copies at most: the pointer */
	put32(arg, 200);
	in.len = 4096;
	CHECK_STR(run(&c), "ioctl(5, KVM_SET_CPUID2, 0x7f0000001000) = 0");
	put32(arg, 0);
	CHECK_STR(run(&c), "ioctl(5, KVM_SET_CPUID2, {nent=0, "
		  "entries=[]}) = 0");
	fo.verbose = 0;
	CHECK_DONE();
}
