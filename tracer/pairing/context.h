/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Context stage (--context N, with -Z, --errno or -e status= without
 * successful): each thread's last N calls the rules hid, kept whole (the
 * call, its argument copies, its -y descriptors) so that the sink is
 * handed them, oldest first, before the next call of that thread the
 * rules show.  Memory: a task's ring is made at its first hidden call, N
 * slots of CTX_SLOT_BYTES each, and freed with the task; what does not
 * fit in a slot is left out (an argument copy left out prints as its
 * pointer, a descriptor as its number: never a guess).
 */
#ifndef ETRACE_CONTEXT_H
#define ETRACE_CONTEXT_H

#include <stdint.h>

#include "decode.h"
#include "rules.h"

/* the copies one kept call may hold */
#define CTX_SLOT_BYTES	8192
/* --context's largest N */
#define CTX_MAX		100
#define CTX_MAX_TEXT	"100"

struct ctx_ring;

/* one kept call, as it ended */
struct ctx_call {
	struct sc_call c;		/* its copies point into the slot */
	uint64_t time;			/* when it ended */
	uint64_t t_enter;
	uint64_t call_ip;		/* -i */
	long nr;			/* the syscall */
	int seen_enter;
	enum call_end end;
	char comm[16];			/* the task's name then */
};

/*
 * Keep c (with how it ended, in how) in *r, made on need with n slots,
 * the oldest call dropped when they are all taken; -1 when the ring
 * could not be made (the call is not kept)
 */
int ctx_keep(struct ctx_ring **r, unsigned int n, const struct sc_call *c,
	     const struct ctx_call *how);
/* the kept calls, oldest first; each is forgotten once handed out */
const struct ctx_call *ctx_next(struct ctx_ring *r);
void ctx_free(struct ctx_ring *r);

#endif
