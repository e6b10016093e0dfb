/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Capture stage, user space: what the feature halves (cap_*.c, each next
 * to its cap_*.bpf.c) share with capture.c, which loads the one skeleton
 * and calls them in turn.  No other stage uses this.
 */
#ifndef ETRACE_CAP_PRIV_H
#define ETRACE_CAP_PRIV_H

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "capture.h"
#include "capture.skel.h"
#include "tracefs.h"

/*
 * A tracepoint program on tracepoint sys:name (with a cookie: which event
 * of several, as a bpf link), or a BTF one; kept in c until
 * capture_close.  0 or -errno.
 */
int cap_attach_tp(struct capture *c, struct bpf_program *p, struct tracefs *t,
		  const char *sys, const char *name, int use_cookie,
		  uint64_t cookie);
int cap_attach_btf(struct capture *c, struct bpf_program *p);
/*
 * p on the syscall entries whose samples carry a stack (l's), to run on
 * the same tracepoint hit just before each sample; none in ring mode,
 * whose programs call the features' writers (ro_frames).  0 or -errno.
 */
int cap_attach_stack_entries(struct capture *c, struct bpf_program *p,
			     const struct evlist *l, struct tracefs *t);
int cap_keep_link(struct capture *c, struct bpf_link *l);

/* cap_args.c: the spec map from syscalls.tbl; the syscall tracepoints */
/* the spec map (with c->fds', c->dump's and c->envs' parts) */
int cap_args_spec(struct capture *c, unsigned int strsize);
/* before the load: what the verifier may take as known (ro_fds, ro_dump,
   ro_ops: the CAP_OP_*s the calls that can make records use; cfg's
   fixed fields ring mode reads) */
void cap_args_ro(struct capture *c, const struct cap_want *w,
		 const struct cap_config *cfg);
int cap_args_attach(struct capture *c, const struct evlist *l,
		    struct tracefs *t);

/*
 * cap_ring.c: before the load, a BPF ring per CPU (rb[i]) and the
 * template of the map of them (rb[ncpu]); after it, the rings into the
 * map and into ps, the records' ids into cfg.  0 or -errno.
 */
int cap_ring_create(const struct perfset *ps, int *rb);
int cap_ring_setup(struct capture *c, const struct cap_want *w,
		   struct perfset *ps, struct cap_config *cfg, int *rb);
/* ring mode's programs: on raw_syscalls, or on l's per-syscall events */
int cap_ring_attach(struct capture *c, struct evlist *l, struct tracefs *t);

/* cap_sum.c: -c's read-only configuration, set before the load */
void cap_sum_conf(struct capture *c, const struct cap_want *w,
		  const struct cap_config *cfg);
int cap_sum_attach(struct capture *c, const struct cap_want *w,
		   struct evlist *l, struct tracefs *t);

/*
 * cap_btf.c: the kernel's types the object (its ELF image) names, cut
 * out for CO-RE, in a memory file: its fd, or -1 (the whole BTF is used)
 */
int cap_core_btf(const void *image, size_t size);

/* cap_fds.c: -y's rename watch (kept paths are read again after one) */
int cap_fds_attach(struct capture *c, struct tracefs *t);
void cap_fds_watch(unsigned long long bits[16]);
uint64_t cap_fds_simple_dname(void);
/* etrace's network namespace's inode (cap_config.netns), 0 unknown */
unsigned int cap_netns_self(void);

/* cap_signal.c: the exit record's field offset; signals and exits */
unsigned int cap_signal_group_dead(struct tracefs *t);
int cap_signal_attach_exit(struct capture *c, struct tracefs *t);
int cap_signal_attach(struct capture *c);
/* cap_inject.c: signal= sent by the kernel */
int cap_inject_attach(struct capture *c);

/* cap_proc.c: forks (-f) and privileged execs */
int cap_proc_attach_fork(struct capture *c);
int cap_proc_attach_exec(struct capture *c);

/*
 * cap_target.c: --comm, --uid, --cgroup's read-only data, before the load
 * (slots: a power of two, of tids); the programs that keep --comm's
 * verdicts, attached first
 */
void cap_target_conf(struct capture *c, const struct cap_target *t,
		     uint32_t slots);
int cap_target_attach(struct capture *c, const struct cap_target *t);
/* --tree with a selection: add id to the tree (add), or is it in it */
int cap_target_tree(struct capture *c, pid_t id, int add);

/* cap_bash.c: the .dynsym values of names[n] into *out[k] (0: absent) */
struct Elf;
void cap_dynsyms(struct Elf *e, const char *const *names,
		 unsigned long long **out, int n);
/* cap_bash.c: bash's symbols (0: found), its uprobes */
int cap_bash_find(struct capture *c, struct bash_syms *bs);
/* cap_bash.c: -k's shell frames: where bash keeps its script stack */
int cap_shell_find(struct shell_syms *ss);
uint32_t cap_shell_hash(const char *s);
/* cap_shell.c: shell_enter on the syscall entries that take stacks */
int cap_shell_attach(struct capture *c, const struct evlist *l,
		     struct tracefs *t);
int cap_bash_attach(struct capture *c);
/* cap_python.c: python_enter on the syscall entries that take stacks */
int cap_python_attach(struct capture *c, const struct evlist *l,
		      struct tracefs *t);
void cap_python_close(struct capture *c);

/* cap_unwind.c: --stack=bpf: after the load, the settings and etrace's
   own libraries' rows; ustack_enter on the entries that take stacks */
/* (debuginfo: -kk, libdw reads separate debug info, and its CFI) */
int cap_unwind_setup(struct capture *c, unsigned int stack_size,
		     int debuginfo);
int cap_unwind_attach(struct capture *c, const struct evlist *l,
		      struct tracefs *t);
void cap_unwind_free(struct capture *c);

#endif
