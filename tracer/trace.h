/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The live trace: every stage wired together, and the loop that moves
 * records from the rings through pairing to the sink.
 */
#ifndef ETRACE_TRACE_H
#define ETRACE_TRACE_H

#include <signal.h>
#include <stdint.h>

#include "capture.h"
#include "events.h"
#include "launch.h"
#include "merge.h"
#include "pair.h"
#include "perf.h"
#include "plan.h"
#include "summary.h"
#include "tracefs.h"

struct recording;

struct trace {
	const struct plan *p;
	struct tracefs tfs;
	struct evlist ev;
	struct perfset ps;
	struct capture cap;
	struct summary sum;		/* -c: what is printed */
	struct summary sum_rec;		/* -c: counted from records */
	struct summary sum_prev;	/* --interval: the last snapshot */
	int sum_records;		/* counted from records, not the kernel */
	uint64_t next_interval;
	uint64_t start;			/* when tracing began */
	struct merge mg;
	struct pair pr;
	struct sink *sink;
	struct launch ln;
	struct injector *inj;		/* -e inject=: the answers, or NULL */
	int have_child;
	int sfd;			/* signalfd */
	int ready_fd;			/* --ready-fd, until it is told */
	struct launch_sigs orig;	/* the signal state etrace was given */
	int stop_sig;			/* the signal that ends the trace */
	uint64_t stop_at;		/* grace end after a signal (CMD mode) */
	uint64_t stop_time;		/* when it came */
	uint64_t tree_gone_at;		/* -p --tree with a selection: when
					   none of its processes was left */
	uint64_t lost;
	size_t ring_bytes;		/* per CPU, as mapped */
	uint64_t bad;			/* malformed records */
	int out_err;			/* output failed (errno) */
	int report_err;			/* a report's file failed (errno) */
	int flame_fd;			/* --flamegraph FILE, or -1 */
	int folded_fd;			/* --stack=folded -o FILE, or -1 */
	pid_t *attached;		/* -p: tids we attached to */
	int nattached;
	int scoped;			/* events on for all tasks: the
					   records of the traced ones kept */
	int cmd_execd;			/* scoped: the command has exec'd */
	uint64_t drops_at_stop;		/* ring mode: what the BPF rings had
					   dropped when a signal cut the trace */
	struct recording *rec;		/* etrace record: the recorder */
};

/* build everything; on failure err says why and nothing is left open */
int trace_setup(struct trace *t, const struct plan *p, char *err,
		size_t errlen);
/* trace until the end; returns the exit status for etrace */
int trace_run(struct trace *t);
/*
 * teardown.c: release every kernel object and file; returns -errno of
 * output
 */
int trace_teardown(struct trace *t);
/* teardown.c: the one line that says the output failed (errno e) */
void trace_out_failed(struct trace *t, int e);
/*
 * teardown.c: 1 when the output that failed (errno e) was a file asked
 * for beside the trace or instead of it (--timeline, --stack=perf), so
 * etrace fails; 0 for the trace itself (-o, stderr: the command's status
 * stays, as strace's) and for a reader that went away (EPIPE)
 */
int trace_out_fails(const struct trace *t, int e);

/*
 * The trace's parts in the stages' directories, declared here because
 * they work on struct trace:
 */
/* rings/feed.c: one record, in time order (merge_drain's callback) */
void feed_record(void *ctx, struct ring *ring,
		 const struct perf_event_header *h, uint64_t time);
/*
 * The stages after the rings: the sink, pairing, tables, the unwinder
 * (etrace report builds them as a live trace does); 0 or -errno, err set
 */
int trace_stages_open(struct trace *t, char *err, size_t errlen);
/*
 * recfile/recording.c, etrace record: the recorder is the sink; each
 * record is handled as feed_record does, then written (merge_drain's
 * callback); what happens outside the rings is noted (RF_REAPED: a
 * status, the time; RF_VANISH: the time, what is settled; RF_DETACH:
 * the time)
 */
struct sink *recording_sink_new(struct trace *t, char *err, size_t errlen);
void recording_feed(void *ctx, struct ring *ring,
		    const struct perf_event_header *h, uint64_t time);
void recording_note(struct trace *t, int kind, uint64_t a, uint64_t b);
/* before the command runs: what the recording's start reads from tracefs */
void recording_prepare(struct trace *t);
/*
 * SIGUSR1 reached etrace: --flight-recorder's window is written once
 * every record made until now is read (recording_tick, after each drain)
 */
void recording_by_hand(struct trace *t);
void recording_tick(struct trace *t);
/* setup/attach.c: -p PID, every thread; 0 or -errno with err set */
int attach_process(struct trace *t, pid_t pid, char *err, size_t errlen);
/* -p PID --tree: it and its descendants, in ring mode (see attach.c) */
int attach_tree(struct trace *t, pid_t root, char *err, size_t errlen);
/*
 * sinks/reports.c: the losses no ring said (drops: ring mode's, as its
 * program counts them); the -c table (final: the last one); --spawns;
 * the stacks' reports
 */
void reports_losses(struct trace *t, uint64_t drops);
/* a ring size (-m, bytes) that would have held what was lost */
uint64_t reports_ring_advice(const struct trace *t);
void reports_summary(struct trace *t, int final);
void reports_spawns(struct trace *t, uint64_t now);
void reports_stacks(struct trace *t);

#endif
