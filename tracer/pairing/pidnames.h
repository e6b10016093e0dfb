/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Syscall pairing stage: -Y's names of pids.  A pid is named only when
 * etrace knows the name it had at that moment: a traced task (its name
 * follows its COMM records, in time order), a process of a traced parent
 * that exited and was not reaped yet, or etrace itself (the command's
 * parent).  Other pids are not named: etrace knows their names at no
 * exact moment.
 */
#ifndef ETRACE_PIDNAMES_H
#define ETRACE_PIDNAMES_H

#include <stdint.h>
#include <sys/types.h>

#include "decode.h"
#include "task.h"

struct pidnames {
	struct task_table *tasks;
	int on;				/* -Y given */
	pid_t self;			/* etrace */
	char self_comm[16];
	/*
	 * Processes that exited and are not reaped yet (zombies), by pid,
	 * with the name they died with: a wait4 that reaps one, or a
	 * SIGCHLD before it, still names it.  A ring: the oldest goes.
	 */
	struct zombie {
		pid_t pid;
		pid_t ppid;		/* its parent, traced */
		char comm[16];
	} zombies[64];
	unsigned int nzombie;
};

/* fmt_opts.pid_name: the name pid has now, or NULL; ctx: the pidnames */
const char *pidnames_name(const void *ctx, int64_t pid);
/* task t exited (its EXIT record) */
void pidnames_exit(struct pidnames *n, const struct task *t);
/*
 * After t's wait call nr returned ret: forget what it reaped.  c NULL:
 * the call is not shown (its arguments unknown).
 */
void pidnames_wait(struct pidnames *n, struct task *t, long nr, int64_t ret,
		   const struct sc_call *c);

#endif
