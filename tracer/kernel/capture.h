/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Capture stage: exact copies of argument memory, made by a BPF program at
 * the moment of the syscall (capture.bpf.c), delivered as records in the
 * same rings and attached to their calls by the pairing stage.
 */
#ifndef ETRACE_CAPTURE_H
#define ETRACE_CAPTURE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "cap_unwind_abi.h"
#include "capture_abi.h"
#include "decode.h"
#include "events.h"
#include "perf.h"
#include "select.h"

struct capture_bpf;
struct bpf_link;

struct capture {
	struct capture_bpf *skel;
	struct bpf_link **links;	/* raw tracepoint (BTF) attachments */
	int nlinks;
	int *tp_fds;			/* tracepoint attachments */
	int ntp;
	struct evsel ev;		/* the bpf-output events' evsel */
	struct evsel ev_enter, ev_exit;	/* ring mode: the calls' records */
	int ring;			/* ring mode (see capture_abi.h) */
	int active;
	int args;			/* copies argument memory */
	int summary;			/* keeps the -c summary in the kernel */
	int ring_sum;			/* ... only of the calls ring mode did
					   not write: each exit written carries
					   its call's time (cap_sum.bpf.h) */
	int ids_in_array;		/* traced ids: in slots, not a hash */
	int fds;			/* -y: CAP_FDS_*, fds are described */
	int fds_watch;			/* ... renames seen by the ring programs */
	int dump;			/* -e read=/write=: transfers copied */
	int envs;			/* -v: execve's environment strings */
	int bash_ok;			/* --spawns: bash's symbols were found */
	int shell;			/* -k: shell frames read (shell_enter) */
	int python;			/* -k: Python frames read (python_enter) */
	struct cap_py *py;		/* ... the files seen (cap_python.c) */
	int ustack;			/* --stack=bpf: stacks unwound in the
					   kernel (ustack_enter) */
	struct unw_state *unw;		/* its files (cap_unwind.c) */
	int within;			/* --tree with a selection: the tree is
					   the selection's bound, not traced */
	char bash_path[4096];
	uint64_t bash_off[3];
	uint32_t slot_mask;
	int core_fd;			/* the cut BTF for CO-RE (cap_btf.c)
					   until the load, or -1 */
	char why[256];			/* when not active: the reason */
};

/* what a run wants of the BPF programs (the trace decides it) */
struct cap_want {
	int no_bpf;			/* --no-bpf: nothing */
	int args;			/* copy argument memory (lines shown) */
	int ring;			/* try ring mode (below) */
	int summary;			/* -c counts in the kernel */
	int signals;			/* siginfo of signals delivered */
	int follow;			/* -f: children are traced */
	int all;			/* -a: every task */
	int spawns;			/* --spawns: bash's uprobes */
	int shell;			/* stacks: bash's script stack too */
	int python;			/* stacks: Python's frames too */
	int ustack;			/* --stack=bpf: unwound in the kernel */
	unsigned int stack_size;	/* ... reading as deep as the copy */
	int stack_debuginfo;		/* -kk: separate debug info read */
	int inj;			/* -e inject=: a signal= to send (by the
					   kernel: cap_inject.bpf.c) */
	int count_events;		/* -c alone: events counted, not shown */
	int ip;				/* -i: ring mode's entries and signal
					   records carry the user IP */
	int dump;			/* -e read=/write=: transfers dumped */
	int envs;			/* -v: execve's environment strings
					   copied, not only counted */
	const struct fd_sel *dump_rd;	/* ... on these fds */
	const struct fd_sel *dump_wr;
	unsigned int strsize;		/* -s */
	unsigned int fds;		/* -y: CAP_FDS_* (0: none) */
	unsigned int sum_by;		/* --by: SUM_BY_* */
	int hist;			/* --hist */
	int sum_wall;			/* -w: wall-clock time in a call */
	unsigned long long sum_overhead;/* -O: ns taken from each call */
	const struct sc_select *sel;	/* the syscalls traced */
	const struct sc_select *rec_sel;/* ring mode: the syscalls written
					   (sel, or more: see the plan) */
	const struct cap_target *target;/* --comm, --uid, --cgroup: the tasks
					   traced (with all), or NULL */
	const struct cap_target *tconf;	/* the programs' selection data */
	int failed;			/* ring mode: only failed calls (in
					   tconf's errs) are written */
	int detach_exec;		/* -b execve (ring mode) */
	pid_t detach_skip;		/* ... but the command's first exec */
};

/*
 * Load and attach the capture programs this run wants for these events.
 * On failure (no BPF, no BTF, no permission, --no-bpf) it stays inactive
 * with the reason in c->why: tracing goes on with pointers.
 *
 * w->ring: try ring mode, where the program writes the syscalls' records
 * into BPF ring buffers (added to ps's rings) instead of l's syscall
 * events, which are then not opened (by_bpf); c->ring says if it is on.
 */
void capture_open(struct capture *c, const struct cap_want *w,
		  struct perfset *ps, struct evlist *l, struct tracefs *t);
struct summary;
/* -c: the kernel's table (summed over CPUs) into s, replacing it */
int cap_sum_read(struct capture *c, struct summary *s);
/* ring mode: records the BPF rings dropped, in all (lost ones included) */
uint64_t capture_ring_drops(struct capture *c);
/* trace this tgid (or tid, for a command without -f) from now on */
int capture_add(struct capture *c, pid_t id);
/* is this id in the traced set (the program may have put it there)? */
int capture_has(struct capture *c, pid_t id);
/*
 * -p --tree with a selection (within): how many of the tree's processes
 * are left (those gone are forgotten)
 */
int capture_tree_live(struct capture *c);
/* children of traced tasks join the set from now on (on), or no longer */
int capture_follow(struct capture *c, int on);
void capture_close(struct capture *c);
/*
 * Only the plain memory capture_close frees (Python's and the unwinder's
 * tables): the parent's copies once the teardown child holds its own
 */
void capture_drop(struct capture *c);
/*
 * --stack=bpf: an executable file a traced process mapped (its MMAP2
 * record): its unwind rows compiled and given to the program, once.
 */
void cap_unwind_mapped(struct capture *c, const char *path, uint32_t maj,
		       uint32_t min, uint64_t ino);
/* the same for a file by path (the command's, before it runs) */
void cap_unwind_file(struct capture *c, const char *path);
/* the same for the code a running process has mapped (-p's) */
void cap_unwind_proc(struct capture *c, pid_t pid);
/*
 * signal=: the map of the signals the kernel sends (a thread's, by tid,
 * at its call's entry or skipped exit: inject.h), or -1 (etrace sends)
 */
int capture_inject_fd(const struct capture *c);
/*
 * 1: this kernel runs cap_unwind.bpf.c (its helpers: bpf_find_vma,
 * bpf_loop, bpf_task_pt_regs, Linux 5.17 on); asked by probe programs
 */
int cap_unwind_supported(void);
/*
 * Debian's bash, whose exported symbols give --spawns its script lines:
 * its real path and make_child's file offset.  0, or -1 when /bin/bash
 * is not such a bash.
 */
int capture_bash_find(char *path, size_t len, uint64_t *make_child);
/*
 * -k's Python frames (cap_python.c): pid mapped path (dev, ino) at addr
 * from file offset pgoff, executable; an interpreter there is read from
 * now on.  capture_python_exe: the command about to run, before it does.
 */
void capture_python_map(struct capture *c, pid_t pid, const char *path,
			uint64_t dev, uint64_t ino, uint64_t addr,
			uint64_t pgoff);
void capture_python_exe(struct capture *c, const char *path);
/*
 * A process forked (its libpython is where its parent's is: from when
 * its record is read), or ended (its entry goes).
 */
void capture_python_fork(struct capture *c, pid_t ppid, pid_t pid);
void capture_python_exit(struct capture *c, pid_t pid);

/*
 * A capture record, checked: the items of one call phase.  Parsing never
 * reads past len; a record that does not add up is refused.
 */
struct cap_parsed {
	int nr;
	int phase;			/* CAP_AT_ENTRY or CAP_AT_EXIT */
	int nitems;
	struct {
		int arg;
		int flags;
		int phase;		/* the call half the data is of */
		int nlproto;		/* netlink protocol + 1, 0 none */
		uint32_t len, count, total;
		const uint8_t *p;
	} item[32];
};

/* what a program's record is, by its magic (and long enough for it) */
enum cap_type {
	CAPT_BAD,		/* malformed: counted, not used */
	CAPT_CALL,		/* argument memory of a call (capture_parse) */
	CAPT_EXIT,		/* how a task ended: struct cap_exit */
	CAPT_SIGNAL,		/* a signal delivered: struct cap_sig */
	CAPT_BASH,		/* bash's uprobes: struct cap_bash */
	CAPT_SHELL,		/* a bash script stack: struct cap_shell */
	CAPT_EXEC,		/* a privileged exec: struct cap_exec */
	CAPT_PYTHON,		/* Python frames: struct cap_python */
	CAPT_PYCODE,		/* a code object they name: cap_pycode */
	CAPT_USTACK,		/* --stack=bpf: struct cap_ustack */
};
enum cap_type capture_type(const uint8_t *raw, size_t len);
/* a CAPT_CALL record's items: 0, or -1 when it does not add up */
int capture_parse(const uint8_t *raw, size_t len, struct cap_parsed *cp);
/*
 * The struct cap of each argument a record has, into caps[6], pointed to
 * from in[] (entry data: also an exit record's retried inputs) or out[]
 * (what the call wrote); the other pointers are left alone.  Arguments
 * made of several items (msghdr) are joined in buf; an argument whose
 * memory could not all be read is left out (its pointer prints), never
 * shown partly as if whole.
 */
void capture_caps(const struct cap_parsed *cp, struct cap caps[6],
		  const struct cap *in[6], const struct cap *out[6],
		  uint8_t *buf, size_t buflen);
/*
 * -y: the fds a record describes (cap_fds.bpf.c) into fdv, pointed to
 * from out[] by slot (FD_SLOT_* of decode.h); a malformed one is left out.
 */
void capture_fds(const struct cap_parsed *cp, struct fd_desc fdv[FD_SLOTS],
		 const struct fd_desc *out[FD_SLOTS]);
/* ioctl: a record's inner memory (CAP_IOC_IND) into k, *out = k */
void capture_inner(const struct cap_parsed *cp, struct cap *k,
		   const struct cap **out);
/*
 * ioctl: a record's strings of the inner memory's elements (CAP_IOC_STR)
 * joined in buf (buflen bytes) as k's pieces, piece j element j's (a
 * hole: none, or not read), *out = k; nothing when there are none
 */
void capture_inner_strs(const struct cap_parsed *cp, struct cap *k,
			const struct cap **out, uint8_t *buf, size_t buflen);
/* -e read=/write=: a record's dump (CAP_DUMP_ITEM) into k, *out = k */
void capture_dump(const struct cap_parsed *cp, struct cap *k,
		  const struct cap **out);

#endif
