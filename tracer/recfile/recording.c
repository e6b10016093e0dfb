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

#include "flight.h"
#include "out.h"
#include "proc.h"
#include "recfile.h"
#include "recording.h"
#include "sysent_fallback.h"
#include "trace.h"

/*
 * zstd's level: -1 ("--fast=1"), the fastest that compresses the getppid
 * storm's records as well as 1 does (8 bytes a call from ~200): 2100 MB/s
 * against 1650 (zstd -b on a recording's raw stream, best of 3): zstd
 * is the recorder's dearest part, ~100 ns a call at 1
 */
#define REC_LEVEL (-1)
/* --flight-recorder: the tasks gone that a dump can still name */
#define GONE_MAX 4096

struct recording {
	struct sink s;
	struct trace *t;
	struct recw *w;			/* or, --flight-recorder: */
	struct flight *fl;
	const struct flight_conf *fcf;
	uint64_t execd_at;		/* when the command exec'd, or 0 */
	uint64_t hand_at;		/* SIGUSR1 came then: the window up
					   to then is written once read */
	/* the last EXITS tasks gone, for a window's tasks (a ring) */
	struct rf_task *gone;
	uint64_t *gone_at;
	unsigned int ngone;
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

/* an item, to the file or to the flight recorder's memory */
static int rec_item(struct recording *rc, uint64_t time, int kind,
		    unsigned int ring, const void *a, size_t alen,
		    const void *b, size_t blen)
{
	if (!rc->fl)
		return recw_item(rc->w, kind, ring, a, alen, b, blen);
	flight_item(rc->fl, time, kind, ring, a, alen, b, blen);
	return 0;
}

/* a trigger fired: its dump, now that its item is in the window */
static void rec_poll(struct recording *rc)
{
	if (rc->fl)
		flight_poll(rc->fl, rc->t->bad + rc->t->pr.cap_bad);
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
	rec_item(rc, 0, RF_ALIVE, 0, rc->alive,
		  rc->nalive * sizeof(*rc->alive), NULL, 0);
	rc->nalive = 0;
}

void recording_feed(void *ctx, struct ring *ring,
		    const struct perf_event_header *h, uint64_t time)
{
	struct trace *t = ctx;
	int execd = t->cmd_execd;

	feed_record(ctx, ring, h, time);
	if (!execd && t->cmd_execd)
		t->rec->execd_at = time;
	rec_answers(t->rec);
	rec_item(t->rec, time, RF_REC, (unsigned int)(ring - t->ps.rings), h,
		 h->size, NULL, 0);
	rec_poll(t->rec);
}

void recording_note(struct trace *t, int kind, uint64_t a, uint64_t b)
{
	struct recording *rc = t->rec;

	rec_answers(rc);
	switch (kind) {
	case RF_REAPED: {
		struct rf_reaped it = { (int32_t)a, 0, b };

		rec_item(rc, b, kind, 0, &it, sizeof(it), NULL, 0);
		break;
	}
	case RF_VANISH: {
		struct rf_vanish it = { a, b };

		rec_item(rc, a, kind, 0, &it, sizeof(it), NULL, 0);
		break;
	}
	case RF_DETACH:
		rec_item(rc, a, kind, 0, &a, sizeof(a), NULL, 0);
		break;
	}
	rec_poll(rc);
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
	rec_item(rc, 0, RF_EVSEL, 0, &re, sizeof(re), fmt, re.fmt_len);
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
		rec_item(rc, 0, RF_ID, 0, &id, sizeof(id), NULL, 0);
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
		rec_item(rc, 0, RF_ARGNAMES, 0, &n32, sizeof(n32), buf, len);
	}
}

/*
 * The names rec_argnames writes come from tracefs's formats, one file a
 * syscall (360 with -f's every call, ~50 ms): read before the command
 * runs, not beside its first calls (whose loop they slowed by ~50 ms)
 */
void recording_prepare(struct trace *t)
{
	for (long nr = 0; t->rec && nr < SC_NR_MAX; nr++)
		if (sel_has(&t->p->seen, nr))
			sc_arg_names(nr);
}

static void rec_task(void *ctx, struct task *tk)
{
	struct recording *rc = ctx;
	struct rf_task it = { tk->tid, tk->pid, "" };

	memcpy(it.comm, tk->comm, sizeof(it.comm));
	rec_item(rc, 0, RF_TASK, 0, &it, sizeof(it), NULL, 0);
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
	rec_item(rc, 0, RF_LAUNCH, 0, &it, sizeof(it), s, len);
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
	rec_item(rc, 0, kind, 0, s, len, NULL, 0);
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
	r = rc->fl ? 0 : out_truncate(rc->fd) ?: recw_start(rc->w);
	rc->started = 1;
	t->pr.alive = rec_alive;
	t->pr.alive_ctx = rc;
	rec_item(rc, 0, RF_STATE, 0, st, len, NULL, 0);
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
	r = rec_item(rc, 0, RF_START, 0, NULL, 0, NULL, 0) ?: r;
	if (rc->fl)
		flight_say_start(rc->fl, t->pr.names.self);
	return r ?: rc->fl ? 0 : recw_flush(rc->w);
}

static void rec_lost(struct sink *s, int cpu, uint64_t n, uint64_t time)
{
	struct recording *rc = rec_of(s);
	struct rf_loss it = { n, time };

	/* a ring's LOST record is in the recording itself */
	if (cpu < 0) {
		rec_answers(rc);
		rec_item(rc, 0, RF_LOSS, 0, &it, sizeof(it), NULL, 0);
	}
}

static void rec_summary(struct sink *s, struct summary *sum, uint64_t time)
{
	struct recording *rc = rec_of(s);
	struct rf_sumhead h = { time, sum->lost, sum->n,
				sizeof(struct sum_row), (uint32_t)sum->exact,
				sum->full };

	rec_answers(rc);
	rec_item(rc, 0, RF_SUMMARY, 0, &h, sizeof(h), sum->rows,
		  sum->n * sizeof(struct sum_row));
}

static int rec_flush(struct sink *s)
{
	struct recording *rc = rec_of(s);

	return rc->fl ? 0 : recw_flush(rc->w);
}

static int rec_close(struct sink *s)
{
	struct recording *rc = rec_of(s);
	struct rf_end end = { merge_now(), rc->t->bad + rc->t->pr.cap_bad };
	int r;

	/* setup failed before the trace began: the file stays as it was */
	if (rc->started && !rc->fl) {
		rec_answers(rc);
		rec_item(rc, 0, RF_END, 0, &end, sizeof(end), NULL, 0);
	}
	if (rc->hand_at)
		flight_fire(rc->fl, "SIGUSR1", rc->hand_at, 1);
	rec_poll(rc);
	r = rc->fl ? flight_free(rc->fl) : recw_close(rc->w, rc->started);
	rc->t->rec = NULL;
	free(rc->gone);
	free(rc->gone_at);
	free(rc->alive);
	free(rc);
	return r;
}

static void rec_enter(struct sink *s, struct task *t, const struct sc_call *c,
		      uint64_t time)
{
}

/* --trigger errno=, path=: the call's end (the path, the traced
   program's, is not said: the user's glob is) */
static void rec_exit(struct sink *s, struct task *t, const struct sc_call *c,
		     uint64_t time, int seen_enter, enum call_end end)
{
	struct recording *rc = rec_of(s);
	const struct flight_call_rule *r;
	const char *e;
	char why[400];
	int k;

	if (!rc->fl || !c->exited)
		return;
	k = flight_on_call(rc->fcf, t->nr, c);
	if (!k)
		return;
	r = &rc->fcf->rule[k - 1];
	e = errno_name((int)-c->ret);
	if (r->glob[0])
		snprintf(why, sizeof(why), "path=%s: %s, pid %d", r->glob,
			 c->d->name, (int)t->tid);
	else
		snprintf(why, sizeof(why), "errno=%s: %s, pid %d",
			 e ? e : "?", c->d->name, (int)t->tid);
	flight_fire(rc->fl, why, time, 0);
}

/* a dump's state: the command had exec'd before its window */
static uint32_t fl_flags(void *ctx, uint64_t from)
{
	struct recording *rc = ctx;

	return rc->execd_at && rc->execd_at < from ? RF_ST_EXECD : 0;
}

struct fl_tasks {
	struct recw *w;
	int r;
};

static void fl_task(void *ctx, struct task *tk)
{
	struct fl_tasks *ft = ctx;
	struct rf_task it = { tk->tid, tk->pid, "" };

	memcpy(it.comm, tk->comm, sizeof(it.comm));
	ft->r = ft->r ?: recw_item(ft->w, RF_TASK, 0, &it, sizeof(it), NULL, 0);
}

/* a dump's tasks: those traced now, and those gone since from */
static int fl_tasks(void *ctx, struct recw *w, uint64_t from)
{
	struct recording *rc = ctx;
	struct fl_tasks ft = { w, 0 };
	unsigned int n = rc->ngone < GONE_MAX ? rc->ngone : GONE_MAX;

	task_each(&rc->t->pr.tasks, fl_task, &ft);
	for (unsigned int k = 0; k < n && !ft.r; k++) {
		unsigned int i = (rc->ngone - n + k) % GONE_MAX;

		if (rc->gone_at[i] >= from)
			ft.r = recw_item(w, RF_TASK, 0, &rc->gone[i],
					 sizeof(rc->gone[i]), NULL, 0);
	}
	return ft.r;
}

/* --trigger exit!=0: a process's end (its thread group leader's) */
static void rec_task_exit(struct sink *s, struct task *t, enum exit_how how,
			  int code, int core, uint64_t time)
{
	struct recording *rc = rec_of(s);
	char why[128], tmp[16];
	const char *sn;

	if (rc->fl) {
		unsigned int i = rc->ngone++ % GONE_MAX;

		rc->gone[i] = (struct rf_task){ t->tid, t->pid, "" };
		memcpy(rc->gone[i].comm, t->comm, sizeof(t->comm));
		rc->gone_at[i] = time;
	}
	if (!rc->fl || t->tid != t->pid || how == EXIT_UNKNOWN ||
	    how == EXIT_SUPERSEDED ||
	    !flight_on_exit(rc->fcf, how == EXIT_SIGNAL, code))
		return;
	sn = how == EXIT_SIGNAL ? signal_name(code, tmp) : NULL;
	if (how == EXIT_SIGNAL)
		snprintf(why, sizeof(why), "exit!=0: pid %d killed by %s",
			 (int)t->pid, sn ? sn : "a signal");
	else
		snprintf(why, sizeof(why), "exit!=0: pid %d exited with %d",
			 (int)t->pid, code);
	flight_fire(rc->fl, why, time, 0);
}

/* --trigger signal= */
static void rec_signal(struct sink *s, struct task *t, int sig,
		       const struct cap *info, int partial, uint64_t ip,
		       uint64_t time)
{
	struct recording *rc = rec_of(s);
	char why[128], tmp[16];
	const char *sn;

	if (!rc->fl || !flight_on_signal(rc->fcf, sig))
		return;
	sn = signal_name(sig, tmp);
	snprintf(why, sizeof(why), "signal=%s: pid %d", sn ? sn : "?",
		 (int)t->tid);
	flight_fire(rc->fl, why, time, 0);
}

void recording_by_hand(struct trace *t)
{
	struct recording *rc = t->rec;

	if (rc && rc->fl && !rc->hand_at)
		rc->hand_at = merge_now();
}

void recording_tick(struct trace *t)
{
	struct recording *rc = t->rec;

	if (!rc || !rc->fl)
		return;
	flight_tick(rc->fl, t->mg.settled);
	if (!rc->hand_at || t->mg.settled < rc->hand_at)
		return;
	flight_fire(rc->fl, "SIGUSR1", rc->hand_at, 1);
	rc->hand_at = 0;
	rec_poll(rc);
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
	if (rcf->flight) {
		struct flight_hooks hk = { fl_flags, fl_tasks, rc };

		rc->fcf = rcf->flight;
		rc->gone = calloc(GONE_MAX, sizeof(*rc->gone));
		rc->gone_at = calloc(GONE_MAX, sizeof(*rc->gone_at));
		rc->fl = rc->gone && rc->gone_at ?
			 flight_new(rcf->flight, rcf->path, &hk, err, errlen) :
			 NULL;
		if (!rc->gone || !rc->gone_at)
			snprintf(err, errlen, "out of memory");
		fd = -1;
	} else {
		fd = out_create(rcf->path, 0, err, errlen);
		rc->w = fd < 0 ? NULL : recw_new(fd, REC_LEVEL, err, errlen);
	}
	if (!rc->w && !rc->fl) {
		free(rc->gone);
		free(rc->gone_at);
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
