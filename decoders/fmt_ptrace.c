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

/* how ptrace's addr and data print, by request */
enum pt_data { PD_ADDR, PD_SIG, PD_OPTS, PD_WORD_OUT };

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
	}
	if (exiting) {
		if (from == 3 && data == PD_WORD_OUT)
			fmt_out_word(b, c, 3);
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
	switch (req) {
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
	case PD_WORD_OUT:
		return 3;
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
