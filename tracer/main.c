// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * etrace: trace syscalls and events without stopping the traced program.
 *
 *   options -> events (tracefs: names, ids, formats, filters)
 *           -> perf fds + per-CPU rings      <- capture (BPF: argument memory,
 *           -> records, merged in time order    exit codes, siginfo, -c counts,
 *           -> tasks (pid/tid -> comm, maps)    bash line uprobes)
 *           -> pairing (enter/exit per tid, captures joined to their call)
 *           -> unwind (-k: DWARF stacks with libdw)
 *           -> decoders (syscalls.tbl + flag tables)
 *           -> sinks: text (strace format), JSON Lines; summary, stacks,
 *              spawns (tables and reports at the end)
 *
 *   options.c select.c       options            the command line, -e trace=
 *   tracefs.c events.c       events             tracepoints and their layouts
 *   capture.c capture.bpf.c  capture            kernel-side copies and counts
 *   perf.c ring.c            perf fds + rings   perf_event_open, mmap rings
 *   record.c merge.c         records            parsing, time-ordered merge
 *   task.c proc.c maps.c     tasks              threads, processes, mappings
 *   pair.c                   pairing            calls, captures joined to them
 *   origins.c ends.c                            stacks, forks, shell lines;
 *                                               signals, exits, detach
 *   unwind.c ksyms.c         unwind             user and kernel stacks
 *   ../decoders/ tpfields.c  decoders           numbers to words
 *   sink_text.c sink_json.c  sinks              strace's format, JSON Lines
 *   summary.c stacks.c       aggregates         -c tables, folded stacks, SVG
 *   spawns.c                                    --spawns report
 *   out.c json.c                                buffered files, JSON strings
 *   launch.c trace.c         targets, the loop
 *
 * Exit status: the command's (128+N when killed by signal N) when etrace
 * started one, even when the trace could not be written (as strace -o);
 * otherwise 0.  1: bad usage, setup or output error, a report file
 * (folded, SVG) that could not be written (one line on stderr says which).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "options.h"
#include "plan.h"
#include "trace.h"

int main(int argc, char **argv)
{
	struct plan_machine m = { sysconf(_SC_NPROCESSORS_ONLN) };
	struct options o;
	struct plan plan;
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
	plan_make(&o, &m, &plan);
	if (trace_setup(&t, &plan, err, sizeof(err))) {
		fprintf(stderr, "etrace: %s\n", err);
		trace_teardown(&t);
		opt_free(&o);
		return 1;
	}
	status = trace_run(&t);
	r = trace_teardown(&t);
	/*
	 * A trace that could not be written (said already): the command's
	 * status stays, as strace's; without one, etrace failed.  A reader
	 * that went away (etrace | head) is not an error.
	 */
	if (r && r != -EPIPE && !t.have_child)
		status = 1;
	opt_free(&o);
	return status;
}
