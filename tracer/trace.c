// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The live trace: setup and the read loop (teardown.c ends it, on every
 * exit path).
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
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ends.h"
#include "out.h"
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
/* -a: every task of the machine may be in the table; /proc is asked less */
#define VANISH_CHECK_ALL_NS 2000000000ull

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
 * pipe shows as EPIPE.  The command gets the original mask.
 */
static int signals_open(struct trace *t, char *err, size_t errlen)
{
	sigset_t mask;

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
	return 0;
}

/* the sink, pairing and what it feeds: tables, stacks, the unwinder */
static int stages_open(struct trace *t, char *err, size_t errlen)
{
	const struct plan *p = t->p;
	int r;

	t->sink = p->json ? sink_json_new(&p->sink, &t->pr.view, err, errlen) :
			    sink_text_new(&p->sink, &t->pr.view, err, errlen);
	if (!t->sink)
		return -EIO;
	r = pair_init(&t->pr, t->sink, &p->pair);
	if (!r && p->summary)
		r = summary_init(&t->sum, p->sum_by) ?:
		    summary_init(&t->sum_rec, p->sum_by) ?:
		    summary_init(&t->sum_prev, p->sum_by);
	if (!r && p->spawns && !(t->pr.spawns = spawns_new()))
		r = -ENOMEM;
	if (!r && p->aggregate && !(t->pr.agg = stacks_new()))
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
		want.ring = p->cap.ring && !t->ev.per_syscall;
		capture_open(&t->cap, &want, &t->ps, &t->ev, &t->tfs);
	}
	if (p->summary) {
		t->pr.sum = &t->sum_rec;
		t->pr.sum_calls = t->sum_records = !t->cap.summary;
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
		pair_add_task(&t->pr, t->ln.pid, t->ln.pid, self);
		t->pr.names.self = getpid();
		memcpy(t->pr.names.self_comm, self,
		       sizeof(t->pr.names.self_comm));
		capture_add(&t->cap, t->ln.pid);
	}
	for (int i = 0; i < p->npids; i++) {
		r = attach_process(t, p->pids[i], err, errlen);
		if (r)
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
		snprintf(err, errlen, "cannot write %s: %s", p->sink.outfile,
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
	r = signals_open(t, err, errlen) ?: stages_open(t, err, errlen);
	if (r)
		return r;
	if (p->cmd) {
		r = launch_start(&t->ln, &p->launch, &t->orig_mask, err,
				 errlen);
		if (r)
			return r;
		t->have_child = 1;
		t->pr.child = t->ln.pid;
		t->pr.launch = &t->ln;
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
	/* all open, all filtered: now they may fire (not etrace's own setup) */
	r = perf_enable(&t->ps);
	if (r) {
		snprintf(err, errlen, "cannot enable events: %s", strerror(-r));
		return r;
	}
	/* strace: -o FILE gets pid prefixes when it starts with several */
	t->pr.view.multi = p->all || t->pr.view.nlive > 1;
	r = merge_init(&t->mg, t->ps.rings, t->ps.nrings, REORDER_WINDOW_NS);
	if (r) {
		snprintf(err, errlen, "out of memory");
		return r;
	}
	/* -P decides on what the program reads in the kernel: no guess */
	if (p->pair.paths && p->pair.paths->n && !t->cap.active) {
		snprintf(err, errlen, "-P needs the BPF program, which reads the"
			 " calls' paths and fds (%s)", t->cap.why);
		return -ENOTSUP;
	}
	say_mode(t);
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

/*
 * Every child that ended: the command, and what it started with
 * CLONE_PARENT, which is etrace's child.  Those would otherwise stay
 * zombies, and a command waiting for one to vanish would wait for ever;
 * their ends are in the trace (strace says "Exit of unknown pid
 * ignored").  Called on each wake-up: a CLONE_PARENT child whose exit
 * signal is not SIGCHLD sends none.  Before the teardown child exists.
 */
static void children_reap(struct trace *t)
{
	int st;
	pid_t w;

	while ((w = waitpid(-1, &st, WNOHANG | __WALL)) > 0)
		if (t->have_child && w == t->ln.pid && !t->pr.child_reaped)
			ends_child_reaped(&t->pr, st, merge_now());
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
			/* the trace is cut here: later losses are not its */
			t->drops_at_stop = capture_ring_drops(&t->cap);
			perf_lost_read(&t->ps);
			/*
			 * With a command, ^C reaches it too: give it a moment
			 * to die so its end is in the trace.
			 */
			t->stop_at = t->have_child ? merge_now() + GRACE_NS : 1;
		}
	}
	children_reap(t);
}

static int finished(struct trace *t)
{
	const struct plan *p = t->p;

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
		return p->all || !p->follow || t->pr.view.nlive <= 0;
	}
	if (p->npids)
		return t->pr.view.nlive <= 0;
	return 0;
}

/* poll's timeout, and which BPF rings to poll */
static int loop_wait_ms(struct trace *t, struct pollfd *pfd, int ending)
{
	int wait = ending ? POLL_ENDING_MS : POLL_MS;

	/* --interval: wake for the tick, not up to POLL_MS after it */
	if (t->p->interval) {
		uint64_t now = merge_now();
		int left = t->next_interval > now ?
			(int)((t->next_interval - now + 999999) / 1000000) : 0;

		if (left < wait)
			wait = left;
	}
	/*
	 * A BPF ring polls readable while it holds anything, and the merge
	 * leaves the youngest records in it (the reorder window): then it
	 * is not polled, and read again soon.
	 */
	for (int i = t->ps.ncpu; i < t->ps.nrings; i++) {
		struct ring *rg = &t->ps.rings[i];

		pfd[i].fd = rg->pos == rg->head ? rg->fd : -1;
		if (rg->pos != rg->head && wait > POLL_HELD_MS)
			wait = POLL_HELD_MS;
	}
	return wait;
}

/* --interval: the table of the interval that just ended */
static void loop_interval(struct trace *t)
{
	uint64_t step = (uint64_t)(t->p->interval * 1e9);

	if (!t->p->interval || merge_now() < t->next_interval)
		return;
	reports_summary(t, 0);
	/* on the beat; after a stall, from now */
	t->next_interval += step;
	if (t->next_interval <= merge_now())
		t->next_interval = merge_now() + step;
}

/*
 * A task whose EXIT record was lost must not keep us here, nor (-a) its
 * state stay for the rest of the trace.  Not before every record made
 * until the end is read (the reorder window, a backlog): its last ones
 * may be among them.  Then again now and then, for tasks still running,
 * each declared gone once the records made until /proc first said so are
 * read (pair_reap_vanished).
 */
static void loop_vanished(struct trace *t, int ending, uint64_t *end_at,
			  uint64_t *next_check)
{
	uint64_t now, every;

	if (ending && !*end_at)
		*end_at = merge_now();
	if (!ending && !t->p->npids && !t->p->all)
		return;
	now = merge_now();
	every = t->p->all && !ending ? VANISH_CHECK_ALL_NS : VANISH_CHECK_NS;
	if (!*next_check && (!ending || t->mg.settled >= *end_at))
		*next_check = ending ? now : now + every;
	if (*next_check && now >= *next_check) {
		*next_check = now + every;
		if (t->pr.child_reaped || t->p->npids || t->p->all)
			ends_reap_vanished(&t->pr, now, t->mg.settled);
	}
}

/* read the rings until the trace ends (or poll fails) */
static void trace_loop(struct trace *t, struct pollfd *pfd)
{
	int nr = t->ps.nrings;
	uint64_t next_check = 0, end_at = 0;

	for (;;) {
		int ending = t->pr.child_reaped || t->stop_sig;
		int r = poll(pfd, (nfds_t)nr + 1, loop_wait_ms(t, pfd, ending));

		if (r < 0 && errno != EINTR)
			return;
		if (pfd[nr].revents & POLLIN)
			on_signals(t);
		else
			children_reap(t);
		merge_drain(&t->mg, 0, feed_record, t);
		r = t->sink->ops->flush(t->sink);
		if (r) {
			t->out_err = -r;
			return;
		}
		loop_interval(t);
		loop_vanished(t, ending, &end_at, &next_check);
		if (finished(t))
			return;
	}
}

/* what the rings still hold, the losses, the end reports */
static void trace_end(struct trace *t)
{
	uint64_t drops;
	int cut, r;

	/*
	 * What the rings hold is the rest of the trace.  When a signal ends
	 * it, cut at the moment it came, the same instant on every CPU, so
	 * no call is seen half (an exit without its entry).
	 */
	if (t->stop_sig && !t->pr.child_reaped)
		t->mg.cutoff = t->stop_time;
	/*
	 * Pending again (it is blocked), the signal that ended the trace
	 * tells an output whose reader stopped reading not to be waited for
	 * (out.c).  Without a command main() dies of it, as it would anyway.
	 */
	if (t->stop_sig)
		raise(t->stop_sig);
	if (t->out_err)
		return;
	cut = t->mg.cutoff != UINT64_MAX;
	drops = cut ? t->drops_at_stop : capture_ring_drops(&t->cap);
	/*
	 * Off, then read to the end.  The losses no ring said yet are those
	 * the kernel counted (as of the cut, when there is one: on_signals)
	 * and no LOST record read said.
	 */
	perf_disable(&t->ps);
	if (!cut)
		perf_lost_read(&t->ps);
	merge_drain(&t->mg, 1, feed_record, t);
	reports_losses(t, drops);
	if (t->pr.child_reaped)
		ends_reap_vanished(&t->pr, merge_now(), UINT64_MAX);
	ends_detach(&t->pr, merge_now());
	/* with --interval: the last, partial interval's table */
	if (t->p->summary)
		reports_summary(t, 1);
	reports_stacks(t);
	reports_spawns(t);
	r = t->sink->ops->flush(t->sink);
	if (r)
		t->out_err = -r;
}

/* etrace's exit status */
static int trace_status(struct trace *t)
{
	int status = 0;

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
		trace_out_failed(t, t->out_err);
	/*
	 * A trace that could not be written keeps the command's status, as
	 * strace's -o does (the message says it); a report's file is what
	 * was asked for, so etrace fails.
	 */
	if (t->have_child && t->pr.child_reaped) {
		int st = t->pr.child_status;

		status = WIFSIGNALED(st) ? 128 + WTERMSIG(st) : WEXITSTATUS(st);
	} else if (t->stop_sig && t->have_child) {
		status = 128 + t->stop_sig;
	} else if (t->out_err && t->out_err != EPIPE) {
		status = 1;
	}
	if (t->report_err)
		status = 1;
	return status;
}

int trace_run(struct trace *t)
{
	int nr = t->ps.nrings;
	struct pollfd *pfd = calloc((size_t)nr + 1, sizeof(*pfd));

	if (!pfd)
		return 1;
	for (int i = 0; i < nr; i++) {
		pfd[i].fd = t->ps.rings[i].fd;
		pfd[i].events = POLLIN;
	}
	t->start = merge_now();
	if (t->p->interval)
		t->next_interval = merge_now() + (uint64_t)(t->p->interval * 1e9);
	pfd[nr].fd = t->sfd;
	pfd[nr].events = POLLIN;
	trace_loop(t, pfd);
	free(pfd);
	trace_end(t);
	return trace_status(t);
}
