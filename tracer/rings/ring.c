// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Rings stage: mapping and walking a perf ring buffer.
 */
#include <errno.h>
#include <linux/bpf.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "ring.h"

#define SCRATCH_MAX 65536	/* a perf record is at most 64 KiB */

int ring_map(struct ring *r, int fd, int cpu, size_t data_bytes)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t pages = 1;
	void *m;

	while (pages * page < data_bytes)
		pages <<= 1;
	memset(r, 0, sizeof(*r));
	r->fd = fd;
	r->cpu = cpu;
	r->size = pages * page;
	r->map_len = r->size + page;
	r->scratch = malloc(SCRATCH_MAX);
	if (!r->scratch)
		return -ENOMEM;
	m = mmap(NULL, r->map_len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED) {
		int e = errno;

		free(r->scratch);
		r->scratch = NULL;
		return -e;
	}
	r->meta = m;
	r->mapped_by = getpid();
	r->data = (uint8_t *)m + page;
	r->pos = r->head = __atomic_load_n(&r->meta->data_tail,
					    __ATOMIC_ACQUIRE);
	return 0;
}

int ring_map_bpf(struct ring *r, int fd, int cpu, size_t data_bytes)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	void *c, *p;

	memset(r, 0, sizeof(*r));
	r->fd = fd;
	r->cpu = cpu;
	r->bpf = 1;
	r->size = data_bytes;
	if (!data_bytes || data_bytes % page || data_bytes & (data_bytes - 1))
		return -EINVAL;
	/*
	 * The consumer's page, then (read-only) the producer's and the
	 * data: once, not the twice the kernel offers so that no record
	 * wraps, since every mapped page counts in etrace's RSS.  A record
	 * that wraps is copied, as in perf's rings.
	 */
	r->scratch = malloc(SCRATCH_MAX);
	if (!r->scratch)
		return -ENOMEM;
	c = mmap(NULL, page, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (c == MAP_FAILED) {
		int e = errno;

		free(r->scratch);
		r->scratch = NULL;
		return -e;
	}
	r->map_len = page + data_bytes;
	p = mmap(NULL, r->map_len, PROT_READ, MAP_SHARED, fd, (off_t)page);
	if (p == MAP_FAILED) {
		int e = errno;

		munmap(c, page);
		free(r->scratch);
		r->scratch = NULL;
		return -e;
	}
	r->cons_pos = c;
	r->prod_pos = p;
	r->mapped_by = getpid();
	r->data = (uint8_t *)p + page;
	r->pos = r->head = __atomic_load_n(r->cons_pos, __ATOMIC_ACQUIRE);
	return 0;
}

void ring_unmap(struct ring *r)
{
	int ours = r->mapped_by == getpid();

	if (r->bpf) {
		if (r->cons_pos && ours)
			munmap(r->cons_pos, (size_t)sysconf(_SC_PAGESIZE));
		if (r->prod_pos && ours)
			munmap((void *)r->prod_pos, r->map_len);
		free(r->scratch);
		r->cons_pos = NULL;
		r->prod_pos = NULL;
		r->scratch = NULL;
		return;
	}
	if (r->meta && ours)
		munmap(r->meta, r->map_len);
	free(r->scratch);
	r->meta = NULL;
	r->scratch = NULL;
}

/*
 * A BPF ring buffer's next perf record (the first of a ring record, or
 * the next one in it): skip the discarded, stop at one still being
 * written (busy: its data is not there yet).
 */
static const struct perf_event_header *peek_bpf(struct ring *r, int *bad)
{
	for (;;) {
		uint64_t avail = r->head - r->pos, off = r->pos & (r->size - 1);
		const uint8_t *at = r->data + off;
		const struct perf_event_header *h;
		uint32_t word, len, rec;

		if (avail < 8)
			return NULL;
		word = __atomic_load_n((const uint32_t *)at, __ATOMIC_ACQUIRE);
		if (word & BPF_RINGBUF_BUSY_BIT)
			return NULL;
		len = word & ~(BPF_RINGBUF_BUSY_BIT | BPF_RINGBUF_DISCARD_BIT);
		rec = (len + 8 + 7) & ~7u;
		if (rec > avail || rec > r->size) {
			*bad = 1;
			r->pos = r->head;
			r->inner = 0;
			return NULL;
		}
		if ((word & BPF_RINGBUF_DISCARD_BIT) || r->inner >= len) {
			r->pos += rec;
			r->inner = 0;
			continue;
		}
		if (len > SCRATCH_MAX) {
			*bad = 1;
			r->pos += rec;
			r->inner = 0;
			continue;
		}
		/* (8-byte aligned: the header itself never wraps) */
		if (off + rec <= r->size) {
			h = (const struct perf_event_header *)(at + 8 + r->inner);
		} else {
			size_t first = (size_t)(r->size - off - 8);

			memcpy(r->scratch, at + 8, first);
			memcpy(r->scratch + first, r->data, len - first);
			h = (const struct perf_event_header *)(r->scratch + r->inner);
		}
		if (len - r->inner < sizeof(*h) || h->size < sizeof(*h) ||
		    h->size > len - r->inner || h->size % 8) {
			/* not a record we wrote: skip it, said */
			*bad = 1;
			r->pos += rec;
			r->inner = 0;
			continue;
		}
		r->next_len = rec;
		r->rec_len = len;
		return h;
	}
}

const struct perf_event_header *ring_peek(struct ring *r, int *bad)
{
	uint64_t avail = r->head - r->pos;
	uint64_t off = r->pos & (r->size - 1);
	struct perf_event_header h;

	*bad = 0;
	if (r->bpf)
		return peek_bpf(r, bad);
	if (avail < sizeof(h))
		return NULL;
	if (off + sizeof(h) <= r->size) {
		memcpy(&h, r->data + off, sizeof(h));
	} else {
		size_t first = r->size - off;

		memcpy(&h, r->data + off, first);
		memcpy((uint8_t *)&h + first, r->data, sizeof(h) - first);
	}
	if (h.size < sizeof(h) || h.size > avail || h.size % 8) {
		/* cannot happen with a sane kernel: resynchronise */
		*bad = 1;
		r->pos = r->head;
		return NULL;
	}
	if (off + h.size <= r->size)
		return (const struct perf_event_header *)(r->data + off);
	/* the record wraps: copy it out in two pieces */
	{
		size_t first = r->size - off;

		memcpy(r->scratch, r->data + off, first);
		memcpy(r->scratch + first, r->data, h.size - first);
	}
	return (const struct perf_event_header *)r->scratch;
}
