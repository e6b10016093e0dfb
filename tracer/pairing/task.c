// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tasks stage: a hash table of tasks by tid.  Tasks are removed when they
 * exit, so memory follows the number of live traced threads.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "context.h"
#include "task.h"

/* what a task may own besides itself */
static void task_free_extra(struct task_table *t, struct task *k)
{
	free(k->cs[0].buf);
	free(k->cs[1].buf);
	free(k->frames);
	free(k->tl_entry);
	ctx_free(k->ctx);
	if (t->drop)
		t->drop(k);
}

static unsigned int hash(pid_t tid, unsigned int nb)
{
	return ((uint32_t)tid * 2654435761u) & (nb - 1);
}

int task_table_init(struct task_table *t)
{
	memset(t, 0, sizeof(*t));
	t->nb = 256;
	t->b = calloc(t->nb, sizeof(*t->b));
	return t->b ? 0 : -ENOMEM;
}

void task_table_free(struct task_table *t)
{
	for (unsigned int i = 0; i < t->nb; i++) {
		struct task *k = t->b[i];

		while (k) {
			struct task *n = k->hnext;

			task_free_extra(t, k);
			free(k);
			k = n;
		}
	}
	free(t->b);
	memset(t, 0, sizeof(*t));
}

struct task *task_find(struct task_table *t, pid_t tid)
{
	struct task *k;

	if (t->last && t->last->tid == tid)
		return t->last;
	for (k = t->b[hash(tid, t->nb)]; k; k = k->hnext) {
		if (k->tid == tid) {
			t->last = k;
			return k;
		}
	}
	return NULL;
}

static void grow(struct task_table *t)
{
	unsigned int nb = t->nb * 2;
	struct task **b = calloc(nb, sizeof(*b));

	if (!b)
		return;		/* longer chains, still correct */
	for (unsigned int i = 0; i < t->nb; i++) {
		struct task *k = t->b[i];

		while (k) {
			struct task *n = k->hnext;
			unsigned int h = hash(k->tid, nb);

			k->hnext = b[h];
			b[h] = k;
			k = n;
		}
	}
	free(t->b);
	t->b = b;
	t->nb = nb;
}

struct task *task_get(struct task_table *t, pid_t tid, pid_t pid)
{
	struct task *k = task_find(t, tid);
	unsigned int h;

	if (k)
		return k;
	k = calloc(1, sizeof(*k));
	if (!k)
		return NULL;
	k->tid = tid;
	k->pid = pid;
	k->exit_code = -1;
	if (t->n >= t->nb)
		grow(t);
	h = hash(tid, t->nb);
	k->hnext = t->b[h];
	t->b[h] = k;
	t->n++;
	t->last = k;
	return k;
}

void task_del(struct task_table *t, struct task *k)
{
	struct task **pp = &t->b[hash(k->tid, t->nb)];

	while (*pp && *pp != k)
		pp = &(*pp)->hnext;
	if (*pp) {
		*pp = k->hnext;
		t->n--;
	}
	if (t->last == k)
		t->last = NULL;
	task_free_extra(t, k);
	free(k);
}

void task_retid(struct task_table *t, struct task *k, pid_t tid)
{
	struct task **pp = &t->b[hash(k->tid, t->nb)];
	unsigned int h = hash(tid, t->nb);

	while (*pp && *pp != k)
		pp = &(*pp)->hnext;
	if (!*pp)
		return;
	*pp = k->hnext;
	k->tid = tid;
	k->hnext = t->b[h];
	t->b[h] = k;
}

void task_each(struct task_table *t, void (*fn)(void *, struct task *),
	       void *ctx)
{
	for (unsigned int i = 0; i < t->nb; i++) {
		struct task *k = t->b[i];

		while (k) {
			struct task *n = k->hnext;

			fn(ctx, k);
			k = n;
		}
	}
}
