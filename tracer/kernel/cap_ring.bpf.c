// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, kernel side: ring mode.  The program writes each traced
 * call's entry and exit itself, as perf samples of raw_syscalls' layout,
 * into its CPU's BPF ring buffer (capture_abi.h): a few tens of ns a
 * record where a perf sample costs several hundred.  Its argument copies
 * (cap_copy.bpf.h) go to the same ring just before it.  Used when no
 * stacks, no -p and no other tracepoint need the kernel's own samples.
 * Under -C and etrace record (ring_sum) it also times each call, for the
 * -c table counted from its records (cap_sum.bpf.h).  With -k (the
 * kernel's unwinder) each entry that carries a stack has its records
 * before it: the user stack and the script frames, written by the
 * programs of those features (ring_frames).
 */
#include "cap_copy.bpf.h"
#include "cap_sum.bpf.h"

/* cap_fds.bpf.c's: a kept path is read again when this moved */
extern volatile unsigned long long fd_gen;

/*
 * -y: a call of any task that renames a file or moves a mount, at its
 * entry and exit (fd_rename's work, done here: a program on a syscall's
 * own tracepoint turns on the kernel's per-syscall tracepoints, which
 * every call of the machine then pays, ~60 ns on the getppid storm)
 */
static __always_inline void fd_watch(struct cap_config *c, s64 nr)
{
	if (ro_fd_watch && c && nr_in(c->fd_watch, nr))
		__sync_fetch_and_add(&fd_gen, 1);
}

/* -k's writers, ring mode's way (cap_unwind, cap_shell, cap_python) */
int g_ustack_ring(int nr, u64 ns);
int g_shell_ring(int nr, u64 ns);
int g_python_ring(int nr, u64 ns);

/*
 * -k: the records of a call's stack, in the ring before the call's own,
 * as the kernel's samples have them before theirs (dead code without
 * -k, and the functions then never verified).  Their time, which the
 * call's entry shares (a clock read costs tens of ns in a VM), or 0.
 */
static __always_inline u64 ring_frames(struct cap_config *c, s64 nr)
{
	u64 ns;

	if (!ro_frames || !nr_in(c->ssel, nr))
		return 0;
	ns = bpf_ktime_get_ns();
	if (ro_frames & CAP_FRAMES_SHELL)
		g_shell_ring((int)nr, ns);
	if (ro_frames & CAP_FRAMES_PYTHON)
		g_python_ring((int)nr, ns);
	if (ro_frames & CAP_FRAMES_USTACK)
		g_ustack_ring((int)nr, ns);
	return ns;
}

static __always_inline int ring_traced(struct cap_config *c)
{
	if (c->all)
		return (u32)(bpf_get_current_pid_tgid() >> 32) != c->self;
	return is_traced(c);
}

/* a call of this number, of a traced task, is written */
static __always_inline int ring_wants(struct cap_config *c, s64 nr)
{
	return c && c->ring && nr_in(c->rsel, nr) && ring_traced(c);
}

/*
 * Ring mode: the entry of a traced, selected call: its copies first (in
 * the perf ring, stamped before this record), then the call.  args: the
 * registers' arguments; sp: the user stack pointer (rt_sigreturn's mask);
 * ip: with -i, the user IP (the address after the syscall instruction,
 * where strace -i reads it), eight more raw bytes after the args.
 * frames: -k's records too (not for an entry written at the exit: a
 * skipped call, which perf's samples never saw either; and ring_exit
 * then does not carry, nor have verified, the unwinder's code).
 * The record's time, or 0 when none was made.
 */
static __always_inline u64 ring_enter_do(struct cap_config *c, void *ctx,
					  s64 nr, const u64 *args, u64 sp,
					  u64 ip, const int frames)
{
	u32 r[RB_ENTER_IP_SIZE / 4];
	struct pend *p = 0;
	struct call call;
	u64 ns;

	/* -Z, --errno: held until the exit (pend_* in cap.bpf.h) */
	if (ro_failed) {
		p = bpf_task_storage_get(&pend, bpf_get_current_task_btf(), 0,
					 BPF_LOCAL_STORAGE_GET_F_CREATE);
		if (!p) {
			rb_dropped();
			return 0;
		}
		p->on = 0;
		p->caplen = 0;
	}
	ns = frames ? ring_frames(c, nr) : 0;
	for (int i = 0; i < 6; i++)
		call.ca.args[i] = args[i];
	if (nr == SYS_RT_SIGRETURN)
		call.ca.args[0] = sp + SIGFRAME_MASK_OFF;
	call.defer = p != 0;
	call.hold = !p;
	call.held = 0;
	enter_copies(ctx, (int)nr, &call);
	call.ca.args[0] = args[0];	/* the record has the registers */
	/* raw: common fields (unused), id, args[6], -i's ip; then padding */
	/* (the copies' time, else the frames', else now) */
	if (call.held || !ns)
		ns = held_ns(call.held);
	if (c->ip)
		rb_head_at(r, RB_ENTER_IP_SIZE, c->id_enter, 72, ns);
	else
		rb_head_at(r, RB_ENTER_SIZE, c->id_enter, 64, ns);
	r[9] = r[10] = 0;
	put64(&r[11], (u64)nr);
	for (int i = 0; i < 6; i++)
		put64(&r[13 + 2 * i], call.ca.args[i]);
	if (c->ip) {
		put64(&r[25], ip);
		r[27] = 0;
	} else {
		r[25] = 0;
	}
	if (p) {
		__builtin_memcpy(p->rec, r, sizeof(r));
		p->ip = c->ip;
		p->on = 1;
		return get64(&r[6]);
	}
	if (c->ip)
		rb_write_held(c, r, RB_ENTER_IP_SIZE, call.held);
	else
		rb_write_held(c, r, RB_ENTER_SIZE, call.held);
	return get64(&r[6]);
}

/*
 * -Z, --errno at a call's exit: its held entry written now (with its
 * own times: the ring is then not quite in time order, which the merge
 * takes) if it failed as selected, else dropped with what the exit
 * would copy.  0: nothing more to write for this call.
 */
static __always_inline int pend_exit(struct cap_config *c, s64 ret)
{
	struct pend *p = bpf_task_storage_get(&pend, bpf_get_current_task_btf(),
					      0, 0);
	int held = p && p->on;

	if (held)
		p->on = 0;
	if (!g_err_ok(ret)) {
		inflight_end();
		return 0;
	}
	if (held && p->caplen && p->caplen <= sizeof(p->cap))
		rb_write(c, p->cap, p->caplen);
	if (held && p->ip)
		rb_write(c, p->rec, RB_ENTER_IP_SIZE);
	else if (held)
		rb_write(c, p->rec, RB_ENTER_SIZE);
	return 1;
}

/*
 * Seccomp-skipped calls (cap.bpf.h): the entry is written at the exit,
 * from the registers, so that the call is one whole line as strace's.
 * Whether sys_enter saw the call is kept per task, only for traced tasks
 * in a seccomp mode (a mode, once set, stays for the task's life, exec
 * included): set at each selected call's entry, cleared at every exit,
 * the unselected calls' too.  A task seen first at an exit (the call
 * that set its mode, a new thread's return from clone, a task traced
 * from the middle of a call, a thread another one's filter reached in a
 * call) is watched from then on; that exit is not taken for skipped.
 * The other tasks pay a load of their seccomp mode at entry and exit.
 */
struct skip_mark {
	u32 in;				/* sys_enter saw the call */
	u32 pad;
};

struct {
	__uint(type, BPF_MAP_TYPE_TASK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, struct skip_mark);
} skip_mark SEC(".maps");

/* a traced task's selected call's entry */
static __always_inline void skip_enter(void)
{
	struct skip_mark *m;

	if (!seccomp_on())
		return;
	m = bpf_task_storage_get(&skip_mark, bpf_get_current_task_btf(), 0,
				 BPF_LOCAL_STORAGE_GET_F_CREATE);
	if (m)
		m->in = 1;
}

/*
 * 1: sys_enter never saw this exit's call.  traced: the caller knows the
 * task is traced (else asked here, only for a task in a seccomp mode)
 */
static __always_inline int skip_exit(struct cap_config *c, s64 nr,
				     int traced)
{
	struct task_struct *t;
	struct skip_mark *m;
	int skipped;

	if (!seccomp_on() || (!traced && !ring_traced(c)))
		return 0;
	t = bpf_get_current_task_btf();
	m = bpf_task_storage_get(&skip_mark, t, 0, 0);
	if (!m) {
		bpf_task_storage_get(&skip_mark, t, 0,
				     BPF_LOCAL_STORAGE_GET_F_CREATE);
		return 0;
	}
	/* -1 after rt_sigreturn: a call that ran */
	skipped = !m->in && nr >= 0;
	m->in = 0;
	return skipped;
}

/* the skipped call's entry, from its untouched registers */
static __always_inline void skip_write_entry(struct cap_config *c, void *ctx,
					     s64 nr)
{
	struct pt_regs *regs;
	u64 args[6];

	if (!bpf_core_enum_value_exists(enum bpf_func_id,
					BPF_FUNC_task_pt_regs))
		return;
	regs = (struct pt_regs *)bpf_task_pt_regs(bpf_get_current_task_btf());
	args[0] = BPF_CORE_READ(regs, di);
	args[1] = BPF_CORE_READ(regs, si);
	args[2] = BPF_CORE_READ(regs, dx);
	args[3] = BPF_CORE_READ(regs, r10);
	args[4] = BPF_CORE_READ(regs, r8);
	args[5] = BPF_CORE_READ(regs, r9);
	ring_enter_do(c, ctx, nr, args, BPF_CORE_READ(regs, sp),
		      BPF_CORE_READ(regs, ip), 0);
}

#define SYS_EXECVE	59
#define SYS_EXECVEAT	322

/*
 * -b execve: a traced process that exec'd (its exit, already written) is
 * traced no more, as strace detaches at the exec event; the command's
 * first exec excepted (strace's too).  A successful execveat ends as
 * execve (59) on x86_64.
 */
static __always_inline void detach_at_exec(struct cap_config *c, s64 nr,
					   s64 ret)
{
	u64 pt;

	if (!ro_detach || ret != 0 ||
	    (nr != SYS_EXECVE && nr != SYS_EXECVEAT) || !ring_traced(c))
		return;
	pt = bpf_get_current_pid_tgid();
	if (c->detach_skip == (u32)(pt >> 32)) {
		c->detach_skip = 0;
		return;
	}
	traced_set(c, c->by_tid ? (u32)pt : (u32)(pt >> 32), 0);
}

/*
 * A call its group's end ends (group_ending, cap.bpf.h): said before its
 * exit, in the same ring (read before it), which then prints "= ?" as
 * strace's, whose tracee never returns.  (noinline: its record is off
 * the exit's stack; the record's fields 4-byte aligned, as the stack
 * must be accessed, the others left 0.)
 */
#define ZAP_WORDS ((RB_HEAD + sizeof(struct cap_sig) + 4) / 4)
#define ZAP_AT(field) ((RB_HEAD + __builtin_offsetof(struct cap_sig, field)) / 4)

static __noinline void group_end_note(void)
{
	u64 pt = bpf_get_current_pid_tgid();
	u32 r[ZAP_WORDS] = {};

	rb_head(r, sizeof(r), RB_ID_CAP, sizeof(struct cap_sig) + 4);
	r[ZAP_AT(magic)] = CAP_MAGIC_SIG;
	r[ZAP_AT(tid)] = (u32)pt;
	r[ZAP_AT(tgid)] = (u32)(pt >> 32);
	r[ZAP_AT(sig)] = 9;	/* SIGKILL, as the kernel ends them */
	r[ZAP_AT(kind)] = CAP_SIG_EXEC_ZAP;
	rb_write(cfg(), r, sizeof(r));
}

/* its exit */
static __always_inline void ring_exit_write(struct cap_config *c, void *ctx,
					    s64 nr, s64 ret)
{
	u32 r[RB_EXIT_SUM_SIZE / 4], at_entry = 0, held;
	int skipped, timed = 0;
	u64 ns = 0;

	if (nr >= 0 && !nr_in(c->rsel, nr)) {
		skip_exit(c, nr, 0);
		return;
	}
	if (!ring_traced(c))
		return;
	if (group_ending())
		group_end_note();
	skipped = skip_exit(c, nr, 1);
	if (skipped)
		skip_write_entry(c, ctx, nr);
	if (ro_failed && !pend_exit(c, ret)) {
		/* -C -Z: the calls that succeeded are counted all the same */
		if (ro_ring_sum) {
			timed = sum_ring_exit(bpf_ktime_get_ns(), &at_entry, &ns);
			sum_ring_unwritten(nr, ret, timed, at_entry, ns);
		}
		return;
	}
	held = exit_copies(ctx, nr, ret, 1);
	/* raw: common fields (unused), id, ret; then padding */
	rb_head_at(r, ro_ring_sum ? RB_EXIT_SUM_SIZE : RB_EXIT_SIZE, c->id_exit,
		   24, held_ns(held));
	r[9] = r[10] = 0;
	put64(&r[11], (u64)nr);
	put64(&r[13], (u64)ret);
	r[15] = skipped;	/* RING_EXIT_SKIPPED_OFF */
	if (!ro_ring_sum) {
		rb_write_held(c, r, RB_EXIT_SIZE, held);
		return;
	}
	timed = sum_ring_exit(get64(&r[6]), &at_entry, &ns);
	r[16] = timed;		/* RING_EXIT_TIMED_OFF */
	put64(&r[17], ns);	/* RING_EXIT_NS_OFF */
	r[19] = 0;
	if (rb_write_held(c, r, RB_EXIT_SUM_SIZE, held))
		sum_ring_unwritten(nr, ret, timed, at_entry, ns);
}

static __always_inline void ring_exit_do(void *ctx, s64 nr, s64 ret)
{
	struct cap_config *c = cfg();

	fd_watch(c, nr);
	if (!c || !c->ring)
		return;
	ring_exit_write(c, ctx, nr, ret);
	detach_at_exec(c, nr, ret);
}

SEC("tp_btf/sys_enter")
int ring_enter(u64 *ctx)
{
	struct pt_regs *regs = (struct pt_regs *)ctx[0];
	struct cap_config *c = cfg();
	u64 args[6], ts;

	fd_watch(c, (s64)ctx[1]);
	if (!ring_wants(c, (s64)ctx[1]))
		return 0;
	skip_enter();
	args[0] = regs->di;
	args[1] = regs->si;
	args[2] = regs->dx;
	args[3] = regs->r10;
	args[4] = regs->r8;
	args[5] = regs->r9;
	ts = ring_enter_do(c, ctx, (s64)ctx[1], args, regs->sp, regs->ip, 1);
	if (ts && ro_ring_sum)
		sum_ring_enter((s64)ctx[1], ts);
	return 0;
}

/* its exit (-1 as the number after rt_sigreturn, as raw_syscalls says) */
SEC("tp_btf/sys_exit")
int ring_exit(u64 *ctx)
{
	struct pt_regs *regs = (struct pt_regs *)ctx[0];

	ring_exit_do(ctx, (s64)regs->orig_ax, (s64)ctx[1]);
	return 0;
}

/*
 * The same on the per-syscall tracepoints (syscalls:sys_enter_NAME),
 * for a selection of a few syscalls with --comm, --uid, --cgroup or
 * --tree: the other syscalls then run no program at all (the raw
 * tracepoint runs one on every call of the machine).  Tracepoint
 * programs: 1, or the hit's perf samples would be suppressed.
 */
SEC("tracepoint")
int ring_enter_sc(struct enter_ctx *ctx)
{
	struct cap_config *c = cfg();
	struct pt_regs *regs;
	u64 args[6], sp = 0, ip = 0, ts;

	if (!ring_wants(c, ctx->nr))
		return 1;
	skip_enter();
	/* read, not loaded: the record holds only this call's arguments */
	if (bpf_probe_read_kernel(args, sizeof(args), ctx->args))
		return 1;
	/* the user registers: rt_sigreturn's stack pointer, -i's ip */
	if (ctx->nr == SYS_RT_SIGRETURN || c->ip) {
		if (!bpf_core_enum_value_exists(enum bpf_func_id,
						BPF_FUNC_task_pt_regs))
			return 1;
		regs = (struct pt_regs *)bpf_task_pt_regs(bpf_get_current_task_btf());
		sp = BPF_CORE_READ(regs, sp);
		ip = BPF_CORE_READ(regs, ip);
	}
	ts = ring_enter_do(c, ctx, ctx->nr, args, sp, ip, 1);
	if (ts && ro_ring_sum)
		sum_ring_enter(ctx->nr, ts);
	return 1;
}

SEC("tracepoint")
int ring_exit_sc(struct exit_ctx *ctx)
{
	ring_exit_do(ctx, ctx->nr, ctx->ret);
	return 1;
}
