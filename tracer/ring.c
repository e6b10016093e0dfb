// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Rings stage: mapping and walking a perf ring buffer.
 */
#include <errno.h>
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
	r->data = (uint8_t *)m + page;
	r->pos = r->head = __atomic_load_n(&r->meta->data_tail,
					    __ATOMIC_ACQUIRE);
	return 0;
}

void ring_unmap(struct ring *r)
{
	if (r->meta)
		munmap(r->meta, r->map_len);
	free(r->scratch);
	r->meta = NULL;
	r->scratch = NULL;
}

const struct perf_event_header *ring_peek(struct ring *r, int *bad)
{
	uint64_t avail = r->head - r->pos;
	uint64_t off = r->pos & (r->size - 1);
	struct perf_event_header h;

	*bad = 0;
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
