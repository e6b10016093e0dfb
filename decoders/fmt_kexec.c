// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: kexec_load(2) as strace 6.1 prints it.  Its flags are
 * an architecture in the high 16 bits (KEXEC_ARCH_X86_64, or the number
 * and KEXEC_ARCH_??? in a comment) then the flags below it, from the
 * whole unsigned long; its segments an array of struct kexec_segment
 * ({buf=, bufsz=, mem=, memsz=}) when there are at most
 * KEXEC_SEGMENT_MAX of them (the kernel refuses more), else the pointer.
 */
#include "fmt_priv.h"

#define KEXEC_ARCH_MASK		0xffff0000ULL
#define KEXEC_SEGMENT_MAX	16
#define SEGMENT_SIZE		32

FMT_KIND(kexecflags)
{
	uint64_t v = c->args[i];

	fmt_enum_dflt(b, &xlat_kexec_arch, v & KEXEC_ARCH_MASK,
		      "KEXEC_ARCH_???");
	v &= ~KEXEC_ARCH_MASK;
	if (!v)
		return;
	fb_putc(b, '|');
	fmt_flags_dflt(b, &xlat_kexec_load_flags, v, "KEXEC_???");
}

static void segment(struct fmt_buf *b, const uint8_t *e)
{
	fb_puts(b, "{buf=");
	fmt_ptr(b, ld64(e));
	fb_puts(b, ", bufsz=");
	fb_udec(b, ld64(e + 8));
	fb_puts(b, ", mem=");
	fmt_ptr(b, ld64(e + 16));
	fb_puts(b, ", memsz=");
	fb_udec(b, ld64(e + 24));
	fb_putc(b, '}');
}

FMT_KIND(kexecsegs)
{
	uint64_t n = c->args[1];
	const struct cap *k;

	if (n > KEXEC_SEGMENT_MAX) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	k = arg_or_ptr(b, c, i);
	if (!k)
		return;
	if ((k->flags & CAP_FAULT) ||
	    !fmt_array(b, c, k->p, c->args[i], (uint32_t)n, SEGMENT_SIZE,
		       k->len, k->len < n * SEGMENT_SIZE, 0, segment))
		fmt_ptr(b, c->args[i]);
}
