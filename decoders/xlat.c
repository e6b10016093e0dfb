// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: printing values of named-constant sets.
 */
#include <string.h>

#include "xlat.h"

const char *xlat_name(const struct xlat *x, uint64_t v)
{
	for (uint32_t i = 0; i < x->n; i++)
		if (x->e[i].val == v)
			return x->e[i].name;
	return NULL;
}

int xlat_value(const struct xlat *x, const char *name, uint64_t *v)
{
	for (uint32_t i = 0; i < x->n; i++) {
		if (!strcmp(x->e[i].name, name)) {
			*v = x->e[i].val;
			return 0;
		}
	}
	return -1;
}

static void fmt_unknown_comment(struct fmt_buf *b, const struct xlat *x)
{
	fb_puts(b, " /* ");
	fb_puts(b, x->prefix);
	fb_puts(b, "??? */");
}

void fmt_xlat_enum(struct fmt_buf *b, const struct xlat *x, uint64_t v)
{
	const char *name = xlat_name(x, v);

	if (name) {
		fb_puts(b, name);
		return;
	}
	fb_hex(b, v);
	fmt_unknown_comment(b, x);
}

void fmt_xlat_enum_dec(struct fmt_buf *b, const struct xlat *x, int64_t v)
{
	const char *name = xlat_name(x, (uint64_t)v);

	if (name) {
		fb_puts(b, name);
		return;
	}
	fb_dec(b, v);
	fmt_unknown_comment(b, x);
}

/* names of the bits of v, each after a '|' unless first; returns leftover */
static uint64_t flag_names(struct fmt_buf *b, const struct xlat *x,
			   uint64_t v, int *n)
{
	uint64_t left = v;

	for (uint32_t i = 0; i < x->n && left; i++) {
		uint64_t f = x->e[i].val;

		/* a multi-bit name counts only when all its bits are set */
		if (!f || (v & f) != f || (left & f) == 0)
			continue;
		if ((*n)++)
			fb_putc(b, '|');
		fb_puts(b, x->e[i].name);
		left &= ~f;
	}
	return left;
}

void fmt_xlat_flags(struct fmt_buf *b, const struct xlat *x, uint64_t v)
{
	uint64_t left;
	int n = 0;

	if (!v) {
		const char *zero = xlat_name(x, 0);

		fb_puts(b, zero ? zero : "0");
		return;
	}
	left = flag_names(b, x, v, &n);
	if (left) {
		if (n)
			fb_putc(b, '|');
		fb_hex(b, left);
		if (!n)
			fmt_unknown_comment(b, x);
	}
}

void fmt_xlat_flags_tail(struct fmt_buf *b, const struct xlat *x, uint64_t v)
{
	uint64_t left;
	int n = 1;

	left = flag_names(b, x, v, &n);
	if (left) {
		fb_putc(b, '|');
		fb_hex(b, left);
	}
}

void fmt_unknown(struct fmt_buf *b, uint64_t v, const char *dflt)
{
	fb_hex(b, v);
	if (dflt) {
		fb_puts(b, " /* ");
		fb_puts(b, dflt);
		fb_puts(b, " */");
	}
}

void fmt_flags_dflt(struct fmt_buf *b, const struct xlat *x, uint64_t v,
		    const char *dflt)
{
	uint64_t left;
	int n = 0;

	if (!v) {
		const char *zero = xlat_name(x, 0);

		fb_puts(b, zero ? zero : "0");
		return;
	}
	left = flag_names(b, x, v, &n);
	if (left) {
		if (n)
			fb_putc(b, '|');
		fb_hex(b, left);
		if (!n && dflt) {
			fb_puts(b, " /* ");
			fb_puts(b, dflt);
			fb_puts(b, " */");
		}
	}
}

void fmt_enum_dflt(struct fmt_buf *b, const struct xlat *x, uint64_t v,
		   const char *dflt)
{
	const char *name = xlat_name(x, v);

	if (name)
		fb_puts(b, name);
	else
		fmt_unknown(b, v, dflt);
}
