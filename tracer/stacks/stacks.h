/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Sinks stage: stacks counted, for --stack=folded (FlameGraph's folded
 * format, "comm;outer;...;inner count") and --flamegraph FILE.svg.
 */
#ifndef ETRACE_STACKS_H
#define ETRACE_STACKS_H

#include <stdint.h>
#include <stdio.h>

#include "unwind.h"

struct stack_agg;

/*
 * sites: frames keyed as call sites, MODULE(SYM+0xOFF) (-c -k's top
 * stacks); else by function name, as the folded format and the flame
 * graph merge them.  Never by address: ASLR moves those run to run.
 */
struct stack_agg *stacks_new(int sites);
void stacks_free(struct stack_agg *a);
/* one event: comm, its frames (innermost first), and what it was */
void stacks_add(struct stack_agg *a, const char *comm, const struct frame *f,
		int n, const char *leaf, uint64_t count);
/* the folded lines, biggest first */
int stacks_folded(struct stack_agg *a, FILE *out);
/* the MAX biggest stacks, -k style, and what the rest add up to */
int stacks_top(struct stack_agg *a, FILE *out, unsigned int max);
/* a self-contained interactive SVG flame graph to f; 0 or -errno */
int stacks_svg(struct stack_agg *a, FILE *f, const char *title);
/* one frame's name as the folded format writes it */
void stacks_frame_name(const struct frame *f, char *buf, size_t len);

#endif
