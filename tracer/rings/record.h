/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Records stage: one perf record's bytes to a struct of pointers into
 * them.  Pure and bounds-checked: it gets fuzzed.
 */
#ifndef ETRACE_RECORD_H
#define ETRACE_RECORD_H

#include <asm/perf_regs.h>
#include <linux/perf_event.h>
#include <stddef.h>
#include <stdint.h>

/* every event etrace opens samples these, so time and id are uniform */
#define REC_SAMPLE_BASE (PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_TID | \
			 PERF_SAMPLE_TIME)
/* the bits record.c can walk */
#define REC_SAMPLE_KNOWN (REC_SAMPLE_BASE | PERF_SAMPLE_RAW | \
			  PERF_SAMPLE_CPU | PERF_SAMPLE_CALLCHAIN | \
			  PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER | \
			  PERF_SAMPLE_IP | PERF_SAMPLE_ID | \
			  PERF_SAMPLE_STREAM_ID | PERF_SAMPLE_PERIOD)

/* -i without a stack to unwind: the user IP is the one register sampled */
#define REC_IP_MASK (1ull << PERF_REG_X86_IP)

struct rec {
	uint32_t type;		/* PERF_RECORD_* */
	uint16_t misc;
	uint64_t id;		/* the event that wrote it */
	uint32_t pid, tid;
	uint64_t time;
	uint32_t cpu;
	/* PERF_RECORD_SAMPLE */
	const uint8_t *raw;
	uint32_t raw_size;
	const uint64_t *callchain;
	uint64_t callchain_nr;
	const uint64_t *regs;	/* sample_regs_user, in mask bit order */
	uint64_t regs_abi;
	const uint8_t *stack;
	uint64_t stack_size, stack_dyn;
	/* side-band */
	union {
		struct { uint32_t pid, tid; const char *comm; } comm;
		struct { uint32_t pid, ppid, tid, ptid; } task; /* FORK, EXIT */
		struct { uint64_t id, lost; } lost;
		struct {
			uint32_t pid, tid;
			uint64_t addr, len, pgoff;
			uint32_t maj, min;
			uint64_t ino;
			uint32_t prot, flags;
			const char *path;
		} mmap2;
	} u;
};

/* the IDENTIFIER of any record we opened (first or last u64), or -1 */
int rec_id(const void *buf, size_t len, uint64_t *id);
/*
 * Parse one record.  sample_type is that of the event named by rec_id();
 * nregs the number of bits set in its sample_regs_user.  Returns 0, or
 * -1 for a record that is too short or uses bits we cannot walk.  For a
 * sample of REC_SAMPLE_BASE | PERF_SAMPLE_RAW, only a sample's fields are
 * set (the side-band union is left as it was).
 */
int rec_parse(const void *buf, size_t len, uint64_t sample_type, int nregs,
	      struct rec *r);
/* the time of any record, cheaply (for merging); 0 when it has none */
uint64_t rec_time(const void *buf, size_t len);

#endif
