/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Capture stage, kernel side: -c's state and how a call is filed, shared
 * by the summary's own programs (cap_sum.bpf.c: counts kept in the
 * kernel, no record per call) and ring mode's (cap_ring.bpf.c), which
 * under -C and etrace record times each call it writes, and files in the
 * kernel only the calls it could not write (sum_ring_*, below).
 *
 * A call's time is the system time it cost (strace -c's): the time its
 * task was on a CPU between entry and exit, the intervals it was switched
 * out taken away; with -w (sum_conf.wall), the wall-clock time from entry
 * to exit.
 */
#ifndef ETRACE_CAP_SUM_BPF_H
#define ETRACE_CAP_SUM_BPF_H

#include "cap.bpf.h"

SHARED struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_HASH);
	__uint(max_entries, 8192);
	__type(key, struct sum_key);
	__type(value, struct sum_val);
} sums SEC(".maps");

/* calls with no room to be filed (a full table, no storage for a task
   switched out in one): said, not lost silently */
SHARED struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, u64);
} sum_full SEC(".maps");

/* per-syscall rows when the summary is by syscall only: an array */
SHARED struct {
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

SHARED struct {
	__uint(type, BPF_MAP_TYPE_TASK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, struct sum_start);
} sum_task SEC(".maps");

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

SHARED struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct sum_cpu);
} sum_cpu SEC(".maps");

static __always_inline struct sum_cpu *sum_here(void)
{
	u32 zero = 0;

	return bpf_map_lookup_elem(&sum_cpu, &zero);
}


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
#ifdef CAP_BPF_SHARED_HERE
const volatile struct sum_conf sum_conf = {};
#else
extern const volatile struct sum_conf sum_conf;
#endif

/* a new row (read-only data: a row is too big for the stack of the
   programs that file calls) */
static const struct sum_val sum_zero = {};

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
		bpf_map_update_elem(&sums, &k, &sum_zero, BPF_NOEXIST);
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
 * Ring mode under -C and etrace record: the calls are counted from the
 * records (the pairing stage), each exit carrying its call's time, taken
 * here as sum_enter and sum_exit take it (sum_switch runs too); the
 * kernel files only the calls it did not write.  ts: the time of the
 * entry's record.
 */
static __always_inline void sum_ring_enter(s64 nr, u64 ts)
{
	struct sum_cpu *s = sum_here();

	if (!s)
		return;
	s->call = (u32)nr + 1;
	s->ts = ts;
	s->known = 1;		/* a call entered here since the switch */
}

/*
 * At its exit (now: the exit record's time): 1 with the call's number at
 * entry and its time, when its entry was seen; else 0 (a call begun
 * before it was traced, or that a seccomp filter skipped: not timed).
 */
static __always_inline int sum_ring_exit(u64 now, u32 *nr, u64 *ns)
{
	struct sum_cpu *s = sum_here();
	struct sum_start *st;

	if (!s)
		return 0;
	if (s->call) {
		*nr = s->call - 1;
		*ns = now - s->ts;
		s->call = 0;
		return 1;
	}
	/* it began before its task was last switched in: moved there */
	st = bpf_task_storage_get(&sum_task, bpf_get_current_task_btf(), 0, 0);
	if (!st || !st->call)
		return 0;
	*nr = st->call - 1;
	*ns = sum_conf.wall ? now - st->ts : st->ts + (now - s->in);
	st->call = 0;
	return 1;
}

/*
 * A selected call of a traced task that was not written (a full ring,
 * or -Z's held call that succeeded): filed here.  A new task's return
 * from clone is not a call of its own (the pairing skips it too).
 */
static __always_inline void sum_ring_unwritten(s64 nr, s64 ret, int timed,
					       u32 at_entry, u64 ns)
{
	if (timed)
		nr = at_entry;
	if (nr < 0 || !nr_in(sum_conf.sel, nr) || fork_return(nr, ret))
		return;
	sum_add((u32)nr, ret, ns, timed);
}

#endif
