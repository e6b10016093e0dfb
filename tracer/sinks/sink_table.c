// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Sinks stage: strace's -c table as text (one per group with --by), with
 * --hist's columns and histograms, and what it could not count said
 * under it.
 */
#include <string.h>

#include "decode.h"
#include "fmt.h"
#include "sink_table.h"
#include "text_line.h"

static void put_line(struct out *o, struct fmt_buf *b, char *line, size_t cap)
{
	out_write(o, line, (size_t)(b->p - line));
	fb_init(b, line, cap);
}

/* strace's default columns */
static const unsigned char default_cols[] = {
	SUM_COL_PCT, SUM_COL_TOTAL, SUM_COL_AVG, SUM_COL_CALLS, SUM_COL_ERRORS,
	SUM_COL_NAME, SUM_COL_NONE
};

/* each column's head, and its width when the values need no more */
static const struct {
	const char *head;
	int width;
} cdesc[SUM_COL__COUNT] = {
	[SUM_COL_PCT] = { "% time", 6 },
	[SUM_COL_TOTAL] = { "seconds", 11 },
	[SUM_COL_MIN] = { "shortest", 8 },
	[SUM_COL_MAX] = { "longest", 7 },
	[SUM_COL_AVG] = { "usecs/call", 11 },
	[SUM_COL_CALLS] = { "calls", 9 },
	[SUM_COL_ERRORS] = { "errors", 9 },
	[SUM_COL_NAME] = { "syscall", 16 },
};

/* one row's values, or the total's */
struct trow {
	double pct;
	uint64_t ns, calls, errors, min_ns, max_ns;
	const char *name;
	const struct sum_val *v;	/* --hist's, or NULL */
};

/* a table's layout: its columns and their widths (strace's, widened to
   the group's largest values as strace widens them) */
struct tlayout {
	const unsigned char *cols;
	int w[SUM_COL__COUNT];
	int hist, color;
};

static int chars_of(unsigned long long v)
{
	int n = 1;

	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n;
}

static void widen(int *w, int n)
{
	if (n > *w)
		*w = n;
}

static void table_layout(struct tlayout *l, const struct trow *tot,
			 const struct sum_row *rows, unsigned int n,
			 const struct summary *sum)
{
	uint64_t min_max = 0, max_max = 0, avg_max = 0;
	char tmp[32];

	for (int c = 0; c < SUM_COL__COUNT; c++)
		l->w[c] = cdesc[c].width;
	for (unsigned int k = 0; k < n; k++) {
		const struct sum_val *v = &rows[k].val;

		min_max = v->min_ns > min_max ? v->min_ns : min_max;
		max_max = v->max_ns > max_max ? v->max_ns : max_max;
		if (v->calls && v->ns / 1000 / v->calls > avg_max)
			avg_max = v->ns / 1000 / v->calls;
		widen(&l->w[SUM_COL_NAME],
		      (int)strlen(summary_name(sum, &rows[k], tmp)) + 1);
	}
	/* "%.6f": the seconds' digits, a point, six more */
	widen(&l->w[SUM_COL_TOTAL], chars_of(tot->ns / 1000000000u) + 7);
	widen(&l->w[SUM_COL_MIN], chars_of(min_max / 1000000000u) + 7);
	widen(&l->w[SUM_COL_MAX], chars_of(max_max / 1000000000u) + 7);
	widen(&l->w[SUM_COL_AVG], chars_of(avg_max));
	widen(&l->w[SUM_COL_CALLS], chars_of(tot->calls));
	widen(&l->w[SUM_COL_ERRORS], chars_of(tot->errors));
}

/* the head line, or the rule under it and above the total (rule 1) */
static void table_head(struct fmt_buf *b, const struct tlayout *l, int rule)
{
	for (int i = 0; l->cols[i]; i++) {
		int c = l->cols[i], last = !l->cols[i + 1];

		if (i)
			fb_putc(b, ' ');
		if (c == SUM_COL_NAME && l->hist)
			fb_puts(b, rule ? "---------- ---------- " :
					  "  min(us)    max(us) ");
		if (rule)
			fb_pad(b, '-', l->w[c]);
		else if (c == SUM_COL_NAME && last)
			fb_puts(b, cdesc[c].head);
		else if (c == SUM_COL_NAME)
			fb_printf(b, "%-*s", l->w[c], cdesc[c].head);
		else
			fb_printf(b, "%*s", l->w[c], cdesc[c].head);
	}
	fb_putc(b, '\n');
}

static void table_row(struct fmt_buf *b, const struct tlayout *l,
		      const struct trow *r)
{
	for (int i = 0; l->cols[i]; i++) {
		int c = l->cols[i], w = l->w[c], last = !l->cols[i + 1];

		if (i)
			fb_putc(b, ' ');
		switch (c) {
		case SUM_COL_PCT:
			fb_printf(b, "%*.2f", w, r->pct);
			break;
		case SUM_COL_TOTAL:
			fb_printf(b, "%*.6f", w, r->ns / 1e9);
			break;
		case SUM_COL_MIN:
			fb_printf(b, "%*.6f", w, r->min_ns / 1e9);
			break;
		case SUM_COL_MAX:
			fb_printf(b, "%*.6f", w, r->max_ns / 1e9);
			break;
		case SUM_COL_AVG:
			fb_printf(b, "%*llu", w, (unsigned long long)
				  (r->calls ? r->ns / 1000 / r->calls : 0));
			break;
		case SUM_COL_CALLS:
			fb_printf(b, "%*llu", w, (unsigned long long)r->calls);
			break;
		case SUM_COL_ERRORS:
			/* strace's "%.0": no digit for none; styled, the
			   column keeps its width (escapes take none) */
			if (!r->errors)
				fb_pad(b, ' ', w);
			else
				fb_printf(b, "%s%*llu%s", l->color ?
					  text_style[PART_ERROR] : "", w,
					  (unsigned long long)r->errors,
					  l->color ? TEXT_STYLE_RESET : "");
			break;
		case SUM_COL_NAME:
			if (r->v)
				fb_printf(b, "%10.3f %10.3f ", r->v->min_ns / 1e3,
					  r->v->max_ns / 1e3);
			else if (l->hist)
				fb_pad(b, ' ', 22);
			if (last)
				fb_puts(b, r->name);
			else
				fb_printf(b, "%-*s", w, r->name);
			break;
		}
	}
	fb_putc(b, '\n');
}

/* --hist: a log2 histogram of one row's latency, as bcc's tools draw */
static void table_hist(struct fmt_buf *b, const char *name,
		       const struct sum_val *v)
{
	uint64_t top = 0;
	int lo = SUM_HIST, hi = -1;

	for (int i = 0; i < SUM_HIST; i++) {
		if (!v->hist[i])
			continue;
		lo = i < lo ? i : lo;
		hi = i;
		top = v->hist[i] > top ? v->hist[i] : top;
	}
	if (hi < 0)
		return;
	fb_printf(b, "%s: ns%*s: count      distribution\n", name, 20, "");
	for (int i = lo; i <= hi; i++) {
		int stars = (int)(v->hist[i] * 40 / top);

		fb_printf(b, "  %12llu -> %-12llu : %-10llu |%-40.*s|\n",
			  i ? 1ull << i : 0ull, (2ull << i) - 1,
			  (unsigned long long)v->hist[i], stars,
			  "****************************************");
	}
}

static void group_header(struct fmt_buf *b, const struct summary *sum,
			 const struct sum_key *k)
{
	fb_puts(b, "---");
	if (sum->by & SUM_BY_COMM) {
		fb_puts(b, " comm=");
		fmt_escaped(b, (const uint8_t *)k->comm,
			    strnlen(k->comm, sizeof(k->comm)));
	}
	if (sum->by & SUM_BY_PID)
		fb_printf(b, " pid=%d", k->pid);
	if (sum->by & SUM_BY_TID)
		fb_printf(b, " tid=%d", k->tid);
	fb_puts(b, " ---\n");
}

static int same_group(const struct sum_key *a, const struct sum_key *b)
{
	return a->pid == b->pid && a->tid == b->tid &&
	       !strncmp(a->comm, b->comm, sizeof(a->comm));
}

void table_text(struct out *o, char *line, size_t cap, struct summary *sum,
		int sort, int hist, int color, const unsigned char *cols)
{
	struct tlayout l = { cols && cols[0] ? cols : default_cols, { 0 }, hist,
			     color };
	struct fmt_buf b;
	char tmp[32];

	summary_sort(sum, (enum sum_sort)sort);
	fb_init(&b, line, cap);
	for (unsigned int i = 0, j; i < sum->n; i = j) {
		struct trow tot = { 100.0, 0, 0, 0, ~0ull, 0, "total", NULL };

		for (j = i; j < sum->n && same_group(&sum->rows[i].key,
						     &sum->rows[j].key); j++) {
			const struct sum_val *v = &sum->rows[j].val;

			tot.ns += v->ns;
			tot.calls += v->calls;
			tot.errors += v->errors;
			tot.min_ns = v->min_ns < tot.min_ns ? v->min_ns : tot.min_ns;
			tot.max_ns = v->max_ns > tot.max_ns ? v->max_ns : tot.max_ns;
		}
		table_layout(&l, &tot, &sum->rows[i], j - i, sum);
		if (sum->by)
			group_header(&b, sum, &sum->rows[i].key);
		table_head(&b, &l, 0);
		table_head(&b, &l, 1);
		for (unsigned int k = i; k < j; k++) {
			const struct sum_row *r = &sum->rows[k];
			struct trow row = {
				tot.ns ? 100.0 * r->val.ns / tot.ns : 0,
				r->val.ns, r->val.calls, r->val.errors,
				r->val.min_ns, r->val.max_ns,
				summary_name(sum, r, tmp),
				hist ? &r->val : NULL,
			};

			table_row(&b, &l, &row);
			put_line(o, &b, line, cap);
		}
		table_head(&b, &l, 1);
		table_row(&b, &l, &tot);
		if (hist) {
			for (unsigned int k = i; k < j; k++) {
				table_hist(&b, summary_name(sum, &sum->rows[k], tmp),
					   &sum->rows[k].val);
				put_line(o, &b, line, cap);
			}
		}
		put_line(o, &b, line, cap);
	}
	if (!sum->n) {
		struct trow tot = { 100.0, 0, 0, 0, 0, 0, "total", NULL };

		l.hist = 0;
		table_layout(&l, &tot, NULL, 0, sum);
		table_head(&b, &l, 0);
		table_head(&b, &l, 1);
		table_head(&b, &l, 1);
		table_row(&b, &l, &tot);
	}
	if (sum->full)
		fb_printf(&b, "etrace: %llu calls not counted: no room for them"
			  " in the kernel's tables\n", (unsigned long long)sum->full);
	if (sum->lost)
		fb_printf(&b, "etrace: %llu records were lost: the counts above"
			  " miss up to as many calls\n",
			  (unsigned long long)sum->lost);
	put_line(o, &b, line, cap);
}
