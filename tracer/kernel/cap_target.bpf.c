// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, kernel side: who is traced, for --comm, --uid and
 * --cgroup.  The decision is made on each call, before anything is
 * written (is_traced, cap.bpf.h, asks g_target when cap_config.target
 * is set): a call of a task not selected costs the programs' check and
 * no record, no ring space and no reading.  Made on each call, not kept
 * per task, so a task that renames itself, execs into a matching name,
 * changes its uid or moves to another cgroup is traced (or not) from its
 * next call on, with nothing to keep in step.
 *
 * Also which calls are written with -Z and --errno (g_err_ok, asked at
 * each exit by the ring programs, which hold the entries until then).
 *
 * The selection is read-only data (target_conf), fixed before the load.
 */
#include "cap.bpf.h"

const volatile struct cap_target target_conf = {};

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

struct task_struct___tgt {
	int tgid;
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

/* the current task is selected: 1, or 0 (etrace itself never is) */
__noinline int g_target(void)
{
	char comm[16] = {};

	if ((u32)(bpf_get_current_pid_tgid() >> 32) == target_conf.self)
		return 0;
	if (target_conf.nuid && !uid_ok((u32)bpf_get_current_uid_gid()))
		return 0;
	if (target_conf.ncg && !cgroup_ok(0))
		return 0;
	if (!target_conf.ncomm)
		return 1;
	bpf_get_current_comm(comm, sizeof(comm));
	return comm_ok(comm);
}

/* the same for another task (a signal's receiver), by its address */
__noinline int g_target_task(u64 task)
{
	struct task_struct___tgt *t = (struct task_struct___tgt *)task;
	char comm[16] = {};

	if (!t || (u32)BPF_CORE_READ(t, tgid) == target_conf.self)
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

/* -Z, --errno: ret is a failure of a selected errno */
__noinline int g_err_ok(s64 ret)
{
	u64 e;

	if (ret >= 0 || ret < -4095)
		return 0;
	e = (u64)-ret;
	return target_conf.errs[(e >> 6) & 63] >> (e & 63) & 1;
}
