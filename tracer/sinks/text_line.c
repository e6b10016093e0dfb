// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Sinks stage, text format: what begins each line (text_line.h).
 * Written without printf on every line: the pid and -n columns are
 * padded by hand, -t's "%H:%M:%S" formatted once a second.  Also the
 * texts of a stack frame and a siginfo, which the timeline shows too.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "text_line.h"

const char *const text_style[PART__COUNT] = {
	[PART_NAME] = "\033[1m",		/* bold */
	[PART_ERROR] = "\033[31m",		/* red */
	[PART_SIGNAL] = "\033[33m",		/* yellow */
	[PART_EXITED] = "\033[32m",		/* green */
	[PART_KILLED] = "\033[1;31m",		/* bold red */
	[PART_LOST] = "\033[1;35m",		/* bold magenta */
};

void line_start_init(struct line_start *ls, const struct sink_conf *cf,
		     const struct sink_view *view, enum pfx_mode pfx)
{
	struct timespec re, mo;

	ls->cf = cf;
	ls->view = view;
	ls->pfx = pfx;
	clock_gettime(CLOCK_REALTIME, &re);
	clock_gettime(CLOCK_MONOTONIC, &mo);
	ls->mono_to_real = cf->mono_to_real ? cf->mono_to_real :
			   ((int64_t)re.tv_sec - mo.tv_sec) * 1000000000ll +
			   (re.tv_nsec - mo.tv_nsec);
}

void line_usecs(struct fmt_buf *b, uint64_t ns, int width)
{
	line_secs(b, ns, width, 6);
}

/* NS's fraction of a second in DIGITS digits (3, 6, 9), cut as strace */
static unsigned long long frac_of(uint64_t ns, int digits)
{
	static const uint64_t scale[] = { 1000000000ull, 1000000ull, 1000ull,
					  1ull };

	return ns % 1000000000ull / scale[digits / 3];
}

/* "%*llu" seconds, then digits (0, 3, 6, 9) of the fraction, as strace */
void line_secs(struct fmt_buf *b, uint64_t ns, int width, int digits)
{
	char tmp[48];
	int n;

	if (digits <= 0)
		n = snprintf(tmp, sizeof(tmp), "%*llu", width,
			     (unsigned long long)(ns / 1000000000ull));
	else
		n = snprintf(tmp, sizeof(tmp), "%*llu.%0*llu", width,
			     (unsigned long long)(ns / 1000000000ull), digits,
			     frac_of(ns, digits));
	fb_putn(b, tmp, (size_t)n);
}

/*
 * After the pid: -t's wall clock (HH:MM:SS or the epoch's seconds, with
 * the digits asked), then -r's time since the previous line; both given,
 * the second in strace's "(+     0.000123) ".
 */
void line_time(struct line_start *ls, struct fmt_buf *b, uint64_t time)
{
	const struct sink_conf *o = ls->cf;

	if (o->ts_format == TS_UNIX) {
		uint64_t real = (uint64_t)((int64_t)time + ls->mono_to_real);

		line_secs(b, real, 0, o->ts_width);
		fb_putc(b, ' ');
	} else if (o->ts_format == TS_TIME) {
		uint64_t real = (uint64_t)((int64_t)time + ls->mono_to_real);
		time_t sec = (time_t)(real / 1000000000ull);
		struct tm tm;

		if (sec != ls->tm_sec) {
			localtime_r(&sec, &tm);
			strftime(ls->tm_str, sizeof(ls->tm_str), "%H:%M:%S",
				 &tm);
			ls->tm_sec = sec;
		}
		fb_puts(b, ls->tm_str);
		if (o->ts_width) {
			char frac[16];
			int n = snprintf(frac, sizeof(frac), ".%0*llu",
					 o->ts_width, frac_of(real, o->ts_width));

			fb_putn(b, frac, (size_t)n);
		}
		fb_putc(b, ' ');
	}
	if (o->relative) {
		if (o->ts_format)
			fb_puts(b, "(+");
		line_secs(b, ls->last_line && time > ls->last_line ?
			     time - ls->last_line : 0, 6, o->rel_width);
		fb_puts(b, o->ts_format ? ") " : " ");
		ls->last_line = time;
	}
}

/* -n: "[ 257] ", the number right-aligned in four columns, as strace */
static void scno(struct fmt_buf *b, long nr)
{
	char digits[24];
	struct fmt_buf d;

	fb_init(&d, digits, sizeof(digits));
	fb_dec(&d, nr);
	fb_putc(b, '[');
	if (d.p - digits < 4)
		fb_pad(b, ' ', (size_t)(4 - (d.p - digits)));
	fb_putn(b, digits, (size_t)(d.p - digits));
	fb_puts(b, "] ");
}

/*
 * -i: "[00007f0123456789] ", 16 hex digits as strace prints a 64-bit
 * task's; "[????????????????] " where it is not known (strace's own form,
 * which it prints on "+++ exited" lines: the task has no registers left)
 */
static void iptr(struct fmt_buf *b, uint64_t ip)
{
	static const char hex[] = "0123456789abcdef";

	fb_putc(b, '[');
	for (int i = 60; i >= 0; i -= 4)
		fb_putc(b, ip ? hex[(ip >> i) & 15] : '?');
	fb_puts(b, "] ");
}

void line_prefix(struct line_start *ls, struct fmt_buf *b, struct task *t,
		 uint64_t time, uint64_t ip)
{
	if (!t)
		return;
	/* "%-5d " and "[pid %5d] ", without printf on every line; with -Y
	   "%d<comm> " and "[pid %5d<comm>] " (as strace: no padding then) */
	if (ls->pfx == PFX_FILE && (ls->cf->follow || ls->view->multi)) {
		char *at = b->p;

		fb_dec(b, t->tid);
		if (ls->cf->comm && t->comm[0]) {
			fmt_comm(b, t->comm, ls->view->fo->xflag);
			fb_putc(b, ' ');
		} else {
			fb_pad(b, ' ', b->p - at < 5 ?
				       (size_t)(5 - (b->p - at)) + 1 : 1);
		}
	} else if (ls->pfx == PFX_BRACKET && ls->view->nlive > 1) {
		char digits[24];
		struct fmt_buf d;

		fb_init(&d, digits, sizeof(digits));
		fb_dec(&d, t->tid);
		fb_puts(b, "[pid ");
		if (d.p - digits < 5)
			fb_pad(b, ' ', (size_t)(5 - (d.p - digits)));
		fb_putn(b, digits, (size_t)(d.p - digits));
		if (ls->cf->comm && t->comm[0])
			fmt_comm(b, t->comm, ls->view->fo->xflag);
		fb_puts(b, "] ");
	}
	line_time(ls, b, time);
	if (ls->cf->scno)
		scno(b, t->last_nr);
	if (ls->cf->ip)
		iptr(b, ip);
}

int line_read_later(const struct sc_call *c)
{
	for (int i = 0; i < c->d->nargs; i++)
		if (c->cap[i] && (c->cap[i]->flags & CAP_LATER))
			return 1;
	return 0;
}

/* a name a traced program chose (a path, symbol, comm): escaped */
static void put_name(struct fmt_buf *b, const char *s)
{
	fmt_escaped(b, (const uint8_t *)s, strlen(s));
}

void line_frame(struct fmt_buf *b, const struct frame *f)
{
	if (f->script && (!f->file || !f->sym)) {
		/* levels deeper than the program read */
		fb_puts(b, "[more ");
		fb_puts(b, f->script);
		fb_puts(b, " frames]");
		return;
	}
	if (f->script) {
		/* a script's: where in it, as a script's error says it */
		put_name(b, f->file);
		if (f->line) {
			fb_putc(b, ':');
			fb_dec(b, f->line);
		}
		fb_puts(b, " (in ");
		put_name(b, f->sym);
		fb_putc(b, ')');
		return;
	}
	if (f->cut) {
		/* the unwinder proved no frame past here: said */
		fb_puts(b, "[stack cut: ");
		fb_puts(b, unwind_cut_why(f));
		if (f->module) {
			fb_putc(b, ' ');
			put_name(b, f->module);
			fb_putc(b, '+');
			fb_hex(b, f->reloff);
		}
		fb_putc(b, ']');
		return;
	}
	if (f->module)
		put_name(b, f->module);
	else
		fb_puts(b, "[unknown]");
	fb_putc(b, '(');
	if (f->sym) {
		put_name(b, f->sym);
		if (f->inlined) {
			fb_puts(b, " inlined");
		} else {
			fb_putc(b, '+');
			fb_hex(b, f->symoff);
		}
	} else {
		/* no symbol covers it: where, not a neighbour's name */
		fb_putc(b, '+');
		fb_hex(b, f->reloff);
	}
	fb_puts(b, ") [");
	fb_hex(b, f->reloff);
	fb_putc(b, ']');
	if (f->file) {
		fb_putc(b, ' ');
		put_name(b, f->file);
		fb_putc(b, ':');
		fb_dec(b, f->line);
	}
}

/* what the tracepoint alone says: si_signo, si_errno, si_code */
static void siginfo_min(struct fmt_buf *b, const struct cap *info)
{
	int32_t head[3];

	memcpy(head, info->p, sizeof(head));
	fb_puts(b, "{si_signo=");
	fmt_signal(b, head[0]);
	if (head[1]) {
		fb_puts(b, ", si_errno=");
		fb_dec(b, head[1]);
	}
	fb_puts(b, ", si_code=");
	fb_dec(b, head[2]);
	fb_puts(b, ", ...}");
}

void line_siginfo(struct fmt_buf *b, int sig, const struct cap *info,
		  int partial, const struct fmt_opts *fo)
{
	if (!info) {
		/* sent by the kernel without a siginfo: only its number */
		fb_puts(b, "{si_signo=");
		fmt_signal(b, sig);
		fb_puts(b, ", ...}");
	} else if (partial) {
		siginfo_min(b, info);
	} else {
		fmt_siginfo_o(b, info->p, info->len, fo);
	}
}
