/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unwind stage: script frames.  An interpreter's own call stack (a bash
 * script's functions and lines) shown above the interpreter's C frames
 * in every stack output.  One provider per runtime: its BPF program
 * reads the stack at the syscall's entry (a record just before the
 * call's sample), its parse turns the record into frames.  The sinks
 * know only a frame's script kind, never the runtime: another
 * interpreter (Python) is another provider here and another program.
 * A script frame's line 0: the level is sure, its line is not known.
 */
#ifndef ETRACE_SCRIPTS_H
#define ETRACE_SCRIPTS_H

#include <stddef.h>
#include <stdint.h>

#include "unwind.h"

/*
 * the most frames a provider gives: its levels and a last "more" frame
 * (python's PY_FRAMES, bash's SHELL_LEVELS fewer)
 */
#define SCRIPT_FRAMES 25

struct script_provider {
	const char *runtime;		/* "bash" */
	uint32_t magic;			/* its BPF records' first word */
	/*
	 * The record's frames, innermost first, strings interned in u;
	 * *nr the syscall it was read at.  Returns how many (0: none, the
	 * record not whole or not this provider's).
	 */
	int (*frames)(struct unwinder *u, const uint8_t *raw, size_t len,
		      long *nr, struct frame *out, int max);
	/*
	 * Where they go among the code's frames code[n] (room for max):
	 * the new n.  NULL: above the code's, after the kernel's (bash).
	 */
	int (*splice)(struct frame *code, int n, int max,
		      const struct frame *sf, int nsf);
};

/* the provider whose records start with magic, or NULL */
const struct script_provider *script_provider(uint32_t magic);

#endif
