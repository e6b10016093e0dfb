/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Sinks stage: -c, the summary of calls.  Rows are keyed by syscall (or
 * tracepoint) and, with --by, by comm, pid or tid.  They come from the
 * kernel's exact counts (the BPF summary map), or, without BPF, from the
 * traced records, with the number of records lost said next to them.
 */
#ifndef ETRACE_SUMMARY_H
#define ETRACE_SUMMARY_H

#include <stdint.h>
#include <sys/types.h>

#include "capture_abi.h"


struct sum_row {
	struct sum_key key;
	struct sum_val val;
};

/* -c's columns (-U), strace's */
enum sum_col {
	SUM_COL_NONE,		/* the end of a list */
	SUM_COL_PCT,		/* % time */
	SUM_COL_TOTAL,		/* seconds */
	SUM_COL_MIN,		/* shortest */
	SUM_COL_MAX,		/* longest */
	SUM_COL_AVG,		/* usecs/call */
	SUM_COL_CALLS,
	SUM_COL_ERRORS,
	SUM_COL_NAME,		/* syscall */
	SUM_COL__COUNT
};

/* -S: the order of rows */
enum sum_sort {
	SORT_TIME, SORT_CALLS, SORT_ERRORS, SORT_NAME, SORT_NOTHING,
	SORT_MIN, SORT_MAX, SORT_AVG,
};

struct summary {
	struct sum_row *rows;
	unsigned int n, cap;
	unsigned int *slot;		/* hash of row indexes + 1 */
	unsigned int nslot;
	unsigned int last;		/* summary_call's last row + 1 */
	unsigned int by;		/* SUM_BY_* */
	/* tracepoints counted: key nr SUM_EVENT_BASE + i is names[i] */
	const char *const *event_names;
	unsigned int nevents;
	uint64_t full;			/* calls the kernel had no room for */
	uint64_t lost;			/* records lost (records mode) */
	int exact;			/* from the kernel's counts */
	uint64_t overhead;		/* -O: ns taken from each call's time
					   (records mode), down to 0 */
};

int summary_init(struct summary *s, unsigned int by);
void summary_free(struct summary *s);
void summary_clear(struct summary *s);
/* add v into the row of k */
int summary_add(struct summary *s, const struct sum_key *k,
		const struct sum_val *v);
/* records mode: one call */
void summary_call(struct summary *s, const char *comm, pid_t pid, pid_t tid,
		  unsigned int nr, int64_t ret, uint64_t ns);
/* s = now - before, row by row (--interval) */
void summary_delta(struct summary *s, const struct summary *now,
		   const struct summary *before);
/* rows of s in print order: grouped (--by), sorted within (-S) */
void summary_sort(struct summary *s, enum sum_sort by);
/* the row's name: syscall or tracepoint */
const char *summary_name(const struct summary *s, const struct sum_row *r,
			 char tmp[32]);
/* -S word to enum, or -1 */
int summary_sort_by_name(const char *name);
/*
 * -U's list of strace's column names into cols (SUM_COL__COUNT of room),
 * in order, the name added last if missing, ended by SUM_COL_NONE; -1 for
 * an unknown or repeated name
 */
int summary_columns_parse(const char *list, unsigned char *cols);
/* --by list to SUM_BY_* bits, or -1 */
int summary_by_parse(const char *list);

#endif
