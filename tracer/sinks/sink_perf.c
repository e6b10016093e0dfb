// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Sinks stage: --stack=perf, the calls' and events' stacks in the text
 * format of `perf script`, which FlameGraph's stackcollapse-perf.pl,
 * speedscope and the Firefox Profiler read.  One block per call (written
 * at its end, its stack taken at its entry) and per -e event:
 *
 *   cat 4242/4242 713.933444: syscalls:sys_enter_openat: openat(...) = 3
 *   \t           20b1d __GI___open64_nocancel+0x2d (/usr/lib/.../ld-linux-x86-64.so.2)
 *   \t           3238c setlocale+0x11c (/usr/lib/x86_64-linux-gnu/libc.so.6)
 *   (a blank line)
 *
 * The header: comm, pid/tid, CLOCK_MONOTONIC seconds, the event, then
 * the call as the text sink prints it (so no line ends in "EVENT:",
 * which those readers take as an event type to keep apart, as perf's
 * own tracepoint lines).  A frame: its address (relative to its module,
 * as perf prints a resolved frame; a kernel frame's own), symbol+offset
 * ("[unknown]" where no symbol covers it, as perf; never a neighbour's
 * name), module.  What a traced program names (comm, symbols, paths)
 * is escaped, so no block gains a line.  Signals and exits carry no
 * stack: they are not in it; notes are said on stderr, and lost records
 * by their total at the end.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "events.h"
#include "out.h"
#include "sink.h"
#include "text_line.h"
#include "tpfields.h"

#define PERF_BUF (1u << 20)
#define PERF_LINE (256u << 10)

struct perf_sink {
	struct sink s;
	const struct sink_conf *cf;
	struct out out;
	char *line;
	int err;
};

static struct perf_sink *PS(struct sink *s)
{
	return (struct perf_sink *)s;
}

static void start_line(struct perf_sink *ps, struct fmt_buf *b)
{
	fb_init(b, ps->line, PERF_LINE);
	b->xstyle = ps->cf->xstyle;
}

static void end_line(struct perf_sink *ps, struct fmt_buf *b)
{
	fb_putc(b, '\n');
	out_write(&ps->out, ps->line, (size_t)(b->p - ps->line));
}

static void put_name(struct fmt_buf *b, const char *s)
{
	fmt_escaped(b, (const uint8_t *)s, strlen(s));
}

/* "comm pid/tid 12.000034: " */
static void header(struct fmt_buf *b, const struct task *t, uint64_t time)
{
	put_name(b, t->comm[0] ? t->comm : "?");
	fb_putc(b, ' ');
	fb_dec(b, t->pid);
	fb_putc(b, '/');
	fb_dec(b, t->tid);
	fb_putc(b, ' ');
	line_usecs(b, time, 0);
	fb_puts(b, ": ");
}

/* the frames, innermost first, then the blank line that ends the block */
static void frames(struct perf_sink *ps, const struct task *t)
{
	struct fmt_buf b;
	char addr[24];

	for (int i = 0; i < t->nframes; i++) {
		const struct frame *f = &t->frames[i];
		int kernel = f->module && !strcmp(f->module, "[kernel]");

		start_line(ps, &b);
		snprintf(addr, sizeof(addr), "\t%16llx ", (unsigned long long)
			 (kernel || !f->module ? f->pc : f->reloff));
		fb_puts(&b, addr);
		if (f->cut) {
			/* no frame proved past here: the folded format's name */
			fb_puts(&b, "[stack_cut]");
		} else if (f->sym) {
			put_name(&b, f->sym);
			if (!f->inlined) {
				fb_putc(&b, '+');
				fb_hex(&b, f->symoff);
			}
		} else {
			fb_puts(&b, "[unknown]");
		}
		fb_puts(&b, " (");
		if (kernel)
			fb_puts(&b, "[kernel.kallsyms]");
		else if (f->module)
			put_name(&b, f->module);
		else
			fb_puts(&b, "[unknown]");
		fb_putc(&b, ')');
		end_line(ps, &b);
	}
	out_write(&ps->out, "\n", 1);
}

static void perf_sc_enter(struct sink *s, struct task *t,
			  const struct sc_call *c, uint64_t time)
{
	/* written whole at its end */
}

static void perf_sc_exit(struct sink *s, struct task *t,
			 const struct sc_call *c, uint64_t time,
			 int seen_enter, enum call_end end)
{
	struct perf_sink *ps = PS(s);
	struct fmt_buf b;

	if (sink_full(s))
		return;
	start_line(ps, &b);
	/* the stack is the entry's: the entry's event and time, when seen */
	header(&b, t, seen_enter && t->t_enter ? t->t_enter : time);
	fb_puts(&b, seen_enter ? "syscalls:sys_enter_" : "syscalls:sys_exit_");
	fb_puts(&b, c->d->name);
	fb_puts(&b, ": ");
	if (seen_enter) {
		fb_puts(&b, c->d->name);
		fb_putc(&b, '(');
		fmt_args(&b, c, fmt_args(&b, c, 0, 0), 1);
	} else {
		fb_puts(&b, "<... ");
		fb_puts(&b, c->d->name);
		fb_puts(&b, " resumed>");
	}
	fb_puts(&b, ") = ");
	if (end == END_RETURNED)
		fmt_retval(&b, c);
	else
		fb_putc(&b, '?');
	end_line(ps, &b);
	frames(ps, t);
	s->view->printed++;
}

static void perf_event(struct sink *s, struct task *t, const struct evsel *e,
		       const uint8_t *raw, uint32_t size, uint64_t time)
{
	struct perf_sink *ps = PS(s);
	struct fmt_buf b;

	if (sink_full(s))
		return;
	start_line(ps, &b);
	header(&b, t, time);
	fb_puts(&b, e->tp_name);
	fb_puts(&b, ": ");
	tp_format(&b, e->fmt, raw, size);
	end_line(ps, &b);
	frames(ps, t);
	s->view->printed++;
}

static void perf_task_exit(struct sink *s, struct task *t, enum exit_how how,
			   int code, int core, uint64_t time)
{
}

static void perf_signal(struct sink *s, struct task *t, int sig,
			const struct cap *info, int partial, uint64_t ip,
			uint64_t time)
{
}

/*
 * Not in the blocks (a reader would take the line for an event), nor a
 * line on stderr each (a storm loses in thousands of bursts): the total
 * is said on stderr at the end, as for every trace (teardown.c).
 */
static void perf_lost(struct sink *s, int cpu, uint64_t n, uint64_t time)
{
}

static void perf_note(struct sink *s, struct task *t, const char *text,
		      uint64_t time)
{
	fprintf(stderr, "etrace: %s", text);
}

/* options.c refuses -c, -C and --spawns with --stack=perf */
static void perf_summary(struct sink *s, struct summary *sum, uint64_t time)
{
}

static void perf_report(struct sink *s, const char *name, const char *text,
			size_t len)
{
}

static int perf_start(struct sink *s)
{
	return out_start(&PS(s)->out);
}

static int perf_flush(struct sink *s)
{
	struct perf_sink *ps = PS(s);
	int r = out_flush(&ps->out);

	if (r && !ps->err)
		ps->err = -r;
	return ps->err ? -ps->err : 0;
}

static int perf_close(struct sink *s)
{
	struct perf_sink *ps = PS(s);
	int r = out_close(&ps->out);

	if (r && !ps->err)
		ps->err = -r;
	r = ps->err ? -ps->err : 0;
	free(ps->line);
	free(ps);
	return r;
}

static const struct sink_ops perf_ops = {
	.sc_enter = perf_sc_enter,
	.sc_exit = perf_sc_exit,
	.task_exit = perf_task_exit,
	.lost = perf_lost,
	.summary = perf_summary,
	.event = perf_event,
	.signal = perf_signal,
	.report = perf_report,
	.note = perf_note,
	.start = perf_start,
	.flush = perf_flush,
	.close = perf_close,
};

/* to -o FILE, or stderr, as the trace: stdout is the command's */
struct sink *sink_perf_new(const struct sink_conf *cf, struct sink_view *view,
			   char *err, size_t errlen)
{
	struct perf_sink *ps = calloc(1, sizeof(*ps));

	if (!ps || !(ps->line = malloc(PERF_LINE))) {
		free(ps);
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	ps->s.ops = &perf_ops;
	ps->s.view = view;
	ps->cf = cf;
	if (out_open(&ps->out, cf->outfile, cf->append ? OUT_APPEND : 0,
		     PERF_BUF, err, errlen)) {
		free(ps->line);
		free(ps);
		return NULL;
	}
	return &ps->s;
}
