/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Records stage: each record from the rings to the stage that consumes
 * it (feed.c).
 */
#ifndef ETRACE_FEED_H
#define ETRACE_FEED_H

#include <linux/perf_event.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "pair.h"

struct ring;

/* one record, in time order (merge_drain's callback; ctx: the trace) */
void feed_record(void *ctx, struct ring *ring,
		 const struct perf_event_header *h, uint64_t time);
/* one record of the BPF programs, to the stage its type is for */
void feed_capture(struct pair *p, pid_t pid, pid_t tid, const uint8_t *raw,
		  size_t len);

#endif
