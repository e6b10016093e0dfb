// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Records: the k-way merge hands records of several rings on in time
 * order, including records that wrap around a ring's end, and holds back
 * records younger than the reorder window until a final drain, and
 * gives a ring's space back to the kernel during a long drain.
 */
#include <sys/mman.h>
#include <unistd.h>

#include "check.h"
#include "merge.h"
#include "record.h"

#define NR 3
#define RING_BYTES 4096

static struct ring rings[NR];
static uint64_t seen[4096];
static int nseen;

static void make_ring_of(struct ring *r, int cpu, size_t bytes)
{
	size_t page = (size_t)getpagesize();
	uint8_t *m = mmap(NULL, page + bytes, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	memset(r, 0, sizeof(*r));
	r->meta = (struct perf_event_mmap_page *)m;
	r->data = m + page;
	r->size = bytes;
	r->cpu = cpu;
	r->scratch = malloc(65536);
}

static void make_ring(struct ring *r, int cpu)
{
	make_ring_of(r, cpu, RING_BYTES);
}

/* a LOST record (fixed size, 48 bytes) carrying time t */
static void push(struct ring *r, uint64_t t)
{
	uint8_t rec[48];
	struct perf_event_header h = { PERF_RECORD_LOST, 0, sizeof(rec) };
	uint64_t head = r->meta->data_head;

	memset(rec, 0, sizeof(rec));
	memcpy(rec, &h, sizeof(h));
	memcpy(rec + 48 - 16, &t, 8);
	for (size_t i = 0; i < sizeof(rec); i++)
		r->data[(head + i) & (r->size - 1)] = rec[i];
	r->meta->data_head = head + sizeof(rec);
}

/* the ring's tail as the kernel sees it when the 1500th record comes */
static uint64_t tail_then;

static void on_long(void *ctx, struct ring *r,
		    const struct perf_event_header *h, uint64_t time)
{
	if (++nseen == 1500)
		tail_then = r->meta->data_tail;
}

static void on(void *ctx, struct ring *r, const struct perf_event_header *h,
	       uint64_t time)
{
	CHECK(rec_time(h, h->size) == time);
	seen[nseen++] = time;
}

int main(void)
{
	struct merge m;
	uint64_t now;

	for (int i = 0; i < NR; i++)
		make_ring(&rings[i], i);
	CHECK(merge_init(&m, rings, NR, 1000000) == 0);
	/* interleaved times, including equal ones */
	for (uint64_t t = 1; t <= 60; t++)
		push(&rings[t % NR], 100 + t * 10 - (t % NR));
	CHECK(merge_drain(&m, 0, on, NULL) == 60);
	for (int i = 1; i < nseen; i++)
		CHECK(seen[i - 1] <= seen[i]);
	/* wrap: fill past the end of ring 0's 4 KiB several times */
	nseen = 0;
	for (int round = 0; round < 5; round++) {
		for (int k = 0; k < 40; k++)
			push(&rings[k % 2], 10000 + (uint64_t)round * 1000 + (uint64_t)k);
		merge_drain(&m, 0, on, NULL);
	}
	CHECK(nseen == 200);
	for (int i = 1; i < nseen; i++)
		CHECK(seen[i - 1] <= seen[i]);
	CHECK(m.bad == 0);
	/* records younger than now - window wait for the final drain */
	nseen = 0;
	now = merge_now();
	push(&rings[0], now - 5000000);		/* old enough */
	push(&rings[1], now + 1000000000);	/* in the window */
	CHECK(merge_drain(&m, 0, on, NULL) == 1);
	CHECK(nseen == 1 && seen[0] == now - 5000000);
	CHECK(merge_drain(&m, 1, on, NULL) == 1);
	CHECK(nseen == 2);
	/* the tail moves with what was consumed */
	for (int i = 0; i < NR; i++)
		CHECK(rings[i].meta->data_tail == rings[i].meta->data_head);
	/* a header that lies about its size is skipped, not followed */
	{
		struct perf_event_header bad = { PERF_RECORD_LOST, 0, 12 };
		uint64_t head = rings[2].meta->data_head;

		memcpy(rings[2].data + (head & (RING_BYTES - 1)), &bad, sizeof(bad));
		rings[2].meta->data_head = head + 16;
		merge_drain(&m, 1, on, NULL);
		CHECK(m.bad == 1);
	}
	merge_free(&m);
	/*
	 * A long drain: the space of what it consumed goes back to the
	 * kernel every MERGE_RELEASE_EVERY records, not only at its end
	 * (a producer filling the ring meanwhile has that room)
	 */
	{
		static struct ring big;

		make_ring_of(&big, 0, 1 << 17);
		CHECK(merge_init(&m, &big, 1, 1000000) == 0);
		for (uint64_t t = 1; t <= 2000; t++)
			push(&big, 1000 + t);
		nseen = 0;
		CHECK(merge_drain(&m, 1, on_long, NULL) == 2000);
		CHECK(tail_then == MERGE_RELEASE_EVERY * 48);
		CHECK(big.meta->data_tail == 2000 * 48);
		merge_free(&m);
	}
	CHECK_DONE();
}
