// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The live trace: its setup, in the order of trace_setup (run.c reads
 * it, teardown.c ends it, on every exit path).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/filter.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ends.h"
#include "inject.h"
#include "out.h"
#include "proc.h"
#include "record.h"
#include "unwind.h"
#include "sysent_fallback.h"
#include "trace.h"

#define REORDER_WINDOW_NS 2000000ull	/* 2 ms */

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

/*
 * Signals come through a signalfd; SIGPIPE is blocked so a closed output
 * pipe shows as EPIPE.  The command gets the original mask (and
 * SIGCHLD ignored if it was).
 */
static int signals_open(struct trace *t, char *err, size_t errlen)
{
	static const int ends[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
	struct sigaction sa;
	sigset_t mask, was;

	/*
	 * The signals that end a trace, but those etrace was started with
	 * blocked: they stay blocked, one already pending too, as strace
	 * keeps them (its interactive_block test), and end nothing
	 */
	sigprocmask(SIG_BLOCK, NULL, &was);
	sigemptyset(&mask);
	for (size_t i = 0; i < sizeof(ends) / sizeof(ends[0]); i++)
		if (!sigismember(&was, ends[i]))
			sigaddset(&mask, ends[i]);
	sigaddset(&mask, SIGCHLD);
	sigaddset(&mask, SIGPIPE);
	/* -I never_tstp: ^Z does not stop etrace (read and ignored) */
	if (t->p->interruptible >= INTR_NEVER_TSTP &&
	    !sigismember(&was, SIGTSTP))
		sigaddset(&mask, SIGTSTP);
	/* --flight-recorder: SIGUSR1 writes the window */
	if (t->p->record && t->p->record->flight)
		sigaddset(&mask, SIGUSR1);
	sigprocmask(SIG_BLOCK, &mask, &t->orig.mask);
	/* SIGCHLD ignored (nohup, some job runners): the command gets it so,
	   etrace its default (see struct launch_sigs) */
	if (!sigaction(SIGCHLD, NULL, &sa) && sa.sa_handler == SIG_IGN) {
		t->orig.chld_ignored = 1;
		signal(SIGCHLD, SIG_DFL);
	}
	t->sfd = signalfd(-1, &mask, SFD_CLOEXEC | SFD_NONBLOCK);
	if (t->sfd < 0) {
		snprintf(err, errlen, "signalfd: %s", strerror(errno));
		return -errno;
	}
	return 0;
}

/* -b execve: as strace says it (not with -q) */
static void say_detached(void *arg, pid_t pid)
{
	const struct trace *t = arg;

	if (t->p->quiet & QUIET_ATTACH)
		return;
	/* after the exec's line, when both go to stderr */
	t->sink->ops->flush(t->sink);
	fprintf(stderr, "etrace: Process %d detached\n", (int)pid);
}

/* the sink, pairing and what it feeds: tables, stacks, the unwinder */
int trace_stages_open(struct trace *t, char *err, size_t errlen)
{
	const struct plan *p = t->p;
	int r;

	t->sink = p->record ? recording_sink_new(t, err, errlen) :
		  p->json ? sink_json_new(&p->sink, &t->pr.view, err, errlen) :
		  p->stack_perf ? sink_perf_new(&p->sink, &t->pr.view, err,
						errlen) :
		  sink_text_new(&p->sink, &t->pr.view, err, errlen);
	if (!t->sink)
		return -EIO;
	if (p->sink.timeline) {
		struct sink *tl = sink_timeline_new(&p->sink, &t->pr.view,
						    err, errlen);
		struct sink *both = tl ? sink_tee_new(t->sink, tl) : NULL;

		if (!both && tl) {
			tl->ops->close(tl);
			snprintf(err, errlen, "out of memory");
		}
		if (!both)
			return -ENOMEM;
		t->sink = both;
	}
	r = pair_init(&t->pr, t->sink, &p->pair);
	/* etrace record writes the records: no call is made of them (the
	   flight recorder's triggers read calls) */
	t->pr.light = p->record && !p->record->flight;
	if (!r && p->pair.detach_exec) {
		t->pr.on_detach = say_detached;
		t->pr.detach_arg = t;
	}
	if (!r && p->summary)
		r = summary_init(&t->sum, p->sum_by) ?:
		    summary_init(&t->sum_rec, p->sum_by) ?:
		    summary_init(&t->sum_prev, p->sum_by);
	if (!r && p->spawns && !(t->pr.spawns = spawns_new()))
		r = -ENOMEM;
	if (!r && p->aggregate && !(t->pr.agg = stacks_new(p->top_stacks)))
		r = -ENOMEM;
	if (r) {
		snprintf(err, errlen, "out of memory");
		return r;
	}
	/* an unwritable flame graph or folded file is said now, not after
	   the trace; they are emptied when it begins (outputs_start) */
	if (p->flamegraph) {
		t->flame_fd = out_create(p->flamegraph, 0, err, errlen);
		if (t->flame_fd < 0)
			return t->flame_fd;
	}
	if (p->folded && p->folded_file) {
		t->folded_fd = out_create(p->folded_file, p->folded_append ?
					  OUT_APPEND : 0, err, errlen);
		if (t->folded_fd < 0)
			return t->folded_fd;
	}
	if (p->stacks && unwind_init(&t->pr.unw, &t->pr.maps, p->stacks > 1)) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	return 0;
}

/* fds one task may cost, so the tracepoint choice fits the limit */
static int fds_per_task(const struct trace *t)
{
	struct rlimit rl;
	int ntasks = t->p->npids ? 64 * t->p->npids : 1;

	getrlimit(RLIMIT_NOFILE, &rl);
	return (int)((rl.rlim_cur > 256 ? rl.rlim_cur - 128 : 128) /
		     ((rlim_t)ntasks * (rlim_t)t->ps.ncpu));
}

/*
 * --comm, --uid, --cgroup and --tree are decided by the BPF programs that
 * write the calls (ring mode) or count them (-c): when those could not
 * load, the events would show every task.  Refused rather than traced
 * wrong.
 */
static int targets_check(struct trace *t, char *err, size_t errlen)
{
	const struct plan *p = t->p;
	int ok = t->cap.active && (p->summary == 1 ? t->cap.summary :
				   t->cap.ring && (!p->summary || t->cap.summary));

	if ((!p->targets && !p->tree) || ok)
		return 0;
	snprintf(err, errlen, "%s need%s the BPF programs, which decide who is"
		 " traced (%s)", p->tree ? "--tree" : "--comm, --uid and --cgroup",
		 p->tree ? "s" : "", t->cap.active ? "not in ring mode" :
		 t->cap.why);
	return -ENOTSUP;
}

/*
 * The events and the BPF programs: -c without stacks counts in the
 * kernel, with no syscall events, when it can; else the records are
 * counted.  Argument memory is copied in the kernel at the time of each
 * call; in ring mode the calls themselves too, unless a few syscalls
 * have their own tracepoints: those cost the others nothing, where the
 * program would run for every one.
 */
static int events_open(struct trace *t, char *err, size_t errlen)
{
	const struct plan *p = t->p;
	struct cap_want want = p->cap;
	int r, per_task = fds_per_task(t);

	/* -b execve: the command's first exec is not a detach */
	if (p->cmd)
		want.detach_skip = t->ln.pid;

	if (p->count_first) {
		r = events_build(&t->ev, &p->ev, &t->tfs, per_task, 0, err,
				 errlen);
		if (r)
			return r;
		capture_open(&t->cap, &want, &t->ps, &t->ev, &t->tfs);
		if (!t->cap.summary) {
			capture_close(&t->cap);
			events_free(&t->ev);
		}
	}
	if (!t->ev.n) {
		r = events_build(&t->ev, &p->ev, &t->tfs, per_task, 1, err,
				 errlen);
		if (r)
			return r;
		/* a selection is made by the ring programs, whatever the
		   syscalls (the per-syscall events cannot ask who calls);
		   and -e inject='s skipped calls are written by them */
		want.ring = p->cap.ring && (!t->ev.per_syscall || p->targets ||
					    p->tree || p->inject);
		capture_open(&t->cap, &want, &t->ps, &t->ev, &t->tfs);
	}
	r = targets_check(t, err, errlen);
	if (r)
		return r;
	if (p->summary) {
		t->pr.sum = &t->sum_rec;
		t->sum_rec.overhead = t->p->cap.sum_overhead;
		t->sum_records = !t->cap.summary;
		/* (ring_sum: the kernel counts the calls it did not write) */
		t->pr.sum_calls = !t->cap.summary || t->cap.ring_sum;
	}
	t->pr.sig_from_bpf = t->cap.active && p->cap.signals;
	t->pr.bpf_exits = t->cap.active;
	if (t->cap.active) {
		events_signals_by_bpf(&t->ev);
		t->ps.maps = p->maps_with_bpf;
	}
	t->pr.file_strings = t->ps.maps == PERF_MAPS_ALL;
	t->sum.event_names = t->ev.tp_names;
	t->sum.nevents = (unsigned int)t->ev.ntp;
	return 0;
}

/*
 * The perf events of the traced tasks.  Events that fire only where
 * processes start and end (--spawns), or ring mode's: on for every task
 * on every CPU, not inherited by each traced one, and the records of the
 * others dropped as they are read.  A fork then costs the traced program
 * no copies of etrace's events, and no wake-up of etrace when the copies
 * go at its exit.
 */
static int targets_open(struct trace *t, char *err, size_t errlen)
{
	const struct plan *p = t->p;
	int r;

	t->scoped = p->scope && (t->cap.ring ||
				 (p->follow && events_lifecycle_only(&t->ev)));
	t->pr.events_survive_exec = t->scoped;
	if (t->scoped) {
		r = perf_open_sideband(&t->ps, err, errlen);
		if (r)
			return r;
	}
	if (p->all || t->scoped) {
		r = perf_open_system(&t->ps, &t->ev, err, errlen);
		if (r)
			return events_filter_error(&t->ev, &t->tfs, r, err, errlen);
	}
	if (p->cmd && !p->all && !t->scoped) {
		r = perf_open_task(&t->ps, &t->ev, t->ln.pid, p->follow, 1,
				   err, errlen);
		if (r)
			return events_filter_error(&t->ev, &t->tfs, r, err, errlen);
	}
	if (p->cmd) {
		/* a fork of etrace's that renamed nothing: our name, until
		   it execs (strace's command shows "strace" there) */
		char self[17] = "";

		prctl(PR_GET_NAME, self);
		t->pr.names.self = getpid();
		memcpy(t->pr.names.self_comm, self,
		       sizeof(t->pr.names.self_comm));
	}
	/* (a selection's command is traced where it is selected, as any) */
	if (p->cmd && !p->targets) {
		pair_add_task(&t->pr, t->ln.pid, t->ln.pid,
			      t->pr.names.self_comm);
		capture_add(&t->cap, t->ln.pid);
	}
	for (int i = 0; i < p->npids; i++) {
		r = p->tree ? attach_tree(t, p->pids[i], err, errlen) :
			      attach_process(t, p->pids[i], err, errlen);
		if (r)
			return r;
	}
	/* --tree without -f: the program followed forks while attaching */
	if (p->tree && !p->follow && (r = capture_follow(&t->cap, 0))) {
		snprintf(err, errlen, "cannot set the BPF program up: %s",
			 strerror(-r));
		return r;
	}
	return 0;
}

/* the trace begins: the files it replaces are emptied only now */
static int outputs_start(struct trace *t, char *err, size_t errlen)
{
	const struct plan *p = t->p;
	int r = t->sink->ops->start ? t->sink->ops->start(t->sink) : 0;

	if (r) {
		snprintf(err, errlen, "cannot write %s: %s",
			 t->pr.view.failed ? t->pr.view.failed : p->sink.outfile,
			 strerror(-r));
		return r;
	}
	if (t->flame_fd >= 0 && (r = out_truncate(t->flame_fd))) {
		snprintf(err, errlen, "cannot write %s: %s", p->flamegraph,
			 strerror(-r));
		return r;
	}
	if (t->folded_fd >= 0 && !p->folded_append &&
	    (r = out_truncate(t->folded_fd))) {
		snprintf(err, errlen, "cannot write %s: %s", p->folded_file,
			 strerror(-r));
		return r;
	}
	return 0;
}

/*
 * Once the command runs, etrace lets go of its own stdin and stdout
 * (to /dev/null, so no later open takes fds 0 and 1), as strace does:
 * `etrace -o log -- cmd | reader` would otherwise keep the pipe open
 * after cmd closed it, and the reader would never see EOF.  stdout
 * stays when folded stacks go there; stderr stays for messages.
 */
static void stdio_away(struct trace *t)
{
	int keep_out = t->p->folded && !t->p->folded_file;
	int fd = open("/dev/null", O_RDWR | O_CLOEXEC);

	if (fd < 0)
		return;
	dup2(fd, STDIN_FILENO);
	if (!keep_out)
		dup2(fd, STDOUT_FILENO);
	if (fd > STDOUT_FILENO)
		close(fd);
}

/* one line says how arguments will show (before the first line) */
static void say_mode(const struct trace *t)
{
	const struct plan *p = t->p;

	/* not a note -q hides: the table's times are not what -c promises */
	if (p->summary && !t->cap.summary && !p->cap.sum_wall)
		fprintf(stderr, "etrace: summary: times are wall-clock (as -w):"
			" system time is measured by BPF (%s)\n", t->cap.why);
	/*
	 * -y without the program: no guess from /proc afterwards (said
	 * unless everything is silenced: -qqq, -e quiet=all)
	 */
	if (p->pair.fds && !t->cap.active &&
	    (p->quiet & QUIET_ALL) != QUIET_ALL)
		fprintf(stderr, "etrace: -y: fds print without what they referred"
			" to: only BPF reads that exactly (%s)\n", t->cap.why);
	if (p->quiet & QUIET_ATTACH)
		return;
	if (p->targets) {
		char what[1024];

		targets_describe(p->targets, what, sizeof(what));
		fprintf(stderr, "etrace: tracing the tasks of %s%s\n", what,
			p->tree ? " in the tree" : p->follow ?
			", and their children" : "");
	}
	if (p->summary == 1) {
		if (t->cap.summary)
			fprintf(stderr, "etrace: summary: exact counts kept in"
				" the kernel (BPF)\n");
		else
			fprintf(stderr, "etrace: summary: counted from records,"
				" lost records are reported (%s)\n", t->cap.why);
	} else if (t->cap.active) {
		fprintf(stderr, "etrace: arguments: exact copies made at"
			" syscall time (BPF)\n");
	} else {
		fprintf(stderr, "etrace: arguments: no copies (%s): strings only"
			" from read-only files, else pointers\n", t->cap.why);
	}
}

static void inject_serve_cb(void *arg)
{
	inject_serve(arg);
}

/*
 * The command, forked and waiting; with -e inject= under its filter,
 * whose listener etrace answers from then on
 */
static int command_start(struct trace *t, char *err, size_t errlen)
{
	const struct plan *p = t->p;
	struct launch_filter lf = { NULL, 0, 0 };
	struct sock_filter *prog = NULL;
	int r;

	if (p->inject) {
		if (getrandom(&lf.cookie, sizeof(lf.cookie), 0) !=
		    (ssize_t)sizeof(lf.cookie)) {
			snprintf(err, errlen, "getrandom: %s", strerror(errno));
			return -errno;
		}
		prog = inject_filter(p->inject, launch_own_ip(), lf.cookie,
				     &lf.len);
		if (!prog) {
			snprintf(err, errlen, "out of memory");
			return -ENOMEM;
		}
		lf.prog = prog;
	}
	r = launch_start(&t->ln, &p->launch, prog ? &lf : NULL, &t->orig,
			 err, errlen);
	free(prog);
	if (r)
		return r;
	t->have_child = 1;
	t->pr.child = t->ln.pid;
	t->pr.launch = &t->ln;
	if (t->ln.notify_fd >= 0) {
		t->inj = inject_new(p->inject, t->ln.notify_fd, t->ln.pid,
				    p->follow);
		if (!t->inj) {
			close(t->ln.notify_fd);
			t->ln.notify_fd = -1;
			snprintf(err, errlen, "out of memory");
			return -ENOMEM;
		}
		t->pr.inj = t->inj;
		t->ln.serve = inject_serve_cb;
		t->ln.serve_arg = t->inj;
	}
	return 0;
}

int trace_setup(struct trace *t, const struct plan *p, char *err,
		size_t errlen)
{
	int r;

	memset(t, 0, sizeof(*t));
	t->p = p;
	t->sfd = -1;
	t->ready_fd = -1;
	t->flame_fd = t->folded_fd = -1;
	r = ready_open(t, p->ready_fd, err, errlen);
	if (r)
		return r;
	r = signals_open(t, err, errlen) ?: trace_stages_open(t, err, errlen);
	if (r)
		return r;
	if (p->cmd) {
		r = command_start(t, err, errlen);
		if (r)
			return r;
	}
	/*
	 * Only now, the command being forked and waiting: it keeps the fd
	 * limit and nice value it would have had without etrace (what it
	 * inherited at the fork is what it execs with).
	 */
	raise_nofile();
	raise_priority();
	r = tfs_open(&t->tfs, err, errlen);
	if (r)
		return r;
	sc_fallback_init(&t->tfs);
	t->ring_bytes = p->ring_bytes;
	r = perf_open_rings(&t->ps, t->ring_bytes, p->all, p->maps, err,
			    errlen);
	if (r)
		return r;
	t->ps.stack_size = p->stack_size;
	t->ps.stack_fp = p->stack_fp;
	t->ps.kstack = p->kstack;
	r = events_open(t, err, errlen) ?: targets_open(t, err, errlen);
	if (r)
		return r;
	/* signal=: sent by the kernel where the programs are loaded */
	inject_kernel_signals(t->inj, capture_inject_fd(&t->cap));
	/* -k: the command a Python interpreter? then read from its start */
	if (p->cmd)
		capture_python_exe(&t->cap, t->ln.path);
	/* all open, all filtered: now they may fire (not etrace's own setup) */
	r = perf_enable(&t->ps);
	if (r) {
		snprintf(err, errlen, "cannot enable events: %s", strerror(-r));
		return r;
	}
	/* strace: -o FILE gets pid prefixes when it starts with several */
	t->pr.view.multi = p->all || p->tree || t->pr.view.nlive > 1;
	r = merge_init(&t->mg, t->ps.rings, t->ps.nrings, REORDER_WINDOW_NS);
	if (r) {
		snprintf(err, errlen, "out of memory");
		return r;
	}
	/* -b execve: the ring program stops tracing at the exec */
	if (p->cap.detach_exec && !t->cap.ring) {
		snprintf(err, errlen, "-b execve needs the BPF program's ring,"
			 " which ends the tracing at the exec (%s)",
			 t->cap.why[0] ? t->cap.why : "not in ring mode");
		return -ENOTSUP;
	}
	/* -e inject=: a skipped call's line is the BPF ring's (or -c's) */
	if (p->inject && !t->cap.ring && !(p->summary == 1 && t->cap.summary)) {
		snprintf(err, errlen, "-e inject= and -e fault= need the BPF"
			 " program's ring, which writes the injected calls"
			 " (%s)", t->cap.why[0] ? t->cap.why : "not in ring mode");
		return -ENOTSUP;
	}
	/* -P decides on what the program reads in the kernel: no guess */
	if (p->pair.paths && p->pair.paths->n && !t->cap.active) {
		snprintf(err, errlen, "-P needs the BPF program, which reads the"
			 " calls' paths and fds (%s)", t->cap.why);
		return -ENOTSUP;
	}
	/* --stack=bpf: the samples carry no stack, the program unwinds */
	if (p->cap.ustack && !t->cap.active) {
		snprintf(err, errlen, "--stack=bpf needs the BPF program, which"
			 " unwinds the stacks (%s)", t->cap.why);
		return -ENOTSUP;
	}
	/* the command's rows before it runs: its first stacks need no copy */
	if (p->cap.ustack && p->cmd)
		cap_unwind_file(&t->cap, t->ln.path);
	for (int i = 0; p->cap.ustack && i < p->npids; i++)
		cap_unwind_proc(&t->cap, p->pids[i]);
	/* -e read=/write= dump only what the program copied at the call */
	if (p->cap.dump && !t->cap.active) {
		snprintf(err, errlen, "-e read=/write= need the BPF program,"
			 " which copies the data (%s)", t->cap.why);
		return -ENOTSUP;
	}
	say_mode(t);
	recording_prepare(t);
	if (p->cmd) {
		r = launch_go(&t->ln, err, errlen);
		if (r) {
			t->have_child = 0;
			return r;
		}
	}
	r = outputs_start(t, err, errlen);
	if (r)
		return r;
	ready_tell(t);
	if (p->cmd)
		stdio_away(t);
	return 0;
}
