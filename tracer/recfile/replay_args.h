/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Recording stage: etrace report's command line (replay_args.c) and the
 * recording's run, read back (replay.c).
 */
#ifndef ETRACE_REPLAY_ARGS_H
#define ETRACE_REPLAY_ARGS_H

#include <sys/types.h>

struct report_args {
	const char *path;		/* -i FILE */
	char **words;			/* the report's own options */
	int nwords;
	pid_t *pids;			/* -p: only these processes */
	int npids;
};

/* argv (argv[0] "report") into a; 0, 1 (-h: said), or -1 with err set */
int report_args_split(int argc, char **argv, struct report_args *a,
		      char *err, size_t errlen);
void report_args_free(struct report_args *a);

#endif
