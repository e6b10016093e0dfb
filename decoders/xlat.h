/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Decoders stage: named constants.  Each set is one file of names in
 * decoders/xlat/SET.in; the build turns it into a `struct xlat xlat_SET`
 * whose values come from the system headers.
 */
#ifndef ETRACE_XLAT_H
#define ETRACE_XLAT_H

#include <stdint.h>

#include "fmt.h"

struct xlat_entry {
	uint64_t val;
	const char *name;
};

struct xlat {
	const char *set;	/* file name, "mmap_prot" */
	const char *prefix;	/* shared name prefix: PROT_ in "0x40 (PROT_???)" */
	const struct xlat_entry *e;
	uint32_t n;
};

/* name for exactly v, or NULL */
const char *xlat_name(const struct xlat *x, uint64_t v);
/* the value of a name, or -1 when the set has no such name */
int xlat_value(const struct xlat *x, const char *name, uint64_t *v);
/* v as NAME, or raw in hex with a PREFIX??? comment */
void fmt_xlat_enum(struct fmt_buf *b, const struct xlat *x, uint64_t v);
/* same, raw form in decimal */
void fmt_xlat_enum_dec(struct fmt_buf *b, const struct xlat *x, int64_t v);
/* A|B|0x40 as strace prints flags; "0" (or the zero-valued name) for 0 */
void fmt_xlat_flags(struct fmt_buf *b, const struct xlat *x, uint64_t v);
/* "|A|B|0x40" for flags that follow another part (open's access mode) */
void fmt_xlat_flags_tail(struct fmt_buf *b, const struct xlat *x, uint64_t v);
/* "A|B|0x40" and nothing for 0, no comment: a part of a decoder's words */
void fmt_xlat_bits(struct fmt_buf *b, const struct xlat *x, uint64_t v);

/* flags with an explicit text for unknown bits ("?_OK"); NULL: none */
void fmt_flags_dflt(struct fmt_buf *b, const struct xlat *x, uint64_t v,
		    const char *dflt);
/* the same with the names of two sets, x's first (x2 NULL: none) */
void fmt_flags2_dflt(struct fmt_buf *b, const struct xlat *x,
		     const struct xlat *x2, uint64_t v, const char *dflt);
/* one value; unknown prints in hex, then the dflt comment if any */
void fmt_enum_dflt(struct fmt_buf *b, const struct xlat *x, uint64_t v,
		   const char *dflt);
/*
 * Bits named by their numbers, 1<<_UFFDIO_API|1<<_UFFDIO_REGISTER|0x120
 * (x's values are bit numbers); no known bit: the number and dflt in a
 * comment, as for any flags
 */
void fmt_bitnums(struct fmt_buf *b, const struct xlat *x, uint64_t v,
		 const char *dflt);
/* 0x40, then a comment with dflt when not NULL */
void fmt_unknown(struct fmt_buf *b, uint64_t v, const char *dflt);

/*
 * Every named constant goes through these, which follow the buffer's -X
 * style (fmt.h), as strace's print_xlat_ex and printflags_ex: abbrev the
 * name, raw the number, verbose the number and the name in a comment.
 */
enum xfmt { XF_HEX, XF_DEC, XF_UDEC, XF_OCT };
/* v in form f: 0x1f, -100, 4096, 0644 */
void fmt_num(struct fmt_buf *b, uint64_t v, enum xfmt f);
/* one constant whose name the decoder knows (NULL: none, the number) */
void fmt_const(struct fmt_buf *b, const char *name, uint64_t v, enum xfmt f);
/*
 * A value a decoder prints in words of its own making (S_IFREG|0644,
 * O_RDONLY|O_CLOEXEC, 8192*1024): words(b, v) writes them, in the
 * default style; raw prints v in form f instead, verbose v and then the
 * words in a comment (unless they are just the number).
 */
void fmt_words(struct fmt_buf *b, uint64_t v, enum xfmt f,
	       void (*words)(struct fmt_buf *b, uint64_t v));

#endif
