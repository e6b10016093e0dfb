// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Syscall pairing stage.
 *
 * Records arrive in time order.  An entry starts a call on its thread; the
 * next exit of that thread ends it.  An exit without an entry (attached
 * mid-call, or the entry was lost) is reported as resumed; an entry while
 * a call is open means the exit was lost, and that call ends with "= ?".
 * A thread that dies in a call (exit_group, killed) ends it with "= ?".
 *
 * How a process ended is taken from what was traced: its exit_group or
 * exit argument, the fatal signal it dequeued, or for the command etrace
 * started, waitpid.  When none of these is known, sinks are told so
 * rather than given a guess.
 */
#include <linux/perf_event.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "capture.h"
#include "events.h"
#include "ksyms.h"
#include "launch.h"
#include "pair.h"
#include "proc.h"
#include "sysent_fallback.h"

#define JOIN_BUF (2 * CAP_REC_MAX)

static int is_exec(long nr);
static void report_exit(struct pair *p, struct task *t, uint64_t time);

int pair_init(struct pair *p, struct sink *sink, const struct sc_select *sel,
	      int strsize)
{
	memset(p, 0, sizeof(*p));
	p->sink = sink;
	p->sel = sel;
	p->fo.strsize = strsize;
	p->joinbuf = malloc(JOIN_BUF);
	p->strbuf = malloc(SC_MAX_ARGS * (CAP_PATH_MAX + 8));
	if (!p->joinbuf || !p->strbuf || maps_init(&p->maps))
		return -1;
	return task_table_init(&p->tasks);
}

void pair_free(struct pair *p)
{
	task_table_free(&p->tasks);
	maps_free(&p->maps);
	free(p->joinbuf);
	free(p->strbuf);
	p->joinbuf = p->strbuf = NULL;
}

struct task *pair_add_task(struct pair *p, pid_t tid, pid_t pid,
			   const char *comm)
{
	struct task *t = task_find(&p->tasks, tid);

	if (t)
		return t;
	t = task_get(&p->tasks, tid, pid);
	if (!t)
		return NULL;
	if (comm)
		snprintf(t->comm, sizeof(t->comm), "%s", comm);
	p->view.nlive++;
	return t;
}

/* a task we have records of but did not know: attached before, or -a */
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

struct bashstate {
	struct bashfunc *funcs;
	int nfuncs;
	char sourced[BASH_LEVELS][192];
	struct cap_bash last;		/* the last make_child */
	int pending;			/* it has not forked yet */
};

static struct bashstate *bash_of(struct task *t)
{
	if (!t->bash)
		t->bash = calloc(1, sizeof(*t->bash));
	return t->bash;
}

static void bash_free(struct task *t)
{
	if (t->bash)
		free(t->bash->funcs);
	free(t->bash);
	t->bash = NULL;
}

static void bash_copy(struct task *to, const struct task *from)
{
	struct bashstate *b;

	if (!from->bash || !(b = bash_of(to)))
		return;
	free(b->funcs);
	*b = *from->bash;
	b->pending = 0;
	b->funcs = NULL;
	b->nfuncs = 0;
	if (from->bash->nfuncs &&
	    (b->funcs = malloc(sizeof(*b->funcs) * (size_t)from->bash->nfuncs))) {
		memcpy(b->funcs, from->bash->funcs,
		       sizeof(*b->funcs) * (size_t)from->bash->nfuncs);
		b->nfuncs = from->bash->nfuncs;
	}
}

static void bash_record(struct pair *p, pid_t pid, pid_t tid,
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
			struct bashfunc *nf = realloc(b->funcs, sizeof(*nf) *
						      (size_t)(b->nfuncs + 16));

			if (!nf)
				return;
			b->funcs = nf;
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
static void spawned(struct pair *p, struct task *t, const struct sc_call *c,
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

static struct task *task_for(struct pair *p, pid_t pid, pid_t tid)
{
	struct task *t = task_find(&p->tasks, tid);

	return t ? t : pair_add_task(p, tid, pid, NULL);
}

static int sig_shown(const struct pair *p, int sig)
{
	return sig > 0 && sig < 65 && (p->signals >> (sig - 1) & 1);
}

/*
 * A signal delivered to a traced task, with the siginfo the kernel read
 * (BPF).  SIGKILL shows no line, as in strace: it cannot be caught, and
 * it is also how the kernel ends the other threads of a dying group.
 */
static void signal_line(struct pair *p, pid_t pid, pid_t tid,
			const struct cap_sig *sg)
{
	struct task *t = task_find(&p->tasks, tid);
	struct cap info = { sg->info, sizeof(sg->info), 0, 0, 0 };

	if (!t || sg->sig == SIGKILL || !sig_shown(p, sg->sig))
		return;
	p->sink->ops->signal(p->sink, t, sg->sig, sg->have_info ? &info : NULL,
			     0, p->now);
}

/*
 * Captures: the BPF program writes a call phase's argument memory just
 * before that phase's tracepoint sample, on the same CPU.  So a capture
 * is kept until the task's next sample and used only if that sample is
 * the same syscall and phase; anything else means records were lost in
 * between, and the capture is dropped rather than shown with another call.
 */
static int is_child_exec(struct pair *p, struct task *t, long nr);

void pair_capture(struct pair *p, pid_t pid, pid_t tid, const uint8_t *raw,
		  size_t len)
{
	struct task *t = task_find(&p->tasks, tid);
	struct cap_parsed cp;
	struct cap_exit ex;
	struct cap_sig sg;
	struct capslot *cs;
	int r = capture_parse(raw, len, &cp, &ex, &sg);

	if (r < 0) {
		p->cap_bad++;
		return;
	}
	if (r == 3) {
		signal_line(p, pid, tid, &sg);
		return;
	}
	if (r == 4) {
		bash_record(p, pid, tid, raw);
		return;
	}
	if (r == 5) {
		struct cap_exec ce;
		char msg[400];

		memcpy(&ce, raw, sizeof(ce));
		ce.filename[sizeof(ce.filename) - 1] = '\0';
		t = task_find(&p->tasks, (pid_t)ce.tid);
		if (!t)
			return;
		/* past the exec's point of no return: it returns 0 */
		if (t->in_call && is_exec(t->nr))
			pair_exit(p, t->pid, t->tid, t->nr, 0, p->now);
		snprintf(msg, sizeof(msg), "+++ %s gains privileges: the kernel"
			 " stops tracing pid %d here +++\n", ce.filename, ce.tid);
		p->sink->ops->note(p->sink, t, msg, p->now);
		t->perf_gone = 1;
		return;
	}
	if (r == 2) {
		/* how the task ended, as wait(2) will report it */
		t = task_find(&p->tasks, (pid_t)ex.tid);
		if (t) {
			t->wait_status = ex.exit_code;
			t->wait_known = 1;
			/* its perf events went at a privileged exec: no EXIT
			   record will come, this is its end */
			if (t->perf_gone)
				report_exit(p, t, p->now);
		}
		return;
	}
	if (t && t->perf_gone && r == 1)
		return;	/* not traced any more: its calls are not shown */
	/* a capture can come before the task's first sample */
	if (!t)
		t = task_for(p, pid, tid);
	if (!t)
		return;
	cs = &t->cs[cp.phase == CAP_AT_EXIT];
	if (cs->size < len) {
		uint8_t *nb = realloc(cs->buf, len);

		if (!nb)
			return;
		cs->buf = nb;
		cs->size = (uint32_t)len;
	}
	memcpy(cs->buf, raw, len);
	cs->len = (uint32_t)len;
	cs->nr = cp.nr;
	cs->state = CS_PENDING;
	/*
	 * The command's execve began before its perf events were enabled
	 * (enable_on_exec), but the BPF program saw it begin: its copy's
	 * time is the entry's, which -T and --duration need.
	 */
	if (cp.phase == CAP_AT_ENTRY && !t->in_call && is_child_exec(p, t, cp.nr))
		t->exec_t_enter = p->now;
}

/* at a sample: claim the slot's capture if it is this call's, else drop */
static void claim(struct capslot *cs, long nr)
{
	cs->state = cs->state == CS_PENDING && cs->nr == nr ? CS_CLAIMED :
							      CS_EMPTY;
}

static int is_string_kind(int kind)
{
	return kind == K_path || kind == K_str;
}

/*
 * A string the BPF program could not read (its page was not in memory)
 * or that nothing copied (--no-bpf) may still be known exactly: in a
 * read-only file mapping, the file holds the same bytes.
 */
static void strings_from_files(struct pair *p, struct task *t,
			       struct sc_call *c)
{
	for (int i = 0; i < c->d->nargs; i++) {
		struct cap *k = &p->capv[0][i];
		uint8_t *buf = p->strbuf + (size_t)i * (CAP_PATH_MAX + 8);
		size_t len, max;
		int trunc;

		if (!is_string_kind(c->d->arg[i].kind) || !c->args[i] ||
		    (c->cap[i] && !(c->cap[i]->flags & CAP_FAULT)))
			continue;
		max = c->d->arg[i].kind == K_path ? CAP_PATH_MAX :
		      (size_t)p->fo.strsize + 1;
		if (maps_read_str(&p->maps, t->pid, c->args[i], buf, max, &len,
				  &trunc))
			continue;
		memset(k, 0, sizeof(*k));
		k->p = buf;
		k->len = (uint32_t)len;
		k->flags = trunc ? CAP_TRUNC : 0;
		c->cap[i] = k;
	}
}

static void attach_caps(struct pair *p, struct task *t, struct sc_call *c)
{
	for (int ph = 0; ph < 2; ph++) {
		struct capslot *cs = &t->cs[ph];
		struct cap_parsed cp;
		struct cap_exit ex;

		if (cs->state != CS_CLAIMED ||
		    capture_parse(cs->buf, cs->len, &cp, &ex, NULL) != 1)
			continue;
		/* exit's entry items (retried inputs) replace the faulted */
		capture_caps(&cp, p->capv[ph], c->cap, c->cap_out,
			     p->joinbuf + ph * (JOIN_BUF / 2), JOIN_BUF / 2);
	}
	strings_from_files(p, t, c);
}



/*
 * -k: the stack of the sample being handled, into t->frames: the user
 * stack (DWARF-unwound, or the kernel's frame-pointer chain with
 * --stack=fp) and with --kstack the kernel's, innermost first.
 */
static void take_stack(struct pair *p, struct task *t)
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

static int is_exec(long nr)
{
	return nr == SYS_execve || nr == SYS_execveat;
}

static int is_fork(long nr)
{
	return nr == SYS_clone || nr == SYS_clone3 || nr == SYS_fork ||
	       nr == SYS_vfork;
}

/*
 * The command's own execve: etrace made that call's arguments, so it
 * knows them exactly (the child's memory is a copy of ours).
 */
struct exec_caps {
	struct cap path, argv, envp;
	char *argv_bytes;
};

static void exec_caps_fill(struct pair *p, struct sc_call *c,
			   struct exec_caps *k)
{
	const struct launch *l = p->launch;
	size_t len = 0;

	memset(k, 0, sizeof(*k));
	c->args[0] = (uint64_t)(unsigned long)l->path;
	c->args[1] = (uint64_t)(unsigned long)l->argv;
	c->args[2] = (uint64_t)l->envp;
	k->path.p = (const uint8_t *)l->path;
	k->path.len = (uint32_t)strlen(l->path);
	for (int i = 0; i < l->argc; i++)
		len += strlen(l->argv[i]) + 1;
	k->argv_bytes = malloc(len ? len : 1);
	if (k->argv_bytes) {
		char *q = k->argv_bytes;

		for (int i = 0; i < l->argc; i++) {
			size_t n = strlen(l->argv[i]) + 1;

			memcpy(q, l->argv[i], n);
			q += n;
		}
		k->argv.p = (const uint8_t *)k->argv_bytes;
		k->argv.len = (uint32_t)len;
		k->argv.count = k->argv.total = (uint32_t)l->argc;
		c->cap[1] = &k->argv;
	}
	k->envp.total = (uint32_t)l->envc;
	c->cap[0] = &k->path;
	c->cap[2] = &k->envp;
}

static int is_child_exec(struct pair *p, struct task *t, long nr)
{
	return p->launch && !p->exec_seen && t->tid == p->child &&
	       nr == SYS_execve;
}

static void call_init(struct pair *p, struct sc_call *c, struct task *t)
{
	memset(c, 0, sizeof(*c));
	c->d = sc_desc_of(t->nr);
	memcpy(c->args, t->args, sizeof(c->args));
	c->o = &p->fo;
	attach_caps(p, t, c);
}

static void caps_done(struct task *t)
{
	t->cs[0].state = t->cs[1].state = CS_EMPTY;
}

/* end t's open call: its exit was lost, or it died in it */
static void end_unknown(struct pair *p, struct task *t, uint64_t time,
			enum call_end end)
{
	struct sc_call c;

	if (!t->in_call)
		return;
	call_init(p, &c, t);
	p->sink->ops->sc_exit(p->sink, t, &c, time, 1, end);
	t->in_call = 0;
	caps_done(t);
}

static void note_exit_code(struct pair *p, struct task *t, long nr,
			   const uint64_t *args)
{
	if (nr == SYS_exit) {
		t->exit_code = (int)(args[0] & 0xff);
	} else if (nr == SYS_exit_group) {
		/* the whole group ends with this code */
		for (unsigned int i = 0; i < p->tasks.nb; i++)
			for (struct task *k = p->tasks.b[i]; k; k = k->hnext)
				if (k->pid == t->pid)
					k->exit_code = (int)(args[0] & 0xff);
	}
}

void pair_enter(struct pair *p, pid_t pid, pid_t tid, long nr,
		const uint64_t *args, int nargs, uint64_t time)
{
	struct task *t;
	struct sc_call c;
	struct exec_caps k;

	if (!sel_has(p->sel, nr)) {
		/* not printed, but it says how the process will end */
		if (nr == SYS_exit || nr == SYS_exit_group) {
			t = task_for(p, pid, tid);
			if (t)
				note_exit_code(p, t, nr, args);
		}
		/* or where the process it makes comes from */
		if (p->stacks && (is_exec(nr) || is_fork(nr)) &&
		    (t = task_for(p, pid, tid)))
			take_stack(p, t);
		return;
	}
	t = task_for(p, pid, tid);
	if (!t)
		return;
	t->newborn = 0;
	if (t->in_call)
		end_unknown(p, t, time, END_LOST);
	t->in_call = 1;
	t->nr = nr;
	memset(t->args, 0, sizeof(t->args));
	memcpy(t->args, args, sizeof(uint64_t) * (size_t)(nargs < SC_MAX_ARGS ? nargs : SC_MAX_ARGS));
	t->t_enter = time;
	note_exit_code(p, t, nr, args);
	claim(&t->cs[0], nr);
	t->cs[1].state = CS_EMPTY;
	take_stack(p, t);
	call_init(p, &c, t);
	if (is_child_exec(p, t, nr)) {
		exec_caps_fill(p, &c, &k);
		memcpy(t->args, c.args, sizeof(t->args));
		p->sink->ops->sc_enter(p->sink, t, &c, time);
		free(k.argv_bytes);
		return;
	}
	p->sink->ops->sc_enter(p->sink, t, &c, time);
}

void pair_exit(struct pair *p, pid_t pid, pid_t tid, long nr, int64_t ret,
	       uint64_t time)
{
	struct task *t;
	struct sc_call c;
	struct exec_caps k;
	int seen = 1;

	if (nr < 0) {
		/*
		 * rt_sigreturn: the kernel resets the syscall number to -1
		 * so the call is not restarted; the exit is the open call's.
		 */
		t = task_find(&p->tasks, tid);
		if (!t || !t->in_call)
			return;
		nr = t->nr;
	}
	if (!sel_has(p->sel, nr))
		return;
	t = task_for(p, pid, tid);
	if (!t)
		return;
	/*
	 * A new child's first record is its own return from fork/clone;
	 * strace shows the call once, in the parent, and so do we.
	 */
	if (t->newborn) {
		t->newborn = 0;
		if (!t->in_call && is_fork(nr) && ret == 0)
			return;
	}
	p->calls++;
	if (t->in_call && t->nr != nr)
		end_unknown(p, t, time, END_LOST);
	claim(&t->cs[1], nr);
	if (!t->in_call) {
		/* no entry: attached in the call, or the entry was lost */
		t->nr = nr;
		t->nframes = 0;	/* and no stack: not the previous call's */
		memset(t->args, 0, sizeof(t->args));
		t->cs[0].state = CS_EMPTY;
		seen = 0;
		if (is_child_exec(p, t, nr)) {
			/*
			 * enable_on_exec: the command's execve entry came
			 * before tracing began; print the call whole.
			 */
			call_init(p, &c, t);
			exec_caps_fill(p, &c, &k);
			memcpy(t->args, c.args, sizeof(t->args));
			/* 0 when it began is not known (no BPF) */
			t->t_enter = t->exec_t_enter;
			p->sink->ops->sc_enter(p->sink, t, &c, time);
			c.ret = ret;
			c.exited = 1;
			p->sink->ops->sc_exit(p->sink, t, &c, time, 1, END_RETURNED);
			free(k.argv_bytes);
			p->exec_seen = 1;
			caps_done(t);
			return;
		}
	}
	call_init(p, &c, t);
	c.ret = ret;
	c.exited = 1;
	if (p->sum_calls)
		summary_call(p->sum, t->comm, t->pid, t->tid, (unsigned int)nr,
			     ret, seen && t->t_enter ? time - t->t_enter : 0);
	if (p->agg && t->nframes)
		stacks_add(p->agg, t->comm, t->frames, t->nframes, c.d->name, 1);
	if (is_child_exec(p, t, nr)) {
		exec_caps_fill(p, &c, &k);
		p->sink->ops->sc_exit(p->sink, t, &c, time, seen, END_RETURNED);
		free(k.argv_bytes);
	} else {
		p->sink->ops->sc_exit(p->sink, t, &c, time, seen, END_RETURNED);
	}
	if (is_exec(nr) && ret == 0 && t->tid == p->child)
		p->exec_seen = 1;
	if (is_exec(nr) && ret == 0)
		spawned(p, t, &c, time);
	t->in_call = 0;
	caps_done(t);
}

/* default action of sig kills the process */
static int fatal_by_default(int sig)
{
	switch (sig) {
	case SIGCHLD: case SIGCONT: case SIGSTOP: case SIGTSTP:
	case SIGTTIN: case SIGTTOU: case SIGURG: case SIGWINCH:
		return 0;
	}
	return sig > 0 && sig <= 64;
}

void pair_signal(struct pair *p, pid_t pid, pid_t tid, int sig,
		 uint64_t handler, int code, uint64_t time)
{
	struct task *t = task_find(&p->tasks, tid);

	/* without BPF, the line has what the tracepoint has: no siginfo */
	if (t && !p->sig_from_bpf && sig != SIGKILL && sig_shown(p, sig)) {
		struct cap info;
		int32_t head[3] = { sig, 0, code };
		static uint8_t buf[CAP_SIGINFO];

		memset(buf, 0, sizeof(buf));
		memcpy(buf, head, sizeof(head));
		info.p = buf;
		info.len = 12;	/* si_signo, si_errno, si_code: all it knows */
		info.count = info.total = 0;
		info.flags = CAP_TRUNC;
		p->sink->ops->signal(p->sink, t, sig, &info, 1, time);
	}

	/*
	 * A fatal signal dequeued with SIG_DFL kills the whole group with
	 * that signal.  SIGKILL is also what the kernel reports to the
	 * other threads of a group that is dying for another reason, so it
	 * proves nothing by itself and is not recorded.
	 */
	if (!t || handler != 0 || !fatal_by_default(sig) || sig == SIGKILL)
		return;
	for (unsigned int i = 0; i < p->tasks.nb; i++)
		for (struct task *k = p->tasks.b[i]; k; k = k->hnext)
			if (k->pid == t->pid && !k->fatal_sig)
				k->fatal_sig = sig;
}

void pair_event(struct pair *p, pid_t pid, pid_t tid, const struct evsel *e,
		const uint8_t *raw, uint32_t size, uint64_t time)
{
	struct task *t = task_for(p, pid, tid);

	if (!t)
		return;
	/*
	 * An exec's own stack is the new program's first instruction: the
	 * one that says who exec'd is the execve's, at its entry, still in
	 * t->frames.  Other events show their own.
	 */
	if (strcmp(e->name, "sched_process_exec"))
		take_stack(p, t);
	if (p->agg && t->nframes)
		stacks_add(p->agg, t->comm, t->frames, t->nframes, e->tp_name, 1);
	/* events the kernel does not count for -c (filtered ones) */
	if (p->sum && !e->counted)
		summary_call(p->sum, t->comm, t->pid, t->tid,
			     SUM_EVENT_BASE + (unsigned int)e->tp_index, 0, 0);
	p->sink->ops->event(p->sink, t, e, raw, size, time);
}

void pair_comm(struct pair *p, pid_t pid, pid_t tid, const char *comm,
	       int exec)
{
	struct task *t = task_find(&p->tasks, tid);

	if (t)
		snprintf(t->comm, sizeof(t->comm), "%s", comm);
	if (exec)
		maps_exec(&p->maps, pid);
}

void pair_mmap(struct pair *p, pid_t pid, uint64_t addr, uint64_t len,
	       uint64_t pgoff, uint32_t prot, uint32_t flags, uint64_t dev,
	       uint64_t ino, const char *path)
{
	maps_mmap(&p->maps, pid, addr, len, pgoff, prot, flags, dev, ino, path);
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

static void report_exit(struct pair *p, struct task *t, uint64_t time)
{
	enum exit_how how = EXIT_UNKNOWN;
	int code = 0, core = 0;

	if (t->wait_known || (t->tid == p->child && p->child_reaped)) {
		int st = t->wait_known ? t->wait_status : p->child_status;

		if (WIFSIGNALED(st)) {
			how = EXIT_SIGNAL;
			code = WTERMSIG(st);
			core = WCOREDUMP(st) ? 1 : 0;
		} else {
			how = EXIT_CODE;
			code = WEXITSTATUS(st);
		}
	} else if (t->fatal_sig) {
		how = EXIT_SIGNAL;
		code = t->fatal_sig;
	} else if (t->exit_code >= 0) {
		how = EXIT_CODE;
		code = t->exit_code;
	}
	end_unknown(p, t, time, END_DIED);
	if (t->tid == t->pid)
		maps_exit(&p->maps, t->pid);
	if (p->spawns && t->spawn_id >= 0 && t->tid == t->pid)
		spawns_end(p->spawns, t->spawn_id, time - t->exec_time);
	p->sink->ops->task_exit(p->sink, t, how, code, core, time);
	p->view.nlive--;
	task_del(&p->tasks, t);
}

void pair_task_exit(struct pair *p, pid_t pid, pid_t tid, uint64_t time)
{
	struct task *t = task_find(&p->tasks, tid);

	if (!t)
		return;
	/*
	 * The kernel also ends a task's perf events (EXIT record and all)
	 * when it execs a program that raises privileges, and the task goes
	 * on.  With BPF its real end has its own record (exit code): wait
	 * for that.  Without, a task still alive was not exiting.
	 */
	if (p->bpf_exits && !t->wait_known) {
		t->perf_gone = 1;
		return;
	}
	if (!p->bpf_exits && proc_alive(t->tid)) {
		p->sink->ops->note(p->sink, t, "+++ the kernel stopped tracing"
				   " this task (an exec that raises privileges?)"
				   " +++\n", time);
		end_unknown(p, t, time, END_DETACHED);
		p->view.nlive--;
		task_del(&p->tasks, t);
		return;
	}
	if (t->tid == p->child && !p->child_reaped) {
		/* its status arrives with the reap: report it then */
		p->child_exit_pending = 1;
		t->gone = 1;
		return;
	}
	report_exit(p, t, time);
}

void pair_child_reaped(struct pair *p, int status, uint64_t time)
{
	struct task *t;

	p->child_reaped = 1;
	p->child_status = status;
	t = task_find(&p->tasks, p->child);
	if (t && p->child_exit_pending)
		report_exit(p, t, time);
}

struct vanish_ctx {
	struct pair *p;
	uint64_t time;
};

static void vanish_one(void *ctx, struct task *t)
{
	struct vanish_ctx *v = ctx;

	if (t->tid == v->p->child && !v->p->child_reaped)
		return;
	if (t->gone || !proc_alive(t->tid))
		report_exit(v->p, t, v->time);
}

void pair_reap_vanished(struct pair *p, uint64_t time)
{
	struct vanish_ctx v = { p, time };

	task_each(&p->tasks, vanish_one, &v);
}

static void detach_one(void *ctx, struct task *t)
{
	struct vanish_ctx *v = ctx;

	end_unknown(v->p, t, v->time, END_DETACHED);
}

void pair_detach(struct pair *p, uint64_t time)
{
	struct vanish_ctx v = { p, time };

	task_each(&p->tasks, detach_one, &v);
}
