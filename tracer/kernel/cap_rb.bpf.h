/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Capture stage, kernel side: ring mode's writer.  A record into this
 * CPU's BPF ring buffer, in perf's sample layout (capture_abi.h), the
 * records a full ring drops counted and said where they happened.  Used
 * by the calls' records (cap_ring.bpf.c, cap_copy.bpf.h) and by -k's
 * (a user stack, a script's frames: rb_frames).
 */
#ifndef ETRACE_CAP_RB_BPF_H
#define ETRACE_CAP_RB_BPF_H

#include "cap.bpf.h"

/*
 * A record into this CPU's ring; one that does not fit is counted (n:
 * the records in rec, one after the other).  0 when it was written.
 */
static __always_inline int rb_write_n(struct cap_config *c, void *rec,
				      u64 size, u32 n)
{
	u32 cpu = bpf_get_smp_processor_id(), zero = 0;
	struct rb_drops *d = bpf_map_lookup_elem(&rb_drop, &zero);
	void *rb = bpf_map_lookup_elem(&rbs, &cpu);
	u64 avail, flags;

	if (!rb || !d)
		return -1;
	/* what was dropped is said first, where it happened */
	if (d->pending) {
		u64 pt = bpf_get_current_pid_tgid();
		u32 lost[RB_LOST_SIZE / 4] = {};

		lost[0] = 2;			/* PERF_RECORD_LOST */
		lost[1] = RB_LOST_SIZE << 16;	/* misc 0, size */
		put64(&lost[2], c->id_enter);
		put64(&lost[4], d->pending);
		lost[6] = (u32)(pt >> 32);
		lost[7] = (u32)pt;
		put64(&lost[8], bpf_ktime_get_ns());
		put64(&lost[10], c->id_enter);
		if (bpf_ringbuf_output(rb, lost, sizeof(lost), 0)) {
			d->pending++;
			d->total++;
			return -1;
		}
		d->pending = 0;
	}
	/* wake the reader as the ring passes rb_wake, not at every record */
	avail = bpf_ringbuf_query(rb, BPF_RB_AVAIL_DATA);
	flags = avail < c->rb_wake && avail + size >= c->rb_wake ?
		BPF_RB_FORCE_WAKEUP : BPF_RB_NO_WAKEUP;
	if (bpf_ringbuf_output(rb, rec, size, flags)) {
		d->pending += n;
		d->total += n;
		return -1;
	}
	return 0;
}

static __always_inline int rb_write(struct cap_config *c, void *rec,
				    u64 size)
{
	return rb_write_n(c, rec, size, 1);
}

/* a record not written (no room to hold it): said as lost, as a full
   ring's are */
static __always_inline void rb_dropped(void)
{
	u32 zero = 0;
	struct rb_drops *d = bpf_map_lookup_elem(&rb_drop, &zero);

	if (d) {
		d->pending++;
		d->total++;
	}
}

/* a record's head: the perf sample fields before the raw bytes (36) */
static __always_inline void rb_head_at(u32 *r, u32 size, u64 id, u32 raw,
				       u64 ns)
{
	u64 pt = bpf_get_current_pid_tgid();

	r[0] = 9;			/* PERF_RECORD_SAMPLE */
	r[1] = size << 16;		/* misc 0, size */
	put64(&r[2], id);
	r[4] = (u32)(pt >> 32);
	r[5] = (u32)pt;
	put64(&r[6], ns);
	r[8] = raw;
}

static __always_inline void rb_head(u32 *r, u32 size, u64 id, u32 raw)
{
	rb_head_at(r, size, id, raw, bpf_ktime_get_ns());
}

/*
 * A record of -k's (a user stack, a script's frames, a code object) in
 * ring mode: size raw bytes at rec, as bpf-output's, with the sample
 * head written in the RB_HEAD bytes before rec (the caller's buffer
 * keeps RB_ROOM there) and the raw bytes padded as perf pads them (their
 * size 4 past a multiple of 8: the buffer keeps 8 bytes past the record
 * at its largest).  size at most max; ns its time (the call's: one clock
 * read for all its records).  0 when written.
 */
static __always_inline int rb_frames(u8 *rec, u64 size, const u64 max,
				     u64 ns)
{
	struct cap_config *c = cfg();
	u32 *h = (u32 *)(rec - RB_HEAD);
	u64 raw = ((size + 3) | 7) - 3;

	if (!c || size > max || raw > max + 8)
		return -1;
	rb_head_at(h, (u32)(RB_HEAD + raw), RB_ID_CAP, (u32)raw, ns);
	return rb_write(c, h, RB_HEAD + raw);
}

#endif
