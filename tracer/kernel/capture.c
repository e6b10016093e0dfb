// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, user space: the BPF programs (the cap_*.bpf.c files,
 * linked into one skeleton) loaded, configured and attached for what a
 * run wants, in a few named steps; each feature's own part is in the
 * cap_*.c beside its programs.  The records the programs write are
 * checked and unpacked in cap_records.c.
 *
 *   cap_args   argument memory          cap_sum     -c counts
 *   cap_ring   ring mode                cap_signal  signals and exits
 *   cap_proc   forks and execs          cap_bash    bash's script lines
 *   cap_shell  bash's stacks (-k)       cap_python  Python's frames (-k)
 *   cap_inject -e inject='s signal=, sent by the kernel
 *   cap_unwind --stack=bpf: user stacks unwound in the kernel
 *   cap_btf    the kernel's types CO-RE resolves against, cut down
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <traceevent/event-parse.h>

#include "cap_priv.h"

static char libbpf_msg[256];

static int on_libbpf(enum libbpf_print_level level, const char *fmt,
		     va_list ap)
{
	/* ETRACE_DEBUG=1: all of libbpf's words, the verifier's log too */
	if (getenv("ETRACE_DEBUG"))
		return vfprintf(stderr, fmt, ap);
	/* else keep the last warning, to explain a failed load in one line */
	if (level == LIBBPF_WARN) {
		vsnprintf(libbpf_msg, sizeof(libbpf_msg), fmt, ap);
		libbpf_msg[strcspn(libbpf_msg, "\n")] = '\0';
	}
	return 0;
}

/* one slot per possible id, up to 2^18 (then ids share, checked) */
static uint32_t id_slots(int *fits)
{
	FILE *f = fopen("/proc/sys/kernel/pid_max", "r");
	long max = 4194304;
	uint32_t n = 1024;

	if (f) {
		if (fscanf(f, "%ld", &max) != 1)
			max = 4194304;
		fclose(f);
	}
	while (n < max && n < (1u << 18))
		n <<= 1;
	*fits = n >= max;
	return n;
}

static void fail(struct capture *c, const char *what, int e)
{
	snprintf(c->why, sizeof(c->why), "%s: %s%s%.120s", what, strerror(e),
		 libbpf_msg[0] ? ": " : "", libbpf_msg);
}

/*
 * Only what this run attaches is loaded: the verifier's time is most of
 * etrace's start-up.  Maps only the others use: one entry.
 */
static void choose_programs(struct capture *c, const struct cap_want *w,
			    int ring, int fits, int per_syscall)
{
	struct capture_bpf *k = c->skel;
	const struct { struct bpf_program *p; int on; } use[] = {
		{ k->progs.cap_enter, c->args && !ring },
		{ k->progs.cap_exit, c->args && !ring },
		{ k->progs.ring_enter, ring && !per_syscall },
		{ k->progs.ring_exit, ring && !per_syscall },
		{ k->progs.ring_enter_sc, ring && per_syscall },
		{ k->progs.ring_exit_sc, ring && per_syscall },
		{ k->progs.sum_enter, c->summary && !c->ring_sum },
		{ k->progs.sum_exit, c->summary && !c->ring_sum },
		{ k->progs.sum_switch, c->summary },
		{ k->progs.sum_event, c->summary },
		{ k->progs.cap_signal, w->signals },
		{ k->progs.cap_signal_gen, w->signals },
		{ k->progs.cap_fork, w->follow }, { k->progs.inj_gone, w->inj },
		{ k->progs.inj_enter, w->inj }, { k->progs.inj_exit, w->inj },
		{ k->progs.fd_rename, c->fds != 0 && !c->fds_watch },
		{ k->progs.bash_make_child, w->spawns },
		{ k->progs.bash_bind_func, w->spawns },
		{ k->progs.bash_source, w->spawns },
		/* (ring mode: the ring programs write stacks and frames) */
		{ k->progs.shell_enter, c->shell && !ring },
		{ k->progs.python_enter, c->python && !ring },
		{ k->progs.python_mmap, c->python },
		{ k->progs.ustack_enter, c->ustack && !ring },
		{ k->progs.target_rename, w->target && w->tconf->ncomm },
		{ k->progs.target_newtask, w->target && w->tconf->ncomm },
		{ k->progs.target_fork, w->target && w->tconf->within },
		{ k->progs.target_exit, w->target && w->tconf->within },
	};
	const struct { struct bpf_map *m; int one; } size[] = {
		{ k->maps.traced, fits }, { k->maps.sums, !c->summary },
		{ k->maps.sum_by_nr, !c->summary }, { k->maps.fd_paths, !c->fds },
		{ k->maps.unw_rows, !c->ustack }, { k->maps.unw_idx, !c->ustack },
		{ k->maps.unw_files, !c->ustack }, { k->maps.inj_sig, !w->inj },
		{ k->maps.py_procs, !c->python }, { k->maps.py_sent, !c->python },
	};

	for (size_t i = 0; i < sizeof(use) / sizeof(use[0]); i++)
		bpf_program__set_autoload(use[i].p, use[i].on);
	k->rodata->ro_frames = !ring ? 0 :
		(c->ustack ? CAP_FRAMES_USTACK : 0) |
		(c->shell ? CAP_FRAMES_SHELL : 0) |
		(c->python ? CAP_FRAMES_PYTHON : 0);
	for (size_t i = 0; i < sizeof(size) / sizeof(size[0]); i++)
		if (size[i].one)
			bpf_map__set_max_entries(size[i].m, 1);
	if (c->ustack && libbpf_num_possible_cpus() > 0)
		bpf_map__set_max_entries(k->maps.unw_buf,
					 (uint32_t)libbpf_num_possible_cpus());
}

/*
 * Open the skeleton and size its maps.  Ring mode's ring buffers are made
 * now (ring cleared when they cannot be), and the template of the map of
 * them (ours, of a page: libbpf 1.1 cannot resize the one it parses, of
 * a megabyte), which is made in any mode.  0, or -1 with c->why set.
 */
static int open_skel(struct capture *c, const struct cap_want *w,
		     struct perfset *ps, int *ring, int *rb, uint32_t *slots,
		     int *fits)
{
	LIBBPF_OPTS(bpf_object_open_opts, oo);
	int ncpu = libbpf_num_possible_cpus();
	size_t size;
	const void *image = capture_bpf__elf_bytes(&size);
	char core[40];

	libbpf_set_print(on_libbpf);
	c->core_fd = w->args && w->fds ? -1 : cap_core_btf(image, size);
	if (c->core_fd >= 0) {
		snprintf(core, sizeof(core), "/proc/self/fd/%d", c->core_fd);
		oo.btf_custom_path = core;
	}
	c->skel = capture_bpf__open_opts(&oo);
	if (!c->skel) {
		fail(c, "cannot open the BPF program", errno);
		return -1;
	}
	if (ncpu > 0) {
		bpf_map__set_max_entries(c->skel->maps.scratch, (uint32_t)ncpu);
		bpf_map__set_max_entries(c->skel->maps.rbs, (uint32_t)ncpu);
	}
	if (*ring && cap_ring_create(ps, rb))
		*ring = 0;
	if (!*ring)
		rb[ps->ncpu] = bpf_map_create(BPF_MAP_TYPE_RINGBUF, "etrace_ring",
					      0, 0, (uint32_t)sysconf(_SC_PAGESIZE),
					      NULL);
	if (rb[ps->ncpu] < 0 ||
	    bpf_map__set_inner_map_fd(c->skel->maps.rbs, rb[ps->ncpu])) {
		fail(c, "cannot make a BPF ring buffer", errno);
		return -1;
	}
	/* (pid_max too large: a hash instead of this array) */
	*slots = id_slots(fits);
	bpf_map__set_max_entries(c->skel->maps.traced_ids, *fits ? *slots : 1);
	/* without kernel BTF, no following forks and no exit codes */
	if (access("/sys/kernel/btf/vmlinux", R_OK)) {
		snprintf(c->why, sizeof(c->why), "the kernel has no BTF"
			 " (/sys/kernel/btf/vmlinux)");
		return -1;
	}
	return 0;
}

/* what every program reads of the run (cap_config), before the load */
static void config_of(struct capture *c, const struct cap_want *w,
		      struct tracefs *t, uint32_t slots, int fits,
		      struct cap_config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->all = (unsigned int)w->all;
	cfg->follow = (unsigned int)w->follow;
	cfg->by_tid = !w->follow && !w->all;
	/* a selection: every task is asked (g_target), not all traced */
	if (w->target) {
		cfg->all = 0;
		cfg->by_tid = 0;
		cfg->target = 1;
		/* --tree: the tree is followed by target_fork; the traced
		   set, which selects by itself, stays empty */
		if (w->tconf->within)
			cfg->follow = 0;
	}
	cfg->failed = (unsigned int)w->failed;
	cfg->ring_sum = (unsigned int)c->ring_sum;
	cfg->detach_exec = (unsigned int)w->detach_exec;
	cfg->detach_skip = (unsigned int)w->detach_skip;
	if (w->target || w->failed)
		cap_target_conf(c, w->tconf, slots);
	cfg->strsize = w->strsize;
	cfg->argv_all = (unsigned int)w->envs;
	cfg->ip = (unsigned int)w->ip;
	if (c->dump) {
		memcpy(cfg->dump_rd, w->dump_rd->bits, sizeof(cfg->dump_rd));
		memcpy(cfg->dump_wr, w->dump_wr->bits, sizeof(cfg->dump_wr));
		cfg->dump_high = (w->dump_rd->high ? 1u : 0) |
				 (w->dump_wr->high ? 2u : 0);
		_Static_assert(CAP_DUMP_HI == FD_SEL_HI, "one bound");
		cfg->dump_rd_nhi = (unsigned int)w->dump_rd->nhi;
		cfg->dump_wr_nhi = (unsigned int)w->dump_wr->nhi;
		memcpy(cfg->dump_rd_hi, w->dump_rd->hi, sizeof(cfg->dump_rd_hi));
		memcpy(cfg->dump_wr_hi, w->dump_wr->hi, sizeof(cfg->dump_wr_hi));
	}
	cfg->fds = c->fds;
	cfg->netns = cap_netns_self();
	if (c->fds)
		cfg->simple_dname = cap_fds_simple_dname();
	cfg->group_dead_off = cap_signal_group_dead(t);
	if (w->spawns)
		cap_bash_find(c, &cfg->bash);
	if (c->shell)
		cap_shell_find(&cfg->shell);
	cfg->slot_mask = slots - 1;
	cfg->ids_in_array = (unsigned int)fits;
	c->ids_in_array = fits;
	c->slot_mask = slots - 1;
}

/* the perf rings' bpf-output events, one per CPU, into the out map */
static int open_output(struct capture *c, struct perfset *ps)
{
	int *fds = calloc((size_t)ps->ncpu, sizeof(*fds));
	char err[256];
	int r;

	if (!fds) {
		fail(c, "out of memory", ENOMEM);
		return -1;
	}
	r = perf_open_bpf_output(ps, &c->ev, fds, err, sizeof(err));
	if (r)
		snprintf(c->why, sizeof(c->why), "%s", err);
	for (int i = 0; !r && i < ps->ncpu; i++) {
		uint32_t cpu = (uint32_t)ps->cpu[i];

		if (bpf_map_update_elem(bpf_map__fd(c->skel->maps.out), &cpu,
					&fds[i], BPF_ANY)) {
			fail(c, "cannot set the BPF output", errno);
			r = -1;
		}
	}
	free(fds);
	return r ? -1 : 0;
}

/* each feature's programs, in this order; 0 or -errno */
static int attach_all(struct capture *c, const struct cap_want *w,
		      struct evlist *l, struct tracefs *t)
{
	int r = w->target ? cap_target_attach(c, w->tconf) : 0;

	if (!r && w->inj)
		r = cap_inject_attach(c);
	if (!r && c->ring)
		r = cap_ring_attach(c, l, t);
	else if (!r && c->args)
		r = cap_args_attach(c, l, t);
	if (!r && c->summary)
		r = cap_sum_attach(c, w, l, t);
	if (!r)
		r = cap_signal_attach_exit(c, t);
	if (!r && w->follow)
		r = cap_proc_attach_fork(c);
	if (!r && w->spawns && c->bash_ok)
		r = cap_bash_attach(c);
	if (!r && c->shell)
		r = cap_shell_attach(c, l, t);
	if (!r && c->python)
		r = cap_python_attach(c, l, t);
	if (!r && c->ustack)
		r = cap_unwind_attach(c, l, t);
	/* execs the kernel stops tracing */
	if (!r)
		r = cap_proc_attach_exec(c);
	if (!r && w->signals)
		r = cap_signal_attach(c);
	if (!r && c->fds && !c->fds_watch)
		r = cap_fds_attach(c, t);
	return r;
}

void capture_open(struct capture *c, const struct cap_want *w,
		  struct perfset *ps, struct evlist *l, struct tracefs *t)
{
	struct cap_config cfg;
	int *rb, r, fits = 0, ring = w->ring;
	uint32_t slots = 1, zero = 0;

	memset(c, 0, sizeof(*c));
	c->core_fd = -1;
	snprintf(c->ev.sys, sizeof(c->ev.sys), "bpf");
	snprintf(c->ev.name, sizeof(c->ev.name), "bpf-output");
	c->ev.role = EV_CAPTURE;
	if (w->no_bpf) {
		snprintf(c->why, sizeof(c->why), "--no-bpf");
		return;
	}
	rb = calloc((size_t)ps->ncpu + 1, sizeof(*rb));
	if (!rb) {
		fail(c, "out of memory", ENOMEM);
		goto fail;
	}
	for (int i = 0; i <= ps->ncpu; i++)
		rb[i] = -1;
	if (open_skel(c, w, ps, &ring, rb, &slots, &fits))
		goto fail;
	c->args = w->args;
	c->summary = w->summary;
	/* -C, record: the calls are counted from the records, timed by the
	   ring programs (two programs a call less) */
	c->ring_sum = ring && w->summary;
	c->fds = w->args ? (int)w->fds : 0;
	/* (tests: -y's reads as a kernel without bpf_rdonly_cast makes them) */
	if (c->fds && getenv("ETRACE_FD_HELPERS") &&
	    !strcmp(getenv("ETRACE_FD_HELPERS"), "1"))
		c->fds |= CAP_FDS_HELPERS;
	/* -y: the ring programs watch renames (cap_fds.c) */
	c->fds_watch = c->fds && ring && !l->per_syscall;
	c->dump = w->args && w->dump;
	c->envs = w->envs;
	c->shell = w->shell;
	c->python = w->python;
	c->ustack = w->ustack;
	choose_programs(c, w, ring, fits, l->per_syscall);
	config_of(c, w, t, slots, fits, &cfg);
	cap_sum_conf(c, w, &cfg);
	cap_args_ro(c, w, &cfg);
	if (c->fds_watch)
		cap_fds_watch(cfg.fd_watch);
	r = capture_bpf__load(c->skel) ? errno : 0;
	if (c->core_fd >= 0)	/* (read by the load) */
		close(c->core_fd);
	c->core_fd = -1;
	if (r) {
		fail(c, "cannot load the BPF program", r);
		goto fail;
	}
	close(rb[ps->ncpu]);
	rb[ps->ncpu] = -1;
	if (ring) {
		r = cap_ring_setup(c, w, ps, &cfg, rb);
		if (r) {
			fail(c, "cannot set the BPF ring buffers up", -r);
			goto fail;
		}
		c->ring = 1;
	}
	r = cap_args_spec(c, cfg.strsize);
	if (r || bpf_map_update_elem(bpf_map__fd(c->skel->maps.config), &zero,
				     &cfg, BPF_ANY)) {
		fail(c, "cannot fill the BPF maps", r ? -r : errno);
		goto fail;
	}
	if (open_output(c, ps))
		goto fail;
	r = c->ustack ? cap_unwind_setup(c, w->stack_size, w->stack_debuginfo) :
	    0;
	if (r) {
		fail(c, "cannot set the kernel's unwinder up", -r);
		goto fail;
	}
	r = attach_all(c, w, l, t);
	if (r) {
		fail(c, "cannot attach the BPF program", -r);
		goto fail;
	}
	free(rb);
	c->active = 1;
	return;
fail:
	if (c->core_fd >= 0)
		close(c->core_fd);
	c->core_fd = -1;
	for (int i = 0; rb && i <= ps->ncpu; i++)
		if (rb[i] >= 0)
			close(rb[i]);
	free(rb);
	/* without the program, the syscall tracepoints say it all */
	for (int i = 0; c->ring && i < l->n; i++)
		l->ev[i].by_bpf = 0;
	c->ring = 0;
	/* the bpf-output fds stay in the perfset, closed with it, unused */
	capture_close(c);
}

int capture_add(struct capture *c, pid_t id)
{
	uint32_t key = (uint32_t)id, slot = key & c->slot_mask;
	uint8_t one = 1;
	int r;

	if (!c->active)
		return 0;
	if (c->within)
		return cap_target_tree(c, id, 1);
	if (c->ids_in_array)
		r = bpf_map_update_elem(bpf_map__fd(c->skel->maps.traced_ids),
					&slot, &key, BPF_ANY);
	else
		r = bpf_map_update_elem(bpf_map__fd(c->skel->maps.traced), &key,
					&one, BPF_ANY);
	if (r)
		return -errno;
	/* -c's verdicts per CPU on the running tasks are made again (after
	   the update above: a program that sees the new count sees the id) */
	__atomic_fetch_add(&c->skel->bss->traced_gen, 1, __ATOMIC_SEQ_CST);
	return 0;
}

int capture_has(struct capture *c, pid_t id)
{
	uint32_t key = (uint32_t)id, slot = key & c->slot_mask, v = 0;
	uint8_t one;

	if (!c->active)
		return 0;
	if (c->within)
		return cap_target_tree(c, id, 0);
	if (c->ids_in_array)
		return !bpf_map_lookup_elem(bpf_map__fd(c->skel->maps.traced_ids),
					    &slot, &v) && v == key;
	return !bpf_map_lookup_elem(bpf_map__fd(c->skel->maps.traced), &key,
				    &one);
}

int capture_follow(struct capture *c, int on)
{
	int fd = c->active ? bpf_map__fd(c->skel->maps.config) : -1;
	struct cap_config cfg;
	uint32_t zero = 0;

	if (fd < 0)
		return 0;
	if (c->within) {
		__atomic_store_n(&c->skel->bss->tree_follow, on ? 1u : 0u,
				 __ATOMIC_SEQ_CST);
		return 0;
	}
	if (bpf_map_lookup_elem(fd, &zero, &cfg))
		return -errno;
	cfg.follow = (unsigned int)on;
	return bpf_map_update_elem(fd, &zero, &cfg, BPF_ANY) ? -errno : 0;
}

void capture_close(struct capture *c)
{
	/* last attached first: -c's sum_switch outlives the calls' programs */
	for (int i = c->nlinks - 1; i >= 0; i--)
		bpf_link__destroy(c->links[i]);
	free(c->links);
	c->links = NULL;
	c->nlinks = 0;
	for (int i = 0; i < c->ntp; i++)
		close(c->tp_fds[i]);
	free(c->tp_fds);
	c->tp_fds = NULL;
	c->ntp = 0;
	if (c->skel)
		capture_bpf__destroy(c->skel);
	c->skel = NULL;
	c->active = 0;
	capture_drop(c);
}

void capture_drop(struct capture *c)
{
	cap_python_close(c);
	cap_unwind_free(c);
}
