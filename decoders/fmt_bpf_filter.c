// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: classic BPF programs (struct sock_filter[]), as strace
 * 6.1 prints them under -v: a seccomp filter (seccomp's and prctl's
 * struct sock_fprog) and a socket filter (SO_ATTACH_FILTER,
 * SO_ATTACH_REUSEPORT_CBPF, SO_GET_FILTER): BPF_STMT(BPF_LD|BPF_W|BPF_ABS,
 * 0x4), BPF_JUMP(BPF_JMP|BPF_K|BPF_JEQ, 0x3, 0, 0x1), a seccomp return's
 * action by name, a socket filter's SKF_*_OFF offsets.  Without -v the
 * program is its address, as strace prints it.
 *
 * The instructions are the BPF program's copy made at the call, as long
 * as the memory was readable (cap_args.bpf.c, g_insns), at most
 * CAP_FPROG_MAX of them: where the memory ended prints as strace's
 * "..." and the address in a comment, where the copy stopped short as
 * "..." alone.
 */
#include "fmt_priv.h"

#define FPROG_COPY_MAX	1023	/* capture_abi.h's CAP_FPROG_MAX */

static void alt(struct fmt_buf *b, uint64_t v)
{
	fb_putc(b, '|');
	fb_hex(b, v);
	fb_puts(b, " /* BPF_??? */");
}

/* a load's or store's |size|mode, an ALU's or jump's |source|operation */
static void size_mode(struct fmt_buf *b, uint16_t code,
		      const struct xlat *mode)
{
	fb_putc(b, '|');
	fmt_enum_dflt(b, &xlat_cbpf_size, code & 0x18, "BPF_???");
	fb_putc(b, '|');
	fmt_enum_dflt(b, mode, code & 0xe0, "BPF_???");
}

static void src_op(struct fmt_buf *b, uint16_t code, int jmp)
{
	fb_putc(b, '|');
	fmt_enum_dflt(b, &xlat_cbpf_src, code & 0x08, "BPF_???");
	fb_putc(b, '|');
	fmt_enum_dflt(b, jmp ? &xlat_cbpf_jmp : &xlat_cbpf_alu, code & 0xf0,
		      "BPF_???");
}

/* an instruction's code: BPF_LD|BPF_B|BPF_ABS, each part in -X style */
static void code_words(struct fmt_buf *b, uint16_t code)
{
	uint16_t cls = code & 0x7, rest = code & ~0x7;

	fmt_enum_dflt(b, &xlat_cbpf_class, cls, "BPF_???");
	switch (cls) {
	case 0x2:		/* BPF_ST */
	case 0x3:		/* BPF_STX */
		if (rest)
			alt(b, rest);
		break;
	case 0x0:		/* BPF_LD */
	case 0x1:		/* BPF_LDX */
		size_mode(b, code, &xlat_cbpf_mode);
		break;
	case 0x7:		/* BPF_MISC */
		fb_putc(b, '|');
		fmt_enum_dflt(b, &xlat_cbpf_miscop, code & 0xf8, "BPF_???");
		if (rest & ~0xf8)
			alt(b, rest & ~0xf8);
		break;
	case 0x4:		/* BPF_ALU */
	case 0x5:		/* BPF_JMP */
		src_op(b, code, cls == 0x5);
		break;
	case 0x6:		/* BPF_RET */
		fb_putc(b, '|');
		fmt_enum_dflt(b, &xlat_cbpf_rval, code & 0x18, "BPF_???");
		if (rest & ~0x18)
			alt(b, rest & ~0x18);
		break;
	}
}

/* an eBPF instruction's code: BPF_JMP|BPF_K|BPF_EXIT, strace's words */
static void ecode_words(struct fmt_buf *b, uint8_t code)
{
	uint8_t cls = code & 0x7;

	fmt_enum_dflt(b, &xlat_ebpf_class, cls, "BPF_???");
	switch (cls) {
	case 0x0: case 0x1: case 0x2: case 0x3:	/* LD, LDX, ST, STX */
		size_mode(b, code, &xlat_ebpf_mode);
		break;
	case 0x4: case 0x5: case 0x7:		/* ALU, JMP, ALU64 */
		src_op(b, code, cls == 0x5);
		break;
	default:				/* JMP32: as strace, a number */
		if (code & ~0x7)
			alt(b, code & ~0x7);
	}
}

/* a struct bpf_insn (bpf(2)'s BPF_PROG_LOAD under -v) */
void fmt_ebpf_insn(struct fmt_buf *b, const uint8_t *e, uint32_t j,
		   const void *ctx)
{
	fb_puts(b, "{code=");
	ecode_words(b, e[0]);
	fb_puts(b, ", dst_reg=");
	fmt_enum_dflt(b, &xlat_ebpf_regs, e[1] & 0xf, "BPF_REG_???");
	fb_puts(b, ", src_reg=");
	fmt_enum_dflt(b, &xlat_ebpf_regs, e[1] >> 4, "BPF_REG_???");
	fb_puts(b, ", off=");
	fb_dec(b, (int16_t)ld16(e + 2));
	fb_puts(b, ", imm=");
	fmt_bpf_hex(b, ld32(e + 4));
	fb_putc(b, '}');
}

/* a statement's k as the filter's kind reads it; 0: a plain number */
static int k_words(struct fmt_buf *b, int seccomp, uint16_t code, uint32_t k)
{
	static const struct { uint32_t off; const char *name; } skf[] = {
		{ 0xfffff000u, "SKF_AD_OFF" },
		{ 0xfff00000u, "SKF_NET_OFF" },
		{ 0xffe00000u, "SKF_LL_OFF" },
	};

	if (seccomp) {
		uint32_t action = k & 0xffff0000u;

		if ((code & 0x7) != 0x6)	/* BPF_RET */
			return 0;
		fmt_enum_dflt(b, &xlat_seccomp_ret_action, action,
			      "SECCOMP_RET_???");
		if (k & ~action) {
			fb_putc(b, '|');
			fb_hex(b, k & ~action);
		}
		return 1;
	}
	/* BPF_LD|BPF_ABS: the packet's, its network header's, ancillary */
	if ((code & 0x7) != 0x0 || (code & 0xe0) != 0x20)
		return 0;
	for (size_t j = 0; j < sizeof(skf) / sizeof(skf[0]); j++) {
		if (k < skf[j].off)
			continue;
		fmt_const(b, skf[j].name, skf[j].off, XF_HEX);
		fb_putc(b, '+');
		if (j == 0)
			fmt_enum_dflt(b, &xlat_skf_ad, k - skf[j].off,
				      "SKF_AD_???");
		else
			fb_udec(b, k - skf[j].off);
		return 1;
	}
	return 0;
}

void fmt_bpf_insn(struct fmt_buf *b, int seccomp, const uint8_t *p)
{
	uint16_t code = ld16(p);
	uint8_t jt = p[2], jf = p[3];
	uint32_t k = ld32(p + 4);

	if (jt || jf) {
		fb_puts(b, "BPF_JUMP(");
		code_words(b, code);
		fb_puts(b, ", ");
		fb_hex(b, k);
		fb_puts(b, ", ");
		fb_hex(b, jt);
		fb_puts(b, ", ");
		fb_hex(b, jf);
	} else {
		fb_puts(b, "BPF_STMT(");
		code_words(b, code);
		fb_puts(b, ", ");
		if (!k_words(b, seccomp, code, k))
			fb_hex(b, k);
	}
	fb_putc(b, ')');
}

static void insn_elem(struct fmt_buf *b, const uint8_t *e, uint32_t j,
		      const void *ctx)
{
	fmt_bpf_insn(b, *(const int *)ctx, e);
}

void fmt_bpf_insns(struct fmt_buf *b, const struct sc_call *c, int seccomp,
		   uint64_t addr, uint64_t n, const uint8_t *p, size_t have,
		   int cut)
{
	uint32_t shown = n < FPROG_COPY_MAX ? (uint32_t)n : FPROG_COPY_MAX;

	if (!addr) {
		fb_puts(b, "NULL");
		return;
	}
	/*
	 * the program under -v only, as strace; the copy ends where the
	 * memory does unless cut; past FPROG_COPY_MAX, "..."
	 */
	if (abbrev(c) || !fmt_array_ctx(b, c, p, addr, shown, 8, have, !cut,
					n > shown, insn_elem, &seccomp))
		fmt_ptr(b, addr);
}

void fmt_fprog(struct fmt_buf *b, const struct sc_call *c, int seccomp,
	       const struct cap *k)
{
	const uint8_t *sp, *ip = NULL;
	uint32_t slen, ilen = 0;
	uint16_t n;

	if (!cap_piece(k, 0, &sp, &slen) || slen < 16)
		return;
	n = ld16(sp);
	if (k->npieces < 2 || !cap_piece(k, 1, &ip, &ilen))
		ilen = 0;
	fb_puts(b, "{len=");
	fb_udec(b, n);
	fb_puts(b, ", filter=");
	fmt_bpf_insns(b, c, seccomp, ld64(sp + 8), n, ip, ilen,
		      k->npieces < 2 || (k->flags & CAP_TRUNC));
	fb_putc(b, '}');
}
