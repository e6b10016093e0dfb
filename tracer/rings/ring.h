/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Rings stage: one perf mmap ring per CPU, read in place.  A record is
 * handed out where it lies unless it wraps around the end of the ring;
 * only then is it copied (into the ring's scratch buffer).
 *
 * A ring can also be a BPF ring buffer (BPF_MAP_TYPE_RINGBUF) that the
 * capture program writes perf-format records into; each record has an
 * 8-byte header (length, busy and discard bits) that the reader steps
 * over, and holds one perf record or more, one after the other (a
 * call's copies and its entry or exit are written in one output).
 */
#ifndef ETRACE_RING_H
#define ETRACE_RING_H

#include <linux/perf_event.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct ring {
	int fd;			/* the event that owns the buffer */
	int cpu;
	pid_t mapped_by;	/* the process whose mapping this is */
	struct perf_event_mmap_page *meta;
	uint8_t *data;
	uint64_t size;		/* data bytes, a power of two */
	size_t map_len;
	uint64_t head;		/* data_head as of the last snapshot */
	uint64_t pos;		/* next record to read */
	uint64_t t_obs;		/* clock when head was read */
	uint64_t last_time;	/* time of the last record read */
	uint8_t *scratch;	/* a wrapped record, made contiguous */
	uint64_t lost;		/* records the kernel dropped (LOST) */
	uint64_t lost_counted;	/* and all it counts so (perf_lost_read) */
	uint32_t max_rec;	/* the largest record read, in bytes */
	/* a BPF ring buffer */
	int bpf;
	uint64_t *cons_pos;	/* ours to write: what is read */
	const uint64_t *prod_pos;
	uint32_t next_len;	/* the peeked record, with its header */
	uint32_t rec_len;	/* its perf records' bytes */
	uint32_t inner;		/* of those, handed out and advanced past */
};

/* map `data_bytes` (rounded up to a power-of-two of pages) of fd's ring */
int ring_map(struct ring *r, int fd, int cpu, size_t data_bytes);
/* map the BPF ring buffer map fd, of data_bytes (a power-of-two of pages) */
int ring_map_bpf(struct ring *r, int fd, int cpu, size_t data_bytes);
/*
 * Unmapped only in the process that mapped it: a fork has no perf ring
 * (the kernel marks its mapping VM_DONTCOPY), and the range, free there,
 * may hold the fork's own memory since.  A fork's copies of a BPF ring
 * go at its exit.  The scratch buffer is freed in either.
 */
void ring_unmap(struct ring *r);

static inline void ring_snapshot(struct ring *r)
{
	/* pairs with the kernel's store of data_head after the data */
	if (r->bpf)
		r->head = __atomic_load_n(r->prod_pos, __ATOMIC_ACQUIRE);
	else
		r->head = __atomic_load_n(&r->meta->data_head, __ATOMIC_ACQUIRE);
}

/*
 * The record at pos, or NULL when none is left before head (or the next
 * one is malformed: then *bad is set and the ring is skipped to head).
 */
const struct perf_event_header *ring_peek(struct ring *r, int *bad);

/* past the record ring_peek() handed out, of n bytes */
static inline void ring_advance(struct ring *r, size_t n)
{
	if (!r->bpf) {
		r->pos += n;
		return;
	}
	r->inner += (uint32_t)n;
	if (r->inner >= r->rec_len) {
		r->pos += r->next_len;
		r->inner = 0;
	}
}

/* give the space of consumed records back to the kernel */
static inline void ring_release(struct ring *r)
{
	if (r->bpf)
		__atomic_store_n(r->cons_pos, r->pos, __ATOMIC_RELEASE);
	else
		__atomic_store_n(&r->meta->data_tail, r->pos, __ATOMIC_RELEASE);
}

#endif
