/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Events stage: the tracepoints a trace opens, with where their fields
 * sit in a record.  One struct evsel per tracepoint; perf.c opens it on
 * every CPU (and target task).
 */
#ifndef ETRACE_EVENTS_H
#define ETRACE_EVENTS_H

#include <stdint.h>
#include <stdio.h>

#include "select.h"
#include "tracefs.h"

enum ev_role {
	EV_SC_ENTER,		/* raw_syscalls:sys_enter, syscalls:sys_enter_* */
	EV_SC_EXIT,		/* raw_syscalls:sys_exit, syscalls:sys_exit_* */
	EV_SIG_DELIVER,		/* signal:signal_deliver */
	EV_CAPTURE,		/* bpf-output: argument memory, task exits */
	EV_TP,			/* any other tracepoint (-e SYSTEM:EVENT) */
};

struct evsel {
	char sys[32];
	char name[80];
	int role;
	long sc_nr;		/* per-syscall tracepoints: its number, else -1 */
	int tp_id;
	struct tep_event *fmt;
	char *filter;		/* kernel tracepoint filter, or NULL */
	/* record layout: all offsets into the PERF_SAMPLE_RAW bytes */
	int off_nr, sz_nr;	/* syscall number: id / __syscall_nr */
	int off_args;		/* args[0] (enter), ret (exit) */
	int nargs;		/* per-syscall enter events: fields present */
	int off_sig, off_code, off_handler;	/* signal_deliver */
	int tp_index;		/* EV_TP: its place in evlist.tp_names */
	char *tp_name;		/* EV_TP: "sched:sched_switch" */
	int counted;		/* -c: counted in the kernel, not opened */
	int by_bpf;		/* not opened: BPF reports what it would */
	int ring;		/* ring mode: BPF writes its records */
	uint64_t sample_type;	/* what its samples carry */
	int stack;		/* its samples carry a user (and kernel) stack */
	int ip;			/* -i: its samples carry the user IP (the
				   registers, or ring mode's raw bytes) */
	int filter_bad;		/* the kernel refused its filter */
};

struct evlist {
	struct evsel *ev;
	int n;
	int per_syscall;	/* 1: syscalls:*, 0: raw_syscalls */
	const char **tp_names;	/* EV_TP events by tp_index */
	int ntp;
};

/* -l [GLOB]: print the events (with -v their fields) to f */
int events_list(struct tracefs *t, const char *glob, int verbose, FILE *f,
		char *err, size_t errlen);

/* what a run wants of the tracepoints (the trace plan says) */
struct ev_want {
	const struct sc_select *sel;	/* the syscalls traced */
	const struct tp_spec *tps;	/* -e SYSTEM:EVENT */
	int ntps;
	int stack;			/* samples carry the user stack */
	int stack_fp;			/* as the kernel's frame-pointer chain */
	int stack_bpf;			/* syscall entries: unwound by a BPF
					   program (its record), not copied */
	int kstack;			/* and the kernel's stack */
	int ip;				/* -i: entries and signal deliveries
					   carry the user IP */
	int all;			/* -a: etrace's own calls filtered out */
	int raw_only;			/* raw_syscalls even for a few: -e
					   inject='s skipped calls are seen
					   only there (cap_ring.bpf.c) */
};

/*
 * Choose and describe the tracepoints for what w wants (syscalls 0: none
 * of the syscall tracepoints, the kernel counts them): per-syscall
 * tracepoints for a few syscalls, raw_syscalls (with an id filter when
 * not all are wanted) otherwise.  Returns 0 or -errno with err set.
 */
int events_build(struct evlist *l, const struct ev_want *w,
		 struct tracefs *t, int max_fds_per_task, int syscalls,
		 char *err, size_t errlen);
void events_free(struct evlist *l);
/* r from opening l: when the kernel refused a filter, err says why */
int events_filter_error(const struct evlist *l, struct tracefs *t, int r,
			char *err, size_t errlen);
/*
 * l's events fire only at the ends of a process's life: syscalls that
 * make, exec or end processes (per-syscall tracepoints) and signal
 * delivery.  Traced on every CPU for all tasks they cost the machine next
 * to nothing, and spare each traced process its copies at every fork.
 */
int events_lifecycle_only(const struct evlist *l);
/* the calls that make processes: their entry stacks are spawns' origins */
int events_stack_source(long nr);
/*
 * The BPF program reports signals and exits: signal_deliver's perf event
 * is not opened, but for being the only one (a task's life comes with
 * its events).  One fewer event for each traced task to copy at fork.
 */
void events_signals_by_bpf(struct evlist *l);

#endif
