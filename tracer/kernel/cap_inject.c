// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, user space: signal= sent by the kernel (cap_inject.bpf.c's
 * half).  The injector (inject.c) leaves a thread's signal in the map.
 */
#include "cap_priv.h"

int cap_inject_attach(struct capture *c)
{
	return cap_attach_btf(c, c->skel->progs.inj_enter) ?:
	       cap_attach_btf(c, c->skel->progs.inj_exit) ?:
	       cap_attach_btf(c, c->skel->progs.inj_gone);
}

int capture_inject_fd(const struct capture *c)
{
	return c->active && bpf_program__autoload(c->skel->progs.inj_enter) ?
	       bpf_map__fd(c->skel->maps.inj_sig) : -1;
}
