// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: memory calls (mmap's protection and flags) and the
 * generic flag and value sets of decoders/xlat/.
 */
#include "fmt_priv.h"

FMT_KIND(prot)
{
	if (!c->args[i])
		fb_puts(b, "PROT_NONE");
	else
		fmt_xlat_flags(b, &xlat_mmap_prot, c->args[i]);
}

FMT_KIND(mapflags)
{
	/* MAP_TYPE first, then the flags, then the huge page size */
	uint64_t v = c->args[i];
	uint64_t type = v & 0xf, huge = (v >> 26) & 0x3f;
	uint64_t rest = v & ~(uint64_t)0xf & ((1u << 26) - 1);
	const char *name = type ? xlat_name(&xlat_mmap_type, type) : "MAP_FILE";

	if (!name && !rest && !huge) {
		fmt_xlat_enum(b, &xlat_mmap_type, type);
		return;
	}
	if (name)
		fb_puts(b, name);
	else
		fb_hex(b, type);
	if (rest)
		fmt_xlat_flags_tail(b, &xlat_mmap_flags, rest);
	if (huge) {
		fb_putc(b, '|');
		fb_udec(b, huge);
		fb_puts(b, "<<MAP_HUGE_SHIFT");
	}
}

FMT_KIND(flags)
{
	const struct xlat *x = c->d->arg[i].set;

	/* strace's own word for access(2)'s unknown bits */
	if (x == &xlat_access_modes)
		fmt_flags_dflt(b, x, c->args[i] & 0xffffffffu, "?_OK");
	else
		fmt_xlat_flags(b, x, c->args[i]);
}

FMT_KIND(enum)
{
	fmt_xlat_enum(b, c->d->arg[i].set, c->args[i]);
}
