// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, kernel side: who is traced, for --comm, --uid and
 * --cgroup.  The decision is made on each call, before anything is
 * written (is_traced, cap.bpf.h, asks g_target when cap_config.target
 * is set): a call of a task not selected costs the programs' check and
 * no record, no ring space and no reading.  uid and cgroup are read on
 * each call, so a task that changes its uid or moves to another cgroup
 * is traced (or not) from its next call on.  The name's verdict is kept
 * per task (comm_seen): reading the name and walking the globs on every
 * call was most of what a task not selected cost (a getppid storm: ~45
 * of ~70 ns per program run).  It is made again where a name can change:
 * task_rename, which the kernel fires before it writes the new name
 * (prctl, /proc/PID/comm, exec), and a new task's slot is emptied at
 * its creation, so a task that renames itself or execs into a matching
 * name is traced from that moment.
 *
 * With --tree (-p PID --tree --comm ...), only the tree's processes are
 * asked: their tgids are in tree_ids, which etrace fills as it attaches
 * and target_fork while tree_follow is set (during the attach, and with
 * -f after it).  The traced set (cap.bpf.h) stays empty then, so
 * nothing is traced for being in it: the tree bounds the selection.
 *
 * Also which calls are written with -Z and --errno (g_err_ok, asked at
 * each exit by the ring programs, which hold the entries until then).
 *
 * The selection is read-only data (target_conf), fixed before the load.
 */
#include "cap.bpf.h"

const volatile struct cap_target target_conf = {};
/* comm_seen's entries - 1 (a power of two) */
const volatile unsigned int target_slot_mask = 0;

/*
 * --tree's processes, by tgid (one entry without --tree): TREE_IN, or
 * TREE_GONE once its last thread exited (its exit is still the tree's;
 * etrace then forgets it).  A process forked outside the tree whose tgid
 * is there (free again) is taken out at that fork, before it runs.
 */
#define TREE_IN		1
#define TREE_GONE	2

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, u8);
} tree_ids SEC(".maps");

/* target_fork adds children to tree_ids (set by etrace) */
unsigned int tree_follow = 0;

/*
 * The name's verdict per task, by tid & target_slot_mask: tid << 32 |
 * SEEN_*, 0 when not known (a slot two tids share holds one of them: the
 * other's is made again).  Sized from pid_max at load, one entry when
 * no --comm is given.
 */
#define SEEN_NO		1
#define SEEN_YES	2

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, u64);
} comm_seen SEC(".maps");

/* one glob's walk: '*' and '?' over the task's name (at most 15 bytes) */
struct glob_walk {
	char pat[CAP_GLOB_MAX];
	char s[16];		/* NUL-padded */
	u32 pi, si;		/* where the walk is */
	u32 star_p, star_s;	/* after the last '*', and where it began */
	int star;		/* a '*' was passed */
	int result;		/* 1: matched, 0: not (when done) */
};

/*
 * One step; 1 when the walk is done.  The classic backtracking walk:
 * on a mismatch the last '*' takes one more byte.  Each step moves pi
 * or backtracks (si grows), so (CAP_GLOB_MAX + 1) * 17 steps suffice.
 */
static long glob_step(u32 i, void *ctx)
{
	struct glob_walk *w = ctx;
	u32 pi = w->pi & (CAP_GLOB_MAX - 1), si = w->si & 15;
	char pc = w->pi < CAP_GLOB_MAX ? w->pat[pi] : 0;
	char sc = w->si < 16 ? w->s[si] : 0;

	if (pc == '*') {
		w->star = 1;
		w->star_p = ++w->pi;
		w->star_s = w->si;
		return 0;
	}
	if (sc && pc && (pc == '?' || pc == sc)) {
		w->pi++;
		w->si++;
		return 0;
	}
	if (!sc && !pc) {
		w->result = 1;
		return 1;
	}
	/* the last '*' takes one more byte of the name, if there is one */
	if (!w->star || w->star_s >= 15 || !w->s[w->star_s & 15])
		return 1;
	w->pi = w->star_p;
	w->si = ++w->star_s;
	return 0;
}

/* only the fields read; CO-RE finds them in the running kernel */
struct kernfs_node___tgt {
	u64 id;
} __attribute__((preserve_access_index));

struct cgroup___tgt {
	int level;
	struct kernfs_node___tgt *kn;
	struct cgroup___tgt *ancestors[];
} __attribute__((preserve_access_index));

struct css_set___tgt {
	struct cgroup___tgt *dfl_cgrp;
} __attribute__((preserve_access_index));

struct cred___tgt {
	struct { u32 val; } uid;
} __attribute__((preserve_access_index));

struct signal_struct___tgt {
	struct { int counter; } live;
} __attribute__((preserve_access_index));

struct task_struct___tgt {
	int pid;
	int tgid;
	struct signal_struct___tgt *signal;
	const struct cred___tgt *cred;
	char comm[16];
	struct css_set___tgt *cgroups;
} __attribute__((preserve_access_index));

static __always_inline int comm_ok(const char comm[16])
{
	u64 w0, w1;

	__builtin_memcpy(&w0, comm, 8);
	__builtin_memcpy(&w1, comm + 8, 8);
	for (u32 i = 0; i < CAP_TARGET_MAX && i < target_conf.ncomm; i++) {
		const char *p = (const char *)target_conf.comm[i];
		struct glob_walk w = {};
		u64 p0, p1;

		if (target_conf.literal & (1u << i)) {
			__builtin_memcpy(&p0, p, 8);
			__builtin_memcpy(&p1, p + 8, 8);
			if (p0 == w0 && p1 == w1)
				return 1;
			continue;
		}
		__builtin_memcpy(w.pat, p, CAP_GLOB_MAX);
		__builtin_memcpy(w.s, comm, 16);
		bpf_loop((CAP_GLOB_MAX + 1) * 17, glob_step, &w, 0);
		if (w.result)
			return 1;
	}
	return 0;
}

static __always_inline int uid_ok(u32 uid)
{
	for (u32 i = 0; i < CAP_TARGET_MAX && i < target_conf.nuid; i++)
		if (target_conf.uid[i] == uid)
			return 1;
	return 0;
}

/*
 * The v2 cgroup of task t (0: the current task) at a level: the helper's
 * walk, done by hand for another task (a signal's receiver).
 */
static __always_inline u64 ancestor_id(struct task_struct___tgt *t, u32 level)
{
	struct cgroup___tgt *cg, *a = 0;

	if (!t)
		return bpf_get_current_ancestor_cgroup_id((int)level);
	cg = BPF_CORE_READ(t, cgroups, dfl_cgrp);
	if (!cg || (u32)BPF_CORE_READ(cg, level) < level)
		return 0;
	if (bpf_probe_read_kernel(&a, sizeof(a), &cg->ancestors[level & 1023]) ||
	    !a)
		return 0;
	return BPF_CORE_READ(a, kn, id);
}

/* the task's cgroup (v2) is one selected, or below it */
static __always_inline int cgroup_ok(struct task_struct___tgt *t)
{
	for (u32 i = 0; i < CAP_TARGET_MAX && i < target_conf.ncg; i++)
		if (ancestor_id(t, target_conf.cg_level[i]) == target_conf.cg_id[i])
			return 1;
	return 0;
}

static __always_inline u64 *seen_slot(u32 tid)
{
	u32 k = tid & target_slot_mask;

	return bpf_map_lookup_elem(&comm_seen, &k);
}

/*
 * The current task's name is selected: its kept verdict, or one made
 * now and kept unless a rename was kept meanwhile (another task writing
 * /proc/PID/comm: the compare-and-swap then fails, and the rename's
 * verdict, made from the new name, stays).
 */
static __always_inline int comm_now(u32 tid)
{
	u64 *e = seen_slot(tid), v;
	char comm[16] = {};
	int ok;

	if (!e)
		return 0;
	v = *e;
	if ((u32)(v >> 32) == tid && (v & 3))
		return (v & 3) == SEEN_YES;
	bpf_get_current_comm(comm, sizeof(comm));
	ok = comm_ok(comm);
	__sync_val_compare_and_swap(e, v, (u64)tid << 32 |
				    (ok ? SEEN_YES : SEEN_NO));
	return ok;
}

/* the current task is selected: 1, or 0 (etrace itself never is) */
__noinline int g_target(void)
{
	u64 pt = bpf_get_current_pid_tgid();
	u32 tgid = (u32)(pt >> 32);

	if (tgid == target_conf.self)
		return 0;
	if (target_conf.within && !bpf_map_lookup_elem(&tree_ids, &tgid))
		return 0;
	if (target_conf.ncomm && !comm_now((u32)pt))
		return 0;
	if (target_conf.nuid && !uid_ok((u32)bpf_get_current_uid_gid()))
		return 0;
	if (target_conf.ncg && !cgroup_ok(0))
		return 0;
	return 1;
}

/* a task's new name (ctx: the task, the name, about to be written) */
SEC("tp_btf/task_rename")
int target_rename(u64 *ctx)
{
	struct task_struct___tgt *t = (struct task_struct___tgt *)ctx[0];
	u32 tid = (u32)BPF_CORE_READ(t, pid);
	char comm[16] = {};
	u64 *e = seen_slot(tid);

	/* (the kernel keeps 15 bytes of a longer name, as this does) */
	if (!e || bpf_probe_read_kernel_str(comm, sizeof(comm),
					     (const void *)ctx[1]) < 0)
		return 0;
	*e = (u64)tid << 32 | (comm_ok(comm) ? SEEN_YES : SEEN_NO);
	return 0;
}

/* a new task: its tid's slot may hold a verdict of a task gone */
SEC("tp_btf/task_newtask")
int target_newtask(u64 *ctx)
{
	struct task_struct___tgt *t = (struct task_struct___tgt *)ctx[0];
	u32 tid = (u32)BPF_CORE_READ(t, pid);
	u64 *e = seen_slot(tid), v;

	if (e && (u32)((v = *e) >> 32) == tid)
		__sync_val_compare_and_swap(e, v, 0);
	return 0;
}

/* the same for another task (a signal's receiver), by its address */
__noinline int g_target_task(u64 task)
{
	struct task_struct___tgt *t = (struct task_struct___tgt *)task;
	char comm[16] = {};
	u32 tgid;

	if (!t || (tgid = (u32)BPF_CORE_READ(t, tgid)) == target_conf.self)
		return 0;
	if (target_conf.within && !bpf_map_lookup_elem(&tree_ids, &tgid))
		return 0;
	if (target_conf.nuid && !uid_ok(BPF_CORE_READ(t, cred, uid.val)))
		return 0;
	if (target_conf.ncg && !cgroup_ok(t))
		return 0;
	if (!target_conf.ncomm)
		return 1;
	bpf_probe_read_kernel(comm, sizeof(comm), &t->comm);
	return comm_ok(comm);
}

/* --tree: a child of the tree's is in it, from its first instruction */
SEC("tp_btf/sched_process_fork")
int target_fork(u64 *ctx)
{
	struct task_struct___tgt *parent = (struct task_struct___tgt *)ctx[0];
	struct task_struct___tgt *child = (struct task_struct___tgt *)ctx[1];
	u32 ptgid = (u32)BPF_CORE_READ(parent, tgid);
	u32 ctgid = (u32)BPF_CORE_READ(child, tgid);
	u8 *in = bpf_map_lookup_elem(&tree_ids, &ptgid), v = TREE_IN;

	if (ptgid == ctgid)
		return 0;
	if (tree_follow && in && *in == TREE_IN)
		bpf_map_update_elem(&tree_ids, &ctgid, &v, BPF_ANY);
	else
		bpf_map_delete_elem(&tree_ids, &ctgid);
	return 0;
}

/*
 * --tree: a process of it is gone (its last thread: the kernel counted
 * it out of signal->live before this tracepoint)
 */
SEC("tp_btf/sched_process_exit")
int target_exit(u64 *ctx)
{
	struct task_struct___tgt *t = (struct task_struct___tgt *)ctx[0];
	u32 tgid = (u32)BPF_CORE_READ(t, tgid);
	u8 v = TREE_GONE;

	if (!BPF_CORE_READ(t, signal, live.counter))
		bpf_map_update_elem(&tree_ids, &tgid, &v, BPF_EXIST);
	return 0;
}

/* -Z, --errno: ret is a failure of a selected errno */
__noinline int g_err_ok(s64 ret)
{
	u64 e;

	if (ret >= 0 || ret < -4095)
		return 0;
	e = (u64)-ret;
	return target_conf.errs[(e >> 6) & 63] >> (e & 63) & 1;
}
