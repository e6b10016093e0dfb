/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Pairing stage: -P PATH, strace's path tracing.  A call is shown when
 * one of its path arguments is a selected path, or one of its fd
 * arguments refers to one (what -y reads in the kernel at the call),
 * by strace's rules of which arguments count for which call.  Beyond
 * strace: a PATH with *, ? or [ is a glob (fnmatch, '*' crosses '/').
 */
#ifndef ETRACE_PATHSEL_H
#define ETRACE_PATHSEL_H

#include <stddef.h>

#include "decode.h"

struct path_sel {
	char **pats;		/* the paths, and the real paths they name */
	int n;
};

/*
 * Add PATH (and, as strace, its realpath when that differs); 0 or -1
 * with a one-line message in err.
 */
int pathsel_add(struct path_sel *ps, const char *path, char *err,
		size_t errlen);
void pathsel_free(struct path_sel *ps);
/*
 * The call (at entry: its path copies and fds) touches a selected path:
 * 1; 0 not; -1 not known yet (a path's page was not in memory at entry:
 * the copy made at exit decides)
 */
int pathsel_match(const struct path_sel *ps, const struct sc_call *c);

#endif
