// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Plan stage: the options, read once, into what each stage does.  Every
 * "which mode is this" test of the run is written here, once: -c alone
 * prints a table instead of lines, signal lines are wanted, ring mode
 * fits, mappings are needed...  Pure: no I/O, no kernel.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>

#include "cap_unwind_abi.h"
#include "options.h"
#include "plan.h"
#include "perf.h"

/*
 * Without -m: 16 MiB per CPU, halved while all of them would pass 64 MiB
 * (128 MiB with DWARF stacks, which copy 8 KiB per call), never below the
 * 4 MiB default.  Measured with make bench: a 4-thread getppid storm on 2
 * CPUs lost records with 4 MiB rings in most runs, none with 16 MiB.
 */
static size_t ring_size(const struct options *o, long ncpu)
{
	size_t all = (o->stack && !o->stack_fp ? 128u : 64u) << 20;
	size_t r = 16u << 20;

	if (o->ring_given)
		return o->ring_bytes;
	while (ncpu > 0 && r > o->ring_bytes && r * (size_t)ncpu > all)
		r /= 2;
	return r > o->ring_bytes ? r : o->ring_bytes;
}

/*
 * What the BPF programs do: -c alone copies no arguments (no lines are
 * printed) and shows no signal lines.  Ring mode (the program writes the
 * calls' records itself: a few tens of ns a record where a perf sample
 * costs several hundred) is not for -p (per-task events), other
 * tracepoints (their tasks' life comes with their events), nor -c
 * alone; with stacks, only the kernel's unwinder's (the ring programs
 * write its records too; the frame-pointer chain and the kernel's stack
 * are what perf's samples carry).
 */
static void plan_capture(const struct options *o, struct plan *p)
{
	struct cap_want *w = &p->cap;
	int table_only = o->summary == 1;
	int ring_stack = o->stack_bpf && !o->stack_fp && !o->kstack;

	w->no_bpf = o->no_bpf;
	w->args = !table_only;
	w->ring = (!o->stack || ring_stack) && (!o->npids || o->tree) &&
		  !o->ntps && !table_only;
	w->summary = o->summary != 0;
	w->signals = !table_only;
	/* --tree: forks followed while attaching (the kernel adds who is
	   born meanwhile; see attach_tree) */
	w->follow = o->follow > 0 || o->tree;
	w->all = o->system_wide;
	w->spawns = o->spawns;
	w->shell = o->stack != 0;
	w->python = o->stack != 0 && !o->no_python;
	w->ustack = o->stack_bpf;
	w->stack_size = o->stack_size;
	w->stack_debuginfo = o->stack > 1;
	w->count_events = table_only;
	w->strsize = (unsigned int)o->strsize;
	/* strace -v shows execve's environment, not its count */
	w->envs = o->verbose != 0;
	w->ip = o->iptr && o->lines;
	w->dump = o->lines && (fdsel_any(&o->dump_rd) ||
			       fdsel_any(&o->dump_wr));
	w->dump_rd = &o->dump_rd;
	w->dump_wr = &o->dump_wr;
	w->fds = o->decode_fds ? CAP_FDS_ON | (o->decode_fds & DECODE_FD_SOCKET ?
					      CAP_FDS_SOCKET : 0) : 0;
	/* -P: fds are matched by what they refer to */
	if (o->paths.n)
		w->fds |= CAP_FDS_ON;
	w->sum_by = o->sum_by;
	w->hist = o->hist;
	w->sum_wall = o->sum_wall;
	w->sum_overhead = o->overhead_ns;
	w->sel = &o->sel;
	w->rec_sel = &p->seen;
	/* --comm, --uid, --cgroup: decided by the programs, on each call */
	w->target = targets_any(&o->targets) ? &o->targets.k : NULL;
	w->tconf = &o->targets.k;
	/*
	 * -Z, --errno: in ring mode a call is written at its exit, if it
	 * failed so; not when every call's record is read (-n's last call,
	 * -Y's reaping calls, -P's descriptors, --context's calls before,
	 * -e inject='s marks, which each exit of the thread is matched to,
	 * -b's execs).
	 */
	w->detach_exec = o->detach_exec;
	/* signal=: sent by the kernel, as strace's (SI_KERNEL) */
	for (int nr = 0; o->inject.by_nr && nr < INJ_NR_MAX; nr++)
		w->inj |= o->inject.by_nr[nr].flags & INJ_SIGNAL;
	w->failed = o->status == STATUS_FAILED && !o->scno && !o->pid_names &&
		    !o->paths.n && !o->context && !o->inject.n &&
		    !o->detach_exec;
	/* -c: try counting in the kernel first (exact, no record per call) */
	p->count_first = table_only && !o->stack;
}

/*
 * -n on a signal or exit line prints the task's last syscall, whichever
 * it was (strace stops at every call), and -i a signal sent while the
 * task is in an untraced call prints that call's IP (strace stops for
 * it as the call ends): with a narrower -e trace=, the records of every
 * call must come (and pairing shows only the selected).
 * -Y: wait4 and waitid too.  Otherwise only the selected calls make
 * records.
 */
static void plan_seen(const struct options *o, struct plan *p)
{
	static const int reaping[] = { SYS_wait4, SYS_waitid };

	/* (signal and killed lines are shown even with -qqq) */
	if ((o->scno || o->iptr) && o->lines)
		sel_all(&p->seen);
	else
		p->seen = o->sel;
	/* -b execve: the exec's exit ends a process's tracing */
	if (o->detach_exec) {
		p->seen.bits[SYS_execve / 64] |= 1ull << (SYS_execve % 64);
		p->seen.bits[SYS_execveat / 64] |= 1ull << (SYS_execveat % 64);
	}
	/* -Y names a zombie until it is reaped: the reaping calls too */
	if (o->pid_names && o->lines)
		for (size_t i = 0; i < sizeof(reaping) / sizeof(reaping[0]); i++)
			p->seen.bits[reaping[i] / 64] |= 1ull << (reaping[i] % 64);
}

static void plan_events(const struct options *o, struct plan *p)
{
	struct ev_want *e = &p->ev;

	e->sel = &p->seen;
	e->tps = o->tps;
	e->ntps = o->ntps;
	e->stack = o->stack;
	e->stack_fp = o->stack_fp;
	e->stack_bpf = o->stack_bpf;
	e->kstack = o->kstack;
	/* -i: only where lines are printed (records cost 8 or 16 more) */
	e->ip = o->iptr && o->lines;
	e->all = o->system_wide;
	e->raw_only = o->inject.n > 0 || o->detach_exec;
}

/*
 * Mappings, for what needs them: code to unwind stacks, and for printed
 * lines the read-only files strings can be read from.  A summary needs
 * none (an mmap storm would pay a record per call).  With BPF, strings
 * come from its copies (an entry copy that faulted is made again at
 * exit): data mappings add nothing, and cost every mmap of every traced
 * process a record; the system-wide rings are open before that is known.
 */
static void plan_rings(const struct options *o, const struct plan_machine *m,
		       struct plan *p)
{
	int code = o->stack ? PERF_MAPS_CODE : PERF_MAPS_NONE;

	p->ring_bytes = ring_size(o, m->ncpu);
	p->maps = o->lines || o->timeline ? PERF_MAPS_ALL : code;
	p->maps_with_bpf = o->system_wide ? p->maps : code;
	p->stack_size = o->stack_size;
	p->stack_fp = o->stack_fp;
	p->kstack = o->kstack;
}

/*
 * --color=auto: the trace on a terminal, not a file, and no NO_COLOR
 * (no-color.org: set and not empty) nor TERM=dumb; --color=always
 * overrides them, as that convention asks.  JSON and perf's format are
 * never coloured (options.c refuses always with them).
 */
static int plan_color(const struct options *o, const struct plan_machine *m)
{
	if (o->json || o->stack_perf || o->color == COLOR_NEVER)
		return 0;
	return o->color == COLOR_ALWAYS ||
	       (!o->outfile && m->tty && !m->no_color);
}

static void plan_sink(const struct options *o, const struct plan_machine *m,
		      struct plan *p)
{
	struct sink_conf *s = &p->sink;

	p->json = o->json;
	s->outfile = o->outfile;
	s->append = o->append;
	s->scno = o->scno;
	s->ip = o->iptr;
	s->comm = o->pid_names;
	s->per_task = o->follow == 2 && o->outfile;
	/* -ff: the main stream is unused; folded stacks write -o themselves */
	s->main_on_stderr = s->per_task || o->folded;
	s->follow = o->follow > 0;
	/* -c, --stack=folded, --flamegraph, --spawns: tables, not lines */
	s->lines = o->lines;
	s->ts_format = o->ts_format;
	s->ts_width = o->ts_width;
	s->relative = o->relative;
	s->rel_width = o->rel_width;
	s->show_time = o->show_time;
	s->time_width = o->time_width;
	s->quiet = o->quiet_set;
	s->whole = p->pair.rules.filters;
	s->interval = o->interval;
	s->hist = o->hist;
	s->sort = o->sort;
	s->columns = o->columns[0] ? o->columns : NULL;
	s->xstyle = o->xstyle;
	s->color = plan_color(o, m);
	s->timeline = o->timeline;
}

void plan_make(const struct options *o, const struct plan_machine *m,
	       struct plan *p)
{
	memset(p, 0, sizeof(*p));
	p->cmd = o->cmd;
	p->launch = (struct launch_conf){ .argv = o->cmd, .user = o->user,
					  .env = o->env, .nenv = o->nenv };
	/* strace kills its tracees: the command, and with -f what it starts */
	if (o->kill_on_exit)
		p->launch.kill = o->follow || o->system_wide ?
				 LAUNCH_KILL_TREE : LAUNCH_KILL_CMD;
	p->pids = o->pids;
	p->npids = o->npids;
	p->all = o->system_wide;
	p->targets = targets_any(&o->targets) ? &o->targets : NULL;
	p->follow = o->follow > 0;
	p->tree = o->tree;
	p->ready_fd = o->ready_fd;
	p->interruptible = o->interruptible ? o->interruptible : INTR_WAITING;
	p->inject = o->inject.n ? &o->inject : NULL;
	plan_seen(o, p);
	plan_events(o, p);
	plan_capture(o, p);
	p->scope = (o->cmd && !o->system_wide && !o->npids) || o->tree;
	plan_rings(o, m, p);
	p->pair = (struct pair_conf){
		.sel = &o->sel, .strsize = o->strsize, .verbose = o->verbose,
		.xflag = o->xhex_given ? o->xhex : o->xflag, .fds = o->decode_fds, .paths = &o->paths,
		.follow = o->follow > 0,
		.all = o->system_wide, .stacks = o->stack,
		.selection = targets_any(&o->targets),
		.signals = o->signals, .max_events = o->max_events,
		.context = o->context,
		.detach_exec = o->detach_exec,
		.rules = { .status = o->status, .duration_ns = o->duration_ns,
			   .errs = o->targets.nerrs ? o->targets.k.errs : NULL,
			   .filters = o->status != STATUS_ALL || o->duration_ns },
		.pid_names = o->pid_names,
		.raw = o->raw_given ? &o->raw : NULL,
		.abbrev = o->abbrev_given ? &o->abbrev : NULL,
		.deref = o->deref_given ? &o->deref : NULL,
	};
	plan_sink(o, m, p);
	p->summary = o->summary;
	p->sum_by = o->sum_by;
	p->interval = o->interval;
	p->stacks = o->stack;
	p->top_stacks = o->summary == 1 && o->stack && !o->folded &&
			!o->flamegraph;
	p->aggregate = o->folded || o->flamegraph || (o->summary == 1 && o->stack);
	p->stack_perf = o->stack_perf;
	p->folded = o->folded;
	p->folded_file = o->outfile;
	p->folded_append = o->append;
	p->flamegraph = o->flamegraph;
	p->spawns = o->spawns;
	p->quiet = o->quiet_set;
}

/*
 * The plan of what the options stage read into o (r: its answer): 0 with
 * *p made, owning o; otherwise o released and freed, r given back
 */
static int plan_of(struct options *o, int r, const struct plan_machine *m,
		   struct plan *p)
{
	if (r) {
		/* on an error the options stage released what it took */
		if (r > 0)
			opt_free(o);
		free(o);
		return r;
	}
	plan_make(o, m, p);
	p->opts = o;
	return 0;
}

static struct options *plan_options(struct plan *p, char *err, size_t errlen)
{
	struct options *o = calloc(1, sizeof(*o));

	memset(p, 0, sizeof(*p));
	if (!o)
		snprintf(err, errlen, "out of memory");
	return o;
}

/* the options only etrace record takes, refused elsewhere */
static int record_only(struct options *o, int r, char *err, size_t errlen)
{
	if (r || (!o->flight.given && !o->flight.ntrig &&
		  !o->flight.after_ns))
		return r;
	snprintf(err, errlen, "--flight-recorder, --trigger and --after are"
		 " etrace record's");
	opt_free(o);
	return -1;
}

/*
 * -k without an unwinder named: the kernel's (--stack=bpf) where the
 * kernel can and BPF is on.  It writes 8 bytes a frame where a copy is
 * --stack-size bytes a call, and so keeps up with a storm of calls that
 * the copies overflow the rings with (libdw still unwinds, from a copy,
 * what its rows cannot say).  Not for a recording, which keeps the
 * copies to unwind at report time.
 */
static void unwinder_default(struct options *o, const struct plan_machine *m)
{
	if (o->stack && !o->stack_fp && !o->stack_dwarf && !o->stack_bpf &&
	    !o->no_bpf && o->stack_size <= USTACK_COPY_MAX &&
	    m->unwinds_in_kernel && m->unwinds_in_kernel())
		o->stack_bpf = 1;
}

int plan_read(int argc, char **argv, const struct plan_machine *m,
	      struct plan *p, char *err, size_t errlen)
{
	struct options *o = plan_options(p, err, errlen);
	int r;

	if (!o)
		return -1;
	r = record_only(o, opt_parse(argc, argv, o, err, errlen), err, errlen);
	if (!r)
		unwinder_default(o, m);
	r = plan_of(o, r, m, p);
	if (!r) {
		p->list = o->list;
		p->list_glob = o->list && o->cmd ? o->cmd[0] : NULL;
		p->list_verbose = o->verbose;
	}
	return r;
}

int plan_read_record(int argc, char **argv, const struct plan_machine *m,
		     struct plan *p, struct recording_conf *rcf, char *err,
		     size_t errlen)
{
	struct options *o = plan_options(p, err, errlen);
	int r;

	if (!o)
		return -1;
	r = plan_of(o, opt_parse_record(argc, argv, o, rcf, err, errlen), m,
		    p);
	if (!r) {
		p->record = rcf;
		rcf->flight = o->flight.given ? &o->flight : NULL;
		/* "writing FILE failed" names the recording */
		p->sink.outfile = rcf->path;
	}
	return r;
}

int plan_read_report(const struct plan_report *rw,
		     const struct plan_machine *m, struct plan *p, char *err,
		     size_t errlen)
{
	struct options *o = plan_options(p, err, errlen);

	if (!o)
		return -1;
	return plan_of(o, record_only(o, opt_parse_report(rw, o, err, errlen),
				      err, errlen), m, p);
}

void plan_free(struct plan *p)
{
	if (p->opts) {
		opt_free(p->opts);
		free(p->opts);
	}
	p->opts = NULL;
}
