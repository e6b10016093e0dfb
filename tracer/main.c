// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * etrace: trace syscalls and events without stopping the traced program.
 *
 *   options -> plan -> events (tracefs: names, ids, formats, filters)
 *     -> perf fds + per-CPU rings    <- capture: BPF programs, one file per
 *     -> records, in time order         feature (argument memory, ring mode,
 *     -> pairing (enter/exit per tid)   -c counts, signals and exits, forks
 *          -> origins (-k stacks,       and execs, bash's script lines)
 *             --spawns), ends
 *     -> rules (-z, -Z, status=, --duration, -s)
 *     -> sinks: text (strace's format), JSON Lines, perf script's format,
 *        and beside any of them the --timeline; reports at the end (-c
 *        table, spawns, stacks)
 *
 *   setup/    options.c select.c     the command line, -e's qualifiers
 *             optrows.c              argv read by the option table's rows
 *             optrules.c             what options imply, what excludes what
 *                                    (and what record and report refuse)
 *             version.c              -V: the libraries, what the kernel allows
 *             plan.c                 what the run does, decided once
 *             launch.c attach.c      -- CMD, -p PID
 *   kernel/   tracefs.c events.c     tracepoints and their layouts
 *             sysent_fallback.c      syscalls the table lacks, from tracefs
 *             perf.c                 perf_event_open, the rings' fds
 *             capture.c cap_*.c      the BPF programs (cap_*.bpf.c), loaded
 *                                    and attached by feature
 *             probe.c                -V's questions to the kernel
 *   rings/    ring.c merge.c         reading the rings, time order
 *             record.c feed.c        parsing records, each to its stage
 *   pairing/  task.c proc.c maps.c   threads, processes, mappings
 *             pair.c                 calls, captures joined to them
 *             origins.c ends.c       stacks, forks, shell lines; signals,
 *                                    exits, detach
 *             rules.c                which calls are shown
 *             context.c              --context: the hidden calls before
 *             execcaps.c             the command's own execve's arguments
 *   stacks/   unwind.c ksyms.c       user and kernel stacks
 *             cfi.c                  unwind rows for the kernel (--stack=bpf)
 *             scripts.c python.c     bash's and Python's frames
 *             stacks.c spawns.c      folded stacks, SVG; the spawn report
 *   sinks/    sink_text.c sink_table.c sink_json.c   strace's format, -c's
 *                                    table, JSON Lines
 *             sink_perf.c            --stack=perf: perf script's format
 *             sink_timeline.c sink_tee.c   --timeline, beside the trace
 *             summary.c reports.c    -c tables; what is written at the end
 *             out.c json.c tpfields.c   buffered files, JSON, event fields
 *   recfile/  recording.c            etrace record: the recorder sink
 *             flight.c               --flight-recorder: the window, dumps
 *             replay*.c recfile_*.c   etrace report: the file fed back
 *   trace.c                          setup steps, the read loop
 *   teardown.c                       the end, on every exit path
 *   ../decoders/                     numbers to words
 *
 * Exit status: the command's (128+N when killed by signal N) when etrace
 * started one, even when the trace could not be written (as strace -o);
 * otherwise 0.  1: bad usage, setup or output error, a report file
 * (folded, SVG) that could not be written (one line on stderr says which).
 */
#include <errno.h>
#include <malloc.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "plan.h"
#include "recording.h"
#include "trace.h"

static void die_of(int sig)
{
	sigset_t set;

	fflush(NULL);
	signal(sig, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(sig);
}

int main(int argc, char **argv)
{
	const char *nc = getenv("NO_COLOR"), *term = getenv("TERM");
	struct plan_machine m = {
		.ncpu = sysconf(_SC_NPROCESSORS_ONLN),
		.tty = isatty(STDERR_FILENO),
		.no_color = (nc && *nc) || (term && !strcmp(term, "dumb")),
		.unwinds_in_kernel = cap_unwind_supported,
	};
	struct recording_conf rec = { 0 };
	struct plan plan;
	struct trace t;
	char err[512];
	int r, status;

	/* etrace record, etrace report: a recording (README: Recordings) */
	if (argc > 1 && !strcmp(argv[1], "report"))
		return report_main(argc - 1, argv + 1, &m);
	if (argc > 1 && !strcmp(argv[1], "record"))
		r = plan_read_record(argc - 1, argv + 1, &m, &plan, &rec,
				     err, sizeof(err));
	else
		r = plan_read(argc, argv, &m, &plan, err, sizeof(err));
	if (r > 0)
		return 0;
	if (r < 0) {
		fprintf(stderr, "etrace: %s\n", err);
		return 1;
	}
	err[0] = '\0';
	if (plan.list) {
		struct tracefs tfs;

		r = tfs_open(&tfs, err, sizeof(err)) ?:
		    events_list(&tfs, plan.list_glob, plan.list_verbose, stdout,
				err, sizeof(err));
		tfs_close(&tfs);
		if (r)
			fprintf(stderr, "etrace: %s\n", err);
		plan_free(&plan);
		return r ? 1 : 0;
	}
	/*
	 * The setup reads the kernel's BTF twice (cap_btf.c, then libbpf's
	 * own load): 5 MB buffers that glibc would map and unmap each time,
	 * fresh pages faulted in one by one (~10 us each in a VM: a third of
	 * a narrow trace's start).  Kept in the heap for the setup, libbpf's
	 * reuses the freed pages; given back after it.
	 */
	mallopt(M_MMAP_THRESHOLD, 32 << 20);
	mallopt(M_TRIM_THRESHOLD, 64 << 20);
	r = trace_setup(&t, &plan, err, sizeof(err));
	mallopt(M_MMAP_THRESHOLD, 128 << 10);
	mallopt(M_TRIM_THRESHOLD, 128 << 10);
	malloc_trim(0);
	if (r) {
		fprintf(stderr, "etrace: %s\n", err);
		trace_teardown(&t);
		plan_free(&plan);
		free(rec.words);
		return 1;
	}
	status = trace_run(&t);
	r = trace_teardown(&t);
	/*
	 * A trace that could not be written (said already): the command's
	 * status stays, as strace's; without one, or when the file was
	 * --timeline's or --stack=perf's, etrace failed.  A reader
	 * that went away (etrace | head) is not an error.
	 */
	if (r && r != -EPIPE && (!t.have_child || trace_out_fails(&t, r)))
		status = 1;
	plan_free(&plan);
	free(rec.words);
	/*
	 * -p, -a ended by a signal: everything is written and released
	 * (the teardown child goes on); die of it, as strace -p does
	 * (SIGTERM: 143), so a caller sees how etrace ended.
	 */
	if (t.stop_sig && !t.have_child && !status)
		die_of(t.stop_sig);
	/*
	 * The command was killed by a signal: etrace dies of it too, as
	 * strace does (a shell sees 128+N either way; a parent that waits
	 * sees the signal), without a core file of its own
	 */
	if (t.have_child && t.pr.child_reaped && !t.pr.child_detached &&
	    WIFSIGNALED(t.pr.child_status) &&
	    status == 128 + WTERMSIG(t.pr.child_status)) {
		setrlimit(RLIMIT_CORE, &(struct rlimit){ 0, 0 });
		die_of(WTERMSIG(t.pr.child_status));
	}
	return status;
}
