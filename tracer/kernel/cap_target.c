// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, user space: --comm, --uid and --cgroup (cap_target.bpf.c's
 * half).  The selection, resolved by the options (uids from names, cgroup
 * ids and levels from paths), is read-only data of the programs, fixed
 * before the load; etrace's own tgid is never selected.  With --comm, the
 * names' verdicts are kept per task in a slot per possible tid (slots,
 * capture.c's count), and two programs keep them true.
 */
#include <unistd.h>

#include "cap_priv.h"

void cap_target_conf(struct capture *c, const struct cap_target *t,
		     uint32_t slots)
{
	struct cap_target *k = (struct cap_target *)&c->skel->rodata->target_conf;

	*k = *t;
	k->self = (unsigned int)getpid();
	if (t->ncomm) {
		bpf_map__set_max_entries(c->skel->maps.comm_seen, slots);
		c->skel->rodata->target_slot_mask = slots - 1;
	}
}

/* before any program asks g_target: no verdict is kept unwatched */
int cap_target_attach(struct capture *c, const struct cap_target *t)
{
	if (!t->ncomm)
		return 0;
	return cap_attach_btf(c, c->skel->progs.target_rename) ?:
	       cap_attach_btf(c, c->skel->progs.target_newtask);
}
