/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Syscall pairing stage: entry and exit records of each thread become
 * calls for the sinks, and deaths become exit reports.
 */
#ifndef ETRACE_PAIR_H
#define ETRACE_PAIR_H

#include <stdint.h>
#include <sys/types.h>

#include "capture_abi.h"
#include "decode.h"
#include "inject.h"
#include "maps.h"
#include "pathsel.h"
#include "pidnames.h"
#include "stacks.h"
#include "unwind.h"
#include "rules.h"
#include "select.h"
#include "sink.h"
#include "spawns.h"
#include "summary.h"
#include "task.h"

struct launch;

/* pair.joinbuf's halves; all of it with the inner strings' */
#define JOIN_BUF (2 * CAP_REC_MAX)
#define JOIN_ALL (2 * JOIN_BUF)

/* pair.exit_ns: the exit says no time (it is the records' then) */
#define PAIR_NO_NS UINT64_MAX

struct pair {
	struct task_table tasks;
	struct maps_table maps;		/* per process: its file mappings */
	unsigned int sweeps;		/* checks of vanished tasks made */
	struct unwinder unw;
	struct stack_agg *agg;		/* --stack=folded, --flamegraph */
	struct spawns *spawns;		/* --spawns */
	int stacks;			/* -k: 1, -kk: 2 */
	struct sink *sink;
	struct sink_view view;
	const struct sc_select *sel;
	const struct path_sel *paths;	/* -P, or NULL */
	struct injector *inj;		/* -e inject=: whose answers mark
					   the calls, or NULL */
	int exit_skipped;		/* the exit being fed: its call was
					   skipped by a seccomp filter */
	int light;			/* etrace record's: the tasks' states
					   and the -c counts kept, no call made
					   nor handed to the sink */
	uint64_t exit_ns;		/* ... its call's time, for -c, as the
					   ring program took it, or PAIR_NO_NS */
	int detach_exec;		/* -b execve: a process's exec ends its
					   tracing (the command's first kept) */
	int detach_first_kept;		/* ... the command's first exec seen */
	int child_detached;		/* ... the command's did */
	void (*on_detach)(void *arg, pid_t pid);	/* said for each */
	void *detach_arg;
	struct fmt_opts fo;
	struct fmt_opts fo_full;	/* fo with -v: calls -e abbrev= leaves
					   out */
	const struct sc_select *raw;	/* -e raw=, or NULL */
	const struct sc_select *abbrev;	/* -e abbrev=, or NULL: all */
	const struct sc_select *deref;	/* -e verbose=, or NULL: all */
	int follow;			/* new children are traced */
	int system_wide;
	int selection;			/* --comm, --uid, --cgroup: tasks are
					   known by their traced calls */
	/* the command etrace started: its exec is known exactly */
	pid_t child;
	const struct launch *launch;
	int exec_seen;
	char child_comm0[16];		/* its name before the exec (-Y) */
	int child_status;		/* waitpid status, once reaped */
	int child_reaped;
	int child_exit_pending;		/* its EXIT came before the reap */
	/* counts, for the end */
	uint64_t calls;
	uint64_t signals;		/* -e signal=: bit sig-1 shows */
	struct rules rules;		/* which calls go on to the sink */
	unsigned int context;		/* --context N */
	int sig_from_bpf;		/* signal lines come with siginfo */
	int bpf_exits;			/* the BPF program reports task exits */
	int file_strings;		/* the records report every file mapping:
					   strings may be read from the files */
	int events_survive_exec;	/* events for all tasks: the kernel does
					   not drop them at a privileged exec */
	uint64_t now;			/* time of the record being handled */
	struct summary *sum;		/* -c: what is counted from records */
	int sum_calls;			/* syscalls too (no kernel counts) */
	/* one call's captures as the decoders see them (reused per call) */
	struct cap capv[2][SC_MAX_ARGS];
	struct fd_desc fdv[FD_SLOTS];	/* -y: its fds */
	struct cap dumpcap;		/* -e read=/write=: its transfer */
	struct cap innercap[2];		/* ioctl: inner memory, entry and exit */
	struct cap innerstrcap[2];	/* and the strings behind it */
	uint8_t *joinbuf;		/* JOIN_BUF: joined copies; then the
					   inner strings' of each half */
	uint8_t *strbuf;		/* strings read from mapped files */
	uint64_t cap_bad;		/* malformed capture records */
	uint64_t lost;			/* records the rings lost, so far */
	/*
	 * Signals sent to a task in a call, shown (as strace shows them)
	 * when that call ends: the ones never delivered (ends.c).  A few
	 * at a time; when full, the oldest is shown at once.
	 */
	struct held_sig {
		pid_t tid;
		struct cap_sig sg;
	} held[16];
	unsigned int nheld;
	struct pidnames names;		/* -Y: the names of pids */
	/*
	 * Is tid alive?  /proc's answer (NULL), or what a recording says
	 * /proc answered then (etrace record keeps the answers)
	 */
	int (*alive)(void *ctx, pid_t tid);
	void *alive_ctx;
};

/* what the pairing stage is to do (the trace plan says) */
struct pair_conf {
	const struct sc_select *sel;	/* the syscalls shown */
	const struct path_sel *paths;	/* -P: only calls that touch these */
	int strsize;			/* -s */
	int verbose;			/* -v */
	int xflag;			/* -x 1, -xx 2 */
	unsigned int fds;		/* -y: DECODE_FD_* shown */
	int follow;			/* new children are traced */
	int all;			/* -a */
	int selection;			/* --comm, --uid, --cgroup */
	int stacks;			/* -k 1, -kk 2: each call's stack */
	uint64_t signals;		/* -e signal=: bit sig-1 shows */
	uint64_t max_events;		/* --max-events, or 0 */
	struct rules rules;		/* which ended calls are shown */
	unsigned int context;		/* --context N: the calls before one
					   shown that the rules hid */
	int detach_exec;		/* -b execve */
	int pid_names;			/* -Y: pids named (prefixes, args) */
	const struct sc_select *raw;	/* -e raw=: undecoded, or NULL */
	const struct sc_select *abbrev;	/* -e abbrev=: the calls whose big
					   structs are cut, or NULL: all */
	const struct sc_select *deref;	/* -e verbose=: the calls whose
					   structs show, or NULL: all */
};

int pair_init(struct pair *p, struct sink *sink, const struct pair_conf *c);
void pair_free(struct pair *p);

/* a traced task that existed before the trace (attach, command) */
struct task *pair_add_task(struct pair *p, pid_t tid, pid_t pid,
			   const char *comm);
/*
 * stk: the sample's stack, when it carries one (-k), else NULL; ip: the
 * user IP at the entry (-i), 0 when the record has none
 */
void pair_enter(struct pair *p, pid_t pid, pid_t tid, long nr,
		const uint64_t *args, int nargs, uint64_t time,
		const struct stack_sample *stk, uint64_t ip);
void pair_exit(struct pair *p, pid_t pid, pid_t tid, long nr, int64_t ret,
	       uint64_t time);
void pair_comm(struct pair *p, pid_t pid, pid_t tid, const char *comm,
	       int exec);
void pair_mmap(struct pair *p, pid_t pid, uint64_t addr, uint64_t len,
	       uint64_t pgoff, uint32_t prot, uint32_t flags, uint64_t dev,
	       uint64_t ino, const char *path);
struct evsel;
/* a record of any other tracepoint */
void pair_event(struct pair *p, pid_t pid, pid_t tid, const struct evsel *e,
		const uint8_t *raw, uint32_t size, uint64_t time,
		const struct stack_sample *stk);
/* a capture record (capture.h): argument memory of tid's next call phase */
void pair_capture(struct pair *p, pid_t pid, pid_t tid, const uint8_t *raw,
		  size_t len);
/* end t's open call: its exit was lost, it died in it, or detached */
void pair_end_call(struct pair *p, struct task *t, uint64_t time,
		   enum call_end end);
/*
 * a signal line of t (struct cap_sig: the BPF program's record); ip: the
 * user IP it is shown at (-i), 0 unknown
 */
void pair_signal_line(struct pair *p, struct task *t,
		      const struct cap_sig *sg, uint64_t ip, uint64_t time);
/* the signal lines held for t's call (ends.c), now that it ended */
void pair_flush_signals(struct pair *p, struct task *t, uint64_t time);
void pair_fork(struct pair *p, pid_t ppid, pid_t ptid, pid_t pid, pid_t tid,
	       uint64_t time);
/* callcaps.c: t's claimed copies joined to c, the call being made */
void pair_attach_caps(struct pair *p, struct task *t, struct sc_call *c);

#endif
