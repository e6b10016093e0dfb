/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Recording stage: `etrace record` (recording.c, recmain.c) and `etrace
 * report` (replay.c).  The recorder's parts that work on the trace are
 * declared in trace.h.
 */
#ifndef ETRACE_RECORDING_H
#define ETRACE_RECORDING_H

/* what `etrace record` writes where (the plan carries it) */
struct recording_conf {
	const char *path;		/* -o FILE */
	char **words;			/* the options, -o FILE left out */
	int nwords;
};

struct options;
struct plan;
struct plan_machine;

/*
 * `etrace record ARGS` (argv[0] is "record"): the options, as opt_parse
 * reads them (1: done, -1: err says why), and the words kept in rcf
 */
int record_parse(int argc, char **argv, struct options *o,
		 struct recording_conf *rcf, char *err, size_t errlen);
/* the plan of a recording: its sink is the recorder */
void record_plan(struct plan *p, const struct recording_conf *rcf);
/*
 * main's entry for `etrace record ARGS` (argv[0] "record"): the options
 * read and planned as plan_read does, the recording's in rcf (its words
 * freed by the caller); 0, 1 (done), -1 with err set
 */
int record_read(int argc, char **argv, const struct plan_machine *m,
		struct plan *p, struct recording_conf *rcf, char *err,
		size_t errlen);
/* `etrace report ARGS` (argv[0] is "report"): etrace's exit status */
int report_main(int argc, char **argv, const struct plan_machine *m);

#endif
