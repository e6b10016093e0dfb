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
 * arch_prctl: ARCH_GET_FS and ARCH_GET_GS write the base at exit
 * ([0x7f...]), ARCH_GET_CPUID takes nothing; the others take a number
 * strace shows in hex (ARCH_SET_FS's address is one too: 0 is "0").
 */
int fmt_arch_prctl_call(struct fmt_buf *b, const struct sc_call *c, int from,
			int exiting)
{
	uint32_t op = (uint32_t)c->args[0];
	int out = op == ARCH_GET_FS || op == ARCH_GET_GS;

	if (exiting) {
		if (from == 1 && out)
			fmt_out_word(b, c, 1);
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
	case ARCH_GET_XCOMP_SUPP: case ARCH_GET_XCOMP_PERM:
	case ARCH_GET_XCOMP_GUEST_PERM:
		/* a pointer the call writes a mask through */
		fmt_ptr(b, c->args[1]);
		break;
	default:
		fb_hex(b, c->args[1]);
	}
	return c->d->nargs;
}
