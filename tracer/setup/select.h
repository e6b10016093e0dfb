/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Events stage: which syscalls to trace, from strace's -e trace= syntax.
 */
#ifndef ETRACE_SELECT_H
#define ETRACE_SELECT_H

#include <stddef.h>
#include <stdint.h>

#define SC_NR_MAX 1024	/* x86_64 numbers stay below this */

struct sc_select {
	uint64_t bits[SC_NR_MAX / 64];	/* every number, in the table or not */
	int others;		/* numbers >= SC_NR_MAX are selected too */
	int given;		/* a trace= expression was seen */
};

/*
 * -e read=SET, -e write=SET: the fds whose transfers are dumped, by
 * number up to FD_SEL_MAX - 1; a negated set takes every fd above too,
 * but those named (hi: up to FD_SEL_HI of them, any number): an fd from
 * FD_SEL_MAX on is in the set when high says so and it is not in hi, or
 * high does not and it is
 */
#define FD_SEL_MAX 1024
#define FD_SEL_HI 32
struct fd_sel {
	uint64_t bits[FD_SEL_MAX / 64];
	int high;		/* fds >= FD_SEL_MAX are in the set */
	int nhi;
	int hi[FD_SEL_HI];	/* ... but for these (or: only these) */
};

static inline int fdsel_any(const struct fd_sel *s)
{
	uint64_t any = 0;

	for (int i = 0; i < FD_SEL_MAX / 64; i++)
		any |= s->bits[i];
	return any || s->high || s->nhi;
}

/* -e SYSTEM:EVENT: tracepoints by glob, each with its --filter */
struct tp_spec {
	char *glob;		/* "sched:sched_process_*" */
	char *filter;		/* --filter after it, or NULL */
};

static inline int sel_has(const struct sc_select *s, long nr)
{
	if (nr < 0 || nr >= SC_NR_MAX)
		return s->others;
	return s->bits[nr / 64] >> (nr % 64) & 1;
}

/* everything (known to the table or not), as before any -e trace= */
void sel_all(struct sc_select *s);
/* number of syscalls selected (and known to the table) */
int sel_count(const struct sc_select *s);
/* number of syscalls in the table */
int sel_count_all(void);
/*
 * Apply one trace= list ("open,%file,!close", "all", "none", "/regex",
 * "?maybe").  Returns 0 or -1 with a one-line message in err.
 */
int sel_parse(struct sc_select *s, const char *expr, char *err,
	      size_t errlen);

/*
 * -e's qualifiers, strace's: trace= (syscalls, classes, regexes, and
 * SYSTEM:EVENT tracepoints mixed in), signal= and status=.  Each fills
 * what q points to; 0, or -1 with a one-line message in err.
 */
struct sel_quals {
	struct sc_select *sel;		/* trace=: the syscalls */
	struct tp_spec **tps;		/* trace=: the tracepoints, grown */
	int *ntps;
	uint64_t *signals;		/* signal=: bit sig-1 shows */
	unsigned int *status;		/* status=: STATUS_* (sink.h) */
};

int sel_parse_e(const struct sel_quals *q, const char *arg, char *err,
		size_t errlen);

#endif
