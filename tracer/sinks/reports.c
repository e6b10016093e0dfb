// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Reports: what the trace adds besides its lines, handed to the sink as
 * it writes them: the -c table (at the end, or each --interval), the
 * spawn report, -c -k's top stacks, the folded stacks and the flame
 * graph; and the records lost at the very end, which no ring said.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "trace.h"

static void merge_rows(struct summary *to, const struct summary *from)
{
	for (unsigned int i = 0; i < from->n; i++)
		summary_add(to, &from->rows[i].key, &from->rows[i].val);
}

/*
 * The kernel says a ring lost records only when it next writes to it: a
 * burst that overflows a ring at the very end is never said.  A perf
 * ring's events count every record they could not write into it
 * (perf_lost_read, until the end or the cut): what its LOST records read
 * did not say is lost there.  Ring mode's program counts its rings'
 * drops itself (drops, until the end or the cut).
 */
void reports_losses(struct trace *t, uint64_t drops)
{
	uint64_t n = 0, said = 0;

	for (int i = 0; i < t->ps.nrings; i++) {
		const struct ring *r = &t->ps.rings[i];

		if (r->bpf)
			said += r->lost;
		else if (r->lost_counted > r->lost)
			n += r->lost_counted - r->lost;
	}
	if (drops > said)
		n += drops - said;
	if (!n)
		return;
	t->lost += n;
	t->sink->ops->lost(t->sink, -1, n, merge_now());
}

/*
 * The rings were full when they lost: a ring that holds what it held
 * and every record lost (all of them might have been one CPU's), each as
 * big as the biggest record read, holds the burst.  Rings are a power of
 * two; -m takes up to 1G.
 */
uint64_t reports_ring_advice(const struct trace *t)
{
	uint64_t size = 0, rec = 0, want, p = 4096;

	for (int i = 0; i < t->ps.nrings; i++) {
		if (t->ps.rings[i].size > size)
			size = t->ps.rings[i].size;
		if (t->ps.rings[i].max_rec > rec)
			rec = t->ps.rings[i].max_rec;
	}
	if (!rec)
		rec = sizeof(struct perf_event_header);
	want = size + (t->lost < (1ull << 30) ? t->lost : 1ull << 30) * rec;
	while (p < want && p < (1ull << 30))
		p <<= 1;
	return p;
}

/* -c: the table now (at the end, or each --interval) */
void reports_summary(struct trace *t, int final)
{
	struct summary *out = &t->sum;
	struct summary now;

	if (t->cap.summary) {
		if (!t->p->interval) {
			cap_sum_read(&t->cap, &t->sum);
		} else if (!summary_init(&now, t->p->sum_by)) {
			/* the kernel's counts only grow: print the difference */
			cap_sum_read(&t->cap, &now);
			summary_delta(&t->sum, &now, &t->sum_prev);
			summary_clear(&t->sum_prev);
			for (unsigned int i = 0; i < now.n; i++)
				summary_add(&t->sum_prev, &now.rows[i].key,
					    &now.rows[i].val);
			t->sum_prev.full = now.full;
			summary_free(&now);
		}
	} else {
		summary_clear(&t->sum);
	}
	/*
	 * What the kernel did not count: from records, lost ones said
	 * (ring_sum: the kernel counted the calls whose records were lost)
	 */
	merge_rows(&t->sum, &t->sum_rec);
	t->sum.lost = (t->sum_rec.n && !t->cap.ring_sum) || t->sum_records ?
		      t->lost : 0;
	t->sink->ops->summary(t->sink, out, merge_now());
	/* records: each interval counts afresh */
	if (t->p->interval && !final)
		summary_clear(&t->sum_rec);
}

/* --spawns: the report, to where the trace goes; now: the trace's end */
void reports_spawns(struct trace *t, uint64_t now)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	if (!t->pr.spawns || !(f = open_memstream(&text, &len)))
		return;
	spawns_report(t->pr.spawns, f, now - t->start, t->p->stacks);
	fclose(f);
	t->sink->ops->report(t->sink, "spawns", text, len);
	free(text);
}

#define TOP_STACKS 20

static int folded_write(struct stack_agg *a, FILE *f, const char *arg)
{
	return stacks_folded(a, f);
}

static int svg_write(struct stack_agg *a, FILE *f, const char *title)
{
	return stacks_svg(a, f, title);
}

/*
 * A report to the file setup opened (fd), or to stdout.  Any error is
 * said and makes etrace exit 1: the file is what the user asked for (a
 * reader gone from stdout, EPIPE, is not an error, as for the trace).
 */
static void report_write(struct trace *t, int fd, const char *path,
			 int (*put)(struct stack_agg *, FILE *, const char *),
			 const char *arg)
{
	FILE *f = fd >= 0 ? fdopen(fd, "w") : stdout;
	int r;

	if (!f) {
		r = -errno;
		close(fd);
		goto out;
	}
	/* the FILE's failed write left its errno (ENOSPC), not put's -EIO */
	errno = 0;
	r = put(t->pr.agg, f, arg);
	if ((r == -EIO || (!r && ferror(f))) && errno)
		r = -errno;
	else if (!r && ferror(f))
		r = -EIO;
	if (f == stdout ? fflush(f) : fclose(f))
		r = r ?: -errno;
out:
	/* closed now, with the FILE or alone */
	if (fd >= 0 && fd == t->flame_fd)
		t->flame_fd = -1;
	else if (fd >= 0)
		t->folded_fd = -1;
	if (r == -EPIPE && fd < 0)
		return;
	if (r) {
		fprintf(stderr, "etrace: writing %s: %s\n",
			path ? path : "the folded stacks", strerror(-r));
		t->report_err = -r;
	}
}

/* -c -k: top stacks; --stack=folded to stdout (or -o); --flamegraph */
void reports_stacks(struct trace *t)
{
	const struct plan *p = t->p;
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	if (!t->pr.agg)
		return;
	if (p->top_stacks && (f = open_memstream(&text, &len))) {
		/* -c -k: the stacks the calls came from, biggest first */
		stacks_top(t->pr.agg, f, TOP_STACKS);
		fclose(f);
		t->sink->ops->report(t->sink, "stacks", text, len);
		free(text);
	}
	if (p->folded)
		report_write(t, t->folded_fd, p->folded_file, folded_write, NULL);
	if (p->flamegraph) {
		char title[256];

		snprintf(title, sizeof(title), "etrace%s%s", p->cmd ? ": " : "",
			 p->cmd ? p->cmd[0] : "");
		report_write(t, t->flame_fd, p->flamegraph, svg_write, title);
	}
}
