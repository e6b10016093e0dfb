// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, kernel side: ring mode.  The program writes each traced
 * call's entry and exit itself, as perf samples of raw_syscalls' layout,
 * into its CPU's BPF ring buffer (capture_abi.h): a few tens of ns a
 * record where a perf sample costs several hundred.  Its argument copies
 * (cap_copy.bpf.h) go to the same ring just before it.  Used when no
 * stacks, no -p and no other tracepoint need the kernel's own samples.
 */
#include "cap_copy.bpf.h"

static __always_inline int ring_traced(struct cap_config *c)
{
	if (c->all)
		return (u32)(bpf_get_current_pid_tgid() >> 32) != c->self;
	return is_traced(c);
}

/*
 * Ring mode: the entry of a traced, selected call: its copies first (in
 * the perf ring, stamped before this record), then the call; with -i
 * the user IP after the args (the address after the syscall instruction,
 * where strace -i reads it), eight more raw bytes.
 */
SEC("tp_btf/sys_enter")
int ring_enter(u64 *ctx)
{
	struct pt_regs *regs = (struct pt_regs *)ctx[0];
	struct cap_config *c = cfg();
	s64 nr = (s64)ctx[1];
	u32 r[RB_ENTER_IP_SIZE / 4];
	struct call call;

	if (!c || !c->ring || !nr_in(c->rsel, nr) || !ring_traced(c))
		return 0;
	call.ca.args[0] = regs->di;
	call.ca.args[1] = regs->si;
	call.ca.args[2] = regs->dx;
	call.ca.args[3] = regs->r10;
	call.ca.args[4] = regs->r8;
	call.ca.args[5] = regs->r9;
	if (nr == SYS_RT_SIGRETURN)
		call.ca.args[0] = regs->sp + SIGFRAME_MASK_OFF;
	enter_copies(ctx, (int)nr, &call);
	call.ca.args[0] = regs->di;	/* the record has the registers */
	/* raw: common fields (unused), id, args[6], -i's ip; then padding */
	if (c->ip)
		rb_head(r, RB_ENTER_IP_SIZE, c->id_enter, 72);
	else
		rb_head(r, RB_ENTER_SIZE, c->id_enter, 64);
	r[9] = r[10] = 0;
	put64(&r[11], (u64)nr);
	for (int i = 0; i < 6; i++)
		put64(&r[13 + 2 * i], call.ca.args[i]);
	if (c->ip) {
		put64(&r[25], regs->ip);
		r[27] = 0;
		rb_write(c, r, RB_ENTER_IP_SIZE);
	} else {
		r[25] = 0;
		rb_write(c, r, RB_ENTER_SIZE);
	}
	return 0;
}

/* its exit (-1 as the number after rt_sigreturn, as raw_syscalls says) */
SEC("tp_btf/sys_exit")
int ring_exit(u64 *ctx)
{
	struct pt_regs *regs = (struct pt_regs *)ctx[0];
	struct cap_config *c = cfg();
	s64 ret = (s64)ctx[1], nr;
	u32 r[RB_EXIT_SIZE / 4];

	if (!c || !c->ring)
		return 0;
	nr = (s64)regs->orig_ax;
	if ((nr >= 0 && !nr_in(c->rsel, nr)) || !ring_traced(c))
		return 0;
	exit_copies(ctx, nr, ret);
	/* raw: common fields (unused), id, ret; then padding */
	rb_head(r, RB_EXIT_SIZE, c->id_exit, 24);
	r[9] = r[10] = 0;
	put64(&r[11], (u64)nr);
	put64(&r[13], (u64)ret);
	r[15] = 0;
	rb_write(c, r, sizeof(r));
	return 0;
}
