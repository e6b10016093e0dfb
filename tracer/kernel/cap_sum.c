// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, user space: -c's counts kept in the kernel (cap_sum.bpf.c's
 * half).  What the programs read on every call is read-only data, fixed
 * before the load (the verifier drops the branches a run does not take);
 * the table is read at the end or each --interval, into a struct summary
 * that the sinks print.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cap_priv.h"
#include "summary.h"

void cap_sum_conf(struct capture *c, const struct cap_want *w,
		  const struct cap_config *cfg)
{
	struct sum_conf *sc = &c->skel->rodata->sum_conf;

	sc->all = cfg->all;
	sc->by_tid = cfg->by_tid;
	sc->target = cfg->target;
	sc->ids_in_array = cfg->ids_in_array;
	sc->slot_mask = cfg->slot_mask;
	sc->sum_by = w->sum_by;
	sc->hist = (unsigned int)w->hist;
	sc->wall = (unsigned int)w->sum_wall;
	sc->overhead = w->sum_overhead;
	for (int nr = 0; nr < CAP_NR_MAX; nr++)
		if (sel_has(w->sel, nr))
			sc->sel[nr / 64] |= 1ull << (nr % 64);
}

/*
 * sum_switch before the calls: a CPU's call in progress is never left
 * there for the next task to take as its own (ring mode's too, when it
 * times the calls: c->ring_sum).  -c -e SYS:EVENT: counted in the
 * kernel, no record each (an event with a --filter is counted from its
 * records).
 */
int cap_sum_attach(struct capture *c, const struct cap_want *w,
		   struct evlist *l, struct tracefs *t)
{
	int r = cap_attach_btf(c, c->skel->progs.sum_switch);

	if (!r && !c->ring_sum)
		r = cap_attach_btf(c, c->skel->progs.sum_enter) ?:
		    cap_attach_btf(c, c->skel->progs.sum_exit);

	for (int i = 0; !r && i < l->n; i++) {
		struct evsel *e = &l->ev[i];

		if (e->role != EV_TP || e->filter)
			continue;
		r = cap_attach_tp(c, c->skel->progs.sum_event, t, e->sys,
				  e->name, 1, (uint64_t)e->tp_index);
		if (!r && w->count_events)
			e->counted = 1;
	}
	return r;
}

/* the kernel's table, summed over CPUs */
int cap_sum_read(struct capture *c, struct summary *s)
{
	int fd = bpf_map__fd(c->skel->maps.sums);
	int ncpu = libbpf_num_possible_cpus();
	struct sum_key k, next;
	struct sum_val *per;
	void *prev = NULL;
	uint32_t zero = 0;
	uint64_t *full;

	if (ncpu <= 0)
		return -EINVAL;
	per = calloc((size_t)ncpu, sizeof(*per));
	full = calloc((size_t)ncpu, sizeof(*full));
	if (!per || !full) {
		free(per);
		free(full);
		return -ENOMEM;
	}
	summary_clear(s);
	s->exact = 1;
	while (!bpf_map_get_next_key(fd, prev, &next)) {
		k = next;
		prev = &k;
		if (bpf_map_lookup_elem(fd, &k, per))
			continue;
		for (int i = 0; i < ncpu; i++)
			if (per[i].calls)
				summary_add(s, &k, &per[i]);
	}
	/* rows of the by-syscall array (no --by) */
	fd = bpf_map__fd(c->skel->maps.sum_by_nr);
	for (uint32_t nr = 0; nr < CAP_NR_MAX; nr++) {
		if (bpf_map_lookup_elem(fd, &nr, per))
			continue;
		memset(&k, 0, sizeof(k));
		k.nr = nr;
		for (int i = 0; i < ncpu; i++)
			if (per[i].calls)
				summary_add(s, &k, &per[i]);
	}
	if (!bpf_map_lookup_elem(bpf_map__fd(c->skel->maps.sum_full), &zero,
				 full))
		for (int i = 0; i < ncpu; i++)
			s->full += full[i];
	free(per);
	free(full);
	return 0;
}
