// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Recording stage: `etrace record`'s command line.  It takes a live
 * trace's options: targets and selections decide what is recorded, and
 * every option word but -o FILE is kept in the recording, so that
 * `etrace report` reads it as the live trace would have (its own output
 * options added).  What only a report makes (-c's table, which is always
 * kept; stacks, spawns, graphs, files beside the trace) is refused here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"
#include "plan.h"
#include "recording.h"

/* the options whose product is made at report time, not recorded */
static const char *record_refused(const struct options *o)
{
	if (o->summary)
		return "-c and -C are etrace report's (the recording keeps the"
		       " exact counts)";
	if (o->stack)
		return "-k: stacks are not recorded yet";
	if (o->follow == 2)
		return "-ff: one file per process is not recorded";
	if (o->append)
		return "-A: a recording is never appended to";
	if (o->timeline || o->flamegraph || o->folded || o->stack_perf)
		return "--timeline, --flamegraph, --stack=folded and"
		       " --stack=perf are not recorded yet";
	if (o->spawns)
		return "--spawns is not recorded yet";
	if (o->interval)
		return "--interval: the counts are kept for the end only";
	if (o->list)
		return "-l lists events: nothing to record";
	return NULL;
}

int record_parse(int argc, char **argv, struct options *o,
		 struct recording_conf *rcf, char *err, size_t errlen)
{
	const char *why;
	int r = opt_parse(argc, argv, o, err, errlen), k, n = 0;

	if (r)
		return r;
	if (!o->outfile) {
		snprintf(err, errlen, "record: -o FILE is needed (where the"
			 " recording goes)");
		goto out_refuse;
	}
	why = record_refused(o);
	if (why) {
		snprintf(err, errlen, "record: %s", why);
		goto out_refuse;
	}
	rcf->path = o->outfile;
	rcf->words = calloc((size_t)argc + 1, sizeof(char *));
	if (!rcf->words) {
		snprintf(err, errlen, "out of memory");
		goto out_refuse;
	}
	/* the option words, up to the command, but -o FILE and "--" */
	k = o->cmd ? (int)(o->cmd - argv) : argc;
	for (int i = 1; i < k; i++) {
		const char *w = argv[i];

		if (!strcmp(w, "--"))
			continue;
		if (!strcmp(w, "-o") || !strcmp(w, "--output")) {
			i++;
			continue;
		}
		if (!strncmp(w, "-o", 2) || !strncmp(w, "--output=", 9))
			continue;
		rcf->words[n++] = argv[i];
	}
	rcf->nwords = n;
	/* the exact table is kept for etrace report -c */
	o->summary = 2;
	return 0;
out_refuse:
	opt_free(o);
	return -1;
}

void record_plan(struct plan *p, const struct recording_conf *rcf)
{
	p->record = rcf;
	/* "writing FILE failed" names the recording */
	p->sink.outfile = rcf->path;
}

int record_read(int argc, char **argv, const struct plan_machine *m,
		struct plan *p, struct recording_conf *rcf, char *err,
		size_t errlen)
{
	struct options *o = calloc(1, sizeof(*o));
	int r;

	memset(p, 0, sizeof(*p));
	if (!o) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	r = record_parse(argc, argv, o, rcf, err, errlen);
	if (r) {
		/* on an error record_parse released what it took */
		if (r > 0)
			opt_free(o);
		free(o);
		return r;
	}
	plan_make(o, m, p);
	record_plan(p, rcf);
	p->opts = o;
	return 0;
}
