// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Records: parsing perf records from synthetic bytes, as the kernel lays
 * them out (samples with IDENTIFIER|TID|TIME|RAW, side-band records with
 * the sample_id_all trailer), and refusing short or lying ones.
 */
#include "check.h"
#include "record.h"

static uint8_t rec[256];

static size_t put(size_t off, const void *p, size_t n)
{
	memcpy(rec + off, p, n);
	return off + n;
}

static size_t sample(uint64_t id, uint32_t pid, uint32_t tid, uint64_t time,
		     const void *raw, uint32_t raw_size)
{
	struct perf_event_header h = { PERF_RECORD_SAMPLE, 0, 0 };
	uint32_t pt[2] = { pid, tid };
	size_t off = sizeof(h);

	off = put(off, &id, 8);
	off = put(off, pt, 8);
	off = put(off, &time, 8);
	off = put(off, &raw_size, 4);
	off = put(off, raw, raw_size);
	h.size = (uint16_t)off;
	put(0, &h, sizeof(h));
	return off;
}

static size_t sideband(uint32_t type, const void *body, size_t n,
		       uint32_t pid, uint32_t tid, uint64_t time, uint64_t id)
{
	struct perf_event_header h = { type, 0, 0 };
	uint32_t pt[2] = { pid, tid };
	size_t off = sizeof(h);

	off = put(off, body, n);
	off = put(off, pt, 8);
	off = put(off, &time, 8);
	off = put(off, &id, 8);
	h.size = (uint16_t)off;
	put(0, &h, sizeof(h));
	return off;
}

int main(void)
{
	struct rec r;
	uint64_t id;
	size_t n;

	/* a raw_syscalls:sys_enter sample: 4 bytes of size + 60 of data */
	{
		uint8_t raw[60] = { 0x2b, 0x01 };	/* common_type 299 */

		raw[8] = 110;				/* id: getppid */
		n = sample(77, 100, 101, 123456789, raw, sizeof(raw));
		CHECK(n % 8 == 0);
		CHECK(rec_id(rec, n, &id) == 0 && id == 77);
		CHECK(rec_time(rec, n) == 123456789);
		CHECK(rec_parse(rec, n, REC_SAMPLE_BASE | PERF_SAMPLE_RAW, 0,
				&r) == 0);
		CHECK(r.type == PERF_RECORD_SAMPLE && r.id == 77);
		CHECK(r.pid == 100 && r.tid == 101 && r.time == 123456789);
		CHECK(r.raw_size == 60 && r.raw[8] == 110);
		/* every truncation is refused, never read past */
		for (size_t cut = 0; cut < n; cut++) {
			struct perf_event_header h;

			memcpy(&h, rec, sizeof(h));
			h.size = (uint16_t)cut;
			memcpy(rec, &h, sizeof(h));
			CHECK(rec_parse(rec, cut, REC_SAMPLE_BASE |
					PERF_SAMPLE_RAW, 0, &r) == -1);
		}
		/* a raw size that runs past the record */
		n = sample(77, 100, 101, 1, raw, sizeof(raw));
		{
			uint32_t lie = 200;

			memcpy(rec + 8 + 24, &lie, 4);
		}
		CHECK(rec_parse(rec, n, REC_SAMPLE_BASE | PERF_SAMPLE_RAW, 0,
				&r) == -1);
		/* sample bits we cannot walk */
		n = sample(77, 100, 101, 1, raw, sizeof(raw));
		CHECK(rec_parse(rec, n, REC_SAMPLE_BASE | PERF_SAMPLE_RAW |
				PERF_SAMPLE_BRANCH_STACK, 0, &r) == -1);
	}
	/* COMM: pid, tid, name (padded to 8), trailer */
	{
		uint8_t body[16] = { 0 };
		uint32_t pt[2] = { 200, 201 };

		memcpy(body, pt, 8);
		memcpy(body + 8, "bash", 5);
		n = sideband(PERF_RECORD_COMM, body, sizeof(body), 200, 201,
			     555, 9);
		CHECK(rec_time(rec, n) == 555);
		CHECK(rec_id(rec, n, &id) == 0 && id == 9);
		CHECK(rec_parse(rec, n, 0, 0, &r) == 0);
		CHECK(r.u.comm.pid == 200 && r.u.comm.tid == 201);
		CHECK_STR(r.u.comm.comm, "bash");
		CHECK(r.time == 555 && r.tid == 201);
		/* a name without its NUL inside the record */
		memset(body + 8, 'x', 8);
		n = sideband(PERF_RECORD_COMM, body, sizeof(body), 200, 201,
			     555, 9);
		CHECK(rec_parse(rec, n, 0, 0, &r) == -1);
	}
	/* FORK: pid, ppid, tid, ptid, time */
	{
		uint32_t f[6] = { 300, 200, 301, 201, 0, 0 };

		n = sideband(PERF_RECORD_FORK, f, sizeof(f), 300, 301, 777, 9);
		CHECK(rec_parse(rec, n, 0, 0, &r) == 0);
		CHECK(r.type == PERF_RECORD_FORK);
		CHECK(r.u.task.pid == 300 && r.u.task.ppid == 200);
		CHECK(r.u.task.tid == 301 && r.u.task.ptid == 201);
		CHECK(r.time == 777);
	}
	/* LOST: id, count */
	{
		uint64_t l[2] = { 5, 1234 };

		n = sideband(PERF_RECORD_LOST, l, sizeof(l), 0, 0, 888, 5);
		CHECK(rec_parse(rec, n, 0, 0, &r) == 0);
		CHECK(r.u.lost.lost == 1234 && r.time == 888);
	}
	CHECK_DONE();
}
