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

#include "cap_unwind_abi.h"
#include "capture_abi.h"
#include "ksyms.h"
#include "origins.h"
#include "scripts.h"

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

/*
 * What a process's subshells inherit (its functions, the files it is
 * sourcing): shared by a shell and the children it forks until one of
 * them changes it (copy on write).  A script that defines 100 functions
 * and forks 10,000 times holds one table, not 10,000.
 */
struct bashshared {
	int refs;
	int nfuncs;
	char sourced[BASH_LEVELS][192];
	struct bashfunc funcs[];
};

/* a task's own: where its next fork comes from */
struct bashstate {
	struct cap_bash last;		/* the last make_child */
	int pending;			/* it has not forked yet */
	struct bashshared *sh;
};

/*
 * What this stage keeps of a task, beside it (struct task knows only the
 * pointer): where it was made, and bash's state when it runs bash.
 */
struct task_origin {
	pid_t ppid;			/* the parent, when forked in the trace */
	char pcomm[16];
	struct bashstate *bash;		/* if it ran bash: its shell state */
	struct shell_loc *loc;		/* the script line that forked it */
	struct frame *frames;		/* the parent's stack at the fork */
	int nframes;
	struct script_stack *script;	/* -k: the script stack read last */
	struct ustack_rec *ustack;	/* --stack=bpf: the stack read last */
	int spawn_id;			/* its group, once exec'd; -1 */
	uint64_t exec_time;
};

/*
 * -k: an interpreter's script stack, read by its BPF program at a
 * syscall's entry, waiting for that syscall's sample (next for the task,
 * unless the ring lost it).
 */
struct script_stack {
	long nr;			/* the syscall it was read at */
	uint64_t lost;			/* records lost when it came */
	int n;				/* 0: nothing waits */
	struct frame f[SCRIPT_FRAMES];
};

static struct task_origin *origin_of(struct task *t)
{
	if (!t->origin && (t->origin = calloc(1, sizeof(*t->origin))))
		t->origin->spawn_id = -1;
	return t->origin;
}

const struct shell_loc *origin_loc(const struct task *t)
{
	return t->origin ? t->origin->loc : NULL;
}

static void bash_put(struct bashstate *b)
{
	if (!b)
		return;
	if (b->sh && --b->sh->refs == 0)
		free(b->sh);
	free(b);
}

void origin_drop(struct task *t)
{
	struct task_origin *o = t->origin;

	if (!o)
		return;
	bash_put(o->bash);
	free(o->loc);
	free(o->frames);
	free(o->script);
	free(o->ustack);
	free(o);
	t->origin = NULL;
}

static size_t bash_size(int nfuncs)
{
	/* room in steps of 16 functions */
	return sizeof(struct bashshared) +
	       sizeof(struct bashfunc) * (size_t)((nfuncs + 15) / 16 * 16);
}

static struct bashstate *bash_of(struct task *t)
{
	struct task_origin *o = origin_of(t);

	if (o && !o->bash)
		o->bash = calloc(1, sizeof(*o->bash));
	if (!o || !o->bash)
		return NULL;
	if (!o->bash->sh) {
		o->bash->sh = calloc(1, bash_size(0));
		if (!o->bash->sh)
			return NULL;
		o->bash->sh->refs = 1;
	}
	return o->bash;
}

/* b's shared part, its own to change (room for one more function) */
static struct bashshared *bash_writable(struct bashstate *b)
{
	struct bashshared *sh = b->sh, *n;
	size_t size = bash_size(sh->nfuncs + 1);

	if (sh->refs == 1) {
		if (sh->nfuncs % 16)
			return sh;
		n = realloc(sh, size);
		if (!n)
			return NULL;
		return b->sh = n;
	}
	n = malloc(size);
	if (!n)
		return NULL;
	memcpy(n, sh, bash_size(sh->nfuncs));
	n->refs = 1;
	sh->refs--;
	return b->sh = n;
}

static void bash_free(struct task *t)
{
	if (t->origin) {
		bash_put(t->origin->bash);
		t->origin->bash = NULL;
	}
}

/* the child shares its parent's table: no copy until one changes it */
static void bash_copy(struct task_origin *to, const struct task_origin *from)
{
	if (!from->bash || !from->bash->sh)
		return;
	bash_put(to->bash);
	to->bash = calloc(1, sizeof(*to->bash));
	if (!to->bash)
		return;
	to->bash->sh = from->bash->sh;
	to->bash->sh->refs++;
}

int origin_bash_shared(const struct task *a, const struct task *b)
{
	return a->origin && b->origin && a->origin->bash && b->origin->bash &&
	       a->origin->bash->sh &&
	       a->origin->bash->sh == b->origin->bash->sh;
}

void origin_bash_record(struct task_table *tasks, pid_t tid,
			const uint8_t *raw)
{
	struct task *t = task_find(tasks, tid);
	struct cap_bash r;
	struct bashstate *b;
	struct bashshared *sh;
	int i;

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
		for (i = 0; i < b->sh->nfuncs; i++)
			if (!strcmp(b->sh->funcs[i].name, r.name))
				break;
		/* (the same definition again changes nothing: stays shared) */
		if (i < b->sh->nfuncs &&
		    !strncmp(b->sh->funcs[i].file, r.file, sizeof(r.file)))
			return;
		if (!(sh = bash_writable(b)))
			return;
		if (i == sh->nfuncs) {
			memcpy(sh->funcs[i].name, r.name, sizeof(r.name));
			sh->nfuncs++;
		}
		memcpy(sh->funcs[i].file, r.file, sizeof(r.file));
		break;
	case BASH_SOURCE:
		/* sourcelevel counts up once the file is being read */
		if (r.sourcelevel >= 0 && r.sourcelevel + 1 < BASH_LEVELS &&
		    (sh = bash_writable(b)))
			memcpy(sh->sourced[r.sourcelevel + 1], r.file, sizeof(r.file));
		break;
	}
}

/*
 * The script line a fork of parent comes from: in a function, its line
 * is in the file the function was defined in; at the top of a sourced
 * file, in that file; else in the script ($0).
 */
static struct shell_loc *bash_loc(const struct task_origin *parent)
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
		for (int i = 0; i < b->sh->nfuncs && !file; i++)
			if (!strcmp(b->sh->funcs[i].name, b->last.name))
				file = b->sh->funcs[i].file;
	} else if (b->last.sourcelevel > 0 && b->last.sourcelevel < BASH_LEVELS) {
		file = b->sh->sourced[b->last.sourcelevel];
	} else {
		file = b->last.file;
	}
	snprintf(loc->file, sizeof(loc->file), "%s", file ? file : "");
	return loc;
}

/* --spawns: a process exec'd a program: file it under its origin */
void origin_spawned(struct spawns *sp, struct task *t, const struct sc_call *c,
		    uint64_t time)
{
	struct task_origin *o = t->origin;
	char prog[4096];
	const struct cap *k = c->cap[0];

	/* the old program's shell state is not the new one's */
	bash_free(t);
	if (!sp || !o || !o->ppid)
		return;
	if (k && !(k->flags & CAP_FAULT))
		snprintf(prog, sizeof(prog), "%.*s", (int)k->len, (const char *)k->p);
	else
		snprintf(prog, sizeof(prog), "%s", t->comm);
	o->spawn_id = spawns_exec(sp, prog, o->pcomm, o->ppid, o->frames,
				  o->nframes, o->loc, time);
	o->exec_time = time;
}

void origin_ended(struct spawns *sp, struct task *t, uint64_t time)
{
	struct task_origin *o = t->origin;

	if (sp && o && o->spawn_id >= 0 && t->tid == t->pid)
		spawns_end(sp, o->spawn_id, time - o->exec_time);
}

/*
 * --stack=bpf: a task's user stack, read by the program at a syscall's
 * entry, waiting for that syscall's sample (next for the task, unless
 * the ring lost it).  The buffer grows to the largest record once.
 */
_Static_assert(USTACK_CUT_NOT_CODE == FRAME_CUT_NOT_CODE &&
	       USTACK_CUT_COPY_END == FRAME_CUT_COPY_END,
	       "the program's cut values are the unwinder's");

struct ustack_rec {
	uint64_t lost;			/* records lost when it came */
	size_t len, cap;		/* 0: nothing waits */
	uint8_t raw[];			/* struct cap_ustack and its body */
};

void origin_ustack_record(struct task_table *tasks, pid_t tid,
			  const uint8_t *raw, size_t len, uint64_t lost)
{
	struct task *t = task_find(tasks, tid);
	struct task_origin *o;
	struct ustack_rec *r;

	if (!t || !(o = origin_of(t)))
		return;
	r = o->ustack;
	if (!r || r->cap < len) {
		r = realloc(r, sizeof(*r) + len);
		if (!r)
			return;
		r->cap = len;
		o->ustack = r;
	}
	memcpy(r->raw, raw, len);
	r->len = len;
	r->lost = lost;
}

/*
 * The pcs of the stack read at this very syscall (t->last_nr, and no
 * record lost since): as the program unwound them, or libdw's from its
 * copy.  0 when there is none (the stack is not known).
 */
static int ustack_take(struct unwinder *u, struct task *t, uint64_t lost,
		       uint64_t *pcs, int *cut)
{
	struct ustack_rec *r = t->origin ? t->origin->ustack : NULL;
	struct cap_ustack h;
	const uint8_t *body;
	size_t len;

	if (!r || !r->len)
		return 0;
	len = r->len;
	r->len = 0;
	memcpy(&h, r->raw, sizeof(h));
	if (h.nr != t->last_nr || r->lost != lost)
		return 0;
	body = r->raw + sizeof(h);
	len -= sizeof(h);
	if (h.kind == USTACK_PCS_KIND && h.n && h.n <= UNWIND_MAX &&
	    h.n <= len / 8 && h.cut <= FRAME_CUT_COPY_END) {
		memcpy(pcs, body, 8 * (size_t)h.n);
		*cut = h.cut;
		u->stacks++;
		u->kstacks++;
		u->frames += h.n;
		return (int)h.n;
	}
	if (h.kind != USTACK_COPY_KIND || len < 8 * USTACK_NREGS ||
	    h.n > len - 8 * USTACK_NREGS)
		return 0;
	/* (the registers are 8-aligned in the record: raw[] is) */
	return unwind_pcs(u, t->pid, (const uint64_t *)body,
			  body + 8 * USTACK_NREGS, h.n, pcs, UNWIND_MAX, cut);
}

/*
 * -k: the stack of the sample being handled, into t->frames: the user
 * stack (DWARF-unwound, or the kernel's frame-pointer chain with
 * --stack=fp) and with --kstack the kernel's, innermost first.
 */
void origin_take_stack(struct unwinder *u, struct task *t,
		       const struct stack_sample *s)
{
	uint64_t pcs[UNWIND_MAX];
	int n = 0, k = 0, cut = FRAME_CUT_NONE;

	t->nframes = 0;
	if (!s)
		return;
	if (!t->frames) {
		t->frames = malloc(sizeof(*t->frames) *
				   (UNWIND_FRAMES + SCRIPT_FRAMES));
		if (!t->frames)
			return;
	}
	/* the callchain: PERF_CONTEXT_KERNEL, kernel pcs, PERF_CONTEXT_USER,
	   user pcs (only the parts asked for are there) */
	for (uint64_t i = 0, ctx = 0; i < s->nchain; i++) {
		uint64_t pc = s->chain[i];

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
	if (s->regs)
		n = unwind_pcs(u, t->pid, s->regs, s->stack, s->len, pcs,
			       UNWIND_MAX, &cut);
	else if (!n)
		n = ustack_take(u, t, s->lost, pcs, &cut);
	t->nframes = k + unwind_frames(u, t->pid, pcs, n, cut, t->frames + k,
				       UNWIND_FRAMES - k);
}

/*
 * --spawns: a traced task forked a process: who its parent is, bash's
 * state (a subshell's functions and sourced files), the script line the
 * fork comes from, the parent's stack at the fork or clone.
 */
void origin_forked(struct task *parent, struct task *child, pid_t ppid)
{
	struct task_origin *c = origin_of(child), *po = origin_of(parent);

	if (!c || !po)
		return;
	c->ppid = ppid;
	memcpy(c->pcomm, parent->comm, sizeof(c->pcomm));
	bash_copy(c, po);
	c->loc = bash_loc(po);
	/* (its script line is c->loc: --spawns groups by code's frames) */
	if (parent->nframes &&
	    (c->frames = malloc(sizeof(*c->frames) * (size_t)parent->nframes))) {
		for (int i = 0; i < parent->nframes; i++)
			if (!parent->frames[i].script)
				c->frames[c->nframes++] = parent->frames[i];
	}
}

void origin_script_record(struct unwinder *u, struct task_table *tasks,
			  pid_t tid, const uint8_t *raw, size_t len,
			  uint64_t lost)
{
	const struct script_provider *sp;
	struct task *t = task_find(tasks, tid);
	struct task_origin *o;
	uint32_t magic;

	if (!t || len < sizeof(magic) || !(o = origin_of(t)))
		return;
	memcpy(&magic, raw, sizeof(magic));
	if (!(sp = script_provider(magic)))
		return;
	if (!o->script && !(o->script = calloc(1, sizeof(*o->script))))
		return;
	o->script->n = sp->frames(u, raw, len, &o->script->nr, o->script->f,
				  SCRIPT_FRAMES);
	o->script->lost = lost;
}

/*
 * The script frames go above the code's: after the kernel's (innermost)
 * and before the interpreter's own, whose work they are.  Only the stack
 * read at this very syscall: same number, and no record lost since (the
 * one that was lost may have been this syscall's).
 */
void origin_take_script(struct task *t, long nr, uint64_t lost)
{
	struct script_stack *ss = t->origin ? t->origin->script : NULL;
	int k = 0, n;

	if (!ss || !ss->n)
		return;
	n = ss->n;
	ss->n = 0;
	if (ss->nr != nr || ss->lost != lost)
		return;
	if (!t->frames && !(t->frames = malloc(sizeof(*t->frames) *
					       (UNWIND_FRAMES + SCRIPT_FRAMES))))
		return;
	while (k < t->nframes && t->frames[k].module &&
	       !strcmp(t->frames[k].module, "[kernel]"))
		k++;
	memmove(&t->frames[k + n], &t->frames[k],
		sizeof(*t->frames) * (size_t)(t->nframes - k));
	memcpy(&t->frames[k], ss->f, sizeof(*t->frames) * (size_t)n);
	t->nframes += n;
}
