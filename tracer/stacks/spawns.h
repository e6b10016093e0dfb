/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Sinks stage: --spawns, the process-creation report.  Every exec is
 * filed under what was run, who ran it, and where from (the parent's
 * stack at its fork, and for bash the script line), then the groups are
 * reported biggest first: "dirname x5000 <- build.sh:7".
 */
#ifndef ETRACE_SPAWNS_H
#define ETRACE_SPAWNS_H

#include <stdint.h>
#include <stdio.h>

#include "unwind.h"

struct spawns;

/* where a fork happened in a shell script (bash) */
struct shell_loc {
	char file[192];
	char func[64];
	int line;			/* 0: unknown */
};

struct spawns *spawns_new(void);
void spawns_free(struct spawns *s);
/*
 * One exec: the program, the parent's comm and pid, the parent's stack
 * at the fork (innermost first), the shell location (or NULL).  Returns
 * a group id for spawns_end.
 */
int spawns_exec(struct spawns *s, const char *prog, const char *pcomm,
		int ppid, const struct frame *origin, int norigin,
		const struct shell_loc *loc, uint64_t time);
/* the process of group id ended: its lifetime counts to the group */
void spawns_end(struct spawns *s, int id, uint64_t ns);
/* the report, biggest group first; duration_ns of the trace for rates */
void spawns_report(struct spawns *s, FILE *f, uint64_t duration_ns,
		   int frames);

#endif
