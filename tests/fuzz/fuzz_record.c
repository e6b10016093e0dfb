// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz: perf records (tracer/record.h).  Input: u64 sample_type, one byte
 * of mode (bit 0: keep only the bits record.c knows; bits 1-4: nregs),
 * then the record's bytes, in a buffer of exactly their size.  Whatever
 * rec_parse accepts must lie inside the record.
 */
#include "fuzz.h"
#include "record.h"

static int inside(const void *p, size_t n, const uint8_t *buf, size_t len)
{
	const uint8_t *q = p;

	return q >= buf && q <= buf + len && n <= (size_t)(buf + len - q);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fz f;
	uint64_t st, id;
	uint8_t mode;
	int nregs;
	size_t len;
	const uint8_t *rec;
	uint8_t *buf;
	struct rec r;

	fz_init(&f, data, size);
	st = fz_u64(&f);
	mode = fz_u8(&f);
	if (mode & 1)
		st &= REC_SAMPLE_KNOWN;
	nregs = (mode >> 1) & 15;
	rec = fz_take(&f, f.left, &len);
	buf = fz_dup(rec, len);

	(void)rec_id(buf, len, &id);
	(void)rec_time(buf, len);
	if (rec_parse(buf, len, st, nregs, &r) == 0) {
		if (getenv("FUZZ_PRINT"))
			fprintf(stderr, "type %u pid %u tid %u time %llu id %llu"
				" raw %u\n", r.type, r.pid, r.tid,
				(unsigned long long)r.time,
				(unsigned long long)r.id, r.raw_size);
		const struct perf_event_header *h = (const void *)buf;
		size_t n = h->size;

		FUZZ_ASSERT(n <= len && n >= sizeof(*h));
		if (r.raw)
			FUZZ_ASSERT(inside(r.raw, r.raw_size, buf, n));
		if (r.callchain)
			FUZZ_ASSERT(inside(r.callchain, r.callchain_nr * 8,
					   buf, n));
		if (r.regs)
			FUZZ_ASSERT(inside(r.regs, (size_t)nregs * 8, buf, n));
		if (r.stack) {
			FUZZ_ASSERT(inside(r.stack, r.stack_size, buf, n));
			FUZZ_ASSERT(r.stack_dyn <= r.stack_size);
		}
		if (r.type == PERF_RECORD_COMM) {
			FUZZ_ASSERT(inside(r.u.comm.comm, 1, buf, n));
			FUZZ_ASSERT(strnlen(r.u.comm.comm,
					    n - (size_t)((const uint8_t *)
					    r.u.comm.comm - buf)) <
				    n - (size_t)((const uint8_t *)r.u.comm.comm - buf));
		}
		/* what the merge sees agrees with the parse */
		if (r.type != PERF_RECORD_SAMPLE ||
		    (st & (REC_SAMPLE_BASE | PERF_SAMPLE_IP)) ==
		    REC_SAMPLE_BASE) {
			FUZZ_ASSERT(rec_time(buf, n) == r.time);
			if (rec_id(buf, n, &id) == 0)
				FUZZ_ASSERT(id == r.id);
		}
	}
	free(buf);
	return 0;
}
