/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unwind stage: a user stack from a sample's registers and stack copy
 * (PERF_SAMPLE_REGS_USER + PERF_SAMPLE_STACK_USER), unwound with libdw's
 * CFI, and the frames' symbols.  Only events that carry a stack pay.
 */
#ifndef ETRACE_UNWIND_H
#define ETRACE_UNWIND_H

#include <stdint.h>
#include <sys/types.h>

#include "maps.h"

#define UNWIND_MAX 64
/* x86_64 user registers sampled: AX..SS and R8..R15, no segments */
#define UNWIND_REGS_MASK 0xff0fffull
#define UNWIND_NREGS 20
#define UNWIND_REG_IP 8		/* the IP's place among them */

/* the stack a sample carries (record.h), to be unwound */
struct stack_sample {
	const uint64_t *regs;		/* user registers, or NULL (fp chain) */
	const uint8_t *stack;		/* user stack bytes copied */
	uint64_t len;
	const uint64_t *chain;		/* the kernel's callchain */
	uint64_t nchain;
	/* records lost so far: --stack=bpf's record (just before the
	   sample) is this call's only if none was lost since */
	uint64_t lost;
};

/*
 * Why a stack ends before its outermost frame.  A cut stack ends with a
 * frame of its own (cut set) that says where: the unwinder proves each
 * frame or ends the stack, and says that it did.
 */
enum frame_cut {
	FRAME_CUT_NONE,
	/* no CFI at the last frame's pc, and the leaf rule not proved */
	FRAME_CUT_NO_CFI,
	/* the next return address is in no code of the process, or on a
	   data symbol: no frame */
	FRAME_CUT_NOT_CODE,
	/* the next frame is past the stack bytes copied (--stack-size) */
	FRAME_CUT_COPY_END,
};

struct frame {
	uint64_t pc;			/* as sampled (return addresses) */
	const char *module;		/* path, interned; NULL: unknown */
	const char *sym;		/* NULL: no symbol covers pc */
	uint64_t symoff;
	uint64_t reloff;		/* pc - module base */
	const char *file;		/* -kk: source file, or NULL */
	int line;
	int inlined;			/* a frame inlined into the next */
	int cut;			/* enum frame_cut: no frame, the end */
	/*
	 * A script frame (scripts.h): its kind, "shell"; NULL: code's.
	 * Then file and line are the script's, sym its function; no file
	 * and no sym: levels deeper than were read.
	 */
	const char *script;
};

#define UNWIND_LAYOUT_BUCKETS 64
struct layout;

struct unwinder {
	struct maps_table *maps;
	int lines;			/* -kk: files, lines, inline frames */
	uint64_t stacks, frames;	/* counts, for the bench */
	uint64_t leaves;		/* frames the leaf rule proved */
	uint64_t nlayouts;		/* layouts of code made */
	uint64_t ndwfls;		/* ... read by libdw (Dwfls built) */
	uint64_t kstacks;		/* --stack=bpf: stacks the kernel
					   unwound (in stacks too) */
	void *symcache;
	void *python;			/* python.c's code objects read (freed
					   by python_free) */
	/* Dwfls by layout of code, shared by the processes that have it */
	struct layout *layouts[UNWIND_LAYOUT_BUCKETS];
};

int unwind_init(struct unwinder *u, struct maps_table *maps, int lines);
void unwind_free(struct unwinder *u);
/*
 * Unwind pid's stack from a sample: regs in UNWIND_REGS_MASK order,
 * stack[len] copied from the sampled SP up.  Returns the number of pcs
 * written (innermost first), 0 when nothing could be unwound; *cut says
 * why the stack ended there when it was not its natural end (enum
 * frame_cut).  Where a pc has no CFI, the leaf rule (return address at
 * the stack pointer) gives the next frame only when that address is in
 * an executable file mapping just after a call instruction.
 */
int unwind_pcs(struct unwinder *u, pid_t pid, const uint64_t *regs,
	       const uint8_t *stack, uint64_t len, uint64_t *pcs, int max,
	       int *cut);
/*
 * Frames for pcs: symbols, and with lines also inline frames (then more
 * frames than pcs).  A pc in no code mapping, or on a data symbol, ends
 * the frames; a cut stack (cut, or ended so) ends with a cut frame.
 * Returns the number written.
 */
int unwind_frames(struct unwinder *u, pid_t pid, const uint64_t *pcs, int n,
		  int cut, struct frame *out, int max);
/*
 * What a cut frame says, after "stack cut: " ("no unwind info at", then
 * its module+reloff; "caller not in code"; "end of the copied stack"),
 * or NULL for a frame.
 */
const char *unwind_cut_why(const struct frame *f);
/* the same for JSON: "no_unwind_info", "not_code", "copy_end" */
const char *unwind_cut_reason(const struct frame *f);
/*
 * The word at addr of a stack copy stack[len] taken at sp, into *word:
 * 0, or -1 when any of its 8 bytes lies outside the copy (the unwinder
 * reads no other memory).
 */
int unwind_stack_word(const uint8_t *stack, uint64_t len, uint64_t sp,
		      uint64_t addr, uint64_t *word);
/*
 * The unwinder's one copy of s (frames point at it for etrace's life),
 * or NULL when its bounded table is full: never another string's copy.
 */
const char *unwind_intern(struct unwinder *u, const char *s);

#endif
