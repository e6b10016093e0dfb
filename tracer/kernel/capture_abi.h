/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Capture stage: what the BPF program (capture.bpf.c) and etrace agree on.
 * Included by both, so only fixed-width types and no libc.
 *
 * Per syscall number, a spec says which argument memory to copy, when
 * (entry or exit) and how much.  It is data built from syscalls.tbl, not
 * code: the program only knows the few copy operations below.
 *
 * Each copy is one record in the per-CPU rings (a bpf-output sample),
 * written just before the tracepoint sample of the same call:
 *   struct cap_rec, then nitems x (struct cap_item + len bytes, padded to 8)
 */
#ifndef ETRACE_CAPTURE_ABI_H
#define ETRACE_CAPTURE_ABI_H

#define CAP_NR_MAX	1024
#define CAP_PATH_MAX	4096
#define CAP_REC_MAX	16384		/* bytes of one record */
#define CAP_ITEM_MAX	8192		/* bytes of one item (PATH_MAX + room) */
#define CAP_ARRAY_MAX	64		/* elements of an array copied */
#define CAP_SCRATCH	65536		/* > any offset + size the verifier sees */

#define CAP_MAGIC	0x50414345u	/* "ECAP" */
#define CAP_MAGIC_EXIT	0x54495845u	/* "EXIT": a task ended */

/* copy operations */
enum cap_op {
	CAP_OP_NONE,
	CAP_OP_STR,	/* NUL-terminated string, at most `max` bytes */
	CAP_OP_BUF,	/* min(len, max) bytes; len from `len_from` */
	CAP_OP_ARGV,	/* char *[]: up to `max` elements of up to strsize+1,
			   each u64 pointer, u8 CAP_ARGV_*, string, NUL */
	CAP_OP_COUNT,	/* char *[]: only the number of elements */
	CAP_OP_IOV,	/* struct iovec[len] and their data */
	CAP_OP_MSGHDR,	/* struct msghdr, name, iovec + data, control;
			   a netlink socket's: each iovec's data up to
			   CAP_NL_COPY - 1 bytes, nlproto set */
	CAP_OP_DIRENTS,	/* linux_dirent64 records: count, first bytes */
	CAP_OP_UPTO,	/* as BUF, but when the bytes fault, those up to the
			   end of the first page (a struct that ends where
			   the memory does): formatters check the length */
	CAP_OP_MMSGHDR,	/* struct mmsghdr[len]: each element's msghdr (as
			   MSGHDR) and msg_len, at most CAP_MMSG_MAX */
	CAP_OP_SOCKBUF,	/* a buffer sent to or received from the socket
			   args[0]: on a netlink socket min(len,
			   CAP_NL_COPY) bytes as UPTO copies them (the
			   messages are decoded whatever -s says, as
			   strace does) and the item's nlproto says the
			   protocol; else as BUF at entry, UPTO at exit */
	CAP_OP_CLONE3,	/* clone3's struct clone_args of len bytes: the
			   struct (at most 88 bytes), the bytes after it up
			   to a page's, then at entry set_tid's pid_t[]
			   (at most 32), at exit the ints at pidfd and
			   parent_tid; each item whole or faulted, empty
			   when it does not apply (g_clone3) */
	CAP_OP_IOURING,	/* io_uring_register's argument by opcode: it,
			   the array its struct points to, the tags, the
			   bytes after the struct (g_iouring) */
	CAP_OP_SIGSETP,	/* pselect6's struct { sigset_t *ss; size_t len }:
			   the struct (16 bytes), then the set when ss is
			   not NULL and len is 8 (else empty) (g_sigsetp) */
	CAP_OP_SOCKADDR,/* a struct sockaddr: as BUF, the item's nlproto
			   CAP_NL_OWN_NS when its interface indexes are
			   etrace's: the socket args[0] (or, args[0] no
			   socket, the task) in cap_config.netns */
	CAP_OP_SOCKOPT,	/* {set,get}sockopt's value: as UPTO, nlproto
			   as SOCKADDR's (group_req, ipv6_mreq name
			   interfaces); SO_ATTACH_FILTER's and
			   SO_ATTACH_REUSEPORT_CBPF's struct sock_fprog
			   then its instructions (g_insns), and
			   SO_GET_FILTER's instructions (the length
			   counts them) */
	CAP_OP_SECCOMP_FPROG,	/* seccomp's argument: 16 bytes as UPTO;
			   SECCOMP_SET_MODE_FILTER's then the filter's
			   instructions (g_insns) */
	CAP_OP_PRCTL_FPROG,	/* prctl's third argument when it is
			   PR_SET_SECCOMP's SECCOMP_MODE_FILTER struct
			   sock_fprog: it and its instructions; else
			   nothing */
	CAP_OP_KEYCTL,	/* keyctl's argument by command (args[0]): a
			   string, bytes, a struct, an iovec array, what
			   the call wrote (g_keyctl) */
	CAP_OP_PRCTL5,	/* prctl's fifth argument by option: at entry
			   PR_SET_VMA's name (as STR); at exit
			   PR_SCHED_CORE_GET's cookie (8 bytes); else
			   nothing */
	CAP_OP_MOUNTATTR,	/* mount_setattr's struct mount_attr of len
			   bytes as UPTO (at most CAP_MOUNT_ATTR_MAX), then
			   with -y its userns_fd when MOUNT_ATTR_IDMAP
			   (g_mountattr) */
	CAP_OP_BPFATTR,	/* bpf(2)'s union bpf_attr of len bytes (at
			   most 4096), whole or faulted; BPF_PROG_LOAD's
			   then its license and log_buf strings; with -y
			   the fds it holds; at exit BPF_OBJ_GET_INFO_BY_FD's
			   attr again (g_bpfattr, cap_bpfattr.bpf.c) */
	CAP_OP_IOCBS,	/* io_submit's struct iocb *[len]: the pointers, then
			   each iocb and what it points to, at most
			   CAP_AIO_MAX (g_iocbs, cap_aio.bpf.c) */
	CAP_OP_PTRACE,	/* ptrace's memory by request: its data, and
			   PTRACE_PEEKSIGINFO's addr (g_ptrace,
			   cap_ptrace.bpf.c) */
	CAP_OP_N	/* (how many: ro_ops holds one bit each) */
};
#define CAP_MOUNT_ATTR_MAX	64
/*
 * instructions (struct sock_filter, 8 bytes) of a filter copied, at
 * most; the item is as long as the memory was readable, page by page
 */
#define CAP_FPROG_MAX	1023
#define CAP_NL_COPY	4096	/* bytes of a netlink buffer copied */
#define CAP_MMSG_MAX	4	/* elements of a struct mmsghdr[] copied */
#define CAP_AIO_MAX	11	/* iocbs copied: 1 + 2 x 11 pieces */
#define CAP_PT_SI_MAX	32	/* PTRACE_PEEKSIGINFO's siginfos copied */
#define CAP_AIO_IOV	32	/* elements of an iocb's iovec copied
				   (decode.h's AIO_IOV_COPIED) */

/* where a length comes from */
enum cap_len {
	CAP_LEN_CONST,		/* max itself */
	CAP_LEN_ARG0,		/* args[n]: CAP_LEN_ARG0 + n */
	CAP_LEN_RET = 8,	/* the return value (exit only) */
	CAP_LEN_DEREF0 = 16,	/* *(u32 *)args[n] at exit, at most what it
				   was at entry (an in/out socklen_t: the
				   kernel writes no more): CAP_LEN_DEREF0 + n */
	CAP_LEN_NFDS = 24,	/* ((int)args[0] + 7) / 8: select's fd_set */
	CAP_LEN_PAGES0 = 32,	/* pages in args[n] bytes: CAP_LEN_PAGES0 + n */
	CAP_LEN_ARG32_0 = 40,	/* (u32)args[n]: a length the kernel reads as
				   an int (poll's nfds), whatever the
				   register's upper half: CAP_LEN_ARG32_0 + n */
	CAP_LEN_IOCSIZE1 = 48,	/* the size an ioctl request (args[1]) carries
				   (_IOC_SIZE), at least CAP_IOC_MIN: the
				   old requests' numbers carry none (struct
				   loop_config's 304 bytes is the largest
				   decoded), and a few structs run on past
				   their size (rand_pool_info's buf) */
};
#define CAP_IOC_MIN	320
/* -e read=/write=: the fds above 1023 a set names (select.h's FD_SEL_HI) */
#define CAP_DUMP_HI	32
/* the console's requests (type 'K', no size in their numbers): a screen
   font's first bytes, struct kbdiacrsuc (3076 bytes), ... */
#define CAP_IOC_KD	4096

#define CAP_AT_ENTRY	1
#define CAP_AT_EXIT	2
/*
 * With CAP_AT_ENTRY: memory the call only reads, so an entry copy that
 * faults (a page not yet faulted in: a literal in untouched .rodata, a
 * fresh fork child's file-backed pages) is made again at exit, once the
 * kernel itself has read it.  Never for what the call updates in place.
 */
#define CAP_AT_RETRY	4
/*
 * With CAP_AT_EXIT: copied at exit whether or not the call succeeded
 * (readv's struct iovec[]: strace prints a failed read's array, its
 * bases as pointers)
 */
#define CAP_AT_FAILED	8

struct cap_arg_spec {
	unsigned char op;
	unsigned char when;		/* CAP_AT_ENTRY | CAP_AT_EXIT | CAP_AT_RETRY
					   | CAP_AT_FAILED */
	unsigned char len_from;		/* enum cap_len */
	unsigned char elem;		/* element size for arrays, or 1 */
	unsigned int max;		/* bytes (or elements for arrays) */
};

struct cap_spec {
	unsigned char when;		/* any argument at entry / exit */
	unsigned char fd_args;		/* -y: bit n: args[n] is an fd (or
					   AT_FDCWD) described at entry */
	unsigned char fd_ret;		/* -y: CAP_FDR_* */
	unsigned char fd_pair;		/* -y: 1 + n: args[n] is an int[2] of
					   new fds (pipe, socketpair); with
					   CAP_PAIR_ONE, clone's parent_tid:
					   the pidfd stored (CLONE_PIDFD) */
	unsigned char dump;		/* -e read=/write=: CAP_DUMP_* */
	unsigned char args_when;	/* the arguments' own copies: when
					   any is made (their when's) */
	unsigned char fd_other;		/* -y: CAP_FDO_*: fds of a process
					   an argument names */
	unsigned char pad;
	struct cap_arg_spec arg[6];
};

/*
 * -y: what an fd referred to at the time of the call (cap_fds.bpf.c), as
 * items of the call's capture record: argument n's fd as item arg
 * CAP_FD_ARG0 + n (at entry), the returned fd as CAP_FD_RET and an
 * int[2]'s as CAP_FD_PAIR0 + i (at exit), the fd of element i of a
 * poll's struct pollfd[] as CAP_FD_SET0 + i (at entry, the first
 * CAP_FD_SETMAX elements), the i-th lowest fd in any of a select's sets
 * as CAP_FD_SET0 + i with the fd in the item's total (the same).  Each
 * item is a struct cap_fd followed by its name: the path (without
 * " (deleted)"), an anonymous inode's name ("[eventfd]"), a unix
 * socket's address (sun_path bytes).
 * No item: the fd was not open, or what it is could not be read exactly
 * (a path too deep or too long): nothing is printed for it.
 */
#define CAP_FD_ARG0	8
#define CAP_FD_RET	14
#define CAP_FD_PAIR0	15
#define CAP_DUMP_ITEM	17		/* -e read=/write=: the transfer */
#define CAP_FD_SET0	18
#define CAP_FD_SETMAX	16
/*
 * ioctl: the memory a pointer inside the argument's struct points to,
 * for the console's requests that pass one (a font, a Unicode map),
 * CAP_IOC_IND_MAX bytes as CAP_OP_UPTO copies them, at entry and exit
 */
#define CAP_IOC_IND	(CAP_FD_SET0 + CAP_FD_SETMAX)
#define CAP_IOC_IND_MAX	4096
/*
 * and the strings behind that memory's elements (V4L2's extended
 * controls, at most CAP_IOC_STRS of them), one item each, its total the
 * element's index
 */
#define CAP_IOC_STR	(CAP_IOC_IND + 1)
#define CAP_IOC_STRS	16
#define CAP_ITEM_ARGS	(CAP_IOC_STR + 1)	/* item args: below */

/*
 * -e read=/write= (strace's dumps): the bytes a call moved on an fd of
 * the sets, as the item CAP_DUMP_ITEM of its capture record: at entry
 * what a write-like call was given (strace dumps it even when the call
 * fails), at exit what a read-like call read (its return value's worth).
 * The item is a sequence of segments, one per buffer (one for a plain
 * buffer, one per iovec element: up to CAP_ARRAY_MAX, and strace's rule,
 * stopping at the first empty one), each a struct cap_dump_seg and its
 * `copied` bytes (unpadded); at most CAP_DUMP_MAX bytes in all.  Item
 * flags: CAP_F_IOV (the buffers of an iovec: numbered as strace numbers
 * them), CAP_F_TRUNC (buffers after these were not copied: more iovec
 * elements than were looked at, no room left in the record).
 *
 * sendmmsg and recvmmsg (both at exit, when each message's msg_len is
 * known: strace dumps that much of each): the item is, for each of the
 * first count messages of the total the call moved, a struct
 * cap_dump_msg and then its buffers' segments as above; CAP_F_TRUNC:
 * messages after these were not copied (more than CAP_ARRAY_MAX, no room
 * left).
 */
#define CAP_DUMP_MAX	4096
enum cap_dump_kind {
	CAP_DUMP_NONE,
	CAP_DUMP_WBUF,		/* write: args[1], args[2] bytes, at entry */
	CAP_DUMP_RBUF,		/* read: args[1], ret bytes, at exit */
	CAP_DUMP_WIOV,		/* writev: iovec args[1][args[2]], whole */
	CAP_DUMP_RIOV,		/* readv: the same, ret bytes of it */
	CAP_DUMP_WMSG,		/* sendmsg: args[1]'s msg_iov, whole */
	CAP_DUMP_RMSG,		/* recvmsg: args[1]'s msg_iov, ret bytes */
	CAP_DUMP_WMMSG,		/* sendmmsg: args[1][ret] messages, at exit */
	CAP_DUMP_RMMSG,		/* recvmmsg: the same */
};

struct cap_dump_msg {
	unsigned int iovlen;		/* the message's msg_iovlen (saturated) */
	unsigned short segs;		/* its segments, following */
	unsigned short flags;		/* CAP_DUMP_MSG_CUT */
};
#define CAP_DUMP_MSG_CUT	0x1	/* its buffers after these were not copied */

struct cap_dump_seg {
	unsigned int total;		/* the buffer's bytes in the transfer */
	unsigned int copied;		/* the first ones, following */
};

enum cap_fd_kind {
	CAP_FD_PATH = 1,	/* a file: name is its path */
	CAP_FD_PIPE,		/* pipe:[ino] */
	CAP_FD_SOCKET,		/* socket:[ino], with the socket's details */
	CAP_FD_ANON,		/* anon_inode:NAME */
	CAP_FD_PIDFD,		/* anon_inode:[pidfd] of pid */
};

/* cap_spec.fd_ret */
#define CAP_PAIR_ONE	0x8	/* fd_pair: one int (clone's pidfd) */
#define CAP_FDR_NEW	0x1	/* the return value is a new fd */
#define CAP_FDR_CLOSE	0x2	/* args[0]'s fd is closed (close) */
#define CAP_FDR_DUPFD	0x4	/* ... only if args[1] is F_DUPFD or
				   F_DUPFD_CLOEXEC (fcntl) */
#define CAP_FDR_PIDFD	0x8	/* args[1] is an fd if args[0] is P_PIDFD
				   (waitid) */
#define CAP_FDR_POLL	0x10	/* args[0] is a struct pollfd[args[1]] */
#define CAP_FDR_SELECT	0x20	/* args[1..3] are fd_sets of args[0] fds */
#define CAP_FDR_LANDLOCK 0x40	/* landlock_add_rule: a path-beneath rule's
				   parent_fd (s32 at args[2] + 8) is one, as
				   CAP_FD_SET0 */
#define CAP_FDR_IOURING	0x80	/* io_uring_register: the distinct fds of
				   the files or ring fds registered, as
				   CAP_FD_SET0 + i, the fd in the total;
				   io_uring_setup: its params' wq_fd */

/* cap_spec.fd_other: fds that are the caller's only when the process
   an argument names is (cap_fdother.bpf.c) */
#define CAP_FDO_KCMP	0x1	/* kcmp's idx1, idx2 */
#define CAP_FDO_GETFD	0x2	/* pidfd_getfd's targetfd */

#define CAP_FDF_DELETED	0x01	/* the path was unlinked */
#define CAP_FDF_CWD	0x02	/* AT_FDCWD: the task's working directory */

/* what -y asks the program to read (cap_config.fds) */
#define CAP_FDS_ON	0x1	/* describe fds */
#define CAP_FDS_SOCKET	0x2	/* ... and sockets' addresses */
#define CAP_FDS_HELPERS	0x4	/* read with helper calls, never loads
				   (ETRACE_FD_HELPERS=1: the older
				   kernels' way, for tests) */

struct cap_fd {
	unsigned char kind;		/* enum cap_fd_kind */
	unsigned char flags;		/* CAP_FDF_* */
	unsigned short family;		/* sockets: AF_* */
	unsigned short type;		/* sockets: SOCK_* */
	unsigned short protocol;	/* sockets: sk_protocol */
	unsigned int mode;		/* the inode's i_mode */
	unsigned int rdev;		/* the kernel's dev_t: major << 20 | minor */
	unsigned long long ino;
	unsigned long long peer;	/* unix sockets: the peer's inode, or 0 */
	int pid;			/* pidfds: the pid, -1 when it has ended */
	unsigned int portid;		/* netlink sockets: the port id */
	unsigned short sport, dport;	/* inet sockets: ports, host order */
	unsigned char state;		/* sockets: sk_state */
	unsigned char pad;
	unsigned short namelen;		/* bytes of name after this struct */
	unsigned char src[16], dst[16];	/* inet sockets: the addresses */
	char proto[32];			/* sockets: the protocol's name (TCP) */
};

/* -c: what the in-kernel summary groups by (besides the syscall) */
#define SUM_BY_COMM	0x1
#define SUM_BY_PID	0x2
#define SUM_BY_TID	0x4
#define SUM_EVENT_BASE	0x10000		/* key nr of counted tracepoint i */
#define SUM_HIST	40		/* log2 buckets of ns */

struct sum_key {
	unsigned int nr;		/* syscall, or SUM_EVENT_BASE + event */
	int pid;
	int tid;
	unsigned int pad;
	char comm[16];
};

struct sum_val {
	unsigned long long calls;
	unsigned long long errors;
	unsigned long long ns;
	unsigned long long min_ns;	/* 0: none yet */
	unsigned long long max_ns;
	unsigned long long hist[SUM_HIST];	/* [i]: ns in [2^i, 2^(i+1)) */
};

/* link-time addresses in Debian's bash of what the uprobes read */
struct bash_syms {
	unsigned long long make_child, bind_function_def, source_file;
	unsigned long long line_number, this_shell_function, dollar_vars;
	unsigned long long sourcelevel;
};

/*
 * Shell frames (-k): where a bash process keeps its script stack, for
 * cap_shell.bpf.c.  Link-time addresses from bash's .dynsym; check: the
 * first 8 bytes of the function at check_addr in the file, which the
 * process must hold at the same place for it to be that bash (the load
 * bias is mm->start_code - text).  The variables' hashes are bash's own
 * (hash_string), so that its table is searched as bash searches it.
 */
struct shell_syms {
	unsigned long long text;		/* the executable segment's vaddr */
	unsigned long long check_addr, check;
	unsigned long long line_number, global_variables;
	unsigned long long err_line;		/* line_number_for_err_trap */
	unsigned int hash[3];			/* FUNCNAME, BASH_SOURCE, BASH_LINENO */
	unsigned int on;
};

/*
 * -c: what the summary programs read on every call, fixed before they are
 * loaded (read-only data: plain loads, no map lookup; the verifier drops
 * the branches a run does not take).  The rest of cap_config is set after.
 */
struct sum_conf {
	unsigned int all;		/* as cap_config's */
	unsigned int by_tid;
	unsigned int ids_in_array;
	unsigned int slot_mask;
	unsigned int sum_by;		/* SUM_BY_* */
	unsigned int hist;		/* --hist: the log2 histogram kept */
	unsigned int wall;		/* -w: wall-clock time, not system */
	unsigned int target;		/* as cap_config's */
	unsigned long long overhead;	/* -O: ns taken from each call's
					   time, down to 0 */
	unsigned long long sel[16];	/* the syscalls counted (bits) */
};

/*
 * --comm, --uid, --cgroup (cap_target.bpf.c): which tasks are traced,
 * decided in the kernel on each call; read-only data, set before the
 * load.  AND across kinds, OR within one; a kind with no entries is not
 * asked.  comm: globs of '*' and '?' (literal: bit i, comm[i] has
 * neither, and is compared as two words); uid: real uids; cgroup: a v2
 * cgroup's id and its level, matched by the task's ancestor at that
 * level (the cgroup or one below it).  self: etrace's tgid, never.
 * errs: which failed calls are written (cap_config.failed), all of them
 * for -Z.
 */
#define CAP_TARGET_MAX	8
#define CAP_GLOB_MAX	32		/* bytes of a --comm glob, NUL included */

struct cap_target {
	unsigned int self;
	unsigned int ncomm, nuid, ncg;
	unsigned int literal;
	unsigned int uid[CAP_TARGET_MAX];
	unsigned int cg_level[CAP_TARGET_MAX];
	unsigned int within;		/* --tree: only tasks of its processes
					   (cap_target.bpf.c's tree_ids) */
	unsigned long long cg_id[CAP_TARGET_MAX];
	char comm[CAP_TARGET_MAX][CAP_GLOB_MAX];
	/* --errno: bit e, calls failing with errno e (1 to 4095) */
	unsigned long long errs[64];
};

struct cap_config {
	unsigned int all;		/* -a: every task */
	unsigned int by_tid;		/* traced map holds tids, not tgids */
	unsigned int follow;		/* children of traced tasks are traced */
	unsigned int strsize;		/* -s */
	unsigned int argv_all;		/* -v: argv's every element */
	unsigned int group_dead_off;	/* sched_process_exit's field, or 0 */
	unsigned int slot_mask;		/* per-id arrays' entries - 1 */
	unsigned int ids_in_array;	/* pid_max fits: traced ids in slots */
	unsigned int target;		/* --comm, --uid, --cgroup: the tasks
					   g_target() selects (with follow,
					   and the traced set's) */
	unsigned int failed;		/* ring mode, -Z or --errno: a call is
					   written at its exit, if it failed
					   (g_err_ok) */
	unsigned int ip;		/* -i: records carry the user IP */
	struct bash_syms bash;		/* --spawns */
	struct shell_syms shell;	/* -k: shell frames */
	/*
	 * ring: the program writes each syscall's entry and exit itself,
	 * as perf samples of the ids below, into its CPU's BPF ring buffer
	 * (ring_enter, ring_exit); rb_wake: wake the reader when a ring
	 * holds that many bytes.  self: etrace's tgid, never traced.
	 */
	unsigned int ring;
	unsigned int rb_wake;
	unsigned int self;
	unsigned int fds;		/* -y: CAP_FDS_* */
	unsigned int netns;		/* etrace's network namespace's
					   inode (0: unknown) */
	unsigned long long id_enter, id_exit;
	unsigned long long rsel[16];	/* ring: the syscalls written (bits) */
	/* -y: the kernel's simple_dname (memfd's names), or 0: unknown */
	unsigned long long simple_dname;
	/*
	 * -e read=/write=: the fds whose transfers are dumped, fds 0-1023
	 * by bit; dump_high bit 0 (read) and 1 (write): every fd above, but
	 * for the dump_*_hi named (or, the bit clear: only those)
	 */
	unsigned long long dump_rd[16], dump_wr[16];
	unsigned int dump_high;
	unsigned int dump_rd_nhi, dump_wr_nhi;
	int dump_rd_hi[CAP_DUMP_HI], dump_wr_hi[CAP_DUMP_HI];
	/*
	 * -b execve: a traced process's successful exec ends its tracing
	 * (its tgid leaves the traced set once the exec's exit is written);
	 * detach_skip: the command's tgid, whose first exec is kept (the
	 * program clears it then)
	 */
	unsigned int detach_exec;
	unsigned int detach_skip;
	/*
	 * ring mode under -C and etrace record: each exit carries its
	 * call's time, and the calls not written are counted in the kernel
	 * (cap_sum.bpf.h)
	 */
	unsigned int ring_sum;
	/*
	 * -y in ring mode on the raw tracepoints: the calls that rename a
	 * file or move a mount (bits by number), which bump fd_gen at entry
	 * and exit, whoever makes them (cap_fds.bpf.c); elsewhere fd_rename
	 * is attached to their own tracepoints
	 */
	unsigned long long fd_watch[16];
	/*
	 * -k in ring mode: the syscalls whose entries carry the user stack
	 * and the script frames (bits by number): the selected, and those
	 * that make processes (the spawns' origins); not exit and
	 * exit_group, written only to say how processes end
	 */
	unsigned long long ssel[16];
};

/* -k in ring mode: what the ring programs write before a call's entry
   (read-only data: ro_frames) */
#define CAP_FRAMES_USTACK	0x1	/* the user stack (cap_unwind.bpf.c) */
#define CAP_FRAMES_SHELL	0x2	/* bash's script stack */
#define CAP_FRAMES_PYTHON	0x4	/* Python's frames */

/* ring mode's ids for its records, apart from the kernel's (counted up) */
#define RB_ID_ENTER	0xe7ace00000000001ull
#define RB_ID_EXIT	0xe7ace00000000002ull
#define RB_ID_CAP	0xe7ace00000000003ull	/* captures, as bpf-output's */

/*
 * Ring mode's records: perf's PERF_RECORD_SAMPLE layout for the sample
 * type IDENTIFIER | TID | TIME | RAW, the raw bytes as raw_syscalls'
 * sys_enter (common, id, args[6]) and sys_exit (common, id, ret); and
 * PERF_RECORD_LOST with its sample_id trailer for what a full ring
 * dropped.  The reader treats them as it treats the kernel's.
 */
#define RB_ENTER_SIZE	104		/* 36 + 64 raw + 4 padding */
#define RB_ENTER_IP_SIZE 112		/* -i: 36 + 72 raw (args, then the
					   user IP) + 4 padding */
#define RING_IP_OFF	64		/* -i: the IP in an entry's raw bytes */
#define RB_EXIT_SIZE	64		/* 36 + 24 raw + 4 padding */
/*
 * An exit's padding word (at raw + 24): 1 when a seccomp filter skipped
 * the call, its entry written just before from its registers
 */
#define RING_EXIT_SKIPPED_OFF 24
/*
 * With ring_sum, the exit goes on (RB_EXIT_SUM_SIZE): a word at raw + 28,
 * 1 when the call was timed, and at raw + 32 its time in ns (system time,
 * or wall-clock with -w), then padding
 */
#define RB_EXIT_SUM_SIZE 80
#define RING_EXIT_TIMED_OFF 28
#define RING_EXIT_NS_OFF 32
#define RB_LOST_SIZE	48

struct cap_rec {
	unsigned int magic;
	int nr;
	unsigned char phase;		/* CAP_AT_ENTRY or CAP_AT_EXIT */
	unsigned char nitems;
	unsigned short pad;
	unsigned int size;		/* bytes of the record, with items */
	long long ret;			/* exit: the return value */
};

#define CAP_F_TRUNC	0x01		/* the memory went on */
#define CAP_F_FAULT	0x02		/* could not be read */
#define CAP_F_RETRY	0x04		/* with FAULT at entry: read again at
					   exit, in the exit record */
#define CAP_F_PART	0x08		/* arrays: an element could not be
					   read (retried as FAULT is) */
#define CAP_F_UNTERM	0x10		/* arrays: memory that could not be
					   read before the NULL ending them */
#define CAP_F_IOV	0x20		/* a dump of an iovec's buffers */

/* CAP_OP_ARGV: each element's status byte */
#define CAP_ARGV_OK	0		/* the whole string */
#define CAP_ARGV_FAULT	1		/* could not be read: no bytes */
#define CAP_ARGV_CUT	2		/* the string may go on */

/*
 * phase: the half of the call the data belongs to.  In an exit record an
 * item of phase CAP_AT_ENTRY is an entry argument read again at exit (its
 * entry item had CAP_F_RETRY): it replaces that item.
 */
/* nlproto: the socket is in cap_config.netns (decode.h's NLPROTO_OWN_NS) */
#define CAP_NL_OWN_NS	0x80

struct cap_item {
	unsigned char arg;
	unsigned char flags;
	unsigned char phase;
	unsigned char nlproto;		/* CAP_OP_SOCKBUF, CAP_OP_MSGHDR's
					   iovecs: the socket's netlink
					   protocol + 1, 0 not netlink,
					   | CAP_NL_OWN_NS */
	unsigned int len;		/* bytes that follow (then pad to 8) */
	unsigned int count;		/* arrays: elements copied */
	unsigned int total;		/* arrays: elements there were */
};

/*
 * CAP_MAGIC_SIG: a signal of a traced task, with its siginfo: delivered
 * (signal_deliver, in the receiver), or, for the signals that are never
 * delivered, sent (signal_generate, in the sender: tid and tgid are the
 * receiver's).
 */
#define CAP_MAGIC_SIG	0x47495345u	/* "ESIG" */
#define CAP_SIGINFO	48		/* sizeof(struct kernel_siginfo) */

enum cap_sig_kind {
	CAP_SIG_DELIVERED,		/* dequeued to be handled, ignored or fatal */
	CAP_SIG_IGNORED,		/* dropped when sent: its disposition ignores it */
	CAP_SIG_FATAL,			/* kills the group when sent, undelivered */
	CAP_SIG_KILL,			/* SIGKILL sent: the group dies in its calls */
	CAP_SIG_EXEC_ZAP,		/* the receiver's call ends with its group
					   (exit_group, fatal signal, another
					   thread's execve): no line */
};

struct cap_sig {
	unsigned int magic;
	int tid;			/* the receiver */
	int sig;
	int have_info;			/* 0: sent without one (the kernel's) */
	unsigned long long handler;	/* SIG_DFL 0, SIG_IGN 1, or the address */
	unsigned char info[CAP_SIGINFO];
	int tgid;			/* the receiver's process */
	int kind;			/* enum cap_sig_kind */
	unsigned long long ip;		/* -i, delivered: the user IP it is
					   delivered at; 0 unknown */
};

/*
 * CAP_MAGIC_BASH: what bash was doing (uprobes on its own functions, for
 * --spawns): make_child (about to fork for a command: the line, the
 * function, the script), bind_function_def (a function is defined, in
 * which file), source_file (a file is sourced).
 */
#define CAP_MAGIC_BASH	0x48534142u	/* "BASH" */
enum { BASH_FORK = 1, BASH_FUNC, BASH_SOURCE };

struct cap_bash {
	unsigned int magic;
	int tid;
	int kind;
	int line;			/* line_number: the command's line */
	int sourcelevel;		/* > 0: in a sourced file */
	int pad;
	char name[64];			/* the function being run / defined */
	char file[192];			/* $0, the function's file, the sourced file */
};

/*
 * CAP_MAGIC_SHELL: a bash process's script stack at a syscall's entry,
 * read by the program on that syscall's tracepoint before the perf
 * sample of the same hit (so just before it in the CPU's ring): level 0
 * is the innermost function, its line bash's line_number; level i's line
 * is BASH_LINENO[i - 1], as bash's caller builtin reads them.  bash sets
 * line_number and line_number_for_err_trap together to a command's line
 * as it runs it, then puts line_number back to the enclosing command's
 * (a function's first line, a parsed-ahead `fi`) before it waits for the
 * command's process: level 0's line is sure only while both agree.  Strings as
 * bash holds them, cut to their fields (flags say which).
 */
#define CAP_MAGIC_SHELL	0x4c454853u	/* "SHEL" */
#define SHELL_LEVELS	8
#define SHELL_FUNC	48
#define SHELL_FILE	96
#define SHELL_LINE	12

#define SHELL_F_DEEPER	0x01		/* more levels than SHELL_LEVELS */

struct cap_shell_level {
	char func[SHELL_FUNC];		/* FUNCNAME[i] */
	char file[SHELL_FILE];		/* BASH_SOURCE[i] */
	char line[SHELL_LINE];		/* BASH_LINENO[i - 1] (i > 0), decimal */
	unsigned int pad;
};

struct cap_shell {
	unsigned int magic;
	int tid;
	int nr;				/* the syscall being entered */
	int line;			/* line_number: level 0's line, ... */
	int err_line;			/* ... when line_number_for_err_trap agrees */
	unsigned int nlevels;		/* levels read whole (0: none) */
	unsigned int flags;		/* SHELL_F_* */
	struct cap_shell_level lv[SHELL_LEVELS];	/* (only nlevels sent) */
};

/*
 * CAP_MAGIC_EXEC: a traced task exec'd a program that raises privileges
 * (secureexec): the kernel drops its perf events, so its trace ends.
 */
#define CAP_MAGIC_EXEC	0x43455845u	/* "EXEC" */

struct cap_exec {
	unsigned int magic;
	int tid;
	char filename[256];
};

/* CAP_MAGIC_EXIT: how a task ended, read at sched_process_exit */
struct cap_exit {
	unsigned int magic;
	int tid;
	int tgid;
	int exit_code;			/* as wait(2) reports it */
	int group_dead;
	int exec_tid;			/* a group leader ended by another thread's
					   execve: that thread's tid, else 0 */
};

/*
 * CAP_MAGIC_PYTHON: a Python thread's frames at a syscall's entry
 * (cap_python.bpf.c), read like CAP_MAGIC_SHELL's just before the
 * call's sample: each interpreter frame's code object (and the
 * pointers that name it: file, qualified name, line table) and its
 * last instruction, innermost first.  PY_FR_ENTRY: the frame a C call
 * of _PyEval_EvalFrameDefault entered, the last of that C frame's.
 * User space names them from the process's memory (stacks/python.c).
 */
#define CAP_MAGIC_PYTHON	0x48545950u	/* "PYTH" */
#define PY_FRAMES	24
#define PY_THREADS	64		/* thread states looked at */
#define PY_FR_WIN	40		/* bytes of a frame read (py_offsets) */

#define PY_FR_ENTRY	0x01		/* is_entry: its C frame's outermost */

#define PY_F_DEEPER	0x01		/* more frames than PY_FRAMES */

struct cap_py_frame {
	unsigned long long code;	/* the PyCodeObject */
	unsigned long long instr;	/* prev_instr: the last instruction */
	unsigned long long file, qualname, linetable;	/* the code's */
	unsigned int flags;		/* PY_FR_* */
	unsigned int pad;
};

struct cap_python {
	unsigned int magic;
	int tid;
	int nr;				/* the syscall being entered */
	unsigned int nframes;		/* frames read (only these sent) */
	unsigned int flags;		/* PY_F_* */
	unsigned int row;		/* the offsets' row (python_rows) */
	int tgid;			/* its process: whose memory to read */
	unsigned int pad;
	unsigned long long start;	/* ... and when it started (a pid
					   used again is another process) */
	/* this process's type objects: what its strings must point to */
	unsigned long long unicode_type, bytes_type;
	struct cap_py_frame fr[PY_FRAMES];
	/* (the program's own: a frame's bytes; never sent) */
	unsigned long long win[PY_FR_WIN / 8];
};

/*
 * CAP_MAGIC_PYCODE: a code object the first time a process's frames
 * name it (cap_python.bpf.c keeps which it sent), copied then: a
 * process that exits before etrace reads its records is still named.
 * The key is the frames': the code and the pointers it held.  Strings
 * as the interpreter holds them (kind: bytes a code point; cut to their
 * fields, lengths say whole or not), the line table's first bytes.
 */
#define CAP_MAGIC_PYCODE	0x444f4350u	/* "PCOD" */
#define PY_FILE_B	256
#define PY_QUAL_B	128
#define PY_LT_B		16384

struct cap_pycode {
	unsigned int magic;
	int tgid;
	unsigned long long start;	/* as cap_python's */
	unsigned long long code, file, qualname, linetable;
	int first;			/* co_firstlineno */
	int traceable;			/* _co_firsttraceable */
	unsigned long long units;	/* its code units (ob_size) */
	unsigned long long file_len, qual_len;	/* code points */
	unsigned int file_kind, qual_kind;	/* 1, 2 or 4 */
	unsigned long long lt_len;	/* the table's whole length */
	unsigned char file_b[PY_FILE_B];
	unsigned char qual_b[PY_QUAL_B];
	unsigned char lt[PY_LT_B];	/* (only the bytes copied sent) */
};

/*
 * One Python minor version's structure offsets (bytes), a row of
 * python_rows (stacks/python.c): what cap_python.bpf.c and python.c read.
 */
struct py_offsets {
	unsigned int version;		/* 0x030b: 3.11 */
	unsigned int rt_interp_head;	/* _PyRuntime.interpreters.head */
	unsigned int is_threads_head;	/* PyInterpreterState.threads.head */
	unsigned int ts_next;		/* PyThreadState.next */
	unsigned int ts_thread_id;	/* .thread_id: its pthread_self() */
	unsigned int ts_cframe;		/* .cframe */
	unsigned int cf_current;	/* _PyCFrame.current_frame */
	unsigned int fr_win;		/* the frame's bytes read at once:
					   PY_FR_WIN from here hold the four
					   fields below */
	unsigned int fr_code;		/* _PyInterpreterFrame.f_code */
	unsigned int fr_previous;
	unsigned int fr_instr;		/* .prev_instr */
	unsigned int fr_entry;		/* .is_entry (a bool) */
	unsigned int ob_type;		/* PyObject.ob_type */
	unsigned int ob_size;		/* PyVarObject.ob_size */
	unsigned int co_names;		/* co_filename, co_name, co_qualname,
					   co_linetable: four pointers */
	unsigned int co_firstlineno;
	unsigned int co_firsttraceable;	/* before it: a frame not started */
	unsigned int co_code;		/* co_code_adaptive: the code units */
	unsigned int bytes_data;	/* PyBytesObject.ob_sval */
	unsigned int str_state;		/* PyASCIIObject.state */
	unsigned int str_ascii_data;	/* a compact ASCII string's bytes */
	unsigned int str_data;		/* a compact other string's */
	unsigned int str_length;	/* PyASCIIObject.length */
};

/*
 * A Python interpreter's addresses for cap_python.bpf.c: its offsets,
 * and the link-time addresses of _PyRuntime, PyCode_Type, PyUnicode_Type
 * and PyBytes_Type.  py_exes holds them by the file's device and inode
 * (a statically linked python: the bias is mm->start_code - text), as
 * py_libs does a libpython's; py_procs by tgid with bias set (a
 * libpython mapped in that process).
 */
struct py_bin {
	struct py_offsets off;
	unsigned int row;
	unsigned int pad;
	unsigned long long text;	/* the executable segment's vaddr */
	unsigned long long seg_off;	/* ... and its file offset */
	unsigned long long bias;	/* py_procs: the library's load bias */
	unsigned long long mm;		/* py_procs: the address space it is
					   in (bound at its first use; an
					   exec's new one is not it) */
	unsigned long long runtime, code_type, unicode_type, bytes_type;
};

struct py_exe_key {
	unsigned long long dev;		/* the kernel's dev_t (MAJOR << 20) */
	unsigned long long ino;
};

#endif
