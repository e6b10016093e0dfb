// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: signals: numbers, sets, sigaction, stack_t, siginfo.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <linux/audit.h>

#include "fmt_priv.h"

FMT_KIND(sig)
{
	fmt_signal(b, (int32_t)c->args[i]);
}

FMT_KIND(sigprocmaskhow)
{
	fmt_enum_dflt(b, &xlat_sigprocmask_how, (uint32_t)c->args[i],
		      "SIG_???");
}

/*
 * strace's sigset: "[HUP INT]", or when two thirds or more of the bits
 * are set, the ones that are not: "~[KILL STOP]".  At most 8 bytes count
 * (the kernel's sigset_t on x86_64).
 */
void fmt_sigset_bytes(struct fmt_buf *b, const uint8_t *p, size_t len)
{
	uint32_t w[2] = { 0, 0 };
	unsigned int words, bits, set = 0;
	int sep = '[';

	if (len > 8)
		len = 8;
	memcpy(w, p, len);
	words = (unsigned int)(len + 3) / 4;
	bits = words * 32;
	for (unsigned int j = 0; j < words; j++)
		set += (unsigned int)__builtin_popcount(w[j]);
	if (set >= bits * 2 / 3) {
		w[0] = ~w[0];
		w[1] = ~w[1];
		fb_putc(b, '~');
	}
	for (unsigned int bit = 0; bit < bits; bit++) {
		char tmp[16];
		const char *name;
		int sig = (int)bit + 1;

		if (!(w[bit / 32] & (1u << (bit % 32))))
			continue;
		fb_putc(b, (char)sep);
		sep = ' ';
		name = signal_name(sig, tmp);
		/* HUP, RTMIN, RT_1: the name without SIG */
		fmt_const(b, name ? name + 3 : NULL, (uint64_t)sig, XF_UDEC);
	}
	if (sep == '[')
		fb_putc(b, '[');
	fb_putc(b, ']');
}

FMT_KIND(sigset)
{
	int p = c->d->arg[i].param;
	uint64_t size = p < SC_MAX_ARGS ? c->args[p] : 8;
	const struct cap *k;

	if (!c->args[i]) {
		fb_puts(b, "NULL");
		return;
	}
	/*
	 * the kernel takes only its own size (rt_sigpending: any up to it,
	 * and writes that many bytes); strace shows others' pointer
	 */
	k = size == 8 || (size && size < 8 && !strcmp(c->d->name,
						    "rt_sigpending")) ?
	    arg_mem(c, i, (size_t)size) : NULL;
	if (!k) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	fmt_sigset_bytes(b, k->p, (size_t)size);
}

/*
 * pselect6's last argument, as strace prints it: {sigmask=[...],
 * sigsetsize=8}; the set's address when its size is not the kernel's 8
 * or it could not be read
 */
FMT_KIND(sigsetp)
{
	const struct cap *k = c->args[i] ? arg_in(c, i, 1) : NULL;
	const uint8_t *p, *s;
	uint32_t len, slen;
	uint64_t ss, size;

	if (!k || !cap_piece(k, 0, &p, &len) || len < 16) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	ss = ld64(p);
	size = ld64(p + 8);
	fb_puts(b, "{sigmask=");
	if (size == 8 && ss && cap_piece(k, 1, &s, &slen) && slen == 8)
		fmt_sigset_bytes(b, s, 8);
	else
		fmt_ptr(b, ss);
	fb_puts(b, ", sigsetsize=");
	fb_udec(b, size);
	fb_putc(b, '}');
}

/*
 * rt_sigreturn's "{mask=[...]}": the mask the call restores, from the
 * signal frame (the BPF program copies it at the call's entry, from the
 * user stack, where strace reads it too).  The argument register holds
 * nothing of it: without the copy, nothing is printed.
 */
FMT_KIND(sigframe)
{
	const struct cap *k = arg_mem(c, i, 8);

	if (!k)
		return;
	fb_puts(b, "{mask=");
	fmt_sigset_bytes(b, k->p, 8);
	fb_putc(b, '}');
}

static void fmt_sa_handler(struct fmt_buf *b, uint64_t h)
{
	const char *name = h == 0 ? "SIG_DFL" : h == 1 ? "SIG_IGN" :
			   h == UINT64_MAX ? "SIG_ERR" : NULL;

	fmt_const(b, name, h, XF_HEX);
}

/* the kernel's struct sigaction: handler, flags, restorer, mask */
FMT_KIND(sigaction)
{
	const struct cap *k = arg_or_ptr(b, c, i);
	uint64_t flags;

	if (!k)
		return;
	flags = ld64(k->p + 8);
	fb_puts(b, "{sa_handler=");
	fmt_sa_handler(b, ld64(k->p));
	fb_puts(b, ", sa_mask=");
	fmt_sigset_bytes(b, k->p + 24, 8);
	fb_puts(b, ", sa_flags=");
	fmt_flags_dflt(b, &xlat_sa_flags, flags, "SA_???");
	if (flags & 0x04000000 /* SA_RESTORER */) {
		fb_puts(b, ", sa_restorer=");
		fmt_ptr(b, ld64(k->p + 16));
	}
	fb_putc(b, '}');
}

FMT_KIND(stackt)
{
	const struct cap *k = arg_or_ptr(b, c, i);

	if (!k)
		return;
	fb_puts(b, "{ss_sp=");
	fmt_ptr(b, ld64(k->p));
	fb_puts(b, ", ss_flags=");
	fmt_flags_dflt(b, &xlat_ss_flags, ld32(k->p + 8), "SS_???");
	fb_puts(b, ", ss_size=");
	fb_udec(b, ld64(k->p + 16));
	fb_putc(b, '}');
}

/* --- siginfo ------------------------------------------------------ */

static const struct xlat *si_codes(int signo)
{
	switch (signo) {
	case SIGCHLD:	return &xlat_si_code_chld;
	case SIGSEGV:	return &xlat_si_code_segv;
	case SIGILL:	return &xlat_si_code_ill;
	case SIGFPE:	return &xlat_si_code_fpe;
	case SIGBUS:	return &xlat_si_code_bus;
	case SIGTRAP:	return &xlat_si_code_trap;
	case SIGPOLL:	return &xlat_si_code_poll;
	case SIGSYS:	return &xlat_si_code_sys;
	}
	return NULL;
}

/*
 * clock ticks (USER_HZ: 100 on x86_64 whatever the kernel's HZ, the
 * AT_CLKTCK sysconf(_SC_CLK_TCK) reads), with seconds when not zero,
 * but not with -Xraw (siginfo's si_utime, struct tms)
 */
void fmt_clock_t(struct fmt_buf *b, uint64_t ticks)
{
	fb_udec(b, ticks);
	if (!ticks || b->xstyle == XSTYLE_RAW)
		return;
	fb_puts(b, " /* ");
	fb_udec(b, ticks / 100);
	fb_putc(b, '.');
	fb_putc(b, (char)('0' + ticks % 100 / 10));
	fb_putc(b, (char)('0' + ticks % 10));
	fb_puts(b, " s */");
}

static void fmt_si_source(struct fmt_buf *b, const uint8_t *p,
			  const struct fmt_opts *o)
{
	fb_puts(b, ", si_pid=");
	fmt_pid(b, o, (int32_t)ld32(p + 16));
	fb_puts(b, ", si_uid=");
	fmt_id(b, ld32(p + 20));
}

static void fmt_si_value(struct fmt_buf *b, const uint8_t *p)
{
	fb_puts(b, ", si_int=");
	fb_dec(b, (int32_t)ld32(p + 24));
	fb_puts(b, ", si_ptr=");
	fmt_ptr(b, ld64(p + 24));
}

/*
 * SIGSYS of a seccomp filter: the call it stopped, named as strace names
 * it (__NR_read, a constant of -X's styles) when the arch is this
 * table's (x86_64); else its number.
 */
void fmt_audit_nr(struct fmt_buf *b, uint64_t nr, uint32_t arch)
{
	const struct sc_desc *d = arch == AUDIT_ARCH_X86_64 &&
		nr <= INT32_MAX ? sc_lookup((long)nr) : 0;
	char name[64];

	if (d) {
		snprintf(name, sizeof(name), "__NR_%s", d->name);
		fmt_const(b, name, nr, XF_UDEC);
	} else {
		fb_udec(b, nr);
	}
}

static void fmt_si_syscall(struct fmt_buf *b, uint32_t nr, uint32_t arch)
{
	fb_puts(b, ", si_syscall=");
	fmt_audit_nr(b, nr, arch);
	fb_puts(b, ", si_arch=");
	fmt_enum_dflt(b, &xlat_audit_arch, arch, "AUDIT_ARCH_???");
}

void fmt_siginfo(struct fmt_buf *b, const uint8_t *p, size_t len)
{
	fmt_siginfo_o(b, p, len, NULL);
}

/* si_band and si_fd (with -y described, when the call's capture holds
   that fd: c, NULL none) */
static void fmt_si_poll(struct fmt_buf *b, const uint8_t *p,
			const struct sc_call *c)
{
	fb_puts(b, ", si_band=");
	fb_dec(b, (int64_t)ld64(p + 16));
	fb_puts(b, ", si_fd=");
	if (c)
		fmt_fd_value(b, c, (int32_t)ld32(p + 24));
	else
		fb_dec(b, (int32_t)ld32(p + 24));
}

/*
 * A fault's address, and what some codes add: a machine check's
 * address granularity, a bound violation's bounds, a protection key
 */
static void fmt_si_fault(struct fmt_buf *b, const uint8_t *p, int signo,
			 int code)
{
	fb_puts(b, ", si_addr=");
	fmt_ptr(b, ld64(p + 16));
	if (signo == SIGBUS && (code == BUS_MCEERR_AR ||
				code == BUS_MCEERR_AO)) {
		fb_puts(b, ", si_addr_lsb=");
		fb_hex(b, ld16(p + 24));
	} else if (signo == SIGSEGV && code == SEGV_BNDERR) {
		fb_puts(b, ", si_lower=");
		fmt_ptr(b, ld64(p + 32));
		fb_puts(b, ", si_upper=");
		fmt_ptr(b, ld64(p + 40));
	} else if (signo == SIGSEGV && code == SEGV_PKUERR) {
		fb_puts(b, ", si_pkey=");
		fb_udec(b, ld32(p + 32));
	}
}

static void siginfo_of(struct fmt_buf *b, const uint8_t *p, size_t len,
		       const struct fmt_opts *o, const struct sc_call *c)
{
	int32_t signo, code, err;
	const struct xlat *codes;
	const char *name = NULL;

	if (len < 48) {
		fb_puts(b, "{...}");
		return;
	}
	signo = (int32_t)ld32(p);
	err = (int32_t)ld32(p + 4);
	code = (int32_t)ld32(p + 8);
	/* no signal (waitid's WNOHANG with nothing to report): {} */
	if (!signo) {
		fb_puts(b, "{}");
		return;
	}
	fb_puts(b, "{si_signo=");
	fmt_signal(b, signo);
	fb_puts(b, ", si_code=");
	/* codes <= 0 and SI_KERNEL come from anywhere; the rest by signal */
	if (code <= 0 || code == 0x80)
		name = xlat_name(&xlat_si_code_user, (uint64_t)(int64_t)code);
	else if ((codes = si_codes(signo)))
		name = xlat_name(codes, (uint64_t)code);
	/* an unknown code in hex, as strace's print_xlat_ex shows it */
	if (name)
		fmt_const(b, name, (uint32_t)code, XF_HEX);
	else
		fb_hex(b, (uint32_t)code);
	if (err) {
		const char *e = errno_name(err);

		/* unsigned, as strace's PRINT_FIELD_ERR_U */
		fb_puts(b, ", si_errno=");
		fmt_const(b, e, (uint32_t)err, XF_UDEC);
	}
	if (code <= 0) {
		switch (code) {
		case SI_USER:
		case SI_TKILL:
			fmt_si_source(b, p, o);
			break;
		case SI_TIMER:
			fb_puts(b, ", si_timerid=");
			fb_hex(b, ld32(p + 16));
			fb_puts(b, ", si_overrun=");
			fb_dec(b, (int32_t)ld32(p + 20));
			fmt_si_value(b, p);
			break;
		case SI_SIGIO:
			fmt_si_poll(b, p, c);
			break;
		default:
			fmt_si_source(b, p, o);
			if (ld64(p + 24))
				fmt_si_value(b, p);
		}
	} else if (code != 0x80) {
		switch (signo) {
		case SIGCHLD:
			fmt_si_source(b, p, o);
			fb_puts(b, ", si_status=");
			if (code == CLD_EXITED)
				fb_dec(b, (int32_t)ld32(p + 24));
			else
				fmt_signal(b, (int32_t)ld32(p + 24));
			fb_puts(b, ", si_utime=");
			fmt_clock_t(b, ld64(p + 32));
			fb_puts(b, ", si_stime=");
			fmt_clock_t(b, ld64(p + 40));
			break;
		case SIGILL: case SIGFPE: case SIGSEGV: case SIGBUS:
		case SIGTRAP:
			fmt_si_fault(b, p, signo, code);
			break;
		case SIGPOLL:
			/* the band and fd of POLL_IN..POLL_HUP only */
			if (code >= POLL_IN && code <= POLL_HUP)
				fmt_si_poll(b, p, c);
			break;
		case SIGSYS:
			fb_puts(b, ", si_call_addr=");
			fmt_ptr(b, ld64(p + 16));
			fmt_si_syscall(b, ld32(p + 24), ld32(p + 28));
			break;
		default:
			if (ld32(p + 16) || ld32(p + 20))
				fmt_si_source(b, p, o);
			if (ld64(p + 24))
				fmt_si_value(b, p);
		}
	}
	fb_putc(b, '}');
}

void fmt_siginfo_o(struct fmt_buf *b, const uint8_t *p, size_t len,
		   const struct fmt_opts *o)
{
	siginfo_of(b, p, len, o, NULL);
}

/* a siginfo call c was given: its si_fd described as c's capture holds
   it (-y) */
void fmt_siginfo_call(struct fmt_buf *b, const uint8_t *p, size_t len,
		      const struct sc_call *c)
{
	siginfo_of(b, p, len, c->o, c);
}

FMT_KIND(siginfo)
{
	const struct cap *k = arg_or_ptr(b, c, i);

	if (!k)
		return;
	fmt_siginfo_o(b, k->p, k->len, c->o);
}

/* a signal number returned (rt_sigtimedwait): = 10 (SIGUSR1) */
void fmt_sig_ret(struct fmt_buf *b, const struct sc_call *c)
{
	char tmp[16];
	const char *name = c->ret > 0 && c->ret < 65 ?
		signal_name((int)c->ret, tmp) : NULL;

	fb_dec(b, c->ret);
	if (name) {
		fb_puts(b, " (");
		fb_puts(b, name);
		fb_putc(b, ')');
	}
}
