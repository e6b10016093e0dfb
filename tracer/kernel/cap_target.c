// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, user space: --comm, --uid and --cgroup (cap_target.bpf.c's
 * half).  The selection, resolved by the options (uids from names, cgroup
 * ids and levels from paths), is read-only data of the programs, fixed
 * before the load; etrace's own tgid is never selected.  With --comm, the
 * names' verdicts are kept per task in a slot per possible tid (slots,
 * capture.c's count), and two programs keep them true.  With --tree
 * (within), the tree's tgids are a map of their own (tree_ids).
 */
#include <errno.h>
#include <signal.h>
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
	if (t->within)
		bpf_map__set_max_entries(c->skel->maps.tree_ids, 65536);
	c->within = (int)t->within;
}

int cap_target_tree(struct capture *c, pid_t id, int add)
{
	uint32_t key = (uint32_t)id;
	uint8_t v = 1;			/* TREE_IN */
	int fd = bpf_map__fd(c->skel->maps.tree_ids);

	if (add)
		return bpf_map_update_elem(fd, &key, &v, BPF_ANY) ? -errno : 0;
	return !bpf_map_lookup_elem(fd, &key, &v);
}

int capture_tree_live(struct capture *c)
{
	int fd = c->active ? bpf_map__fd(c->skel->maps.tree_ids) : -1;
	uint32_t key, next, gone[64];
	int n = 0, ngone = 0, more;
	uint8_t v;

	if (fd < 0)
		return 0;
	/*
	 * (target_exit marks the processes that ended, TREE_GONE; one that
	 * ended before it was put in, while etrace listed the tree, is
	 * found gone here)
	 */
	more = !bpf_map_get_next_key(fd, NULL, &next);
	while (more) {
		key = next;
		more = !bpf_map_get_next_key(fd, &key, &next);
		if (!bpf_map_lookup_elem(fd, &key, &v) && v == 1 &&
		    (!kill((pid_t)key, 0) || errno != ESRCH))
			n++;
		else if (ngone < 64)
			gone[ngone++] = key;
	}
	for (int i = 0; i < ngone; i++)
		bpf_map_delete_elem(fd, &gone[i]);
	/* (more than 64 gone: the rest at the next look) */
	return n + (ngone == 64);
}

/* before any program asks g_target: no verdict is kept unwatched */
int cap_target_attach(struct capture *c, const struct cap_target *t)
{
	int r = 0;

	if (t->ncomm)
		r = cap_attach_btf(c, c->skel->progs.target_rename) ?:
		    cap_attach_btf(c, c->skel->progs.target_newtask);
	/* the tree grows from now: etrace lists it after this */
	if (!r && t->within) {
		c->skel->bss->tree_follow = 1;
		r = cap_attach_btf(c, c->skel->progs.target_fork) ?:
		    cap_attach_btf(c, c->skel->progs.target_exit);
	}
	return r;
}
