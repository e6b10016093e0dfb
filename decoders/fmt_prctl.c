// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: prctl(2).  What each argument means depends on the
 * option; an argument an option does not use is not printed, and what a
 * PR_GET_* option writes through its pointer is printed at exit.
 */
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <linux/prctl.h>
#include <linux/seccomp.h>

#include "fmt_priv.h"

/* Linux 5.17: glibc's and older kernels' headers lack it */
#ifndef PR_SET_VMA
#define PR_SET_VMA		0x53564d41
#define PR_SET_VMA_ANON_NAME	0
#endif

/* the kernel's TASK_COMM_LEN less its NUL: PR_SET_NAME reads at most 15 */
#define COMM_MAX	15

static void fmt_prctl_rest(struct fmt_buf *b, const struct sc_call *c,
			   int first)
{
	for (int j = first; j < c->d->nargs; j++) {
		fb_puts(b, ", ");
		fb_hex(b, c->args[j]);
	}
}

/* PR_SVE_SET_VL's and PR_SME_SET_VL's value: FLAGS|length */
static void vl_words(struct fmt_buf *b, uint64_t v, const struct xlat *x)
{
	/* PR_SVE_VL_LEN_MASK and PR_SME_VL_LEN_MASK are both 0xffff */
	uint64_t flags = v & ~(uint64_t)0xffff;

	if (flags) {
		fmt_xlat_bits(b, x, flags);
		fb_putc(b, '|');
	}
	fb_hex(b, v & 0xffff);
}

static void sve_words(struct fmt_buf *b, uint64_t v)
{
	vl_words(b, v, &xlat_pr_sve_vl_flags);
}

static void sme_words(struct fmt_buf *b, uint64_t v)
{
	vl_words(b, v, &xlat_pr_sme_vl_flags);
}

/* PR_SET_TAGGED_ADDR_CTRL's value: enable bit, fault mode, tag mask */
static void tagged_words(struct fmt_buf *b, uint64_t v)
{
	uint64_t tag = v & PR_MTE_TAG_MASK;
	uint64_t rest = v & ~(PR_TAGGED_ADDR_ENABLE | PR_MTE_TCF_MASK |
			      PR_MTE_TAG_MASK);

	fb_puts(b, v & PR_TAGGED_ADDR_ENABLE ? "PR_TAGGED_ADDR_ENABLE|" :
		"!PR_TAGGED_ADDR_ENABLE|");
	/* every value of the two bits has a name */
	fb_puts(b, xlat_name(&xlat_pr_mte_tcf, v & PR_MTE_TCF_MASK));
	if (tag) {
		fb_putc(b, '|');
		fb_hex(b, tag >> PR_MTE_TAG_SHIFT);
		fb_puts(b, "<<PR_MTE_TAG_SHIFT");
	}
	if (rest) {
		fb_putc(b, '|');
		fb_hex(b, rest);
	}
}

/*
 * PR_SET_NAME's string: the kernel copies at most 15 bytes.  Memory that
 * ends before a NUL or those 15 bytes is not a string: the pointer.
 */
static void prctl_comm(struct fmt_buf *b, const struct sc_call *c,
		     uint64_t addr, const struct cap *k)
{
	size_t n;

	if (!addr || !k) {
		fmt_ptr(b, addr);
		return;
	}
	n = k->len < COMM_MAX ? k->len : COMM_MAX;
	if (memchr(k->p, 0, n))
		fmt_qstr(b, c, k->p, n, COMM_MAX, 0, QS_NUL_END);
	else if (n == COMM_MAX)
		fmt_qstr(b, c, k->p, n, COMM_MAX, 1, QS_NUL_END);
	else
		fmt_ptr(b, addr);
}

/* PR_SCHED_CORE's pid type, always with its name in a comment */
static void fmt_pidtype(struct fmt_buf *b, uint32_t v)
{
	const char *name = xlat_name(&xlat_pr_sched_core_pidtypes, v);

	if (b->xstyle == XSTYLE_RAW) {
		fmt_enum_dflt(b, &xlat_pr_sched_core_pidtypes, v,
			      "PIDTYPE_???");
		return;
	}
	fb_hex(b, v);
	fb_puts(b, " /* ");
	fb_puts(b, name ? name : "PIDTYPE_???");
	fb_puts(b, " */");
}

/* options whose second argument the call fills (printed at exit) */
static int prctl_out(uint32_t op)
{
	switch (op) {
	case PR_GET_CHILD_SUBREAPER: case PR_GET_ENDIAN: case PR_GET_FPEMU:
	case PR_GET_FPEXC: case PR_GET_NAME: case PR_GET_PDEATHSIG:
	case PR_GET_TID_ADDRESS: case PR_GET_TSC: case PR_GET_UNALIGN:
		return 1;
	}
	return 0;
}

/* at exit: what a PR_GET_* option wrote through its second argument */
static void prctl_exit(struct fmt_buf *b, const struct sc_call *c,
		       uint32_t op)
{
	const struct cap *k = arg_out(c, 1, 0);
	uint64_t a2 = c->args[1];

	if (op == PR_GET_NAME) {
		/* the kernel writes the whole name with its NUL */
		if (k && memchr(k->p, 0, k->len < 16 ? k->len : 16))
			fmt_qstr(b, c, k->p, k->len < 16 ? k->len : 16, 15, 0,
				 QS_NUL_END);
		else
			fmt_ptr(b, a2);
		return;
	}
	if (!k || k->len < (op == PR_GET_TID_ADDRESS ? 8u : 4u)) {
		fmt_ptr(b, a2);
		return;
	}
	fb_putc(b, '[');
	switch (op) {
	case PR_GET_PDEATHSIG:
		fmt_signal(b, (int32_t)ld32(k->p));
		break;
	case PR_GET_TID_ADDRESS:
		fmt_ptr(b, ld64(k->p));
		break;
	case PR_GET_TSC:
		fmt_enum_dflt(b, &xlat_pr_tsc, ld32(k->p), "PR_TSC_???");
		break;
	case PR_GET_UNALIGN:
		fmt_flags_dflt(b, &xlat_pr_unalign_flags, ld32(k->p),
			       "PR_UNALIGN_???");
		break;
	default:
		fb_udec(b, ld32(k->p));
	}
	fb_putc(b, ']');
}

/* PR_CAP_AMBIENT, PR_MCE_KILL, PR_SCHED_CORE: an operation, then its
   arguments; where to resume at exit */
static int prctl_ops(struct fmt_buf *b, const struct sc_call *c,
		      uint32_t op)
{
	uint64_t a2 = c->args[1], a3 = c->args[2];

	fb_puts(b, ", ");
	switch (op) {
	case PR_CAP_AMBIENT:
		fmt_enum_dflt(b, &xlat_pr_cap_ambient, a2,
			      "PR_CAP_AMBIENT_???");
		if (a2 < PR_CAP_AMBIENT_IS_SET || a2 > PR_CAP_AMBIENT_LOWER) {
			fmt_prctl_rest(b, c, 2);
			return c->d->nargs;
		}
		fb_puts(b, ", ");
		fmt_enum_dflt(b, &xlat_capability, a3, "CAP_???");
		break;
	case PR_MCE_KILL:
		fmt_enum_dflt(b, &xlat_pr_mce_kill, a2, "PR_MCE_KILL_???");
		fb_puts(b, ", ");
		if (a2 == PR_MCE_KILL_SET)
			fmt_enum_dflt(b, &xlat_pr_mce_kill_policy, a3,
				      "PR_MCE_KILL_???");
		else
			fb_hex(b, a3);
		break;
	case PR_SCHED_CORE:
		fmt_enum_dflt(b, &xlat_pr_sched_core_cmds, (uint32_t)a2,
			      "PR_SCHED_CORE_???");
		fb_puts(b, ", ");
		fb_dec(b, (int32_t)a3);
		fb_puts(b, ", ");
		fmt_pidtype(b, (uint32_t)c->args[3]);
		fb_puts(b, ", ");
		/* PR_SCHED_CORE_GET's cookie: written, printed at exit */
		if ((uint32_t)a2 == PR_SCHED_CORE_GET)
			return 4;
		fmt_ptr(b, c->args[4]);
		return c->d->nargs;
	}
	fmt_prctl_rest(b, c, 3);
	return c->d->nargs;
}

/* at exit: the cookie PR_SCHED_CORE_GET wrote, else its pointer */
static void sched_core_cookie(struct fmt_buf *b, const struct sc_call *c)
{
	const struct cap *k = c->args[4] ? arg_out(c, 4, 8) : NULL;

	if (!k) {
		fmt_ptr(b, c->args[4]);
		return;
	}
	fb_putc(b, '[');
	fb_hex(b, ld64(k->p));
	fb_putc(b, ']');
}

/* the options that take values: one argument, or an operation's */
static void prctl_values(struct fmt_buf *b, const struct sc_call *c,
			 uint32_t op)
{
	uint64_t a2 = c->args[1], a3 = c->args[2];

	fb_puts(b, ", ");
	switch (op) {
	case PR_SET_CHILD_SUBREAPER: case PR_SET_ENDIAN: case PR_SET_FPEMU:
	case PR_SET_FPEXC: case PR_SET_KEEPCAPS: case PR_SET_TIMING:
		fb_udec(b, a2);
		break;
	case PR_SET_DUMPABLE:
		fmt_enum_dflt(b, &xlat_pr_dumpable, a2, "SUID_DUMP_???");
		break;
	case PR_CAPBSET_DROP: case PR_CAPBSET_READ:
		fmt_enum_dflt(b, &xlat_capability, a2, "CAP_???");
		break;
	case PR_SET_NAME:
		prctl_comm(b, c, a2, arg_in(c, 1, 0));
		break;
	case PR_SET_PDEATHSIG:
		if (a2 > 128)
			fb_udec(b, a2);
		else
			fmt_signal(b, (int64_t)a2);
		break;
	case PR_SET_PTRACER:
		if ((int32_t)a2 == -1)
			fmt_const(b, "PR_SET_PTRACER_ANY", (uint64_t)-1, XF_DEC);
		else
			fb_dec(b, (int32_t)a2);
		break;
	case PR_SET_SECCOMP:
		fmt_enum_dflt(b, &xlat_seccomp_mode, a2, "SECCOMP_MODE_???");
		if (a2 == SECCOMP_MODE_STRICT)
			break;
		if (a2 == SECCOMP_MODE_FILTER) {
			const struct cap *k = a3 ? arg_in(c, 2, 16) : NULL;

			fb_puts(b, ", ");
			if (k)
				fmt_fprog(b, c, 1, k);
			else
				fmt_ptr(b, a3);
			break;
		}
		fmt_prctl_rest(b, c, 2);
		break;
	case PR_SET_TIMERSLACK:
		fb_dec(b, (int64_t)a2);
		break;
	case PR_SET_SECUREBITS:
		fmt_flags_dflt(b, &xlat_secbits, a2, "SECBIT_???");
		break;
	case PR_SET_TSC:
		fmt_enum_dflt(b, &xlat_pr_tsc, (uint32_t)a2, "PR_TSC_???");
		break;
	case PR_SET_UNALIGN:
		fmt_flags_dflt(b, &xlat_pr_unalign_flags, (uint32_t)a2,
			       "PR_UNALIGN_???");
		break;
	case PR_SET_FP_MODE:
		fmt_flags_dflt(b, &xlat_pr_fp_mode, (uint32_t)a2,
			       "PR_FP_MODE_???");
		break;
	case PR_SVE_SET_VL:
		fmt_words(b, a2, XF_HEX, sve_words);
		break;
	case PR_SME_SET_VL:
		fmt_words(b, a2, XF_HEX, sme_words);
		break;
	case PR_SET_TAGGED_ADDR_CTRL:
		fmt_words(b, a2, XF_HEX, tagged_words);
		fmt_prctl_rest(b, c, 2);
		break;
	case PR_PAC_RESET_KEYS:
		fmt_flags_dflt(b, &xlat_pr_pac_keys, a2, "PR_PAC_???");
		fmt_prctl_rest(b, c, 2);
		break;
	case PR_PAC_SET_ENABLED_KEYS:
		fmt_flags_dflt(b, &xlat_pr_pac_enabled_keys, a2, "PR_PAC_???");
		fb_puts(b, ", ");
		fmt_flags_dflt(b, &xlat_pr_pac_enabled_keys, a3, "PR_PAC_???");
		fmt_prctl_rest(b, c, 3);
		break;
	case PR_SET_SYSCALL_USER_DISPATCH:
		fmt_enum_dflt(b, &xlat_pr_sud_cmds, a2, "PR_SYS_DISPATCH_???");
		fb_puts(b, ", ");
		fb_hex(b, a3);
		fb_puts(b, ", ");
		fb_hex(b, c->args[3]);
		fb_puts(b, ", ");
		fmt_ptr(b, c->args[4]);
		break;
	case PR_SET_NO_NEW_PRIVS: case PR_SET_THP_DISABLE:
	case PR_SET_IO_FLUSHER:
		fb_udec(b, a2);
		fmt_prctl_rest(b, c, 2);
		break;
	case PR_GET_SPECULATION_CTRL:
		fmt_enum_dflt(b, &xlat_pr_spec_cmds, a2, "PR_SPEC_???");
		break;
	case PR_SET_SPECULATION_CTRL:
		fmt_enum_dflt(b, &xlat_pr_spec_cmds, a2, "PR_SPEC_???");
		fb_puts(b, ", ");
		if (xlat_name(&xlat_pr_spec_cmds, a2))
			fmt_enum_dflt(b, &xlat_pr_spec_set, a3, "PR_SPEC_???");
		else
			fb_hex(b, a3);
		break;
	}
}

/* PR_SET_VMA: PR_SET_VMA_ANON_NAME's range and name */
static void prctl_set_vma(struct fmt_buf *b, const struct sc_call *c)
{
	const struct cap *k;

	fb_puts(b, ", ");
	if (c->args[1] != PR_SET_VMA_ANON_NAME) {
		fmt_unknown(b, c->args[1], "PR_SET_VMA_???");
		fmt_prctl_rest(b, c, 2);
		return;
	}
	fb_puts(b, "PR_SET_VMA_ANON_NAME, ");
	fmt_ptr(b, c->args[2]);
	fb_puts(b, ", ");
	fb_udec(b, c->args[3]);
	fb_puts(b, ", ");
	k = c->args[4] ? arg_in(c, 4, 0) : NULL;
	if (k)
		fmt_qstr(b, c, k->p, k->len, str_max(c), k->flags & CAP_TRUNC,
			 0);
	else
		fmt_ptr(b, c->args[4]);
}

int fmt_prctl_call(struct fmt_buf *b, const struct sc_call *c, int from,
		   int exiting)
{
	uint32_t op = (uint32_t)c->args[0];

	if (exiting) {
		if (from == 1 && prctl_out(op))
			prctl_exit(b, c, op);
		else if (from == 4 && op == PR_SCHED_CORE)
			sched_core_cookie(b, c);
		return c->d->nargs;
	}
	if (from > 0)
		return c->d->nargs;
	fmt_enum_dflt(b, &xlat_prctl_option, op, "PR_???");
	if (prctl_out(op)) {
		fb_puts(b, ", ");
		return 1;
	}
	switch (op) {
	/* no arguments, or the value the call returns */
	case PR_GET_KEEPCAPS: case PR_GET_SECCOMP: case PR_GET_TIMERSLACK:
	case PR_GET_TIMING: case PR_TASK_PERF_EVENTS_DISABLE:
	case PR_TASK_PERF_EVENTS_ENABLE: case PR_GET_DUMPABLE:
	case PR_GET_SECUREBITS: case PR_GET_FP_MODE: case PR_SVE_GET_VL:
	case PR_SME_GET_VL:
		break;
	case PR_CAP_AMBIENT: case PR_MCE_KILL: case PR_SCHED_CORE:
		return prctl_ops(b, c, op);
	case PR_SET_VMA:
		prctl_set_vma(b, c);
		break;
	case PR_SET_MM:
		fb_puts(b, ", ");
		fb_hex(b, c->args[1]);
		fmt_prctl_rest(b, c, 2);
		break;
	case PR_SET_CHILD_SUBREAPER: case PR_SET_ENDIAN: case PR_SET_FPEMU:
	case PR_SET_FPEXC: case PR_SET_KEEPCAPS: case PR_SET_TIMING:
	case PR_SET_DUMPABLE: case PR_CAPBSET_DROP: case PR_CAPBSET_READ:
	case PR_SET_NAME: case PR_SET_PDEATHSIG: case PR_SET_PTRACER:
	case PR_SET_SECCOMP: case PR_SET_TIMERSLACK: case PR_SET_SECUREBITS:
	case PR_SET_TSC: case PR_SET_UNALIGN: case PR_SET_FP_MODE:
	case PR_SVE_SET_VL: case PR_SME_SET_VL: case PR_SET_TAGGED_ADDR_CTRL:
	case PR_PAC_RESET_KEYS: case PR_PAC_SET_ENABLED_KEYS:
	case PR_SET_SYSCALL_USER_DISPATCH: case PR_SET_NO_NEW_PRIVS:
	case PR_SET_THP_DISABLE: case PR_SET_IO_FLUSHER:
	case PR_GET_SPECULATION_CTRL: case PR_SET_SPECULATION_CTRL:
		prctl_values(b, c, op);
		break;
	default:
		fmt_prctl_rest(b, c, 1);
	}
	return c->d->nargs;
}

/* "= 0x43 (WORDS)": the value in hex and what it means, as strace's
   RVAL_HEX|RVAL_STR; no words, no parentheses */
static void ret_words(struct fmt_buf *b, uint64_t v,
		      void (*words)(struct fmt_buf *b, uint64_t v))
{
	char tmp[512], hex[24];
	struct fmt_buf t;

	fb_hex(b, v);
	if (b->xstyle == XSTYLE_RAW)
		return;
	fb_init(&t, tmp, sizeof(tmp) - 1);
	words(&t, v);
	*t.p = '\0';
	/* no name in them (bits strace does not know): no note, as its */
	snprintf(hex, sizeof(hex), "%#llx", (unsigned long long)v);
	fmt_ret_note(b, tmp[0] && strcmp(tmp, hex) ? tmp : NULL);
}

/* the same, but 0 is a plain 0 (strace returns early on it) */
static void ret_words_nz(struct fmt_buf *b, uint64_t v,
			 void (*words)(struct fmt_buf *b, uint64_t v))
{
	if (v)
		ret_words(b, v, words);
	else
		fb_dec(b, 0);
}

static void secbits_words(struct fmt_buf *b, uint64_t v)
{
	fmt_xlat_bits(b, &xlat_secbits, v);
}

static void fp_mode_words(struct fmt_buf *b, uint64_t v)
{
	fmt_xlat_bits(b, &xlat_pr_fp_mode, v);
}

/* the one name of 0 first: PR_SPEC_NOT_AFFECTED */
static void spec_words(struct fmt_buf *b, uint64_t v)
{
	if (!v)
		fb_puts(b, xlat_name(&xlat_pr_spec_get_flags, 0));
	else
		fmt_xlat_bits(b, &xlat_pr_spec_get_flags, v);
}

static void pac_words(struct fmt_buf *b, uint64_t v)
{
	fmt_xlat_bits(b, &xlat_pr_pac_enabled_keys, v);
}

/* the length alone says nothing more: no words without flags */
static void sve_ret_words(struct fmt_buf *b, uint64_t v)
{
	if (v & ~(uint64_t)0xffff)
		sve_words(b, v);
}

static void sme_ret_words(struct fmt_buf *b, uint64_t v)
{
	if (v & ~(uint64_t)0xffff)
		sme_words(b, v);
}

static void fmt_ret_name(struct fmt_buf *b, int64_t v, const char *name)
{
	/* strace's auxstr: the name in every -X style */
	fb_dec(b, v);
	fmt_ret_note(b, name);
}

void fmt_prctl_ret(struct fmt_buf *b, const struct sc_call *c)
{
	uint64_t v = (uint64_t)c->ret;

	switch ((uint32_t)c->args[0]) {
	case PR_GET_DUMPABLE:
		fmt_ret_name(b, c->ret, xlat_name(&xlat_pr_dumpable, v));
		return;
	case PR_MCE_KILL_GET:
		fmt_ret_name(b, c->ret, xlat_name(&xlat_pr_mce_kill_policy, v));
		return;
	case PR_GET_SECUREBITS:
		ret_words_nz(b, v, secbits_words);
		return;
	case PR_GET_FP_MODE:
		ret_words_nz(b, v, fp_mode_words);
		return;
	case PR_PAC_GET_ENABLED_KEYS:
		ret_words(b, v, pac_words);
		return;
	case PR_SVE_SET_VL: case PR_SVE_GET_VL:
		ret_words_nz(b, v, sve_ret_words);
		return;
	case PR_SME_SET_VL: case PR_SME_GET_VL:
		ret_words_nz(b, v, sme_ret_words);
		return;
	case PR_GET_TAGGED_ADDR_CTRL:
		ret_words(b, v, tagged_words);
		return;
	case PR_GET_SPECULATION_CTRL:
		/* the result is flags for the misfeatures strace knows */
		if (xlat_name(&xlat_pr_spec_cmds, c->args[1]))
			ret_words(b, v, spec_words);
		else
			fb_dec(b, c->ret);
		return;
	}
	fb_dec(b, c->ret);
}
