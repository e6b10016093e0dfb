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
 * With -z, -Z, -e status= or --duration a line can only be judged at the
 * call's end (rules.h), so it is written whole then.
 *
 * --color: the name, a failed call's "= -1 ENOENT (...)", signal, exit,
 * killed and lost lines each in their style, from one table (text_style
 * in text_line.c); with colour off the sink pays one test of a flag per
 * part.
 *
 * An entry half with an input the BPF program could not read yet (its
 * page was not in memory; it is read again when the call ends) is held,
 * not written: if nothing comes between, the line is written whole at
 * the end, with the data.  If another line comes first, the half goes out
 * as it is, with the pointer, as it would have.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "events.h"
#include "out.h"
#include "sink.h"
#include "sink_table.h"
#include "text_line.h"
#include "tpfields.h"

#define OUT_BUF (1u << 20)
#define FF_BUF (64u << 10)
#define LINE_MAX_BYTES (256u << 10)
#define RET_COLUMN 39

struct tstream {
	struct out out;
	struct task *open;	/* task whose line is half written */
	pid_t open_tid;		/* its tid then */
	size_t open_col;
	char *held;		/* open's entry half, not written yet */
	size_t held_len;	/* 0: none held */
	size_t held_head;	/* its prefix and "name(" */
	size_t held_esc;	/* --color's bytes in that head */
	size_t held_cap;
	struct task *owner;		/* -ff: the task it is the file of */
	struct tstream *next, **pprev;	/* -ff streams, to close at the end */
};

struct text_sink {
	struct sink s;
	const struct sink_conf *cf;
	struct tstream main;
	struct tstream *ff_list;
	int ff;
	struct line_start ls;	/* what begins each line */
	int err;		/* first output error */
	char *line;
	int whole;		/* write each call whole, at its end */
	int lines;		/* not -c: calls and exits are written */
	int color;		/* --color: parts of lines in their style */
	size_t esc;		/* the line's bytes of styles: no columns */
};

/* a line of the trace: constants in the -X style asked for */
static void line_init(struct text_sink *ts, struct fmt_buf *b)
{
	fb_init(b, ts->line, LINE_MAX_BYTES);
	b->xstyle = ts->cf->xstyle;
	ts->esc = 0;
}

/* --color: a part of a line in its style (text_line.h), reset at its end */
static void part_on(struct text_sink *ts, struct fmt_buf *b, enum text_part p)
{
	if (!ts->color)
		return;
	fb_puts(b, text_style[p]);
	ts->esc += strlen(text_style[p]);
}

static void part_off(struct text_sink *ts, struct fmt_buf *b)
{
	if (!ts->color)
		return;
	fb_puts(b, TEXT_STYLE_RESET);
	ts->esc += sizeof(TEXT_STYLE_RESET) - 1;
}

/* a name from the table or tracefs, in its style */
static void put_call_name(struct text_sink *ts, struct fmt_buf *b,
			  const char *name)
{
	part_on(ts, b, PART_NAME);
	fb_puts(b, name);
	part_off(ts, b);
}

static struct text_sink *TS(struct sink *s)
{
	return (struct text_sink *)s;
}

static struct tstream *stream_of(struct text_sink *ts, struct task *t)
{
	struct tstream *st;
	char path[4096], msg[4200];
	int r;

	if (!ts->ff || !t)
		return &ts->main;
	if (t->sink_data)
		return t->sink_data;
	st = calloc(1, sizeof(*st));
	if (!st)
		return &ts->main;
	snprintf(path, sizeof(path), "%s.%d", ts->cf->outfile, (int)t->tid);
	/* -A: FILE.TID appended to when it is there (still none of another
	   user's in a sticky directory: out_create refuses those) */
	r = out_open(&st->out, path, ts->cf->append ? OUT_APPEND : OUT_EXCL,
		     FF_BUF, msg, sizeof(msg));
	if (r) {
		free(st);
		if (!ts->err)
			ts->err = -r;
		fprintf(stderr, "etrace: %s\n", msg);
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

/* write the held entry half, if any */
static void release(struct tstream *st)
{
	if (!st->held_len)
		return;
	out_write(&st->out, st->held, st->held_len);
	st->held_len = 0;
}

static void ff_close(struct text_sink *ts, struct tstream *st)
{
	int r;

	release(st);
	r = out_close(&st->out);
	free(st->held);

	if (r && !ts->err)
		ts->err = -r;
	st->owner->sink_data = NULL;
	*st->pprev = st->next;
	if (st->next)
		st->next->pprev = st->pprev;
	free(st);
}

/*
 * End the half-written line with <unfinished ...>, or, when its task's
 * tid is changing or has changed since (a thread's execve takes its
 * leader's pid), as strace does: <pid changed to N ...>
 */
static void end_open(struct tstream *st)
{
	static const char unf[] = " <unfinished ...>\n";
	const struct task *o = st->open;
	pid_t to = o->tid_next ? o->tid_next :
		   o->tid != st->open_tid ? o->tid : 0;

	release(st);
	if (to) {
		char buf[64];
		int n = snprintf(buf, sizeof(buf), " <pid changed to %d ...>\n",
				 (int)to);

		out_write(&st->out, buf, (size_t)n);
	} else {
		out_write(&st->out, unf, sizeof(unf) - 1);
	}
	st->open = NULL;
}

/* end a half-written line of another task */
static void close_open(struct tstream *st, struct task *t)
{
	if (st->open && st->open != t)
		end_open(st);
}

/* keep the entry half [0, len) instead of writing it; 0: could not */
static int hold(struct tstream *st, const char *line, size_t len, size_t head)
{
	if (len > st->held_cap) {
		char *nb = realloc(st->held, len);

		if (!nb)
			return 0;
		st->held = nb;
		st->held_cap = len;
	}
	memcpy(st->held, line, len);
	st->held_len = len;
	st->held_head = head;
	return 1;
}

static void text_sc_enter(struct sink *s, struct task *t,
			  const struct sc_call *c, uint64_t time)
{
	struct text_sink *ts = TS(s);
	struct tstream *st;
	struct fmt_buf b;
	size_t head, len;

	if (ts->whole || !ts->lines || sink_full(s))
		return;
	st = stream_of(ts, t);
	close_open(st, t);
	line_init(ts, &b);
	line_prefix(&ts->ls, &b, t, time, t->call_ip);
	put_call_name(ts, &b, c->d->name);
	fb_putc(&b, '(');
	head = (size_t)(b.p - ts->line);
	t->resume_arg = fmt_args(&b, c, 0, 0);
	len = (size_t)(b.p - ts->line);
	if (line_read_later(c) && hold(st, ts->line, len, head))
		st->held_esc = ts->esc;
	else
		out_write(&st->out, ts->line, len);
	st->open = t;
	st->open_tid = t->tid;
	st->open_col = len - ts->esc;
}

/* -k: strace's frame lines under the call (line_frame) */
static void frames(struct text_sink *ts, struct tstream *st, struct task *t)
{
	struct fmt_buf b;

	for (int i = 0; i < t->nframes; i++) {
		line_init(ts, &b);
		fb_puts(&b, " > ");
		line_frame(&b, &t->frames[i]);
		fb_putc(&b, '\n');
		out_write(&st->out, ts->line, (size_t)(b.p - ts->line));
	}
}

static void text_sc_exit(struct sink *s, struct task *t,
			 const struct sc_call *c, uint64_t time,
			 int seen_enter, enum call_end end)
{
	struct text_sink *ts = TS(s);
	struct tstream *st = stream_of(ts, t);
	struct fmt_buf b;
	size_t col0 = 0;
	int from = t->resume_arg, redo = ts->whole;

	if (!ts->lines)
		return;
	/* --max-events: past the limit only half-written lines are ended */
	if (sink_full(s) && !(st->open == t && end == END_DETACHED))
		return;
	if (ts->whole) {
		/* -z, -Z, status=, --duration: judged, now written whole */
		line_init(ts, &b);
		line_prefix(&ts->ls, &b, t, seen_enter ? t->t_enter : time,
			    t->call_ip);
		if (!seen_enter) {
			fb_puts(&b, "<... ");
			put_call_name(ts, &b, c->d->name);
			fb_puts(&b, " resumed>");
		} else {
			put_call_name(ts, &b, c->d->name);
			fb_putc(&b, '(');
		}
	} else {
		line_init(ts, &b);
		/* its tid changed under the open line: ended, resumed */
		if (st->open == t && st->open_tid != t->tid)
			end_open(st);
		if (st->open == t && st->held_len) {
			/* held, and nothing came between: write it whole */
			fb_putn(&b, st->held, st->held_head);
			ts->esc = st->held_esc;
			st->held_len = 0;
			st->open = NULL;
			redo = 1;
		} else if (st->open == t) {
			col0 = st->open_col;
			st->open = NULL;
		} else {
			close_open(st, t);
			line_prefix(&ts->ls, &b, t, time, t->call_ip);
			fb_puts(&b, "<... ");
			put_call_name(ts, &b, c->d->name);
			fb_puts(&b, " resumed>");
		}
	}
	if (end == END_DETACHED) {
		/* as strace: the call stays open, tracing ends under it */
		if (redo && seen_enter)
			fmt_args(&b, c, 0, 0);
		fb_puts(&b, " <detached ...>\n");
		out_write(&st->out, ts->line, (size_t)(b.p - ts->line));
		frames(ts, st, t);
		return;
	}
	/* a line written whole: its entry half, then the rest, as when split
	   (calls that print their own list print it all at entry) */
	if (redo && seen_enter)
		from = fmt_args(&b, c, 0, 0);
	if (seen_enter) {
		char *half = b.p;
		int cut = b.cut;

		fmt_args(&b, c, from, 1);
		/* it never returned: what it would have written is not
		   known, as strace says (nothing to say when all was read
		   at entry) */
		if (end == END_DIED && b.p != half) {
			b.p = half;
			b.cut = cut;
			fb_puts(&b, " <unfinished ...>");
		}
	}
	fb_putc(&b, ')');
	{
		size_t col = col0 + (size_t)(b.p - ts->line) - ts->esc;

		if (col < RET_COLUMN)
			fb_pad(&b, ' ', RET_COLUMN - col);
	}
	fb_putc(&b, ' ');
	if (end == END_RETURNED) {
		int failed = call_status(c, end) == ST_FAILED;

		if (failed)
			part_on(ts, &b, PART_ERROR);
		fb_puts(&b, "= ");
		fmt_retval(&b, c);
		if (failed)
			part_off(ts, &b);
	} else {
		fb_puts(&b, "= ?");
	}
	s->view->printed++;
	/* -T: t_enter 0 is an entry etrace did not see (the command's exec) */
	if (ts->cf->show_time && seen_enter && end == END_RETURNED && t->t_enter) {
		fb_puts(&b, " <");
		line_secs(&b, time > t->t_enter ? time - t->t_enter : 0, 0,
			  ts->cf->time_width);
		fb_putc(&b, '>');
	}
	fb_putc(&b, '\n');
	/* -e read=/write=: the bytes it moved, as strace dumps them */
	if (c->dump && end == END_RETURNED)
		fmt_dump(&b, c->dump, c->d->name);
	out_write(&st->out, ts->line, (size_t)(b.p - ts->line));
	frames(ts, st, t);
}

static void text_task_exit(struct sink *s, struct task *t, enum exit_how how,
			   int code, int core, uint64_t time)
{
	struct text_sink *ts = TS(s);
	struct tstream *st = stream_of(ts, t);
	struct fmt_buf b;

	/* -qq, -qqq: no "exited" lines; strace still says who was killed */
	if ((how == EXIT_SUPERSEDED ?
	     !(ts->cf->quiet & QUIET_THREAD_EXECVE) :
	     !(ts->cf->quiet & QUIET_EXIT) || how == EXIT_SIGNAL) && ts->lines) {
		close_open(st, t);
		line_init(ts, &b);
		line_prefix(&ts->ls, &b, t, time, 0);
		part_on(ts, &b, how == EXIT_SIGNAL ? PART_KILLED : PART_EXITED);
		switch (how) {
		case EXIT_CODE:
			fb_puts(&b, "+++ exited with ");
			fb_dec(&b, code);
			fb_puts(&b, " +++");
			break;
		case EXIT_SIGNAL:
			fb_puts(&b, "+++ killed by ");
			fmt_signal_name(&b, code);
			fb_puts(&b, core ? " (core dumped) +++" : " +++");
			break;
		case EXIT_SUPERSEDED:
			fb_puts(&b, "+++ superseded by execve in pid ");
			fb_dec(&b, code);
			fb_puts(&b, " +++");
			break;
		default:
			fb_puts(&b, "+++ exited (status unknown) +++");
		}
		part_off(ts, &b);
		fb_putc(&b, '\n');
		out_write(&st->out, ts->line, (size_t)(b.p - ts->line));
	}
	if (st->open == t) {
		release(st);
		st->open = NULL;
	}
	if (st != &ts->main)
		ff_close(ts, st);
}

/* -ff: its file is closed (its last line already ended) */
static void text_task_gone(struct sink *s, struct task *t)
{
	struct text_sink *ts = TS(s);
	struct tstream *st = t->sink_data ? t->sink_data : &ts->main;

	if (st->open == t) {
		release(st);
		st->open = NULL;
	}
	if (st != &ts->main)
		ff_close(ts, st);
}

static void text_lost(struct sink *s, int cpu, uint64_t n, uint64_t time)
{
	struct text_sink *ts = TS(s);
	struct tstream *st = &ts->main;
	struct fmt_buf b;

	if (!ts->lines)
		return;	/* -c says it under the table */
	close_open(st, NULL);
	line_init(ts, &b);
	part_on(ts, &b, PART_LOST);
	fb_puts(&b, "+++ lost ");
	fb_udec(&b, n);
	fb_puts(&b, n == 1 ? " record" : " records");
	if (cpu >= 0) {
		fb_puts(&b, " on cpu ");
		fb_udec(&b, (uint64_t)cpu);
	} else {
		/* counted by the events, never said by the rings */
		fb_puts(&b, " at the end");
	}
	fb_puts(&b, " +++");
	part_off(ts, &b);
	fb_putc(&b, '\n');
	out_write(&st->out, ts->line, (size_t)(b.p - ts->line));
}

/* --- SIGCHLD {si_signo=SIGCHLD, si_code=CLD_EXITED, ...} --- */
static void text_signal(struct sink *s, struct task *t, int sig,
			const struct cap *info, int partial, uint64_t ip,
			uint64_t time)
{
	struct text_sink *ts = TS(s);
	struct tstream *st;
	struct fmt_buf b;

	if (!ts->lines || sink_full(s))
		return;
	st = stream_of(ts, t);
	close_open(st, NULL);
	line_init(ts, &b);
	line_prefix(&ts->ls, &b, t, time, ip);
	part_on(ts, &b, PART_SIGNAL);
	fb_puts(&b, "--- ");
	fmt_signal_name(&b, sig);
	fb_putc(&b, ' ');
	line_siginfo(&b, sig, info, partial, s->view->fo);
	fb_puts(&b, " ---");
	part_off(ts, &b);
	fb_putc(&b, '\n');
	out_write(&st->out, ts->line, (size_t)(b.p - ts->line));
}

/* sched:sched_process_exec(filename="/usr/bin/dirname", pid=42, old_pid=42) */
static void text_event(struct sink *s, struct task *t, const struct evsel *e,
		       const uint8_t *raw, uint32_t size, uint64_t time)
{
	struct text_sink *ts = TS(s);
	struct tstream *st;
	struct fmt_buf b;

	if (!ts->lines || sink_full(s))
		return;
	st = stream_of(ts, t);
	close_open(st, NULL);
	line_init(ts, &b);
	line_prefix(&ts->ls, &b, t, time, 0);
	put_call_name(ts, &b, e->tp_name);
	fb_putc(&b, '(');
	tp_format(&b, e->fmt, raw, size);
	fb_puts(&b, ")\n");
	out_write(&st->out, ts->line, (size_t)(b.p - ts->line));
	frames(ts, st, t);
	s->view->printed++;
}

/* strace's -c table, one per group with --by (sink_table.c) */
static void text_summary(struct sink *s, struct summary *sum, uint64_t time)
{
	struct text_sink *ts = TS(s);
	struct fmt_buf b;

	close_open(&ts->main, NULL);
	if (ts->cf->interval) {
		line_init(ts, &b);
		line_time(&ts->ls, &b, time);
		fb_puts(&b, "--- interval ---\n");
		out_write(&ts->main.out, ts->line, (size_t)(b.p - ts->line));
	}
	table_text(&ts->main.out, ts->line, LINE_MAX_BYTES, sum, ts->cf->sort,
		   ts->cf->hist, ts->color, ts->cf->columns);
}

static void text_note(struct sink *s, struct task *t, const char *text,
		      uint64_t time)
{
	struct text_sink *ts = TS(s);
	struct tstream *st;
	struct fmt_buf b;

	if (!ts->lines)
		return;
	st = stream_of(ts, t);
	close_open(st, NULL);
	line_init(ts, &b);
	line_prefix(&ts->ls, &b, t, time, 0);
	fb_puts(&b, text);
	out_write(&st->out, ts->line, (size_t)(b.p - ts->line));
}

static void text_report(struct sink *s, const char *name, const char *text,
			size_t len)
{
	struct text_sink *ts = TS(s);

	close_open(&ts->main, NULL);
	out_write(&ts->main.out, text, len);
}

static int text_start(struct sink *s)
{
	return out_start(&TS(s)->main.out);
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
	release(&ts->main);
	r = out_close(&ts->main.out);
	free(ts->main.held);
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
	.task_gone = text_task_gone,
	.lost = text_lost,
	.summary = text_summary,
	.event = text_event,
	.signal = text_signal,
	.report = text_report,
	.note = text_note,
	.start = text_start,
	.flush = text_flush,
	.close = text_close,
};

struct sink *sink_text_new(const struct sink_conf *cf, struct sink_view *view,
			   char *err, size_t errlen)
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
	ts->cf = cf;
	ts->ff = cf->per_task;
	ts->whole = cf->whole;
	/* -c, --stack=folded, --flamegraph, --spawns: tables, not lines */
	ts->lines = cf->lines;
	ts->color = cf->color;
	line_start_init(&ts->ls, cf, view, ts->ff ? PFX_NONE :
			cf->outfile ? PFX_FILE : PFX_BRACKET);
	/* with -ff the main stream is unused: keep it on stderr; folded
	   stacks write -o themselves */
	/* -ff: FILE.TID are made as tasks appear; said now if they cannot */
	r = ts->ff ? out_check_dir(cf->outfile, err, errlen) : 0;
	if (!r)
		r = out_open(&ts->main.out,
			     cf->main_on_stderr ? NULL : cf->outfile,
			     cf->append ? OUT_APPEND : 0, OUT_BUF, err, errlen);
	if (r) {
		free(ts->line);
		free(ts);
		return NULL;
	}
	return &ts->s;
}
