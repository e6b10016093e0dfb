// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: ptrace's registers, as strace prints them on x86_64:
 * NT_PRSTATUS's struct user_regs_struct and NT_FPREGSET's struct
 * user_fpregs_struct (PTRACE_[GS]ETREGSET's iovec, PTRACE_[GS]ETREGS,
 * PTRACE_[GS]ETFPREGS), the fields that size bytes hold, and
 * PTRACE_PEEKSIGINFO's struct and siginfo array.
 */
#include "fmt_priv.h"

#define PT_REGS_SIZE	216
#define PT_FPREGS_SIZE	512

static const char *const user_regs[PT_REGS_SIZE / 8] = {
	"r15", "r14", "r13", "r12", "rbp", "rbx", "r11", "r10", "r9", "r8",
	"rax", "rcx", "rdx", "rsi", "rdi", "orig_rax", "rip", "cs", "eflags",
	"rsp", "ss", "fs_base", "gs_base", "ds", "es", "fs", "gs",
};

/* user_regs_struct's first size / 8 registers; ", ..." past its end */
static void pt_user_regs(struct fmt_buf *b, const uint8_t *p, uint64_t size)
{
	fb_putc(b, '{');
	for (uint64_t j = 0; j < size / 8 && j < PT_REGS_SIZE / 8; j++) {
		if (j)
			fb_puts(b, ", ");
		fb_puts(b, user_regs[j]);
		fb_putc(b, '=');
		fb_hex(b, ld64(p + 8 * j));
	}
	if (size > PT_REGS_SIZE)
		fb_puts(b, ", ...");
	fb_putc(b, '}');
}

/* an array of user_fpregs_struct: n u32 in hex, abbreviated as strace */
static void fp_array(struct fmt_buf *b, const struct sc_call *c,
		     const char *name, const uint8_t *p, uint64_t n)
{
	fb_puts(b, ", ");
	fb_puts(b, name);
	fb_puts(b, "=[");
	for (uint64_t j = 0; j < n; j++) {
		if (j)
			fb_puts(b, ", ");
		if (abbrev(c) && j >= (uint64_t)str_max(c)) {
			fb_puts(b, "...");
			break;
		}
		fb_hex(b, ld32(p + 4 * j));
	}
	fb_putc(b, ']');
}

/* user_fpregs_struct's fields that size bytes hold (size: a multiple
   of 8) */
static void pt_user_fpregs(struct fmt_buf *b, const struct sc_call *c,
			   const uint8_t *p, uint64_t size)
{
	static const struct { const char *name; uint32_t at, len; } f[] = {
		{ "cwd", 0, 2 }, { "swd", 2, 2 }, { "ftw", 4, 2 },
		{ "fop", 6, 2 }, { "rip", 8, 8 }, { "rdp", 16, 8 },
		{ "mxcsr", 24, 4 }, { "mxcr_mask", 28, 4 },
		{ "st_space", 32, 128 }, { "xmm_space", 160, 256 },
		{ "padding", 416, 96 },
	};
	uint64_t n = size < PT_FPREGS_SIZE ? size : PT_FPREGS_SIZE;

	fb_putc(b, '{');
	for (size_t i = 0; i < sizeof(f) / sizeof(f[0]) && n > f[i].at; i++) {
		uint64_t v = f[i].len == 2 ? ld16(p + f[i].at) :
			     f[i].len == 4 ? ld32(p + f[i].at) :
			     ld64(p + f[i].at);
		uint64_t have = n - f[i].at;

		if (f[i].len > 8) {
			fp_array(b, c, f[i].name, p + f[i].at,
				 (have < f[i].len ? have : f[i].len) / 4);
			continue;
		}
		if (i)
			fb_puts(b, ", ");
		fb_puts(b, f[i].name);
		fb_putc(b, '=');
		fb_hex(b, v);
	}
	if (size > PT_FPREGS_SIZE)
		fb_puts(b, ", ...");
	fb_putc(b, '}');
}

/*
 * The registers of note type nt at addr, size bytes of which are in p
 * (fewer: not read, the address prints); the address when the size is
 * not a whole number of slots or the type is not decoded
 */
void fmt_pt_regs(struct fmt_buf *b, const struct sc_call *c, uint64_t nt,
		 uint64_t addr, const uint8_t *p, uint32_t have, uint64_t size)
{
	uint64_t need = nt == 1 ? PT_REGS_SIZE : PT_FPREGS_SIZE;

	if (size < need)
		need = size;
	if ((nt != 1 && nt != 2) || !size || (size & 7) || !p ||
	    have < need) {
		fmt_ptr(b, addr);
		return;
	}
	if (nt == 1)
		pt_user_regs(b, p, size);
	else
		pt_user_fpregs(b, c, p, size);
}

/* PTRACE_[GS]ETREGSET's struct iovec: k's first piece the iovec (as
   the kernel left it, at exit), its second the registers */
static void pt_iovec(struct fmt_buf *b, const struct sc_call *c,
		     const struct cap *k, int regs)
{
	const uint8_t *p = NULL;
	uint32_t len = 0;

	fb_puts(b, "{iov_base=");
	if (regs && k->npieces >= 2 && cap_piece(k, 1, &p, &len))
		fmt_pt_regs(b, c, c->args[2], ld64(k->p), p, len,
			    ld64(k->p + 8));
	else if (regs)
		fmt_pt_regs(b, c, c->args[2], ld64(k->p), NULL, 0,
			    ld64(k->p + 8));
	else
		fmt_ptr(b, ld64(k->p));
	fb_puts(b, ", iov_len=");
}

/* an iovec copy of at least its 16 bytes (not a hole), or NULL */
static const struct cap *iov_copy(const struct cap *k)
{
	if (!k || (k->flags & CAP_FAULT) || k->len < 16 || !k->p)
		return NULL;
	return k;
}

/* GETREGSET at exit: the iovec, what the kernel wrote (after a
   success), the length it had => the one it has */
void fmt_pt_getregset(struct fmt_buf *b, const struct sc_call *c)
{
	const struct cap *in = iov_copy(c->cap[3]), *out = iov_copy(c->cap_out[3]);

	if (!in || !out) {
		fmt_ptr(b, c->args[3]);
		return;
	}
	pt_iovec(b, c, out, !sc_failed(c));
	fb_udec(b, ld64(in->p + 8));
	if (ld64(in->p + 8) != ld64(out->p + 8)) {
		fb_puts(b, " => ");
		fb_udec(b, ld64(out->p + 8));
	}
	fb_putc(b, '}');
}

/* SETREGSET: at entry the iovec and its registers (the brace left open),
   at exit the length the kernel wrote back when it changed */
void fmt_pt_setregset(struct fmt_buf *b, const struct sc_call *c,
		      int exiting)
{
	const struct cap *in = arg_in(c, 3, 16), *out;

	if (!exiting) {
		pt_iovec(b, c, in, 1);
		fb_udec(b, ld64(in->p + 8));
		return;
	}
	out = iov_copy(c->cap_out[3]);
	if (in && out && ld64(out->p + 8) != ld64(in->p + 8)) {
		fb_puts(b, " => ");
		fb_udec(b, ld64(out->p + 8));
	}
	fb_putc(b, '}');
}

/* PTRACE_PEEKSIGINFO's struct ptrace_peeksiginfo_args at addr */
void fmt_pt_peekargs(struct fmt_buf *b, const struct sc_call *c)
{
	const struct cap *k = arg_in(c, 2, 16);

	if (!c->args[2] || !k) {
		fmt_ptr(b, c->args[2]);
		return;
	}
	fb_puts(b, "{off=");
	fb_udec(b, ld64(k->p));
	fb_puts(b, ", flags=");
	fmt_flags_dflt(b, &xlat_ptrace_peeksiginfo_flags, ld32(k->p + 8),
		       "PTRACE_PEEKSIGINFO_???");
	fb_puts(b, ", nr=");
	fb_udec(b, ld32(k->p + 12));
	fb_putc(b, '}');
}

/* PTRACE_PEEKSIGINFO's siginfo_t[ret], at exit */
void fmt_pt_siginfos(struct fmt_buf *b, const struct sc_call *c)
{
	uint64_t n = c->ret > 0 ? (uint64_t)c->ret : 0, shown = n;
	const struct cap *k;

	if (abbrev(c) && shown > (uint64_t)str_max(c))
		shown = (uint64_t)str_max(c);
	k = arg_out(c, 3, shown * 128);
	if (!c->args[3] || !k || (!n && sc_failed(c))) {
		fmt_ptr(b, c->args[3]);
		return;
	}
	fb_putc(b, '[');
	for (uint64_t j = 0; j < shown; j++) {
		if (j)
			fb_puts(b, ", ");
		fmt_siginfo_o(b, k->p + 128 * j, 128, c->o);
	}
	if (shown < n)
		fb_puts(b, shown ? ", ..." : "...");
	fb_putc(b, ']');
}
