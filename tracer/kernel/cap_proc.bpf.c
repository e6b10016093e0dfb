// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, kernel side: the process lifecycle.  Children of traced
 * processes join the traced set at fork (before their first instruction);
 * an exec says when it raises privileges (the kernel then drops the
 * task's perf events: the trace would go quiet) and hands over execve
 * arguments the entry could not read, from the kernel's copy.
 */
#include "cap.bpf.h"

struct linux_binprm___e {
	unsigned int secureexec:1;
	const char *filename;
	const char *interp;
} __attribute__((preserve_access_index));

struct mm_struct___e {
	unsigned long start_stack;
} __attribute__((preserve_access_index));

/*
 * An execve whose path, argv or envp could not be read at entry (pages
 * a fork child had not touched yet) succeeded: the old memory is gone,
 * but the kernel holds the path (bprm->filename) and has just written
 * argc, argv and envp on the new stack (mm->start_stack).  Those are the
 * call's arguments exactly, unless an interpreter (#!, binfmt_misc) took
 * over: then argv is the interpreter's, and is left a pointer.
 */
static __always_inline void exec_args_late(void *ctx,
					    struct linux_binprm___e *bprm)
{
	struct saved *sv = inflight_get();
	struct mm_struct___e *mm = (struct mm_struct___e *)current_mm();
	u64 sp = mm ? BPF_CORE_READ(mm, start_stack) : 0, argc = 0;
	struct cap_rec *r;
	u8 *b = buf();
	u32 off = sizeof(struct cap_rec);

	if (!sv || !b || sv->nr != 59 /* execve */ || !(sv->late & 7) || !sp)
		return;
	r = (struct cap_rec *)b;
	r->nitems = 0;
	if (sv->late & 1)
		off = g_kstr(off, 0, (u64)BPF_CORE_READ(bprm, filename),
			     CAP_PATH_MAX + 1, CAP_AT_ENTRY);
	if ((sv->late & 2) &&
	    BPF_CORE_READ(bprm, interp) == BPF_CORE_READ(bprm, filename))
		off = g_argv(off, 1, sp + 8, CAP_AT_ENTRY, argv_max());
	if ((sv->late & 4) && !bpf_probe_read_user(&argc, sizeof(argc),
						   (const void *)sp) &&
	    argc < 1u << 20)
		off = g_count(off, 2, sp + 8 * (argc + 2), CAP_AT_ENTRY);
	sv->late = 0;
	if (!r->nitems)
		return;
	r->magic = CAP_MAGIC;
	r->nr = 59;
	r->phase = CAP_AT_EXIT;
	r->pad = 0;
	r->size = off < CAP_REC_MAX ? off : CAP_REC_MAX;
	r->ret = 0;
	bpf_perf_event_output(ctx, &out, BPF_F_CURRENT_CPU, b,
			      bounded(r->size, 2 * CAP_REC_MAX - 1));
}

/*
 * An exec that raises privileges (setuid, setgid, capabilities) makes
 * the kernel remove the task's perf events (perf_event_exit_task in
 * begin_new_exec): say so, or the trace would just go quiet.
 */
SEC("tp_btf/sched_process_exec")
int cap_exec(u64 *ctx)
{
	struct linux_binprm___e *bprm = (struct linux_binprm___e *)ctx[2];
	struct cap_config *c = cfg();
	struct cap_exec e = {};

	if (!c || !is_traced(c))
		return 0;
	/* (nothing in inflight unless arguments are copied) */
	exec_args_late(ctx, bprm);
	if (!BPF_CORE_READ_BITFIELD_PROBED(bprm, secureexec))
		return 0;
	e.magic = CAP_MAGIC_EXEC;
	e.tid = (int)(u32)bpf_get_current_pid_tgid();
	bpf_probe_read_kernel_str(e.filename, sizeof(e.filename),
				  BPF_CORE_READ(bprm, filename));
	bpf_perf_event_output(ctx, &out, BPF_F_CURRENT_CPU, &e, sizeof(e));
	return 0;
}

/* children of traced processes are traced from their first instruction */
SEC("tp_btf/sched_process_fork")
int cap_fork(u64 *ctx)
{
	struct task_struct *parent = (struct task_struct *)ctx[0];
	struct task_struct *child = (struct task_struct *)ctx[1];
	struct cap_config *c = cfg();
	u32 key;

	if (!c || !c->follow || c->all)
		return 0;
	key = c->by_tid ? (u32)BPF_CORE_READ(parent, pid) :
			  (u32)BPF_CORE_READ(parent, tgid);
	/* (a selection's: the parent is the current task, and selected) */
	if (!traced_id(c, key) && !(c->target && g_target()))
		return 0;
	key = c->by_tid ? (u32)BPF_CORE_READ(child, pid) :
			  (u32)BPF_CORE_READ(child, tgid);
	traced_set(c, key, 1);
	return 0;
}
