// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Recording stage, `etrace record -o FILE [options] -- CMD` (also -p,
 * -a): the live trace runs as always (rings, merge, pairing, so that it
 * knows when its tasks are gone), but its sink is this recorder, which
 * formats nothing.  Each record the merge hands on is written as read
 * (recfile.h), and so is all that decoding needs later: the events and
 * their tracefs formats, the tasks and the command known before any
 * record, what happened outside the rings (the command reaped, /proc's
 * answers about vanished tasks, losses said at the end) and the exact
 * -c table, counted in the kernel, at the end.  `etrace report` feeds it
 * all to the same stages (replay.c).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "out.h"
#include "proc.h"
#include "recfile.h"
#include "recording.h"
#include "sysent_fallback.h"
#include "trace.h"

/* zstd's level: 1 costs the reader ~5 ns a record (make bench) */
#define REC_LEVEL 1

struct recording {
	struct sink s;
	struct trace *t;
	struct recw *w;
	const char *path;
	int fd;				/* the recw's */
	int started;			/* the header is written */
	char *const *words;		/* the record's options */
	int nwords;
	/* /proc's answers since the last item (pair.alive) */
	struct rf_alive *alive;
	unsigned int nalive, calive;
};

static struct recording *rec_of(struct sink *s)
{
	return (struct recording *)s;
}

/* pair.alive: /proc asked, the answer kept for the report */
static int rec_alive(void *ctx, pid_t tid)
{
	struct recording *rc = ctx;
	int a = proc_alive(tid);

	if (rc->nalive == rc->calive) {
		unsigned int n = rc->calive ? 2 * rc->calive : 64;
		struct rf_alive *na = realloc(rc->alive, n * sizeof(*na));

		if (!na)
			return a;	/* the report sees no answer: alive */
		rc->alive = na;
		rc->calive = n;
	}
	rc->alive[rc->nalive++] = (struct rf_alive){ tid, a };
	return a;
}

/* the answers /proc gave while the item about to be written was handled */
static void rec_answers(struct recording *rc)
{
	if (!rc->nalive)
		return;
	recw_item(rc->w, RF_ALIVE, 0, rc->alive,
		  rc->nalive * sizeof(*rc->alive), NULL, 0);
	rc->nalive = 0;
}

void recording_feed(void *ctx, struct ring *ring,
		    const struct perf_event_header *h, uint64_t time)
{
	struct trace *t = ctx;

	feed_record(ctx, ring, h, time);
	rec_answers(t->rec);
	recw_item(t->rec->w, RF_REC, (unsigned int)(ring - t->ps.rings), h,
		  h->size, NULL, 0);
}

void recording_note(struct trace *t, int kind, uint64_t a, uint64_t b)
{
	struct recording *rc = t->rec;

	rec_answers(rc);
	switch (kind) {
	case RF_REAPED: {
		struct rf_reaped it = { (int32_t)a, 0, b };

		recw_item(rc->w, kind, 0, &it, sizeof(it), NULL, 0);
		break;
	}
	case RF_VANISH: {
		struct rf_vanish it = { a, b };

		recw_item(rc->w, kind, 0, &it, sizeof(it), NULL, 0);
		break;
	}
	case RF_DETACH:
		recw_item(rc->w, kind, 0, &a, sizeof(a), NULL, 0);
		break;
	}
}

/* the tracefs format of an event, into buf (0 bytes when it has none) */
static size_t format_text(struct trace *t, const struct evsel *e, char *buf,
			  size_t cap)
{
	char path[512];
	size_t n = 0;
	ssize_t k;
	int fd;

	if (!e->sys[0] || !e->name[0])
		return 0;
	snprintf(path, sizeof(path), "%s/events/%s/%s/format", t->tfs.root,
		 e->sys, e->name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	while (n < cap && (k = read(fd, buf + n, cap - n)) > 0)
		n += (size_t)k;
	close(fd);
	return n < cap ? n : 0;
}

/*
 * Every evsel a record may name: the events' own, then those the BPF
 * programs write as (ring mode's, the captures'), which live in the
 * capture; list[] gets them in file order.  Returns how many, or -1.
 */
static int rec_evsel_list(struct trace *t, const struct evsel ***list)
{
	const struct evsel **l;
	int n = 0;

	l = calloc((size_t)t->ev.n + t->ps.nids + 1, sizeof(*l));
	if (!l)
		return -1;
	for (int i = 0; i < t->ev.n; i++)
		l[n++] = &t->ev.ev[i];
	for (unsigned int i = 0; i < t->ps.idcap; i++) {
		const struct evsel *e = t->ps.idev[i];
		int k = 0;

		while (e && k < n && l[k] != e)
			k++;
		if (e && k == n)
			l[n++] = e;
	}
	*list = l;
	return n;
}

static int rec_list_index(const struct evsel **l, int n, const struct evsel *e)
{
	for (int i = 0; i < n; i++)
		if (l[i] == e)
			return i;
	return -1;
}

static void rec_evsel(struct recording *rc, const struct evsel *e)
{
	static char fmt[64 << 10];
	struct rf_evsel re = {
		.role = e->role, .tp_id = e->tp_id, .sc_nr = e->sc_nr,
		.off_nr = e->off_nr, .sz_nr = e->sz_nr,
		.off_args = e->off_args, .nargs = e->nargs,
		.off_sig = e->off_sig, .off_code = e->off_code,
		.off_handler = e->off_handler, .tp_index = e->tp_index,
		.sample_type = e->sample_type,
		.flags = (e->counted ? RF_EV_COUNTED : 0) |
			 (e->by_bpf ? RF_EV_BY_BPF : 0) |
			 (e->ring ? RF_EV_RING : 0) |
			 (e->stack ? RF_EV_STACK : 0) |
			 (e->ip ? RF_EV_IP : 0),
	};

	memcpy(re.sys, e->sys, sizeof(re.sys));
	memcpy(re.name, e->name, sizeof(re.name));
	/* only other tracepoints' lines read their fields */
	re.fmt_len = e->role == EV_TP ?
		     (uint32_t)format_text(rc->t, e, fmt, sizeof(fmt)) : 0;
	recw_item(rc->w, RF_EVSEL, 0, &re, sizeof(re), fmt, re.fmt_len);
}

static void rec_evsels(struct recording *rc, const struct evsel **l, int n)
{
	struct trace *t = rc->t;

	for (int i = 0; i < n; i++)
		rec_evsel(rc, l[i]);
	for (unsigned int i = 0; i < t->ps.idcap; i++) {
		struct rf_id id;

		if (!t->ps.idev[i])
			continue;
		id = (struct rf_id){ t->ps.ids[i],
				     (uint32_t)rec_list_index(l, n,
							      t->ps.idev[i]),
				     0 };
		recw_item(rc->w, RF_ID, 0, &id, sizeof(id), NULL, 0);
	}
}

/*
 * The arguments' names of every syscall recorded (JSON's "name"), from
 * tracefs formats that the report's machine may not have
 */
static void rec_argnames(struct recording *rc)
{
	char buf[SC_MAX_ARGS * 64];

	for (long nr = 0; nr < SC_NR_MAX; nr++) {
		const char *const *names;
		int32_t n32 = (int32_t)nr;
		size_t len = 0;

		if (!sel_has(&rc->t->p->seen, nr))
			continue;
		names = sc_arg_names(nr);
		for (int i = 0; i < SC_MAX_ARGS; i++)
			len += (size_t)snprintf(buf + len, sizeof(buf) - len,
						"%.62s", names[i]) + 1;
		recw_item(rc->w, RF_ARGNAMES, 0, &n32, sizeof(n32), buf, len);
	}
}

static void rec_task(void *ctx, struct task *tk)
{
	struct recording *rc = ctx;
	struct rf_task it = { tk->tid, tk->pid, "" };

	memcpy(it.comm, tk->comm, sizeof(it.comm));
	recw_item(rc->w, RF_TASK, 0, &it, sizeof(it), NULL, 0);
}

static void rec_launch(struct recording *rc)
{
	const struct launch *l = &rc->t->ln;
	struct rf_launch it = { l->pid, l->argc, l->envc, 0, l->envp,
				l->exec_ip };
	size_t len = strlen(l->path) + 1;
	char *s;

	for (int i = 0; i < l->argc; i++)
		len += strlen(l->argv[i]) + 1;
	s = malloc(len);
	if (!s)
		return;
	len = 0;
	len += (size_t)sprintf(s, "%s", l->path) + 1;
	for (int i = 0; i < l->argc; i++)
		len += (size_t)sprintf(s + len, "%s", l->argv[i]) + 1;
	recw_item(rc->w, RF_LAUNCH, 0, &it, sizeof(it), s, len);
	free(s);
}

static void rec_words(struct recording *rc, int kind, char *const *w, int n)
{
	size_t len = 0;
	char *s;

	for (int i = 0; i < n; i++)
		len += strlen(w[i]) + 1;
	s = malloc(len ? len : 1);
	if (!s)
		return;
	len = 0;
	for (int i = 0; i < n; i++)
		len += (size_t)sprintf(s + len, "%s", w[i]) + 1;
	recw_item(rc->w, kind, 0, s, len, NULL, 0);
	free(s);
}

static uint32_t rec_flags(const struct trace *t)
{
	return (t->have_child ? RF_ST_CHILD : 0) |
	       (t->scoped ? RF_ST_SCOPED : 0) |
	       (t->pr.view.multi ? RF_ST_MULTI : 0) |
	       (t->pr.sig_from_bpf ? RF_ST_SIG_BPF : 0) |
	       (t->pr.bpf_exits ? RF_ST_BPF_EXITS : 0) |
	       (t->pr.file_strings ? RF_ST_FILE_STRINGS : 0) |
	       (t->pr.events_survive_exec ? RF_ST_SURVIVE_EXEC : 0) |
	       (t->sum_records ? RF_ST_SUM_CALLS : 0) |
	       (t->cap.active ? RF_ST_CAP_ACTIVE : 0) |
	       (t->p->follow ? RF_ST_FOLLOW : 0) |
	       (t->p->all ? RF_ST_ALL : 0);
}

/* the run, before any record: what the report builds its stages from */
static int rec_start(struct sink *s)
{
	struct recording *rc = rec_of(s);
	struct trace *t = rc->t;
	size_t len = sizeof(struct rf_state) + sizeof(int32_t) * t->ps.nrings;
	struct rf_state *st = calloc(1, len);
	const struct evsel **evl = NULL;
	struct timespec re, mo;
	int r, nev = rec_evsel_list(t, &evl);

	if (!st || nev < 0) {
		free(st);
		free(evl);
		return -ENOMEM;
	}
	clock_gettime(CLOCK_REALTIME, &re);
	clock_gettime(CLOCK_MONOTONIC, &mo);
	st->start = merge_now();
	st->mono_to_real = ((int64_t)re.tv_sec - mo.tv_sec) * 1000000000ll +
			   (re.tv_nsec - mo.tv_nsec);
	st->flags = rec_flags(t);
	st->child = t->have_child ? t->ln.pid : 0;
	st->self = t->pr.names.self;
	memcpy(st->self_comm, t->pr.names.self_comm, sizeof(st->self_comm));
	st->nrings = (uint32_t)t->ps.nrings;
	st->nev = (uint32_t)nev;
	st->ncpu = (uint32_t)t->ps.ncpu;
	for (int i = 0; i < t->ps.nrings; i++)
		st->ring_cpu[i] = t->ps.rings[i].cpu;
	/* the file is emptied only now that the trace begins */
	r = out_truncate(rc->fd) ?: recw_start(rc->w);
	rc->started = 1;
	t->pr.alive = rec_alive;
	t->pr.alive_ctx = rc;
	recw_item(rc->w, RF_STATE, 0, st, len, NULL, 0);
	free(st);
	rec_words(rc, RF_WORDS, rc->words, rc->nwords);
	if (t->p->cmd) {
		int n = 0;

		while (t->p->cmd[n])
			n++;
		rec_words(rc, RF_CMD, t->p->cmd, n);
	}
	rec_evsels(rc, evl, nev);
	free(evl);
	if (t->have_child)
		rec_launch(rc);
	task_each(&t->pr.tasks, rec_task, rc);
	rec_argnames(rc);
	r = recw_item(rc->w, RF_START, 0, NULL, 0, NULL, 0) ?: r;
	return r ?: recw_flush(rc->w);
}

static void rec_lost(struct sink *s, int cpu, uint64_t n, uint64_t time)
{
	struct recording *rc = rec_of(s);
	struct rf_loss it = { n, time };

	/* a ring's LOST record is in the recording itself */
	if (cpu < 0) {
		rec_answers(rc);
		recw_item(rc->w, RF_LOSS, 0, &it, sizeof(it), NULL, 0);
	}
}

static void rec_summary(struct sink *s, struct summary *sum, uint64_t time)
{
	struct recording *rc = rec_of(s);
	struct rf_sumhead h = { time, sum->lost, sum->n,
				sizeof(struct sum_row), (uint32_t)sum->exact,
				sum->full };

	rec_answers(rc);
	recw_item(rc->w, RF_SUMMARY, 0, &h, sizeof(h), sum->rows,
		  sum->n * sizeof(struct sum_row));
}

static int rec_flush(struct sink *s)
{
	return recw_flush(rec_of(s)->w);
}

static int rec_close(struct sink *s)
{
	struct recording *rc = rec_of(s);
	struct rf_end end = { merge_now(), rc->t->bad + rc->t->pr.cap_bad };
	int r;

	/* setup failed before the trace began: the file stays as it was */
	if (rc->started) {
		rec_answers(rc);
		recw_item(rc->w, RF_END, 0, &end, sizeof(end), NULL, 0);
	}
	r = recw_close(rc->w, rc->started);
	rc->t->rec = NULL;
	free(rc->alive);
	free(rc);
	return r;
}

static void rec_enter(struct sink *s, struct task *t, const struct sc_call *c,
		      uint64_t time)
{
}

static void rec_exit(struct sink *s, struct task *t, const struct sc_call *c,
		     uint64_t time, int seen_enter, enum call_end end)
{
}

static void rec_task_exit(struct sink *s, struct task *t, enum exit_how how,
			  int code, int core, uint64_t time)
{
}

static void rec_signal(struct sink *s, struct task *t, int sig,
		       const struct cap *info, int partial, uint64_t ip,
		       uint64_t time)
{
}

static void rec_event(struct sink *s, struct task *t, const struct evsel *e,
		      const uint8_t *raw, uint32_t size, uint64_t time)
{
}

static void rec_note(struct sink *s, struct task *t, const char *text,
		     uint64_t time)
{
}

static void rec_report(struct sink *s, const char *name, const char *text,
		       size_t len)
{
}

static const struct sink_ops rec_ops = {
	.sc_enter = rec_enter,
	.sc_exit = rec_exit,
	.task_exit = rec_task_exit,
	.lost = rec_lost,
	.signal = rec_signal,
	.event = rec_event,
	.summary = rec_summary,
	.note = rec_note,
	.report = rec_report,
	.start = rec_start,
	.flush = rec_flush,
	.close = rec_close,
};

struct sink *recording_sink_new(struct trace *t, char *err, size_t errlen)
{
	const struct recording_conf *rcf = t->p->record;
	struct recording *rc = calloc(1, sizeof(*rc));
	int fd;

	if (!rc) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	fd = out_create(rcf->path, 0, err, errlen);
	if (fd < 0) {
		free(rc);
		return NULL;
	}
	rc->w = recw_new(fd, REC_LEVEL, err, errlen);
	if (!rc->w) {
		free(rc);
		return NULL;
	}
	rc->s.ops = &rec_ops;
	rc->s.view = &t->pr.view;
	rc->t = t;
	rc->path = rcf->path;
	rc->words = rcf->words;
	rc->nwords = rcf->nwords;
	rc->fd = fd;
	t->rec = rc;
	return &rc->s;
}
