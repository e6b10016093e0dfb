// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, user space: signals and exits (cap_signal.bpf.c's half).
 * Each task's end is read at sched_process_exit (with the group_dead
 * field of that event's format, where the kernel has one); the siginfo
 * of signals is read where they are delivered, or sent to die at once.
 * Their records reach the pairing stage (ends.c).
 */
#include <traceevent/event-parse.h>

#include "cap_priv.h"

unsigned int cap_signal_group_dead(struct tracefs *t)
{
	struct tep_event *ev;
	char err[256];
	int off;

	if (tfs_event(t, "sched", "sched_process_exit", &ev, err, sizeof(err)))
		return 0;
	off = tfs_field(ev, "group_dead", NULL);
	return off > 0 ? (unsigned int)off : 0;
}

int cap_signal_attach_exit(struct capture *c, struct tracefs *t)
{
	return cap_attach_tp(c, c->skel->progs.cap_task_exit, t, "sched",
			     "sched_process_exit", 0, 0);
}

/* siginfo of delivered signals, for the "--- SIGCHLD {...} ---" lines */
int cap_signal_attach(struct capture *c)
{
	return cap_attach_btf(c, c->skel->progs.cap_signal) ?:
	       cap_attach_btf(c, c->skel->progs.cap_signal_gen);
}
