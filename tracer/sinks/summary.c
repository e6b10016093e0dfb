// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Sinks stage: the -c summary table: rows, their sources, their order.
 * Formatting belongs to the sinks (strace's table, JSON rows).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "summary.h"
#include "sysent_fallback.h"

static unsigned int key_hash(const struct sum_key *k)
{
	const unsigned char *p = (const unsigned char *)k;
	unsigned int h = 2166136261u;

	for (size_t i = 0; i < sizeof(*k); i++)
		h = (h ^ p[i]) * 16777619u;
	return h;
}

int summary_init(struct summary *s, unsigned int by)
{
	memset(s, 0, sizeof(*s));
	s->by = by;
	s->nslot = 1024;
	s->slot = calloc(s->nslot, sizeof(*s->slot));
	return s->slot ? 0 : -ENOMEM;
}

void summary_free(struct summary *s)
{
	free(s->rows);
	free(s->slot);
	memset(s, 0, sizeof(*s));
}

void summary_clear(struct summary *s)
{
	s->n = 0;
	s->full = 0;
	memset(s->slot, 0, s->nslot * sizeof(*s->slot));
}

static int rehash(struct summary *s)
{
	unsigned int n = s->nslot * 2;
	unsigned int *slot = calloc(n, sizeof(*slot));

	if (!slot)
		return -ENOMEM;
	free(s->slot);
	s->slot = slot;
	s->nslot = n;
	for (unsigned int i = 0; i < s->n; i++) {
		unsigned int h = key_hash(&s->rows[i].key) & (n - 1);

		while (slot[h])
			h = (h + 1) & (n - 1);
		slot[h] = i + 1;
	}
	return 0;
}

static struct sum_row *row_of(struct summary *s, const struct sum_key *k)
{
	unsigned int h;

	if ((s->n + 1) * 2 > s->nslot && rehash(s))
		return NULL;
	for (h = key_hash(k) & (s->nslot - 1); s->slot[h];
	     h = (h + 1) & (s->nslot - 1)) {
		struct sum_row *r = &s->rows[s->slot[h] - 1];

		if (!memcmp(&r->key, k, sizeof(*k)))
			return r;
	}
	if (s->n == s->cap) {
		unsigned int cap = s->cap ? s->cap * 2 : 64;
		struct sum_row *nr = realloc(s->rows, sizeof(*nr) * cap);

		if (!nr)
			return NULL;
		s->rows = nr;
		s->cap = cap;
	}
	memset(&s->rows[s->n], 0, sizeof(s->rows[s->n]));
	s->rows[s->n].key = *k;
	s->slot[h] = ++s->n;
	return &s->rows[s->n - 1];
}

int summary_add(struct summary *s, const struct sum_key *k,
		const struct sum_val *v)
{
	struct sum_row *r = row_of(s, k);

	if (!r)
		return -ENOMEM;
	r->val.calls += v->calls;
	r->val.errors += v->errors;
	r->val.ns += v->ns;
	if (v->min_ns && (!r->val.min_ns || v->min_ns < r->val.min_ns))
		r->val.min_ns = v->min_ns;
	if (v->max_ns > r->val.max_ns)
		r->val.max_ns = v->max_ns;
	for (int i = 0; i < SUM_HIST; i++)
		r->val.hist[i] += v->hist[i];
	return 0;
}

/*
 * One call, counted from its records: filed in place (no value to add),
 * in the row of the call before when it is the same (a storm's calls
 * are, with no hash), else in its row.
 */
void summary_call(struct summary *s, const char *comm, pid_t pid, pid_t tid,
		  unsigned int nr, int64_t ret, uint64_t ns)
{
	struct sum_row *r;
	struct sum_key k;
	unsigned int b;

	memset(&k, 0, sizeof(k));
	k.nr = nr;
	if (s->by & SUM_BY_COMM)
		memcpy(k.comm, comm, sizeof(k.comm));
	if (s->by & SUM_BY_PID)
		k.pid = pid;
	if (s->by & SUM_BY_TID)
		k.tid = tid;
	if (s->last && s->last <= s->n &&
	    !memcmp(&s->rows[s->last - 1].key, &k, sizeof(k))) {
		r = &s->rows[s->last - 1];
	} else {
		r = row_of(s, &k);
		if (!r)
			return;
		s->last = (unsigned int)(r - s->rows) + 1;
	}
	ns = ns > s->overhead ? ns - s->overhead : 0;
	r->val.calls++;
	r->val.errors += ret < 0 && ret >= -4095;
	r->val.ns += ns;
	/* (a call of 0 ns is filed as 1: 0 is "none" to the min column) */
	if (!r->val.min_ns || (ns ? ns : 1) < r->val.min_ns)
		r->val.min_ns = ns ? ns : 1;
	if (ns > r->val.max_ns)
		r->val.max_ns = ns;
	/* [i]: ns in [2^i, 2^(i+1)); 0 in [0] */
	b = ns ? 63u - (unsigned int)__builtin_clzll(ns) : 0;
	r->val.hist[b < SUM_HIST ? b : SUM_HIST - 1]++;
}

void summary_delta(struct summary *s, const struct summary *now,
		   const struct summary *before)
{
	summary_clear(s);
	s->exact = now->exact;
	s->full = now->full - before->full;
	for (unsigned int i = 0; i < now->n; i++) {
		struct sum_row r = now->rows[i];
		const struct sum_row *b = NULL;

		for (unsigned int j = 0; j < before->n && !b; j++)
			if (!memcmp(&before->rows[j].key, &r.key, sizeof(r.key)))
				b = &before->rows[j];
		if (b) {
			r.val.calls -= b->val.calls;
			r.val.errors -= b->val.errors;
			r.val.ns -= b->val.ns;
			for (int h = 0; h < SUM_HIST; h++)
				r.val.hist[h] -= b->val.hist[h];
		}
		/* min and max stay the run's: the kernel keeps no history */
		if (r.val.calls)
			summary_add(s, &r.key, &r.val);
	}
}

const char *summary_name(const struct summary *s, const struct sum_row *r,
			 char tmp[32])
{
	unsigned int nr = r->key.nr;

	if (nr >= SUM_EVENT_BASE) {
		if (nr - SUM_EVENT_BASE < s->nevents)
			return s->event_names[nr - SUM_EVENT_BASE];
		snprintf(tmp, 32, "event_%u", nr - SUM_EVENT_BASE);
		return tmp;
	}
	return sc_desc_of((long)nr)->name;
}

/* sorting: groups (busiest first), then rows by -S */
struct ord {
	struct sum_row row;
	uint64_t group_total;
	unsigned int i;			/* stable ties */
};

static const struct summary *sort_s;
static enum sum_sort sort_by;

static int group_cmp(const struct sum_key *a, const struct sum_key *b)
{
	int r = strncmp(a->comm, b->comm, sizeof(a->comm));

	if (r)
		return r;
	if (a->pid != b->pid)
		return a->pid < b->pid ? -1 : 1;
	if (a->tid != b->tid)
		return a->tid < b->tid ? -1 : 1;
	return 0;
}

static int by_group(const void *x, const void *y)
{
	return group_cmp(&((const struct sum_row *)x)->key,
			 &((const struct sum_row *)y)->key);
}

static int cmp_u64(uint64_t a, uint64_t b)
{
	return a < b ? 1 : a > b ? -1 : 0;	/* descending */
}

static int by_order(const void *x, const void *y)
{
	const struct ord *oa = x, *ob = y;
	const struct sum_row *a = &oa->row, *b = &ob->row;
	char ta[32], tb[32];
	int r;

	r = cmp_u64(oa->group_total, ob->group_total);
	if (!r)
		r = group_cmp(&a->key, &b->key);
	if (r)
		return r;
	switch (sort_by) {
	case SORT_CALLS:
		r = cmp_u64(a->val.calls, b->val.calls);
		break;
	case SORT_ERRORS:
		r = cmp_u64(a->val.errors, b->val.errors);
		break;
	case SORT_MIN:
		r = cmp_u64(a->val.min_ns, b->val.min_ns);
		break;
	case SORT_MAX:
		r = cmp_u64(a->val.max_ns, b->val.max_ns);
		break;
	case SORT_AVG:
		r = cmp_u64(a->val.calls ? a->val.ns / a->val.calls : 0,
			    b->val.calls ? b->val.ns / b->val.calls : 0);
		break;
	case SORT_TIME:
		r = cmp_u64(a->val.ns, b->val.ns);
		break;
	default:
		break;
	}
	/*
	 * -S name by name; ties, and -S nothing, in syscall number order
	 * (events after), as strace's table
	 */
	if (!r && sort_by == SORT_NAME)
		r = strcmp(summary_name(sort_s, a, ta), summary_name(sort_s, b, tb));
	if (!r && a->key.nr != b->key.nr)
		r = a->key.nr < b->key.nr ? -1 : 1;
	return r ? r : (oa->i < ob->i ? -1 : oa->i > ob->i);
}

void summary_sort(struct summary *s, enum sum_sort by)
{
	struct ord *o;

	if (!s->n || !(o = malloc(sizeof(*o) * s->n)))
		return;
	/* group totals: sorted by group key, summed over each run */
	qsort(s->rows, s->n, sizeof(*s->rows), by_group);
	for (unsigned int i = 0, j; i < s->n; i = j) {
		uint64_t t = 0;

		for (j = i; j < s->n && !group_cmp(&s->rows[i].key, &s->rows[j].key); j++)
			t += by == SORT_CALLS ? s->rows[j].val.calls : s->rows[j].val.ns;
		for (unsigned int k = i; k < j; k++) {
			o[k].row = s->rows[k];
			o[k].group_total = t;
			o[k].i = k;
		}
	}
	sort_s = s;
	sort_by = by;
	qsort(o, s->n, sizeof(*o), by_order);
	for (unsigned int i = 0; i < s->n; i++)
		s->rows[i] = o[i].row;
	free(o);
	/* the hash points at old places: rebuild it */
	memset(s->slot, 0, s->nslot * sizeof(*s->slot));
	for (unsigned int i = 0; i < s->n; i++) {
		unsigned int h = key_hash(&s->rows[i].key) & (s->nslot - 1);

		while (s->slot[h])
			h = (h + 1) & (s->nslot - 1);
		s->slot[h] = i + 1;
	}
}

/* strace's column names and their aliases (count.c's), for -S and -U */
static const struct {
	const char *name;
	unsigned char col;
} col_names[] = {
	{ "time", SUM_COL_PCT }, { "time_percent", SUM_COL_PCT },
	{ "time-percent", SUM_COL_PCT }, { "time_total", SUM_COL_TOTAL },
	{ "time-total", SUM_COL_TOTAL }, { "total_time", SUM_COL_TOTAL },
	{ "total-time", SUM_COL_TOTAL }, { "min_time", SUM_COL_MIN },
	{ "min-time", SUM_COL_MIN }, { "shortest", SUM_COL_MIN },
	{ "time_min", SUM_COL_MIN }, { "time-min", SUM_COL_MIN },
	{ "longest", SUM_COL_MAX }, { "max_time", SUM_COL_MAX },
	{ "max-time", SUM_COL_MAX }, { "time_max", SUM_COL_MAX },
	{ "time-max", SUM_COL_MAX }, { "avg_time", SUM_COL_AVG },
	{ "avg-time", SUM_COL_AVG }, { "time_avg", SUM_COL_AVG },
	{ "time-avg", SUM_COL_AVG }, { "calls", SUM_COL_CALLS },
	{ "count", SUM_COL_CALLS }, { "error", SUM_COL_ERRORS },
	{ "errors", SUM_COL_ERRORS }, { "name", SUM_COL_NAME },
	{ "syscall", SUM_COL_NAME }, { "syscall_name", SUM_COL_NAME },
	{ "syscall-name", SUM_COL_NAME }, { "none", SUM_COL_NONE },
	{ "nothing", SUM_COL_NONE },
};

static int col_by_name(const char *name, size_t len)
{
	for (size_t i = 0; i < sizeof(col_names) / sizeof(col_names[0]); i++)
		if (!strncmp(col_names[i].name, name, len) &&
		    !col_names[i].name[len])
			return col_names[i].col;
	return -1;
}

int summary_sort_by_name(const char *name)
{
	static const int sort_of[SUM_COL__COUNT] = {
		[SUM_COL_NONE] = SORT_NOTHING, [SUM_COL_PCT] = SORT_TIME,
		[SUM_COL_TOTAL] = SORT_TIME, [SUM_COL_MIN] = SORT_MIN,
		[SUM_COL_MAX] = SORT_MAX, [SUM_COL_AVG] = SORT_AVG,
		[SUM_COL_CALLS] = SORT_CALLS, [SUM_COL_ERRORS] = SORT_ERRORS,
		[SUM_COL_NAME] = SORT_NAME,
	};
	int col = col_by_name(name, strlen(name));

	return col < 0 ? -1 : sort_of[col];
}

int summary_columns_parse(const char *list, unsigned char *cols)
{
	unsigned int seen = 0, n = 0;
	const char *w = list;

	for (;;) {
		size_t len = strcspn(w, ",");
		int col = col_by_name(w, len);

		if (col <= SUM_COL_NONE || seen >> col & 1)
			return -1;
		seen |= 1u << col;
		cols[n++] = (unsigned char)col;
		if (!w[len])
			break;
		w += len + 1;
	}
	/* as strace: the name always, the table means nothing without it */
	if (!(seen >> SUM_COL_NAME & 1))
		cols[n++] = SUM_COL_NAME;
	cols[n] = SUM_COL_NONE;
	return 0;
}

int summary_by_parse(const char *list)
{
	char buf[128], *tok, *save = NULL;
	int by = 0;

	if (strlen(list) >= sizeof(buf))
		return -1;
	strcpy(buf, list);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (!strcmp(tok, "comm"))
			by |= SUM_BY_COMM;
		else if (!strcmp(tok, "pid"))
			by |= SUM_BY_PID;
		else if (!strcmp(tok, "tid"))
			by |= SUM_BY_TID;
		else if (strcmp(tok, "syscall") && strcmp(tok, "event"))
			return -1;
	}
	return by;
}
