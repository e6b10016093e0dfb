// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: ptrace(2) and arch_prctl(2), whose arguments mean what
 * the request says: a request that ignores an argument does not show it
 * (ptrace(PTRACE_ATTACH, 123), not four numbers), a pointer is NULL when
 * it is one, and what the call writes is shown at exit.
 */
#include <asm/prctl.h>
#include <sys/ptrace.h>

#include "fmt_priv.h"

#ifndef PTRACE_LISTEN
#define PTRACE_LISTEN 0x4208
#endif
#ifndef PTRACE_INTERRUPT
#define PTRACE_INTERRUPT 0x4207
#endif
#ifndef PTRACE_SYSEMU
#define PTRACE_SYSEMU 31
#define PTRACE_SYSEMU_SINGLESTEP 32
#endif
#ifndef PTRACE_SINGLEBLOCK
#define PTRACE_SINGLEBLOCK 33
#endif
#ifndef PTRACE_GET_SYSCALL_INFO
#define PTRACE_GET_SYSCALL_INFO 0x420e
#endif
#ifndef PTRACE_SYSCALL_INFO_ENTRY
#define PTRACE_SYSCALL_INFO_ENTRY 1
#define PTRACE_SYSCALL_INFO_EXIT 2
#define PTRACE_SYSCALL_INFO_SECCOMP 3
#endif
#ifndef PTRACE_SECCOMP_GET_METADATA
#define PTRACE_SECCOMP_GET_METADATA 0x420d
#endif

/* [0x7f...] or [NULL]: a pointer-sized value the call wrote at arg i */
static void fmt_out_word(struct fmt_buf *b, const struct sc_call *c, int i)
{
	const struct cap *k = arg_out(c, i, 8);

	if (!k || !c->args[i]) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	fb_putc(b, '[');
	fmt_ptr(b, ld64(k->p));
	fb_putc(b, ']');
}

/*
 * PTRACE_GET_SYSCALL_INFO's struct ptrace_syscall_info, at exit: the
 * fields within what both the caller's size (addr) and the kernel's
 * (the return value) hold, as strace prints them; 84 bytes at most (the
 * end of seccomp's ret_data)
 */
enum {
	PSI_ARCH = 8, PSI_IP = 16, PSI_SP = 24, PSI_NR = 32, PSI_ARGS = 32,
	PSI_EXIT = 33, PSI_SECCOMP = 84,
};

static void psi_args(struct fmt_buf *b, const uint8_t *p, uint64_t size)
{
	uint64_t n = (size - PSI_ARGS) / 8;

	if (!n)
		return;
	fb_puts(b, ", args=[");
	for (uint64_t j = 0; j < n && j < 6; j++) {
		if (j)
			fb_puts(b, ", ");
		fb_hex(b, ld64(p + PSI_ARGS + 8 * j));
	}
	fb_putc(b, ']');
}

static void fmt_psi(struct fmt_buf *b, const struct sc_call *c)
{
	const struct cap *k = arg_out(c, 3, 0);
	uint64_t size = c->args[2] < (uint64_t)c->ret ? c->args[2] :
			(uint64_t)c->ret;
	const uint8_t *p;
	uint8_t op;
	uint32_t arch;

	if (size > PSI_SECCOMP)
		size = PSI_SECCOMP;
	if (!size || !k || !c->args[3] || k->len < size) {
		fmt_ptr(b, c->args[3]);
		return;
	}
	p = k->p;
	op = p[0];
	arch = ld32(p + 4);
	fb_puts(b, "{op=");
	fmt_enum_dflt(b, &xlat_ptrace_syscall_info_op, op,
		      "PTRACE_SYSCALL_INFO_???");
	if (size >= PSI_ARCH) {
		fb_puts(b, ", arch=");
		fmt_enum_dflt(b, &xlat_audit_arch, arch, "AUDIT_ARCH_???");
	}
	if (size >= PSI_IP) {
		fb_puts(b, ", instruction_pointer=");
		fb_hex(b, ld64(p + 8));
	}
	if (size >= PSI_SP) {
		fb_puts(b, ", stack_pointer=");
		fb_hex(b, ld64(p + 16));
	}
	if (size < PSI_NR)
		goto done;
	switch (op) {
	case PTRACE_SYSCALL_INFO_ENTRY: case PTRACE_SYSCALL_INFO_SECCOMP:
		fb_puts(b, op == PTRACE_SYSCALL_INFO_ENTRY ? ", entry={nr=" :
			", seccomp={nr=");
		fmt_audit_nr(b, ld64(p + 24), arch);
		psi_args(b, p, size);
		if (op == PTRACE_SYSCALL_INFO_SECCOMP && size >= PSI_SECCOMP) {
			fb_puts(b, ", ret_data=");
			fb_udec(b, ld32(p + 80));
		}
		fb_putc(b, '}');
		break;
	case PTRACE_SYSCALL_INFO_EXIT:
		fb_puts(b, ", exit={rval=");
		if (size >= PSI_EXIT && p[32])
			fmt_neg_errno(b, (int64_t)ld64(p + 24));
		else
			fb_dec(b, (int64_t)ld64(p + 24));
		if (size >= PSI_EXIT) {
			fb_puts(b, ", is_error=");
			fb_udec(b, p[32]);
		}
		fb_putc(b, '}');
		break;
	}
done:
	fb_putc(b, '}');
}

/*
 * PTRACE_[GS]ETSIGMASK's mask of addr bytes (8, the kernel's only size)
 * and PTRACE_[GS]ETSIGINFO's siginfo (128 bytes), from k: the entry's
 * copy for SET, the exit's for GET; the address when not all of it
 * could be read (or the call failed, for GET)
 */
static void fmt_pt_sig(struct fmt_buf *b, const struct sc_call *c,
		       const struct cap *k, int info)
{
	if (!c->args[3]) {
		fb_puts(b, "NULL");
		return;
	}
	if (info && k && k->len >= 128) {
		fmt_siginfo_call(b, k->p, 128, c);
		return;
	}
	if (!info && c->args[2] == 8 && k && k->len >= 8) {
		fmt_sigset_bytes(b, k->p, 8);
		return;
	}
	fmt_ptr(b, c->args[3]);
}

/*
 * PTRACE_SECCOMP_GET_METADATA's struct of addr bytes, at exit: its
 * filter_off as given (the entry's copy), then after a success the
 * flags the kernel wrote (??? when the size leaves no room for them),
 * "..." when the size says more follows
 */
static void fmt_pt_metadata(struct fmt_buf *b, const struct sc_call *c)
{
	const struct cap *in = arg_in(c, 3, 8), *out = arg_out(c, 3, 0);
	uint64_t size = c->args[2];

	if (!in) {
		fmt_ptr(b, c->args[3]);
		return;
	}
	fb_puts(b, "{filter_off=");
	fb_udec(b, ld64(in->p));
	if (!sc_failed(c) && size > 8) {
		fb_puts(b, ", ");
		if (size < 16 || !out || out->len < 16) {
			fb_puts(b, "???");
		} else {
			fb_puts(b, "flags=");
			fmt_flags_dflt(b, &xlat_seccomp_flags, ld64(out->p + 8),
				       "SECCOMP_FILTER_FLAG_???");
			if (size > 16)
				fb_puts(b, ", ...");
		}
	}
	fb_putc(b, '}');
}

/* how ptrace's addr and data print, by request */
enum pt_data {
	PD_ADDR, PD_SIG, PD_OPTS, PD_WORD_OUT, PD_PSI, PD_MASK_IN,
	PD_MASK_OUT, PD_INFO_IN, PD_INFO_OUT, PD_METADATA, PD_PEEKSI,
	PD_GETREGSET, PD_SETREGSET, PD_GETREGS, PD_SETREGS,
};

#ifndef PTRACE_PEEKSIGINFO
#define PTRACE_PEEKSIGINFO 0x4209
#endif

/* [GS]ETREGS' and [GS]ETFPREGS' struct: the note type of its regset */
static uint64_t regs_nt(uint64_t req)
{
	return req == PTRACE_GETREGS || req == PTRACE_SETREGS ? 1 : 2;
}

/* what the call wrote, at exit, from argument 3 on */
static void pt_exit(struct fmt_buf *b, const struct sc_call *c,
		    enum pt_data data)
{
	const struct cap *k;

	switch (data) {
	case PD_WORD_OUT: fmt_out_word(b, c, 3); break;
	case PD_PSI: fmt_psi(b, c); break;
	case PD_MASK_OUT: case PD_INFO_OUT:
		fmt_pt_sig(b, c, arg_out(c, 3, 0), data == PD_INFO_OUT);
		break;
	case PD_METADATA: fmt_pt_metadata(b, c); break;
	case PD_PEEKSI: fmt_pt_siginfos(b, c); break;
	case PD_GETREGSET: fmt_pt_getregset(b, c); break;
	case PD_SETREGSET: fmt_pt_setregset(b, c, 1); break;
	case PD_GETREGS:
		k = arg_out(c, 3, 0);
		fmt_pt_regs(b, c, regs_nt(c->args[0]), c->args[3],
			    k ? k->p : NULL, k ? k->len : 0,
			    regs_nt(c->args[0]) == 1 ? 216 : 512);
		break;
	default:
		break;
	}
}

/* [GS]ETREGS, [GS]ETFPREGS: no addr, the struct at data (SET's now) */
static int pt_regs_entry(struct fmt_buf *b, const struct sc_call *c,
			 enum pt_data data)
{
	const struct cap *k = arg_in(c, 3, 0);

	if (data == PD_GETREGS)
		return 3;
	fmt_pt_regs(b, c, regs_nt(c->args[0]), c->args[3],
		    k ? k->p : NULL, k ? k->len : 0,
		    regs_nt(c->args[0]) == 1 ? 216 : 512);
	return c->d->nargs;
}

int fmt_ptrace_call(struct fmt_buf *b, const struct sc_call *c, int from,
		    int exiting)
{
	uint64_t req = c->args[0];
	enum pt_data data = PD_ADDR;

	switch (req) {
	case PTRACE_CONT: case PTRACE_DETACH: case PTRACE_SYSCALL:
	case PTRACE_SINGLESTEP: case PTRACE_SINGLEBLOCK: case PTRACE_SYSEMU:
	case PTRACE_SYSEMU_SINGLESTEP:
		data = PD_SIG;
		break;
	case PTRACE_SEIZE: case PTRACE_SETOPTIONS:
		data = PD_OPTS;
		break;
	case PTRACE_PEEKTEXT: case PTRACE_PEEKDATA: case PTRACE_PEEKUSER:
	case PTRACE_GETEVENTMSG:
		data = PD_WORD_OUT;
		break;
	case PTRACE_GET_SYSCALL_INFO:
		data = PD_PSI;
		break;
	case PTRACE_SETSIGMASK: data = PD_MASK_IN; break;
	case PTRACE_GETSIGMASK: data = PD_MASK_OUT; break;
	case PTRACE_SETSIGINFO: data = PD_INFO_IN; break;
	case PTRACE_GETSIGINFO: data = PD_INFO_OUT; break;
	case PTRACE_SECCOMP_GET_METADATA: data = PD_METADATA; break;
	case PTRACE_PEEKSIGINFO: data = PD_PEEKSI; break;
	case PTRACE_GETREGSET: data = PD_GETREGSET; break;
	case PTRACE_SETREGSET: data = PD_SETREGSET; break;
	case PTRACE_GETREGS: case PTRACE_GETFPREGS: data = PD_GETREGS; break;
	case PTRACE_SETREGS: case PTRACE_SETFPREGS: data = PD_SETREGS; break;
	}
	if (exiting) {
		if (from == 3)
			pt_exit(b, c, data);
		return c->d->nargs;
	}
	if (from > 0)
		return c->d->nargs;
	fmt_enum_dflt(b, &xlat_ptrace_request, req, "PTRACE_???");
	if (req == PTRACE_TRACEME)
		return c->d->nargs;
	fb_puts(b, ", ");
	fmt_pid(b, c->o, (int32_t)c->args[1]);
	switch (req) {
	case PTRACE_ATTACH: case PTRACE_INTERRUPT: case PTRACE_KILL:
	case PTRACE_LISTEN:
		/* the kernel ignores addr and data */
		return c->d->nargs;
	}
	fb_puts(b, ", ");
	if (data == PD_GETREGS || data == PD_SETREGS)
		return pt_regs_entry(b, c, data);
	switch (req) {
	case PTRACE_PEEKSIGINFO:
		fmt_pt_peekargs(b, c);
		break;
	case PTRACE_GETREGSET: case PTRACE_SETREGSET:
		fmt_enum_dflt(b, &xlat_nt_types, c->args[2], "NT_???");
		break;
	case PTRACE_GETSIGMASK: case PTRACE_SETSIGMASK:
	case PTRACE_SECCOMP_GET_FILTER: case PTRACE_SECCOMP_GET_METADATA:
	case PTRACE_GET_SYSCALL_INFO:
		fb_udec(b, c->args[2]);
		break;
	default:
		fmt_ptr(b, c->args[2]);
	}
	fb_puts(b, ", ");
	switch (data) {
	case PD_SIG:
		fmt_signal(b, (int64_t)c->args[3]);
		break;
	case PD_OPTS:
		fmt_flags_dflt(b, &xlat_ptrace_options, c->args[3],
			       "PTRACE_O_???");
		break;
	case PD_WORD_OUT: case PD_PSI: case PD_MASK_OUT: case PD_INFO_OUT:
	case PD_PEEKSI: case PD_GETREGSET:
		return 3;
	case PD_SETREGSET:
		if (!arg_in(c, 3, 16)) {
			fmt_ptr(b, c->args[3]);
			break;
		}
		fmt_pt_setregset(b, c, 0);
		return 3;
	case PD_METADATA:
		/* too small for filter_off: nothing is read */
		if (c->args[2] >= 8)
			return 3;
		fmt_ptr(b, c->args[3]);
		break;
	case PD_MASK_IN: case PD_INFO_IN:
		fmt_pt_sig(b, c, arg_in(c, 3, 0), data == PD_INFO_IN);
		break;
	default:
		fmt_ptr(b, c->args[3]);
	}
	return c->d->nargs;
}

/*
 * The XSAVE features as strace shows them: never by name alone (the
 * kernel does not export them), the number and the names in a comment
 * whatever -X says, but the number alone with -Xraw.
 */
static void xfeature_style(struct fmt_buf *b, int *saved)
{
	*saved = b->xstyle;
	if (b->xstyle != XSTYLE_RAW)
		b->xstyle = XSTYLE_VERBOSE;
}

/* ARCH_GET_XCOMP_*'s u64 mask: [0xe7], its names in a comment */
static void xcomp_mask(struct fmt_buf *b, const struct sc_call *c)
{
	const struct cap *k = c->args[1] ? arg_out(c, 1, 8) : NULL;
	int style;

	if (!k) {
		fmt_ptr(b, c->args[1]);
		return;
	}
	fb_putc(b, '[');
	xfeature_style(b, &style);
	fmt_flags_dflt(b, &xlat_x86_xfeatures, ld64(k->p),
		       "XFEATURE_MASK_???");
	b->xstyle = style;
	fb_putc(b, ']');
}

/*
 * arch_prctl: ARCH_GET_FS and ARCH_GET_GS write the base at exit
 * ([0x7f...]), the ARCH_GET_XCOMP_* a feature mask; ARCH_GET_CPUID takes
 * nothing, ARCH_REQ_XCOMP_* a feature number; the others take a number
 * strace shows in hex (ARCH_SET_FS's address is one too: 0 is "0").
 */
int fmt_arch_prctl_call(struct fmt_buf *b, const struct sc_call *c, int from,
			int exiting)
{
	uint32_t op = (uint32_t)c->args[0];
	int out = op == ARCH_GET_FS || op == ARCH_GET_GS;
	int style;

	switch (op) {
	case ARCH_GET_XCOMP_SUPP: case ARCH_GET_XCOMP_PERM:
	case ARCH_GET_XCOMP_GUEST_PERM:
		out = 2;
	}
	if (exiting) {
		if (from == 1 && out == 1)
			fmt_out_word(b, c, 1);
		else if (from == 1 && out)
			xcomp_mask(b, c);
		return c->d->nargs;
	}
	if (from > 0)
		return c->d->nargs;
	fmt_enum_dflt(b, &xlat_arch_prctl_code, op, "ARCH_???");
	if (op == ARCH_GET_CPUID)
		return c->d->nargs;
	fb_puts(b, ", ");
	if (out)
		return 1;
	switch (op) {
	case ARCH_REQ_XCOMP_PERM: case ARCH_REQ_XCOMP_GUEST_PERM:
		xfeature_style(b, &style);
		fmt_enum_dflt(b, &xlat_x86_xfeature_bits, c->args[1],
			      "XFEATURE_???");
		b->xstyle = style;
		break;
	default:
		fb_hex(b, c->args[1]);
	}
	return c->d->nargs;
}

/*
 * ARCH_REQ_XCOMP_*'s positive return is the features permitted now:
 * in hex, with the names of those strace knows (not with -Xraw)
 */
void fmt_arch_prctl_ret(struct fmt_buf *b, const struct sc_call *c)
{
	uint32_t op = (uint32_t)c->args[0];
	uint64_t v = (uint64_t)c->ret;
	int known = 0;

	if (c->ret <= 0 || (op != ARCH_REQ_XCOMP_PERM &&
			    op != ARCH_REQ_XCOMP_GUEST_PERM)) {
		fb_dec(b, c->ret);
		return;
	}
	fb_hex(b, v);
	for (uint32_t i = 0; i < xlat_x86_xfeatures.n; i++)
		known |= (xlat_x86_xfeatures.e[i].val & v) != 0;
	if (!known || b->xstyle == XSTYLE_RAW)
		return;
	fb_puts(b, " (");
	fmt_xlat_bits(b, &xlat_x86_xfeatures, v);
	fb_putc(b, ')');
}
