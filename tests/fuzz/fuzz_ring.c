// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz: the ring reader and the merge (tracer/ring.h, tracer/merge.h) on
 * fake rings, as tests/unit/merge_order.c makes them, whose data areas
 * are filled from the input (records wrapping around the end included).
 *
 * Input: one byte of mode (bits 0-1: rings - 1, up to 3; bit 2: a final
 * drain; bits 3-4: window), then per ring: a byte for the data size
 * (64 << (b % 7) bytes, a power of two; bit 7: a BPF ring buffer, whose
 * records have an 8-byte header of length, busy and discard bits), u64
 * tail and a u16 for head - tail (at most the size: the kernel never has
 * more unread bytes than the ring holds), then the data bytes.
 *
 * Each data area is an allocation of exactly its size, so a read past
 * its end is seen.  Every record handed out must be whole (h->size bytes
 * readable, a multiple of 8, no more than what was unread), is parsed
 * with rec_parse as trace.c does, and the rings' tails never pass their
 * heads.
 */
#include <linux/bpf.h>
#include <stdlib.h>

#include "fuzz.h"
#include "merge.h"
#include "record.h"

#define NRINGS 3

static uint64_t seen;

static void check_record(struct ring *r, const struct perf_event_header *h)
{
	struct rec rec;
	volatile uint8_t sink = 0;

	FUZZ_ASSERT(h->size >= sizeof(*h) && h->size % 8 == 0);
	FUZZ_ASSERT(h->size <= r->head - r->pos);
	/* all of it is readable */
	for (size_t i = 0; i < h->size; i++)
		sink ^= ((const uint8_t *)h)[i];
	(void)sink;
	(void)rec_parse(h, h->size, REC_SAMPLE_BASE | PERF_SAMPLE_RAW, 0,
			&rec);
}

static void on(void *ctx, struct ring *r, const struct perf_event_header *h,
	       uint64_t time)
{
	uint64_t t = rec_time(h, h->size);

	check_record(r, h);
	/* its own time, or (none) its predecessor's */
	FUZZ_ASSERT(t == time || (t == 0 && time == r->last_time));
	seen++;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct perf_event_mmap_page meta[NRINGS];
	uint64_t cons[NRINGS], prod[NRINGS];
	struct ring rings[NRINGS];
	struct merge m;
	struct fz f;
	uint8_t mode;
	int n, final;
	uint64_t window;

	fz_init(&f, data, size);
	mode = fz_u8(&f);
	n = (mode & 3) % NRINGS + 1;
	final = (mode >> 2) & 1;
	window = ((mode >> 3) & 3) == 0 ? 0 : (uint64_t)1 << (((mode >> 3) & 3) * 20);
	memset(rings, 0, sizeof(rings));
	memset(meta, 0, sizeof(meta));
	for (int i = 0; i < n; i++) {
		struct ring *r = &rings[i];
		uint64_t unread;
		size_t got;
		const uint8_t *p;
		uint8_t b = fz_u8(&f);

		r->cpu = i;
		r->size = (uint64_t)64 << ((b & 0x7f) % 7);
		r->bpf = b >> 7;
		r->meta = &meta[i];
		r->cons_pos = &cons[i];
		r->prod_pos = &prod[i];
		r->pos = fz_u64(&f) & ~(uint64_t)7;	/* records are 8-aligned */
		/* whole records: the kernel moves head by multiples of 8 */
		unread = (fz_u16(&f) % (r->size + 1)) & ~(uint64_t)7;
		meta[i].data_tail = cons[i] = r->pos;
		meta[i].data_head = prod[i] = r->pos + unread;
		r->head = r->pos;
		r->data = calloc(1, r->size);
		r->scratch = malloc(65536);
		if (!r->data || !r->scratch)
			abort();
		p = fz_take(&f, r->size, &got);
		memcpy(r->data, p, got);
	}

	/* the reader alone: peek and advance as the merge does */
	for (int i = 0; i < n; i++) {
		struct ring r = rings[i];
		const struct perf_event_header *h;
		int bad;

		ring_snapshot(&r);
		while ((h = ring_peek(&r, &bad))) {
			check_record(&r, h);
			ring_advance(&r, h->size);
		}
		FUZZ_ASSERT(r.pos == r.head || !bad || r.bpf);
		FUZZ_ASSERT(r.head - r.pos < r.size + 1);
	}

	/* the merge over all of them */
	if (merge_init(&m, rings, n, window))
		abort();
	seen = 0;
	merge_drain(&m, final, on, NULL);
	if (!final)
		merge_drain(&m, 1, on, NULL);
	for (int i = 0; i < n; i++) {
		struct ring *r = &rings[i];

		if (r->bpf) {
			/* to its head, or to a record still being written */
			FUZZ_ASSERT(prod[i] - r->pos <= r->size && cons[i] == r->pos);
			FUZZ_ASSERT(r->pos == prod[i] ||
				    (*(const uint32_t *)(r->data + (r->pos & (r->size - 1))) &
				     BPF_RINGBUF_BUSY_BIT));
			continue;
		}
		/* a final drain reads every ring to its head */
		FUZZ_ASSERT(r->pos == meta[i].data_head);
		FUZZ_ASSERT(meta[i].data_tail == r->pos);
	}
	merge_free(&m);
	for (int i = 0; i < n; i++) {
		free(rings[i].data);
		free(rings[i].scratch);
	}
	return 0;
}
