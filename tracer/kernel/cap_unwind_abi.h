/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Capture stage: what --stack=bpf's unwinder (cap_unwind.bpf.c) and
 * etrace agree on.  Included by both: fixed-width types, no libc.
 *
 * User space compiles each mapped file's .eh_frame into rows (cfi.c),
 * sorted by address: from a row's address to the next row's, the frame's
 * CFA is the stack or frame pointer plus an offset, the return address
 * is at CFA - 8, and the caller's frame pointer is where the row says.
 * Anything else the CFI says (an expression, another register, a signal
 * frame) is a row of kind UNW_UNKNOWN: there the kernel does not unwind.
 */
#ifndef ETRACE_CAP_UNWIND_ABI_H
#define ETRACE_CAP_UNWIND_ABI_H

enum unw_kind {
	UNW_UNKNOWN,		/* no rule the kernel follows (or no CFI) */
	UNW_RSP,		/* CFA = rsp + cfa_off */
	UNW_RBP,		/* CFA = rbp + cfa_off */
	UNW_END,		/* the return address is undefined: the
				   outermost frame (_start, clone's child) */
	UNW_NONE,		/* no FDE covers the code (ld.so's _start):
				   libdw has no CFI there either */
};

#define UNW_RBP_SAME	0	/* the caller's rbp is this frame's */
#define UNW_RBP_UNDEF	0xff	/* not recoverable */

struct unw_row {
	unsigned int addr;		/* file vaddr where the row starts */
	unsigned short cfa_off;
	unsigned char kind;		/* enum unw_kind */
	unsigned char rbp;		/* at CFA - 8 * rbp, or UNW_RBP_* */
};

#define UNW_ROWS_MAX	(1u << 21)	/* rows of all files, 16 MiB */
/*
 * Where to start looking: per UNW_BUCKET bytes of a file's code, how
 * many of its rows start at or below the bucket's first address; the
 * row is then at most UNW_SCAN rows further (else the kernel does not
 * look it up).  A search would cost a map lookup a step, 21 steps.
 */
#define UNW_BUCKET_SHIFT 6
#define UNW_IDX_MAX	(1u << 22)	/* buckets of all files, 16 MiB */
#define UNW_SCAN	32

/* a compiled file, by the identity the kernel gives its inode */
struct unw_file_key {
	unsigned long long dev;		/* s_dev, the kernel's encoding */
	unsigned long long ino;
};

struct unw_file {
	unsigned int first, count;	/* its rows in the rows array */
	unsigned int idx_first;		/* its buckets in the index array, */
	unsigned int idx_count;		/* from vaddr_lo rounded down */
	/* vaddr = file offset + delta, in its executable segment */
	long long delta;
	unsigned long long vaddr_lo;	/* that segment's range: no row */
	unsigned long long vaddr_hi;	/* outside it is trusted */
};

/*
 * CAP_MAGIC_USTACK: the user stack at a syscall's entry, written just
 * before the perf sample of the same hit (which then carries none).
 * Either the pcs unwound in the kernel (innermost first, as libdw's
 * path gives them: the IP, then return addresses), or where the kernel
 * could not unwind every frame it proves (a pc with no row, a file not
 * compiled yet, a mapping not a file's), the registers and the stack
 * copy the perf sample would have carried, for libdw.
 */
#define CAP_MAGIC_USTACK 0x4b545355u	/* "USTK" */
#define USTACK_PCS	64		/* = UNWIND_MAX */
#define USTACK_NREGS	20		/* perf's UNWIND_REGS_MASK order */
#define USTACK_COPY_MAX	65280		/* a perf record is < 64 KiB: a larger
					   --stack-size copies this much */

enum ustack_kind {
	USTACK_PCS_KIND,		/* npcs pcs follow */
	USTACK_COPY_KIND,		/* regs, then len stack bytes */
};

/* cut: 0, or what ended the stack: unwind.h's enum frame_cut's values */
#define USTACK_CUT_NO_CFI	1	/* FRAME_CUT_NO_CFI */
#define USTACK_CUT_NOT_CODE	2	/* FRAME_CUT_NOT_CODE */
#define USTACK_CUT_COPY_END	3	/* FRAME_CUT_COPY_END */

struct cap_ustack {
	unsigned int magic;
	int tid;
	int nr;				/* the syscall being entered */
	unsigned short kind;		/* enum ustack_kind */
	unsigned short cut;
	unsigned int n;			/* pcs, or stack bytes copied */
	unsigned int pad;
	/* then n pcs, or USTACK_NREGS registers and n bytes */
};

/* the unwinder's settings (one entry) */
struct unw_conf {
	unsigned int on;
	unsigned int stack_size;	/* --stack-size: the copy, and how
					   deep the kernel reads (as libdw
					   would in the copy) */
	/*
	 * An UNW_NONE row ends the stack where the leaf rule cannot take
	 * the word at the stack pointer (not in any executable mapping):
	 * libdw has no other CFI there (no -kk: no separate debug info).
	 */
	unsigned int none_ends;
};

#endif
