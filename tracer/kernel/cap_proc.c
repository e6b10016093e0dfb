// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, user space: the process lifecycle (cap_proc.bpf.c's
 * half).  With -f the program adds each traced task's children to the
 * traced set at fork; every exec is watched for the privileges it raises
 * (the kernel then drops the task's perf events) and for execve
 * arguments the entry could not read.
 */
#include "cap_priv.h"

int cap_proc_attach_fork(struct capture *c)
{
	return cap_attach_btf(c, c->skel->progs.cap_fork);
}

int cap_proc_attach_exec(struct capture *c)
{
	return cap_attach_btf(c, c->skel->progs.cap_exec);
}
