// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The live trace: setup, the read loop, and teardown on every exit path.
 *
 * The loop sleeps in poll() on the per-CPU rings (woken when a ring is a
 * quarter full) and a signalfd, with a timeout so a slow tracee's lines
 * still appear promptly.  Each wake-up drains all rings in time order.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include "proc.h"
#include "record.h"
#include "unwind.h"
#include "sysent_fallback.h"
#include "trace.h"

#define REORDER_WINDOW_NS 2000000ull	/* 2 ms */
#define POLL_MS 100
#define POLL_ENDING_MS 5
#define POLL_HELD_MS 5		/* records held back in a BPF ring */
#define GRACE_NS 500000000ull		/* CMD mode: wait for it after ^C */
#define VANISH_CHECK_NS 200000000ull	/* tasks gone without an EXIT record */

/*
 * The reader goes before what it reads (nice -20, where permitted), the
 * command being forked already and keeping its own: a program that keeps
 * every CPU busy (four threads making syscalls on two CPUs) otherwise
 * leaves etrace too little time to read what it writes, and the rings
 * overflow (measured: 650,000 of 2 million records lost at nice 0, 55,000
 * in one run of three at -10, none in ten at -20; the program ~5% slower).
 * etrace sleeps when there is nothing to read.
 */
#define READER_NICE (-20)

static void raise_priority(void)
{
	errno = 0;
	if (getpriority(PRIO_PROCESS, 0) > READER_NICE && !errno)
		(void)setpriority(PRIO_PROCESS, 0, READER_NICE);
}

static void raise_nofile(void)
{
	struct rlimit rl;

	if (!getrlimit(RLIMIT_NOFILE, &rl) && rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
}

/* a refused filter: say why, in the kernel's words */
static int filter_error(struct trace *t, int r, char *err, size_t errlen)
{
	for (int i = 0; r == -EBADMSG && i < t->ev.n; i++) {
		struct evsel *e = &t->ev.ev[i];

		if (e->filter_bad) {
			tfs_filter_error(&t->tfs, e->sys, e->name, e->filter,
					 err, errlen);
			break;
		}
	}
	return r;
}

/*
 * --ready-fd: a script may start its workload once it reads the line
 * (every event is enabled; what happens from now on is in the rings).
 * Not inherited by the command; closed at once, so a reader sees EOF
 * instead when etrace fails before.
 */
static int ready_open(struct trace *t, int fd, char *err, size_t errlen)
{
	int fl = fd >= 0 ? fcntl(fd, F_GETFL) : 0;

	if (fd < 0)
		return 0;
	if (fl < 0 || (fl & O_ACCMODE) == O_RDONLY ||
	    fcntl(fd, F_SETFD, FD_CLOEXEC) < 0) {
		snprintf(err, errlen, "--ready-fd %d: not a file descriptor open"
			 " for writing", fd);
		return -EBADF;
	}
	t->ready_fd = fd;
	return 0;
}

static void ready_tell(struct trace *t)
{
	if (t->ready_fd < 0)
		return;
	/* a reader that went away is no reason to stop tracing */
	while (write(t->ready_fd, "ready\n", 6) < 0 && errno == EINTR)
		;
	close(t->ready_fd);
	t->ready_fd = -1;
}

static int attach_pid(struct trace *t, pid_t pid, char *err, size_t errlen)
{
	const struct options *o = t->o;
	int opened = 0;

	if (pid == getpid()) {
		snprintf(err, errlen, "-p %d: that is etrace itself", (int)pid);
		return -EINVAL;
	}
	if (proc_tgid(pid) != pid) {
		pid_t g = proc_tgid(pid);

		if (g < 0)
			snprintf(err, errlen, "-p %d: no such process", (int)pid);
		else
			snprintf(err, errlen, "-p %d: is a thread of process %d;"
				 " give the process", (int)pid, (int)g);
		return -ESRCH;
	}
	/*
	 * Threads born while we attach would be missed: list again until
	 * a pass finds none new.
	 */
	for (int pass = 0; pass < 16; pass++) {
		pid_t *tids;
		int n, fresh = 0, r;

		r = proc_tids(pid, &tids, &n);
		if (r) {
			if (opened)
				return 0;
			snprintf(err, errlen, "-p %d: %s", (int)pid,
				 r == -ESRCH ? "no such process" : strerror(-r));
			return r;
		}
		for (int i = 0; i < n; i++) {
			char comm[16] = "";
			pid_t *na;

			if (task_find(&t->pr.tasks, tids[i]))
				continue;
			r = perf_open_task(&t->ps, &t->ev, tids[i], o->follow,
					   0, err, errlen);
			if (r == -ESRCH)
				continue;	/* that thread just exited */
			if (r) {
				free(tids);
				return filter_error(t, r, err, errlen);
			}
			proc_comm(tids[i], comm);
			pair_add_task(&t->pr, tids[i], pid, comm);
			capture_add(&t->cap, o->follow ? pid : tids[i]);
			na = realloc(t->attached, sizeof(pid_t) * (t->nattached + 1));
			if (na) {
				t->attached = na;
				t->attached[t->nattached++] = tids[i];
			}
			fresh++;
			opened++;
		}
		free(tids);
		if (!fresh)
			break;
	}
	if (!opened) {
		snprintf(err, errlen, "-p %d: process exited while attaching",
			 (int)pid);
		return -ESRCH;
	}
	if (o->quiet < 1) {
		int nthreads = 0;

		for (int i = 0; i < t->nattached; i++)
			nthreads += proc_tgid(t->attached[i]) == pid;
		if (nthreads > 1)
			fprintf(stderr, "etrace: Process %d attached with %d"
				" threads\n", (int)pid, nthreads);
		else
			fprintf(stderr, "etrace: Process %d attached\n", (int)pid);
	}
	return 0;
}

/*
 * Without -m: 16 MiB per CPU, halved while all of them would pass 64 MiB
 * (128 MiB with DWARF stacks, which copy 8 KiB per call), never below the
 * 4 MiB default.  Measured with make bench: a 4-thread getppid storm on 2
 * CPUs lost records with 4 MiB rings in most runs, none with 16 MiB.
 */
static size_t ring_size(const struct options *o)
{
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	size_t all = (o->stack && !o->stack_fp ? 128u : 64u) << 20;
	size_t r = 16u << 20;

	if (o->ring_given)
		return o->ring_bytes;
	while (ncpu > 0 && r > o->ring_bytes && r * (size_t)ncpu > all)
		r /= 2;
	return r > o->ring_bytes ? r : o->ring_bytes;
}

/* what the BPF programs are to do for these options */
static void cap_want_of(const struct options *o, int ring, struct cap_want *w)
{
	memset(w, 0, sizeof(*w));
	w->no_bpf = o->no_bpf;
	w->args = o->summary != 1;
	w->ring = ring;
	w->summary = o->summary != 0;
	w->signals = o->summary != 1 && o->quiet < 3;
	w->follow = o->follow > 0;
	w->all = o->system_wide;
	w->spawns = o->spawns;
	w->count_events = o->summary == 1;
	w->strsize = (unsigned int)o->strsize;
	w->sum_by = o->sum_by;
	w->hist = o->hist;
	w->sel = &o->sel;
}

int trace_setup(struct trace *t, const struct options *o, char *err,
		size_t errlen)
{
	struct cap_want want;
	sigset_t mask;
	int r, per_task;

	memset(t, 0, sizeof(*t));
	t->o = o;
	t->sfd = -1;
	t->ready_fd = -1;
	r = ready_open(t, o->ready_fd, err, errlen);
	if (r)
		return r;
	raise_nofile();
	/*
	 * Signals come through a signalfd; SIGPIPE is blocked so a closed
	 * output pipe shows as EPIPE.  The command gets the original mask.
	 */
	sigemptyset(&mask);
	sigaddset(&mask, SIGINT);
	sigaddset(&mask, SIGTERM);
	sigaddset(&mask, SIGHUP);
	sigaddset(&mask, SIGQUIT);
	sigaddset(&mask, SIGCHLD);
	sigaddset(&mask, SIGPIPE);
	sigprocmask(SIG_BLOCK, &mask, &t->orig_mask);
	t->sfd = signalfd(-1, &mask, SFD_CLOEXEC | SFD_NONBLOCK);
	if (t->sfd < 0) {
		snprintf(err, errlen, "signalfd: %s", strerror(errno));
		return -errno;
	}
	t->sink = o->json ? sink_json_new(o, &t->pr.view, err, errlen) :
			    sink_text_new(o, &t->pr.view, err, errlen);
	if (!t->sink)
		return -EIO;
	r = pair_init(&t->pr, t->sink, &o->sel, o->strsize);
	if (!r && o->summary)
		r = summary_init(&t->sum, o->sum_by) ?:
		    summary_init(&t->sum_rec, o->sum_by) ?:
		    summary_init(&t->sum_prev, o->sum_by);
	if (r) {
		snprintf(err, errlen, "out of memory");
		return r;
	}
	t->pr.follow = o->follow > 0;
	t->pr.fo.verbose = o->verbose;
	t->pr.stacks = o->stack;
	if (o->spawns && !(t->pr.spawns = spawns_new())) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	if (o->folded || o->flamegraph || (o->summary == 1 && o->stack)) {
		t->pr.agg = stacks_new();
		if (!t->pr.agg) {
			snprintf(err, errlen, "out of memory");
			return -ENOMEM;
		}
	}
	/* an unwritable flame graph is said now, not after the trace */
	if (o->flamegraph) {
		int fd = open(o->flamegraph, O_WRONLY | O_CREAT | O_CLOEXEC, 0666);

		if (fd < 0) {
			snprintf(err, errlen, "cannot write %s: %s", o->flamegraph,
				 strerror(errno));
			return -errno;
		}
		close(fd);
	}
	if (o->stack && unwind_init(&t->pr.unw, &t->pr.maps, o->stack > 1)) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	t->pr.fo.xflag = o->xflag;
	t->pr.view.max = o->max_events;
	t->pr.system_wide = o->system_wide;
	if (o->system_wide)
		t->pr.view.nlive = 2;	/* many processes: always [pid N] */
	if (o->cmd) {
		r = launch_start(&t->ln, o->cmd, &t->orig_mask, o->user, err,
				 errlen);
		if (r)
			return r;
		t->have_child = 1;
		t->pr.child = t->ln.pid;
		t->pr.launch = &t->ln;
	}
	raise_priority();
	r = tfs_open(&t->tfs, err, errlen);
	if (r)
		return r;
	sc_fallback_init(&t->tfs);
	t->ring_bytes = ring_size(o);
	/*
	 * Mappings, for what needs them: code to unwind stacks, and for
	 * printed lines the read-only files strings can be read from.  A
	 * summary needs none (an mmap storm would pay a record per call).
	 */
	r = perf_open_rings(&t->ps, t->ring_bytes, o->system_wide,
			    o->lines ? PERF_MAPS_ALL :
			    o->stack ? PERF_MAPS_CODE : PERF_MAPS_NONE,
			    err, errlen);
	if (r)
		return r;
	t->ps.stack_size = o->stack_size;
	t->ps.stack_fp = o->stack_fp;
	t->ps.kstack = o->kstack;
	/* fds one task may cost, so the tracepoint choice fits the limit */
	{
		struct rlimit rl;
		int ntasks = o->npids ? 64 * o->npids : 1;

		getrlimit(RLIMIT_NOFILE, &rl);
		per_task = (int)((rl.rlim_cur > 256 ? rl.rlim_cur - 128 : 128) /
				 ((rlim_t)ntasks * (rlim_t)t->ps.ncpu));
	}
	/*
	 * -c: try counting in the kernel first (exact, no record per call);
	 * without BPF, count the records instead.
	 */
	if (o->summary == 1 && !o->stack) {
		r = events_build(&t->ev, o, &t->tfs, per_task, 0, err, errlen);
		if (r)
			return r;
		cap_want_of(o, 0, &want);
		capture_open(&t->cap, &want, &t->ps, &t->ev, &t->tfs);
		if (!t->cap.summary) {
			capture_close(&t->cap);
			events_free(&t->ev);
		}
	}
	if (!t->ev.n) {
		r = events_build(&t->ev, o, &t->tfs, per_task, 1, err, errlen);
		if (r)
			return r;
		/*
		 * Argument memory, copied in the kernel at the time of each
		 * call; and in ring mode the calls themselves, written by
		 * the program into BPF ring buffers: a few tens of ns a
		 * record where a perf sample costs several hundred.  Not for
		 * stacks (perf samples them), -p (per-task events), other
		 * tracepoints (their tasks' life comes with their events), or
		 * a few syscalls: their own tracepoints cost the others
		 * nothing, where the program would run for every one.
		 */
		cap_want_of(o, !o->stack && !o->npids && !t->ev.ntp &&
			    !t->ev.per_syscall && o->summary != 1, &want);
		capture_open(&t->cap, &want, &t->ps, &t->ev, &t->tfs);
	}
	if (o->summary) {
		t->pr.sum = &t->sum_rec;
		t->pr.sum_calls = t->sum_records = !t->cap.summary;
	}
	t->pr.signals = o->signals;
	t->pr.sig_from_bpf = t->cap.active && o->summary != 1 && o->quiet < 3;
	t->pr.bpf_exits = t->cap.active;
	if (t->cap.active) {
		events_signals_by_bpf(&t->ev);
		/*
		 * Strings come from the BPF copies (an entry copy that
		 * faulted is made again at exit): data mappings add nothing
		 * (the decoder parity figures are the same without), and
		 * cost every mmap of every traced process a record.  The
		 * system-wide rings are open already, with what they have.
		 */
		if (!o->system_wide && t->ps.maps == PERF_MAPS_ALL)
			t->ps.maps = o->stack ? PERF_MAPS_CODE : PERF_MAPS_NONE;
	}
	t->pr.file_strings = t->ps.maps == PERF_MAPS_ALL;
	t->sum.event_names = t->ev.tp_names;
	t->sum.nevents = (unsigned int)t->ev.ntp;
	/*
	 * Events that fire only where processes start and end (--spawns):
	 * on for every task on every CPU, not inherited by each traced one,
	 * and the records of the others dropped as they are read.  A fork
	 * then costs the traced program no copies of etrace's events, and
	 * no wake-up of etrace when the copies go at its exit.
	 */
	t->scoped = o->cmd && !o->system_wide && !o->npids &&
		    (t->cap.ring ||
		     (o->follow && events_lifecycle_only(&t->ev)));
	t->pr.events_survive_exec = t->scoped;
	if (t->scoped) {
		r = perf_open_sideband(&t->ps, err, errlen);
		if (r)
			return r;
	}
	if (o->system_wide || t->scoped) {
		r = perf_open_system(&t->ps, &t->ev, err, errlen);
		if (r)
			return filter_error(t, r, err, errlen);
	}
	if (o->cmd && !o->system_wide && !t->scoped) {
		r = perf_open_task(&t->ps, &t->ev, t->ln.pid, o->follow, 1,
				   err, errlen);
		if (r)
			return filter_error(t, r, err, errlen);
	}
	if (o->cmd) {
		pair_add_task(&t->pr, t->ln.pid, t->ln.pid, NULL);
		capture_add(&t->cap, t->ln.pid);
	}
	for (int i = 0; i < o->npids; i++) {
		r = attach_pid(t, o->pids[i], err, errlen);
		if (r)
			return r;
	}
	/* all open, all filtered: now they may fire (not etrace's own setup) */
	r = perf_enable(&t->ps);
	if (r) {
		snprintf(err, errlen, "cannot enable events: %s", strerror(-r));
		return r;
	}
	/* strace: -o FILE gets pid prefixes when it starts with several */
	t->pr.view.multi = o->system_wide || t->pr.view.nlive > 1;
	r = merge_init(&t->mg, t->ps.rings, t->ps.nrings, REORDER_WINDOW_NS);
	if (r) {
		snprintf(err, errlen, "out of memory");
		return r;
	}
	/* one line says how arguments will show (before the first line) */
	if (o->quiet < 1 && o->summary == 1) {
		if (t->cap.summary)
			fprintf(stderr, "etrace: summary: exact counts kept in"
				" the kernel (BPF)\n");
		else
			fprintf(stderr, "etrace: summary: counted from records,"
				" lost records are reported (%s)\n", t->cap.why);
	} else if (o->quiet < 1) {
		if (t->cap.active)
			fprintf(stderr, "etrace: arguments: exact copies made"
				" at syscall time (BPF)\n");
		else
			fprintf(stderr, "etrace: arguments: no copies (%s): strings"
				" only from read-only files, else pointers\n",
				t->cap.why);
	}
	if (o->cmd) {
		r = launch_go(&t->ln, err, errlen);
		if (r) {
			t->have_child = 0;
			return r;
		}
	}
	ready_tell(t);
	return 0;
}

static uint64_t rd(const uint8_t *raw, int off, int size)
{
	int32_t v4;
	uint64_t v8 = 0;

	if (size == 4) {
		memcpy(&v4, raw + off, 4);
		return (uint64_t)(int64_t)v4;
	}
	memcpy(&v8, raw + off, 8);
	return v8;
}

/*
 * t->scoped: a record of a traced task (or of a process of one)?  Not the
 * command's before its exec: that is etrace's own code (per-task events
 * start at the exec, enable_on_exec).
 */
static int in_scope(struct trace *t, pid_t pid, pid_t tid)
{
	if (!t->scoped)
		return 1;
	if (pid == t->ln.pid && !t->cmd_execd)
		return 0;
	return task_find(&t->pr.tasks, tid) || task_find(&t->pr.tasks, pid);
}

/*
 * Ring mode's records are the traced tasks' (the program filters), but
 * for the command's before its exec, which are etrace's own code: all but
 * the exec itself, whose entry per-task events never see.
 */
static int ring_in_scope(struct trace *t, const struct evsel *e,
			 const struct rec *r)
{
	int64_t nr;

	if (!t->scoped || (pid_t)r->pid != t->ln.pid || t->cmd_execd)
		return 1;
	if (e->role != EV_SC_ENTER || r->raw_size < 16)
		return 0;
	memcpy(&nr, r->raw + 8, 8);
	return nr == SYS_execve;
}

static void on_sample(struct trace *t, const struct perf_event_header *h,
		      uint64_t time)
{
	struct evsel *e;
	struct rec r;
	uint64_t id, args[SC_MAX_ARGS];
	int nargs;

	if (rec_id(h, h->size, &id) || !(e = perf_evsel(&t->ps, id)) ||
	    rec_parse(h, h->size, e->sample_type ? e->sample_type :
		      REC_SAMPLE_BASE | PERF_SAMPLE_RAW, UNWIND_NREGS, &r)) {
		t->bad++;
		return;
	}
	/* (BPF's records come only for traced tasks: the program filters) */
	if (e->ring) {
		if (!ring_in_scope(t, e, &r))
			return;
	} else if (e->role != EV_CAPTURE) {
		/* the kernel's samples, counted against its own counts */
		t->samples++;
		if (!in_scope(t, (pid_t)r.pid, (pid_t)r.tid))
			return;
	}
	if (e->stack) {
		/* the stack of this sample, for the pairing stage to unwind */
		t->pr.stk.regs = r.regs_abi ? r.regs : NULL;
		t->pr.stk.stack = r.stack;
		t->pr.stk.len = r.stack_dyn ? r.stack_dyn : r.stack_size;
		t->pr.stk.chain = r.callchain;
		t->pr.stk.nchain = r.callchain_nr;
		t->pr.stk.valid = 1;
	}
	switch (e->role) {
	case EV_SC_ENTER:
		nargs = e->nargs;
		if ((uint32_t)(e->off_nr + e->sz_nr) > r.raw_size ||
		    (uint32_t)(e->off_args + 8 * nargs) > r.raw_size) {
			t->bad++;
			return;
		}
		memcpy(args, r.raw + e->off_args, 8 * (size_t)nargs);
		pair_enter(&t->pr, (pid_t)r.pid, (pid_t)r.tid,
			   (long)rd(r.raw, e->off_nr, e->sz_nr), args, nargs,
			   time);
		break;
	case EV_SC_EXIT:
		if ((uint32_t)(e->off_nr + e->sz_nr) > r.raw_size ||
		    (uint32_t)(e->off_args + 8) > r.raw_size) {
			t->bad++;
			return;
		}
		pair_exit(&t->pr, (pid_t)r.pid, (pid_t)r.tid,
			  (long)rd(r.raw, e->off_nr, e->sz_nr),
			  (int64_t)rd(r.raw, e->off_args, 8), time);
		break;
	case EV_CAPTURE:
		t->pr.now = time;
		pair_capture(&t->pr, (pid_t)r.pid, (pid_t)r.tid, r.raw,
			     r.raw_size);
		break;
	case EV_TP:
		pair_event(&t->pr, (pid_t)r.pid, (pid_t)r.tid, e, r.raw,
			   r.raw_size, time);
		break;
	case EV_SIG_DELIVER:
		if ((uint32_t)(e->off_handler + 8) > r.raw_size) {
			t->bad++;
			return;
		}
		pair_signal(&t->pr, (pid_t)r.pid, (pid_t)r.tid,
			    (int)rd(r.raw, e->off_sig, 4),
			    rd(r.raw, e->off_handler, 8),
			    (int)rd(r.raw, e->off_code, 4), time);
		break;
	}
	/* the sample's stack lives in the ring: no one may use it later */
	t->pr.stk.valid = 0;
}

static void on_record(void *ctx, struct ring *ring,
		      const struct perf_event_header *h, uint64_t time)
{
	struct trace *t = ctx;
	struct rec r;

	if (h->type == PERF_RECORD_SAMPLE) {
		on_sample(t, h, time);
		return;
	}
	if (rec_parse(h, h->size, 0, 0, &r)) {
		t->bad++;
		return;
	}
	switch (r.type) {
	case PERF_RECORD_COMM:
		if ((h->misc & PERF_RECORD_MISC_COMM_EXEC) &&
		    (pid_t)r.u.comm.pid == t->ln.pid && t->have_child)
			t->cmd_execd = 1;
		if (!in_scope(t, (pid_t)r.u.comm.pid, (pid_t)r.u.comm.tid))
			break;
		pair_comm(&t->pr, (pid_t)r.u.comm.pid, (pid_t)r.u.comm.tid,
			  r.u.comm.comm, (h->misc & PERF_RECORD_MISC_COMM_EXEC) != 0);
		break;
	case PERF_RECORD_MMAP2:
		if (!in_scope(t, (pid_t)r.u.mmap2.pid, (pid_t)r.u.mmap2.tid))
			break;
		pair_mmap(&t->pr, (pid_t)r.u.mmap2.pid, r.u.mmap2.addr,
			  r.u.mmap2.len, r.u.mmap2.pgoff, r.u.mmap2.prot,
			  r.u.mmap2.flags,
			  makedev(r.u.mmap2.maj, r.u.mmap2.min), r.u.mmap2.ino,
			  r.u.mmap2.path);
		break;
	case PERF_RECORD_FORK:
		/* a traced task's child or thread is traced too */
		if (!in_scope(t, (pid_t)r.u.task.ppid, (pid_t)r.u.task.ptid))
			break;
		pair_fork(&t->pr, (pid_t)r.u.task.ppid, (pid_t)r.u.task.ptid,
			  (pid_t)r.u.task.pid, (pid_t)r.u.task.tid, time);
		break;
	case PERF_RECORD_EXIT:
		if (!in_scope(t, (pid_t)r.u.task.pid, (pid_t)r.u.task.tid))
			break;
		pair_task_exit(&t->pr, (pid_t)r.u.task.pid,
			       (pid_t)r.u.task.tid, time);
		break;
	case PERF_RECORD_LOST:
		ring->lost += r.u.lost.lost;
		t->lost += r.u.lost.lost;
		t->sink->ops->lost(t->sink, ring->cpu, r.u.lost.lost, time);
		break;
	}
}

static void on_signals(struct trace *t)
{
	struct signalfd_siginfo si;

	while (read(t->sfd, &si, sizeof(si)) == (ssize_t)sizeof(si)) {
		switch (si.ssi_signo) {
		case SIGCHLD:
			break;
		case SIGPIPE:
			break;	/* the write's EPIPE says it */
		default:
			if (t->stop_sig && t->stop_at) {
				t->stop_at = 1;	/* a second one: now */
				break;
			}
			t->stop_sig = (int)si.ssi_signo;
			t->stop_time = merge_now();
			/* the trace is cut here: later drops are not its */
			t->drops_at_stop = capture_ring_drops(&t->cap);
			/*
			 * With a command, ^C reaches it too: give it a moment
			 * to die so its end is in the trace.
			 */
			t->stop_at = t->have_child ? merge_now() + GRACE_NS : 1;
		}
	}
	if (t->have_child && !t->pr.child_reaped) {
		int st;
		pid_t w = waitpid(t->ln.pid, &st, WNOHANG);

		if (w == t->ln.pid)
			pair_child_reaped(&t->pr, st, merge_now());
	}
}

static void merge_rows(struct summary *to, const struct summary *from)
{
	for (unsigned int i = 0; i < from->n; i++)
		summary_add(to, &from->rows[i].key, &from->rows[i].val);
}

/*
 * The kernel says a ring lost records only when it next writes to it: a
 * burst that overflows a ring at the very end is never said.  The events'
 * counts lose nothing, so what they made and was not read is lost too.
 * made is read before the last drain: events still running (-p, -a)
 * only add to what is read, so this is a lower bound, as it is when the
 * losses said already include records other than samples.  Ring mode's
 * rings count their drops themselves (drops, all of them until the trace
 * ended or was cut): those not said by a LOST record in the ring.
 */
static void unreported_losses(struct trace *t, uint64_t made, uint64_t drops)
{
	uint64_t got = t->samples + t->mg.cut_samples, n;
	uint64_t said = 0, perf_lost;

	/* ring mode: the program counts what its rings dropped, exactly */
	for (int i = t->ps.ncpu; i < t->ps.nrings; i++)
		said += t->ps.rings[i].lost;
	perf_lost = t->lost - said;
	if (drops > said) {
		t->lost += drops - said;
		t->sink->ops->lost(t->sink, -1, drops - said, merge_now());
	}
	if (made <= got || made - got <= perf_lost)
		return;
	n = made - got - perf_lost;
	t->lost += n;
	t->sink->ops->lost(t->sink, -1, n, merge_now());
}

/* -c: the table now (at the end, or each --interval) */
static void emit_summary(struct trace *t, int final)
{
	struct summary *out = &t->sum;
	struct summary now;

	if (t->cap.summary) {
		if (!t->o->interval) {
			cap_sum_read(&t->cap, &t->sum);
		} else if (!summary_init(&now, t->o->sum_by)) {
			/* the kernel's counts only grow: print the difference */
			cap_sum_read(&t->cap, &now);
			summary_delta(&t->sum, &now, &t->sum_prev);
			summary_clear(&t->sum_prev);
			for (unsigned int i = 0; i < now.n; i++)
				summary_add(&t->sum_prev, &now.rows[i].key,
					    &now.rows[i].val);
			t->sum_prev.full = now.full;
			summary_free(&now);
		}
	} else {
		summary_clear(&t->sum);
	}
	/* what the kernel did not count: from records, lost ones said */
	merge_rows(&t->sum, &t->sum_rec);
	t->sum.lost = t->sum_rec.n || t->sum_records ? t->lost : 0;
	t->sink->ops->summary(t->sink, out, merge_now());
	/* records: each interval counts afresh */
	if (t->o->interval && !final)
		summary_clear(&t->sum_rec);
}

/* --spawns: the report, to where the trace goes */
static void emit_spawns(struct trace *t)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	if (!t->pr.spawns || !(f = open_memstream(&text, &len)))
		return;
	spawns_report(t->pr.spawns, f, merge_now() - t->start, t->o->stack);
	fclose(f);
	t->sink->ops->report(t->sink, "spawns", text, len);
	free(text);
}

#define TOP_STACKS 20

/* -c -k: top stacks; --stack=folded to stdout (or -o); --flamegraph */
static void emit_stacks(struct trace *t)
{
	const struct options *o = t->o;
	char *text = NULL;
	size_t len = 0;
	FILE *f;
	int r;

	if (!t->pr.agg)
		return;
	if (o->summary == 1 && !o->folded && !o->flamegraph &&
	    (f = open_memstream(&text, &len))) {
		/* -c -k: the stacks the calls came from, biggest first */
		stacks_top(t->pr.agg, f, TOP_STACKS);
		fclose(f);
		t->sink->ops->report(t->sink, "stacks", text, len);
		free(text);
	}
	if (o->folded) {
		f = o->outfile ? fopen(o->outfile, "w") : stdout;
		if (!f || stacks_folded(t->pr.agg, f)) {
			fprintf(stderr, "etrace: writing the folded stacks: %s\n",
				strerror(errno));
			t->out_err = errno ? errno : EIO;
		}
		if (f && f != stdout)
			fclose(f);
		else if (f)
			fflush(f);
	}
	if (o->flamegraph) {
		char title[256];

		snprintf(title, sizeof(title), "etrace%s%s", o->cmd ? ": " : "",
			 o->cmd ? o->cmd[0] : "");
		r = stacks_svg(t->pr.agg, o->flamegraph, title);
		if (r) {
			fprintf(stderr, "etrace: writing %s: %s\n", o->flamegraph,
				strerror(-r));
			t->out_err = -r;
		}
	}
}

static int finished(struct trace *t)
{
	const struct options *o = t->o;

	if (t->out_err)
		return 1;
	if (sink_full(t->sink))
		return 1;
	if (t->stop_sig && merge_now() >= t->stop_at)
		return 1;
	if (t->have_child) {
		if (!t->pr.child_reaped)
			return 0;
		/* -f: until every traced descendant is gone, as strace */
		return o->system_wide || !o->follow || t->pr.view.nlive <= 0;
	}
	if (o->npids)
		return t->pr.view.nlive <= 0;
	return 0;
}

int trace_run(struct trace *t)
{
	int nr = t->ps.nrings;
	struct pollfd *pfd = calloc((size_t)nr + 1, sizeof(*pfd));
	uint64_t next_check = 0, end_at = 0;
	int status = 0;

	if (!pfd)
		return 1;
	for (int i = 0; i < nr; i++) {
		pfd[i].fd = t->ps.rings[i].fd;
		pfd[i].events = POLLIN;
	}
	t->start = merge_now();
	if (t->o->interval)
		t->next_interval = merge_now() + (uint64_t)(t->o->interval * 1e9);
	pfd[nr].fd = t->sfd;
	pfd[nr].events = POLLIN;
	for (;;) {
		int ending = t->pr.child_reaped || t->stop_sig;
		int wait = ending ? POLL_ENDING_MS : POLL_MS, r;

		/* --interval: wake for the tick, not up to POLL_MS after it */
		if (t->o->interval) {
			uint64_t now = merge_now();
			int left = t->next_interval > now ?
				(int)((t->next_interval - now + 999999) / 1000000) : 0;

			if (left < wait)
				wait = left;
		}
		/*
		 * A BPF ring polls readable while it holds anything, and the
		 * merge leaves the youngest records in it (the reorder
		 * window): then it is not polled, and read again soon.
		 */
		for (int i = t->ps.ncpu; i < nr; i++) {
			struct ring *rg = &t->ps.rings[i];

			pfd[i].fd = rg->pos == rg->head ? rg->fd : -1;
			if (rg->pos != rg->head && wait > POLL_HELD_MS)
				wait = POLL_HELD_MS;
		}
		r = poll(pfd, (nfds_t)nr + 1, wait);

		if (r < 0 && errno != EINTR)
			break;
		if (pfd[nr].revents & POLLIN)
			on_signals(t);
		merge_drain(&t->mg, 0, on_record, t);
		r = t->sink->ops->flush(t->sink);
		if (r) {
			t->out_err = -r;
			break;
		}
		if (t->o->interval && merge_now() >= t->next_interval) {
			uint64_t step = (uint64_t)(t->o->interval * 1e9);

			emit_summary(t, 0);
			/* on the beat; after a stall, from now */
			t->next_interval += step;
			if (t->next_interval <= merge_now())
				t->next_interval = merge_now() + step;
		}
		/*
		 * A task whose EXIT record was lost must not keep us here.
		 * Not before every record made until the end is read (the
		 * reorder window, a backlog): its last ones may be among
		 * them.  Then again now and then, for tasks still running.
		 */
		if (ending && !end_at)
			end_at = merge_now();
		if (ending || t->o->npids) {
			uint64_t now = merge_now();

			if (!next_check && (!ending || t->mg.settled >= end_at))
				next_check = ending ? now : now + VANISH_CHECK_NS;
			if (next_check && now >= next_check) {
				next_check = now + VANISH_CHECK_NS;
				if (t->pr.child_reaped || t->o->npids)
					pair_reap_vanished(&t->pr, now);
			}
		}
		if (finished(t))
			break;
	}
	free(pfd);
	/*
	 * What the rings hold is the rest of the trace.  When a signal ends
	 * it, cut at the moment it came, the same instant on every CPU, so
	 * no call is seen half (an exit without its entry).
	 */
	if (t->stop_sig && !t->pr.child_reaped)
		t->mg.cutoff = t->stop_time;
	if (!t->out_err) {
		uint64_t made = perf_samples_made(&t->ps);
		uint64_t drops = t->mg.cutoff != UINT64_MAX ? t->drops_at_stop :
				 capture_ring_drops(&t->cap);
		int r;

		merge_drain(&t->mg, 1, on_record, t);
		unreported_losses(t, made, drops);
		if (t->pr.child_reaped)
			pair_reap_vanished(&t->pr, merge_now());
		pair_detach(&t->pr, merge_now());
		/* with --interval: the last, partial interval's table */
		if (t->o->summary)
			emit_summary(t, 1);
		emit_stacks(t);
		emit_spawns(t);
		r = t->sink->ops->flush(t->sink);
		if (r)
			t->out_err = -r;
	}
	if (t->out_err && t->have_child && !t->pr.child_reaped) {
		/*
		 * The output is gone (etrace | head): stop tracing, let the
		 * command finish untraced and pass on its status.
		 */
		int st;

		perf_close(&t->ps);
		if (waitpid(t->ln.pid, &st, 0) == t->ln.pid) {
			t->pr.child_reaped = 1;
			t->pr.child_status = st;
		}
	}
	if (t->out_err && t->out_err != EPIPE)
		fprintf(stderr, "etrace: writing the trace failed: %s\n",
			strerror(t->out_err));
	if (t->have_child && t->pr.child_reaped) {
		int st = t->pr.child_status;

		status = WIFSIGNALED(st) ? 128 + WTERMSIG(st) : WEXITSTATUS(st);
	} else if (t->stop_sig && t->have_child) {
		status = 128 + t->stop_sig;
	} else if (t->out_err && t->out_err != EPIPE) {
		status = 1;
	}
	return status;
}

/*
 * ETRACE_TEARDOWN_LOG=FILE, for tests: the child that releases the
 * kernel objects is said in FILE when etrace starts it ("etrace P:
 * teardown child C started") and when it is done ("... C done"), after
 * checking its own leaks where LeakSanitizer is linked in (at _exit
 * nothing else would).  A child that crashes, or that a sanitizer stops, never says
 * done: the test harness waits for every child it finds started and
 * fails the test.  etrace itself exits as it always does.
 */
extern void __lsan_do_leak_check(void) __attribute__((weak));

static void teardown_say(const char *log, pid_t parent, pid_t child,
			 const char *what)
{
	int fd;

	if (!log)
		return;
	fd = open(log, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
	if (fd < 0)
		return;
	dprintf(fd, "etrace %d: teardown child %d %s\n", (int)parent,
		(int)child, what);
	close(fd);
}

/*
 * Closing the last perf event of a tracepoint, or detaching a BPF program
 * from it, waits for RCU grace periods: ~40 ms each on the project
 * machine, seconds for a few dozen tracepoints.  Everything the user
 * waits for (the trace, the messages, the status) is done by now, so a
 * child does the closing and etrace exits at once.  The child holds the
 * only other references; it ends when they are released, and if it were
 * killed the kernel would release them all the same.
 */
static void release_kernel_objects(struct trace *t)
{
	const char *log = getenv("ETRACE_TEARDOWN_LOG");
	pid_t parent = getpid();
	int gone[2] = { -1, -1 };
	pid_t k = -1;
	char c;

	/* the child waits for our exit (EOF) so that its closes are the last */
	if ((t->ps.nfds || t->cap.skel) && !pipe2(gone, O_CLOEXEC))
		k = fork();
	if (k == 0) {
		close(gone[1]);
		while (read(gone[0], &c, 1) < 0 && errno == EINTR)
			;
		capture_close(&t->cap);
		perf_close(&t->ps);
		if (log && __lsan_do_leak_check)
			__lsan_do_leak_check();
		teardown_say(log, parent, getpid(), "done");
		_exit(0);
	}
	/* said before etrace exits, so the harness knows to wait for it */
	if (k > 0)
		teardown_say(log, parent, k, "started");
	if (gone[0] >= 0)
		close(gone[0]);
	if (k < 0 && gone[1] >= 0)
		close(gone[1]);
	if (k < 0) {
		capture_close(&t->cap);
		perf_close(&t->ps);
	}
	/* the parent's copies go at exit, without waiting: the child has them */
}

int trace_teardown(struct trace *t)
{
	int r = 0;

	/* setup failed before it was told: the reader sees EOF now */
	if (t->ready_fd >= 0)
		close(t->ready_fd);
	t->ready_fd = -1;
	if (t->sink)
		r = t->sink->ops->close(t->sink);
	t->sink = NULL;
	if (t->o && t->nattached && t->o->quiet < 1) {
		for (int i = 0; i < t->o->npids; i++)
			if (proc_alive(t->o->pids[i]))
				fprintf(stderr, "etrace: Process %d detached\n",
					(int)t->o->pids[i]);
	}
	if (t->have_child && t->ln.go_fd >= 0)
		launch_abort(&t->ln);
	launch_free(&t->ln);
	if (t->lost)
		fprintf(stderr, "etrace: %llu records lost: the rings were too"
			" small for the event rate (try -m %zuK)\n",
			(unsigned long long)t->lost,
			t->ring_bytes * 4 >> 10);
	if (t->bad || t->pr.cap_bad)
		fprintf(stderr, "etrace: %llu malformed records skipped\n",
			(unsigned long long)(t->bad + t->pr.cap_bad));
	/* what -k cost: the bench divides etrace's CPU time by it */
	if (t->o && t->o->stack && t->o->quiet < 1 && t->pr.unw.stacks)
		fprintf(stderr, "etrace: %llu user stacks unwound, %llu frames,"
			" %llu process layout%s\n",
			(unsigned long long)t->pr.unw.stacks,
			(unsigned long long)t->pr.unw.frames,
			(unsigned long long)t->pr.unw.dwfls,
			t->pr.unw.dwfls == 1 ? "" : "s");
	fflush(stderr);
	release_kernel_objects(t);
	merge_free(&t->mg);
	events_free(&t->ev);
	tfs_close(&t->tfs);
	if (t->o && t->o->stack)
		unwind_free(&t->pr.unw);
	stacks_free(t->pr.agg);
	t->pr.agg = NULL;
	spawns_free(t->pr.spawns);
	t->pr.spawns = NULL;
	pair_free(&t->pr);
	summary_free(&t->sum);
	summary_free(&t->sum_rec);
	summary_free(&t->sum_prev);
	free(t->attached);
	if (t->sfd >= 0)
		close(t->sfd);
	return r;
}
