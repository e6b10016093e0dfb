// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Sinks stage: strace's text format.
 *
 *   openat(AT_FDCWD, 0x7f..., O_RDONLY|O_CLOEXEC) = 3
 *   [pid  4243] read(3,  <unfinished ...>
 *   [pid  4242] <... wait4 resumed>) = 4243
 *
 * The entry half of a call is written when the call begins, the rest when
 * it ends; if another task's line comes between, the first line ends with
 * "<unfinished ...>" and the rest comes back as "<... name resumed>".
 * As strace, the " = " goes at column 40 when the line is shorter.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"
#include "out.h"
#include "sink.h"

#define OUT_BUF (1u << 20)
#define FF_BUF (64u << 10)
#define LINE_MAX_BYTES (256u << 10)
#define RET_COLUMN 39

enum pfx_mode {
	PFX_NONE,	/* -ff: one file per task */
	PFX_FILE,	/* -o FILE: "1234  " on every line with -f, or when
			   several tasks were traced from the start */
	PFX_BRACKET,	/* stderr: "[pid  1234] " while several are traced */
};

struct tstream {
	struct out out;
	struct task *open;	/* task whose line is half written */
	size_t open_col;
	struct task *owner;		/* -ff: the task it is the file of */
	struct tstream *next, **pprev;	/* -ff streams, to close at the end */
};

struct text_sink {
	struct sink s;
	const struct options *o;
	struct tstream main;
	struct tstream *ff_list;
	int ff;
	enum pfx_mode pfx;
	int err;		/* first output error */
	char *line;
};

static struct text_sink *TS(struct sink *s)
{
	return (struct text_sink *)s;
}

static struct tstream *stream_of(struct text_sink *ts, struct task *t)
{
	struct tstream *st;
	char path[4096];
	int r;

	if (!ts->ff || !t)
		return &ts->main;
	if (t->sink_data)
		return t->sink_data;
	st = calloc(1, sizeof(*st));
	if (!st)
		return &ts->main;
	snprintf(path, sizeof(path), "%s.%d", ts->o->outfile, (int)t->tid);
	r = out_open(&st->out, path, FF_BUF);
	if (r) {
		free(st);
		if (!ts->err)
			ts->err = -r;
		fprintf(stderr, "etrace: cannot write %s: %s\n", path,
			strerror(-r));
		return &ts->main;
	}
	t->sink_data = st;
	st->owner = t;
	st->next = ts->ff_list;
	if (st->next)
		st->next->pprev = &st->next;
	st->pprev = &ts->ff_list;
	ts->ff_list = st;
	return st;
}

static void ff_close(struct text_sink *ts, struct tstream *st)
{
	int r = out_close(&st->out);

	if (r && !ts->err)
		ts->err = -r;
	st->owner->sink_data = NULL;
	*st->pprev = st->next;
	if (st->next)
		st->next->pprev = st->pprev;
	free(st);
}

static void prefix(struct text_sink *ts, struct fmt_buf *b, struct task *t)
{
	if (!t)
		return;
	if (ts->pfx == PFX_FILE && (ts->o->follow || ts->s.view->multi)) {
		char tmp[16];
		int n = snprintf(tmp, sizeof(tmp), "%-5d ", (int)t->tid);

		fb_putn(b, tmp, (size_t)n);
	} else if (ts->pfx == PFX_BRACKET && ts->s.view->nlive > 1) {
		char tmp[24];
		int n = snprintf(tmp, sizeof(tmp), "[pid %5d] ", (int)t->tid);

		fb_putn(b, tmp, (size_t)n);
	}
}

/* end a half-written line of another task with <unfinished ...> */
static void close_open(struct tstream *st, struct task *t)
{
	static const char unf[] = " <unfinished ...>\n";

	if (!st->open || st->open == t)
		return;
	out_write(&st->out, unf, sizeof(unf) - 1);
	st->open = NULL;
}

static void text_sc_enter(struct sink *s, struct task *t,
			  const struct sc_call *c, uint64_t time)
{
	struct text_sink *ts = TS(s);
	struct tstream *st = stream_of(ts, t);
	struct fmt_buf b;

	close_open(st, t);
	if (st->open == t) {
		/* its previous call never ended in the trace (records lost) */
		static const char lost[] = " <unfinished ...>\n";

		out_write(&st->out, lost, sizeof(lost) - 1);
		st->open = NULL;
	}
	fb_init(&b, ts->line, LINE_MAX_BYTES);
	prefix(ts, &b, t);
	fb_puts(&b, c->d->name);
	fb_putc(&b, '(');
	t->resume_arg = fmt_args(&b, c, 0, 0);
	out_write(&st->out, ts->line, (size_t)(b.p - ts->line));
	st->open = t;
	st->open_col = (size_t)(b.p - ts->line);
}

static void text_sc_exit(struct sink *s, struct task *t,
			 const struct sc_call *c, uint64_t time,
			 int seen_enter, int ret_known)
{
	struct text_sink *ts = TS(s);
	struct tstream *st = stream_of(ts, t);
	struct fmt_buf b;
	size_t col0 = 0;

	fb_init(&b, ts->line, LINE_MAX_BYTES);
	if (st->open == t) {
		col0 = st->open_col;
		st->open = NULL;
	} else {
		close_open(st, t);
		prefix(ts, &b, t);
		fb_puts(&b, "<... ");
		fb_puts(&b, c->d->name);
		fb_puts(&b, " resumed>");
	}
	if (seen_enter)
		fmt_args(&b, c, t->resume_arg, 1);
	fb_putc(&b, ')');
	{
		size_t col = col0 + (size_t)(b.p - ts->line);

		if (col < RET_COLUMN)
			fb_pad(&b, ' ', RET_COLUMN - col);
	}
	fb_puts(&b, " = ");
	if (ret_known)
		fmt_retval(&b, c);
	else
		fb_putc(&b, '?');
	fb_putc(&b, '\n');
	out_write(&st->out, ts->line, (size_t)(b.p - ts->line));
}

static void text_task_exit(struct sink *s, struct task *t, enum exit_how how,
			   int code, int core, uint64_t time)
{
	struct text_sink *ts = TS(s);
	struct tstream *st = stream_of(ts, t);
	struct fmt_buf b;

	if (ts->o->quiet < 2) {
		close_open(st, t);
		fb_init(&b, ts->line, LINE_MAX_BYTES);
		prefix(ts, &b, t);
		switch (how) {
		case EXIT_CODE:
			fb_puts(&b, "+++ exited with ");
			fb_dec(&b, code);
			fb_puts(&b, " +++\n");
			break;
		case EXIT_SIGNAL:
			fb_puts(&b, "+++ killed by ");
			fmt_signal(&b, code);
			fb_puts(&b, core ? " (core dumped) +++\n" : " +++\n");
			break;
		default:
			fb_puts(&b, "+++ exited (status unknown) +++\n");
		}
		out_write(&st->out, ts->line, (size_t)(b.p - ts->line));
	}
	if (st->open == t)
		st->open = NULL;
	if (st != &ts->main)
		ff_close(ts, st);
}

static void text_lost(struct sink *s, int cpu, uint64_t n, uint64_t time)
{
	struct text_sink *ts = TS(s);
	struct tstream *st = &ts->main;
	struct fmt_buf b;

	close_open(st, NULL);
	fb_init(&b, ts->line, LINE_MAX_BYTES);
	fb_puts(&b, "+++ lost ");
	fb_udec(&b, n);
	fb_puts(&b, n == 1 ? " record on cpu " : " records on cpu ");
	fb_udec(&b, (uint64_t)cpu);
	fb_puts(&b, " +++\n");
	out_write(&st->out, ts->line, (size_t)(b.p - ts->line));
}

static void detach_stream(struct tstream *st)
{
	static const char det[] = " <detached ...>\n";

	if (!st->open)
		return;
	out_write(&st->out, det, sizeof(det) - 1);
	st->open = NULL;
}

static void text_detach(struct sink *s)
{
	struct text_sink *ts = TS(s);

	detach_stream(&ts->main);
	for (struct tstream *st = ts->ff_list; st; st = st->next)
		detach_stream(st);
}

static int text_flush(struct sink *s)
{
	struct text_sink *ts = TS(s);
	int r = out_flush(&ts->main.out);

	if (r && !ts->err)
		ts->err = -r;
	/* -ff streams are flushed when full and when their task exits */
	return ts->err ? -ts->err : 0;
}

static int text_close(struct sink *s)
{
	struct text_sink *ts = TS(s);
	int r;

	/* tasks still alive at the end keep their -ff file until now */
	while (ts->ff_list)
		ff_close(ts, ts->ff_list);
	r = out_close(&ts->main.out);
	if (r && !ts->err)
		ts->err = -r;
	r = ts->err ? -ts->err : 0;
	free(ts->line);
	free(ts);
	return r;
}

static const struct sink_ops text_ops = {
	.sc_enter = text_sc_enter,
	.sc_exit = text_sc_exit,
	.task_exit = text_task_exit,
	.lost = text_lost,
	.detach = text_detach,
	.flush = text_flush,
	.close = text_close,
};

struct sink *sink_text_new(const struct options *o,
			   const struct sink_view *view, char *err,
			   size_t errlen)
{
	struct text_sink *ts = calloc(1, sizeof(*ts));
	int r;

	if (!ts || !(ts->line = malloc(LINE_MAX_BYTES))) {
		free(ts);
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	ts->s.ops = &text_ops;
	ts->s.view = view;
	ts->o = o;
	ts->ff = o->follow == 2 && o->outfile;
	if (ts->ff)
		ts->pfx = PFX_NONE;
	else if (o->outfile)
		ts->pfx = PFX_FILE;
	else
		ts->pfx = PFX_BRACKET;
	/* with -ff the main stream is unused: keep it on stderr */
	r = out_open(&ts->main.out, ts->ff ? NULL : o->outfile, OUT_BUF);
	if (r) {
		snprintf(err, errlen, "cannot write %s: %s", o->outfile,
			 strerror(-r));
		free(ts->line);
		free(ts);
		return NULL;
	}
	return &ts->s;
}
