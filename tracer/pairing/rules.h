/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Rules stage: which calls are shown, decided once, between pairing and
 * the sinks: -z, -Z, -e status= (how a call ended, in strace's words),
 * --errno and --duration.  A sink is handed only the calls these let through;
 * with any of them set, it writes each call whole at its end (a call
 * can be judged only then).
 */
#ifndef ETRACE_RULES_H
#define ETRACE_RULES_H

#include <stdint.h>

#include "decode.h"

/* how a call ended (-e status=); its bit in a status set is 1 << it */
enum call_status {
	ST_SUCCESSFUL,
	ST_FAILED,
	ST_UNFINISHED,		/* the task died in it */
	ST_UNAVAILABLE,		/* its end was not recorded */
	ST_DETACHED,		/* tracing stopped in it */
	ST__COUNT
};
#define STATUS_SUCCESSFUL	(1u << ST_SUCCESSFUL)
#define STATUS_FAILED		(1u << ST_FAILED)
#define STATUS_UNFINISHED	(1u << ST_UNFINISHED)
#define STATUS_UNAVAILABLE	(1u << ST_UNAVAILABLE)
#define STATUS_DETACHED		(1u << ST_DETACHED)
#define STATUS_ALL		((1u << ST__COUNT) - 1)

/* "successful", ... (JSON's status, -e status='s words) */
extern const char *const status_names[ST__COUNT];

/* how a call ended */
enum call_end {
	END_RETURNED,		/* its exit was traced: ret is valid */
	END_DIED,		/* the task died in it (exit_group, killed) */
	END_LOST,		/* its exit record was lost */
	END_DETACHED,		/* tracing stopped while it was in it */
};

struct rules {
	unsigned int status;	/* STATUS_* shown */
	uint64_t duration_ns;	/* --duration: only calls this slow */
	const unsigned long long *errs;	/* --errno: bit e, a failure with
					   errno e is shown; NULL: any */
	int filters;		/* either says no to some calls */
};

static inline enum call_status call_status(const struct sc_call *c,
					   enum call_end end)
{
	switch (end) {
	case END_RETURNED:
		return c->ret < 0 && c->ret >= -4095 && c->d->ret != R_none ?
		       ST_FAILED : ST_SUCCESSFUL;
	case END_DIED:
		return ST_UNFINISHED;
	case END_LOST:
		return ST_UNAVAILABLE;
	default:
		return ST_DETACHED;
	}
}

/*
 * Whether a call that ended so is shown.  --duration: only a call whose
 * time is known (its entry seen with its time, its exit traced) and at
 * least that long.
 */
static inline int rules_show(const struct rules *r, const struct sc_call *c,
			     enum call_end end, int seen_enter,
			     uint64_t t_enter, uint64_t time)
{
	enum call_status st;

	if (!r->filters)
		return 1;
	st = call_status(c, end);
	if (!(r->status & (1u << st)))
		return 0;
	if (r->errs && st == ST_FAILED &&
	    !(r->errs[(uint64_t)-c->ret / 64 % 64] >> ((uint64_t)-c->ret % 64) & 1))
		return 0;
	return !r->duration_ns ||
	       (seen_enter && t_enter && end == END_RETURNED &&
		time - t_enter >= r->duration_ns);
}

#endif
