/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Capture stage, kernel side: what the feature programs share.
 *
 * The BPF side is one file per feature (cap_*.bpf.c), each saying what it
 * captures and why; they are linked into one object (bpftool gen object)
 * loaded as one skeleton, and a run loads only the programs its mode
 * attaches (capture.c).  The maps every feature uses are written here
 * once: defined in capture.bpf.c, extern in the others (the linker checks
 * that both agree).  Helpers here are inlined into each program, as they
 * were when all lived in one file: no program's instructions changed.
 *
 * Tracepoint programs always return 1: a tracepoint program's 0 would
 * suppress every perf sample of that hit, other tracers' too.
 */
#ifndef ETRACE_CAP_BPF_H
#define ETRACE_CAP_BPF_H

#include <linux/bpf.h>
#include <linux/types.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

#include "capture_abi.h"

typedef __u8 u8;
typedef __u16 u16;
typedef __u32 u32;
typedef __s32 s32;
typedef __u64 u64;
typedef __s64 s64;

/* the shared maps: defined in capture.bpf.c only */
#ifdef CAP_BPF_SHARED_HERE
#define SHARED
#else
#define SHARED extern
#endif

/* only the fields used; CO-RE finds them in the running kernel */
struct sigaction___e {
	void *sa_handler;
	unsigned long sa_flags;
} __attribute__((preserve_access_index));

struct k_sigaction___e {
	struct sigaction___e sa;
} __attribute__((preserve_access_index));

struct task_struct;

struct signal_struct___e {
	unsigned int flags;
	int group_exit_code;
	struct task_struct *group_exec_task;	/* 5.17: execve's de_thread */
} __attribute__((preserve_access_index));

struct seccomp___e {
	int mode;			/* 0: no seccomp; else strict, filter */
} __attribute__((preserve_access_index));

struct task_struct {
	int pid;
	int tgid;
	int exit_code;
	struct signal_struct___e *signal;
	void *mm;
	struct seccomp___e seccomp;
} __attribute__((preserve_access_index));

SHARED struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, CAP_NR_MAX);
	__type(key, u32);
	__type(value, struct cap_spec);
} spec SEC(".maps");

SHARED struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct cap_config);
} config SEC(".maps");

/*
 * tgids (or tids) being traced.  Checked on every syscall of the system,
 * so an array slot per id (holding the id) when pid_max fits, which costs
 * a load; a hash otherwise.
 */
SHARED struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 65536);
	__type(key, u32);
	__type(value, u8);
} traced SEC(".maps");

SHARED struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);		/* set from pid_max at load */
	__type(key, u32);
	__type(value, u32);
} traced_ids SEC(".maps");

/*
 * Entry arguments of calls with something to copy at exit, per task:
 * their outputs, or (late) inputs whose entry copy faulted.  mm: the
 * address space those inputs were in; a successful exec replaces it, and
 * what the old addresses hold in the new one is not the call's argument.
 * Kept in the task (its storage comes and goes with it: no hash, no
 * allocation a call); on: a call is in flight.
 */
struct saved {
	u64 args[6];
	s32 nr;
	u32 late;			/* bit n: read args[n] again at exit;
					   CAP_LATE_DUMP: the dump (-e write=) */
	u64 mm;
	u64 lenin;			/* call_args' lenin, from the entry */
	u32 on;
	u32 pad;
};

SHARED struct {
	__uint(type, BPF_MAP_TYPE_TASK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, struct saved);
} inflight SEC(".maps");

/* the current task's call in flight, or NULL */
static __always_inline struct saved *inflight_get(void)
{
	struct saved *sv = bpf_task_storage_get(&inflight,
						bpf_get_current_task_btf(),
						0, 0);

	return sv && sv->on ? sv : 0;
}

/* no call of the current task in flight any more */
static __always_inline void inflight_end(void)
{
	struct saved *sv = inflight_get();

	if (sv)
		sv->on = 0;
}

/* the record being built, one per CPU (too big for a per-CPU map) */
struct scratch {
	u8 buf[CAP_SCRATCH];
};

SHARED struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);		/* set to the number of CPUs */
	__type(key, u32);
	__type(value, struct scratch);
} scratch SEC(".maps");

SHARED struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(u32));
	__uint(value_size, sizeof(u32));
} out SEC(".maps");

/*
 * Ring mode: a BPF ring buffer per CPU for the syscall records (each
 * record is written by one CPU, so each ring is in time order, as perf's
 * are).  Writing one costs a few tens of ns; a perf sample, from a
 * tracepoint or bpf_perf_event_output, several hundred.
 */
struct rb_cpu {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 1 << 20);	/* set at load */
};

SHARED struct {
	__uint(type, BPF_MAP_TYPE_ARRAY_OF_MAPS);
	__uint(max_entries, 1);		/* set to the number of CPUs */
	__type(key, u32);
	__array(values, struct rb_cpu);
} rbs SEC(".maps");

/* records a full ring dropped: since the last LOST record, and in all */
struct rb_drops {
	u64 pending;
	u64 total;
};

SHARED struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct rb_drops);
} rb_drop SEC(".maps");

/*
 * rt_sigreturn's mask: at its entry the user stack pointer is at the
 * signal frame's ucontext (the handler's return popped pretcode), whose
 * uc_sigmask is at 296 on x86_64 (uc_flags 8, uc_link 8, uc_stack 24,
 * uc_mcontext 256).  The spec copies 8 bytes from the argument: this
 * address is put in its place.
 */
#define SYS_RT_SIGRETURN	15
#define SIGFRAME_MASK_OFF	296

/* copied at exit after a failure too (cap_copy.bpf.h): ioctl's
   GIO_UNIMAP, SG_IO and HDIO_DRIVE_CMD's EIO, perf_event_open's E2BIG */
#define SYS_IOCTL		16
#define SYS_PERF_EVENT_OPEN	298
#define SYS_NANOSLEEP		35
#define SYS_CLOCK_NANOSLEEP	230

/*
 * Calls a seccomp filter skips (SECCOMP_RET_ERRNO, _TRAP, _KILL_*, _TRACE
 * with no tracer, _USER_NOTIF answered by the supervisor) never reach
 * sys_enter: the kernel runs the filter first and then skips the call,
 * yet sys_exit fires, with the call's number (orig_ax) and the filter's
 * return value (-errno; the number itself after _TRAP and _KILL, which
 * roll ax back to orig_ax).  The call never ran, so its registers still
 * hold its arguments.  Only a task in a seccomp mode can have a call
 * skipped: the others pay one load to learn it.
 */
#define SYS_CLONE		56
#define SYS_FORK		57
#define SYS_VFORK		58
#define SYS_CLONE3		435

static __always_inline int seccomp_on(void)
{
	struct task_struct *t = bpf_get_current_task_btf();

	return t->seccomp.mode != 0;
}

/* a new task's first exit is its return from the call that made it */
static __always_inline int fork_return(s64 nr, s64 ret)
{
	return ret == 0 && (nr == SYS_CLONE || nr == SYS_FORK ||
			    nr == SYS_VFORK || nr == SYS_CLONE3);
}

/* the x86_64 user registers at syscall entry (CO-RE: offsets by name) */
struct pt_regs {
	unsigned long r15, r14, r13, r12, bp, bx, r11, r10, r9, r8;
	unsigned long ax, cx, dx, si, di, orig_ax, ip, cs, flags, sp, ss;
} __attribute__((preserve_access_index));

/* raw_syscalls and syscalls:* share this layout: the number's low half
 * at 8 (long id / int __syscall_nr), then args or ret at 16 */
struct enter_ctx {
	u64 common;
	s32 nr;
	s32 nr_hi;
	u64 args[6];
};

struct exit_ctx {
	u64 common;
	s32 nr;
	s32 nr_hi;
	s64 ret;
};

/*
 * v & mask, so that the compiler cannot drop it (it may know v is small;
 * the verifier does not always see why) and the verifier sees the bound.
 */
static __always_inline u64 bounded(u64 v, const u64 mask)
{
	asm volatile("%[v] &= %[m]" : [v] "+r"(v) : [m] "i"(mask));
	return v;
}

/*
 * What the run asked that the verifier can see: read-only data, set by
 * etrace before the load (capture_open).  With -y, or -e read=/write=,
 * not asked, their reads are dead code: the verifier walks none of them,
 * nor checks the global functions only they call (half its time); so
 * are the copies (CAP_OP_*) no traced call's spec uses.
 */
#ifdef CAP_BPF_SHARED_HERE
const volatile unsigned int ro_fds = 0;		/* cap_config.fds */
const volatile unsigned int ro_dump = 0;		/* a dump asked */
const volatile unsigned int ro_ops = ~0u;	/* 1 << CAP_OP_*: the ops the
						   traced calls' specs use */
/* ring mode's: cap_config's ring_sum, failed, detach_exec; fd_watch set */
const volatile unsigned int ro_ring_sum = 1, ro_failed = 1, ro_detach = 1,
			    ro_fd_watch = 1;
/* -k in ring mode: RO_FRAMES_* (a user stack, bash's, Python's frames) */
const volatile unsigned int ro_frames = ~0u;
#else
extern const volatile unsigned int ro_fds;
extern const volatile unsigned int ro_dump;
extern const volatile unsigned int ro_ops;
extern const volatile unsigned int ro_ring_sum, ro_failed, ro_detach,
				   ro_fd_watch;
extern const volatile unsigned int ro_frames;
#endif

static __always_inline struct cap_config *cfg(void)
{
	u32 zero = 0;

	return bpf_map_lookup_elem(&config, &zero);
}

/*
 * The record being built starts past room for ring mode's sample head
 * (36 bytes: capture() writes it in front of the record there).
 */
#define RB_HEAD 36
#define RB_ROOM 40

static __always_inline u8 *buf(void)
{
	u32 cpu = bpf_get_smp_processor_id();
	struct scratch *s = bpf_map_lookup_elem(&scratch, &cpu);

	return s ? s->buf + RB_ROOM : 0;
}

static __always_inline u32 strsize(void)
{
	struct cap_config *c = cfg();

	return c ? (c->strsize < 4096 ? c->strsize : 4096) : 32;
}

/* argv's elements copied: -s's, every one (as many as an array's copy
   holds) with -v */
static __always_inline u32 argv_max(void)
{
	struct cap_config *c = cfg();

	return c && c->argv_all ? CAP_ARRAY_MAX : strsize();
}

/* data bytes an item at off may have, at most want; 0: no room */
static __always_inline u32 room(u32 off, u32 want)
{
	u32 left;

	if (off + sizeof(struct cap_item) + 8 > CAP_REC_MAX)
		return 0;
	left = CAP_REC_MAX - off - sizeof(struct cap_item) - 8;
	if (want > left)
		want = left;
	if (want > CAP_ITEM_MAX - 1)
		want = CAP_ITEM_MAX - 1;
	return want;
}

/* finish the item at off; returns the offset after it */
static __always_inline u32 item_end(u8 *b, u32 off, u32 arg, u32 phase,
				    u32 len, u32 flags, u32 count, u32 total)
{
	struct cap_item *it = (struct cap_item *)(b + bounded(off, CAP_REC_MAX - 1));
	struct cap_rec *r = (struct cap_rec *)b;

	it->arg = (u8)arg;
	it->flags = (u8)flags;
	it->phase = (u8)phase;
	it->nlproto = 0;
	it->len = len;
	it->count = count;
	it->total = total;
	r->nitems++;
	return off + sizeof(struct cap_item) + ((len + 7) & ~7u);
}

static __always_inline u8 *data_at(u8 *b, u32 off)
{
	return b + bounded(off, CAP_REC_MAX - 1) + sizeof(struct cap_item);
}

/* the user's struct iovec and struct msghdr (x86-64, arm64, riscv64) */
struct iovec_u {
	u64 base;
	u64 len;
};

struct msghdr_u {
	u64 name;
	u32 namelen;
	u32 pad0;
	u64 iov;
	u64 iovlen;
	u64 control;
	u64 controllen;
	u32 flags;
	u32 pad1;
};

/* what a copy's length may come from */
struct call_args {
	u64 args[6];
	s64 ret;
	/*
	 * An in/out length's value at entry (*(u32 *) of the argument a
	 * CAP_LEN_DEREF0 length names); also makes 8 u64: any index & 7
	 * is inside.
	 */
	u64 lenin;
};

/*
 * The copy operations (cap_args.bpf.c): global functions, each verified
 * once on its own (inlined into every path, the verifier took half a
 * second per load).  Each appends an item at off to the record being
 * built and returns the offset after it.
 */
u32 g_str(u32 off, u32 arg, u64 ptr, u32 max, u32 phase);
u32 g_kstr(u32 off, u32 arg, u64 ptr, u32 max, u32 phase);
u32 g_buf(u32 off, u32 arg, u64 ptr, u64 len, u32 max_phase);
/* in g_buf's max_phase: copy what is readable; a max is clamped below
   it (an item holds far less anyway: CAP_ITEM_MAX) */
#define CAP_UPTO_BIT	0x800000u
#define MAX_BELOW_UPTO(m)	((m) < CAP_UPTO_BIT ? (m) : CAP_UPTO_BIT - 1)
u32 g_count(u32 off, u32 arg, u64 base, u32 phase);
u32 g_argv(u32 off, u32 arg, u64 base, u32 phase, u32 max);
u32 g_iov(u32 off, u32 arg, u64 base, u32 cnt_phase, u64 left);
u32 g_msghdr(u32 off, u32 arg, u64 ptr, s64 ret, u32 phase);
/* a buffer whose interface indexes are etrace's when arg_ns >> 8 says
   (cap_msg.bpf.c) */
u32 g_sockaddr(u32 off, u32 arg_ns, u64 ptr, u64 len, u32 max_phase);
u32 g_mmsg(u32 off, u32 arg, u64 base, u32 n_phase);
/* socket buffers (cap_msg.bpf.c); classic BPF filters (cap_filter.bpf.c) */
u32 g_sockbuf(u32 off, u32 arg_nl, u64 ptr, u64 len, u32 max_phase);
u32 g_insns(u32 off, u32 arg, u64 ptr, u32 n, u32 phase);
u32 g_fprog(u32 off, u32 arg, u64 ptr, u32 insns, u32 phase);
/* an array bpf(2)'s attr points to, bytes long (cap_filter.bpf.c) */
u32 g_array(u32 off, u32 arg, u64 ptr, u64 bytes, u32 phase);
u32 g_dirents(u32 off, u32 arg, u64 ptr, u64 len, u32 max_phase);
u32 g_arg(u32 off, u32 i, u32 ph, u64 spec, const struct call_args *ca);
/* ioctl: what a pointer in its argument's struct points to
   (cap_ioctl.bpf.c) */
u32 g_ioc_ind(u32 off, u32 ph, const struct call_args *ca);
/* -y: the fd KVM_CREATE_VM and KVM_CREATE_VCPU return (at exit) */
u32 g_ioc_retfd(u32 off, const struct call_args *ca);
/* ioctl: SG_IO's v4 buffers (cap_ioctl.bpf.c) */
u32 g_ioc_sg4(u32 off, u32 ph, u64 arg);
/* io_submit's iocbs (cap_aio.bpf.c) */
u32 g_iocbs(u32 off, u32 arg, u64 arr, s64 nr, u32 ph);
/* ptrace's memory by request (cap_ptrace.bpf.c) */
u32 g_ptrace(u32 off, u32 ph, u32 max, const struct call_args *ca);
/* -e read=/write=: the transfer's bytes (how: enum cap_dump_kind) */
#define CAP_DUMP_RETRY	1		/* phase >> 8: may be read at exit */
#define CAP_DUMP_LATER	(1u << 31)	/* returned: it will be */
#define CAP_LATE_DUMP	(1u << 6)	/* call.late: the dump is to be read */
u32 g_dump(u32 off, u32 how, u32 phase, const struct call_args *ca);
/* -y (cap_fdargs.bpf.c): bits = fd_args | fd_ret << 8 | fd_pair << 16 |
   outs << 24 of the call's spec */
u32 g_fds(u32 off, u32 phase, u32 bits, const struct call_args *ca);
/* kcmp's and pidfd_getfd's fds of another process, when it is the
   caller's (which: CAP_FDO_*; cap_fdother.bpf.c) */
u32 g_fds_other(u32 off, u32 which, const struct call_args *ca, u32 fds);
/* ioctl's argument when its request takes an fd (entry) */
u32 g_ioc_fd(u32 off, const struct call_args *ca);
/* its parts: one fd (slot | phase << 8, cap_fds.bpf.c), the fds a poll
   or select is given in memory (cap_fdsets.bpf.c; ret: the spec's
   CAP_FDR_* bits) */
u32 g_fd(u32 off, u32 slot_phase, s64 fd, u32 fds);
u32 g_fdsets(u32 off, u32 ret, const struct call_args *ca, u32 fds);

/* g_fd of an fd read from memory, its number in the item's total */
static __always_inline u32 g_fd_held(u32 off, u32 slot_phase, s32 fd, u32 fds)
{
	u32 end = g_fd(off, slot_phase, fd, fds);
	u8 *b = buf();

	if (b && end != off)
		((struct cap_item *)(b + bounded(off, CAP_REC_MAX - 1)))->total = (u32)fd;
	return end;
}
/* the size of the task's fd table: select looks at no fd past it */
u32 g_max_fds(void);
/* io_uring_register's argument and the fds it holds (cap_iouring.bpf.c) */
u32 g_iouring(u32 off, u32 arg, u32 phase, const struct call_args *ca);
u32 g_iouring_fds(u32 off, const struct call_args *ca, u32 fds);
/* mount_setattr's struct mount_attr and -y its userns_fd
   (cap_mount.bpf.c) */
u32 g_mountattr(u32 off, u32 arg, u64 ptr, u64 size, u32 phase);
/* bpf's union bpf_attr, its strings and -y its fds; max: -s + 1
   (cap_bpfattr.bpf.c) */
u32 g_bpfattr(u32 off, u32 arg, u32 phase, u32 max,
	      const struct call_args *ca);
/* keyctl's argument arg by command; max: -s + 1 (cap_keyctl.bpf.c) */
u32 g_keyctl(u32 off, u32 arg, u32 phase, u32 max,
	     const struct call_args *ca);
/*
 * CAP_OP_SOCKBUF (cap_fdargs.bpf.c): fd's netlink protocol + 1 when it is
 * a netlink socket, else 0
 */
u32 g_sock_nl(s64 fd);
/*
 * CAP_OP_SOCKADDR (cap_fdargs.bpf.c): CAP_NL_OWN_NS when the socket fd (or
 * the task, fd no socket) is in etrace's network namespace, else 0
 */
u32 g_addr_ns(s64 fd);
/* -y: the fd a struct sockaddr holds (AF_XDP's), cap_fdargs.bpf.c */
u32 g_sockaddr_fd(u32 off, u64 ptr, u64 len);
/*
 * -y: the fds in a struct msghdr's SCM_RIGHTS messages, cap_msg.bpf.c;
 * an mmsghdr's element j in slots [j, j + 1) * MMSG_FD_SLOTS
 */
u32 g_cmsg_fds(u32 off, u64 ptr, u32 slots);
#define MMSG_FD_SLOTS	(CAP_FD_SETMAX / CAP_MMSG_MAX)

static __always_inline void put64(u32 *p, u64 v)
{
	p[0] = (u32)v;
	p[1] = (u32)(v >> 32);
}

static __always_inline u64 get64(const u32 *p)
{
	return (u64)p[0] | (u64)p[1] << 32;
}

static __always_inline int traced_in(u32 in_array, u32 mask, u32 id)
{
	if (in_array) {
		u32 k = id & mask;
		u32 *v = bpf_map_lookup_elem(&traced_ids, &k);

		return v && *v == id;
	}
	return bpf_map_lookup_elem(&traced, &id) != 0;
}

static __always_inline int traced_id(struct cap_config *c, u32 id)
{
	return traced_in(c->ids_in_array, c->slot_mask, id);
}

static __always_inline void traced_set(struct cap_config *c, u32 id, int on)
{
	u8 one = 1;

	if (c->ids_in_array) {
		u32 k = id & c->slot_mask;
		u32 *v = bpf_map_lookup_elem(&traced_ids, &k);

		if (v && (on || *v == id))
			*v = on ? id : 0;
	} else if (on) {
		bpf_map_update_elem(&traced, &id, &one, BPF_ANY);
	} else {
		bpf_map_delete_elem(&traced, &id);
	}
}

/*
 * Ring mode with -Z or --errno: a call's entry (its record and its copy
 * record) is held in its task's storage until its exit says whether it
 * failed as selected; then both are written, with their own times, or
 * dropped: a successful call writes nothing.
 */
struct pend {
	u32 on;				/* an entry is held */
	u32 caplen;			/* bytes in cap (0: no copies) */
	u32 ip;				/* rec is -i's (RB_ENTER_IP_SIZE) */
	u32 pad;
	u32 rec[RB_ENTER_IP_SIZE / 4];
	u8 cap[RB_HEAD + CAP_REC_MAX + 8];
};

SHARED struct {
	__uint(type, BPF_MAP_TYPE_TASK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, struct pend);
} pend SEC(".maps");

/* -Z, --errno (cap_target.bpf.c): a return value that is shown */
int g_err_ok(s64 ret);

/* --comm, --uid, --cgroup (cap_target.bpf.c): the current task is selected */
int g_target(void);
/* ... another task (a struct task_struct's address) */
int g_target_task(u64 task);

/*
 * With a selection, a task is traced when it is selected now, or (-f)
 * when its process descends from one that was when it forked (cap_fork
 * puts those in the traced set, by tgid).
 */
static __always_inline int is_traced(struct cap_config *c)
{
	u64 pt = bpf_get_current_pid_tgid();

	if (c->target)
		return g_target() ||
		       (c->follow && traced_id(c, (u32)(pt >> 32)));
	return c->all || traced_id(c, c->by_tid ? (u32)pt : (u32)(pt >> 32));
}

/* include/linux/sched/signal.h: signal_struct.flags, the group exits */
#define SIGNAL_GROUP_EXIT	0x00000004

/*
 * This call's task is being ended with its group by another thread's
 * exit_group or execve.  Neither sends it a signal (the kernel marks it
 * to die): its call returns to no one, and its exit says so first
 * (cap_ring.bpf.c, cap_args.bpf.c).  (A group a fatal signal ends has
 * the signal's number as its exit code: signal_generate's records say
 * that one, and the receiver's call shows its value, as under strace,
 * whose tracee stops for the signal.)
 */
static __always_inline int group_ending(void)
{
	struct task_struct *t = bpf_get_current_task_btf();
	struct signal_struct___e *s = t->signal;
	struct task_struct *x;

	if ((s->flags & SIGNAL_GROUP_EXIT) && !(s->group_exit_code & 0x7f))
		return 1;
	if (!bpf_core_field_exists(struct signal_struct___e, group_exec_task))
		return 0;
	x = s->group_exec_task;
	return x && x != t;
}

/* the user word at addr, or 0 where it cannot be read */
static __always_inline u64 user_u64(u64 addr)
{
	u64 v = 0;

	if (bpf_probe_read_user(&v, sizeof(v), (const void *)addr))
		return 0;
	return v;
}

static __always_inline u64 current_mm(void)
{
	struct task_struct *t = (struct task_struct *)bpf_get_current_task();

	return (u64)BPF_CORE_READ(t, mm);
}

/* syscall nr's bit in a set of CAP_NR_MAX bits (sel, rsel) */
static __always_inline int nr_in(const volatile unsigned long long *set, s64 nr)
{
	/* (bounded: the compiler drops a mask it knows true from the test
	   on a copy of nr, which the verifier does not link to nr) */
	return nr >= 0 && nr < CAP_NR_MAX &&
	       (set[bounded((u64)nr >> 6, 15)] >> (nr & 63) & 1);
}

#endif
