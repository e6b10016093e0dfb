/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Sinks stage, text format: what begins each line, before the call.
 *
 *   1234  12:00:01.000123 [ 257] openat(...)      -o FILE with -f, -tt, -n
 *   [pid  1234] 0.000042 read(...)                 stderr, several tasks, -r
 *
 * The pid column (none with -ff; "%-5d " in a file; "[pid %5d] " on
 * stderr while several tasks are traced; -Y adds <comm>), then -r's time
 * since the previous line and -t/-tt/-ttt's wall clock, then -n's number,
 * then -i's instruction pointer.
 */
#ifndef ETRACE_TEXT_LINE_H
#define ETRACE_TEXT_LINE_H

#include <stdint.h>
#include <time.h>

#include "decode.h"
#include "sink.h"

enum pfx_mode {
	PFX_NONE,	/* -ff: one file per task */
	PFX_FILE,	/* -o FILE: "1234  " on every line with -f, or when
			   several tasks were traced from the start */
	PFX_BRACKET,	/* stderr: "[pid  1234] " while several are traced */
};

struct line_start {
	const struct sink_conf *cf;
	const struct sink_view *view;
	enum pfx_mode pfx;
	int64_t mono_to_real;	/* add to a record time for the wall clock */
	uint64_t last_line;	/* -r: time of the previous line */
	time_t tm_sec;		/* -t, -tt: the last second formatted */
	char tm_str[16];
};

/*
 * --color's styles (ECMA-48 SGR), one per part of a line that has one,
 * each reset at the part's end: no colour runs past a line's end (a line
 * cut short by <unfinished ...>, a pager's page, a ^C).  The -c table's
 * error counts take the errors' style.
 */
enum text_part {
	PART_NAME,		/* the syscall's or event's name */
	PART_ERROR,		/* "= -1 ENOENT (No such file or directory)" */
	PART_SIGNAL,		/* "--- SIGCHLD {...} ---" */
	PART_EXITED,		/* "+++ exited with 0 +++" */
	PART_KILLED,		/* "+++ killed by SIGKILL +++" */
	PART_LOST,		/* "+++ lost 12 records on cpu 1 +++" */
	PART__COUNT
};

extern const char *const text_style[PART__COUNT];
#define TEXT_STYLE_RESET "\033[0m"

void line_start_init(struct line_start *ls, const struct sink_conf *cf,
		     const struct sink_view *view, enum pfx_mode pfx);
/* NS as seconds.microseconds, the seconds right-aligned in WIDTH */
void line_usecs(struct fmt_buf *b, uint64_t ns, int width);
/* ... with DIGITS (0, 3, 6, 9) after the second: strace's precisions */
void line_secs(struct fmt_buf *b, uint64_t ns, int width, int digits);
/* -r, -t, -tt, -ttt: the time of a line at TIME (a record's) */
void line_time(struct line_start *ls, struct fmt_buf *b, uint64_t time);
/*
 * the whole start of task T's line at TIME; nothing without a task.  IP:
 * -i's user IP of the line (the call's, the signal's), 0 unknown
 */
void line_prefix(struct line_start *ls, struct fmt_buf *b, struct task *t,
		 uint64_t time, uint64_t ip);

/* an input of c is to be read again at its exit (its page was out) */
int line_read_later(const struct sc_call *c);
/*
 * -k: one frame as strace prints it (after its " > "), the traced
 * program's names escaped:
 *   /usr/lib/x86_64-linux-gnu/libc.so.6(__write+0x10) [0xf8350]
 */
void line_frame(struct fmt_buf *b, const struct frame *f);
/* a signal line's siginfo: info NULL or partial as sink_ops.signal's */
void line_siginfo(struct fmt_buf *b, int sig, const struct cap *info,
		  int partial, const struct fmt_opts *fo);

#endif
