// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Recording stage, `etrace report -i FILE`: the recording read back into
 * the stages a live trace feeds (the records to feed_record, in the
 * order the merge handed them on; the command's reaping, the checks of
 * vanished tasks with /proc's answers of then, the losses and the
 * detach where they happened), so a report prints what the live trace
 * of the same run would have.  The -c table is the one the kernel
 * counted, kept at the recording's end.
 *
 * Everything in the file is untrusted: the run's description is checked
 * before it is used (offsets inside records, sizes), the records are
 * bounds-checked by the stages as the rings' are.  A file that stops
 * short or is damaged is reported up to there, then one line names the
 * offset, and etrace exits 1.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <traceevent/event-parse.h>

#include "ends.h"
#include "out.h"
#include "python.h"
#include "recfile.h"
#include "recording.h"
#include "record.h"
#include "replay_args.h"
#include "replay_load.h"
#include "tfile.h"
#include "trace.h"
#include "unwind.h"

/* pair.alive: what /proc answered while recording, in the same order */
static int replay_alive(void *ctx, pid_t tid)
{
	struct replay *rp = ctx;

	if (rp->next_alive < rp->nalive &&
	    rp->alive[rp->next_alive].tid == tid)
		return rp->alive[rp->next_alive++].alive;
	/* not asked then: it was (the recording ended before) */
	return 1;
}

static int replay_rec(struct replay *rp, struct trace *t,
		      const struct rf_item *it)
{
	const struct perf_event_header *h = (const void *)it->data;
	struct ring *ring;
	uint64_t time;

	if (it->len < sizeof(*h) || h->size != it->len ||
	    it->ring >= (unsigned int)t->ps.nrings)
		return -1;
	if (rp->table_only)
		return 0;
	ring = &t->ps.rings[it->ring];
	time = rec_time(h, h->size);
	/* a record without a time sorts with its predecessor (merge.c) */
	if (!time)
		time = ring->last_time;
	ring->last_time = time;
	rp->last_time = time;
	feed_record(t, ring, h, time);
	return 0;
}

/* one item of the trace; 0, or -1 when it makes no sense there */
static int replay_item(struct replay *rp, struct trace *t,
		       const struct rf_item *it)
{
	switch (it->kind) {
	case RF_REC:
		return replay_rec(rp, t, it);
	case RF_REAPED: {
		struct rf_reaped v;

		if (it->len != sizeof(v))
			return -1;
		memcpy(&v, it->data, sizeof(v));
		if (t->have_child && !t->pr.child_reaped)
			ends_child_reaped(&t->pr, v.status, v.time);
		return 0;
	}
	case RF_VANISH: {
		struct rf_vanish v;

		if (it->len != sizeof(v))
			return -1;
		memcpy(&v, it->data, sizeof(v));
		ends_reap_vanished(&t->pr, v.time, v.settled);
		return 0;
	}
	case RF_ALIVE:
		return replay_answers(rp, it);
	case RF_LOSS: {
		struct rf_loss v;

		if (it->len != sizeof(v))
			return -1;
		memcpy(&v, it->data, sizeof(v));
		t->lost += v.n;
		if (!rp->table_only)
			t->sink->ops->lost(t->sink, -1, v.n, v.time);
		return 0;
	}
	case RF_DETACH:
		if (it->len != sizeof(uint64_t))
			return -1;
		memcpy(&rp->detach_time, it->data, sizeof(uint64_t));
		rp->detached = 1;
		ends_detach(&t->pr, rp->detach_time);
		return 0;
	case RF_SUMMARY:
		return replay_summary(rp, it);
	case RF_END:
		if (it->len != sizeof(struct rf_end))
			return -1;
		memcpy(&rp->end, it->data, sizeof(rp->end));
		return 0;
	}
	return -1;
}

/* the items of the trace, to the stages; 0, or -1 with err set */
static int replay_feed(struct replay *rp, struct trace *t, char *err,
		       size_t errlen)
{
	struct rf_item it;
	uint64_t n = 0;
	int k, r;

	while ((k = recr_next(rp->rd, &it)) > 0) {
		if (replay_item(rp, t, &it)) {
			snprintf(err, errlen, "%s: corrupt item at byte %llu of"
				 " the record stream (kind %d, %u bytes)",
				 rp->a->path, (unsigned long long)it.off,
				 it.kind, it.len);
			return -1;
		}
		if (++n % 4096 == 0 && (r = t->sink->ops->flush(t->sink))) {
			t->out_err = -r;
			return 0;
		}
		/* --max-events: the live trace ends there (run.c, finished) */
		if (sink_full(t->sink))
			return 0;
	}
	if (k < 0) {
		snprintf(err, errlen, "%s: %s", rp->a->path,
			 recr_error(rp->rd));
		return -1;
	}
	return 0;
}

/* -c, -C: the kernel's table, the calls -e trace= selects */
static void replay_table(struct replay *rp, struct trace *t)
{
	struct summary *s = &t->sum;

	summary_clear(s);
	for (unsigned int i = 0; i < rp->sum.n; i++) {
		const struct sum_row *row = &rp->sum.rows[i];

		if (row->key.nr < SUM_EVENT_BASE &&
		    !sel_has(t->p->pair.sel, row->key.nr))
			continue;
		summary_add(s, &row->key, &row->val);
	}
	s->lost = rp->sum.lost;
	s->full = rp->sum.full;
	s->exact = rp->sum.exact;
	t->sink->ops->summary(t->sink, s, rp->sum_time);
}

/* the end, as trace_end makes it: what is open, the table, the notes */
static int replay_end(struct replay *rp, struct trace *t, int failed)
{
	int r;

	if (!rp->detached)
		ends_detach(&t->pr, rp->last_time);
	if (t->p->summary && rp->have_sum)
		replay_table(rp, t);
	else if (t->p->summary)
		fprintf(stderr, "etrace: report: the -c table is kept at the"
			" recording's end, which %s\n", failed ? "is missing" :
			"has none");
	/* --spawns, --flamegraph, --stack=folded: from the recorded stacks */
	reports_stacks(t);
	reports_spawns(t, rp->last_time);
	r = t->sink->ops->close(t->sink);
	t->sink = NULL;
	if (r && r != -EPIPE)
		fprintf(stderr, "etrace: writing %s failed: %s\n",
			t->p->sink.outfile ? t->p->sink.outfile : "the report",
			strerror(-r));
	if (t->lost)
		fprintf(stderr, "etrace: %llu records lost while recording: the"
			" rings were too small for the event rate\n",
			(unsigned long long)t->lost);
	if (t->bad || t->pr.cap_bad || rp->end.bad)
		fprintf(stderr, "etrace: %llu malformed records skipped\n",
			(unsigned long long)(t->bad + t->pr.cap_bad +
					     rp->end.bad));
	return r && r != -EPIPE;
}

static void replay_teardown(struct trace *t)
{
	if (t->sink)
		t->sink->ops->close(t->sink);
	/* -k: the unwinder the stages opened, as trace_teardown frees it */
	if (t->p && t->p->stacks) {
		python_free(&t->pr.unw);
		unwind_free(&t->pr.unw);
	}
	stacks_free(t->pr.agg);		/* --flamegraph, --stack=folded */
	t->pr.agg = NULL;
	spawns_free(t->pr.spawns);
	t->pr.spawns = NULL;
	pair_free(&t->pr);
	summary_free(&t->sum);
	summary_free(&t->sum_rec);
	summary_free(&t->sum_prev);
	events_free(&t->ev);
	free(t->ps.rings);
	free(t->ps.ids);
	free(t->ps.idev);
}

/* -o names the recording being read: it would be emptied under us */
static int same_file(int fd, const char *path)
{
	struct stat a, b;

	return path && !fstat(fd, &a) && !stat(path, &b) &&
	       a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

int report_main(int argc, char **argv, const struct plan_machine *m)
{
	struct report_args a;
	struct replay rp;
	struct plan_report rw;
	struct plan plan;
	struct stat st;
	struct trace t;
	char err[512];
	int fd = -1, r, status = 1, failed;

	memset(&t, 0, sizeof(t));
	r = report_args_split(argc, argv, &a, err, sizeof(err));
	if (r > 0)
		return 0;
	if (r)
		goto out_say;
	fd = open(a.path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(err, sizeof(err), "report: %s: %s", a.path,
			 strerror(errno));
		goto out_args;
	}
	r = replay_load(&rp, &a, fd, err, sizeof(err));
	if (r)
		goto out_args;
	/* -k: the files the recording's processes mapped, as they were */
	if (!fstat(fd, &st))
		tfile_unchanged_since(&st.st_mtim);
	rw = (struct plan_report){ rp.words, rp.nwords, a.words, a.nwords,
				   rp.cmd, rp.ncmd, a.npids };
	if (plan_read_report(&rw, m, &plan, err, sizeof(err)))
		goto out_replay;
	if (same_file(fd, plan.sink.outfile)) {
		snprintf(err, sizeof(err), "report: -o %s is the recording",
			 plan.sink.outfile);
		plan_free(&plan);
		goto out_replay;
	}
	plan.sink.mono_to_real = rp.st->mono_to_real;
	rp.table_only = plan.summary == 1;
	if (replay_trace(&rp, &t, &plan, err, sizeof(err)))
		goto out_trace;
	t.pr.alive = replay_alive;
	t.pr.alive_ctx = &rp;
	/* the recorded tasks' interfaces are not this machine's now */
	t.pr.fo.if_name = t.pr.fo_full.if_name = NULL;
	r = t.sink->ops->start ? t.sink->ops->start(t.sink) : 0;
	if (r) {
		snprintf(err, sizeof(err), "cannot write %s: %s",
			 plan.sink.outfile, strerror(-r));
		goto out_trace;
	}
	failed = replay_feed(&rp, &t, err, sizeof(err));
	status = replay_end(&rp, &t, failed) || failed;
	replay_teardown(&t);
	plan_free(&plan);
	replay_free(&rp);
	report_args_free(&a);
	close(fd);
	if (failed)
		fprintf(stderr, "etrace: report: %s\n", err);
	return status;
out_trace:
	replay_teardown(&t);
	plan_free(&plan);
out_replay:
	replay_free(&rp);
out_args:
	report_args_free(&a);
	if (fd >= 0)
		close(fd);
out_say:
	fprintf(stderr, "etrace: %s\n", err);
	return 1;
}
