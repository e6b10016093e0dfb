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
#include <unistd.h>

#include "proc.h"
#include "trace.h"

int attach_process(struct trace *t, pid_t pid, char *err, size_t errlen)
{
	const struct plan *p = t->p;
	int opened = 0;

	if (pid == getpid()) {
		snprintf(err, errlen, "-p %d: that is etrace itself", (int)pid);
		return -EINVAL;
	}
	if (proc_tgid(pid) != pid) {
		pid_t g = proc_tgid(pid);

		if (g < 0)
			snprintf(err, errlen, "-p %d: no such process", (int)pid);
		else
			snprintf(err, errlen, "-p %d: is a thread of process %d;"
				 " give the process", (int)pid, (int)g);
		return -ESRCH;
	}
	/*
	 * Threads born while we attach would be missed: list again until
	 * a pass finds none new.
	 */
	for (int pass = 0; pass < 16; pass++) {
		pid_t *tids;
		int n, fresh = 0, r;

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
		maps_get(&t->pr.maps, pid, 1);
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
