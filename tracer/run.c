// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The live trace: the read loop and the end (trace.c sets it up,
 * teardown.c ends it, on every exit path).
 *
 * The loop sleeps in poll() on the per-CPU rings (woken when a ring is a
 * quarter full) and a signalfd, with a timeout so a slow tracee's lines
 * still appear promptly.  Each wake-up drains all rings in time order.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ends.h"
#include "inject.h"
#include "out.h"
#include "recfile.h"
#include "record.h"
#include "trace.h"

#define POLL_MS 100
#define POLL_ENDING_MS 5
#define POLL_HELD_MS 5		/* records held back in a BPF ring */
#define GRACE_NS 500000000ull		/* CMD mode: wait for it after ^C */
#define VANISH_CHECK_NS 200000000ull	/* tasks gone without an EXIT record */
/* -a: every task of the machine may be in the table; /proc is asked less */
#define VANISH_CHECK_ALL_NS 2000000000ull

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

	while ((w = waitpid(-1, &st, WNOHANG | __WALL)) > 0) {
		uint64_t now = merge_now();

		/* (-b execve: a command detached is not waited for, nor
		   said when it ends, as strace's) */
		if (!t->have_child || w != t->ln.pid || t->pr.child_reaped ||
		    t->pr.child_detached)
			continue;
		ends_child_reaped(&t->pr, st, now);
		if (t->rec)
			recording_note(t, RF_REAPED, (uint64_t)st, now);
	}
}

/* each record, in time order: to its stage (and recorded) */
static merge_fn record_fn(const struct trace *t)
{
	return t->rec ? recording_feed : feed_record;
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
		case SIGTSTP:
			break;	/* -I never_tstp */
		case SIGUSR1:
			recording_by_hand(t);	/* --flight-recorder */
			break;
		default:
			/* -I never: the trace ends with the traced tasks */
			if (t->p->interruptible >= INTR_NEVER)
				break;
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
		if (!t->pr.child_reaped && !t->pr.child_detached)
			return 0;
		if (p->all)
			return 1;
		/* -f: until every traced descendant is gone, as strace */
		if (!p->npids)
			return !p->follow || t->pr.view.nlive <= 0;
		/* -p beside the command: until those are gone too, as strace */
	}
	/* (a selection's tree: its tasks are known only where selected) */
	if (p->npids && t->cap.within)
		return t->tree_gone_at && t->mg.settled >= t->tree_gone_at;
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
		if (t->pr.child_reaped || t->p->npids || t->p->all) {
			ends_reap_vanished(&t->pr, now, t->mg.settled);
			if (t->rec)
				recording_note(t, RF_VANISH, now, t->mg.settled);
		}
		if (t->cap.within && !t->tree_gone_at &&
		    !capture_tree_live(&t->cap))
			t->tree_gone_at = now;
	}
}

/*
 * -e inject=: the calls waiting for an answer.  No task left under the
 * filter (it hangs up), or a listener that failed: not polled again.
 */
static void on_inject(struct trace *t, struct pollfd *pfd)
{
	int r = 0;

	if (pfd->revents & POLLIN)
		r = inject_serve(t->inj);
	if (r)
		fprintf(stderr, "etrace: -e inject=: the seccomp listener"
			" failed: %s; nothing is injected from now on\n",
			strerror(-r));
	if (r || (pfd->revents & (POLLHUP | POLLERR | POLLNVAL)))
		pfd->fd = -1;
	if (r)
		inject_hand_off(t->inj);
}

/* read the rings until the trace ends (or poll fails) */
static void trace_loop(struct trace *t, struct pollfd *pfd)
{
	int nr = t->ps.nrings;
	uint64_t next_check = 0, end_at = 0;

	for (;;) {
		int ending = t->pr.child_reaped || t->pr.child_detached ||
			     t->stop_sig;
		int r = poll(pfd, (nfds_t)nr + 2, loop_wait_ms(t, pfd, ending));

		if (r < 0 && errno != EINTR)
			return;
		/* a traced thread waits for this answer: first */
		if (pfd[nr + 1].revents)
			on_inject(t, &pfd[nr + 1]);
		if (pfd[nr].revents & POLLIN)
			on_signals(t);
		else
			children_reap(t);
		merge_drain(&t->mg, 0, record_fn(t), t);
		if (t->rec)
			recording_tick(t);
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
	uint64_t drops, now;
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
	merge_drain(&t->mg, 1, record_fn(t), t);
	reports_losses(t, drops);
	if (t->pr.child_reaped) {
		now = merge_now();
		ends_reap_vanished(&t->pr, now, UINT64_MAX);
		if (t->rec)
			recording_note(t, RF_VANISH, now, UINT64_MAX);
	}
	now = merge_now();
	ends_detach(&t->pr, now);
	if (t->rec)
		recording_note(t, RF_DETACH, now, 0);
	/* with --interval: the last, partial interval's table */
	if (t->p->summary)
		reports_summary(t, 1);
	reports_stacks(t);
	reports_spawns(t, merge_now());
	r = t->sink->ops->flush(t->sink);
	if (r)
		t->out_err = -r;
}

/* etrace's exit status */
static int trace_status(struct trace *t)
{
	int status = 0;

	if (t->out_err && t->have_child && !t->pr.child_reaped &&
	    !t->pr.child_detached) {
		/*
		 * The output is gone (etrace | head): stop tracing, let the
		 * command finish untraced and pass on its status.
		 */
		int st;

		perf_close(&t->ps);
		/* -e inject=: the command must not wait for etrace's answers */
		inject_hand_off(t->inj);
		/* --kill-on-exit: it dies with the trace instead */
		if (t->p->launch.kill ?
		    launch_kill(&t->ln, &t->p->launch, &st) :
		    waitpid(t->ln.pid, &st, 0) == t->ln.pid) {
			t->pr.child_reaped = 1;
			t->pr.child_status = st;
		}
	}
	if (t->out_err && t->out_err != EPIPE)
		trace_out_failed(t, t->out_err);
	/*
	 * A trace that could not be written keeps the command's status, as
	 * strace's -o does (the message says it); a report's file, the
	 * timeline and --stack=perf's blocks are what was asked for, so
	 * etrace fails.
	 */
	/* (-b execve: a command detached has no status here, as strace's;
	   it may have been reaped before its exec's record was read) */
	if (t->have_child && t->pr.child_reaped && !t->pr.child_detached) {
		int st = t->pr.child_status;

		status = WIFSIGNALED(st) ? 128 + WTERMSIG(st) : WEXITSTATUS(st);
	} else if (t->stop_sig && t->have_child) {
		status = 128 + t->stop_sig;
	} else if (t->out_err && t->out_err != EPIPE) {
		status = 1;
	}
	if (t->report_err || trace_out_fails(t, t->out_err))
		status = 1;
	return status;
}

int trace_run(struct trace *t)
{
	int nr = t->ps.nrings;
	struct pollfd *pfd = calloc((size_t)nr + 2, sizeof(*pfd));

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
	pfd[nr + 1].fd = inject_fd(t->inj);
	pfd[nr + 1].events = POLLIN;
	trace_loop(t, pfd);
	free(pfd);
	trace_end(t);
	return trace_status(t);
}
