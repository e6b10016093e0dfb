/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the pairing stage's files (pair.c, origins.c, ends.c) share, and
 * no other stage uses.
 */
#ifndef ETRACE_PAIR_PRIV_H
#define ETRACE_PAIR_PRIV_H

#include <stdint.h>
#include <sys/types.h>

#include "pair.h"

/* pair.c: end t's open call (its exit was lost, it died, or detached) */
void pair_end_call(struct pair *p, struct task *t, uint64_t time,
		   enum call_end end);

/* origins.c */
void origin_bash_record(struct pair *p, pid_t pid, pid_t tid,
			const uint8_t *raw);
void origin_spawned(struct pair *p, struct task *t, const struct sc_call *c,
		    uint64_t time);
void origin_take_stack(struct pair *p, struct task *t);

/* ends.c */
void ends_signal_line(struct pair *p, pid_t pid, pid_t tid,
		      const struct cap_sig *sg);
void ends_report_exit(struct pair *p, struct task *t, uint64_t time);

#endif
