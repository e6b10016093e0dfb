// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * -c counted from records (tracer/sinks/summary.c): each call filed by
 * summary_call, whatever row it lands in (the same as the call before,
 * or another; after a clear), gives exactly the rows of the values a
 * model adds by hand with summary_add: calls, errors, time less -O, min
 * (0 ns filed as 1), max and the log2 histogram.
 */
#include "check.h"
#include "summary.h"

struct call {
	const char *comm;
	int pid;
	unsigned int nr;
	long long ret;
	unsigned long long ns;
};

static const struct call calls[] = {
	{ "a", 1, 39, 5, 100 }, { "a", 1, 39, 5, 7 }, { "a", 1, 39, -2, 0 },
	{ "b", 2, 39, 5, 1ull << 50 }, { "a", 1, 257, -4095, 3000 },
	{ "a", 1, 39, -4096, 1 }, { "b", 2, 257, 3, 12 }, { "a", 1, 39, 0, 2 },
	{ "a", 3, 39, 0, 64 }, { "a", 1, 39, 0, 65 },
};
#define NCALLS (sizeof(calls) / sizeof(calls[0]))

/* the model: one value a call, added */
static void model(struct summary *m, unsigned long long overhead, int n)
{
	for (int i = 0; i < n; i++) {
		const struct call *c = &calls[i];
		struct sum_key k;
		struct sum_val v;
		unsigned long long ns = c->ns > overhead ? c->ns - overhead : 0;
		int b = 0;

		memset(&k, 0, sizeof(k));
		memset(&v, 0, sizeof(v));
		k.nr = c->nr;
		if (m->by & SUM_BY_COMM)
			snprintf(k.comm, sizeof(k.comm), "%s", c->comm);
		if (m->by & SUM_BY_PID)
			k.pid = c->pid;
		v.calls = 1;
		v.errors = c->ret < 0 && c->ret >= -4095;
		v.ns = v.max_ns = ns;
		v.min_ns = ns ? ns : 1;
		while (b + 1 < SUM_HIST && (ns >> (b + 1)))
			b++;
		v.hist[b] = 1;
		CHECK(summary_add(m, &k, &v) == 0);
	}
}

static int same(const struct summary *a, const struct summary *b)
{
	if (a->n != b->n)
		return 0;
	for (unsigned int i = 0; i < a->n; i++)
		if (memcmp(&a->rows[i], &b->rows[i], sizeof(a->rows[i])))
			return 0;
	return 1;
}

int main(void)
{
	static const unsigned int bys[] = { 0, SUM_BY_COMM,
					    SUM_BY_COMM | SUM_BY_PID };

	for (size_t j = 0; j < sizeof(bys) / sizeof(bys[0]); j++) {
		for (unsigned long long oh = 0; oh <= 10; oh += 10) {
			struct summary s, m;

			CHECK(summary_init(&s, bys[j]) == 0);
			CHECK(summary_init(&m, bys[j]) == 0);
			s.overhead = oh;
			/* a clear in the middle: rows refilled anew */
			for (int i = 0; i < 4; i++) {
				char comm[16] = "";

				snprintf(comm, sizeof(comm), "%s", calls[i].comm);
				summary_call(&s, comm, calls[i].pid, 0,
					     calls[i].nr, calls[i].ret,
					     calls[i].ns);
			}
			summary_clear(&s);
			for (size_t i = 0; i < NCALLS; i++) {
				char comm[16] = "";

				snprintf(comm, sizeof(comm), "%s", calls[i].comm);
				summary_call(&s, comm, calls[i].pid, 0,
					     calls[i].nr, calls[i].ret,
					     calls[i].ns);
			}
			model(&m, oh, (int)NCALLS);
			CHECK(same(&s, &m));
			summary_free(&s);
			summary_free(&m);
		}
	}
	CHECK_DONE();
}
