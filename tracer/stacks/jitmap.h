/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unwind stage: JIT code's names, from /tmp/perf-PID.map (jitmap.c).
 */
#ifndef ETRACE_JITMAP_H
#define ETRACE_JITMAP_H

#include <stdint.h>
#include <sys/types.h>

/*
 * A JIT's symbols, from /tmp/perf-PID.map ("START SIZE name", hex), as
 * pieces that do not overlap: [lo, hi) is named by the symbol at start.
 */
struct jitsym {
	uint64_t lo, hi;
	uint64_t start;			/* the symbol's own start */
	const char *name;		/* interned */
};

/* a process's map, as last read */
struct jitmap {
	struct jitsym *sym;		/* sorted, not overlapping */
	int n;
	off_t size;			/* of the file when read; -1: none */
};

/* where a name read from the map is kept (it must outlive the map) */
typedef const char *jit_intern_fn(void *ctx, const char *name);

/*
 * The piece of pid's map over pc (read again first when the file grew),
 * or NULL; *path: the map's file name.
 */
const struct jitsym *jitmap_find(struct jitmap *m, pid_t pid, uint64_t pc,
				 jit_intern_fn *intern, void *ctx,
				 const char **path);
void jitmap_free(struct jitmap *m);
/*
 * One line of a JIT's /tmp/perf-PID.map, "START SIZE name" in hex: 0 with
 * the code's [*start, *end) and *name (in line, cut at the newline), or
 * -1 for a line that is not one.
 */
int jitmap_parse_line(char *line, uint64_t *start, uint64_t *end,
		      char **name);

#endif
