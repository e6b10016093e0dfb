/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Perf fds stage: tracepoint events opened with perf_event_open, and the
 * per-CPU rings they write to.
 *
 * Each CPU's ring belongs to a dummy software event that never exits:
 * every event on that CPU (all tracepoints, all target tasks, and the
 * copies `inherit` makes in children) is redirected into it with
 * PERF_EVENT_IOC_SET_OUTPUT.  A ring owned by a task's event would poll
 * POLLHUP forever once that task exits, while its children still write.
 */
#ifndef ETRACE_PERF_H
#define ETRACE_PERF_H

#include <stdint.h>
#include <sys/types.h>

#include "events.h"
#include "ring.h"

struct perfset {
	int ncpu;
	int *cpu;		/* online CPU ids */
	struct ring *rings;	/* one per CPU, same index; then, in ring
				   mode, the BPF ring buffer of each CPU */
	int nrings;
	int *fds;		/* every event fd, to close at the end */
	char *on_exec;		/* fds[i] enables itself at exec */
	int *ring_of;		/* the ring fds[i] writes to (its CPU index) */
	int nfds, capfds;
	/* event id -> evsel, open addressing */
	uint64_t *ids;
	struct evsel **idev;
	unsigned int idcap, nids;
	uint32_t stack_size;	/* sample_stack_user of stack events */
	int stack_fp, kstack;
	int maps;		/* MMAP2 records: PERF_MAPS_* */
};

/* which mappings the task records report */
#define PERF_MAPS_NONE	0
#define PERF_MAPS_CODE	1	/* executable: for unwinding */
#define PERF_MAPS_ALL	2	/* and data: strings from read-only files */

/*
 * Find CPUs, open the dummy ring owners and map their rings.  sideband:
 * they report every task's life; maps: the mappings every task record
 * source reports (PERF_MAPS_*).
 */
int perf_open_rings(struct perfset *ps, size_t ring_bytes, int sideband,
		    int maps, char *err, size_t errlen);
/*
 * Open every evsel of l for task tid on every CPU.  inherit: follow its
 * future threads and children.  on_exec: stay disabled until it execs.
 * Returns 0, -ESRCH when the task is gone, or -errno with err set.
 */
int perf_open_task(struct perfset *ps, struct evlist *l, pid_t tid,
		   int inherit, int on_exec, char *err, size_t errlen);
/* every evsel on every CPU, for all tasks */
int perf_open_system(struct perfset *ps, struct evlist *l, char *err,
		     size_t errlen);
/*
 * Every task's life (COMM, FORK, EXIT, MMAP2 records) into each CPU's
 * ring, from perf_enable() on: for system-wide events when the rings were
 * opened without it.
 */
int perf_open_sideband(struct perfset *ps, char *err, size_t errlen);
/*
 * One bpf-output event per CPU, into that CPU's ring, for e; fds[i] gets
 * CPU i's fd (for the BPF program's perf event array).
 */
int perf_open_bpf_output(struct perfset *ps, struct evsel *e, int *fds,
			 char *err, size_t errlen);
/* the evsel a record's id belongs to, or NULL */
struct evsel *perf_evsel(struct perfset *ps, uint64_t id);
/* records with this id (written by BPF, not the kernel) are e's */
int perf_add_id(struct perfset *ps, uint64_t id, struct evsel *e);
/*
 * Ring mode: BPF ring buffer maps, fds[i] for CPU index i, each of bytes,
 * read as rings after the perf ones (the rings keep the fds).
 */
int perf_add_bpf_rings(struct perfset *ps, const int *fds, size_t bytes,
		       char *err, size_t errlen);
/* events are opened disabled: enable all (but those waiting for exec) */
int perf_enable(struct perfset *ps);
/* all off, children's copies included: the rings get nothing more */
void perf_disable(struct perfset *ps);
void perf_close(struct perfset *ps);
/*
 * Each perf ring's lost_counted: the records its events could not write
 * into it until now, as the kernel counts them (the count its LOST
 * records say, once it next writes to the ring).
 */
void perf_lost_read(struct perfset *ps);
/* how many fds one task costs (events x CPUs) */
int perf_fds_per_task(const struct perfset *ps, const struct evlist *l);

#endif
