// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Targets: -p's processes, attached.  Every existing thread gets its
 * events (inherited by what it starts with -f), joins the tasks and the
 * BPF programs' traced set; threads born while attaching are found by
 * listing again until a pass finds none new.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "proc.h"
#include "trace.h"

/* -p PID names a process other than etrace: 0, or -errno with err */
/*
 * -k: a Python interpreter in a process attached to, from the mappings
 * it had (what it maps from now on comes as records, feed.c)
 */
static void python_seen(struct trace *t, const struct proc_maps *pm)
{
	for (int i = 0; pm && t->cap.python && i < pm->n; i++)
		if (pm->m[i].prot & PROT_EXEC)
			capture_python_map(&t->cap, pm->pid, pm->m[i].path,
					   pm->m[i].dev, pm->m[i].ino,
					   pm->m[i].start, pm->m[i].pgoff);
}

static int attach_check(pid_t pid, char *err, size_t errlen)
{
	pid_t g;

	if (pid == getpid()) {
		snprintf(err, errlen, "-p %d: that is etrace itself", (int)pid);
		return -EINVAL;
	}
	g = proc_tgid(pid);
	if (g == pid)
		return 0;
	if (g < 0)
		snprintf(err, errlen, "-p %d: no such process", (int)pid);
	else
		snprintf(err, errlen, "-p %d: is a thread of process %d;"
			 " give the process", (int)pid, (int)g);
	return -ESRCH;
}

int attach_process(struct trace *t, pid_t pid, char *err, size_t errlen)
{
	const struct plan *p = t->p;
	int opened = 0, r;

	r = attach_check(pid, err, errlen);
	if (r)
		return r;
	/*
	 * Threads born while we attach would be missed: list again until
	 * a pass finds none new.
	 */
	for (int pass = 0; pass < 16; pass++) {
		pid_t *tids;
		int n, fresh = 0;

		r = proc_tids(pid, &tids, &n);
		if (r) {
			if (opened)
				return 0;
			snprintf(err, errlen, "-p %d: %s", (int)pid,
				 r == -ESRCH ? "no such process" : strerror(-r));
			return r;
		}
		for (int i = 0; i < n; i++) {
			char comm[16] = "";
			pid_t *na;

			if (task_find(&t->pr.tasks, tids[i]))
				continue;
			r = perf_open_task(&t->ps, &t->ev, tids[i], p->follow,
					   0, err, errlen);
			if (r == -ESRCH)
				continue;	/* that thread just exited */
			if (r) {
				free(tids);
				return events_filter_error(&t->ev, &t->tfs, r, err,
							   errlen);
			}
			proc_comm(tids[i], comm);
			pair_add_task(&t->pr, tids[i], pid, comm);
			capture_add(&t->cap, p->follow ? pid : tids[i]);
			na = realloc(t->attached, sizeof(pid_t) * (t->nattached + 1));
			if (na) {
				t->attached = na;
				t->attached[t->nattached++] = tids[i];
			}
			fresh++;
			opened++;
		}
		free(tids);
		if (!fresh)
			break;
	}
	if (!opened) {
		snprintf(err, errlen, "-p %d: process exited while attaching",
			 (int)pid);
		return -ESRCH;
	}
	/*
	 * Its mappings now, for stacks and file strings: read when first
	 * needed, they were gone with a process that exits soon after
	 * (strace's strace-k-p test: every frame [unknown]).  Its events
	 * are open: what it maps from now on comes as records.
	 */
	if (p->stacks || t->pr.file_strings)
		python_seen(t, maps_get(&t->pr.maps, pid, 1));
	if (!(p->quiet & QUIET_ATTACH)) {
		int nthreads = 0;

		for (int i = 0; i < t->nattached; i++)
			nthreads += proc_tgid(t->attached[i]) == pid;
		if (nthreads > 1)
			fprintf(stderr, "etrace: Process %d attached with %d"
				" threads\n", (int)pid, nthreads);
		else
			fprintf(stderr, "etrace: Process %d attached\n", (int)pid);
	}
	return 0;
}

/* one process of a tree: its threads join the tasks, it the traced set */
static int tree_add(struct trace *t, pid_t pid, pid_t **tree, int *ntree)
{
	pid_t *tids, *nt;
	int n, r;

	r = capture_add(&t->cap, pid);
	if (r)
		return r;
	nt = realloc(*tree, sizeof(pid_t) * (size_t)(*ntree + 1));
	if (!nt)
		return -ENOMEM;
	*tree = nt;
	nt[(*ntree)++] = pid;
	/* (with a selection, its tasks are known by their traced calls) */
	if (t->p->targets || proc_tids(pid, &tids, &n))
		return 0;	/* (or it just exited) */
	for (int i = 0; i < n; i++) {
		char comm[16] = "";

		proc_comm(tids[i], comm);
		pair_add_task(&t->pr, tids[i], pid, comm);
	}
	free(tids);
	return 0;
}

static int in_tree(const pid_t *tree, int n, pid_t pid)
{
	for (int i = 0; i < n; i++)
		if (tree[i] == pid)
			return 1;
	return 0;
}

/*
 * -p PID --tree: the process and every descendant it has.  Ring mode,
 * the program following forks (by tgid): a process is put in the traced
 * set before its children are looked for, so a child forked after that
 * is put there by the program (cap_fork), from its first instruction,
 * and one forked before is in the next listing of /proc.  Listing again
 * until a pass finds no descendant that the program did not already
 * add, none is missed.  Without -f the program stops following then:
 * what was born during the attach is in, what comes later is not.
 */
int attach_tree(struct trace *t, pid_t root, char *err, size_t errlen)
{
	pid_t *tree = NULL, *all;
	int ntree = 0, n, fresh = 1, r;

	r = attach_check(root, err, errlen) ?: tree_add(t, root, &tree, &ntree);
	while (!r && fresh) {
		fresh = 0;
		r = proc_pids(&all, &n);
		for (int i = 0; !r && i < n; i++) {
			if (in_tree(tree, ntree, all[i]) || all[i] == getpid() ||
			    !in_tree(tree, ntree, proc_ppid(all[i])))
				continue;
			/* (added by the program at its fork: followed since) */
			fresh += !capture_has(&t->cap, all[i]);
			r = tree_add(t, all[i], &tree, &ntree);
		}
		free(all);
	}
	if (r) {
		free(tree);
		snprintf(err, errlen, "-p %d --tree: %s", (int)root, strerror(-r));
		return r;
	}
	if (!(t->p->quiet & QUIET_ATTACH))
		fprintf(stderr, "etrace: Process %d attached, with %d"
			" descendants\n", (int)root, ntree - 1);
	free(tree);
	return 0;
}
