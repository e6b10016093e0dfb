/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Decoders stage: reading one line of syscalls.tbl (used by the build's
 * table generator, and by the fuzzer).
 */
#ifndef ETRACE_TBL_H
#define ETRACE_TBL_H

#include <stddef.h>
#include <stdint.h>

#include "sysent.h"

#define TBL_NAME_MAX 64

struct tbl_arg {
	int kind;			/* enum fmt_kind */
	int param;			/* 0..5, P_RET, P_NONE */
	char set[TBL_NAME_MAX];		/* for flags:SET / enum:SET */
};

struct tbl_line {
	long nr;
	char name[TBL_NAME_MAX];
	uint32_t classes;
	int ret;			/* enum ret_kind */
	int nargs;
	struct tbl_arg arg[SC_MAX_ARGS];
};

/*
 * Returns 1 for a syscall line, 0 for a blank or comment line, -1 for a
 * bad line with a message in err.
 */
int tbl_parse_line(const char *line, struct tbl_line *t, char *err,
		   size_t errlen);

#endif
