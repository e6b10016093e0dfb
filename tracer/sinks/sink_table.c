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

static void table_rule(struct fmt_buf *b, int hist)
{
	fb_puts(b, "------ ----------- ----------- --------- --------- ");
	if (hist)
		fb_puts(b, "---------- ---------- ");
	fb_puts(b, "----------------\n");
}

static void table_row(struct fmt_buf *b, double pct, uint64_t ns,
		      uint64_t calls, uint64_t errors, const char *name,
		      const struct sum_val *v, int hist, int color)
{
	fb_printf(b, "%6.2f %11.6f %11llu %9llu ", pct, ns / 1e9,
		  (unsigned long long)(calls ? ns / 1000 / calls : 0),
		  (unsigned long long)calls);
	/* styled, the column keeps its width: escapes take none */
	if (errors)
		fb_printf(b, "%s%9llu%s ", color ? text_style[PART_ERROR] : "",
			  (unsigned long long)errors,
			  color ? TEXT_STYLE_RESET : "");
	else
		fb_puts(b, "          ");
	if (v)
		fb_printf(b, "%10.3f %10.3f ", v->min_ns / 1e3, v->max_ns / 1e3);
	else if (hist)
		fb_pad(b, ' ', 22);
	fb_puts(b, name);
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
		int sort, int hist, int color)
{
	struct fmt_buf b;
	char tmp[32];

	summary_sort(sum, (enum sum_sort)sort);
	fb_init(&b, line, cap);
	for (unsigned int i = 0, j; i < sum->n; i = j) {
		uint64_t ns = 0, calls = 0, errors = 0;

		for (j = i; j < sum->n && same_group(&sum->rows[i].key,
						     &sum->rows[j].key); j++) {
			ns += sum->rows[j].val.ns;
			calls += sum->rows[j].val.calls;
			errors += sum->rows[j].val.errors;
		}
		if (sum->by)
			group_header(&b, sum, &sum->rows[i].key);
		fb_puts(&b, "% time     seconds  usecs/call     calls    errors ");
		if (hist)
			fb_puts(&b, "  min(us)    max(us) ");
		fb_puts(&b, "syscall\n");
		table_rule(&b, hist);
		for (unsigned int k = i; k < j; k++) {
			const struct sum_row *r = &sum->rows[k];

			table_row(&b, ns ? 100.0 * r->val.ns / ns : 0,
				  r->val.ns, r->val.calls, r->val.errors,
				  summary_name(sum, r, tmp), hist ? &r->val : NULL,
				  hist, color);
			put_line(o, &b, line, cap);
		}
		table_rule(&b, hist);
		table_row(&b, 100.0, ns, calls, errors, "total", NULL, hist,
			  color);
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
		fb_puts(&b, "% time     seconds  usecs/call     calls    errors syscall\n");
		table_rule(&b, 0);
		table_rule(&b, 0);
		table_row(&b, 100.0, 0, 0, 0, "total", NULL, 0, 0);
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
