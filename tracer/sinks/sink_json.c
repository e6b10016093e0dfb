// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Sinks stage: JSON Lines (--json): one object per line, for every call,
 * event, signal, exit, lost-records notice and summary row.  The schema
 * is in the README; field names are stable.  Numbers are numbers, flags
 * are their names plus the raw value, strings carry a truncation flag
 * (and the exact bytes in hex when they are not valid UTF-8).
 */
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <string.h>
#include <time.h>

#include <traceevent/event-parse.h>

#include "events.h"
#include "json.h"
#include "json_args.h"
#include "merge.h"
#include "out.h"
#include "sink.h"
#include "sysent_fallback.h"
#include "tpfields.h"

#define OUT_BUF (1u << 20)
#define LINE_MAX_BYTES (256u << 10)

struct json_sink {
	struct sink s;
	const struct sink_conf *cf;
	struct out out;
	int err;
	char *line;
	char *tmp;		/* one argument's text */
	int64_t mono_to_real;
};

/* text of a line: constants in the -X style asked for */
static void line_init(struct json_sink *js, struct fmt_buf *b, char *buf,
		      size_t size)
{
	fb_init(b, buf, size);
	b->xstyle = js->cf->xstyle;
}

static struct json_sink *JS(struct sink *s)
{
	return (struct json_sink *)s;
}

/* the object's common head: type, times, task */
static void head(struct json_sink *js, struct fmt_buf *b, int *first,
		 const char *type, struct task *t, uint64_t time)
{
	uint64_t real = (uint64_t)((int64_t)time + js->mono_to_real);

	fb_putc(b, '{');
	json_key(b, first, "type");
	json_cstr(b, type);
	json_key(b, first, "ts");
	fb_printf(b, "%llu.%09llu", (unsigned long long)(real / 1000000000ull),
		  (unsigned long long)(real % 1000000000ull));
	json_key(b, first, "mono_ns");
	fb_udec(b, time);
	if (!t)
		return;
	json_key(b, first, "pid");
	fb_dec(b, t->pid);
	json_key(b, first, "tid");
	fb_dec(b, t->tid);
	json_key(b, first, "comm");
	json_str(b, (const uint8_t *)t->comm, strnlen(t->comm, sizeof(t->comm)));
}

static void emit(struct json_sink *js, struct fmt_buf *b)
{
	fb_puts(b, "}\n");
	/* a cut line is not JSON: say so rather than write half of it */
	if (b->cut) {
		line_init(js, b, js->line, LINE_MAX_BYTES);
		fb_puts(b, "{\"type\":\"error\",\"message\":\"record too large\"}\n");
	}
	out_write(&js->out, js->line, (size_t)(b->p - js->line));
}

/*
 * A script frame: {"kind":"shell","file":..,"line":..,"function":..}
 * (no line where it is not known), or
 * for levels deeper than were read {"kind":"shell","more":true}.
 */
static void script_frame(struct fmt_buf *b, const struct frame *f)
{
	int ff = 1;

	fb_putc(b, '{');
	json_key(b, &ff, "kind");
	json_cstr(b, f->script);
	if (!f->file || !f->sym) {
		json_key(b, &ff, "more");
		fb_puts(b, "true}");
		return;
	}
	json_key(b, &ff, "file");
	json_cstr(b, f->file);
	if (f->line) {
		json_key(b, &ff, "line");
		fb_dec(b, f->line);
	}
	json_key(b, &ff, "function");
	json_cstr(b, f->sym);
	fb_putc(b, '}');
}

/* -k: "stack":[{"pc":..,"module":..,"sym":..,"off":..,"file":..,"line":..}] */
static void stack(struct fmt_buf *b, int *first, const struct task *t)
{
	const struct frame *cut;
	int cf = 1;

	if (!t->nframes)
		return;
	json_key(b, first, "stack");
	fb_putc(b, '[');
	for (int i = 0; i < t->nframes; i++) {
		const struct frame *f = &t->frames[i];
		int ff = 1;

		if (f->cut)
			continue;	/* (the last: stack_cut says it) */
		if (i)
			fb_putc(b, ',');
		if (f->script) {
			script_frame(b, f);
			continue;
		}
		fb_putc(b, '{');
		json_key(b, &ff, "pc");
		fb_udec(b, f->pc);
		if (f->module) {
			json_key(b, &ff, "module");
			json_cstr(b, f->module);
		}
		json_key(b, &ff, "reloff");
		fb_udec(b, f->reloff);
		if (f->sym) {
			json_key(b, &ff, "sym");
			json_cstr(b, f->sym);
			if (!f->inlined) {
				json_key(b, &ff, "off");
				fb_udec(b, f->symoff);
			}
		}
		if (f->inlined) {
			json_key(b, &ff, "inlined");
			fb_puts(b, "true");
		}
		if (f->file) {
			json_key(b, &ff, "file");
			json_cstr(b, f->file);
			json_key(b, &ff, "line");
			fb_dec(b, f->line);
		}
		fb_putc(b, '}');
	}
	fb_putc(b, ']');
	cut = &t->frames[t->nframes - 1];
	if (!cut->cut)
		return;
	/* a stack that ends before its outermost frame: why, and where */
	json_key(b, first, "stack_cut");
	fb_putc(b, '{');
	json_key(b, &cf, "reason");
	json_cstr(b, unwind_cut_reason(cut));
	if (cut->module) {
		json_key(b, &cf, "module");
		json_cstr(b, cut->module);
		json_key(b, &cf, "reloff");
		fb_udec(b, cut->reloff);
	}
	fb_putc(b, '}');
}

static void json_sc_enter(struct sink *s, struct task *t,
			  const struct sc_call *c, uint64_t time)
{
	/* written whole at the end of the call */
}

/*
 * -e read=/write=: "dump", one object per buffer (one for a plain
 * buffer): "len" its bytes in the transfer, "hex" those copied, "cut"
 * when they are fewer; "dump_cut" when buffers after the 64th (or a
 * sendmmsg's, recvmmsg's messages) were not copied
 */
/* one buffer's element of "dump"; msg: its message (sendmmsg), or -1 */
static void dump_buf(struct fmt_buf *b, int *n, long msg, const uint8_t *p,
		     uint32_t copied, uint32_t total)
{
	fb_puts(b, (*n)++ ? ",{" : "{");
	if (msg >= 0) {
		fb_puts(b, "\"msg\":");
		fb_udec(b, (uint64_t)msg);
		fb_putc(b, ',');
	}
	fb_puts(b, "\"len\":");
	fb_udec(b, total);
	fb_puts(b, ",\"hex\":");
	json_hex(b, p, copied);
	fb_puts(b, copied < total ? ",\"cut\":true}" : ",\"cut\":false}");
}

/* sendmmsg, recvmmsg: each buffer says its message */
static void dump(struct fmt_buf *b, int *first, const struct cap *k,
		 const char *name)
{
	struct dump_view v = { k->p, k->len, 0, k->count, 0 }, m;
	int mmsg = !strcmp(name, "sendmmsg") || !strcmp(name, "recvmmsg");
	int n = 0, cut = 0, mcut;
	const uint8_t *p;
	uint32_t copied, total, iovlen;

	json_key(b, first, "dump");
	fb_putc(b, '[');
	if (mmsg) {
		while (dump_msg_next(&v, &m, &iovlen, &mcut)) {
			while (dump_next(&m, &p, &copied, &total))
				dump_buf(b, &n, (long)v.nseg - 1, p, copied, total);
			cut |= mcut;
		}
	} else {
		while (dump_next(&v, &p, &copied, &total))
			dump_buf(b, &n, -1, p, copied, total);
	}
	fb_putc(b, ']');
	if ((k->flags & CAP_TRUNC) || v.nseg < k->count || cut) {
		json_key(b, first, "dump_cut");
		fb_puts(b, "true");
	}
}

/* -i: "ip", the user IP of a call or signal; left out when not known */
static void json_ip(const struct json_sink *js, struct fmt_buf *b,
		   int *first, uint64_t ip)
{
	if (!js->cf->ip || !ip)
		return;
	json_key(b, first, "ip");
	fb_udec(b, ip);
}

static void json_sc_exit(struct sink *s, struct task *t,
			 const struct sc_call *c, uint64_t time,
			 int seen_enter, enum call_end end)
{
	struct json_sink *js = JS(s);
	const char *const *names = sc_arg_names(t->nr);
	const char *status = status_names[call_status(c, end)];
	struct fmt_buf b;
	int first = 1;

	if (sink_full(s) || !js->cf->lines)
		return;
	line_init(js, &b, js->line, LINE_MAX_BYTES);
	head(js, &b, &first, "syscall", t, seen_enter && t->t_enter ?
	     t->t_enter : time);
	json_key(&b, &first, "name");
	json_cstr(&b, c->d->name);
	json_key(&b, &first, "nr");
	fb_dec(&b, t->nr);
	json_ip(js, &b, &first, t->call_ip);
	if (seen_enter) {
		json_key(&b, &first, "args");
		fb_putc(&b, '[');
		for (int i = 0; i < c->d->nargs; i++) {
			if (i)
				fb_putc(&b, ',');
			json_arg(&b, js->tmp, JSON_ARG_TMP, c, i, names[i]);
		}
		fb_putc(&b, ']');
	}
	json_key(&b, &first, "status");
	json_cstr(&b, status);
	if (end == END_RETURNED && c->d->ret != R_none) {
		struct fmt_buf t2;

		json_key(&b, &first, "retval");
		fb_dec(&b, c->ret);
		line_init(js, &t2, js->tmp, 4096);
		fmt_retval(&t2, c);
		json_key(&b, &first, "ret");
		json_str(&b, (const uint8_t *)js->tmp, (size_t)(t2.p - js->tmp));
		if (c->injected) {
			json_key(&b, &first, "injected");
			fb_puts(&b, "true");
		}
		if (c->fd[FD_SLOT_RET] && c->ret >= 0) {
			json_key(&b, &first, "ret_fd");
			json_fd(&b, c->fd[FD_SLOT_RET]);
		}
		if (c->d->ret == R_tgid)
			json_pid_comm(&b, &first, "ret_comm", c, c->ret);
		if (c->ret < 0 && c->ret >= -4095) {
			const char *e = errno_name((int)-c->ret);

			json_key(&b, &first, "errno");
			fb_dec(&b, -c->ret);
			if (e) {
				json_key(&b, &first, "error");
				json_cstr(&b, e);
			}
		}
	}
	if (seen_enter && t->t_enter && end == END_RETURNED) {
		json_key(&b, &first, "duration_ns");
		fb_udec(&b, time > t->t_enter ? time - t->t_enter : 0);
	}
	if (c->dump && end == END_RETURNED && !dump_unreadable(c->dump))
		dump(&b, &first, c->dump, c->d->name);
	stack(&b, &first, t);
	emit(js, &b);
	s->view->printed++;
}

static void json_task_exit(struct sink *s, struct task *t, enum exit_how how,
			   int code, int core, uint64_t time)
{
	struct json_sink *js = JS(s);
	struct fmt_buf b;
	int first = 1;

	if (!js->cf->lines)
		return;
	line_init(js, &b, js->line, LINE_MAX_BYTES);
	head(js, &b, &first, "exit", t, time);
	json_key(&b, &first, "how");
	json_cstr(&b, how == EXIT_CODE ? "exited" : how == EXIT_SIGNAL ?
		  "killed" : how == EXIT_SUPERSEDED ? "superseded" : "unknown");
	if (how == EXIT_SUPERSEDED) {
		json_key(&b, &first, "by_tid");
		fb_dec(&b, code);
	}
	if (how == EXIT_CODE) {
		json_key(&b, &first, "code");
		fb_dec(&b, code);
	} else if (how == EXIT_SIGNAL) {
		char tmp[16];
		const char *name = signal_name(code, tmp);

		json_key(&b, &first, "signo");
		fb_dec(&b, code);
		if (name) {
			json_key(&b, &first, "signal");
			json_cstr(&b, name);
		}
		json_key(&b, &first, "core_dumped");
		fb_puts(&b, core ? "true" : "false");
	}
	emit(js, &b);
}

static void json_lost(struct sink *s, int cpu, uint64_t n, uint64_t time)
{
	struct json_sink *js = JS(s);
	struct fmt_buf b;
	int first = 1;

	line_init(js, &b, js->line, LINE_MAX_BYTES);
	head(js, &b, &first, "lost", NULL, time);
	if (cpu >= 0) {
		json_key(&b, &first, "cpu");
		fb_dec(&b, cpu);
	}
	json_key(&b, &first, "records");
	fb_udec(&b, n);
	emit(js, &b);
}

static void json_signal(struct sink *s, struct task *t, int sig,
			const struct cap *info, int partial, uint64_t ip,
			uint64_t time)
{
	struct json_sink *js = JS(s);
	struct fmt_buf b;
	char tmp[16];
	const char *name = signal_name(sig, tmp);
	int first = 1;

	if (!js->cf->lines || sink_full(s))
		return;
	line_init(js, &b, js->line, LINE_MAX_BYTES);
	head(js, &b, &first, "signal", t, time);
	json_key(&b, &first, "signo");
	fb_dec(&b, sig);
	if (name) {
		json_key(&b, &first, "signal");
		json_cstr(&b, name);
	}
	json_ip(js, &b, &first, ip);
	if (info && info->len >= 12) {
		int32_t h[3];

		memcpy(h, info->p, sizeof(h));
		json_key(&b, &first, "si_errno");
		fb_dec(&b, h[1]);
		json_key(&b, &first, "si_code");
		fb_dec(&b, h[2]);
		if (!partial) {
			json_key(&b, &first, "siginfo");
			json_hex(&b, info->p, info->len);
		}
	}
	emit(js, &b);
}

static void json_event(struct sink *s, struct task *t, const struct evsel *e,
		       const uint8_t *raw, uint32_t size, uint64_t time)
{
	struct json_sink *js = JS(s);
	struct fmt_buf b;
	int first = 1, ffirst = 1;

	if (!js->cf->lines || sink_full(s))
		return;
	line_init(js, &b, js->line, LINE_MAX_BYTES);
	head(js, &b, &first, "event", t, time);
	json_key(&b, &first, "event");
	json_cstr(&b, e->tp_name);
	json_key(&b, &first, "fields");
	fb_putc(&b, '{');
	for (const struct tep_format_field *f = tp_fields(e->fmt); f; f = f->next) {
		struct tp_value v;

		tp_value(f, raw, size, &v);
		json_key(&b, &ffirst, f->name);
		switch (v.kind) {
		case TPV_SIGNED:
			fb_dec(&b, v.s);
			break;
		case TPV_UNSIGNED:
		case TPV_HEX:
			fb_udec(&b, v.u);
			break;
		case TPV_STRING:
			json_str(&b, v.p, v.len);
			break;
		case TPV_ARRAY:
			fb_putc(&b, '[');
			for (uint32_t i = 0; i < v.len; i++) {
				if (i)
					fb_putc(&b, ',');
				if (v.elem_signed)
					fb_dec(&b, (int64_t)tp_elem(&v, i));
				else
					fb_udec(&b, tp_elem(&v, i));
			}
			fb_putc(&b, ']');
			break;
		default:
			fb_puts(&b, "null");
		}
	}
	fb_putc(&b, '}');
	stack(&b, &first, t);
	emit(js, &b);
	s->view->printed++;
}

static void json_summary(struct sink *s, struct summary *sum, uint64_t time)
{
	struct json_sink *js = JS(s);
	char tmp[32];

	summary_sort(sum, (enum sum_sort)js->cf->sort);
	for (unsigned int i = 0; i <= sum->n; i++) {
		const struct sum_row *r = i < sum->n ? &sum->rows[i] : NULL;
		struct fmt_buf b;
		int first = 1;

		line_init(js, &b, js->line, LINE_MAX_BYTES);
		head(js, &b, &first, r ? "summary" : "summary_end", NULL, time);
		if (!r) {
			json_key(&b, &first, "lost");
			fb_udec(&b, sum->lost);
			json_key(&b, &first, "not_counted");
			fb_udec(&b, sum->full);
			json_key(&b, &first, "exact");
			fb_puts(&b, sum->exact ? "true" : "false");
			emit(js, &b);
			break;
		}
		if (sum->by & SUM_BY_COMM) {
			json_key(&b, &first, "comm");
			json_str(&b, (const uint8_t *)r->key.comm,
				 strnlen(r->key.comm, sizeof(r->key.comm)));
		}
		if (sum->by & SUM_BY_PID) {
			json_key(&b, &first, "pid");
			fb_dec(&b, r->key.pid);
		}
		if (sum->by & SUM_BY_TID) {
			json_key(&b, &first, "tid");
			fb_dec(&b, r->key.tid);
		}
		json_key(&b, &first, r->key.nr >= SUM_EVENT_BASE ? "event" : "syscall");
		json_cstr(&b, summary_name(sum, r, tmp));
		json_key(&b, &first, "calls");
		fb_udec(&b, r->val.calls);
		json_key(&b, &first, "errors");
		fb_udec(&b, r->val.errors);
		json_key(&b, &first, "total_ns");
		fb_udec(&b, r->val.ns);
		json_key(&b, &first, "min_ns");
		fb_udec(&b, r->val.min_ns);
		json_key(&b, &first, "max_ns");
		fb_udec(&b, r->val.max_ns);
		if (js->cf->hist) {
			json_key(&b, &first, "hist_log2_ns");
			fb_putc(&b, '[');
			for (int h = 0; h < SUM_HIST; h++) {
				if (h)
					fb_putc(&b, ',');
				fb_udec(&b, r->val.hist[h]);
			}
			fb_putc(&b, ']');
		}
		emit(js, &b);
	}
}

static void json_note(struct sink *s, struct task *t, const char *text,
		      uint64_t time)
{
	struct json_sink *js = JS(s);
	struct fmt_buf b;
	int first = 1;

	line_init(js, &b, js->line, LINE_MAX_BYTES);
	head(js, &b, &first, "note", t, time);
	json_key(&b, &first, "text");
	json_str(&b, (const uint8_t *)text, strcspn(text, "\n"));
	emit(js, &b);
}

/* a report as one object: {"type":"report","name":..,"text":..} */
static void json_report(struct sink *s, const char *name, const char *text,
			size_t len)
{
	struct json_sink *js = JS(s);
	struct fmt_buf b;
	int first = 1;

	line_init(js, &b, js->line, LINE_MAX_BYTES);
	head(js, &b, &first, "report", NULL, merge_now());
	json_key(&b, &first, "name");
	json_cstr(&b, name);
	json_key(&b, &first, "text");
	json_str(&b, (const uint8_t *)text, len);
	emit(js, &b);
}

static int json_flush(struct sink *s)
{
	struct json_sink *js = JS(s);
	int r = out_flush(&js->out);

	if (r && !js->err)
		js->err = -r;
	return js->err ? -js->err : 0;
}

static int json_start(struct sink *s)
{
	return out_start(&JS(s)->out);
}

static int json_close(struct sink *s)
{
	struct json_sink *js = JS(s);
	int r = out_close(&js->out);

	if (r && !js->err)
		js->err = -r;
	r = js->err ? -js->err : 0;
	free(js->line);
	free(js->tmp);
	free(js);
	return r;
}

static const struct sink_ops json_ops = {
	.sc_enter = json_sc_enter,
	.sc_exit = json_sc_exit,
	.task_exit = json_task_exit,
	.lost = json_lost,
	.signal = json_signal,
	.event = json_event,
	.summary = json_summary,
	.report = json_report,
	.note = json_note,
	.start = json_start,
	.flush = json_flush,
	.close = json_close,
};

struct sink *sink_json_new(const struct sink_conf *cf, struct sink_view *view,
			   char *err, size_t errlen)
{
	struct json_sink *js = calloc(1, sizeof(*js));
	struct timespec re, mo;
	int r;

	if (!js || !(js->line = malloc(LINE_MAX_BYTES)) ||
	    !(js->tmp = malloc(JSON_ARG_TMP))) {
		if (js)
			free(js->line);
		free(js);
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	js->s.ops = &json_ops;
	js->s.view = view;
	js->cf = cf;
	clock_gettime(CLOCK_REALTIME, &re);
	clock_gettime(CLOCK_MONOTONIC, &mo);
	js->mono_to_real = cf->mono_to_real ? cf->mono_to_real :
			   ((int64_t)re.tv_sec - mo.tv_sec) * 1000000000ll +
			   (re.tv_nsec - mo.tv_nsec);
	/* stderr, as the text: stdout belongs to the traced command */
	r = out_open(&js->out, cf->outfile, cf->append ? OUT_APPEND : 0,
		     OUT_BUF, err, errlen);
	if (r) {
		free(js->line);
		free(js->tmp);
		free(js);
		return NULL;
	}
	return &js->s;
}
