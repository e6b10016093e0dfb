/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Options stage: the command line, parsed once into a struct that every
 * later stage reads and none writes.
 */
#ifndef ETRACE_OPTIONS_H
#define ETRACE_OPTIONS_H

#include <stddef.h>
#include <sys/types.h>

#include "select.h"

struct options {
	int follow;		/* -f: 1, -ff: 2 (one file per process) */
	int system_wide;	/* -a */
	pid_t *pids;		/* -p, repeatable */
	int npids;
	char **cmd;		/* the command after the options, or NULL */
	const char *outfile;	/* -o */
	int quiet;		/* -q: 1 attach notes, 2 also exits, 3 all */
	size_t ring_bytes;	/* -m: per-CPU ring data size */
	int strsize;		/* -s: bytes of strings and buffers shown */
	int no_bpf;		/* --no-bpf: no kernel-side argument capture */
	struct sc_select sel;	/* -e trace= */
};

/*
 * Fill *o from argv.  Returns 0, 1 when the caller should exit 0 (help,
 * version), or -1 with a one-line message in err.
 */
int opt_parse(int argc, char **argv, struct options *o, char *err,
	      size_t errlen);
void opt_free(struct options *o);
void opt_usage(FILE *f);

#endif
