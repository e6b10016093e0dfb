/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unwind stage: Python frames (scripts.h's provider for python).  The
 * record cap_python.bpf.c wrote at a syscall's entry names code objects
 * and instructions; their file, qualified name and line are read from
 * the process's memory once per code object (cached), the line from the
 * code's location table.  Each _PyEval_EvalFrameDefault frame of the C
 * stack is then replaced by the Python frames it was running.
 */
#ifndef ETRACE_PYTHON_H
#define ETRACE_PYTHON_H

#include <stddef.h>
#include <stdint.h>

#include "capture_abi.h"
#include "unwind.h"

/* the offsets of each Python version etrace reads, one row each */
extern const struct py_offsets python_rows[];
extern const int python_nrows;

/* the provider's frames (scripts.h): innermost first */
int python_frames(struct unwinder *u, const uint8_t *raw, size_t len,
		  long *nr, struct frame *out, int max);
/*
 * The C frames code[n] (room for max) with each _PyEval_EvalFrameDefault
 * frame replaced by the Python frames py[npy] it ran (python_frames'),
 * innermost first.  Returns the new number of frames.
 */
int python_splice(struct frame *code, int n, int max, const struct frame *py,
		  int npy);
/*
 * The line of instruction lasti (code units) in a 3.11 location table
 * lt[len] of a code first at line first: the line, 0 where the table
 * says it has none, -1 when the table does not hold it.
 */
int python_line(const uint8_t *lt, size_t len, int first, long lasti);
void python_free(struct unwinder *u);
struct shell_loc;
/*
 * --spawns: the Python line a fork with stack f[n] comes from: the
 * innermost frame not in Python's own library (subprocess.py, os.py:
 * files of a lib/python3.N directory outside site-packages and
 * dist-packages, and frozen modules), else the innermost.  0, or -1:
 * no Python frame.
 */
int python_loc(const struct frame *f, int n, struct shell_loc *loc);
/* a code object cap_python.bpf.c copied (CAP_MAGIC_PYCODE): cached */
void python_code_record(struct unwinder *u, const uint8_t *raw, size_t len);

#endif
