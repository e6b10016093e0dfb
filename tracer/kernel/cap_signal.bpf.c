// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, kernel side: signals and exits.  The siginfo of each
 * signal delivered to a traced task (strace's "--- SIGCHLD {...} ---"
 * lines: the tracepoint alone has only the number and code), signals it
 * is sent that are never delivered (ignored, or fatal at once), and how
 * each task ended, read at its exit as wait(2) will report it ("+++
 * exited with 3 +++", never a guess).
 */
#include "cap.bpf.h"

/*
 * include/linux/signal_types.h: a signal the kernel forces to kill (a
 * seccomp filter's SECCOMP_RET_KILL_*, a signal frame that cannot be
 * written): get_signal gives no tracer a stop for it, so strace never
 * shows it; the task's end says it ("+++ killed by SIGSYS +++").
 */
#define SA_IMMUTABLE		0x00800000

/* "--- SIGCHLD {si_signo=SIGCHLD, ...} ---": the siginfo as delivered */
SEC("tp_btf/signal_deliver")
int cap_signal(u64 *ctx)
{
	struct cap_config *c = cfg();
	struct cap_sig e = {};
	u64 info = ctx[1];

	if (!c || !is_traced(c))
		return 0;
	if (ctx[2] && (BPF_CORE_READ((struct k_sigaction___e *)ctx[2],
				     sa.sa_flags) & SA_IMMUTABLE))
		return 0;
	e.magic = CAP_MAGIC_SIG;
	e.tid = (int)(u32)bpf_get_current_pid_tgid();
	e.tgid = (int)(bpf_get_current_pid_tgid() >> 32);
	e.sig = (int)ctx[0];
	e.kind = CAP_SIG_DELIVERED;
	/* 0 and 1 are SEND_SIG_NOINFO and SEND_SIG_PRIV, not pointers */
	if (info > 1)
		e.have_info = !bpf_probe_read_kernel(e.info, sizeof(e.info),
						     (const void *)info);
	if (ctx[2])
		e.handler = (u64)BPF_CORE_READ((struct k_sigaction___e *)ctx[2],
					       sa.sa_handler);
	/*
	 * -i: where the task is in user space as it dequeues it, which is
	 * where strace reads it (its signal-delivery stop is in this same
	 * get_signal, before a restarted call's IP is moved back)
	 */
	if (c->ip && bpf_core_enum_value_exists(enum bpf_func_id,
						BPF_FUNC_task_pt_regs))
		e.ip = BPF_CORE_READ((struct pt_regs *)bpf_task_pt_regs(
					bpf_get_current_task_btf()), ip);
	bpf_perf_event_output(ctx, &out, BPF_F_CURRENT_CPU, &e, sizeof(e));
	return 0;
}

/*
 * Signals a traced task is sent that are never delivered to it, which
 * strace shows all the same (ptrace keeps them: the tracer is asked
 * first), so from the moment they are sent, on the task they are sent to:
 *
 *  - ignored ones: a signal whose disposition ignores it (SIG_IGN, or
 *    SIG_DFL of SIGCHLD, SIGURG, SIGWINCH, SIGCONT) and that is not
 *    blocked is dropped as it is sent (result "ignored");
 *  - fatal ones: a fatal signal with SIG_DFL that no thread blocks, and
 *    that dumps no core, ends the process right when it is sent: the
 *    kernel marks the group exiting with it as the code, and sends
 *    SIGKILL to its threads (complete_signal, before this tracepoint);
 *  - SIGKILL: no line, but the calls it ends return to no one (strace
 *    prints them "= ?").
 *
 * Every signal of the machine passes here: the result decides first,
 * then whether the receiver is traced.
 */
#define SIG_KILL		9
/* include/trace/events/signal.h: what became of the signal */
#define SIG_GEN_DELIVERED	0
#define SIG_GEN_IGNORED		1
#define SI_USER			0
#define SI_KERNEL		0x80

SEC("tp_btf/signal_generate")
int cap_signal_gen(u64 *ctx)
{
	struct task_struct *t = (struct task_struct *)ctx[2];
	int sig = (int)ctx[0], result = (int)ctx[4], kind;
	struct signal_struct___e *ss;
	struct cap_config *c;
	struct cap_sig e = {};
	u64 info, pt;
	u32 id, exiting;

	if ((result != SIG_GEN_IGNORED && result != SIG_GEN_DELIVERED) ||
	    sig < 1 || sig > 64)
		return 0;
	c = cfg();
	if (!c)
		return 0;
	id = c->by_tid ? (u32)BPF_CORE_READ(t, pid) : (u32)BPF_CORE_READ(t, tgid);
	/* (the receiver's address as a number: a global function takes no
	   kernel pointer) */
	if (c->target && bpf_probe_read_kernel(&info, sizeof(info), &ctx[2]))
		return 0;
	if (c->target ? !g_target_task(info) &&
			!(c->follow && traced_id(c, id)) :
	    !c->all && !traced_id(c, id))
		return 0;
	ss = BPF_CORE_READ(t, signal);
	exiting = BPF_CORE_READ(ss, flags) & SIGNAL_GROUP_EXIT;
	if (result == SIG_GEN_IGNORED) {
		/* (a dying group drops what it is sent: "ignored" too) */
		if (exiting)
			return 0;
		kind = CAP_SIG_IGNORED;
	} else {
		/* delivered, and the group dies of it now: killed at once */
		if (!exiting || BPF_CORE_READ(ss, group_exit_code) != sig)
			return 0;
		kind = sig == SIG_KILL ? CAP_SIG_KILL : CAP_SIG_FATAL;
	}
	e.magic = CAP_MAGIC_SIG;
	e.tid = BPF_CORE_READ(t, pid);
	e.tgid = BPF_CORE_READ(t, tgid);
	e.sig = sig;
	e.kind = kind;
	/*
	 * The verifier takes a tracepoint's pointer argument for one that
	 * is never NULL, and drops the branch that tests it: read it as a
	 * number (0 and 1 are SEND_SIG_NOINFO and SEND_SIG_PRIV).
	 */
	if (bpf_probe_read_kernel(&info, sizeof(info), &ctx[1]))
		return 0;
	if (info > 1) {
		e.have_info = !bpf_probe_read_kernel(e.info, sizeof(e.info),
						     (const void *)info);
	} else {
		/* the siginfo the kernel makes for these (__send_signal_locked) */
		int *si = (int *)e.info;

		si[0] = sig;
		if (info == 0) {	/* SEND_SIG_NOINFO: from the sender */
			pt = bpf_get_current_pid_tgid();
			si[2] = SI_USER;
			si[4] = (int)(pt >> 32);
			si[5] = (int)(u32)bpf_get_current_uid_gid();
		} else {		/* SEND_SIG_PRIV: the kernel's */
			si[2] = SI_KERNEL;
		}
		e.have_info = 1;
	}
	bpf_perf_event_output(ctx, &out, BPF_F_CURRENT_CPU, &e, sizeof(e));
	return 0;
}

/* how a task ended, exactly: its exit_code as wait(2) will see it */
SEC("tracepoint/sched/sched_process_exit")
int cap_task_exit(void *ctx)
{
	struct task_struct *t = (struct task_struct *)bpf_get_current_task();
	struct cap_config *c = cfg();
	u64 pt = bpf_get_current_pid_tgid();
	u32 tid = (u32)pt, tgid = (u32)(pt >> 32), key;
	struct cap_exit e;
	u8 dead = 0;

	if (!c || !is_traced(c))
		return 1;
	/* the format's group_dead field, where this kernel has one */
	if (c->group_dead_off)
		bpf_probe_read_kernel(&dead, 1, (u8 *)ctx + (c->group_dead_off & 255));
	e.magic = CAP_MAGIC_EXIT;
	e.tid = (int)tid;
	e.tgid = (int)tgid;
	e.exit_code = BPF_CORE_READ(t, exit_code);
	e.group_dead = dead;
	e.exec_tid = 0;
	/* the leader, ended by another thread's execve (which takes its
	   tid): strace's "superseded by execve in pid N" */
	if (tid == tgid &&
	    bpf_core_field_exists(struct signal_struct___e, group_exec_task)) {
		struct task_struct *x = BPF_CORE_READ(t, signal, group_exec_task);

		if (x && x != t)
			e.exec_tid = BPF_CORE_READ(x, pid);
	}
	bpf_perf_event_output(ctx, &out, BPF_F_CURRENT_CPU, &e, sizeof(e));
	/* the id may be reused by an unrelated process: forget it */
	key = c->by_tid ? tid : tgid;
	if (c->by_tid || dead)
		traced_set(c, key, 0);
	return 1;
}
