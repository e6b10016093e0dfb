/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Sinks stage: where decoded events go.  Each output format is one sink
 * implementing these operations; the pipeline does not know which.
 */
#ifndef ETRACE_SINK_H
#define ETRACE_SINK_H

#include <stdint.h>

#include "decode.h"
#include "quiet.h"
#include "rules.h"
#include "summary.h"
#include "task.h"

enum exit_how {
	EXIT_CODE,		/* exited with code */
	EXIT_SIGNAL,		/* killed by signal code */
	EXIT_UNKNOWN,		/* it is gone; how, etrace cannot tell */
	EXIT_SUPERSEDED,	/* a group leader ended by the execve of its
				   thread code (which goes on with its tid) */
};

/* what every sink may read about the trace as a whole */
struct sink_view {
	int nlive;		/* traced tasks alive now */
	int multi;		/* several tasks traced from the start */
	uint64_t printed;	/* calls written */
	uint64_t max;		/* --max-events, or 0 */
	const struct fmt_opts *fo;	/* how the decoders print (-Y's
					   names of pids: signal lines) */
	const char *failed;	/* the output whose write failed, when it
				   is not -o's (--timeline's file) */
};

struct sink;
struct evsel;

struct sink_ops {
	/* a syscall began; the call's args are complete, ret is not */
	void (*sc_enter)(struct sink *s, struct task *t,
			 const struct sc_call *c, uint64_t time);
	/* it ended, and the rules show it (seen_enter 0: its entry was
	   not traced) */
	void (*sc_exit)(struct sink *s, struct task *t, const struct sc_call *c,
			uint64_t time, int seen_enter, enum call_end end);
	void (*task_exit)(struct sink *s, struct task *t, enum exit_how how,
			  int code, int core, uint64_t time);
	void (*lost)(struct sink *s, int cpu, uint64_t n, uint64_t time);
	/*
	 * "--- SIGX {siginfo} ---": info NULL when the signal came without
	 * one; partial: only si_signo, si_errno, si_code are known; ip: the
	 * user IP it is shown at (-i), 0 unknown
	 */
	void (*signal)(struct sink *s, struct task *t, int sig,
		       const struct cap *info, int partial, uint64_t ip,
		       uint64_t time);
	/* any other tracepoint's record (-e SYSTEM:EVENT) */
	void (*event)(struct sink *s, struct task *t, const struct evsel *e,
		      const uint8_t *raw, uint32_t size, uint64_t time);
	/* -c: the summary table (at the end, or each --interval) */
	void (*summary)(struct sink *s, struct summary *sum, uint64_t time);
	/* a line about a task, in the trace where it happened */
	void (*note)(struct sink *s, struct task *t, const char *text,
		     uint64_t time);
	/* optional: t exec'd (t->comm is already the new program's) */
	void (*exec)(struct sink *s, struct task *t, uint64_t time);
	/*
	 * optional: t is traced no more but did not end (-b execve, a
	 * privileged exec): what the sink keeps for it goes, unsaid
	 */
	void (*task_gone)(struct sink *s, struct task *t);
	/* optional: parent made child, a process or a thread (-f, -a) */
	void (*fork)(struct sink *s, struct task *parent, struct task *child,
		     uint64_t time);
	/* a report made elsewhere (--spawns), written as the sink writes */
	void (*report)(struct sink *s, const char *name, const char *text,
		       size_t len);
	/*
	 * the trace begins (the command has exec'd): files are emptied
	 * only now, so a failed start leaves them as they were
	 */
	int (*start)(struct sink *s);
	/* end of a batch: write what is buffered; -errno on output error */
	int (*flush)(struct sink *s);
	/* the end: flush, close, free; -errno on output error */
	int (*close)(struct sink *s);
};

struct sink {
	const struct sink_ops *ops;
	struct sink_view *view;
};

/* --max-events reached: sinks take no more calls */
static inline int sink_full(const struct sink *s)
{
	return s->view->max && s->view->printed >= s->view->max;
}

/* how a sink writes (the trace plan says) */
/* -t's clock: none, HH:MM:SS (-t, -tt), seconds since the epoch (-ttt) */
enum ts_format {
	TS_NONE,
	TS_TIME,
	TS_UNIX,
};

struct sink_conf {
	const char *outfile;	/* -o FILE, or NULL: stderr */
	int append;		/* -A: the files appended to */
	int scno;		/* -n: "[ 257] " before the call */
	int ip;			/* -i: "[00007f0123456789] " after it */
	int comm;		/* -Y: "[pid 123<make>] " */
	int main_on_stderr;	/* the main stream on stderr even with -o:
				   -ff, and folded stacks write -o themselves */
	int per_task;		/* -ff: FILE.TID for each task, no prefixes */
	int follow;		/* -f: "PID  " prefixes in FILE */
	int lines;		/* a line per call: not only tables, reports */
	int ts_format;		/* -t: enum ts_format, TS_NONE: none */
	int ts_width;		/* digits after its second: 0, 3, 6 or 9 */
	int relative;		/* -r */
	int rel_width;		/* -r's digits after the second */
	int show_time;		/* -T */
	int time_width;		/* -T's digits after the second */
	unsigned int quiet;	/* QUIET_*: -q, -e quiet= */
	int whole;		/* each call written whole at its end: the
				   rules judge calls only then */
	double interval;	/* --interval: each table stamped */
	int hist;		/* --hist */
	int sort;		/* -S: enum sum_sort */
	const unsigned char *columns;	/* -U: enum sum_col, ended by 0;
					   NULL: strace's default */
	int xstyle;		/* -X: enum xstyle (fmt.h) */
	int color;		/* --color: lines' parts in colour (the text
				   sink's styles, text_style.h) */
	const char *timeline;	/* --timeline FILE, or NULL */
	int64_t mono_to_real;	/* etrace report: the recording's clocks
				   (CLOCK_REALTIME - CLOCK_MONOTONIC), 0:
				   read now */
};

/* strace's text format; returns NULL with err set */
struct sink *sink_text_new(const struct sink_conf *cf, struct sink_view *view,
			   char *err, size_t errlen);
/* --stack=perf: a block per call or event, perf script's text format */
struct sink *sink_perf_new(const struct sink_conf *cf, struct sink_view *view,
			   char *err, size_t errlen);
/* JSON Lines (--json) */
struct sink *sink_json_new(const struct sink_conf *cf, struct sink_view *view,
			   char *err, size_t errlen);

/* --timeline: the Trace Event format's JSON array, to cf->timeline */
struct sink *sink_timeline_new(const struct sink_conf *cf,
			       struct sink_view *view, char *err,
			       size_t errlen);
/*
 * Both sinks, each handed everything: second first, so that --max-events
 * (counted by first) stops both at the same call.  NULL: out of memory.
 */
struct sink *sink_tee_new(struct sink *first, struct sink *second);

#endif
