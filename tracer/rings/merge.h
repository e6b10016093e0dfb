/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Records stage: records of all per-CPU rings, in timestamp order.
 *
 * A record may only be handed on once no ring can still produce an older
 * one.  A ring that has been read empty at clock time T can still receive
 * records stamped a little before T (written, not yet committed): the
 * reorder window bounds that delay.  So the merge runs up to
 *   min over empty rings of (T_ring - window)
 * and leaves younger records in their rings for the next round.
 */
#ifndef ETRACE_MERGE_H
#define ETRACE_MERGE_H

#include <stdint.h>

#include "ring.h"

/* called for each record in order; the record lives until it returns */
typedef void (*merge_fn)(void *ctx, struct ring *r,
			 const struct perf_event_header *h, uint64_t time);

struct merge {
	struct ring *rings;
	int n;
	int *heap;		/* ring indexes, ordered by next record time */
	uint64_t *key;		/* time of each ring's next record */
	const struct perf_event_header **next;	/* and the record */
	uint64_t window;	/* ns */
	uint64_t cutoff;	/* records after this time are dropped */
	uint64_t bad;		/* malformed records skipped */
	uint64_t settled;	/* every record stamped up to here handed on */
};

int merge_init(struct merge *m, struct ring *rings, int n, uint64_t window);
void merge_free(struct merge *m);
/* the clock the rings are stamped with (CLOCK_MONOTONIC) */
uint64_t merge_now(void);
/*
 * A drain gives a ring's read space back to the kernel after this many
 * records (and at its end): a long drain of a busy ring frees its space
 * as it goes, not only when done.
 */
#define MERGE_RELEASE_EVERY 1024
/*
 * Read every ring and hand on what is safe to order; with final, hand on
 * everything (the rings will get no more records).  Returns the number
 * of records handed on.
 */
uint64_t merge_drain(struct merge *m, int final, merge_fn fn, void *ctx);

#endif
