// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Sinks stage: two sinks at once (the trace, and --timeline's file).
 * Each operation goes to both, the second first: --max-events is
 * counted by the first (view->printed), and the second, which only
 * reads the count, must see the call before the first counts it.
 */
#include <stdlib.h>

#include "sink.h"

struct tee_sink {
	struct sink s;
	struct sink *a, *b;
};

static struct tee_sink *TEE(struct sink *s)
{
	return (struct tee_sink *)s;
}

static void tee_sc_enter(struct sink *s, struct task *t,
			 const struct sc_call *c, uint64_t time)
{
	struct tee_sink *ts = TEE(s);

	ts->b->ops->sc_enter(ts->b, t, c, time);
	ts->a->ops->sc_enter(ts->a, t, c, time);
}

static void tee_sc_exit(struct sink *s, struct task *t,
			const struct sc_call *c, uint64_t time, int seen_enter,
			enum call_end end)
{
	struct tee_sink *ts = TEE(s);

	ts->b->ops->sc_exit(ts->b, t, c, time, seen_enter, end);
	ts->a->ops->sc_exit(ts->a, t, c, time, seen_enter, end);
}

static void tee_task_exit(struct sink *s, struct task *t, enum exit_how how,
			  int code, int core, uint64_t time)
{
	struct tee_sink *ts = TEE(s);

	ts->b->ops->task_exit(ts->b, t, how, code, core, time);
	ts->a->ops->task_exit(ts->a, t, how, code, core, time);
}

static void tee_lost(struct sink *s, int cpu, uint64_t n, uint64_t time)
{
	struct tee_sink *ts = TEE(s);

	ts->b->ops->lost(ts->b, cpu, n, time);
	ts->a->ops->lost(ts->a, cpu, n, time);
}

static void tee_signal(struct sink *s, struct task *t, int sig,
		       const struct cap *info, int partial, uint64_t ip,
		       uint64_t time)
{
	struct tee_sink *ts = TEE(s);

	ts->b->ops->signal(ts->b, t, sig, info, partial, ip, time);
	ts->a->ops->signal(ts->a, t, sig, info, partial, ip, time);
}

static void tee_event(struct sink *s, struct task *t, const struct evsel *e,
		      const uint8_t *raw, uint32_t size, uint64_t time)
{
	struct tee_sink *ts = TEE(s);

	ts->b->ops->event(ts->b, t, e, raw, size, time);
	ts->a->ops->event(ts->a, t, e, raw, size, time);
}

static void tee_summary(struct sink *s, struct summary *sum, uint64_t time)
{
	struct tee_sink *ts = TEE(s);

	ts->b->ops->summary(ts->b, sum, time);
	ts->a->ops->summary(ts->a, sum, time);
}

static void tee_note(struct sink *s, struct task *t, const char *text,
		     uint64_t time)
{
	struct tee_sink *ts = TEE(s);

	ts->b->ops->note(ts->b, t, text, time);
	ts->a->ops->note(ts->a, t, text, time);
}

static void tee_exec(struct sink *s, struct task *t, uint64_t time)
{
	struct tee_sink *ts = TEE(s);

	if (ts->b->ops->exec)
		ts->b->ops->exec(ts->b, t, time);
	if (ts->a->ops->exec)
		ts->a->ops->exec(ts->a, t, time);
}

static void tee_task_gone(struct sink *s, struct task *t)
{
	struct tee_sink *ts = TEE(s);

	if (ts->b->ops->task_gone)
		ts->b->ops->task_gone(ts->b, t);
	if (ts->a->ops->task_gone)
		ts->a->ops->task_gone(ts->a, t);
}

static void tee_fork(struct sink *s, struct task *parent, struct task *child,
		     uint64_t time)
{
	struct tee_sink *ts = TEE(s);

	if (ts->b->ops->fork)
		ts->b->ops->fork(ts->b, parent, child, time);
	if (ts->a->ops->fork)
		ts->a->ops->fork(ts->a, parent, child, time);
}

static void tee_report(struct sink *s, const char *name, const char *text,
		       size_t len)
{
	struct tee_sink *ts = TEE(s);

	ts->b->ops->report(ts->b, name, text, len);
	ts->a->ops->report(ts->a, name, text, len);
}

static int tee_start(struct sink *s)
{
	struct tee_sink *ts = TEE(s);
	int r = ts->a->ops->start ? ts->a->ops->start(ts->a) : 0;

	if (!r && ts->b->ops->start)
		r = ts->b->ops->start(ts->b);
	return r;
}

static int tee_flush(struct sink *s)
{
	struct tee_sink *ts = TEE(s);
	int ra = ts->a->ops->flush(ts->a);
	int rb = ts->b->ops->flush(ts->b);

	/* the trace's own output failed: that is the one to name */
	if (ra)
		s->view->failed = NULL;
	return ra ? ra : rb;
}

/* both closed whatever the first says: each file gets its end */
static int tee_close(struct sink *s)
{
	struct tee_sink *ts = TEE(s);
	int rb = ts->b->ops->close(ts->b);
	int ra = ts->a->ops->close(ts->a);

	if (ra)
		s->view->failed = NULL;
	free(ts);
	return ra ? ra : rb;
}

static const struct sink_ops tee_ops = {
	.sc_enter = tee_sc_enter,
	.sc_exit = tee_sc_exit,
	.task_exit = tee_task_exit,
	.lost = tee_lost,
	.signal = tee_signal,
	.event = tee_event,
	.summary = tee_summary,
	.note = tee_note,
	.exec = tee_exec,
	.fork = tee_fork,
	.task_gone = tee_task_gone,
	.report = tee_report,
	.start = tee_start,
	.flush = tee_flush,
	.close = tee_close,
};

struct sink *sink_tee_new(struct sink *first, struct sink *second)
{
	struct tee_sink *ts = calloc(1, sizeof(*ts));

	if (!ts)
		return NULL;
	ts->s.ops = &tee_ops;
	ts->s.view = first->view;
	ts->a = first;
	ts->b = second;
	return &ts->s;
}
