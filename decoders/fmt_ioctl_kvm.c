// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: ioctl(2) requests of KVM (type 0xae) on x86_64, as
 * strace 6.1 prints them: KVM_CHECK_EXTENSION's capability, the vcpu id
 * of KVM_CREATE_VCPU, the new fd KVM_CREATE_VM and KVM_CREATE_VCPU
 * return (-y: what it is), struct kvm_userspace_memory_region, struct
 * kvm_regs and kvm_sregs (set at entry, got at exit), and struct
 * kvm_cpuid2 with its entries (SET_CPUID2 at entry, GET_SUPPORTED_CPUID
 * and GET_EMULATED_CPUID at exit), the entries from BPF's copy of the
 * argument from its start (c->inner[], up to CAP_IOC_IND_MAX bytes).
 * KVM_RUN's exit reason (strace's -e kvm=vcpu, read from the vcpu's
 * mmapped struct kvm_run) is not printed.
 */
#include <linux/kvm.h>

#include "fmt_ioctl.h"

#define KVM_REGS_SIZE	144	/* struct kvm_regs */
#define KVM_SREGS_SIZE	312	/* struct kvm_sregs */
#define KVM_REGION_SIZE	32	/* struct kvm_userspace_memory_region */
#define KVM_ENTRY_SIZE	40	/* struct kvm_cpuid_entry2 */
#define KVM_IND_MAX	4096	/* capture_abi.h's CAP_IOC_IND_MAX */

static enum ioarg kvm_when(uint32_t req, int *at_exit)
{
	*at_exit = 0;
	switch (req) {
	case KVM_GET_REGS: case KVM_GET_SREGS: case KVM_GET_SUPPORTED_CPUID:
	case KVM_GET_EMULATED_CPUID:
		*at_exit = 1;
		return IOA_FAMILY;
	case KVM_CHECK_EXTENSION: case KVM_CREATE_VCPU:
	case KVM_SET_USER_MEMORY_REGION: case KVM_SET_REGS:
	case KVM_SET_SREGS: case KVM_SET_CPUID2:
		return IOA_FAMILY;
	default:
		return IOA_HEX;
	}
}

/* struct kvm_regs at p; abbreviated: the registers strace shows then */
static void kvm_regs(struct fmt_buf *b, const struct sc_call *c,
		     const uint8_t *p)
{
	static const char *const name[] = {
		"rax", "rbx", "rcx", "rdx", "rsi", "rdi", "rsp", "rbp",
		"r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15",
		"rip", "rflags",
	};

	fb_putc(b, '{');
	for (int j = 0; j < 18; j++) {
		if (abbrev(c) && ((j >= 1 && j <= 5) || (j >= 8 && j <= 15))) {
			/* rbx..rdi and r8..r15: one "..." each */
			if (j == 1 || j == 8)
				fb_puts(b, ", ...");
			continue;
		}
		fb_printf(b, "%s%s=", j ? ", " : "", name[j]);
		fb_hex(b, ld64(p + 8 * j));
	}
	fb_putc(b, '}');
}

/* struct kvm_segment at p */
static void kvm_segment(struct fmt_buf *b, const char *name,
			const uint8_t *p)
{
	fb_printf(b, "%s={base=", name);
	fb_hex(b, ld64(p));
	fb_printf(b, ", limit=%u, selector=%u, type=%u, present=%u, dpl=%u, "
		  "db=%u, s=%u, l=%u, g=%u, avl=%u}", ld32(p + 8),
		  ld16(p + 12), p[14], p[15], p[16], p[17], p[18], p[19],
		  p[20], p[21]);
}

/* struct kvm_dtable at p */
static void kvm_dtable(struct fmt_buf *b, const char *name,
		       const uint8_t *p)
{
	fb_printf(b, ", %s={base=", name);
	fb_hex(b, ld64(p));
	fb_printf(b, ", limit=%u}", ld16(p + 8));
}

/* struct kvm_sregs at p; abbreviated: cs alone */
static void kvm_sregs(struct fmt_buf *b, const struct sc_call *c,
		      const uint8_t *p)
{
	static const char *const seg[] = {
		"cs", "ds", "es", "fs", "gs", "ss", "tr", "ldt",
	};
	static const char *const cr[] = {
		"cr0", "cr2", "cr3", "cr4", "cr8", "efer",
	};

	fb_putc(b, '{');
	kvm_segment(b, seg[0], p);
	if (abbrev(c)) {
		fb_puts(b, ", ...}");
		return;
	}
	for (int j = 1; j < 8; j++) {
		fb_puts(b, ", ");
		kvm_segment(b, seg[j], p + 24 * j);
	}
	kvm_dtable(b, "gdt", p + 192);
	kvm_dtable(b, "idt", p + 208);
	for (int j = 0; j < 6; j++)
		fb_printf(b, ", %s=%llu", cr[j],
			  (unsigned long long)ld64(p + 224 + 8 * j));
	fb_puts(b, ", apic_base=");
	fb_hex(b, ld64(p + 272));
	for (int j = 0; j < 4; j++) {
		fb_puts(b, j ? ", " : ", interrupt_bitmap=[");
		fb_hex(b, ld64(p + 280 + 8 * j));
	}
	fb_puts(b, "]}");
}

/* struct kvm_cpuid_entry2 at p */
static void kvm_cpuid_entry(struct fmt_buf *b, const uint8_t *p)
{
	fb_puts(b, "{function=");
	fb_hex(b, ld32(p));
	fb_puts(b, ", index=");
	fb_hex(b, ld32(p + 4));
	fb_puts(b, ", flags=");
	fmt_flags_dflt(b, &xlat_kvm_cpuid_flags, ld32(p + 8),
		       "KVM_CPUID_FLAG_???");
	fb_puts(b, ", eax=");
	fb_hex(b, ld32(p + 12));
	fb_puts(b, ", ebx=");
	fb_hex(b, ld32(p + 16));
	fb_puts(b, ", ecx=");
	fb_hex(b, ld32(p + 20));
	fb_puts(b, ", edx=");
	fb_hex(b, ld32(p + 24));
	fb_putc(b, '}');
}

/*
 * struct kvm_cpuid2 (k: its header's copy, in: the argument's copy from
 * its start); 0: the pointer (the header not read, or -v's entries past
 * the most BPF copies, whose readability is not known)
 */
static int kvm_cpuid2(struct fmt_buf *b, const struct sc_call *c,
		      const struct cap *k, const struct cap *in)
{
	uint64_t arg = c->args[2];
	uint32_t n;

	if (!k || k->len < 8)
		return 0;
	n = ld32(k->p);
	if (!abbrev(c) && n && (!in || in->len < 8 ||
	    (in->len >= KVM_IND_MAX &&
	     8 + (uint64_t)n * KVM_ENTRY_SIZE > in->len)))
		return 0;
	fb_printf(b, "{nent=%u, entries=", n);
	if (abbrev(c)) {
		fb_puts(b, n ? "[...]}" : "[]}");
		return 1;
	}
	/* as strace's print_array: the first entry not read prints as
	   the array's address, a later one ends it with its address */
	for (uint32_t j = 0; j < n; j++) {
		uint64_t off = 8 + (uint64_t)j * KVM_ENTRY_SIZE;

		if (off + KVM_ENTRY_SIZE > in->len) {
			if (!j) {
				fmt_ptr(b, arg + 8);
				fb_putc(b, '}');
				return 1;
			}
			fb_puts(b, ", ... /* ");
			fmt_ptr(b, arg + off);
			fb_puts(b, " */");
			break;
		}
		fb_puts(b, j ? ", " : "[");
		kvm_cpuid_entry(b, in->p + off);
	}
	fb_puts(b, n ? "]}" : "[]}");
	return 1;
}

/* struct kvm_userspace_memory_region at p */
static void kvm_region(struct fmt_buf *b, const uint8_t *p)
{
	fb_printf(b, "{slot=%u, flags=", ld32(p));
	fmt_flags_dflt(b, &xlat_kvm_mem_flags, ld32(p + 4), "KVM_MEM_???");
	fb_puts(b, ", guest_phys_addr=");
	fb_hex(b, ld64(p + 8));
	fb_printf(b, ", memory_size=%llu, userspace_addr=",
		  (unsigned long long)ld64(p + 16));
	fb_hex(b, ld64(p + 24));
	fb_putc(b, '}');
}

static int kvm_arg(struct fmt_buf *b, const struct sc_call *c, uint32_t req,
		   const struct cap *k)
{
	switch (req) {
	case KVM_CHECK_EXTENSION:
		fmt_enum_dflt(b, &xlat_kvm_cap, c->args[2], "KVM_CAP_???");
		return 1;
	case KVM_CREATE_VCPU:
		fb_udec(b, (uint32_t)c->args[2]);
		return 1;
	case KVM_SET_USER_MEMORY_REGION:
		if (!k || k->len < KVM_REGION_SIZE)
			return 0;
		kvm_region(b, k->p);
		return 1;
	case KVM_SET_REGS: case KVM_GET_REGS:
		if (!k || k->len < KVM_REGS_SIZE)
			return 0;
		kvm_regs(b, c, k->p);
		return 1;
	case KVM_SET_SREGS: case KVM_GET_SREGS:
		if (!k || k->len < KVM_SREGS_SIZE)
			return 0;
		kvm_sregs(b, c, k->p);
		return 1;
	case KVM_SET_CPUID2:
		return kvm_cpuid2(b, c, k, c->inner[0]);
	case KVM_GET_SUPPORTED_CPUID: case KVM_GET_EMULATED_CPUID:
		return kvm_cpuid2(b, c, k, c->inner[1]);
	default:
		return 0;
	}
}

/* the fd KVM_CREATE_VM and KVM_CREATE_VCPU return: -y's note */
static void kvm_ret(struct fmt_buf *b, const struct sc_call *c, uint32_t req)
{
	if ((req == KVM_CREATE_VM || req == KVM_CREATE_VCPU) && c->ret >= 0)
		fmt_fd_note(b, c, FD_SLOT_RET);
}

const struct ioctl_family ioctl_kvm = {
	.type = 0xae,
	.when = kvm_when,
	.arg = kvm_arg,
	.ret = kvm_ret,
};
