// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Sinks stage: --timeline FILE, the trace in the Trace Event format (the
 * JSON array that Perfetto's UI, chrome://tracing and speedscope open),
 * beside the trace itself (sink_tee.c):
 *
 *   [
 *   {"ph":"M","name":"thread_name","pid":7,"tid":7,"ts":..,"args":{"name":"sh"}},
 *   {"ph":"X","cat":"syscall","name":"openat","pid":7,"tid":7,"ts":12.345,
 *    "dur":3.021,"args":{"args":"AT_FDCWD, \"/etc/hostname\", O_RDONLY",
 *    "return":"3","status":"successful"}},
 *   {"ph":"i","s":"t","cat":"signal","name":"SIGCHLD",..,"args":{"siginfo":..}},
 *   {"ph":"s","cat":"fork","name":"fork","id":1,..}, {"ph":"f",..}
 *   ]
 *
 * Times are CLOCK_MONOTONIC in microseconds, to the nanosecond (the -j
 * records' mono_ns / 1000).  A call is a complete event ("X") on its
 * thread's track, from its entry to its exit, with the text the text
 * sink prints for its arguments and return value; a call that never
 * returned ends where the task died or tracing stopped (status
 * "unfinished", "detached"); one whose end or start is not known is an
 * instant event at the time that is ("unavailable", "resumed").
 * Signals, execs, exits, -e SYS:EVENT events and notes are instant
 * events; lost records a global one.  Each track is named (metadata
 * "M": process_name, thread_name) before the task's first event, and
 * again at the first event after it exec'd or renamed itself.  A fork
 * is a flow from the parent's call ("s", bound to the enclosing slice:
 * the clone) to the child's first call ("f", bound to the next slice).
 * With -k each call's stack is an "args" array of strace -k's frame
 * texts (what Perfetto and chrome://tracing show of a slice).
 *
 * The closing "]" is written by close, which every end of the trace
 * reaches (the end, ^C, SIGTERM, a failed output): the file is valid
 * JSON unless etrace itself is killed (the format's description lets
 * a reader accept the missing "]"; speedscope does not).  Each event goes into one reused buffer; nothing is allocated
 * per event.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "events.h"
#include "json.h"
#include "out.h"
#include "sink.h"
#include "text_line.h"
#include "tpfields.h"

#define OUT_BUF (1u << 20)
#define EVENT_MAX (1u << 20)
#define TEXT_MAX (64u << 10)

struct tl_sink {
	struct sink s;
	const struct sink_conf *cf;
	struct out out;
	int err;
	int started;		/* the file was emptied and "[" written */
	int any;		/* an event was written: the next needs ",\n" */
	uint64_t flows;		/* fork flows' ids */
	char *ev;		/* one event's JSON */
	char *text;		/* one field's text, before it is escaped */
};

static struct tl_sink *TL(struct sink *s)
{
	return (struct tl_sink *)s;
}

/* "ts":12.345678: nanoseconds as microseconds */
static void put_us(struct fmt_buf *b, uint64_t ns)
{
	uint64_t f = ns % 1000;

	fb_udec(b, ns / 1000);
	fb_putc(b, '.');
	fb_putc(b, (char)('0' + f / 100));
	fb_putc(b, (char)('0' + f / 10 % 10));
	fb_putc(b, (char)('0' + f % 10));
}

/* {"ph":PH,"cat":CAT,"name":NAME,"pid":..,"tid":..,"ts":.. (left open) */
static void ev_open(struct tl_sink *tl, struct fmt_buf *b, const char *ph,
		    const char *cat, struct task *t, uint64_t time)
{
	fb_init(b, tl->ev, EVENT_MAX);
	b->xstyle = tl->cf->xstyle;
	fb_puts(b, tl->any ? ",\n{\"ph\":\"" : "{\"ph\":\"");
	fb_puts(b, ph);
	fb_puts(b, "\",\"cat\":\"");
	fb_puts(b, cat);
	fb_puts(b, "\",");
	if (t) {
		fb_puts(b, "\"pid\":");
		fb_dec(b, t->pid);
		fb_puts(b, ",\"tid\":");
		fb_dec(b, t->tid);
		fb_putc(b, ',');
	}
	fb_puts(b, "\"ts\":");
	put_us(b, time);
}

/* NAME as the event's name: a text etrace made, or the program's */
static void ev_name(struct fmt_buf *b, const char *name, size_t len)
{
	fb_puts(b, ",\"name\":");
	json_str(b, (const uint8_t *)name, len);
}

/* the event ends; one too large for the buffer is said, not cut */
static void ev_close(struct tl_sink *tl, struct fmt_buf *b, struct task *t,
		     uint64_t time)
{
	fb_putc(b, '}');
	if (b->cut) {
		ev_open(tl, b, "i", "error", t, time);
		fb_puts(b, ",\"s\":\"t\",\"name\":\"event too large\"}");
	}
	out_write(&tl->out, tl->ev, (size_t)(b->p - tl->ev));
	tl->any = 1;
}

/* "key":"text" of TEXT[0, len) */
static void put_text(struct fmt_buf *b, const char *key, const char *text,
		     size_t len)
{
	fb_putc(b, '"');
	fb_puts(b, key);
	fb_puts(b, "\":");
	json_str(b, (const uint8_t *)text, len);
}

/* a metadata event naming t's track (or its process's) */
static void meta(struct tl_sink *tl, struct task *t, const char *what,
		 uint64_t time)
{
	struct fmt_buf b;

	ev_open(tl, &b, "M", "__metadata", t, time);
	fb_puts(&b, ",\"name\":\"");
	fb_puts(&b, what);
	fb_puts(&b, "\",\"args\":{");
	put_text(&b, "name", t->comm, strnlen(t->comm, sizeof(t->comm)));
	fb_putc(&b, '}');
	ev_close(tl, &b, t, time);
}

/* before t's event: its track named, as t is named now */
static void track(struct tl_sink *tl, struct task *t, uint64_t time)
{
	size_t n = strnlen(t->comm, sizeof(t->comm));

	if (!n || (t->tl_named && !strncmp(t->tl_name, t->comm, sizeof(t->comm))))
		return;
	memcpy(t->tl_name, t->comm, sizeof(t->tl_name));
	t->tl_named = 1;
	if (t->tid == t->pid)
		meta(tl, t, "process_name", time);
	meta(tl, t, "thread_name", time);
}

/* -k: "stack":["frame",...], the frames as strace -k prints them */
static void stack(struct tl_sink *tl, struct fmt_buf *b, const struct task *t)
{
	if (!t->nframes)
		return;
	fb_puts(b, ",\"stack\":[");
	for (int i = 0; i < t->nframes; i++) {
		struct fmt_buf f;

		fb_init(&f, tl->text, TEXT_MAX);
		line_frame(&f, &t->frames[i]);
		if (i)
			fb_putc(b, ',');
		json_str(b, (const uint8_t *)tl->text, (size_t)(f.p - tl->text));
	}
	fb_putc(b, ']');
}

/*
 * The call is written whole at its end, but its entry half is formatted
 * now, as the text sink writes it: what it reads may be gone by the exit
 * (without BPF, a string in a file mapping an execve replaces; -Y's name
 * of a pid, which its exec changes).  Kept in the task, in a buffer that
 * grows to the longest half (no allocation per call).  An input to be
 * read again at the exit is formatted then, with what was read.
 */
static void tl_sc_enter(struct sink *s, struct task *t,
			const struct sc_call *c, uint64_t time)
{
	struct tl_sink *tl = TL(s);
	struct fmt_buf a;
	uint32_t n;
	int from;

	t->tl_from = -1;
	if (sink_full(s) || line_read_later(c))
		return;
	fb_init(&a, tl->text, TEXT_MAX);
	a.xstyle = tl->cf->xstyle;
	from = fmt_args(&a, c, 0, 0);
	n = (uint32_t)(a.p - tl->text);
	if (n > t->tl_entry_cap) {
		uint32_t cap = n < 256 ? 256 : n;
		char *nb = realloc(t->tl_entry, cap);

		if (!nb)
			return;
		t->tl_entry = nb;
		t->tl_entry_cap = cap;
	}
	/* (none yet for a call of no arguments: memcpy's NULL is undefined) */
	if (n)
		memcpy(t->tl_entry, tl->text, n);
	t->tl_entry_len = n;
	t->tl_from = from;
}

/*
 * the call's args: the text between strace's parentheses (detached in
 * the call: its entry half, as the text's "read(3,  <detached ...>")
 */
static void call_args(struct tl_sink *tl, struct fmt_buf *b, struct task *t,
		      const struct sc_call *c, enum call_end end)
{
	struct fmt_buf a;
	int from;

	fb_init(&a, tl->text, TEXT_MAX);
	a.xstyle = tl->cf->xstyle;
	if (t->tl_from >= 0) {
		if (t->tl_entry_len)	/* (NULL before a first non-empty) */
			fb_putn(&a, t->tl_entry, t->tl_entry_len);
		from = t->tl_from;
	} else {
		from = fmt_args(&a, c, 0, 0);
	}
	if (end != END_DETACHED)
		fmt_args(&a, c, from, 1);
	put_text(b, "args", tl->text, (size_t)(a.p - tl->text));
	if (a.cut)
		fb_puts(b, ",\"args_cut\":true");
	fb_putc(b, ',');
}

/* "return":"-1 ENOENT (No such file or directory)","errno":"ENOENT" */
static void call_ret(struct tl_sink *tl, struct fmt_buf *b,
		     const struct sc_call *c, enum call_end end)
{
	struct fmt_buf r;
	const char *e;

	if (end != END_RETURNED) {
		fb_puts(b, "\"return\":\"?\",");
		return;
	}
	fb_init(&r, tl->text, TEXT_MAX);
	r.xstyle = tl->cf->xstyle;
	fmt_retval(&r, c);
	put_text(b, "return", tl->text, (size_t)(r.p - tl->text));
	fb_putc(b, ',');
	if (c->d->ret != R_none && c->ret < 0 && c->ret >= -4095 &&
	    (e = errno_name((int)-c->ret))) {
		put_text(b, "errno", e, strlen(e));
		fb_putc(b, ',');
	}
}

static void tl_sc_exit(struct sink *s, struct task *t, const struct sc_call *c,
		       uint64_t time, int seen_enter, enum call_end end)
{
	struct tl_sink *tl = TL(s);
	/* a slice needs both ends: the entry's time, and an end known */
	int slice = seen_enter && t->t_enter && end != END_LOST;
	uint64_t start = slice || end == END_LOST ? t->t_enter : time;
	struct fmt_buf b;

	if (sink_full(s))
		return;
	if (!start)
		start = time;
	track(tl, t, start);
	ev_open(tl, &b, slice ? "X" : "i", "syscall", t, start);
	if (slice) {
		fb_puts(&b, ",\"dur\":");
		put_us(&b, time > start ? time - start : 0);
	} else {
		fb_puts(&b, ",\"s\":\"t\"");
	}
	ev_name(&b, c->d->name, strlen(c->d->name));
	fb_puts(&b, ",\"args\":{");
	if (seen_enter)
		call_args(tl, &b, t, c, end);
	t->tl_from = -1;
	call_ret(tl, &b, c, end);
	fb_puts(&b, "\"status\":");
	json_cstr(&b, !seen_enter && end == END_RETURNED ? "resumed" :
		  status_names[call_status(c, end)]);
	stack(tl, &b, t);
	fb_putc(&b, '}');
	ev_close(tl, &b, t, start);
}

/* "exited with 0", "killed by SIGTERM (core dumped)": the text sink's */
static void tl_task_exit(struct sink *s, struct task *t, enum exit_how how,
			 int code, int core, uint64_t time)
{
	struct tl_sink *tl = TL(s);
	struct fmt_buf b, n;

	track(tl, t, time);
	fb_init(&n, tl->text, TEXT_MAX);
	if (how == EXIT_CODE) {
		fb_puts(&n, "exited with ");
		fb_dec(&n, code);
	} else if (how == EXIT_SIGNAL) {
		fb_puts(&n, "killed by ");
		fmt_signal_name(&n, code);
		if (core)
			fb_puts(&n, " (core dumped)");
	} else if (how == EXIT_SUPERSEDED) {
		fb_puts(&n, "superseded by execve in pid ");
		fb_dec(&n, code);
	} else {
		fb_puts(&n, "exited (status unknown)");
	}
	ev_open(tl, &b, "i", "exit", t, time);
	fb_puts(&b, ",\"s\":\"t\"");
	ev_name(&b, tl->text, (size_t)(n.p - tl->text));
	ev_close(tl, &b, t, time);
}

static void tl_lost(struct sink *s, int cpu, uint64_t n, uint64_t time)
{
	struct tl_sink *tl = TL(s);
	struct fmt_buf b;

	ev_open(tl, &b, "i", "lost", NULL, time);
	fb_puts(&b, ",\"s\":\"g\",\"name\":\"lost records\",\"args\":{\"records\":");
	fb_udec(&b, n);
	if (cpu >= 0) {
		fb_puts(&b, ",\"cpu\":");
		fb_dec(&b, cpu);
	}
	fb_putc(&b, '}');
	ev_close(tl, &b, NULL, time);
}

static void tl_signal(struct sink *s, struct task *t, int sig,
		      const struct cap *info, int partial, uint64_t ip,
		      uint64_t time)
{
	struct tl_sink *tl = TL(s);
	struct fmt_buf b, n;

	if (sink_full(s))
		return;
	track(tl, t, time);
	ev_open(tl, &b, "i", "signal", t, time);
	fb_puts(&b, ",\"s\":\"t\"");
	fb_init(&n, tl->text, TEXT_MAX);
	fmt_signal_name(&n, sig);
	ev_name(&b, tl->text, (size_t)(n.p - tl->text));
	fb_init(&n, tl->text, TEXT_MAX);
	n.xstyle = tl->cf->xstyle;
	line_siginfo(&n, sig, info, partial, s->view->fo);
	fb_puts(&b, ",\"args\":{");
	put_text(&b, "siginfo", tl->text, (size_t)(n.p - tl->text));
	fb_putc(&b, '}');
	ev_close(tl, &b, t, time);
}

/* -e SYS:EVENT: its fields as the text sink prints them */
static void tl_event(struct sink *s, struct task *t, const struct evsel *e,
		     const uint8_t *raw, uint32_t size, uint64_t time)
{
	struct tl_sink *tl = TL(s);
	struct fmt_buf b, f;

	if (sink_full(s))
		return;
	track(tl, t, time);
	ev_open(tl, &b, "i", "event", t, time);
	fb_puts(&b, ",\"s\":\"t\"");
	ev_name(&b, e->tp_name, strlen(e->tp_name));
	fb_init(&f, tl->text, TEXT_MAX);
	tp_format(&f, e->fmt, raw, size);
	fb_puts(&b, ",\"args\":{");
	put_text(&b, "fields", tl->text, (size_t)(f.p - tl->text));
	stack(tl, &b, t);
	fb_putc(&b, '}');
	ev_close(tl, &b, t, time);
}

static void tl_exec(struct sink *s, struct task *t, uint64_t time)
{
	struct tl_sink *tl = TL(s);
	struct fmt_buf b;

	track(tl, t, time);
	ev_open(tl, &b, "i", "exec", t, time);
	fb_puts(&b, ",\"s\":\"t\",\"name\":\"exec\",\"args\":{");
	put_text(&b, "comm", t->comm, strnlen(t->comm, sizeof(t->comm)));
	fb_putc(&b, '}');
	ev_close(tl, &b, t, time);
}

/*
 * parent -> child: "s" on the parent's track inside its clone (fork,
 * vfork) slice, "f" on the child's, bound to its first slice.  The two
 * share cat, name and id, as the format's version-1 flows must.
 */
static void tl_fork(struct sink *s, struct task *parent, struct task *child,
		    uint64_t time)
{
	struct tl_sink *tl = TL(s);
	struct task *ends[2] = { parent, child };
	uint64_t id = ++tl->flows;

	for (int i = 0; i < 2; i++) {
		struct fmt_buf b;

		track(tl, ends[i], time);
		ev_open(tl, &b, i ? "f" : "s", "fork", ends[i], time);
		fb_puts(&b, ",\"name\":\"fork\",\"id\":");
		fb_udec(&b, id);
		ev_close(tl, &b, ends[i], time);
	}
}

/* a line about a task ("+++ the kernel stopped tracing ... +++") */
static void tl_note(struct sink *s, struct task *t, const char *text,
		    uint64_t time)
{
	struct tl_sink *tl = TL(s);
	struct fmt_buf b;

	if (t)
		track(tl, t, time);
	ev_open(tl, &b, "i", "note", t, time);
	fb_puts(&b, t ? ",\"s\":\"t\"" : ",\"s\":\"g\"");
	ev_name(&b, text, strcspn(text, "\n"));
	ev_close(tl, &b, t, time);
}

/* tables and reports are the trace's, not the timeline's */
static void tl_summary(struct sink *s, struct summary *sum, uint64_t time)
{
}

static void tl_report(struct sink *s, const char *name, const char *text,
		      size_t len)
{
}

/* the file is emptied now (out.c), and the array begins */
static int tl_start(struct sink *s)
{
	struct tl_sink *tl = TL(s);
	int r = out_start(&tl->out);

	if (r) {
		s->view->failed = tl->cf->timeline;
		return r;
	}
	out_write(&tl->out, "[\n", 2);
	tl->started = 1;
	return 0;
}

static int tl_flush(struct sink *s)
{
	struct tl_sink *tl = TL(s);
	int r = out_flush(&tl->out);

	if (r && !tl->err) {
		tl->err = -r;
		s->view->failed = tl->cf->timeline;
	}
	return tl->err ? -tl->err : 0;
}

static int tl_close(struct sink *s)
{
	struct tl_sink *tl = TL(s);
	int r;

	/* a trace that never began leaves the file as it was */
	if (tl->started)
		out_write(&tl->out, "\n]\n", 3);
	else
		tl->out.len = 0;
	r = out_close(&tl->out);
	if (r && !tl->err) {
		tl->err = -r;
		s->view->failed = tl->cf->timeline;
	}
	r = tl->err ? -tl->err : 0;
	free(tl->ev);
	free(tl->text);
	free(tl);
	return r;
}

static const struct sink_ops tl_ops = {
	.sc_enter = tl_sc_enter,
	.sc_exit = tl_sc_exit,
	.task_exit = tl_task_exit,
	.lost = tl_lost,
	.signal = tl_signal,
	.event = tl_event,
	.summary = tl_summary,
	.note = tl_note,
	.exec = tl_exec,
	.fork = tl_fork,
	.report = tl_report,
	.start = tl_start,
	.flush = tl_flush,
	.close = tl_close,
};

struct sink *sink_timeline_new(const struct sink_conf *cf,
			       struct sink_view *view, char *err,
			       size_t errlen)
{
	struct tl_sink *tl = calloc(1, sizeof(*tl));

	if (!tl || !(tl->ev = malloc(EVENT_MAX)) ||
	    !(tl->text = malloc(TEXT_MAX))) {
		if (tl)
			free(tl->ev);
		free(tl);
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	tl->s.ops = &tl_ops;
	tl->s.view = view;
	tl->cf = cf;
	/* a new file 0600, or one of the user's emptied at start (out.c) */
	if (out_open(&tl->out, cf->timeline, 0, OUT_BUF, err, errlen)) {
		free(tl->ev);
		free(tl->text);
		free(tl);
		return NULL;
	}
	return &tl->s;
}
