// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Origins stage: where calls and processes come from.
 *
 * The stack of a call or event (-k), the parent's stack at the fork that
 * made a process, and for bash the script file, line and function of that
 * fork, from what bash said through its uprobes (--spawns).  An exec files
 * the new program under those origins.
 */
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capture.h"
#include "ksyms.h"
#include "pair.h"
#include "pair_priv.h"

/*
 * --spawns: what bash said through its uprobes.  A process's functions
 * (and the files they were defined in) and the files it is sourcing
 * carry over to its subshells; the last make_child says where the next
 * fork comes from.
 */
#define BASH_LEVELS 16

struct bashfunc {
	char name[64];
	char file[192];
};

/* one allocation, so that freeing the task frees it all */
struct bashstate {
	char sourced[BASH_LEVELS][192];
	struct cap_bash last;		/* the last make_child */
	int pending;			/* it has not forked yet */
	int nfuncs;
	struct bashfunc funcs[];
};

static struct bashstate *bash_of(struct task *t)
{
	if (!t->bash)
		t->bash = calloc(1, sizeof(*t->bash));
	return t->bash;
}

static size_t bash_size(int nfuncs)
{
	/* room in steps of 16 functions */
	return sizeof(struct bashstate) +
	       sizeof(struct bashfunc) * (size_t)((nfuncs + 15) / 16 * 16);
}

static void bash_free(struct task *t)
{
	free(t->bash);
	t->bash = NULL;
}

static void bash_copy(struct task *to, const struct task *from)
{
	size_t size;

	if (!from->bash)
		return;
	size = bash_size(from->bash->nfuncs);
	bash_free(to);
	to->bash = malloc(size);
	if (!to->bash)
		return;
	memcpy(to->bash, from->bash, size);
	to->bash->pending = 0;
}

void origin_bash_record(struct pair *p, pid_t pid, pid_t tid,
			const uint8_t *raw)
{
	struct task *t = task_find(&p->tasks, tid);
	struct cap_bash r;
	struct bashstate *b;

	memcpy(&r, raw, sizeof(r));
	r.name[sizeof(r.name) - 1] = r.file[sizeof(r.file) - 1] = '\0';
	if (!t || !(b = bash_of(t)))
		return;
	switch (r.kind) {
	case BASH_FORK:
		b->last = r;
		b->pending = 1;
		break;
	case BASH_FUNC:
		for (int i = 0; i < b->nfuncs; i++) {
			if (!strcmp(b->funcs[i].name, r.name)) {
				memcpy(b->funcs[i].file, r.file, sizeof(r.file));
				return;
			}
		}
		if (!(b->nfuncs % 16)) {
			struct bashstate *nb = realloc(b, bash_size(b->nfuncs + 1));

			if (!nb)
				return;
			t->bash = b = nb;
		}
		memcpy(b->funcs[b->nfuncs].name, r.name, sizeof(r.name));
		memcpy(b->funcs[b->nfuncs].file, r.file, sizeof(r.file));
		b->nfuncs++;
		break;
	case BASH_SOURCE:
		/* sourcelevel counts up once the file is being read */
		if (r.sourcelevel >= 0 && r.sourcelevel + 1 < BASH_LEVELS)
			memcpy(b->sourced[r.sourcelevel + 1], r.file, sizeof(r.file));
		break;
	}
}

/*
 * The script line a fork of parent comes from: in a function, its line
 * is in the file the function was defined in; at the top of a sourced
 * file, in that file; else in the script ($0).
 */
static struct shell_loc *bash_loc(struct task *parent)
{
	struct bashstate *b = parent->bash;
	struct shell_loc *loc;
	const char *file = NULL;

	if (!b || !b->pending || b->last.line <= 0)
		return NULL;
	b->pending = 0;
	loc = calloc(1, sizeof(*loc));
	if (!loc)
		return NULL;
	loc->line = b->last.line;
	snprintf(loc->func, sizeof(loc->func), "%s", b->last.name);
	if (b->last.name[0]) {
		for (int i = 0; i < b->nfuncs && !file; i++)
			if (!strcmp(b->funcs[i].name, b->last.name))
				file = b->funcs[i].file;
	} else if (b->last.sourcelevel > 0 && b->last.sourcelevel < BASH_LEVELS) {
		file = b->sourced[b->last.sourcelevel];
	} else {
		file = b->last.file;
	}
	snprintf(loc->file, sizeof(loc->file), "%s", file ? file : "");
	return loc;
}

/* --spawns: a process exec'd a program: file it under its origin */
void origin_spawned(struct pair *p, struct task *t, const struct sc_call *c,
		    uint64_t time)
{
	char prog[4096];
	const struct cap *k = c->cap[0];

	/* the old program's shell state is not the new one's */
	bash_free(t);
	if (!p->spawns || !t->ppid)
		return;
	if (k && !(k->flags & CAP_FAULT))
		snprintf(prog, sizeof(prog), "%.*s", (int)k->len, (const char *)k->p);
	else
		snprintf(prog, sizeof(prog), "%s", t->comm);
	t->spawn_id = spawns_exec(p->spawns, prog, t->pcomm, t->ppid, t->origin,
				  t->norigin, t->loc, time);
	t->exec_time = time;
}

/*
 * -k: the stack of the sample being handled, into t->frames: the user
 * stack (DWARF-unwound, or the kernel's frame-pointer chain with
 * --stack=fp) and with --kstack the kernel's, innermost first.
 */
void origin_take_stack(struct pair *p, struct task *t)
{
	uint64_t pcs[UNWIND_MAX];
	int n = 0, k = 0;

	t->nframes = 0;
	if (!p->stacks || !p->stk.valid)
		return;
	if (!t->frames) {
		t->frames = malloc(sizeof(*t->frames) * UNWIND_FRAMES);
		if (!t->frames)
			return;
	}
	/* the callchain: PERF_CONTEXT_KERNEL, kernel pcs, PERF_CONTEXT_USER,
	   user pcs (only the parts asked for are there) */
	for (uint64_t i = 0, ctx = 0; i < p->stk.nchain; i++) {
		uint64_t pc = p->stk.chain[i];

		if (pc >= (uint64_t)PERF_CONTEXT_MAX) {
			ctx = pc;
			continue;
		}
		if (ctx == (uint64_t)PERF_CONTEXT_KERNEL && k < UNWIND_MAX) {
			struct frame *f = &t->frames[k++];
			uint64_t off = 0;

			memset(f, 0, sizeof(*f));
			f->pc = pc;
			f->module = "[kernel]";
			f->sym = ksym(pc, &off);
			f->symoff = f->sym ? off : 0;
			f->reloff = pc;
		} else if (ctx == (uint64_t)PERF_CONTEXT_USER && n < UNWIND_MAX) {
			pcs[n++] = pc;
		}
	}
	if (p->stk.regs)
		n = unwind_pcs(&p->unw, t->pid, p->stk.regs, p->stk.stack,
			       p->stk.len, pcs, UNWIND_MAX);
	t->nframes = k + unwind_frames(&p->unw, t->pid, pcs, n, t->frames + k,
				       UNWIND_FRAMES - k);
}

void pair_fork(struct pair *p, pid_t ppid, pid_t ptid, pid_t pid, pid_t tid,
	       uint64_t time)
{
	struct task *parent = task_find(&p->tasks, ptid);
	struct task *t;

	if (!p->follow && !p->system_wide)
		return;
	if (pid != ppid)
		maps_fork(&p->maps, ppid, pid);
	if (task_find(&p->tasks, tid))
		return;
	t = pair_add_task(p, tid, pid, parent ? parent->comm : NULL);
	if (t)
		t->newborn = 1;
	if (t && parent && pid != ppid) {
		t->ppid = ppid;
		memcpy(t->pcomm, parent->comm, sizeof(t->pcomm));
		bash_copy(t, parent);
		t->loc = bash_loc(parent);
	}
	/* where it was made: the parent's stack at its fork or clone */
	if (t && parent && parent->nframes && pid != ppid &&
	    (t->origin = malloc(sizeof(*t->origin) * (size_t)parent->nframes))) {
		memcpy(t->origin, parent->frames,
		       sizeof(*t->origin) * (size_t)parent->nframes);
		t->norigin = parent->nframes;
	}
}
