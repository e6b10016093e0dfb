/* SPDX-License-Identifier: GPL-2.0-or-later */
#ifndef ETRACE_EXECCAPS_H
#define ETRACE_EXECCAPS_H

#include "decode.h"

struct launch;

/*
 * The command's own execve: etrace made that call's arguments, so it
 * knows them exactly (the child's memory is a copy of ours).  envp's
 * strings only when the call is printed verbose (-v, -e abbrev=), as
 * strace shows them only then.
 */
struct exec_caps {
	struct cap path, argv, envp;
	char *argv_bytes, *envp_bytes;
};

/* the arguments of l's execve, in c (its copies in k) */
void exec_caps_fill(const struct launch *l, struct sc_call *c,
		    struct exec_caps *k);
void exec_caps_free(struct exec_caps *k);

#endif
