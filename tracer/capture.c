// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage: loading the BPF program, building its spec map from
 * syscalls.tbl, and reading its records.
 *
 * The spec comes from the copy column of decoders/kinds.def: for each
 * argument kind that points at memory, how the program copies it.  A
 * syscall line in syscalls.tbl therefore says what to capture too.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <limits.h>
#include <linux/perf_event.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <traceevent/event-parse.h>

#include "capture.h"
#include "capture.skel.h"
#include "record.h"
#include "tracefs.h"

/* the copy column of decoders/kinds.def (its comment says the words) */
#define E CAP_AT_ENTRY
#define X CAP_AT_EXIT
#define R CAP_AT_RETRY
#define ARG(n) (CAP_LEN_ARG0 + (n))
#define DEREF(n) (CAP_LEN_DEREF0 + (n))
#define LEN_CONST CAP_LEN_CONST
#define LEN_RET CAP_LEN_RET
#define LEN_NFDS CAP_LEN_NFDS
#define LEN_PAGES1 (CAP_LEN_PAGES0 + 1)
#define LEN_PARAM 0xff		/* the length argument is the kind's param */
#define LEN_PDEREF 0xfe		/* the length is *(u32 *)param at exit */
#define ARRAY CAP_ARRAY_MAX
#define PATHMAX (CAP_PATH_MAX + 1)
#define STRSIZE 0		/* max: -s plus room to see it was cut */
#define KSIZE UINT32_MAX	/* max: the kind's size */

struct recipe {
	uint8_t op, when, len_from, elem;
	uint32_t max;
	uint32_t size;
};

#define NOCOPY		CAP_OP_NONE, 0, 0, 0, 0
#define STRUCT(w)	CAP_OP_BUF, w, LEN_CONST, 1, KSIZE
#define COPY(op, w, len, elem, max) CAP_OP_##op, w, LEN_##len, elem, max
static const struct recipe recipes[K__COUNT] = {
#define KIND(name, base, dir, fmt, size, copy, what) \
	[K_##name] = { copy, size },
#include "kinds.def"
#undef KIND
};
#undef NOCOPY
#undef STRUCT
#undef COPY

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

/* the spec of one syscall, from its table line */
static void spec_of(const struct sc_desc *d, unsigned int strsize,
		    struct cap_spec *s)
{
	memset(s, 0, sizeof(*s));
	for (int i = 0; i < d->nargs; i++) {
		const struct sc_arg *a = &d->arg[i];
		const struct recipe *r = &recipes[a->kind];
		struct cap_arg_spec *as = &s->arg[i];

		if (r->op == CAP_OP_NONE)
			continue;
		as->op = r->op;
		as->when = r->when;
		as->elem = r->elem;
		as->max = r->max;
		as->len_from = r->len_from;
		if (r->len_from == LEN_PARAM || r->len_from == LEN_PDEREF) {
			if (a->param == P_RET)
				as->len_from = CAP_LEN_RET;
			else if (a->param < SC_MAX_ARGS)
				as->len_from = (uint8_t)(r->len_from == LEN_PDEREF ?
					DEREF(a->param) : ARG(a->param));
			else
				as->len_from = CAP_LEN_CONST;
		}
		if (r->max == KSIZE)
			as->max = r->size;
		if (r->max == STRSIZE)
			as->max = r->op == CAP_OP_STR ? strsize + 2 : strsize;
		s->when |= as->when;
	}
}

static int fill_spec(struct capture *c, unsigned int strsize)
{
	int fd = bpf_map__fd(c->skel->maps.spec);

	for (unsigned int nr = 0; nr < sc_table_size && nr < CAP_NR_MAX; nr++) {
		struct cap_spec s;

		if (!sc_table[nr].name)
			continue;
		spec_of(&sc_table[nr], strsize, &s);
		if (s.when && bpf_map_update_elem(fd, &nr, &s, BPF_ANY))
			return -errno;
	}
	return 0;
}

/*
 * A tracepoint program runs for every hit of its tracepoint once attached
 * to any perf event of it.  The event it hangs on stays disabled: enabled
 * (as libbpf's attach does), it would also take a perf sample of every
 * syscall on its CPU, which costs more than the program.
 */
static int attach_tp_cookie(struct capture *c, struct bpf_program *p,
			    struct tracefs *t, const char *sys,
			    const char *name, int use_cookie, uint64_t cookie);

static int attach_tp(struct capture *c, struct bpf_program *p,
		     struct tracefs *t, const char *sys, const char *name)
{
	return attach_tp_cookie(c, p, t, sys, name, 0, 0);
}

static int keep_tp_fd(struct capture *c, int fd)
{
	int *nf = realloc(c->tp_fds, sizeof(*nf) * (c->ntp + 1));

	if (!nf) {
		close(fd);
		return -ENOMEM;
	}
	c->tp_fds = nf;
	c->tp_fds[c->ntp++] = fd;
	return 0;
}

/* with a cookie (which event of several) the attachment is a bpf link */
static int attach_tp_cookie(struct capture *c, struct bpf_program *p,
			    struct tracefs *t, const char *sys,
			    const char *name, int use_cookie, uint64_t cookie)
{
	struct perf_event_attr a;
	struct tep_event *ev;
	char err[256];
	int fd;

	if (tfs_event(t, sys, name, &ev, err, sizeof(err)))
		return -ENOENT;
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = PERF_TYPE_TRACEPOINT;
	a.config = (uint64_t)ev->id;
	a.sample_period = 1;
	a.disabled = 1;
	fd = (int)syscall(SYS_perf_event_open, &a, -1, 0, -1,
			  PERF_FLAG_FD_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (use_cookie) {
		LIBBPF_OPTS(bpf_link_create_opts, lo, .perf_event.bpf_cookie = cookie);
		int lfd = bpf_link_create(bpf_program__fd(p), fd, BPF_PERF_EVENT, &lo);

		if (lfd < 0) {
			int e = errno;

			close(fd);
			return -e;
		}
		return keep_tp_fd(c, fd) ?: keep_tp_fd(c, lfd);
	}
	if (ioctl(fd, PERF_EVENT_IOC_SET_BPF, bpf_program__fd(p))) {
		int e = errno;

		close(fd);
		return -e;
	}
	return keep_tp_fd(c, fd);
}

static int keep_link(struct capture *c, struct bpf_link *l)
{
	struct bpf_link **nl = realloc(c->links, sizeof(*nl) * (c->nlinks + 1));

	if (!nl) {
		bpf_link__destroy(l);
		return -ENOMEM;
	}
	c->links = nl;
	c->links[c->nlinks++] = l;
	return 0;
}

static int attach_btf(struct capture *c, struct bpf_program *p)
{
	struct bpf_link *l = bpf_program__attach_trace(p);

	return l ? keep_link(c, l) : -errno;
}

/* per-syscall tracepoints: only those of syscalls with memory to copy */
static int attach_syscalls(struct capture *c, const struct evlist *l,
			   struct tracefs *t)
{
	for (int i = 0; i < l->n; i++) {
		const struct evsel *e = &l->ev[i];
		struct bpf_program *p;
		int r;

		if (e->role != EV_SC_ENTER && e->role != EV_SC_EXIT)
			continue;
		if (l->per_syscall) {
			struct cap_spec s;

			if (!sc_lookup(e->sc_nr))
				continue;
			spec_of(sc_lookup(e->sc_nr), 32, &s);
			if (!(s.when & (e->role == EV_SC_ENTER ?
					CAP_AT_ENTRY | CAP_AT_EXIT :
					CAP_AT_EXIT | CAP_AT_RETRY)))
				continue;
		}
		p = e->role == EV_SC_ENTER ? c->skel->progs.cap_enter :
					     c->skel->progs.cap_exit;
		r = attach_tp(c, p, t, e->sys, e->name);
		if (r)
			return r;
	}
	return 0;
}

static int group_dead_offset(struct tracefs *t)
{
	struct tep_event *ev;
	char err[256];

	if (tfs_event(t, "sched", "sched_process_exit", &ev, err, sizeof(err)))
		return 0;
	return tfs_field(ev, "group_dead", NULL) > 0 ?
	       tfs_field(ev, "group_dead", NULL) : 0;
}

/*
 * --spawns: bash's functions and globals the uprobes use, from its
 * .dynsym (Debian's bash exports them).  0: found, with file offsets of
 * the functions in off[]; -1: not a bash we can read.
 */
static int bash_symbols(const char *path, struct bash_syms *bs, uint64_t off[3])
{
	static const char *const names[] = {
		"make_child", "bind_function_def", "source_file", "line_number",
		"this_shell_function", "dollar_vars", "sourcelevel",
	};
	unsigned long long *out[] = {
		&bs->make_child, &bs->bind_function_def, &bs->source_file,
		&bs->line_number, &bs->this_shell_function, &bs->dollar_vars,
		&bs->sourcelevel,
	};
	Elf *e = NULL;
	Elf_Scn *scn = NULL;
	int fd, found = 0;
	size_t nph;

	memset(bs, 0, sizeof(*bs));
	elf_version(EV_CURRENT);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	e = elf_begin(fd, ELF_C_READ, NULL);
	while (e && (scn = elf_nextscn(e, scn))) {
		GElf_Shdr sh;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_DYNSYM ||
		    !(d = elf_getdata(scn, NULL)) || !sh.sh_entsize)
			continue;
		for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Sym sym;
			const char *n;

			if (!gelf_getsym(d, (int)i, &sym) ||
			    !(n = elf_strptr(e, sh.sh_link, sym.st_name)))
				continue;
			for (int k = 0; k < 7; k++) {
				if (!strcmp(n, names[k]) && !*out[k]) {
					*out[k] = sym.st_value;
					found++;
				}
			}
		}
	}
	/* functions: from link-time address to file offset, by segment */
	for (int k = 0; k < 3 && e && !elf_getphdrnum(e, &nph); k++) {
		off[k] = 0;
		for (size_t i = 0; i < nph; i++) {
			GElf_Phdr ph;

			if (gelf_getphdr(e, (int)i, &ph) && ph.p_type == PT_LOAD &&
			    *out[k] >= ph.p_vaddr && *out[k] < ph.p_vaddr + ph.p_filesz)
				off[k] = *out[k] - ph.p_vaddr + ph.p_offset;
		}
	}
	if (e)
		elf_end(e);
	close(fd);
	return found == 7 && off[0] && off[1] && off[2] ? 0 : -1;
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
static int ring_create(const struct perfset *ps, int *rb)
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
static int ring_setup(struct capture *c, const struct options *o,
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
	if (perf_add_id(ps, RB_ID_ENTER, &c->ev_enter) ||
	    perf_add_id(ps, RB_ID_EXIT, &c->ev_exit) ||
	    perf_add_id(ps, RB_ID_CAP, &c->ev))
		return -ENOMEM;
	cfg->ring = 1;
	cfg->rb_wake = (unsigned int)(bytes / 4);
	cfg->self = (unsigned int)getpid();
	cfg->id_enter = RB_ID_ENTER;
	cfg->id_exit = RB_ID_EXIT;
	/* the selected calls, and exit and exit_group: how processes end */
	for (int nr = 0; nr < CAP_NR_MAX; nr++)
		if (sel_has(&o->sel, nr) || nr == SYS_exit || nr == SYS_exit_group)
			cfg->rsel[nr / 64] |= 1ull << (nr % 64);
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

void capture_open(struct capture *c, const struct options *o,
		  struct perfset *ps, struct evlist *l, struct tracefs *t,
		  int ring)
{
	struct cap_config cfg;
	int *fds = NULL, *rb = NULL, r, ncpu = libbpf_num_possible_cpus();
	uint32_t slots;
	int fits;
	uint32_t zero = 0;
	char err[256];

	memset(c, 0, sizeof(*c));
	snprintf(c->ev.sys, sizeof(c->ev.sys), "bpf");
	snprintf(c->ev.name, sizeof(c->ev.name), "bpf-output");
	c->ev.role = EV_CAPTURE;
	if (o->no_bpf) {
		snprintf(c->why, sizeof(c->why), "--no-bpf");
		return;
	}
	libbpf_set_print(on_libbpf);
	c->skel = capture_bpf__open();
	if (!c->skel) {
		fail(c, "cannot open the BPF program", errno);
		return;
	}
	if (ncpu > 0) {
		bpf_map__set_max_entries(c->skel->maps.scratch, (uint32_t)ncpu);
		bpf_map__set_max_entries(c->skel->maps.rbs, (uint32_t)ncpu);
	}
	/*
	 * Ring mode's ring buffers, made now, and the template of the map
	 * of them (ours, of a page: libbpf 1.1 cannot resize the one it
	 * parses, of a megabyte), which is made in any mode.
	 */
	rb = calloc((size_t)ps->ncpu + 1, sizeof(*rb));
	if (!rb) {
		fail(c, "out of memory", ENOMEM);
		goto fail;
	}
	for (int i = 0; i <= ps->ncpu; i++)
		rb[i] = -1;
	if (ring && ring_create(ps, rb))
		ring = 0;
	if (!ring)
		rb[ps->ncpu] = bpf_map_create(BPF_MAP_TYPE_RINGBUF, "etrace_ring",
					      0, 0, (uint32_t)sysconf(_SC_PAGESIZE),
					      NULL);
	if (rb[ps->ncpu] < 0 ||
	    bpf_map__set_inner_map_fd(c->skel->maps.rbs, rb[ps->ncpu])) {
		fail(c, "cannot make a BPF ring buffer", errno);
		goto fail;
	}
	/* (pid_max too large: a hash instead of this array) */
	slots = id_slots(&fits);
	bpf_map__set_max_entries(c->skel->maps.traced_ids, fits ? slots : 1);
	/* without kernel BTF, no following forks and no exit codes */
	if (access("/sys/kernel/btf/vmlinux", R_OK)) {
		snprintf(c->why, sizeof(c->why), "the kernel has no BTF"
			 " (/sys/kernel/btf/vmlinux)");
		goto fail;
	}
	/* -c alone copies no arguments: no lines are printed */
	c->args = o->summary != 1;
	c->summary = o->summary != 0;
	/*
	 * Only what this mode attaches (below) is loaded: the verifier's
	 * time is most of etrace's start-up.  Maps only they use: one entry.
	 */
	{
		struct capture_bpf *k = c->skel;
		int sigs = o->summary != 1 && o->quiet < 3;
		const struct { struct bpf_program *p; int on; } use[] = {
			{ k->progs.cap_enter, c->args && !ring },
			{ k->progs.cap_exit, c->args && !ring },
			{ k->progs.ring_enter, ring },
			{ k->progs.ring_exit, ring },
			{ k->progs.sum_enter, c->summary },
			{ k->progs.sum_exit, c->summary },
			{ k->progs.sum_switch, c->summary },
			{ k->progs.sum_event, c->summary },
			{ k->progs.cap_signal, sigs },
			{ k->progs.cap_signal_gen, sigs },
			{ k->progs.cap_fork, o->follow > 0 },
			{ k->progs.bash_make_child, o->spawns },
			{ k->progs.bash_bind_func, o->spawns },
			{ k->progs.bash_source, o->spawns },
		};

		for (size_t i = 0; i < sizeof(use) / sizeof(use[0]); i++)
			bpf_program__set_autoload(use[i].p, use[i].on);
		if (!c->args)
			bpf_map__set_max_entries(k->maps.inflight, 1);
		if (fits)
			bpf_map__set_max_entries(k->maps.traced, 1);
		if (!c->summary)
			bpf_map__set_max_entries(k->maps.sums, 1);
	}
	memset(&cfg, 0, sizeof(cfg));
	cfg.all = o->system_wide;
	cfg.follow = o->follow > 0;
	cfg.by_tid = !o->follow && !o->system_wide;
	cfg.strsize = (unsigned int)o->strsize;
	cfg.group_dead_off = (unsigned int)group_dead_offset(t);
	if (o->spawns && realpath("/bin/bash", c->bash_path) &&
	    !bash_symbols(c->bash_path, &cfg.bash, c->bash_off))
		c->bash_ok = 1;
	cfg.slot_mask = slots - 1;
	cfg.ids_in_array = (unsigned int)fits;
	c->ids_in_array = fits;
	c->slot_mask = slots - 1;
	{
		struct sum_conf *sc = &c->skel->rodata->sum_conf;

		sc->all = cfg.all;
		sc->by_tid = cfg.by_tid;
		sc->ids_in_array = cfg.ids_in_array;
		sc->slot_mask = cfg.slot_mask;
		sc->sum_by = o->sum_by;
		sc->hist = (unsigned int)o->hist;
		for (int nr = 0; nr < CAP_NR_MAX; nr++)
			if (sel_has(&o->sel, nr))
				sc->sel[nr / 64] |= 1ull << (nr % 64);
	}
	if (capture_bpf__load(c->skel)) {
		fail(c, "cannot load the BPF program", errno);
		goto fail;
	}
	close(rb[ps->ncpu]);
	rb[ps->ncpu] = -1;
	if (ring) {
		r = ring_setup(c, o, ps, &cfg, rb);
		if (r) {
			fail(c, "cannot set the BPF ring buffers up", -r);
			goto fail;
		}
		c->ring = 1;
	}
	r = fill_spec(c, cfg.strsize);
	if (r || bpf_map_update_elem(bpf_map__fd(c->skel->maps.config), &zero,
				     &cfg, BPF_ANY)) {
		fail(c, "cannot fill the BPF maps", r ? -r : errno);
		goto fail;
	}
	fds = calloc((size_t)ps->ncpu, sizeof(*fds));
	if (!fds) {
		fail(c, "out of memory", ENOMEM);
		goto fail;
	}
	r = perf_open_bpf_output(ps, &c->ev, fds, err, sizeof(err));
	if (r) {
		snprintf(c->why, sizeof(c->why), "%s", err);
		goto fail;
	}
	for (int i = 0; i < ps->ncpu; i++) {
		uint32_t cpu = (uint32_t)ps->cpu[i];

		if (bpf_map_update_elem(bpf_map__fd(c->skel->maps.out), &cpu,
					&fds[i], BPF_ANY)) {
			fail(c, "cannot set the BPF output", errno);
			goto fail;
		}
	}
	if (c->ring) {
		r = attach_btf(c, c->skel->progs.ring_enter) ?:
		    attach_btf(c, c->skel->progs.ring_exit);
		/* their records come from the program, and the signals */
		for (int i = 0; i < l->n; i++)
			if (l->ev[i].role == EV_SC_ENTER ||
			    l->ev[i].role == EV_SC_EXIT ||
			    l->ev[i].role == EV_SIG_DELIVER)
				l->ev[i].by_bpf = 1;
	} else {
		r = c->args ? attach_syscalls(c, l, t) : 0;
	}
	/* before the calls: a CPU's call in progress is never left there
	   for the next task to take as its own */
	if (!r && c->summary)
		r = attach_btf(c, c->skel->progs.sum_switch);
	if (!r && c->summary)
		r = attach_btf(c, c->skel->progs.sum_enter);
	if (!r && c->summary)
		r = attach_btf(c, c->skel->progs.sum_exit);
	/* -c -e SYS:EVENT: counted in the kernel, no record each */
	for (int i = 0; !r && c->summary && i < l->n; i++) {
		struct evsel *e = &l->ev[i];

		if (e->role != EV_TP || e->filter)
			continue;
		r = attach_tp_cookie(c, c->skel->progs.sum_event, t, e->sys,
				     e->name, 1, (uint64_t)e->tp_index);
		if (!r && o->summary == 1)
			e->counted = 1;
	}
	if (!r)
		r = attach_tp(c, c->skel->progs.cap_task_exit, t, "sched",
			      "sched_process_exit");
	if (!r && cfg.follow)
		r = attach_btf(c, c->skel->progs.cap_fork);
	/*
	 * --spawns: uprobes on bash's make_child, bind_function_def and
	 * source_file.  perf's uprobe PMU: no name in tracefs, nothing to
	 * clean up: they go with their fds, however etrace ends.
	 */
	if (!r && o->spawns && c->bash_ok) {
		static const char *const progs[] = { "bash_make_child",
			"bash_bind_func", "bash_source" };

		for (int i = 0; i < 3 && !r; i++) {
			struct bpf_program *p = bpf_object__find_program_by_name(
				c->skel->obj, progs[i]);
			struct bpf_link *lk = p ? bpf_program__attach_uprobe(p,
				false, -1, c->bash_path, (size_t)c->bash_off[i]) : NULL;

			r = lk ? keep_link(c, lk) : -errno;
		}
	}
	/* execs the kernel stops tracing */
	if (!r)
		r = attach_btf(c, c->skel->progs.cap_exec);
	/* siginfo of delivered signals, for the "--- SIGCHLD {...} ---" lines */
	if (!r && o->summary != 1 && o->quiet < 3)
		r = attach_btf(c, c->skel->progs.cap_signal) ?:
		    attach_btf(c, c->skel->progs.cap_signal_gen);
	if (r) {
		fail(c, "cannot attach the BPF program", -r);
		goto fail;
	}
	free(fds);
	free(rb);
	c->active = 1;
	return;
fail:
	free(fds);
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
}

int capture_parse(const uint8_t *raw, size_t len, struct cap_parsed *cp,
		  struct cap_exit *ex, struct cap_sig *sig)
{
	struct cap_rec r;
	size_t off;

	if (len >= sizeof(*ex)) {
		memcpy(ex, raw, sizeof(*ex));
		if (ex->magic == CAP_MAGIC_EXIT)
			return 2;
	}
	if (len >= sizeof(*sig) && sig) {
		memcpy(sig, raw, sizeof(*sig));
		if (sig->magic == CAP_MAGIC_SIG)
			return 3;
	}
	if (len >= sizeof(struct cap_exec)) {
		unsigned int magic;

		memcpy(&magic, raw, sizeof(magic));
		if (magic == CAP_MAGIC_BASH && len >= sizeof(struct cap_bash))
			return 4;
		if (magic == CAP_MAGIC_EXEC)
			return 5;
	}
	if (len < sizeof(r))
		return -1;
	memcpy(&r, raw, sizeof(r));
	if (r.magic != CAP_MAGIC || r.size > len || r.size < sizeof(r) ||
	    (r.phase != CAP_AT_ENTRY && r.phase != CAP_AT_EXIT))
		return -1;
	cp->nr = r.nr;
	cp->phase = r.phase;
	cp->nitems = 0;
	off = sizeof(r);
	for (int i = 0; i < r.nitems; i++) {
		struct cap_item it;

		if (cp->nitems == (int)(sizeof(cp->item) / sizeof(cp->item[0])) ||
		    off + sizeof(it) > r.size)
			return -1;
		memcpy(&it, raw + off, sizeof(it));
		off += sizeof(it);
		if (it.arg >= SC_MAX_ARGS || it.len > r.size - off)
			return -1;
		cp->item[cp->nitems].arg = it.arg;
		cp->item[cp->nitems].flags = it.flags;
		/* an exit record may carry entry data (read again at exit) */
		cp->item[cp->nitems].phase = r.phase == CAP_AT_EXIT &&
			it.phase == CAP_AT_ENTRY ? CAP_AT_ENTRY : r.phase;
		cp->item[cp->nitems].len = it.len;
		cp->item[cp->nitems].count = it.count;
		cp->item[cp->nitems].total = it.total;
		cp->item[cp->nitems].p = raw + off;
		cp->nitems++;
		off += (it.len + 7) & ~(size_t)7;
		if (off > r.size)
			off = r.size;
	}
	return 1;
}

void capture_caps(const struct cap_parsed *cp, struct cap caps[6],
		  const struct cap *in[6], const struct cap *out[6],
		  uint8_t *buf, size_t buflen)
{
	size_t used = 0;

	for (int a = 0; a < SC_MAX_ARGS; a++) {
		int first = -1, n = 0, bad = 0;
		const struct cap **ptrs;
		size_t total = 0;

		for (int i = 0; i < cp->nitems; i++) {
			if (cp->item[i].arg != a)
				continue;
			if (first < 0)
				first = i;
			n++;
			total += cp->item[i].len;
			bad |= cp->item[i].flags & CAP_F_FAULT;
		}
		if (first < 0)
			continue;
		/* an argument's items are all of one phase: one kind each */
		ptrs = cp->item[first].phase == CAP_AT_ENTRY ? in : out;
		/* several pieces (msghdr): whole, or not at all */
		if (n > 1 && (bad || used + total > buflen))
			continue;
		/* caps[a] may be what ptrs[a] shows: clear only to refill */
		memset(&caps[a], 0, sizeof(caps[a]));
		if (n == 1) {
			caps[a].p = cp->item[first].p;
			caps[a].len = cp->item[first].len;
			caps[a].count = cp->item[first].count;
			caps[a].total = cp->item[first].total;
			caps[a].flags = (uint8_t)((cp->item[first].flags & CAP_F_TRUNC ?
						   CAP_TRUNC : 0) |
						  (bad ? CAP_FAULT : 0) |
						  (cp->item[first].flags & CAP_F_RETRY ?
						   CAP_LATER : 0));
			ptrs[a] = &caps[a];
			continue;
		}
		caps[a].p = buf + used;
		for (int i = first; i < cp->nitems; i++) {
			if (cp->item[i].arg != a)
				continue;
			memcpy(buf + used, cp->item[i].p, cp->item[i].len);
			used += cp->item[i].len;
			if (cp->item[i].flags & CAP_F_TRUNC)
				caps[a].flags |= CAP_TRUNC;
			caps[a].count = cp->item[i].count ? cp->item[i].count :
				       caps[a].count;
			caps[a].total = cp->item[i].total ? cp->item[i].total :
				       caps[a].total;
		}
		caps[a].len = (uint32_t)total;
		ptrs[a] = &caps[a];
	}
}
