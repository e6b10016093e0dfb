// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Syscall pairing stage.
 *
 * Records arrive in time order.  An entry starts a call on its thread; the
 * next exit of that thread ends it.  An exit without an entry (attached
 * mid-call, or the entry was lost) is reported as resumed; an entry while
 * a call is open means the exit was lost, and that call ends with "= ?".
 * A thread that dies in a call (exit_group, killed) ends it with "= ?".
 * The BPF program's copies of argument memory are joined to their call
 * (callcaps.c).  Where calls come from is origins.c; how tasks end, ends.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "capture.h"
#include "context.h"
#include "events.h"
#include "execcaps.h"
#include "ifnames.h"
#include "launch.h"
#include "origins.h"
#include "pair.h"
#include "sysent_fallback.h"


static int is_exec(long nr);

int pair_init(struct pair *p, struct sink *sink, const struct pair_conf *c)
{
	memset(p, 0, sizeof(*p));
	p->sink = sink;
	p->exit_ns = PAIR_NO_NS;
	p->sel = c->sel;
	p->fo.strsize = c->strsize;
	p->fo.verbose = c->verbose;
	p->fo.xflag = c->xflag;
	p->fo.fds = c->fds;
	p->paths = c->paths && c->paths->n ? c->paths : NULL;
	p->names.tasks = &p->tasks;
	if (c->pid_names) {
		p->names.on = 1;
		p->fo.pid_name = pidnames_name;
		p->fo.pid_ctx = &p->names;
	}
	p->fo.if_name = ifnames_name;
	p->view.fo = &p->fo;
	p->fo_full = p->fo;
	p->fo_full.verbose = 1;
	p->raw = c->raw;
	p->abbrev = c->abbrev;
	p->deref = c->deref;
	p->follow = c->follow;
	p->system_wide = c->all;
	p->selection = c->selection;
	p->stacks = c->stacks;
	p->signals = c->signals;
	p->view.max = c->max_events;
	p->rules = c->rules;
	p->context = c->context;
	p->detach_exec = c->detach_exec;
	if (c->all)
		p->view.nlive = 2;	/* many processes: always [pid N] */
	p->joinbuf = malloc(JOIN_ALL);
	p->strbuf = malloc(SC_MAX_ARGS * (CAP_PATH_MAX + 8));
	if (!p->joinbuf || !p->strbuf || maps_init(&p->maps) ||
	    task_table_init(&p->tasks))
		return -1;
	p->tasks.drop = origin_drop;
	return 0;
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

static struct task *task_for(struct pair *p, pid_t pid, pid_t tid)
{
	struct task *t = task_find(&p->tasks, tid);

	return t ? t : pair_add_task(p, tid, pid, NULL);
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
	struct capslot *cs;

	if (capture_parse(raw, len, &cp)) {
		p->cap_bad++;
		return;
	}
	if (t && t->perf_gone)
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

static int is_exec(long nr)
{
	return nr == SYS_execve || nr == SYS_execveat;
}

static int is_fork(long nr)
{
	return nr == SYS_clone || nr == SYS_clone3 || nr == SYS_fork ||
	       nr == SYS_vfork;
}

static int is_child_exec(struct pair *p, struct task *t, long nr)
{
	return p->launch && !p->exec_seen && t->tid == p->child &&
	       nr == SYS_execve;
}

/* the command's execve, begun before tracing: its entry half as it was */
static void child_exec_enter(struct pair *p, struct task *t,
			     const struct sc_call *c, uint64_t time)
{
	char now[sizeof(t->comm)];

	memcpy(now, t->comm, sizeof(now));
	if (p->child_comm0[0])
		memcpy(t->comm, p->child_comm0, sizeof(now));
	p->sink->ops->sc_enter(p->sink, t, c, time);
	memcpy(t->comm, now, sizeof(now));
}

static void call_init(struct pair *p, struct sc_call *c, struct task *t)
{
	memset(c, 0, sizeof(*c));
	c->d = sc_desc_of(t->nr);
	memcpy(c->args, t->args, sizeof(c->args));
	c->o = p->abbrev && !sel_has(p->abbrev, t->nr) ? &p->fo_full : &p->fo;
	c->raw = p->raw && sel_has(p->raw, t->nr);
	c->nonverbose = p->deref && !sel_has(p->deref, t->nr);
	pair_attach_caps(p, t, c);
}

static void caps_done(struct task *t)
{
	t->cs[0].state = t->cs[1].state = CS_EMPTY;
}

/*
 * --context: the calls of t the rules hid since the last one shown, to
 * the sink before the one they show now, each as it ended then
 */
static void context_show(struct pair *p, struct task *t)
{
	const struct ctx_call *k;
	uint64_t t_enter = t->t_enter, call_ip = t->call_ip;
	long nr = t->nr, last_nr = t->last_nr;
	int tl_from = t->tl_from;
	char comm[sizeof(t->comm)];

	memcpy(comm, t->comm, sizeof(comm));
	while ((k = ctx_next(t->ctx))) {
		t->t_enter = k->t_enter;
		t->call_ip = k->call_ip;
		t->nr = t->last_nr = k->nr;
		memcpy(t->comm, k->comm, sizeof(comm));
		/* formatted whole at their end (not the entry half of now) */
		t->resume_arg = 0;
		t->tl_from = -1;
		p->sink->ops->sc_exit(p->sink, t, &k->c, k->time,
				      k->seen_enter, k->end);
	}
	t->t_enter = t_enter;
	t->call_ip = call_ip;
	t->nr = nr;
	t->last_nr = last_nr;
	t->tl_from = tl_from;
	memcpy(t->comm, comm, sizeof(comm));
}

/* the rules, then the sink: a call they do not show is not handed on */
static void call_ended(struct pair *p, struct task *t, const struct sc_call *c,
		       uint64_t time, int seen_enter, enum call_end end)
{
	/* -P: a call that touches no selected path was not begun either */
	if (t->hidden)
		return;
	if (rules_show(&p->rules, c, end, seen_enter, t->t_enter, time)) {
		if (t->ctx) {
			int from = t->resume_arg;

			context_show(p, t);
			t->resume_arg = from;
		}
		p->sink->ops->sc_exit(p->sink, t, c, time, seen_enter, end);
	} else if (p->context) {
		struct ctx_call how = {
			.time = time, .t_enter = t->t_enter,
			.call_ip = t->call_ip, .nr = t->nr,
			.seen_enter = seen_enter, .end = end,
		};

		memcpy(how.comm, t->comm, sizeof(how.comm));
		ctx_keep(&t->ctx, p->context, c, &how);
	}
}

/* a signal line of t, with the siginfo the BPF program read */
void pair_signal_line(struct pair *p, struct task *t,
		      const struct cap_sig *sg, uint64_t ip, uint64_t time)
{
	struct cap info = { .p = sg->info, .len = sizeof(sg->info) };

	p->sink->ops->signal(p->sink, t, sg->sig, sg->have_info ? &info : NULL,
			     0, ip, time);
}

void pair_flush_signals(struct pair *p, struct task *t, uint64_t time)
{
	unsigned int i, j;

	if (!t->held)
		return;
	for (i = j = 0; i < p->nheld; i++) {
		/* -i: at the call they came in (strace's stop), or delivered */
		if (p->held[i].tid == t->tid)
			pair_signal_line(p, t, &p->held[i].sg,
					 p->held[i].sg.kind == CAP_SIG_DELIVERED ?
					 p->held[i].sg.ip : t->call_ip, time);
		else
			p->held[j++] = p->held[i];
	}
	p->nheld = j;
	t->held = 0;
}

/* end t's open call: its exit was lost, or it died in it */
void pair_end_call(struct pair *p, struct task *t, uint64_t time,
			enum call_end end)
{
	struct sc_call c;

	if (!t->in_call)
		return;
	call_init(p, &c, t);
	call_ended(p, t, &c, time, 1, end);
	t->in_call = 0;
	t->hidden = 0;
	caps_done(t);
	pair_flush_signals(p, t, time);
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
		const uint64_t *args, int nargs, uint64_t time,
		const struct stack_sample *stk, uint64_t ip)
{
	struct task *t;
	struct sc_call c;
	struct exec_caps k;

	if (!sel_has(p->sel, nr)) {
		int ends = nr == SYS_exit || nr == SYS_exit_group;
		int origin = p->stacks && (is_exec(nr) || is_fork(nr));

		t = ends || origin ? task_for(p, pid, tid) :
				     task_find(&p->tasks, tid);
		if (!t)
			return;
		/* not printed, but a later signal or exit line says it (-n),
		   and a signal it is sent in it, its IP (-i) */
		t->last_nr = nr;
		t->other_ip = ip;
		/* whether it will reap (-Y) */
		if (nr == SYS_waitid && nargs > 3)
			t->wait_opts = (uint32_t)args[3];
		/* and it says how the process will end */
		if (ends)
			note_exit_code(p, t, nr, args);
		/* or where the process it makes comes from */
		if (origin) {
			origin_take_stack(&p->unw, t, stk);
			origin_take_script(t, nr, p->lost);
		}
		return;
	}
	t = task_for(p, pid, tid);
	if (!t)
		return;
	t->newborn = 0;
	if (t->in_call)
		pair_end_call(p, t, time, END_LOST);
	t->last_nr = nr;
	t->in_call = 1;
	t->nr = nr;
	memset(t->args, 0, sizeof(t->args));
	memcpy(t->args, args, sizeof(uint64_t) * (size_t)(nargs < SC_MAX_ARGS ? nargs : SC_MAX_ARGS));
	t->t_enter = time;
	t->call_ip = ip;
	t->other_ip = 0;
	note_exit_code(p, t, nr, args);
	claim(&t->cs[0], nr);
	t->cs[1].state = CS_EMPTY;
	if (p->stacks) {
		origin_take_stack(&p->unw, t, stk);
		origin_take_script(t, nr, p->lost);
	} else {
		t->nframes = 0;
	}
	if (p->light)
		return;
	call_init(p, &c, t);
	if (is_child_exec(p, t, nr)) {
		exec_caps_fill(p->launch, &c, &k);
		memcpy(t->args, c.args, sizeof(t->args));
		t->hidden = p->paths && !pathsel_match(p->paths, &c);
		if (!t->hidden)
			p->sink->ops->sc_enter(p->sink, t, &c, time);
		exec_caps_free(&k);
		return;
	}
	/*
	 * -P: decided at entry, as strace does, on what the call was given;
	 * a path not copied yet (its page was not in memory) at its exit
	 */
	t->hidden = p->paths ? pathsel_match(p->paths, &c) == 1 ? 0 :
			       pathsel_match(p->paths, &c) < 0 ? 2 : 1 : 0;
	if (!t->hidden)
		p->sink->ops->sc_enter(p->sink, t, &c, time);
}

/*
 * -c: a call's time, as the ring program took it (system time, or -w's),
 * else the time between its records (t_enter, 0 when not seen)
 */
static uint64_t call_ns(const struct pair *p, uint64_t t_enter, uint64_t time)
{
	return p->exit_ns != PAIR_NO_NS ? p->exit_ns :
	       t_enter ? time - t_enter : 0;
}

/*
 * pair.light (etrace record): the exit counted as pair_exit counts it,
 * the command's exec seen, the call closed; its held signals said
 */
static void exit_light(struct pair *p, struct task *t, long nr, int64_t ret,
		       uint64_t time)
{
	uint64_t t_enter = t->in_call ? t->t_enter :
			   is_child_exec(p, t, nr) ? t->exec_t_enter : 0;

	if (p->sum_calls)
		summary_call(p->sum, t->comm, t->pid, t->tid, (unsigned int)nr,
			     ret, call_ns(p, t_enter, time));
	if (is_exec(nr) && ret == 0 && t->tid == p->child)
		p->exec_seen = 1;
	t->in_call = 0;
	t->hidden = 0;
	caps_done(t);
	pair_flush_signals(p, t, time);
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
	} else if (nr == SYS_execve && ret == 0) {
		/* a successful execveat ends as execve (x86_64 says 59) */
		t = task_find(&p->tasks, tid);
		if (t && t->in_call && t->nr == SYS_execveat)
			nr = SYS_execveat;
	}
	if (!sel_has(p->sel, nr)) {
		/* not shown, but it may reap a child -Y names */
		if ((t = task_find(&p->tasks, tid))) {
			pidnames_wait(&p->names, t, nr, ret, NULL);
			t->other_ip = 0;
		}
		return;
	}
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
		pair_end_call(p, t, time, END_LOST);
	t->last_nr = nr;
	/*
	 * SIGKILL'd in the call: it returns to no one (strace never sees
	 * the exit, and prints "= ?"), whatever value the kernel reports.
	 */
	if (t->dying && t->in_call) {
		pair_end_call(p, t, time, END_DIED);
		return;
	}
	claim(&t->cs[1], nr);
	if (p->light) {
		exit_light(p, t, nr, ret, time);
		return;
	}
	if (!t->in_call) {
		/* no entry: attached in the call, or the entry was lost */
		t->nr = nr;
		t->nframes = 0;	/* and no stack: not the previous call's */
		t->call_ip = 0;	/* nor its IP */
		memset(t->args, 0, sizeof(t->args));
		t->cs[0].state = CS_EMPTY;
		seen = 0;
		/* -P: what it was given is not known */
		t->hidden = p->paths != NULL;
		if (is_child_exec(p, t, nr)) {
			/*
			 * enable_on_exec: the command's execve entry came
			 * before tracing began; print the call whole.
			 */
			call_init(p, &c, t);
			exec_caps_fill(p->launch, &c, &k);
			memcpy(t->args, c.args, sizeof(t->args));
			/* 0 when it began is not known (no BPF) */
			t->t_enter = t->exec_t_enter;
			t->call_ip = p->launch->exec_ip;
			/* counted, as strace -c does (no time without BPF) */
			if (p->sum_calls)
				summary_call(p->sum, t->comm, t->pid, t->tid,
					     (unsigned int)nr, ret,
					     call_ns(p, t->t_enter, time));
			t->hidden = p->paths && !pathsel_match(p->paths, &c);
			if (!t->hidden)
				child_exec_enter(p, t, &c, time);
			c.ret = ret;
			c.exited = 1;
			call_ended(p, t, &c, time, 1, END_RETURNED);
			t->hidden = 0;
			exec_caps_free(&k);
			p->exec_seen = 1;
			caps_done(t);
			pair_flush_signals(p, t, time);
			return;
		}
	}
	call_init(p, &c, t);
	/* -P on a path copied again at exit: the call begins now */
	if (t->hidden == 2) {
		t->hidden = pathsel_match(p->paths, &c) != 1;
		if (!t->hidden)
			p->sink->ops->sc_enter(p->sink, t, &c, t->t_enter);
	}
	c.ret = ret;
	c.exited = 1;
	if (p->inj)
		c.injected = inject_was(p->inj, tid, nr, time, p->exit_skipped);
	if (p->sum_calls)
		summary_call(p->sum, t->comm, t->pid, t->tid, (unsigned int)nr,
			     ret, call_ns(p, seen ? t->t_enter : 0, time));
	if (p->agg && t->nframes)
		stacks_add(p->agg, t->comm, t->frames, t->nframes, c.d->name, 1);
	if (is_child_exec(p, t, nr)) {
		exec_caps_fill(p->launch, &c, &k);
		call_ended(p, t, &c, time, seen, END_RETURNED);
		exec_caps_free(&k);
	} else {
		call_ended(p, t, &c, time, seen, END_RETURNED);
	}
	pidnames_wait(&p->names, t, nr, ret, &c);
	if (is_exec(nr) && ret == 0 && t->tid == p->child)
		p->exec_seen = 1;
	if (is_exec(nr) && ret == 0)
		origin_spawned(p->spawns, t, &c, time);
	t->in_call = 0;
	t->hidden = 0;
	caps_done(t);
	pair_flush_signals(p, t, time);
}

/* default action of sig kills the process */
void pair_event(struct pair *p, pid_t pid, pid_t tid, const struct evsel *e,
		const uint8_t *raw, uint32_t size, uint64_t time,
		const struct stack_sample *stk)
{
	struct task *t = task_for(p, pid, tid);

	if (!t)
		return;
	/*
	 * An exec's own stack is the new program's first instruction: the
	 * one that says who exec'd is the execve's, at its entry, still in
	 * t->frames.  Other events show their own.
	 */
	if (!strcmp(e->name, "sched_process_exec"))
		;
	else if (p->stacks)
		origin_take_stack(&p->unw, t, stk);
	else
		t->nframes = 0;
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

	/* the command's exec line is made at its end, after this record:
	   its entry half keeps the name the command had then */
	if (t && exec && t->tid == p->child && !p->exec_seen)
		memcpy(p->child_comm0, t->comm, sizeof(p->child_comm0));
	if (t)
		snprintf(t->comm, sizeof(t->comm), "%s", comm);
	if (exec)
		maps_exec(&p->maps, pid);
	if (t && exec && p->sink->ops->exec)
		p->sink->ops->exec(p->sink, t, p->now);
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
	/*
	 * A selection's (-a's) forks are every task's: a child is known by
	 * its first traced call, or (-f) as a traced task's child, which the
	 * program traces from its first instruction.
	 */
	if (task_find(&p->tasks, tid) ||
	    (p->selection && !(p->follow && parent)))
		return;
	t = pair_add_task(p, tid, pid, parent ? parent->comm : NULL);
	if (t)
		t->newborn = 1;
	if (t && parent && p->sink->ops->fork)
		p->sink->ops->fork(p->sink, parent, t, time);
	/* -Y: its zombie is named while this parent may reap it */
	if (t && parent && pid != ppid)
		t->ppid = ppid;
	/* (what a spawn's origin needs is kept only with --spawns) */
	if (t && parent && pid != ppid && p->spawns)
		origin_forked(parent, t, ppid);
}
