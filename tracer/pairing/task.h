/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Tasks stage: what etrace knows of each traced thread, by tid: its
 * process, name, the syscall it is in, how it ended.  Fed by COMM, FORK
 * and EXIT records in time order.
 */
#ifndef ETRACE_TASK_H
#define ETRACE_TASK_H

#include <stdint.h>
#include <sys/types.h>

#include "sysent.h"
#include "unwind.h"

#define UNWIND_FRAMES (2 * UNWIND_MAX)


struct task {
	pid_t tid;
	pid_t pid;			/* thread group */
	char comm[16];
	/* syscall pairing */
	int in_call;			/* an entry was seen, no exit yet */
	int hidden;			/* -P: the open call touches no
					   selected path: not shown */
	long nr;
	long last_nr;			/* its last syscall, traced or not (-n) */
	pid_t ppid;			/* its parent, when forked in the trace */
	uint32_t wait_opts;		/* -Y: its waitid's options, not shown */
	uint64_t args[SC_MAX_ARGS];
	uint64_t t_enter;
	uint64_t call_ip;		/* -i: the user IP at its call's entry,
					   0 when not known (no entry seen) */
	uint64_t other_ip;		/* -i: that of the untraced call it is
					   in, 0 when in none (or not known) */
	uint64_t exec_t_enter;		/* the command's execve, seen by BPF */
	int resume_arg;			/* first argument printed at exit */
	/* captured argument memory: [0] entry, [1] exit (capture.h) */
	struct capslot {
		uint8_t *buf;
		uint32_t len, size;
		int nr;
		int state;		/* CS_EMPTY, CS_PENDING, CS_CLAIMED */
	} cs[2];
	/* -k: the stack of its current call (or event), and where it was made */
	struct frame *frames;		/* UNWIND_FRAMES, allocated on need */
	int nframes;
	/* --spawns: where it was made (origins.c's, opaque here) */
	struct task_origin *origin;
	/* --context: its last calls the rules hid (context.c's) */
	struct ctx_ring *ctx;
	/* how it ends */
	int wait_status;		/* exit_code read in the kernel */
	int wait_known;
	int exit_code;			/* from exit/exit_group, or -1 */
	int fatal_sig;			/* fatal signal it dequeued, or 0 */
	int gone;			/* EXIT seen */
	int newborn;			/* forked in the trace, no record yet */
	int perf_gone;			/* the kernel removed its perf events */
	int dying;			/* SIGKILL'd: its calls return to no one */
	pid_t exec_tid;			/* a leader ended by that thread's execve */
	pid_t tid_next;			/* its tid becomes this now (its
					   execve takes its leader's) */
	int leader_gone;		/* a leader that exited (exit(2)) with
					   its threads alive: its "+++" waits */
	int held;			/* signal lines waiting for its call's end */
	uint64_t dead_at;		/* when /proc first said it was gone */
	/* sinks' per-task state */
	void *sink_data;		/* the text sink: -ff stream */
	/* --timeline (sink_timeline.c): the name its track has (once
	   tl_named), and its open call's entry half as formatted then */
	char tl_name[16];
	int tl_named;
	char *tl_entry;
	uint32_t tl_entry_len, tl_entry_cap;
	int tl_from;			/* where its exit half resumes; -1:
					   formatted whole at the exit */
	struct task *hnext;
};

enum { CS_EMPTY, CS_PENDING, CS_CLAIMED };

struct task_table {
	struct task **b;		/* buckets */
	unsigned int nb;		/* power of two */
	unsigned int n;
	struct task *last;		/* one-entry cache: syscalls come in runs */
	/* frees what other stages keep of a task (origin_drop) */
	void (*drop)(struct task *k);
};

int task_table_init(struct task_table *t);
void task_table_free(struct task_table *t);
struct task *task_find(struct task_table *t, pid_t tid);
/* find or create; NULL only when out of memory */
struct task *task_get(struct task_table *t, pid_t tid, pid_t pid);
void task_del(struct task_table *t, struct task *k);
/* k is now tid (a thread that exec'd has its group leader's) */
void task_retid(struct task_table *t, struct task *k, pid_t tid);
/* call fn for every task (may delete the one it is given) */
void task_each(struct task_table *t, void (*fn)(void *, struct task *),
	       void *ctx);

#endif
