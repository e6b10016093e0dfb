// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Ends stage: how tasks end, and how tracing ends for them.
 *
 * Signals shown as strace's "--- SIG ---" lines, and the fatal ones
 * remembered; a task's exit reported from what is known exactly (the
 * status wait(2) gives, read by BPF or by etrace's own waitpid, the fatal
 * signal it dequeued, its exit_group argument), else said to be unknown;
 * tasks gone without an EXIT record; the calls left open at detach.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#include "capture_abi.h"
#include "ends.h"
#include "origins.h"
#include "proc.h"

/* /proc's answer, or the one a recording kept (pair.alive) */
static int ends_alive(struct pair *p, pid_t tid)
{
	return p->alive ? p->alive(p->alive_ctx, tid) : proc_alive(tid);
}

static int sig_shown(const struct pair *p, int sig)
{
	return sig > 0 && sig < 65 && (p->signals >> (sig - 1) & 1);
}

static void sig_hold(struct pair *p, struct task *t, const struct cap_sig *sg)
{
	const unsigned int max = sizeof(p->held) / sizeof(p->held[0]);

	if (p->nheld == max) {
		/* full: the oldest is shown now, early rather than lost */
		struct task *o = task_find(&p->tasks, p->held[0].tid);

		if (o) {
			pair_signal_line(p, o, &p->held[0].sg, o->call_ip,
					 p->now);
			o->held--;
		}
		memmove(p->held, p->held + 1, sizeof(p->held[0]) * (max - 1));
		p->nheld--;
	}
	p->held[p->nheld].tid = t->tid;
	p->held[p->nheld].sg = *sg;
	p->nheld++;
	t->held++;
}

/* the calls of group pid's tasks (but except's) return to no one */
static void group_dying(struct pair *p, pid_t pid, pid_t except)
{
	for (unsigned int i = 0; i < p->tasks.nb; i++)
		for (struct task *k = p->tasks.b[i]; k; k = k->hnext)
			if (k->pid == pid && k->tid != except)
				k->dying = 1;
}

/*
 * A signal of a traced task, with the siginfo the kernel read (BPF), on
 * the task that receives it, where strace shows it: at its delivery; a
 * signal never delivered (ignored, or fatal at once: strace's tracee
 * still stops for it) when the receiver's call ends, or now if it is in
 * none.  SIGKILL shows no line, as in strace: it cannot be caught, and
 * it is also how the kernel ends the other threads of a dying group; the
 * calls it ends print "= ?", as strace's, which never sees them return.
 */
void ends_signal_record(struct pair *p, pid_t tid, const uint8_t *raw)
{
	struct cap_sig sg;
	struct task *t;

	memcpy(&sg, raw, sizeof(sg));
	/* (said in the call's exit, before it: that call alone) */
	if (sg.kind == CAP_SIG_EXEC_ZAP) {
		t = task_find(&p->tasks, sg.tid);
		if (t)
			t->dying = 1;
		return;
	}
	if (sg.kind == CAP_SIG_KILL) {
		group_dying(p, sg.tgid, 0);
		return;
	}
	/* the receiver dies of it; its other threads by SIGKILL */
	if (sg.kind == CAP_SIG_FATAL)
		group_dying(p, sg.tgid, sg.tid);
	t = task_find(&p->tasks, sg.tid);
	if (!t && sg.kind != CAP_SIG_DELIVERED)
		t = pair_add_task(p, sg.tid, sg.tgid, NULL);
	if (!t || sg.sig == SIGKILL || !sig_shown(p, sg.sig))
		return;
	if (sg.kind != CAP_SIG_DELIVERED && t->in_call) {
		sig_hold(p, t, &sg);
		return;
	}
	pair_flush_signals(p, t, p->now);
	/*
	 * -i: a delivered signal's IP was read in the receiver; one never
	 * delivered, sent to a task in no traced call, is where strace
	 * stops for it at the end of the untraced call the task is in (its
	 * records come with -i); in none, the task may be running its own
	 * code, which only a stop would show: unknown
	 */
	pair_signal_line(p, t, &sg, sg.kind == CAP_SIG_DELIVERED ? sg.ip :
			 t->other_ip, p->now);
}

/* another task of t's process is traced and alive */
static int others_live(struct pair *p, const struct task *t)
{
	for (unsigned int i = 0; i < p->tasks.nb; i++)
		for (struct task *k = p->tasks.b[i]; k; k = k->hnext)
			if (k != t && k->pid == t->pid && !k->gone)
				return 1;
	return 0;
}

/*
 * The command's end waits for its reap, which says its status (1); a
 * leader that exit(2)s before its threads: its call ends now, and a
 * thread's execve may yet take its pid (ends_takeover)
 */
static int child_waits(struct pair *p, struct task *t, uint64_t time)
{
	if (t->tid != p->child || t->exec_tid)
		return 0;
	if (others_live(p, t)) {
		/* (the reap may have come first: records are read later) */
		pair_end_call(p, t, time, END_DIED);
		t->leader_gone = 1;
	} else if (p->child_reaped) {
		return 0;
	}
	p->child_exit_pending = 1;
	t->gone = 1;
	return 1;
}

/* how a task ended, read by BPF as wait(2) will report it */
void ends_task_status(struct pair *p, const uint8_t *raw)
{
	struct cap_exit ex;
	struct task *t;

	memcpy(&ex, raw, sizeof(ex));
	t = task_find(&p->tasks, (pid_t)ex.tid);
	if (!t)
		return;
	t->wait_status = ex.exit_code;
	t->wait_known = 1;
	t->exec_tid = ex.exec_tid;
	/* its perf events went at a privileged exec: no EXIT record will
	   come, this is its end */
	if (t->perf_gone && !(others_live(p, t) && child_waits(p, t, p->now)))
		ends_report_exit(p, t, p->now);
}

static int fatal_by_default(int sig)
{
	switch (sig) {
	case SIGCHLD: case SIGCONT: case SIGSTOP: case SIGTSTP:
	case SIGTTIN: case SIGTTOU: case SIGURG: case SIGWINCH:
		return 0;
	}
	return sig > 0 && sig <= 64;
}

void ends_signal(struct pair *p, pid_t pid, pid_t tid, int sig,
		 uint64_t handler, int code, uint64_t ip, uint64_t time)
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
		p->sink->ops->signal(p->sink, t, sig, &info, 1, ip, time);
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

void ends_report_exit(struct pair *p, struct task *t, uint64_t time)
{
	enum exit_how how = EXIT_UNKNOWN;
	int code = 0, core = 0;
	pid_t exec_tid, tid, pid;
	struct task *x;

	if (t->wait_known || (t->tid == p->child && p->child_reaped)) {
		/* a leader gone first: the process's status is the reap's
		   (the last thread's exit_group's, or the leader's own) */
		int st = t->wait_known && !(t->leader_gone && p->child_reaped) ?
			 t->wait_status : p->child_status;

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
	if (t->exec_tid) {
		how = EXIT_SUPERSEDED;
		code = t->exec_tid;
	}
	pair_end_call(p, t, time, END_DIED);
	pair_flush_signals(p, t, time);
	if (t->tid == t->pid)
		maps_exit(&p->maps, t->pid);
	origin_ended(p->spawns, t, time);
	/* the thread's open execve line: "<pid changed to ...>" */
	x = t->exec_tid ? task_find(&p->tasks, t->exec_tid) : NULL;
	if (x && x->pid == t->pid)
		x->tid_next = t->tid;
	p->sink->ops->task_exit(p->sink, t, how, code, core, time);
	if (x)
		x->tid_next = 0;
	p->view.nlive--;
	pidnames_exit(&p->names, t);
	if (p->inj)
		inject_forget(p->inj, t->tid);
	exec_tid = t->exec_tid;
	tid = t->tid;
	pid = t->pid;
	task_del(&p->tasks, t);
	/* the thread that exec'd goes on as the leader, its call open */
	x = exec_tid ? task_find(&p->tasks, exec_tid) : NULL;
	if (x && x->pid == pid)
		task_retid(&p->tasks, x, tid);
	/* the command's last thread, its leader gone first: the leader's
	   end, once the reap has said the process's status */
	x = tid != pid && pid == p->child && p->child_reaped ?
	    task_find(&p->tasks, pid) : NULL;
	if (x && x->leader_gone && !others_live(p, x))
		ends_report_exit(p, x, time);
}

/*
 * A privileged exec (setuid, setgid, capabilities): the kernel drops the
 * task's perf events, its trace ends here, said in it (not when the
 * events are not the task's: they go on).
 */
void ends_exec_privileged(struct pair *p, const uint8_t *raw)
{
	struct cap_exec ce;
	struct task *t;
	char msg[sizeof(ce.filename) * 4 + 128];
	struct fmt_buf b;

	if (p->events_survive_exec)
		return;
	memcpy(&ce, raw, sizeof(ce));
	ce.filename[sizeof(ce.filename) - 1] = '\0';
	t = task_find(&p->tasks, (pid_t)ce.tid);
	if (!t)
		return;
	/* past the exec's point of no return: it returns 0 */
	if (t->in_call && (t->nr == SYS_execve || t->nr == SYS_execveat)) {
		p->exit_ns = PAIR_NO_NS;
		pair_exit(p, t->pid, t->tid, t->nr, 0, p->now);
	}
	/* (the file is the traced program's choice: escaped) */
	fb_init(&b, msg, sizeof(msg) - 1);
	fb_puts(&b, "+++ ");
	fmt_escaped(&b, (const uint8_t *)ce.filename, strlen(ce.filename));
	fb_printf(&b, " gains privileges: the kernel stops tracing"
		  " pid %d here +++\n", ce.tid);
	*b.p = '\0';
	p->sink->ops->note(p->sink, t, msg, p->now);
	t->perf_gone = 1;
}

void ends_task_exit(struct pair *p, pid_t pid, pid_t tid, uint64_t time)
{
	struct task *t = task_find(&p->tasks, tid);

	if (!t) {
		/* a process etrace kept maps of but no task (-a) */
		if (pid == tid)
			maps_exit(&p->maps, pid);
		return;
	}
	/*
	 * The kernel also ends a task's perf events (EXIT record and all)
	 * when it execs a program that raises privileges, and the task goes
	 * on.  With BPF its real end has its own record (exit code): wait
	 * for that.  Without, a task still alive was not exiting.
	 */
	if (p->bpf_exits && !t->wait_known) {
		/* (the kernel says EXIT even to events of no task's: the
		   task goes on being traced then) */
		if (!p->events_survive_exec)
			t->perf_gone = 1;
		return;
	}
	if (!p->bpf_exits && ends_alive(p, t->tid)) {
		p->sink->ops->note(p->sink, t, "+++ the kernel stopped tracing"
				   " this task (an exec that raises privileges?)"
				   " +++\n", time);
		pair_end_call(p, t, time, END_DETACHED);
		pair_flush_signals(p, t, time);
		p->view.nlive--;
		if (p->inj)
			inject_forget(p->inj, t->tid);
		if (p->sink->ops->task_gone)
			p->sink->ops->task_gone(p->sink, t);
		task_del(&p->tasks, t);
		return;
	}
	if (!child_waits(p, t, time))
		ends_report_exit(p, t, time);
}

/*
 * A thread's execve took the pid of a leader that had exited before it
 * (exit(2), its threads alive; the kernel's de_thread): the first record
 * that says so is the exec's own, as that pid.  The old leader is
 * "superseded by execve in pid N", the thread is the leader from here,
 * its execve open in it.  The thread is the one task of the process in
 * an execve; with none or more (records lost), nothing is guessed.
 */
void ends_takeover(struct pair *p, pid_t pid, pid_t tid)
{
	struct task *t = task_find(&p->tasks, tid), *x = NULL;
	int n = 0;

	if (tid != pid || (t && !t->leader_gone))
		return;
	for (unsigned int i = 0; i < p->tasks.nb; i++)
		for (struct task *k = p->tasks.b[i]; k; k = k->hnext)
			if (k->pid == pid && k != t && k->in_call &&
			    (k->nr == SYS_execve || k->nr == SYS_execveat)) {
				x = k;
				n++;
			}
	if (n != 1)
		return;
	if (!t) {
		task_retid(&p->tasks, x, tid);
		return;
	}
	t->exec_tid = x->tid;
	if (t->tid == p->child)
		p->child_exit_pending = 0;
	ends_report_exit(p, t, p->now);
}

void ends_child_reaped(struct pair *p, int status, uint64_t time)
{
	struct task *t;

	p->child_reaped = 1;
	p->child_status = status;
	t = task_find(&p->tasks, p->child);
	/* (a leader gone first whose threads' ends are not read yet: its
	   end comes after theirs) */
	if (t && p->child_exit_pending &&
	    !(t->leader_gone && others_live(p, t)))
		ends_report_exit(p, t, time);
}

struct vanish_ctx {
	struct pair *p;
	uint64_t time, settled;
	unsigned int mark;
};

/*
 * Gone from /proc, and every record made until then read (settled): had
 * its EXIT record not been lost, it would have ended the task already.
 * Gone but not yet read so far, it may have records on their way (the
 * reorder window, a backlog): asked again at the next check.
 */
static int vanished(struct vanish_ctx *v, uint64_t *dead_at, pid_t tid)
{
	if (ends_alive(v->p, tid)) {
		*dead_at = 0;
		return 0;
	}
	if (!*dead_at)
		*dead_at = v->time;
	return v->settled >= *dead_at;
}

static void vanish_one(void *ctx, struct task *t)
{
	struct vanish_ctx *v = ctx;

	struct proc_maps *pm;

	if (t->tid == v->p->child && !v->p->child_reaped)
		return;
	if (t->gone || vanished(v, &t->dead_at, t->tid)) {
		ends_report_exit(v->p, t, v->time);
		return;
	}
	/* its process's maps are in use */
	pm = maps_lookup(&v->p->maps, t->pid);
	if (pm)
		pm->mark = v->mark;
}

/* the maps of a process no task is traced of (its records only, -a) */
static int maps_vanished(void *ctx, struct proc_maps *pm)
{
	struct vanish_ctx *v = ctx;

	return pm->mark != v->mark && vanished(v, &pm->dead_at, pm->pid);
}

void ends_reap_vanished(struct pair *p, uint64_t time, uint64_t settled)
{
	struct vanish_ctx v = { p, time, settled, ++p->sweeps };

	task_each(&p->tasks, vanish_one, &v);
	maps_sweep(&p->maps, maps_vanished, &v);
}

static void detach_one(void *ctx, struct task *t)
{
	struct vanish_ctx *v = ctx;

	pair_end_call(v->p, t, v->time, END_DETACHED);
}

void ends_detach(struct pair *p, uint64_t time)
{
	struct vanish_ctx v = { p, time, 0, 0 };

	task_each(&p->tasks, detach_one, &v);
}

static void detach_exec(struct pair *p, struct task *t, uint64_t time);

int ends_exec_detach(struct pair *p, pid_t tid, long nr, int64_t ret,
		     uint64_t time)
{
	struct task *t;

	/* (a successful execve ends as the leader: its pid is its tid) */
	if (ret == 0 && (nr == SYS_execve || nr == SYS_execveat))
		ends_takeover(p, tid, tid);
	if (!p->detach_exec || ret != 0 ||
	    (nr != SYS_execve && nr != SYS_execveat) ||
	    !(t = task_find(&p->tasks, tid)))
		return 0;
	/* the command's first: kept (the ring program's detach_skip) */
	if (p->launch && t->pid == p->child && !p->detach_first_kept) {
		p->detach_first_kept = 1;
		return 0;
	}
	detach_exec(p, t, time);
	return 1;
}

/*
 * As strace detaches at the exec event: the exec's line ends with
 * "<detached ...>" (its return is not seen, as strace's is not), the
 * detach is said (on_detach), and the task is forgotten, its last record
 * read.  The command's detach ends its part in the trace: etrace does
 * not wait for it, and exits 0 if nothing else is traced (strace's).
 */
static void detach_exec(struct pair *p, struct task *t, uint64_t time)
{
	pid_t pid = t->pid;

	pair_end_call(p, t, time, END_DETACHED);
	pair_flush_signals(p, t, time);
	if (t->tid == p->child)
		p->child_detached = 1;
	p->view.nlive--;
	if (p->inj)
		inject_forget(p->inj, t->tid);
	if (p->sink->ops->task_gone)
		p->sink->ops->task_gone(p->sink, t);
	task_del(&p->tasks, t);
	if (p->on_detach)
		p->on_detach(p->detach_arg, pid);
}
