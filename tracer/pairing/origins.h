/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Origins stage: where calls and processes come from, fed by the pairing
 * stage.  The stack of a call or event (-k); for --spawns the parent, its
 * stack at the fork and, for bash, the script line, kept per task here
 * (struct task holds only the pointer), and each exec filed under them.
 */
#ifndef ETRACE_ORIGINS_H
#define ETRACE_ORIGINS_H

#include <stdint.h>
#include <sys/types.h>

#include "decode.h"
#include "spawns.h"
#include "task.h"
#include "unwind.h"

/* -k: the sample's stack into t->frames (s NULL: none, nframes 0) */
void origin_take_stack(struct unwinder *u, struct task *t,
		       const struct stack_sample *s);
/* --spawns: parent forked child (a process, not a thread) */
void origin_forked(struct task *parent, struct task *child, pid_t ppid);
/* t's exec succeeded (c: the call, its path): filed under its origin */
void origin_spawned(struct spawns *sp, struct task *t, const struct sc_call *c,
		    uint64_t time);
/* t ended: its time is added to its group */
void origin_ended(struct spawns *sp, struct task *t, uint64_t time);
/* a record of bash's uprobes (struct cap_bash) for task tid */
void origin_bash_record(struct task_table *tasks, pid_t tid,
			const uint8_t *raw);
/* the script line that forked t, or NULL */
const struct shell_loc *origin_loc(const struct task *t);
/*
 * -k: a script stack's record (scripts.h's providers) for task tid,
 * lost: the records the rings had lost when it came
 */
void origin_script_record(struct unwinder *u, struct task_table *tasks,
			  pid_t tid, const uint8_t *raw, size_t len,
			  uint64_t lost);
/* the script frames read at t's syscall nr's entry, into t->frames */
void origin_take_script(struct task *t, long nr, uint64_t lost);
/*
 * --stack=bpf: the program's record of tid's user stack at a syscall's
 * entry (CAP_MAGIC_USTACK), kept for that syscall's sample.
 */
void origin_ustack_record(struct task_table *tasks, pid_t tid,
			  const uint8_t *raw, size_t len, uint64_t lost);
/* what t keeps here is freed (the task table's drop hook) */
void origin_drop(struct task *t);
/* a's and b's bash functions are one table (shared since a fork) */
int origin_bash_shared(const struct task *a, const struct task *b);

#endif
