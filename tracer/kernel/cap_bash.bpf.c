// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, kernel side: bash's uprobes, for --spawns.  Which script
 * line, function and sourced file a fork of bash comes from, read from
 * bash's own globals when it is about to fork (make_child), defines a
 * function (bind_function_def) or sources a file (source_file).  The
 * records go to origins.c, which files each new process under them.
 */
#include "cap.bpf.h"

/* x86_64 struct pt_regs, as uprobe programs get it */
struct pt_regs_x86 {
	u64 r15, r14, r13, r12, bp, bx, r11, r10, r9, r8;
	u64 ax, cx, dx, si, di, orig_ax, ip, cs, flags, sp, ss;
};

/*
 * bash's globals are at fixed offsets from its functions: the uprobe
 * fires at the function's first instruction, so ip - the function's
 * link-time address is the load bias.
 */
static __always_inline u64 bash_addr(u64 ip, u64 func, u64 var)
{
	return ip - func + var;
}

static __always_inline void bash_emit(void *ctx, struct cap_bash *b)
{
	b->magic = CAP_MAGIC_BASH;
	b->tid = (int)(u32)bpf_get_current_pid_tgid();
	bpf_perf_event_output(ctx, &out, BPF_F_CURRENT_CPU, b, sizeof(*b));
}

/* per CPU: too big for the stack */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct cap_bash);
} bash_rec SEC(".maps");

static __always_inline struct cap_bash *bash_new(void)
{
	u32 zero = 0;
	struct cap_bash *b = bpf_map_lookup_elem(&bash_rec, &zero);

	if (b)
		__builtin_memset(b, 0, sizeof(*b));
	return b;
}

SEC("uprobe")
int bash_make_child(struct pt_regs_x86 *ctx)
{
	struct cap_config *c = cfg();
	struct cap_bash *b;
	u64 ip = ctx->ip, fn = 0, name = 0, zero = 0;
	int lvl = 0;

	if (!c || !is_traced(c) || !(b = bash_new()))
		return 0;
	(void)zero;
	b->kind = BASH_FORK;
	bpf_probe_read_user(&b->line, sizeof(b->line),
			    (void *)bash_addr(ip, c->bash.make_child, c->bash.line_number));
	bpf_probe_read_user(&lvl, sizeof(lvl),
			    (void *)bash_addr(ip, c->bash.make_child, c->bash.sourcelevel));
	b->sourcelevel = lvl;
	/* this_shell_function: a SHELL_VAR whose first field is the name */
	bpf_probe_read_user(&fn, sizeof(fn),
			    (void *)bash_addr(ip, c->bash.make_child, c->bash.this_shell_function));
	if (fn && !bpf_probe_read_user(&name, sizeof(name), (void *)fn) && name)
		bpf_probe_read_user_str(b->name, sizeof(b->name), (void *)name);
	/* $0: dollar_vars[0] */
	name = 0;
	if (!bpf_probe_read_user(&name, sizeof(name),
				 (void *)bash_addr(ip, c->bash.make_child, c->bash.dollar_vars)) && name)
		bpf_probe_read_user_str(b->file, sizeof(b->file), (void *)name);
	bash_emit(ctx, b);
	return 0;
}

/* bind_function_def(name, FUNCTION_DEF *def, flags): def->source_file */
SEC("uprobe")
int bash_bind_func(struct pt_regs_x86 *ctx)
{
	struct cap_config *c = cfg();
	struct cap_bash *b;
	u64 file = 0;

	if (!c || !is_traced(c) || !(b = bash_new()))
		return 0;
	b->kind = BASH_FUNC;
	bpf_probe_read_user_str(b->name, sizeof(b->name), (void *)ctx->di);
	/* FUNCTION_DEF: int flags, line; WORD_DESC *name; COMMAND *command;
	   char *source_file (bash 5.2) */
	if (ctx->si && !bpf_probe_read_user(&file, sizeof(file), (void *)(ctx->si + 24)) && file)
		bpf_probe_read_user_str(b->file, sizeof(b->file), (void *)file);
	bash_emit(ctx, b);
	return 0;
}

/* source_file(filename, flags): a file is about to be sourced */
SEC("uprobe")
int bash_source(struct pt_regs_x86 *ctx)
{
	struct cap_config *c = cfg();
	struct cap_bash *b;
	int lvl = 0;

	if (!c || !is_traced(c) || !(b = bash_new()))
		return 0;
	b->kind = BASH_SOURCE;
	bpf_probe_read_user(&lvl, sizeof(lvl),
			    (void *)bash_addr(ctx->ip, c->bash.source_file, c->bash.sourcelevel));
	b->sourcelevel = lvl;
	bpf_probe_read_user_str(b->file, sizeof(b->file), (void *)ctx->di);
	bash_emit(ctx, b);
	return 0;
}
