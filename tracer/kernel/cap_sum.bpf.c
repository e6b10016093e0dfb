// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, kernel side: summaries (-c), kept in the kernel, exact,
 * with no record per call: calls, errors, time, min, max and a log2
 * histogram per key (syscall or event, and --by's comm, pid, tid).
 * etrace reads the maps at the end or each --interval (summary.c).
 *
 * A call's time is the system time it cost (strace -c's): the time its
 * task was on a CPU between entry and exit, the intervals it was switched
 * out taken away; with -w (sum_conf.wall), the wall-clock time from entry
 * to exit.
 */
#include "cap.bpf.h"

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_HASH);
	__uint(max_entries, 8192);
	__type(key, struct sum_key);
	__type(value, struct sum_val);
} sums SEC(".maps");

/* calls with no room to be filed (a full table, no storage for a task
   switched out in one): said, not lost silently */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, u64);
} sum_full SEC(".maps");

/* per-syscall rows when the summary is by syscall only: an array */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, CAP_NR_MAX);
	__type(key, u32);
	__type(value, struct sum_val);
} sum_by_nr SEC(".maps");

/*
 * A counted call its task was switched out in (sum_switch), in the task's
 * own storage, where its exit finds it on whichever CPU.  Only switches
 * in a call and the first exit after a task comes on a CPU look here;
 * for system time, also the switches of a task that entered no call
 * since it came on the CPU (it may be in one begun before: see below).
 */
struct sum_start {
	u64 ts;			/* -w: when the call began; else the time
				   on a CPU it had when last switched out */
	u32 call;		/* its number + 1; 0: none */
	u32 watched;		/* in a seccomp mode: an exit was seen */
};

struct {
	__uint(type, BPF_MAP_TYPE_TASK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, struct sum_start);
} sum_task SEC(".maps");

static __always_inline u32 log2_ns(u64 v)
{
	u32 r = 0;

	for (int i = 32; i >= 1; i /= 2) {
		if (v >> i) {
			v >>= i;
			r += i;
		}
	}
	return r < SUM_HIST ? r : SUM_HIST - 1;
}

static __always_inline void no_room(void)
{
	u32 z = 0;
	u64 *full = bpf_map_lookup_elem(&sum_full, &z);

	if (full)
		(*full)++;
}

/* set by etrace before loading (capture_open) */
const volatile struct sum_conf sum_conf = {};

static __always_inline void sum_add(u32 nr, s64 ret, u64 ns, int timed)
{
	struct sum_key k = { .nr = nr };
	struct sum_val *v = 0;
	u32 by = sum_conf.sum_by;
	u64 pt;

	if (!by && nr < CAP_NR_MAX) {
		v = bpf_map_lookup_elem(&sum_by_nr, &nr);
		if (v)
			goto add;
	}
	pt = bpf_get_current_pid_tgid();
	if (by & SUM_BY_COMM)
		bpf_get_current_comm(k.comm, sizeof(k.comm));
	if (by & SUM_BY_PID)
		k.pid = (int)(pt >> 32);
	if (by & SUM_BY_TID)
		k.tid = (int)(u32)pt;
	v = bpf_map_lookup_elem(&sums, &k);
	if (!v) {
		struct sum_val zero = {};

		bpf_map_update_elem(&sums, &k, &zero, BPF_NOEXIST);
		v = bpf_map_lookup_elem(&sums, &k);
		if (!v) {
			no_room();
			return;
		}
	}
add:
	v->calls++;
	if (ret < 0 && ret >= -4095)
		v->errors++;
	if (!timed)
		return;
	ns = ns > sum_conf.overhead ? ns - sum_conf.overhead : 0;
	v->ns += ns;
	if (!v->min_ns || ns < v->min_ns)
		v->min_ns = ns ? ns : 1;
	if (ns > v->max_ns)
		v->max_ns = ns;
	if (sum_conf.hist) {
		u32 b = log2_ns(ns);

		if (b >= SUM_HIST)
			b = SUM_HIST - 1;
		v->hist[b]++;
	}
}

/*
 * The call in progress on each CPU, and the verdict on the task running
 * there: between two context switches one task runs on a CPU, so entry
 * and exit meet here with no lookup by task (helper calls: with the two
 * clock reads, the dearest part of programs this small; measured ~20 ns
 * per call less than a slot per tid).  sum_switch clears it and, for a
 * task switched out inside a counted call, moves the call to the task's
 * own storage, where its exit (on whichever CPU) finds it.
 */
struct sum_cpu {
	u64 ts;			/* when the call began */
	u32 call;		/* its number + 1; 0: no call counted here */
	u32 traced;		/* the verdict on the running task */
	u64 known;		/* traced_gen + 1 when made; 0: no verdict */
	u64 in;			/* system time: when the running task came on */
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct sum_cpu);
} sum_cpu SEC(".maps");

/* bumped by etrace (through its mapping of this) each time it adds a
   task to the traced set */
volatile unsigned long long traced_gen;

static __always_inline struct sum_cpu *sum_here(void)
{
	u32 zero = 0;

	return bpf_map_lookup_elem(&sum_cpu, &zero);
}

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
