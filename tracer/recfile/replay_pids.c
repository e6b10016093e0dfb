// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Recording stage: etrace report -p PID: every record goes through the
 * stages as it did live (a task's state is exact: the fork it came
 * from, the call it is in), and only the lines of those processes go
 * on to the sink, as if they had been the only ones traced.
 */
#include <stdlib.h>
#include <string.h>

#include "replay_pids.h"
#include "task.h"

struct pid_sink {
	struct sink s;
	struct sink *in;
	const pid_t *pids;
	int n;
};

static struct pid_sink *PS(struct sink *s)
{
	return (struct pid_sink *)s;
}

static int shown(struct sink *s, const struct task *t)
{
	struct pid_sink *ps = PS(s);

	for (int i = 0; t && i < ps->n; i++)
		if (ps->pids[i] == t->pid)
			return 1;
	return 0;
}

static void ps_sc_enter(struct sink *s, struct task *t,
			const struct sc_call *c, uint64_t time)
{
	if (shown(s, t))
		PS(s)->in->ops->sc_enter(PS(s)->in, t, c, time);
}

static void ps_sc_exit(struct sink *s, struct task *t, const struct sc_call *c,
		       uint64_t time, int seen_enter, enum call_end end)
{
	if (shown(s, t))
		PS(s)->in->ops->sc_exit(PS(s)->in, t, c, time, seen_enter, end);
}

static void ps_task_exit(struct sink *s, struct task *t, enum exit_how how,
			 int code, int core, uint64_t time)
{
	if (shown(s, t))
		PS(s)->in->ops->task_exit(PS(s)->in, t, how, code, core, time);
}

static void ps_lost(struct sink *s, int cpu, uint64_t n, uint64_t time)
{
	PS(s)->in->ops->lost(PS(s)->in, cpu, n, time);
}

static void ps_signal(struct sink *s, struct task *t, int sig,
		      const struct cap *info, int partial, uint64_t ip,
		      uint64_t time)
{
	if (shown(s, t))
		PS(s)->in->ops->signal(PS(s)->in, t, sig, info, partial, ip,
				       time);
}

static void ps_event(struct sink *s, struct task *t, const struct evsel *e,
		     const uint8_t *raw, uint32_t size, uint64_t time)
{
	if (shown(s, t))
		PS(s)->in->ops->event(PS(s)->in, t, e, raw, size, time);
}

static void ps_summary(struct sink *s, struct summary *sum, uint64_t time)
{
	PS(s)->in->ops->summary(PS(s)->in, sum, time);
}

static void ps_note(struct sink *s, struct task *t, const char *text,
		    uint64_t time)
{
	if (shown(s, t))
		PS(s)->in->ops->note(PS(s)->in, t, text, time);
}

static void ps_exec(struct sink *s, struct task *t, uint64_t time)
{
	if (shown(s, t) && PS(s)->in->ops->exec)
		PS(s)->in->ops->exec(PS(s)->in, t, time);
}

static void ps_fork(struct sink *s, struct task *parent, struct task *child,
		    uint64_t time)
{
	if (shown(s, child) && PS(s)->in->ops->fork)
		PS(s)->in->ops->fork(PS(s)->in, parent, child, time);
}

static void ps_report(struct sink *s, const char *name, const char *text,
		      size_t len)
{
	PS(s)->in->ops->report(PS(s)->in, name, text, len);
}

static int ps_start(struct sink *s)
{
	return PS(s)->in->ops->start ? PS(s)->in->ops->start(PS(s)->in) : 0;
}

static int ps_flush(struct sink *s)
{
	return PS(s)->in->ops->flush(PS(s)->in);
}

static int ps_close(struct sink *s)
{
	struct sink *in = PS(s)->in;

	free(s);
	return in->ops->close(in);
}

static const struct sink_ops ps_ops = {
	.sc_enter = ps_sc_enter,
	.sc_exit = ps_sc_exit,
	.task_exit = ps_task_exit,
	.lost = ps_lost,
	.signal = ps_signal,
	.event = ps_event,
	.summary = ps_summary,
	.note = ps_note,
	.exec = ps_exec,
	.fork = ps_fork,
	.report = ps_report,
	.start = ps_start,
	.flush = ps_flush,
	.close = ps_close,
};

struct sink *replay_pids_sink(struct sink *in, const pid_t *pids, int n)
{
	struct pid_sink *ps = calloc(1, sizeof(*ps));

	if (!ps)
		return NULL;
	ps->s.ops = &ps_ops;
	ps->s.view = in->view;
	ps->in = in;
	ps->pids = pids;
	ps->n = n;
	return &ps->s;
}
