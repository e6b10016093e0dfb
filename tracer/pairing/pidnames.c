// SPDX-License-Identifier: GPL-2.0-or-later
/* Syscall pairing stage: -Y's names of pids (pidnames.h) */
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "capture_abi.h"
#include "pidnames.h"

/* ctx: the pidnames */
const char *pidnames_name(const void *ctx, int64_t pid)
{
	const struct pidnames *p = ctx;
	struct task *t = task_find(p->tasks, (pid_t)pid);
	unsigned int n = p->nzombie < 64 ? p->nzombie : 64;

	if (t)
		return t->comm;
	if (pid == p->self && p->self_comm[0])
		return p->self_comm;
	for (unsigned int i = 0; i < n; i++) {
		const struct zombie *z = &p->zombies[(p->nzombie - 1 - i) % 64];

		if (z->pid == pid)
			return z->comm;
	}
	return NULL;
}

/*
 * A process that exits stays a zombie, its pid taken, until its parent
 * reaps it.  Kept only when etrace traces the parent, so it sees the
 * reap: a wait4 or waitid that returns it forgets it (after its line;
 * the plan has those calls' records read with -Y), and so does the
 * parent's own exit (init reaps the orphan then).  Threads are reaped
 * as they exit.  The ring bounds what a parent that never reaps (SIGCHLD
 * ignored) leaves: pids are handed out in turn, so one comes back only
 * after pid_max others, long after 64 exits.
 */
void pidnames_exit(struct pidnames *p, const struct task *t)
{
	struct zombie *z;

	if (!p->on || t->tid != t->pid)
		return;
	/* its children are orphans now: reaped by someone etrace does
	   not see */
	for (unsigned int i = 0; i < 64; i++)
		if (p->zombies[i].ppid == t->pid)
			p->zombies[i].pid = p->zombies[i].ppid = 0;
	if (!t->ppid || !task_find(p->tasks, t->ppid))
		return;
	z = &p->zombies[p->nzombie++ % 64];
	z->pid = t->pid;
	z->ppid = t->ppid;
	memcpy(z->comm, t->comm, sizeof(z->comm));
}

/* pid was reaped by parent (pid 0: any of its children may have been) */
static void zombie_reaped(struct pidnames *p, pid_t parent, int64_t pid)
{
	for (unsigned int i = 0; i < 64; i++) {
		struct zombie *z = &p->zombies[i];

		if (z->pid && (z->pid == pid || (!pid && z->ppid == parent)))
			z->pid = z->ppid = 0;
	}
}

/*
 * After a wait call of t's: what it reaped.  c NULL: the call is not
 * shown, its arguments are unknown; a waitid then may have reaped any
 * child, all are forgotten (a name left out, never a wrong one).
 */
void pidnames_wait(struct pidnames *p, struct task *t, long nr, int64_t ret,
		   const struct sc_call *c)
{
	const struct cap *k;
	int32_t pid;

	if (!p->on || !p->nzombie)
		return;
	if (nr == SYS_wait4 && ret > 0) {
		zombie_reaped(p, t->pid, ret);
		return;
	}
	if (nr != SYS_waitid || ret != 0)
		return;
	k = c ? c->cap_out[2] : NULL;
	if ((c ? (uint32_t)c->args[3] : t->wait_opts) & WNOWAIT)
		return;
	if (k && !(k->flags & CAP_FAULT) && k->len >= 20) {
		memcpy(&pid, k->p + 16, sizeof(pid));
		zombie_reaped(p, t->pid, pid);
	} else {
		zombie_reaped(p, t->pid, 0);
	}
}
