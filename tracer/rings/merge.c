// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Records stage: k-way merge of the per-CPU rings by timestamp, with a
 * bounded reorder window (see merge.h).  Without it, a COMM or FORK on
 * one CPU is seen after the same task's syscalls on another CPU, and
 * syscalls get credited to the wrong thread.
 */
#include <errno.h>
#include <stdlib.h>
#include <time.h>

#include "merge.h"
#include "record.h"

uint64_t merge_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

int merge_init(struct merge *m, struct ring *rings, int n, uint64_t window)
{
	m->rings = rings;
	m->n = n;
	m->window = window;
	m->cutoff = UINT64_MAX;
	m->bad = 0;
	m->heap = calloc((size_t)n, sizeof(*m->heap));
	m->key = calloc((size_t)n, sizeof(*m->key));
	m->next = calloc((size_t)n, sizeof(*m->next));
	if (!m->heap || !m->key || !m->next) {
		merge_free(m);
		return -ENOMEM;
	}
	return 0;
}

void merge_free(struct merge *m)
{
	free(m->heap);
	free(m->key);
	free(m->next);
	m->heap = NULL;
	m->key = NULL;
	m->next = NULL;
}

static void sift_down(struct merge *m, int nh, int i)
{
	for (;;) {
		int l = 2 * i + 1, s = i, t;

		if (l < nh && m->key[m->heap[l]] < m->key[m->heap[s]])
			s = l;
		if (l + 1 < nh && m->key[m->heap[l + 1]] < m->key[m->heap[s]])
			s = l + 1;
		if (s == i)
			return;
		t = m->heap[i];
		m->heap[i] = m->heap[s];
		m->heap[s] = t;
		i = s;
	}
}

static void sift_up(struct merge *m, int i)
{
	while (i) {
		int p = (i - 1) / 2, t;

		if (m->key[m->heap[p]] <= m->key[m->heap[i]])
			return;
		t = m->heap[i];
		m->heap[i] = m->heap[p];
		m->heap[p] = t;
		i = p;
	}
}

/*
 * key the ring by its next record, kept for when it is handed on; NULL
 * when it has none left
 */
static const struct perf_event_header *next(struct merge *m, int i)
{
	struct ring *r = &m->rings[i];
	int bad;
	const struct perf_event_header *h = ring_peek(r, &bad);
	uint64_t t;

	m->bad += (uint64_t)bad;
	if (!h)
		return NULL;
	t = rec_time(h, h->size);
	/* a record without a time sorts with its predecessor */
	m->key[i] = t ? t : r->last_time;
	m->next[i] = h;
	return h;
}

uint64_t merge_drain(struct merge *m, int final, merge_fn fn, void *ctx)
{
	uint64_t limit = UINT64_MAX, done = 0;
	int nh = 0;

	for (int i = 0; i < m->n; i++) {
		struct ring *r = &m->rings[i];

		/* the clock first: any record committed later is younger */
		r->t_obs = merge_now();
		ring_snapshot(r);
		if (next(m, i)) {
			m->heap[nh] = i;
			sift_up(m, nh++);
		} else if (!final) {
			uint64_t l = r->t_obs > m->window ?
				     r->t_obs - m->window : 0;

			if (l < limit)
				limit = l;
		}
	}
	while (nh) {
		int i = m->heap[0];
		struct ring *r = &m->rings[i];
		const struct perf_event_header *h = m->next[i];

		if (m->key[i] > limit)
			break;
		r->last_time = m->key[i];
		if (h->size > r->max_rec)
			r->max_rec = h->size;
		if (m->key[i] <= m->cutoff)
			fn(ctx, r, h, m->key[i]);
		ring_advance(r, h->size);
		if (++done % MERGE_RELEASE_EVERY == 0)
			ring_release(r);
		if (next(m, i)) {
			sift_down(m, nh, 0);
			continue;
		}
		/* ring i is read empty: it now bounds what is safe */
		m->heap[0] = m->heap[--nh];
		sift_down(m, nh, 0);
		if (!final) {
			uint64_t l = r->t_obs > m->window ?
				     r->t_obs - m->window : 0;

			if (l < limit)
				limit = l;
		}
	}
	/* all below the limit is handed on, and nothing older can come */
	if (!final && limit != UINT64_MAX && limit > m->settled)
		m->settled = limit;
	for (int i = 0; i < m->n; i++)
		ring_release(&m->rings[i]);
	return done;
}
