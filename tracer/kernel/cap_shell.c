// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, user space: -k's shell frames (cap_shell.bpf.c's half).
 * shell_enter hangs on the syscall entries whose samples carry a stack,
 * so that it runs on the same tracepoint hit, just before the sample.
 * Where bash keeps its stack is found by cap_shell_find (cap_bash.c).
 */
#include "cap_priv.h"

int cap_shell_attach(struct capture *c, const struct evlist *l,
		     struct tracefs *t)
{
	return cap_attach_stack_entries(c, c->skel->progs.shell_enter, l, t);
}
