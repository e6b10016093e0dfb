// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Records stage: walking the fields of a perf record in the kernel's
 * order (see the PERF_RECORD_SAMPLE layout in linux/perf_event.h).
 *
 * Non-sample records end with a sample_id trailer (sample_id_all) that,
 * for REC_SAMPLE_BASE, is { u32 pid, tid; u64 time; u64 identifier }.
 */
#include <string.h>

#include "record.h"

#define TRAILER 24

struct cursor {
	const uint8_t *p, *end;
};

static int take(struct cursor *c, size_t n, const uint8_t **out)
{
	if ((size_t)(c->end - c->p) < n)
		return -1;
	*out = c->p;
	c->p += n;
	return 0;
}

static int take64(struct cursor *c, uint64_t *v)
{
	const uint8_t *p;

	if (take(c, 8, &p))
		return -1;
	memcpy(v, p, 8);
	return 0;
}

int rec_id(const void *buf, size_t len, uint64_t *id)
{
	const struct perf_event_header *h = buf;

	if (len < sizeof(*h) + 8)
		return -1;
	if (h->type == PERF_RECORD_SAMPLE)
		memcpy(id, (const uint8_t *)buf + sizeof(*h), 8);
	else
		memcpy(id, (const uint8_t *)buf + len - 8, 8);
	return 0;
}

uint64_t rec_time(const void *buf, size_t len)
{
	const struct perf_event_header *h = buf;
	uint64_t t;

	if (len < sizeof(*h))
		return 0;
	if (h->type == PERF_RECORD_SAMPLE) {
		/* IDENTIFIER, TID, then TIME */
		if (len < sizeof(*h) + 24)
			return 0;
		memcpy(&t, (const uint8_t *)buf + sizeof(*h) + 16, 8);
		return t;
	}
	if (len < sizeof(*h) + TRAILER)
		return 0;
	memcpy(&t, (const uint8_t *)buf + len - 16, 8);
	return t;
}

static int parse_trailer(const uint8_t *p, size_t len, struct rec *r)
{
	uint32_t pt[2];

	if (len < sizeof(struct perf_event_header) + TRAILER)
		return -1;
	p += len - TRAILER;
	memcpy(pt, p, 8);
	r->pid = pt[0];
	r->tid = pt[1];
	memcpy(&r->time, p + 8, 8);
	memcpy(&r->id, p + 16, 8);
	return 0;
}

static int parse_sample(struct cursor *c, uint64_t st, int nregs,
			struct rec *r)
{
	const uint8_t *p;
	uint64_t v;

	if (st & ~(uint64_t)REC_SAMPLE_KNOWN)
		return -1;
	if ((st & PERF_SAMPLE_IDENTIFIER) && take64(c, &r->id))
		return -1;
	if ((st & PERF_SAMPLE_IP) && take64(c, &v))
		return -1;
	if (st & PERF_SAMPLE_TID) {
		if (take(c, 8, &p))
			return -1;
		memcpy(&r->pid, p, 4);
		memcpy(&r->tid, p + 4, 4);
	}
	if ((st & PERF_SAMPLE_TIME) && take64(c, &r->time))
		return -1;
	if ((st & PERF_SAMPLE_ID) && take64(c, &v))
		return -1;
	if ((st & PERF_SAMPLE_STREAM_ID) && take64(c, &v))
		return -1;
	if (st & PERF_SAMPLE_CPU) {
		if (take(c, 8, &p))
			return -1;
		memcpy(&r->cpu, p, 4);
	}
	if ((st & PERF_SAMPLE_PERIOD) && take64(c, &v))
		return -1;
	if (st & PERF_SAMPLE_CALLCHAIN) {
		if (take64(c, &r->callchain_nr) ||
		    r->callchain_nr > (uint64_t)(c->end - c->p) / 8 ||
		    take(c, r->callchain_nr * 8, &p))
			return -1;
		r->callchain = (const uint64_t *)p;
	}
	if (st & PERF_SAMPLE_RAW) {
		/* u32 size, then the bytes; the pair is padded to 8 */
		if (take(c, 4, &p))
			return -1;
		memcpy(&r->raw_size, p, 4);
		if (take(c, r->raw_size, &r->raw))
			return -1;
	}
	if (st & PERF_SAMPLE_REGS_USER) {
		if (take64(c, &r->regs_abi))
			return -1;
		if (r->regs_abi) {
			if (take(c, (size_t)nregs * 8, &p))
				return -1;
			r->regs = (const uint64_t *)p;
		}
	}
	if (st & PERF_SAMPLE_STACK_USER) {
		if (take64(c, &r->stack_size) ||
		    take(c, r->stack_size, &r->stack))
			return -1;
		if (r->stack_size && take64(c, &r->stack_dyn))
			return -1;
		if (r->stack_dyn > r->stack_size)
			r->stack_dyn = r->stack_size;
	}
	return 0;
}

int rec_parse(const void *buf, size_t len, uint64_t sample_type, int nregs,
	      struct rec *r)
{
	const struct perf_event_header *h = buf;
	const uint8_t *p = buf;
	struct cursor c;

	if (len >= sizeof(*h) && h->size <= len && h->size >= 36 &&
	    h->type == PERF_RECORD_SAMPLE &&
	    sample_type == (REC_SAMPLE_BASE | PERF_SAMPLE_RAW)) {
		/*
		 * The common case, a tracepoint's sample: fields at fixed
		 * places, and only those of such a sample set (no memset of
		 * the rest: this runs for every record of a storm).
		 */
		len = h->size;
		r->type = h->type;
		r->misc = h->misc;
		r->cpu = 0;
		memcpy(&r->id, p + 8, 8);
		memcpy(&r->pid, p + 16, 4);
		memcpy(&r->tid, p + 20, 4);
		memcpy(&r->time, p + 24, 8);
		memcpy(&r->raw_size, p + 32, 4);
		r->callchain = NULL;
		r->callchain_nr = 0;
		r->regs = NULL;
		r->regs_abi = 0;
		r->stack = NULL;
		r->stack_size = r->stack_dyn = 0;
		if (r->raw_size > len - 36)
			return -1;
		r->raw = p + 36;
		return 0;
	}
	memset(r, 0, sizeof(*r));
	if (len < sizeof(*h) || h->size > len || h->size < sizeof(*h))
		return -1;
	len = h->size;
	r->type = h->type;
	r->misc = h->misc;
	c.p = p + sizeof(*h);
	c.end = p + len;
	switch (h->type) {
	case PERF_RECORD_SAMPLE:
		return parse_sample(&c, sample_type, nregs, r);
	case PERF_RECORD_COMM:
		if (parse_trailer(p, len, r) || len < sizeof(*h) + 8 + TRAILER)
			return -1;
		memcpy(&r->u.comm.pid, c.p, 4);
		memcpy(&r->u.comm.tid, c.p + 4, 4);
		r->u.comm.comm = (const char *)c.p + 8;
		/* the name must end inside the record, before the trailer */
		if (!memchr(r->u.comm.comm, '\0',
			    (size_t)(len - TRAILER - sizeof(*h) - 8)))
			return -1;
		return 0;
	case PERF_RECORD_FORK:
	case PERF_RECORD_EXIT:
		if (len < sizeof(*h) + 24 + TRAILER || parse_trailer(p, len, r))
			return -1;
		memcpy(&r->u.task, c.p, 16);
		return 0;
	case PERF_RECORD_MMAP2: {
		/* pid, tid, addr, len, pgoff, maj, min, ino, ino_gen, prot,
		   flags, then the file name (padded to 8) */
		const uint8_t *q = c.p;
		size_t fixed = 8 + 24 + 24 + 8;

		if (len < sizeof(*h) + fixed + TRAILER || parse_trailer(p, len, r))
			return -1;
		memcpy(&r->u.mmap2.pid, q, 4);
		memcpy(&r->u.mmap2.tid, q + 4, 4);
		memcpy(&r->u.mmap2.addr, q + 8, 8);
		memcpy(&r->u.mmap2.len, q + 16, 8);
		memcpy(&r->u.mmap2.pgoff, q + 24, 8);
		if (h->misc & PERF_RECORD_MISC_MMAP_BUILD_ID) {
			r->u.mmap2.maj = r->u.mmap2.min = 0;
			r->u.mmap2.ino = 0;
		} else {
			memcpy(&r->u.mmap2.maj, q + 32, 4);
			memcpy(&r->u.mmap2.min, q + 36, 4);
			memcpy(&r->u.mmap2.ino, q + 40, 8);
		}
		memcpy(&r->u.mmap2.prot, q + 56, 4);
		memcpy(&r->u.mmap2.flags, q + 60, 4);
		r->u.mmap2.path = (const char *)q + 64;
		if (!memchr(r->u.mmap2.path, '\0',
			    (size_t)(len - TRAILER - sizeof(*h) - 64)))
			return -1;
		return 0;
	}
	case PERF_RECORD_LOST:
		if (len < sizeof(*h) + 16 + TRAILER || parse_trailer(p, len, r))
			return -1;
		memcpy(&r->u.lost, c.p, 16);
		return 0;
	default:
		/* other side-band records still carry the trailer */
		return parse_trailer(p, len, r);
	}
}
