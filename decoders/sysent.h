/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Decoders stage: what syscalls.tbl says about one syscall.  The build
 * generates sc_table[] (indexed by x86_64 syscall number) from the table.
 */
#ifndef ETRACE_SYSENT_H
#define ETRACE_SYSENT_H

#include <stdint.h>

#include "xlat.h"

enum fmt_kind {
#define KIND(name, base, dir, fmt, size, copy, what) K_##name,
#include "kinds.def"
#undef KIND
	K__COUNT
};

enum ret_kind {
#define RET(name, what) R_##name,
#include "rets.def"
#undef RET
	R__COUNT
};

enum sc_class_bit {
#define CLASS(ident, name) CLS_BIT_##ident,
#include "classes.def"
#undef CLASS
	CLS__COUNT
};

/*
 * A kind's base is the C type the kernel reads the argument as, and how
 * it prints plain: INT int, UINT unsigned int (decimal), XINT unsigned int
 * (hex), OCT umode_t (octal), LONG long, ULONG unsigned long, HEX unsigned
 * long (hex), PTR a pointer.  Only the type's bits are the argument: the
 * register's others are whatever the caller left there (fmt_args.c).
 */
enum kind_base { B_INT, B_UINT, B_XINT, B_OCT, B_LONG, B_ULONG, B_HEX, B_PTR };
enum kind_dir { D_IN, D_OUT };

/* param of an argument: an argument index 0..5, or one of these */
#define P_NONE	0xff
#define P_RET	0xfe

#define SC_MAX_ARGS 6

/*
 * Bytes a socket option's copy holds at least (OPTSIZE in kinds.def): the
 * largest struct decoded, group_req's 136, fits, whatever -s says.
 */
#define SC_OPT_COPY 256

struct sc_arg {
	uint8_t kind;			/* enum fmt_kind */
	uint8_t param;			/* argument index, P_RET or P_NONE */
	const struct xlat *set;		/* for flags:SET and enum:SET */
};

struct sc_desc {
	const char *name;		/* NULL: number not in the table */
	uint32_t classes;		/* 1 << CLS_BIT_* */
	uint8_t nargs;
	uint8_t ret;			/* enum ret_kind */
	struct sc_arg arg[SC_MAX_ARGS];
};

extern const struct sc_desc sc_table[];
extern const unsigned int sc_table_size;

struct kind_info {
	const char *name;
	uint8_t base;			/* enum kind_base */
	uint8_t dir;			/* enum kind_dir */
	uint16_t size;			/* bytes its formatter decodes */
	uint8_t copies;			/* the BPF program copies its memory:
					   1, or 2 a NUL-terminated string */
};
extern const struct kind_info kind_info[K__COUNT];
extern const char *const ret_names[R__COUNT];
extern const char *const class_names[CLS__COUNT];

static inline const struct sc_desc *sc_lookup(long nr)
{
	if (nr < 0 || (unsigned long)nr >= sc_table_size || !sc_table[nr].name)
		return 0;
	return &sc_table[nr];
}

/* the syscall number for a name, or -1 */
long sc_by_name(const char *name);
/* the class bit for "%file" or "file", or -1 */
int sc_class_by_name(const char *name);

#endif
