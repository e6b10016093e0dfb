/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Plan stage: what a run does, decided once.  One pure function turns the
 * options (and what the machine offers) into a plan; each later stage
 * takes the narrow part it needs (events the ev_want, capture the
 * cap_want, pairing the pair_conf, sinks the sink_conf) and never sees
 * the options.  Unit-tested over the modes without root
 * (tests/unit/plan_modes.c).
 */
#ifndef ETRACE_PLAN_H
#define ETRACE_PLAN_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "capture.h"
#include "events.h"
#include "inject.h"
#include "launch.h"
#include "pair.h"
#include "sink.h"
#include "targets.h"

struct options;
struct flight_conf;

/* what `etrace record` writes where (the plan carries it) */
struct recording_conf {
	const char *path;		/* -o FILE */
	char **words;			/* the options, -o FILE left out */
	int nwords;
	const struct flight_conf *flight;	/* --flight-recorder, or NULL:
					   the window kept, dumped */
};

/* what the machine offers */
struct plan_machine {
	long ncpu;			/* CPUs online */
	int tty;			/* stderr is a terminal */
	int no_color;			/* NO_COLOR set and not empty, or
					   TERM=dumb */
	/* the kernel can unwind stacks in BPF (--stack=bpf); asked only
	   when -k leaves the unwinder to etrace */
	int (*unwinds_in_kernel)(void);
};

struct plan {
	/* targets */
	char **cmd;			/* the command to start, or NULL */
	struct launch_conf launch;	/* how: -u, -E */
	const pid_t *pids;		/* -p */
	int npids;
	int all;			/* -a */
	const struct target_sel *targets;	/* --comm, --uid, --cgroup (with
					   all: every task is asked), or NULL */
	int follow;			/* -f, -ff */
	int tree;			/* -p's with their descendants (--tree) */
	int ready_fd;			/* --ready-fd, or -1 */
	int interruptible;		/* -I: INTR_*: which signals end the
					   trace */
	const struct inject_rules *inject;	/* -e inject=, fault=: the
					   command's filter, or NULL */
	/*
	 * events and BPF.  count_first: -c without stacks counts in the
	 * kernel with no syscall events; the records only if it cannot.
	 * cap.ring: ring mode wanted, if the events allow it (not for a few
	 * syscalls on their own tracepoints).  scope: with a command, events
	 * on for all tasks may be kept to the traced ones (ring mode, or
	 * -f on process-lifecycle events only).
	 */
	struct ev_want ev;
	struct cap_want cap;
	struct sc_select seen;		/* the syscalls whose records come: the
					   selection, or all of them (-n) */
	int count_first;
	int scope;
	/* rings */
	size_t ring_bytes;		/* per CPU */
	int maps;			/* PERF_MAPS_*: mapping records wanted */
	int maps_with_bpf;		/* ... when BPF copies the strings */
	uint32_t stack_size;		/* bytes of user stack per sample */
	int stack_fp;
	int kstack;
	/* pairing, sinks */
	struct pair_conf pair;
	int json;
	struct sink_conf sink;
	/* tables and reports at the end */
	int summary;			/* -c, -C: the table */
	unsigned int sum_by;		/* --by */
	double interval;		/* --interval SEC, or 0 */
	int stacks;			/* -k 1, -kk 2: stacks unwound */
	int aggregate;			/* stacks counted: folded, flame
					   graph, -c -k's top stacks */
	int top_stacks;			/* -c -k: the top stacks reported */
	int stack_perf;			/* --stack=perf: the sink */
	int folded;			/* --stack=folded ... */
	const char *folded_file;	/* ... to this file, or stdout */
	int folded_append;		/* -A */
	const char *flamegraph;		/* --flamegraph FILE.svg */
	int spawns;			/* --spawns: the report */
	unsigned int quiet;		/* QUIET_*: notes on stderr left out */
	/* etrace record: the records go to this file, nothing is printed */
	const struct recording_conf *record;
	/* -l: no trace, the events matching list_glob (NULL: all) listed */
	int list;
	const char *list_glob;
	int list_verbose;		/* -l -v: with their formats */
	struct options *opts;		/* plan_read's: what the plan points
					   into, released by plan_free */
};

/*
 * -I, --interruptible, strace's levels: 1 anywhere and 2 waiting (the
 * default) are what etrace always does, a signal ending the trace at the
 * loop's next turn, the output flushed (etrace decodes nothing a signal
 * could cut); 3 never: SIGHUP, SIGINT, SIGQUIT, SIGPIPE and SIGTERM are
 * ignored (the trace ends with the traced tasks); 4 never_tstp: SIGTSTP
 * too (etrace is not stopped by ^Z)
 */
enum { INTR_ANYWHERE = 1, INTR_WAITING, INTR_NEVER, INTR_NEVER_TSTP };

/* the plan for these options on this machine; it points into o */
void plan_make(const struct options *o, const struct plan_machine *m,
	       struct plan *p);
/*
 * main's one entry: the command line read by the options stage (parsed,
 * implications drawn, conflicts refused), then planned, so that nothing
 * after this sees the options.  0 with *p made (plan_free releases it);
 * 1 when etrace exits 0 at once (--help, --version, printed); -1 with one
 * line in err and nothing left to release.
 */
int plan_read(int argc, char **argv, const struct plan_machine *m,
	      struct plan *p, char *err, size_t errlen);
/*
 * `etrace record ARGS` (argv[0] "record"): as plan_read, refusing what a
 * recording does not keep; the recording's file and option words in rcf
 * (rcf->words freed by the caller)
 */
int plan_read_record(int argc, char **argv, const struct plan_machine *m,
		     struct plan *p, struct recording_conf *rcf, char *err,
		     size_t errlen);
/* `etrace report`: the option words of the recording and of the report */
struct plan_report {
	char **rec;			/* the recording's */
	int nrec;
	char **own;			/* the report's own */
	int nown;
	char **cmd;			/* the recorded command */
	int ncmd;
	int picks;			/* the report's -p picks processes */
};
/*
 * A report's plan: the recording's options, then its own; refused (-1,
 * err set) when it asks for what was not recorded or cannot be made
 */
int plan_read_report(const struct plan_report *rw,
		     const struct plan_machine *m, struct plan *p, char *err,
		     size_t errlen);
void plan_free(struct plan *p);

#endif
