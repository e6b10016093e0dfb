// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, user space: --comm, --uid and --cgroup (cap_target.bpf.c's
 * half).  The selection, resolved by the options (uids from names, cgroup
 * ids and levels from paths), is read-only data of the programs, fixed
 * before the load; etrace's own tgid is never selected.
 */
#include <unistd.h>

#include "cap_priv.h"

void cap_target_conf(struct capture *c, const struct cap_target *t)
{
	struct cap_target *k = (struct cap_target *)&c->skel->rodata->target_conf;

	*k = *t;
	k->self = (unsigned int)getpid();
}
