/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Recording stage: a recording's description of its run (the items
 * before RF_START), read and checked (replay_load.c), and the trace's
 * stages built from it for etrace report (replay.c).
 */
#ifndef ETRACE_REPLAY_LOAD_H
#define ETRACE_REPLAY_LOAD_H

#include <stdint.h>

#include "events.h"
#include "launch.h"
#include "recfile.h"
#include "summary.h"

struct report_args;
struct trace;
struct plan;
struct tep_handle;

struct replay {
	const struct report_args *a;
	struct recr *rd;
	struct rf_state *st;
	char **words, **cmd;		/* the record's options, command */
	int nwords, ncmd;
	char *wbuf, *cbuf;
	struct evsel *ev;		/* st->nev of them */
	int nev;
	const char **tp_names;
	int ntp;
	struct tep_handle *tep;
	struct rf_id *ids;
	int nids;
	struct rf_task *tasks;
	int ntasks;
	struct launch ln;
	int have_launch;
	char *lbuf;
	/* the trace */
	struct rf_alive *alive;		/* /proc's answers (RF_ALIVE) */
	unsigned int nalive, next_alive;
	struct summary sum;		/* the table (RF_SUMMARY) */
	int have_sum;
	uint64_t sum_time;
	struct rf_end end;
	uint64_t last_time;
	uint64_t detach_time;
	int detached;
	int table_only;			/* -c: no records, the table */
};

/*
 * The recording at fd (or data/len when fd < 0), up to its RF_START:
 * 0, or -1 with err set (rp is then freed)
 */
int replay_load(struct replay *rp, const struct report_args *a, int fd,
		char *err, size_t errlen);
int replay_load_mem(struct replay *rp, const uint8_t *data, size_t len,
		    char *err, size_t errlen);
void replay_free(struct replay *rp);
/* the trace's stages, as the recording's run had them; 0 or -1, err */
int replay_trace(struct replay *rp, struct trace *t, const struct plan *p,
		 char *err, size_t errlen);
/* RF_ALIVE, RF_SUMMARY: kept for what follows; 0, or -1 (malformed) */
int replay_answers(struct replay *rp, const struct rf_item *it);
int replay_summary(struct replay *rp, const struct rf_item *it);

#endif
