// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Records stage: each record from the rings, in time order, to the stage
 * that consumes it: samples of the syscall tracepoints (or ring mode's)
 * to pairing as entries and exits, the BPF programs' captures, other
 * tracepoints, signal deliveries; the kernel's COMM, MMAP2, FORK, EXIT
 * and LOST records.  Malformed records are counted, never trusted; with
 * events on for all tasks (scoped), the records of untraced ones are
 * dropped here.
 */
#include <linux/perf_event.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>

#include "ends.h"
#include "feed.h"
#include "origins.h"
#include "python.h"
#include "record.h"
#include "trace.h"
#include "unwind.h"

static uint64_t rd(const uint8_t *raw, int off, int size)
{
	int32_t v4;
	uint64_t v8 = 0;

	if (size == 4) {
		memcpy(&v4, raw + off, 4);
		return (uint64_t)(int64_t)v4;
	}
	memcpy(&v8, raw + off, 8);
	return v8;
}

/*
 * t->scoped: a record of a traced task (or of a process of one)?  Not the
 * command's before its exec: that is etrace's own code (per-task events
 * start at the exec, enable_on_exec).
 */
static int in_scope(struct trace *t, pid_t pid, pid_t tid)
{
	if (!t->scoped)
		return 1;
	if (pid == t->ln.pid && !t->cmd_execd)
		return 0;
	return task_find(&t->pr.tasks, tid) || task_find(&t->pr.tasks, pid);
}

/*
 * Ring mode's records are the traced tasks' (the program filters), but
 * for the command's before its exec, which are etrace's own code: all but
 * the exec itself, whose entry per-task events never see.
 */
static int ring_in_scope(struct trace *t, const struct evsel *e,
			 const struct rec *r)
{
	int64_t nr;

	if (!t->scoped || (pid_t)r->pid != t->ln.pid || t->cmd_execd)
		return 1;
	if (e->role != EV_SC_ENTER || r->raw_size < 16)
		return 0;
	memcpy(&nr, r->raw + 8, 8);
	return nr == SYS_execve;
}

/*
 * The task a stack or script frames record is for: the first record of
 * a call comes before its entry, and may be the first of a task just
 * selected (--comm: named so at its exec; its parent is not traced)
 */
static void frames_task(struct pair *p, pid_t pid, pid_t tid)
{
	if (!task_find(&p->tasks, tid))
		pair_add_task(p, tid, pid, NULL);
}

/* a BPF program's record, to the stage its type is for */
void feed_capture(struct pair *p, pid_t pid, pid_t tid, const uint8_t *raw,
		  size_t len)
{
	switch (capture_type(raw, len)) {
	case CAPT_CALL:
		pair_capture(p, pid, tid, raw, len);
		break;
	case CAPT_EXIT:
		ends_task_status(p, raw);
		break;
	case CAPT_SIGNAL:
		ends_signal_record(p, tid, raw);
		break;
	case CAPT_BASH:
		origin_bash_record(&p->tasks, tid, raw);
		break;
	case CAPT_SHELL:
	case CAPT_PYTHON:
		frames_task(p, pid, tid);
		origin_script_record(&p->unw, &p->tasks, tid, raw, len, p->lost);
		break;
	case CAPT_PYCODE:
		python_code_record(&p->unw, raw, len);
		break;
	case CAPT_EXEC:
		ends_exec_privileged(p, raw);
		break;
	case CAPT_USTACK:
		frames_task(p, pid, tid);
		origin_ustack_record(&p->tasks, tid, raw, len, p->lost);
		break;
	default:
		p->cap_bad++;
	}
}

/*
 * -i: the user IP a sample carries: ring mode's after the args, or the
 * sampled registers (all of them with a stack to unwind, else the IP
 * alone); 0 when it carries none (a kernel thread's).
 */
static uint64_t sample_ip(const struct evsel *e, const struct rec *r)
{
	uint64_t ip = 0;

	if (!e->ip)
		return 0;
	if (e->ring) {
		if (r->raw_size >= RING_IP_OFF + 8)
			memcpy(&ip, r->raw + RING_IP_OFF, 8);
		return ip;
	}
	if (!r->regs_abi || !r->regs)
		return 0;
	return r->regs[e->sample_type & PERF_SAMPLE_STACK_USER ?
		       UNWIND_REG_IP : 0];
}

static void on_sample(struct trace *t, const struct perf_event_header *h,
		      uint64_t time)
{
	struct stack_sample ss, *stk = NULL;
	struct evsel *e;
	struct rec r;
	uint64_t id, args[SC_MAX_ARGS];
	int nargs;

	if (rec_id(h, h->size, &id) || !(e = perf_evsel(&t->ps, id)) ||
	    rec_parse(h, h->size, e->sample_type ? e->sample_type :
		      REC_SAMPLE_BASE | PERF_SAMPLE_RAW,
		      e->sample_type & PERF_SAMPLE_STACK_USER ? UNWIND_NREGS : 1,
		      &r)) {
		t->bad++;
		return;
	}
	/* (BPF's records come only for traced tasks: the program filters) */
	if (e->ring) {
		if (!ring_in_scope(t, e, &r))
			return;
	} else if (e->role != EV_CAPTURE &&
		   !in_scope(t, (pid_t)r.pid, (pid_t)r.tid)) {
		return;
	}
	/* (the command's exec in ring mode is made by etrace's code: its
	   stack is etrace's, which per-task events never see) */
	if (e->stack && (!e->ring || !t->scoped ||
			 (pid_t)r.pid != t->ln.pid || t->cmd_execd)) {
		/* the stack of this sample (in the ring: used now or never) */
		/* (-i alone samples the IP: no registers to unwind from) */
		ss.regs = r.regs_abi && (e->sample_type &
					 PERF_SAMPLE_STACK_USER) ? r.regs : NULL;
		ss.stack = r.stack;
		ss.len = r.stack_dyn ? r.stack_dyn : r.stack_size;
		ss.chain = r.callchain;
		ss.nchain = r.callchain_nr;
		ss.lost = t->pr.lost;
		stk = &ss;
	}
	switch (e->role) {
	case EV_SC_ENTER:
		nargs = e->nargs;
		if ((uint32_t)(e->off_nr + e->sz_nr) > r.raw_size ||
		    (uint32_t)(e->off_args + 8 * nargs) > r.raw_size) {
			t->bad++;
			return;
		}
		memcpy(args, r.raw + e->off_args, 8 * (size_t)nargs);
		pair_enter(&t->pr, (pid_t)r.pid, (pid_t)r.tid,
			   (long)rd(r.raw, e->off_nr, e->sz_nr), args, nargs,
			   time, stk, sample_ip(e, &r));
		break;
	case EV_SC_EXIT:
		if ((uint32_t)(e->off_nr + e->sz_nr) > r.raw_size ||
		    (uint32_t)(e->off_args + 8) > r.raw_size) {
			t->bad++;
			return;
		}
		if (ends_exec_detach(&t->pr, (pid_t)r.tid,
				     (long)rd(r.raw, e->off_nr, e->sz_nr),
				     (int64_t)rd(r.raw, e->off_args, 8), time))
			break;
		t->pr.exit_skipped = e->ring &&
			r.raw + RING_EXIT_SKIPPED_OFF + 4 <=
			(const uint8_t *)h + h->size &&
			rd(r.raw, RING_EXIT_SKIPPED_OFF, 4) == 1;
		/* -C, record: the call's time, when the program took it */
		t->pr.exit_ns = e->ring && r.raw + RING_EXIT_NS_OFF + 8 <=
			(const uint8_t *)h + h->size &&
			rd(r.raw, RING_EXIT_TIMED_OFF, 4) == 1 ?
			rd(r.raw, RING_EXIT_NS_OFF, 8) : PAIR_NO_NS;
		pair_exit(&t->pr, (pid_t)r.pid, (pid_t)r.tid,
			  (long)rd(r.raw, e->off_nr, e->sz_nr),
			  (int64_t)rd(r.raw, e->off_args, 8), time);
		break;
	case EV_CAPTURE:
		t->pr.now = time;
		feed_capture(&t->pr, (pid_t)r.pid, (pid_t)r.tid, r.raw,
			     r.raw_size);
		break;
	case EV_TP:
		pair_event(&t->pr, (pid_t)r.pid, (pid_t)r.tid, e, r.raw,
			   r.raw_size, time, stk);
		break;
	case EV_SIG_DELIVER:
		if ((uint32_t)(e->off_handler + 8) > r.raw_size) {
			t->bad++;
			return;
		}
		ends_signal(&t->pr, (pid_t)r.pid, (pid_t)r.tid,
			    (int)rd(r.raw, e->off_sig, 4),
			    rd(r.raw, e->off_handler, 8),
			    (int)rd(r.raw, e->off_code, 4), sample_ip(e, &r),
			    time);
		break;
	}
}

void feed_record(void *ctx, struct ring *ring,
		 const struct perf_event_header *h, uint64_t time)
{
	struct trace *t = ctx;
	struct rec r;

	if (h->type == PERF_RECORD_SAMPLE) {
		on_sample(t, h, time);
		return;
	}
	if (rec_parse(h, h->size, 0, 0, &r)) {
		t->bad++;
		return;
	}
	switch (r.type) {
	case PERF_RECORD_COMM:
		if ((h->misc & PERF_RECORD_MISC_COMM_EXEC) &&
		    (pid_t)r.u.comm.pid == t->ln.pid && t->have_child)
			t->cmd_execd = 1;
		if (!in_scope(t, (pid_t)r.u.comm.pid, (pid_t)r.u.comm.tid))
			break;
		t->pr.now = time;	/* when it exec'd (--timeline) */
		if (h->misc & PERF_RECORD_MISC_COMM_EXEC)
			ends_takeover(&t->pr, (pid_t)r.u.comm.pid,
				      (pid_t)r.u.comm.tid);
		pair_comm(&t->pr, (pid_t)r.u.comm.pid, (pid_t)r.u.comm.tid,
			  r.u.comm.comm, (h->misc & PERF_RECORD_MISC_COMM_EXEC) != 0);
		break;
	case PERF_RECORD_MMAP2:
		if (!in_scope(t, (pid_t)r.u.mmap2.pid, (pid_t)r.u.mmap2.tid))
			break;
		/* --stack=bpf: the file's rows, before its first stack */
		if (t->cap.ustack && (r.u.mmap2.prot & PROT_EXEC))
			cap_unwind_mapped(&t->cap, r.u.mmap2.path, r.u.mmap2.maj,
					  r.u.mmap2.min, r.u.mmap2.ino);
		pair_mmap(&t->pr, (pid_t)r.u.mmap2.pid, r.u.mmap2.addr,
			  r.u.mmap2.len, r.u.mmap2.pgoff, r.u.mmap2.prot,
			  r.u.mmap2.flags,
			  makedev(r.u.mmap2.maj, r.u.mmap2.min), r.u.mmap2.ino,
			  r.u.mmap2.path);
		/* -k: a Python interpreter, read from now on */
		if (t->cap.python && (r.u.mmap2.prot & PROT_EXEC))
			capture_python_map(&t->cap, (pid_t)r.u.mmap2.pid,
					   r.u.mmap2.path,
					   makedev(r.u.mmap2.maj, r.u.mmap2.min),
					   r.u.mmap2.ino, r.u.mmap2.addr,
					   r.u.mmap2.pgoff);
		break;
	case PERF_RECORD_FORK:
		/* a traced task's child or thread is traced too */
		if (!in_scope(t, (pid_t)r.u.task.ppid, (pid_t)r.u.task.ptid))
			break;
		pair_fork(&t->pr, (pid_t)r.u.task.ppid, (pid_t)r.u.task.ptid,
			  (pid_t)r.u.task.pid, (pid_t)r.u.task.tid, time);
		if (r.u.task.pid != r.u.task.ppid)
			capture_python_fork(&t->cap, (pid_t)r.u.task.ppid,
					    (pid_t)r.u.task.pid);
		break;
	case PERF_RECORD_EXIT:
		if (!in_scope(t, (pid_t)r.u.task.pid, (pid_t)r.u.task.tid))
			break;
		ends_task_exit(&t->pr, (pid_t)r.u.task.pid,
			       (pid_t)r.u.task.tid, time);
		if (r.u.task.pid == r.u.task.tid)
			capture_python_exit(&t->cap, (pid_t)r.u.task.pid);
		break;
	case PERF_RECORD_LOST:
		ring->lost += r.u.lost.lost;
		t->lost += r.u.lost.lost;
		t->pr.lost += r.u.lost.lost;
		t->sink->ops->lost(t->sink, ring->cpu, r.u.lost.lost, time);
		break;
	}
}
