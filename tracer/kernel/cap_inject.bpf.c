// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Injection (inject.h), kernel side: -e inject=...:signal=SIG sent by the
 * kernel, as strace's restart of the call sends it (send_sig with
 * priv: si_code SI_KERNEL, no sender).  The injector, answering a call
 * of a thread it injects a signal into, leaves the signal here for that
 * thread before it lets the call go on; the thread's next syscall
 * tracepoint, the call's entry when it runs or its exit when seccomp
 * skipped it (a skipped call never reaches sys_enter), sends the signal
 * to the thread itself (bpf_send_signal_thread: SEND_SIG_PRIV), so it
 * is pending as the call begins, as with strace.  A thread that ends
 * first takes its signal with it.  Loaded only with signal=.
 */
#include "cap.bpf.h"

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4096);
	__type(key, u32);		/* tid */
	__type(value, u32);		/* signal */
} inj_sig SEC(".maps");

static __always_inline void inj_send(void)
{
	u32 tid = (u32)bpf_get_current_pid_tgid();
	u32 *sig = bpf_map_lookup_elem(&inj_sig, &tid);

	if (!sig)
		return;
	bpf_send_signal_thread(*sig);
	bpf_map_delete_elem(&inj_sig, &tid);
}

SEC("tp_btf/sys_enter")
int inj_enter(u64 *ctx)
{
	inj_send();
	return 0;
}

SEC("tp_btf/sys_exit")
int inj_exit(u64 *ctx)
{
	inj_send();
	return 0;
}

SEC("tp_btf/sched_process_exit")
int inj_gone(u64 *ctx)
{
	u32 tid = (u32)bpf_get_current_pid_tgid();

	bpf_map_delete_elem(&inj_sig, &tid);
	return 0;
}
