// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Events stage: from the syscall selection to tracepoints.
 *
 * raw_syscalls fire on every syscall of a traced task; the per-syscall
 * tracepoints (syscalls:sys_enter_openat) cost nothing for syscalls not
 * called, so a short -e trace= list uses those.
 */
#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <traceevent/event-parse.h>

#include "events.h"
#include "record.h"
#include "sysent.h"
#include "sysent_fallback.h"

/* above this many syscalls, raw_syscalls with a filter is cheaper in fds */
#define PER_SYSCALL_MAX 32
/* the kernel copies at most a page of filter text */
#define FILTER_MAX 4000

static struct evsel *ev_add(struct evlist *l, const char *sys,
			    const char *name, int role)
{
	struct evsel *n = realloc(l->ev, sizeof(*n) * (l->n + 1));

	if (!n)
		return NULL;
	l->ev = n;
	n = &l->ev[l->n++];
	memset(n, 0, sizeof(*n));
	snprintf(n->sys, sizeof(n->sys), "%s", sys);
	snprintf(n->name, sizeof(n->name), "%s", name);
	n->role = role;
	n->sc_nr = -1;
	return n;
}

static int ev_load(struct evsel *e, struct tracefs *t, char *err,
		   size_t errlen)
{
	int r = tfs_event(t, e->sys, e->name, &e->fmt, err, errlen);

	if (r)
		return r;
	e->tp_id = e->fmt->id;
	return 0;
}

static int need(int off, struct evsel *e, const char *field, char *err,
		size_t errlen)
{
	if (off < 0)
		snprintf(err, errlen, "%s:%s has no field '%s'", e->sys,
			 e->name, field);
	return off < 0 ? -EINVAL : 0;
}

static int ev_layout(struct evsel *e, int raw, char *err, size_t errlen)
{
	struct tep_format_field *f;
	int prev;

	if (e->role == EV_SIG_DELIVER) {
		e->off_sig = tfs_field(e->fmt, "sig", NULL);
		e->off_code = tfs_field(e->fmt, "code", NULL);
		e->off_handler = tfs_field(e->fmt, "sa_handler", NULL);
		return need(e->off_sig, e, "sig", err, errlen) ?:
		       need(e->off_code, e, "code", err, errlen) ?:
		       need(e->off_handler, e, "sa_handler", err, errlen);
	}
	e->off_nr = tfs_field(e->fmt, raw ? "id" : "__syscall_nr", &e->sz_nr);
	if (need(e->off_nr, e, raw ? "id" : "__syscall_nr", err, errlen))
		return -EINVAL;
	if (e->role == EV_SC_EXIT) {
		e->off_args = tfs_field(e->fmt, "ret", NULL);
		return need(e->off_args, e, "ret", err, errlen);
	}
	if (raw) {
		e->off_args = tfs_field(e->fmt, "args", NULL);
		e->nargs = SC_MAX_ARGS;
		return need(e->off_args, e, "args", err, errlen);
	}
	/*
	 * syscalls:sys_enter_X lists the arguments as 8-byte fields right
	 * after __syscall_nr; read them as one array, having checked that.
	 */
	prev = -1;
	for (f = e->fmt->format.fields; f; f = f->next) {
		if (!strcmp(f->name, "__syscall_nr"))
			continue;
		if (f->size != 8 || (prev >= 0 && f->offset != prev + 8)) {
			snprintf(err, errlen, "%s:%s: unexpected field layout",
				 e->sys, e->name);
			return -EINVAL;
		}
		if (prev < 0)
			e->off_args = f->offset;
		prev = f->offset;
		e->nargs++;
	}
	return 0;
}

static int append(char *buf, size_t *len, const char *s)
{
	size_t n = strlen(s);

	if (*len + n + 1 > FILTER_MAX)
		return -1;
	memcpy(buf + *len, s, n + 1);
	*len += n;
	return 0;
}

int events_stack_source(long nr)
{
	return nr == SYS_execve || nr == SYS_execveat || nr == SYS_clone ||
	       nr == SYS_clone3 || nr == SYS_fork || nr == SYS_vfork;
}

/*
 * The raw_syscalls filter: only the selected ids, and never etrace
 * itself in -a mode (its own writes would feed the trace).  NULL when
 * nothing needs filtering.  Too long a list is left to the dispatcher,
 * which drops unselected syscalls anyway.
 */
static char *raw_filter(const struct ev_want *w, int enter)
{
	struct sc_select sel = *w->sel;
	char buf[FILTER_MAX + 64], term[64];
	size_t len = 0;
	int nr, n = 0, nsel = 0, all;

	/*
	 * Entries of exit and exit_group always: they carry how the process
	 * ends.  Exits with id -1 always: after rt_sigreturn the kernel has
	 * reset the number, and that record is the call's end.
	 */
	if (enter) {
		sel.bits[SYS_exit / 64] |= 1ull << (SYS_exit % 64);
		sel.bits[SYS_exit_group / 64] |= 1ull << (SYS_exit_group % 64);
		for (int i = 0; w->stack && i < SC_NR_MAX; i++)
			if (events_stack_source(i))
				sel.bits[i / 64] |= 1ull << (i % 64);
	} else if (sel_has(&sel, SYS_execveat)) {
		/* a successful execveat's exit has execve's id */
		sel.bits[SYS_execve / 64] |= 1ull << (SYS_execve % 64);
	}
	for (nr = 0; nr < SC_NR_MAX; nr++)
		nsel += sel_has(&sel, nr);
	all = sel.others && nsel == SC_NR_MAX;
	buf[0] = '\0';
	if (w->all) {
		snprintf(term, sizeof(term), "common_pid != %d", (int)getpid());
		append(buf, &len, term);
	}
	if (!all) {
		/* list the shorter side: what is in, or what is out */
		int negate = sel.others;
		size_t mark = len;

		append(buf, &len, len ? " && (" : "(");
		for (nr = 0; nr < SC_NR_MAX; nr++) {
			if (sel_has(&sel, nr) == negate)
				continue;
			snprintf(term, sizeof(term), "%sid %s %d",
				 n++ ? (negate ? " && " : " || ") : "",
				 negate ? "!=" : "==", nr);
			if (append(buf, &len, term)) {
				len = mark;
				buf[len] = '\0';
				goto out;
			}
		}
		if (!n)
			append(buf, &len, negate ? "id >= 0" : "id < 0");
		else if (!enter && !negate)
			append(buf, &len, " || id < 0");
		append(buf, &len, ")");
	}
out:
	return len ? strdup(buf) : NULL;
}

static int build_raw(struct evlist *l, const struct ev_want *w,
		     struct tracefs *t, char *err, size_t errlen)
{
	static const struct { const char *name; int role; } raw[] = {
		{ "sys_enter", EV_SC_ENTER }, { "sys_exit", EV_SC_EXIT },
	};
	for (int i = 0; i < 2; i++) {
		char *filter = raw_filter(w, raw[i].role == EV_SC_ENTER);
		struct evsel *e = ev_add(l, "raw_syscalls", raw[i].name,
					 raw[i].role);
		int r;

		if (!e) {
			free(filter);
			snprintf(err, errlen, "out of memory");
			return -ENOMEM;
		}
		e->filter = filter;
		r = ev_load(e, t, err, errlen) ?: ev_layout(e, 1, err, errlen);
		if (r)
			return r;
	}
	return 0;
}

static int build_per_syscall(struct evlist *l, const struct ev_want *w,
			     struct tracefs *t, char *err, size_t errlen)
{
	for (unsigned int nr = 0; nr < sc_table_size && nr < SC_NR_MAX; nr++) {
		static const char *const dir[] = { "enter", "exit" };
		int selected = sel_has(w->sel, nr);
		/* how processes end, even when these are not printed */
		int needed = nr == SYS_exit || nr == SYS_exit_group;
		int want[2];

		/* with stacks: where processes are made, for the origin */
		if (w->stack && events_stack_source(nr))
			needed = 1;
		want[0] = selected || needed;
		/* a successful execveat ends as execve: its exit event */
		want[1] = selected || (nr == SYS_execve &&
				       sel_has(w->sel, SYS_execveat));
		if (!sc_table[nr].name)
			continue;
		for (int i = 0; i < 2; i++) {
			char name[80];
			struct evsel *e;
			int r;

			if (!want[i])
				continue;
			snprintf(name, sizeof(name), "sys_%s_%s", dir[i],
				 sc_tp_name(sc_table[nr].name));
			e = ev_add(l, "syscalls", name,
				   i ? EV_SC_EXIT : EV_SC_ENTER);
			if (!e) {
				snprintf(err, errlen, "out of memory");
				return -ENOMEM;
			}
			e->sc_nr = nr;
			r = ev_load(e, t, err, errlen) ?:
			    ev_layout(e, 0, err, errlen);
			if (r)
				return r;
		}
	}
	return 0;
}

/* every selected syscall is in the table and has its own tracepoints */
static int all_have_tracepoints(const struct ev_want *w, struct tracefs *t)
{
	if (w->sel->others)
		return 0;
	for (unsigned int nr = 0; nr < SC_NR_MAX; nr++) {
		char name[80];

		if (!sel_has(w->sel, nr))
			continue;
		if (nr >= sc_table_size || !sc_table[nr].name)
			return 0;
		/* its exit tracepoint never fires: the kernel reset the number */
		if (nr == SYS_rt_sigreturn)
			return 0;
		snprintf(name, sizeof(name), "sys_enter_%s",
			 sc_tp_name(sc_table[nr].name));
		if (!tfs_has_event(t, "syscalls", name))
			return 0;
	}
	return 1;
}

/* call fn for every tracefs event SYS:NAME matching glob, sorted */
static int each_event(struct tracefs *t, const char *glob,
		      int (*fn)(void *, const char *, const char *), void *ctx)
{
	char sysglob[128], path[1024];
	const char *colon = strchr(glob, ':');
	struct dirent **sys = NULL, **ev = NULL;
	int nsys, n = 0, r = 0;

	if (!colon || (size_t)(colon - glob) >= sizeof(sysglob))
		return -EINVAL;
	memcpy(sysglob, glob, (size_t)(colon - glob));
	sysglob[colon - glob] = '\0';
	snprintf(path, sizeof(path), "%s/events", t->root);
	nsys = scandir(path, &sys, NULL, alphasort);
	for (int i = 0; i < nsys; i++) {
		int nev;

		if (!r && sys[i]->d_name[0] != '.' &&
		    !fnmatch(sysglob, sys[i]->d_name, 0)) {
			snprintf(path, sizeof(path), "%s/events/%s", t->root,
				 sys[i]->d_name);
			ev = NULL;
			nev = scandir(path, &ev, NULL, alphasort);
			for (int j = 0; j < nev; j++) {
				if (!r && ev[j]->d_name[0] != '.' &&
				    !fnmatch(colon + 1, ev[j]->d_name, 0) &&
				    tfs_has_event(t, sys[i]->d_name, ev[j]->d_name)) {
					r = fn(ctx, sys[i]->d_name, ev[j]->d_name);
					n++;
				}
				free(ev[j]);
			}
			free(ev);
		}
		free(sys[i]);
	}
	free(sys);
	return r ? r : n;
}

struct tp_add {
	struct evlist *l;
	struct tracefs *t;
	const struct tp_spec *spec;
	char *err;
	size_t errlen;
};

static int tp_add_one(void *ctx, const char *sys, const char *name)
{
	struct tp_add *a = ctx;
	struct evsel *e;
	char full[200];
	const char **names;
	int r;

	snprintf(full, sizeof(full), "%s:%s", sys, name);
	for (int i = 0; i < a->l->ntp; i++)
		if (!strcmp(a->l->tp_names[i], full))
			return 0;	/* named twice: once is enough */
	e = ev_add(a->l, sys, name, EV_TP);
	names = realloc(a->l->tp_names, sizeof(*names) * (a->l->ntp + 1));
	if (!e || !names) {
		snprintf(a->err, a->errlen, "out of memory");
		return -ENOMEM;
	}
	a->l->tp_names = names;
	e->tp_name = strdup(full);
	e->tp_index = a->l->ntp;
	names[a->l->ntp++] = e->tp_name;
	if (a->spec->filter)
		e->filter = strdup(a->spec->filter);
	r = ev_load(e, a->t, a->err, a->errlen);
	return r;
}

static int build_tracepoints(struct evlist *l, const struct ev_want *w,
			     struct tracefs *t, char *err, size_t errlen)
{
	for (int i = 0; i < w->ntps; i++) {
		struct tp_add a = { l, t, &w->tps[i], err, errlen };
		int r = each_event(t, w->tps[i].glob, tp_add_one, &a);

		if (r < 0)
			return r;
		if (r == 0) {
			snprintf(err, errlen, "no such event '%s' (etrace -l"
				 " lists them)", w->tps[i].glob);
			return -ENOENT;
		}
	}
	return 0;
}

struct lister {
	struct tracefs *t;
	FILE *f;
	int verbose;
};

static int list_one(void *ctx, const char *sys, const char *name)
{
	struct lister *ls = ctx;
	struct tep_event *ev;
	char err[256];

	fprintf(ls->f, "%s:%s\n", sys, name);
	if (!ls->verbose || tfs_event(ls->t, sys, name, &ev, err, sizeof(err)))
		return 0;
	for (struct tep_format_field *f = ev->format.fields; f; f = f->next) {
		if (f->flags & TEP_FIELD_IS_ARRAY && !(f->flags & TEP_FIELD_IS_DYNAMIC) &&
		    !strchr(f->type, '['))
			fprintf(ls->f, "    %s %s[%u]\n", f->type, f->name, f->arraylen);
		else
			fprintf(ls->f, "    %s %s\n", f->type, f->name);
	}
	return 0;
}

int events_list(struct tracefs *t, const char *glob, int verbose, FILE *f,
		char *err, size_t errlen)
{
	struct lister ls = { t, f, verbose };
	char full[256];
	int r;

	if (!glob)
		glob = "*:*";
	else if (!strchr(glob, ':'))
		glob = (snprintf(full, sizeof(full), "%s:*", glob), full);
	r = each_event(t, glob, list_one, &ls);
	if (r == 0) {
		snprintf(err, errlen, "no event matches '%s'", glob);
		return -ENOENT;
	}
	return r < 0 ? r : 0;
}

int events_build(struct evlist *l, const struct ev_want *w,
		 struct tracefs *t, int max_fds_per_task, int syscalls,
		 char *err, size_t errlen)
{
	int nsel = sel_count(w->sel);
	struct evsel *sig;
	int r = 0;

	memset(l, 0, sizeof(*l));
	if (!syscalls)
		;	/* counted in the kernel (-c): no record per call */
	else if (!w->raw_only && nsel <= PER_SYSCALL_MAX &&
	    2 * nsel + 3 <= max_fds_per_task && all_have_tracepoints(w, t)) {
		l->per_syscall = 1;
		r = build_per_syscall(l, w, t, err, errlen);
	} else {
		r = build_raw(l, w, t, err, errlen);
	}
	if (!r)
		r = build_tracepoints(l, w, t, err, errlen);
	if (r)
		goto fail;
	/* how tasks die: the fatal signal they dequeue */
	sig = ev_add(l, "signal", "signal_deliver", EV_SIG_DELIVER);
	if (!sig) {
		r = -ENOMEM;
		snprintf(err, errlen, "out of memory");
		goto fail;
	}
	r = ev_load(sig, t, err, errlen) ?: ev_layout(sig, 0, err, errlen);
	if (r)
		goto fail;
	/* what each event's samples carry: stacks on entries and events */
	for (int i = 0; i < l->n; i++) {
		struct evsel *e = &l->ev[i];

		e->sample_type = REC_SAMPLE_BASE | PERF_SAMPLE_RAW;
		/*
		 * -i: the user registers (the IP alone, when no stack needs
		 * them all) where strace reads the IP: at a call's entry and
		 * at a signal's delivery, in the task itself
		 */
		e->ip = w->ip && (e->role == EV_SC_ENTER ||
				  e->role == EV_SIG_DELIVER);
		if (e->ip)
			e->sample_type |= PERF_SAMPLE_REGS_USER;
		/*
		 * Not on the entries of exit and exit_group that are there
		 * only to say how processes end: a process's last stack,
		 * unwound in its own code, for nothing.
		 */
		e->stack = w->stack && (e->role == EV_TP ||
			   (e->role == EV_SC_ENTER && (!l->per_syscall ||
			    sel_has(w->sel, e->sc_nr) ||
			    events_stack_source(e->sc_nr))));
		if (!e->stack)
			continue;
		if (w->stack_fp || w->kstack)
			e->sample_type |= PERF_SAMPLE_CALLCHAIN;
		if (!w->stack_fp && !(w->stack_bpf && e->role == EV_SC_ENTER))
			e->sample_type |= PERF_SAMPLE_REGS_USER |
					  PERF_SAMPLE_STACK_USER;
	}
	return 0;
fail:
	events_free(l);
	return r;
}

int events_lifecycle_only(const struct evlist *l)
{
	if (!l->per_syscall || !l->n)
		return 0;
	for (int i = 0; i < l->n; i++) {
		const struct evsel *e = &l->ev[i];

		if (e->role == EV_SIG_DELIVER)
			continue;
		if ((e->role != EV_SC_ENTER && e->role != EV_SC_EXIT) ||
		    !(events_stack_source(e->sc_nr) || e->sc_nr == SYS_exit ||
		      e->sc_nr == SYS_exit_group))
			return 0;
	}
	return 1;
}

void events_signals_by_bpf(struct evlist *l)
{
	struct evsel *sig = NULL;
	int others = 0;

	for (int i = 0; i < l->n; i++) {
		if (l->ev[i].role == EV_SIG_DELIVER)
			sig = &l->ev[i];
		else
			others += !l->ev[i].counted && !l->ev[i].by_bpf;
	}
	if (sig && others)
		sig->by_bpf = 1;
}

void events_free(struct evlist *l)
{
	for (int i = 0; i < l->n; i++) {
		free(l->ev[i].filter);
		free(l->ev[i].tp_name);
	}
	free(l->tp_names);
	free(l->ev);
	memset(l, 0, sizeof(*l));
}

/* a refused filter: say why, in the kernel's words */
int events_filter_error(const struct evlist *l, struct tracefs *t, int r,
			char *err, size_t errlen)
{
	for (int i = 0; r == -EBADMSG && i < l->n; i++) {
		struct evsel *e = &l->ev[i];

		if (e->filter_bad) {
			tfs_filter_error(t, e->sys, e->name, e->filter, err,
					 errlen);
			break;
		}
	}
	return r;
}
