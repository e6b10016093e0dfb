// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Recording stage: the run a recording describes (the items before
 * RF_START: the options, the command, the events and their formats, the
 * tasks known before any record), read and checked, then the trace's
 * stages built from it for etrace report.  Nothing in the file is
 * trusted: each offset a stage will read a record at is checked against
 * what it reads there, every string is bounded.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <traceevent/event-parse.h>

#include "recfile.h"
#include "replay_args.h"
#include "replay_load.h"
#include "replay_pids.h"
#include "sysent_fallback.h"
#include "trace.h"

#define RP_MAX_RINGS	4096
#define RP_MAX_EV	4096
#define RP_MAX_WORDS	4096
#define RP_MAX_IDS	(1 << 20)
#define RP_MAX_TASKS	(1 << 20)

/* a copy of n NUL-terminated strings in data: 0, or -1 */
static int load_strings(const uint8_t *data, uint32_t len, char **buf,
			char ***v, int *n, int max)
{
	int k = 0;

	if (len && data[len - 1])
		return -1;
	for (uint32_t i = 0; i < len; i++)
		k += !data[i];
	if (k > max || !(*buf = malloc(len ? len : 1)) ||
	    !(*v = calloc((size_t)k + 1, sizeof(char *))))
		return -1;
	memcpy(*buf, data, len);
	*n = 0;
	for (uint32_t i = 0; i < len; i += (uint32_t)strlen(*buf + i) + 1)
		(*v)[(*n)++] = *buf + i;
	return 0;
}

static int load_state(struct replay *rp, const struct rf_item *it)
{
	struct rf_state st;

	if (rp->st || it->len < sizeof(st))
		return -1;
	memcpy(&st, it->data, sizeof(st));
	if (!st.nrings || st.nrings > RP_MAX_RINGS || st.nev > RP_MAX_EV ||
	    it->len != sizeof(st) + sizeof(int32_t) * st.nrings)
		return -1;
	rp->st = malloc(it->len);
	rp->ev = calloc(st.nev ? st.nev : 1, sizeof(*rp->ev));
	rp->tp_names = calloc(st.nev + 1, sizeof(char *));
	if (!rp->st || !rp->ev || !rp->tp_names)
		return -1;
	memcpy(rp->st, it->data, it->len);
	rp->st->self_comm[15] = '\0';
	return 0;
}

/* the offsets feed.c reads a role's records at: sizes it knows */
static int evsel_sane(const struct rf_evsel *re)
{
	const int32_t off[] = { re->off_nr, re->off_args, re->off_sig,
				re->off_code, re->off_handler };

	for (size_t i = 0; i < sizeof(off) / sizeof(off[0]); i++)
		if (off[i] < 0 || off[i] > 65535)
			return 0;
	if (re->role < EV_SC_ENTER || re->role > EV_TP)
		return 0;
	if ((re->role == EV_SC_ENTER || re->role == EV_SC_EXIT) &&
	    re->sz_nr != 4 && re->sz_nr != 8)
		return 0;
	if (re->nargs < 0 || re->nargs > SC_MAX_ARGS)
		return 0;
	/* signal_deliver: the handler's end bounds sig and code (feed.c) */
	if (re->role == EV_SIG_DELIVER &&
	    (re->off_sig + 4 > re->off_handler + 8 ||
	     re->off_code + 4 > re->off_handler + 8))
		return 0;
	return 1;
}

static int load_evsel(struct replay *rp, const struct rf_item *it)
{
	struct rf_evsel re;
	struct evsel *e;
	char name[128];

	if (!rp->st || rp->nev >= (int)rp->st->nev || it->len < sizeof(re))
		return -1;
	memcpy(&re, it->data, sizeof(re));
	if (it->len != sizeof(re) + re.fmt_len || !evsel_sane(&re))
		return -1;
	e = &rp->ev[rp->nev++];
	memcpy(e->sys, re.sys, sizeof(e->sys));
	memcpy(e->name, re.name, sizeof(e->name));
	e->sys[sizeof(e->sys) - 1] = e->name[sizeof(e->name) - 1] = '\0';
	e->role = re.role;
	e->sc_nr = (long)re.sc_nr;
	e->tp_id = re.tp_id;
	e->off_nr = re.off_nr;
	e->sz_nr = re.sz_nr;
	e->off_args = re.off_args;
	e->nargs = re.nargs;
	e->off_sig = re.off_sig;
	e->off_code = re.off_code;
	e->off_handler = re.off_handler;
	e->counted = !!(re.flags & RF_EV_COUNTED);
	e->by_bpf = !!(re.flags & RF_EV_BY_BPF);
	e->ring = !!(re.flags & RF_EV_RING);
	e->stack = !!(re.flags & RF_EV_STACK);
	e->ip = !!(re.flags & RF_EV_IP);
	e->sample_type = re.sample_type;
	if (e->role != EV_TP)
		return 0;
	/* another tracepoint: its lines are its fields, by its format */
	if (!re.fmt_len || re.tp_index < 0 || re.tp_index >= (int)rp->st->nev ||
	    rp->tp_names[re.tp_index])
		return -1;
	if (!rp->tep && !(rp->tep = tep_alloc()))
		return -1;
	if (tep_parse_format(rp->tep, &e->fmt, (const char *)it->data +
			     sizeof(re), re.fmt_len, e->sys) || !e->fmt)
		return -1;
	snprintf(name, sizeof(name), "%s:%s", e->sys, e->name);
	e->tp_index = re.tp_index;
	e->tp_name = strdup(name);
	if (!e->tp_name)
		return -1;
	rp->tp_names[re.tp_index] = e->tp_name;
	rp->ntp++;
	return 0;
}

/* an array item: one more element of size sz, at most max */
static int load_one(void **arr, int *n, int max, size_t sz,
		    const struct rf_item *it)
{
	void *na;

	if (it->len != sz || *n >= max)
		return -1;
	na = realloc(*arr, sz * (size_t)(*n + 1));
	if (!na)
		return -1;
	*arr = na;
	memcpy((uint8_t *)na + sz * (size_t)(*n)++, it->data, sz);
	return 0;
}

static int load_launch(struct replay *rp, const struct rf_item *it)
{
	struct rf_launch l;
	char **v = NULL;
	int n = 0;

	if (rp->have_launch || it->len < sizeof(l))
		return -1;
	memcpy(&l, it->data, sizeof(l));
	if (l.argc < 0 || l.argc >= RP_MAX_WORDS || l.envc < 0 ||
	    load_strings(it->data + sizeof(l), it->len - (uint32_t)sizeof(l),
			 &rp->lbuf, &v, &n, RP_MAX_WORDS) || n != l.argc + 1) {
		free(v);
		return -1;
	}
	rp->ln.pid = l.pid;
	rp->ln.path = v[0];
	/* argv: the strings after the path (v's own slot 0 is dropped) */
	memmove(v, v + 1, sizeof(char *) * (size_t)l.argc);
	v[l.argc] = NULL;
	rp->ln.argv = v;
	rp->ln.argc = l.argc;
	rp->ln.envc = l.envc;
	rp->ln.envp = (unsigned long)l.envp;
	rp->ln.exec_ip = (unsigned long)l.exec_ip;
	rp->have_launch = 1;
	return 0;
}

/* a syscall's arguments' names, for the JSON sink (sysent_fallback.c) */
static int load_argnames(const struct rf_item *it)
{
	const char *names[SC_MAX_ARGS];
	int32_t nr;
	uint32_t i = sizeof(nr);
	int n = 0;

	if (it->len < sizeof(nr) || it->data[it->len - 1])
		return -1;
	memcpy(&nr, it->data, sizeof(nr));
	if (nr < 0 || nr >= SC_NR_MAX)
		return -1;
	while (i < it->len && n < SC_MAX_ARGS) {
		names[n++] = (const char *)it->data + i;
		i += (uint32_t)strlen((const char *)it->data + i) + 1;
	}
	return sc_arg_names_set(nr, names, n) ? -1 : 0;
}

static int load_item(struct replay *rp, const struct rf_item *it)
{
	switch (it->kind) {
	case RF_STATE:
		return load_state(rp, it);
	case RF_WORDS:
		return rp->wbuf ? -1 : load_strings(it->data, it->len, &rp->wbuf,
						    &rp->words, &rp->nwords,
						    RP_MAX_WORDS);
	case RF_CMD:
		return rp->cbuf ? -1 : load_strings(it->data, it->len, &rp->cbuf,
						    &rp->cmd, &rp->ncmd,
						    RP_MAX_WORDS);
	case RF_EVSEL:
		return load_evsel(rp, it);
	case RF_ID:
		return load_one((void **)&rp->ids, &rp->nids, RP_MAX_IDS,
				sizeof(struct rf_id), it);
	case RF_TASK:
		return load_one((void **)&rp->tasks, &rp->ntasks, RP_MAX_TASKS,
				sizeof(struct rf_task), it);
	case RF_LAUNCH:
		return load_launch(rp, it);
	case RF_ARGNAMES:
		return load_argnames(it);
	}
	return -1;
}

/* after RF_START: the description is whole and consistent */
static int load_check(struct replay *rp)
{
	if (!rp->st || !rp->wbuf || rp->nev != (int)rp->st->nev)
		return -1;
	for (int i = 0; i < rp->ntp; i++)
		if (!rp->tp_names[i])
			return -1;
	for (int i = 0; i < rp->nids; i++)
		if (rp->ids[i].ev >= (uint32_t)rp->nev)
			return -1;
	if ((rp->st->flags & RF_ST_CHILD) && (!rp->have_launch || !rp->cbuf))
		return -1;
	return 0;
}

static int load_run(struct replay *rp, const char *path, char *err,
		    size_t errlen)
{
	struct rf_item it;
	int k;

	while ((k = recr_next(rp->rd, &it)) > 0) {
		if (it.kind == RF_START) {
			if (!load_check(rp))
				return 0;
			snprintf(err, errlen, "report: %s: corrupt: the run's"
				 " description is incomplete at byte %llu of the"
				 " record stream", path,
				 (unsigned long long)it.off);
			return -1;
		}
		if (load_item(rp, &it)) {
			snprintf(err, errlen, "report: %s: corrupt item at byte"
				 " %llu of the record stream (kind %d, %u"
				 " bytes)", path, (unsigned long long)it.off,
				 it.kind, it.len);
			return -1;
		}
	}
	snprintf(err, errlen, "report: %s: %s", path, k < 0 ?
		 recr_error(rp->rd) : "no records: the recording ends before"
		 " its start");
	return -1;
}

static int load_common(struct replay *rp, int fd, const uint8_t *data,
		       size_t len, const char *path, char *err, size_t errlen)
{
	char why[256];

	rp->rd = recr_new(fd, data, len, why, sizeof(why));
	if (!rp->rd) {
		snprintf(err, errlen, "report: %s: %s", path, why);
		return -1;
	}
	if (summary_init(&rp->sum, 0) || load_run(rp, path, err, errlen)) {
		if (!err[0])
			snprintf(err, errlen, "out of memory");
		replay_free(rp);
		return -1;
	}
	return 0;
}

int replay_load(struct replay *rp, const struct report_args *a, int fd,
		char *err, size_t errlen)
{
	memset(rp, 0, sizeof(*rp));
	rp->a = a;
	err[0] = '\0';
	return load_common(rp, fd, NULL, 0, a->path, err, errlen);
}

int replay_load_mem(struct replay *rp, const uint8_t *data, size_t len,
		    char *err, size_t errlen)
{
	memset(rp, 0, sizeof(*rp));
	err[0] = '\0';
	return load_common(rp, -1, data, len, "(memory)", err, errlen);
}

void replay_free(struct replay *rp)
{
	/* the evsels not handed to a trace (replay_trace takes them) */
	if (rp->ev) {
		for (int i = 0; i < rp->nev; i++)
			free(rp->ev[i].tp_name);
		free(rp->ev);
		free(rp->tp_names);
	}
	if (rp->tep)
		tep_free(rp->tep);
	recr_free(rp->rd);
	summary_free(&rp->sum);
	free(rp->st);
	free(rp->words);
	free(rp->wbuf);
	free(rp->cmd);
	free(rp->cbuf);
	free(rp->ids);
	free(rp->tasks);
	free(rp->ln.argv);
	free(rp->lbuf);
	free(rp->alive);
	memset(rp, 0, sizeof(*rp));
}

int replay_answers(struct replay *rp, const struct rf_item *it)
{
	size_t n = it->len / sizeof(struct rf_alive);
	struct rf_alive *na;

	if (it->len % sizeof(struct rf_alive) || !n)
		return -1;
	na = realloc(rp->alive, it->len);
	if (!na)
		return -1;
	rp->alive = na;
	memcpy(rp->alive, it->data, it->len);
	rp->nalive = (unsigned int)n;
	rp->next_alive = 0;
	return 0;
}

int replay_summary(struct replay *rp, const struct rf_item *it)
{
	struct rf_sumhead h;

	if (it->len < sizeof(h))
		return -1;
	memcpy(&h, it->data, sizeof(h));
	if (h.row_size != sizeof(struct sum_row) ||
	    (uint64_t)h.nrows * h.row_size != it->len - sizeof(h))
		return -1;
	summary_clear(&rp->sum);
	for (uint32_t i = 0; i < h.nrows; i++) {
		struct sum_row row;

		memcpy(&row, it->data + sizeof(h) + (size_t)i * sizeof(row),
		       sizeof(row));
		if (summary_add(&rp->sum, &row.key, &row.val))
			return -1;
	}
	rp->sum.lost = h.lost;
	rp->sum.full = h.full;
	rp->sum.exact = (int)h.exact;
	rp->sum_time = h.time;
	rp->have_sum = 1;
	return 0;
}

/* the events, their ids, the rings: the records' stage as recorded */
static int trace_events(struct replay *rp, struct trace *t)
{
	const struct rf_state *st = rp->st;

	t->ev.ev = rp->ev;
	t->ev.n = rp->nev;
	t->ev.tp_names = rp->tp_names;
	t->ev.ntp = rp->ntp;
	rp->ev = NULL;
	rp->tp_names = NULL;
	t->ps.ncpu = (int)st->ncpu;
	t->ps.nrings = (int)st->nrings;
	t->ps.rings = calloc(st->nrings, sizeof(*t->ps.rings));
	if (!t->ps.rings)
		return -1;
	for (uint32_t i = 0; i < st->nrings; i++) {
		t->ps.rings[i].fd = -1;
		t->ps.rings[i].cpu = st->ring_cpu[i];
	}
	for (int i = 0; i < rp->nids; i++)
		if (perf_add_id(&t->ps, rp->ids[i].id, &t->ev.ev[rp->ids[i].ev]))
			return -1;
	t->sum.event_names = t->ev.tp_names;
	t->sum.nevents = (unsigned int)t->ev.ntp;
	return 0;
}

int replay_trace(struct replay *rp, struct trace *t, const struct plan *p,
		 char *err, size_t errlen)
{
	const struct rf_state *st = rp->st;
	uint32_t f = st->flags;

	memset(t, 0, sizeof(*t));
	t->p = p;
	t->sfd = t->ready_fd = t->flame_fd = t->folded_fd = -1;
	if (trace_stages_open(t, err, errlen))
		return -1;
	/* -p: the lines of these processes only */
	if (rp->a && rp->a->npids) {
		struct sink *ps = replay_pids_sink(t->sink, rp->a->pids,
						   rp->a->npids);

		if (!ps) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		t->sink = t->pr.sink = ps;
	}
	if (trace_events(rp, t)) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	t->start = st->start;
	t->have_child = !!(f & RF_ST_CHILD);
	t->scoped = !!(f & RF_ST_SCOPED);
	/* a flight recorder's window: its command had exec'd before it */
	t->cmd_execd = !!(f & RF_ST_EXECD);
	t->pr.sig_from_bpf = !!(f & RF_ST_SIG_BPF);
	t->pr.bpf_exits = !!(f & RF_ST_BPF_EXITS);
	t->pr.file_strings = !!(f & RF_ST_FILE_STRINGS);
	t->pr.events_survive_exec = !!(f & RF_ST_SURVIVE_EXEC);
	/* a process's maps are those the records made, never today's /proc */
	t->pr.maps.no_proc = 1;
	/* the table is the recording's: nothing is counted again */
	t->pr.sum = NULL;
	if (t->have_child) {
		t->ln = rp->ln;
		t->ln.go_fd = t->ln.err_fd = -1;
		t->pr.child = st->child;
		t->ln.pid = st->child;
		t->pr.launch = &t->ln;
	}
	t->pr.names.self = st->self;
	memcpy(t->pr.names.self_comm, st->self_comm,
	       sizeof(t->pr.names.self_comm));
	for (int i = 0; i < rp->ntasks; i++) {
		struct rf_task *k = &rp->tasks[i];

		k->comm[15] = '\0';
		pair_add_task(&t->pr, k->tid, k->pid, k->comm);
	}
	t->pr.view.multi = !!(f & RF_ST_MULTI);
	return 0;
}
