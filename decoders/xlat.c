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

static void comment(struct fmt_buf *b, const char *text, const char *more)
{
	fb_puts(b, " /* ");
	fb_puts(b, text);
	if (more)
		fb_puts(b, more);
	fb_puts(b, " */");
}

void fmt_num(struct fmt_buf *b, uint64_t v, enum xfmt f)
{
	switch (f) {
	case XF_DEC:
		fb_dec(b, (int64_t)v);
		break;
	case XF_UDEC:
		fb_udec(b, v);
		break;
	case XF_OCT:
		fb_oct(b, v);
		break;
	default:
		fb_hex(b, v);
	}
}

void fmt_const(struct fmt_buf *b, const char *name, uint64_t v, enum xfmt f)
{
	if (name && b->xstyle == XSTYLE_ABBREV) {
		fb_puts(b, name);
		return;
	}
	fmt_num(b, v, f);
	if (name && b->xstyle == XSTYLE_VERBOSE)
		comment(b, name, NULL);
}

void fmt_words(struct fmt_buf *b, uint64_t v, enum xfmt f,
	       void (*words)(struct fmt_buf *b, uint64_t v))
{
	int style = b->xstyle;
	char *num = b->p, *mark;
	size_t len;

	if (style == XSTYLE_ABBREV) {
		words(b, v);
		return;
	}
	fmt_num(b, v, f);
	if (style == XSTYLE_RAW)
		return;
	mark = b->p;
	len = (size_t)(mark - num);
	fb_puts(b, " /* ");
	b->xstyle = XSTYLE_ABBREV;
	words(b, v);
	b->xstyle = style;
	/*
	 * Words that are only the number add nothing (strace adds none);
	 * words that start with it have their own comment: they replace it.
	 */
	if (!b->cut && (size_t)(b->p - mark) >= len + 4 &&
	    !memcmp(mark + 4, num, len) &&
	    ((size_t)(b->p - mark) == len + 4 || mark[4 + len] == ' ')) {
		size_t n = (size_t)(b->p - mark) - 4;

		memmove(num, mark + 4, n);
		b->p = num + n;
	} else {
		fb_puts(b, " */");
	}
}

/* a value with no name: the number, what it is in a comment (not raw) */
static void unnamed(struct fmt_buf *b, uint64_t v, enum xfmt f,
		    const char *text, const char *more)
{
	fmt_num(b, v, f);
	if (text && b->xstyle != XSTYLE_RAW)
		comment(b, text, more);
}

void fmt_xlat_enum(struct fmt_buf *b, const struct xlat *x, uint64_t v)
{
	const char *name = xlat_name(x, v);

	if (name)
		fmt_const(b, name, v, XF_HEX);
	else
		unnamed(b, v, XF_HEX, x->prefix, "???");
}

void fmt_xlat_enum_dec(struct fmt_buf *b, const struct xlat *x, int64_t v)
{
	const char *name = xlat_name(x, (uint64_t)v);

	if (name)
		fmt_const(b, name, (uint64_t)v, XF_DEC);
	else
		unnamed(b, (uint64_t)v, XF_DEC, x->prefix, "???");
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

/*
 * Flags as strace's printflags_ex: A|B|0x40; raw 0x43; verbose
 * 0x43 and A|B|0x40 in a comment.  No name for any bit: the number, and
 * the comment text+more (PROT_??? or a word of the decoder's) if any.
 */
static void flags_print(struct fmt_buf *b, const struct xlat *x,
			const struct xlat *x2, uint64_t v, const char *text,
			const char *more)
{
	char *mark = NULL;
	uint64_t left;
	int n = 0;

	if (!v) {
		fmt_const(b, xlat_name(x, 0), 0, XF_HEX);
		return;
	}
	if (b->xstyle == XSTYLE_RAW) {
		fb_hex(b, v);
		return;
	}
	if (b->xstyle == XSTYLE_VERBOSE) {
		fb_hex(b, v);
		mark = b->p;
		fb_puts(b, " /* ");
	}
	left = flag_names(b, x, v, &n);
	if (x2)
		left = flag_names(b, x2, left, &n);
	if (n) {
		if (left) {
			fb_putc(b, '|');
			fb_hex(b, left);
		}
		if (mark)
			fb_puts(b, " */");
		return;
	}
	if (mark)
		b->p = mark;
	else
		fb_hex(b, v);
	if (text)
		comment(b, text, more);
}

void fmt_xlat_flags(struct fmt_buf *b, const struct xlat *x, uint64_t v)
{
	flags_print(b, x, NULL, v, x->prefix, "???");
}

/* always in words: a decoder that prints a part before it has its value
   printed through fmt_words, which sets the style for it */
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

void fmt_xlat_bits(struct fmt_buf *b, const struct xlat *x, uint64_t v)
{
	uint64_t left;
	int n = 0;

	left = flag_names(b, x, v, &n);
	if (left) {
		if (n)
			fb_putc(b, '|');
		fb_hex(b, left);
	}
}

void fmt_unknown(struct fmt_buf *b, uint64_t v, const char *dflt)
{
	unnamed(b, v, XF_HEX, dflt, NULL);
}

void fmt_flags_dflt(struct fmt_buf *b, const struct xlat *x, uint64_t v,
		    const char *dflt)
{
	flags_print(b, x, NULL, v, dflt, NULL);
}

void fmt_flags2_dflt(struct fmt_buf *b, const struct xlat *x,
		     const struct xlat *x2, uint64_t v, const char *dflt)
{
	flags_print(b, x, x2, v, dflt, NULL);
}

void fmt_enum_dflt(struct fmt_buf *b, const struct xlat *x, uint64_t v,
		   const char *dflt)
{
	const char *name = xlat_name(x, v);

	if (name)
		fmt_const(b, name, v, XF_HEX);
	else
		fmt_unknown(b, v, dflt);
}

/* 1<<A|1<<B|0x120: the bits of v x names by their numbers, then the rest */
static void bitnum_words(struct fmt_buf *b, const struct xlat *x, uint64_t v)
{
	uint64_t left = v;
	int n = 0;

	for (uint32_t j = 0; j < x->n; j++) {
		uint64_t bit = x->e[j].val < 64 ? 1ULL << x->e[j].val : 0;

		if (!(left & bit))
			continue;
		if (n++)
			fb_putc(b, '|');
		fb_puts(b, "1<<");
		fb_puts(b, x->e[j].name);
		left &= ~bit;
	}
	if (left) {
		if (n)
			fb_putc(b, '|');
		fb_hex(b, left);
	}
}

void fmt_bitnums(struct fmt_buf *b, const struct xlat *x, uint64_t v,
		 const char *dflt)
{
	uint64_t known = 0;

	for (uint32_t j = 0; j < x->n; j++)
		known |= x->e[j].val < 64 ? 1ULL << x->e[j].val : 0;
	if (!(v & known)) {
		if (v)
			fmt_unknown(b, v, dflt);
		else
			fb_putc(b, '0');
		return;
	}
	if (b->xstyle != XSTYLE_ABBREV) {
		fmt_num(b, v, XF_HEX);
		if (b->xstyle == XSTYLE_RAW)
			return;
		fb_puts(b, " /* ");
	}
	bitnum_words(b, x, v);
	if (b->xstyle == XSTYLE_VERBOSE)
		fb_puts(b, " */");
}
