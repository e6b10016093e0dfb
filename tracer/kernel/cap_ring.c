// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, user space: ring mode (cap_ring.bpf.c's half).  A BPF
 * ring buffer per CPU, read as perf rings are (perf.c), holding the
 * calls' records that the program writes in raw_syscalls' layout, with
 * ids of their own (capture_abi.h); the syscall tracepoints are then not
 * opened.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "cap_priv.h"
#include "record.h"

/*
 * A BPF ring per CPU, of the perf rings' size (a page at least).  Its
 * pages count in etrace's RSS (perf's do not).  A getppid storm fills
 * 16 MiB in ~45 ms; etrace reads every 5-15 ms, and 8 MiB lost records
 * in some runs.
 */
static size_t ring_bpf_bytes(const struct perfset *ps)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t b = (size_t)ps->rings[0].size;

	return b < page ? page : b;
}

/* ring mode's records: raw_syscalls' layout (see capture_abi.h) */
static void ring_evsel(struct evsel *e, int role, const char *name)
{
	memset(e, 0, sizeof(*e));
	snprintf(e->sys, sizeof(e->sys), "bpf");
	snprintf(e->name, sizeof(e->name), "%s", name);
	e->role = role;
	e->sc_nr = -1;
	e->off_nr = 8;
	e->sz_nr = 8;
	e->off_args = 16;
	e->nargs = role == EV_SC_ENTER ? SC_MAX_ARGS : 0;
	e->sample_type = REC_SAMPLE_BASE | PERF_SAMPLE_RAW;
	e->ring = 1;
}

/*
 * Ring mode, before the load: a BPF ring buffer per CPU (rb[i] for CPU
 * index i) and rb[ncpu], the template of the map of them (of one page:
 * the kernel does not hold inner ring buffers to the template's size).
 * 0, or -errno with none left (then no ring mode: the syscall
 * tracepoints instead).
 */
int cap_ring_create(const struct perfset *ps, int *rb)
{
	uint32_t bytes = (uint32_t)ring_bpf_bytes(ps);

	for (int i = 0; i <= ps->ncpu; i++) {
		rb[i] = bpf_map_create(BPF_MAP_TYPE_RINGBUF, "etrace_ring", 0, 0,
				       i < ps->ncpu ? bytes :
				       (uint32_t)sysconf(_SC_PAGESIZE), NULL);
		if (rb[i] < 0) {
			int e = errno;

			while (--i >= 0) {
				close(rb[i]);
				rb[i] = -1;
			}
			return -e;
		}
	}
	return 0;
}

/*
 * After the load: the rings into the program's map of them, and into
 * ps's rings to read (which own the fds from then on); the records' ids
 * and the config.  0, or -errno.
 */
int cap_ring_setup(struct capture *c, const struct cap_want *w,
		   struct perfset *ps, struct cap_config *cfg, int *rb)
{
	size_t bytes = ring_bpf_bytes(ps);
	uint32_t *cpus = calloc((size_t)ps->ncpu, sizeof(*cpus));
	uint32_t n = (uint32_t)ps->ncpu;
	char err[256];
	int r;

	/*
	 * In one batch: each update of a map of maps waits for an RCU grace
	 * period (~15 ms here).
	 */
	if (!cpus)
		return -ENOMEM;
	for (int i = 0; i < ps->ncpu; i++)
		cpus[i] = (uint32_t)ps->cpu[i];
	r = bpf_map_update_batch(bpf_map__fd(c->skel->maps.rbs), cpus, rb, &n,
				 NULL);
	free(cpus);
	if (r || n != (uint32_t)ps->ncpu)
		return r ? -errno : -EIO;
	r = perf_add_bpf_rings(ps, rb, bytes, err, sizeof(err));
	if (r)
		return r;
	for (int i = 0; i < ps->ncpu; i++)
		rb[i] = -1;
	ring_evsel(&c->ev_enter, EV_SC_ENTER, "ring_enter");
	ring_evsel(&c->ev_exit, EV_SC_EXIT, "ring_exit");
	/* -i: the entries' raw bytes end with the IP (cfg->ip, capture.c) */
	c->ev_enter.ip = w->ip;
	/* -k: the entries' stacks come in records before them (ring_frames) */
	c->ev_enter.stack = w->ustack;
	if (perf_add_id(ps, RB_ID_ENTER, &c->ev_enter) ||
	    perf_add_id(ps, RB_ID_EXIT, &c->ev_exit) ||
	    perf_add_id(ps, RB_ID_CAP, &c->ev))
		return -ENOMEM;
	cfg->ring = 1;
	cfg->rb_wake = (unsigned int)(bytes / 4);
	cfg->self = (unsigned int)getpid();
	cfg->id_enter = RB_ID_ENTER;
	cfg->id_exit = RB_ID_EXIT;
	/*
	 * The selected calls, and exit and exit_group: how processes end;
	 * execve with execveat, whose successful exit has execve's number.
	 */
	for (int nr = 0; nr < CAP_NR_MAX; nr++)
		if (sel_has(w->rec_sel, nr) || nr == SYS_exit ||
		    nr == SYS_exit_group ||
		    (nr == SYS_execve && sel_has(w->rec_sel, SYS_execveat)))
			cfg->rsel[nr / 64] |= 1ull << (nr % 64);
	/*
	 * -k: the selected calls' entries carry their stacks, and those of
	 * the calls that make processes, selected or not (the spawns'
	 * origins: pair_enter keeps their stacks, prints no line)
	 */
	for (int nr = 0; w->ustack && nr < CAP_NR_MAX; nr++)
		if (sel_has(w->rec_sel, nr) || events_stack_source(nr)) {
			cfg->rsel[nr / 64] |= 1ull << (nr % 64);
			cfg->ssel[nr / 64] |= 1ull << (nr % 64);
		}
	return 0;
}

uint64_t capture_ring_drops(struct capture *c)
{
	int ncpu = libbpf_num_possible_cpus();
	struct { uint64_t pending, total; } *v;
	uint32_t zero = 0;
	uint64_t sum = 0;

	if (!c->ring || ncpu <= 0 || !(v = calloc((size_t)ncpu, sizeof(*v))))
		return 0;
	if (!bpf_map_lookup_elem(bpf_map__fd(c->skel->maps.rb_drop), &zero, v))
		for (int i = 0; i < ncpu; i++)
			sum += v[i].total;
	free(v);
	return sum;
}

int cap_ring_attach(struct capture *c, struct evlist *l, struct tracefs *t)
{
	int r = 0;

	if (!l->per_syscall)
		r = cap_attach_btf(c, c->skel->progs.ring_enter) ?:
		    cap_attach_btf(c, c->skel->progs.ring_exit);
	/* a few syscalls (a selection's): on their own tracepoints */
	for (int i = 0; !r && l->per_syscall && i < l->n; i++) {
		const struct evsel *e = &l->ev[i];

		if (e->role == EV_SC_ENTER || e->role == EV_SC_EXIT)
			r = cap_attach_tp(c, e->role == EV_SC_ENTER ?
					  c->skel->progs.ring_enter_sc :
					  c->skel->progs.ring_exit_sc,
					  t, e->sys, e->name, 0, 0);
	}

	/* their records come from the program, and the signals */
	for (int i = 0; i < l->n; i++)
		if (l->ev[i].role == EV_SC_ENTER ||
		    l->ev[i].role == EV_SC_EXIT ||
		    l->ev[i].role == EV_SIG_DELIVER)
			l->ev[i].by_bpf = 1;
	return r;
}
