// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * etrace: trace syscalls and events without stopping the traced program.
 *
 *   options -> events (tracefs: names, ids, formats) -> perf fds + per-CPU rings
 *           -> records, merged in time order across CPUs
 *           -> tasks (pid/tid -> comm, parent) -> syscall pairing (enter/exit per tid)
 *           -> decoders (syscalls.tbl + flag tables)
 *           -> sinks: text (strace format)
 *
 *   options.c select.c       options            the command line, -e trace=
 *   tracefs.c events.c       events             tracepoints and their layouts
 *   perf.c ring.c            perf fds + rings   perf_event_open, mmap rings
 *   record.c merge.c         records            parsing, time-ordered merge
 *   task.c proc.c pair.c     tasks, pairing     threads, calls, exits
 *   ../decoders/             decoders           numbers to words
 *   sink_text.c out.c        sinks              strace's format, buffered files
 *   launch.c trace.c         targets, the loop
 *
 * Exit status: the command's (128+N when killed by signal N) when etrace
 * started one; otherwise 0.  1: bad usage or setup error (one line on
 * stderr says which).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "options.h"
#include "trace.h"

int main(int argc, char **argv)
{
	struct options o;
	struct trace t;
	char err[512];
	int r, status;

	r = opt_parse(argc, argv, &o, err, sizeof(err));
	if (r > 0)
		return 0;
	if (r < 0) {
		fprintf(stderr, "etrace: %s\n", err);
		return 1;
	}
	err[0] = '\0';
	if (o.list) {
		struct tracefs tfs;

		r = tfs_open(&tfs, err, sizeof(err)) ?:
		    events_list(&tfs, o.cmd ? o.cmd[0] : NULL, o.verbose, stdout,
				err, sizeof(err));
		tfs_close(&tfs);
		if (r)
			fprintf(stderr, "etrace: %s\n", err);
		opt_free(&o);
		return r ? 1 : 0;
	}
	if (trace_setup(&t, &o, err, sizeof(err))) {
		fprintf(stderr, "etrace: %s\n", err);
		trace_teardown(&t);
		opt_free(&o);
		return 1;
	}
	status = trace_run(&t);
	r = trace_teardown(&t);
	/* a reader that went away (etrace | head) is not an error */
	if (r && r != -EPIPE && !status)
		status = 1;
	opt_free(&o);
	return status;
}
