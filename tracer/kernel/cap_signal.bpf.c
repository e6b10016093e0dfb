// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, kernel side: signals and exits.  The siginfo of each
 * signal delivered to a traced task (strace's "--- SIGCHLD {...} ---"
 * lines: the tracepoint alone has only the number and code), signals that
 * kill without being delivered, and how each task ended, read at its exit
 * as wait(2) will report it ("+++ exited with 3 +++", never a guess).
 */
#include "cap.bpf.h"

/* "--- SIGCHLD {si_signo=SIGCHLD, ...} ---": the siginfo as delivered */
SEC("tp_btf/signal_deliver")
int cap_signal(u64 *ctx)
{
	struct cap_config *c = cfg();
	struct cap_sig e = {};
	u64 info = ctx[1];

	if (!c || !is_traced(c))
		return 0;
	e.magic = CAP_MAGIC_SIG;
	e.tid = (int)(u32)bpf_get_current_pid_tgid();
	e.sig = (int)ctx[0];
	/* 0 and 1 are SEND_SIG_NOINFO and SEND_SIG_PRIV, not pointers */
	if (info > 1)
		e.have_info = !bpf_probe_read_kernel(e.info, sizeof(e.info),
						     (const void *)info);
	if (ctx[2])
		e.handler = (u64)BPF_CORE_READ((struct k_sigaction___e *)ctx[2],
					       sa.sa_handler);
	bpf_perf_event_output(ctx, &out, BPF_F_CURRENT_CPU, &e, sizeof(e));
	return 0;
}

/*
 * Signals that kill without being delivered: a fatal signal with SIG_DFL,
 * not blocked and not dumping core, ends the process right when it is
 * sent (the kernel sends SIGKILL to its threads), so signal_deliver never
 * sees it.  strace shows it (ptrace stops that shortcut): so do we, from
 * the moment it is sent.
 */
#define SIG_FASTFATAL ((1ull << (1 - 1)) | (1ull << (2 - 1)) | \
		       (1ull << (10 - 1)) | (1ull << (12 - 1)) | \
		       (1ull << (13 - 1)) | (1ull << (14 - 1)) | \
		       (1ull << (15 - 1)) | (1ull << (16 - 1)) | \
		       (1ull << (26 - 1)) | (1ull << (27 - 1)) | \
		       (1ull << (29 - 1)) | (1ull << (30 - 1)) | \
		       0xffffffff00000000ull)

SEC("tp_btf/signal_generate")
int cap_signal_gen(u64 *ctx)
{
	struct task_struct *t = (struct task_struct *)ctx[2];
	struct cap_config *c = cfg();
	struct cap_sig e = {};
	int sig = (int)ctx[0], result = (int)ctx[4];
	u64 info = ctx[1], handler, blocked;
	u32 id;

	if (!c || result != 0 || sig < 1 || sig > 64 ||
	    !(SIG_FASTFATAL >> (sig - 1) & 1))
		return 0;
	id = c->by_tid ? (u32)BPF_CORE_READ(t, pid) : (u32)BPF_CORE_READ(t, tgid);
	if (!c->all && !traced_id(c, id))
		return 0;
	handler = (u64)BPF_CORE_READ(t, sighand, action[(sig - 1) & 63].sa.sa_handler);
	blocked = BPF_CORE_READ(t, blocked.sig[0]);
	if (handler != 0 || (blocked >> (sig - 1) & 1))
		return 0;
	e.magic = CAP_MAGIC_SIG;
	e.tid = BPF_CORE_READ(t, pid);
	e.sig = sig;
	if (info > 1)
		e.have_info = !bpf_probe_read_kernel(e.info, sizeof(e.info),
						     (const void *)info);
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
	bpf_map_delete_elem(&inflight, &tid);
	/* the format's group_dead field, where this kernel has one */
	if (c->group_dead_off)
		bpf_probe_read_kernel(&dead, 1, (u8 *)ctx + (c->group_dead_off & 255));
	e.magic = CAP_MAGIC_EXIT;
	e.tid = (int)tid;
	e.tgid = (int)tgid;
	e.exit_code = BPF_CORE_READ(t, exit_code);
	e.group_dead = dead;
	e.pad = 0;
	bpf_perf_event_output(ctx, &out, BPF_F_CURRENT_CPU, &e, sizeof(e));
	/* the id may be reused by an unrelated process: forget it */
	key = c->by_tid ? tid : tgid;
	if (c->by_tid || dead)
		traced_set(c, key, 0);
	return 1;
}
