// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, kernel side: summaries (-c), kept in the kernel, exact,
 * with no record per call: calls, errors, time, min, max and a log2
 * histogram per key (syscall or event, and --by's comm, pid, tid).
 * etrace reads the maps at the end or each --interval (summary.c).  The
 * maps and how a call is filed: cap_sum.bpf.h.
 */
#include "cap_sum.bpf.h"

/* bumped by etrace (through its mapping of this) each time it adds a
   task to the traced set */
volatile unsigned long long traced_gen;

/* the verdict on the task running on this CPU, made once per switch */
static __always_inline u32 sum_traced(struct sum_cpu *s)
{
	u64 gen = traced_gen + 1;

	/*
	 * A selection (--comm, ...) is asked on every call: a task may
	 * rename itself, exec or change its uid between two switches.
	 */
	if (s->known != gen || sum_conf.target) {
		u64 pt = bpf_get_current_pid_tgid();

		s->traced = sum_conf.all ||
			    (sum_conf.target && g_target()) ||
			    traced_in(sum_conf.ids_in_array, sum_conf.slot_mask,
				      sum_conf.by_tid ? (u32)pt : (u32)(pt >> 32));
		s->known = gen;
	}
	return s->traced;
}

SEC("tp_btf/sys_enter")
int sum_enter(u64 *ctx)
{
	struct sum_cpu *s = sum_here();
	s64 nr = (s64)ctx[1];

	if (!s)
		return 0;
	if (!sum_traced(s) || !nr_in(sum_conf.sel, nr))
		return 0;
	s->call = (u32)nr + 1;
	s->ts = bpf_ktime_get_ns();
	return 0;
}

/*
 * An exit of no call counted: a call a seccomp filter skipped before
 * sys_enter (cap.bpf.h) when its task is in a seccomp mode.  strace -c
 * counts it, with its error; its time is not known (not timed).  A new
 * task's return from clone is not a call of its own.
 */
static __always_inline void sum_skipped(struct sum_cpu *s, u64 *ctx)
{
	struct pt_regs *regs = (struct pt_regs *)ctx[0];
	s64 nr, ret = (s64)ctx[1];
	struct sum_start *st;
	u32 first;

	if (!seccomp_on() || !sum_traced(s))
		return;
	/*
	 * A task's first exit seen may be of a call begun before it was
	 * traced (the command's wait for etrace's go, under -e inject='s
	 * filter already): not taken for skipped.  Watched from then on.
	 */
	st = bpf_task_storage_get(&sum_task, bpf_get_current_task_btf(), 0,
				  BPF_LOCAL_STORAGE_GET_F_CREATE);
	if (!st)
		return;
	first = !st->watched;
	st->watched = 1;
	nr = (s64)regs->orig_ax;
	if (first || !nr_in(sum_conf.sel, nr) || fork_return(nr, ret))
		return;
	sum_add((u32)nr, ret, 0, 0);
}

/* a counted call's exit, of a task in a seccomp mode: it is watched */
static __always_inline void sum_watch(void)
{
	struct sum_start *st;

	if (!seccomp_on())
		return;
	st = bpf_task_storage_get(&sum_task, bpf_get_current_task_btf(), 0,
				  BPF_LOCAL_STORAGE_GET_F_CREATE);
	if (st)
		st->watched = 1;
}

SEC("tp_btf/sys_exit")
int sum_exit(u64 *ctx)
{
	struct sum_cpu *s = sum_here();
	struct sum_start *st;
	u64 now = bpf_ktime_get_ns();

	if (!s)
		return 0;
	if (s->call) {
		sum_add(s->call - 1, (s64)ctx[1], now - s->ts, 1);
		s->call = 0;
		sum_watch();
		return 0;
	}
	/*
	 * A verdict made here since the task came on this CPU: it entered
	 * this call here, and the call was not counted.  Without one, the
	 * call began before the task was switched in: its storage says.
	 */
	if (!s->known) {
		st = bpf_task_storage_get(&sum_task,
					  bpf_get_current_task_btf(), 0, 0);
		if (st && st->call) {
			sum_add(st->call - 1, (s64)ctx[1], sum_conf.wall ?
				now - st->ts : st->ts + (now - s->in), 1);
			st->call = 0;
			if (seccomp_on())
				st->watched = 1;
			return 0;
		}
	}
	sum_skipped(s, ctx);
	return 0;
}

SEC("tp_btf/sched_switch")
int sum_switch(u64 *ctx)
{
	struct task_struct *prev = (struct task_struct *)ctx[1];
	struct sum_cpu *s = sum_here();
	struct sum_start *st;
	u64 now = 0;

	if (!s)
		return 0;
	if (!sum_conf.wall)
		now = bpf_ktime_get_ns();
	if (s->call) {
		st = bpf_task_storage_get(&sum_task, prev, 0,
					  BPF_LOCAL_STORAGE_GET_F_CREATE);
		if (st) {
			/* it entered the call on this CPU and stayed on */
			st->ts = sum_conf.wall ? s->ts : now - s->ts;
			st->call = s->call;
		} else {
			no_room();
		}
	} else if (!sum_conf.wall && !s->known) {
		/*
		 * No call entered here since prev came on: it may be in one
		 * it was switched out in before (a read woken, then
		 * preempted; a long call preempted twice), whose time on
		 * this CPU counts.  Tasks with no storage (idle, kernel
		 * threads, untraced ones) are answered at once.
		 */
		st = bpf_task_storage_get(&sum_task, prev, 0, 0);
		if (st && st->call)
			st->ts += now - s->in;
	}
	s->call = 0;
	s->known = 0;
	s->in = now;
	return 0;
}

/* -c -e SYS:EVENT: counts of any tracepoint; the cookie says which */
SEC("tracepoint")
int sum_event(void *ctx)
{
	struct cap_config *c = cfg();

	if (c && is_traced(c))
		sum_add(SUM_EVENT_BASE + (u32)bpf_get_attach_cookie(ctx), 0, 0, 0);
	return 1;
}
