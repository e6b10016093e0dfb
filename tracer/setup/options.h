/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Options stage: the command line, parsed once into a struct that every
 * later stage reads and none writes.
 */
#ifndef ETRACE_OPTIONS_H
#define ETRACE_OPTIONS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "flight.h"
#include "inject.h"
#include "pathsel.h"
#include "select.h"
#include "summary.h"
#include "targets.h"

struct options {
	int follow;		/* -f: 1, -ff: 2 (one file per process) */
	int system_wide;	/* -a */
	pid_t *pids;		/* -p, repeatable */
	int npids;
	char **cmd;		/* the command after the options, or NULL */
	const char *outfile;	/* -o */
	int append;		/* -A: -o FILE (and -ff's) appended to */
	char **env;		/* -E VAR=VAL, -E VAR: in order */
	int nenv;
	int scno;		/* -n: the syscall number before each line */
	int iptr;		/* -i: the user IP before each line */
	struct fd_sel dump_rd;	/* -e read=SET: fds whose reads are dumped */
	struct fd_sel dump_wr;	/* -e write=SET: ... whose writes */
	int pid_names;		/* -Y, --decode-pids=comm: tasks' names */
	int quiet;		/* -q given: 1, -qq 2, -qqq 3 */
	unsigned int quiet_set;	/* what is silenced: QUIET_* (sink.h), from
				   -q's count or -e quiet= */
	int quiet_qual;		/* -e quiet= / --quiet given */
	int interruptible;	/* -I, --interruptible: INTR_* (plan.h);
				   0: the default, INTR_WAITING */
	int detach_exec;	/* -b execve: processes are detached at
				   their exec (the command's first kept) */
	int kill_on_exit;	/* --kill-on-exit: what etrace started dies
				   with it */
	size_t ring_bytes;	/* -m: per-CPU ring data size */
	int ring_given;		/* -m was given */
	int strsize;		/* -s: bytes of strings and buffers shown */
	int tstamp;		/* -t 1, -tt 2, -ttt 3 */
	int ts_long;		/* --absolute-timestamps/--timestamps given */
	int ts_format;		/* what they asked: enum ts_format (sink.h) */
	int ts_width;		/* ... digits after the second: 0, 3, 6, 9 */
	int relative;		/* -r */
	int rel_width;		/* -r's digits (--relative-timestamps=) */
	int show_time;		/* -T: time spent in each call */
	int time_width;		/* -T's digits (--syscall-times=) */
	unsigned int status;	/* -z, -Z, -e status=: STATUS_* (sink.h) */
	uint64_t duration_ns;	/* --duration MS: only calls this slow */
	uint64_t max_events;	/* --max-events N, 0: no limit */
	unsigned int context;	/* --context N: the calls before each shown
				   one that -Z, --errno, status= hid */
	int summary;		/* -c 1 (summary only), -C 2 (trace too) */
	int sort;		/* -S: enum sum_sort */
	unsigned char columns[SUM_COL__COUNT + 1];	/* -U, or empty */
	unsigned int sum_by;	/* --by: SUM_BY_* */
	int hist;		/* --hist */
	int sum_wall;		/* -w: -c's time is wall-clock, not system */
	uint64_t overhead_ns;	/* -O: taken from each call's time in -c */
	int overhead_given;
	double interval;	/* --interval SEC, 0: at the end only */
	int no_bpf;		/* --no-bpf: no kernel-side argument capture */
	struct sc_select sel;	/* -e trace= */
	struct sc_select raw;	/* -e raw=: undecoded */
	int raw_given;
	struct sc_select abbrev;	/* -e abbrev=: big structs cut (the
					   others as with -v) */
	int abbrev_given;
	struct sc_select deref;	/* -e verbose=: structs shown (the others
				   as pointers) */
	int deref_given;
	struct tp_spec *tps;	/* -e SYSTEM:EVENT */
	int ntps;
	uint64_t signals;	/* -e signal=: bit sig-1 set: its line shows */
	int list;		/* -l: list events (cmd[0] is the glob) */
	int verbose;		/* -v */
	int json;		/* -j, --json: JSON Lines */
	int xflag;		/* -x 1, -xx 2: strings in hex */
	int xhex_given;		/* --strings-in-hex=WHICH: */
	int xhex;		/* ... 0 none, -1 non-ascii-chars (escapes
				   in hex), 1 non-ascii (-x), 2 all (-xx) */
	int yflag;		/* -y 1, -yy 2 */
	unsigned int decode_fds;	/* --decode-fds: DECODE_FD_* (decode.h) */
	int decode_fds_given;	/* --decode-fds or -e decode-fds= was given */
	struct path_sel paths;	/* -P, repeatable */
	struct inject_rules inject;	/* -e inject=, -e fault= */
	int xstyle;		/* -X: enum xstyle (fmt.h), constants as names,
				   numbers or both */
	int stack;		/* -k 1 (frames), -kk 2 (files, lines) */
	int stack_lines;	/* -k was asked for: stacks under the lines */
	int stack_fp;		/* --stack=fp: the kernel's frame-pointer chain */
	int stack_bpf;		/* --stack=bpf: DWARF-unwound in the kernel
				   (-k's default where the kernel can) */
	int stack_dwarf;	/* --stack=dwarf: libdw on a copy of the stack */
	int folded;		/* --stack=folded: counts per stack, folded */
	int stack_perf;		/* --stack=perf: a block per call, in perf
				   script's text format */
	uint32_t stack_size;	/* --stack-size: bytes of stack copied */
	int kstack;		/* --kstack: the kernel's stack too */
	int no_python;		/* --no-python-frames: C frames only */
	const char *flamegraph;	/* --flamegraph FILE.svg */
	const char *timeline;	/* --timeline FILE.json: Trace Event format */
	int spawns;		/* --spawns: the process-creation report */
	int lines;		/* a line per call: not with -c, --stack=folded,
				   --flamegraph, --spawns (tables, reports) */
	const char *user;	/* -u USER: run the command as USER */
	int ready_fd;		/* --ready-fd N: told once tracing, or -1 */
	struct target_sel targets;	/* --comm, --uid, --cgroup */
	int tree;		/* --tree: -p's processes and descendants */
	int color;		/* --color=WHEN: enum opt_color */
	struct flight_conf flight;	/* record --flight-recorder, --trigger */
};

/* --color's WHEN: auto (a terminal, NO_COLOR unset) is the default */
enum opt_color {
	COLOR_AUTO,
	COLOR_NEVER,
	COLOR_ALWAYS,
};

/*
 * Fill *o from argv.  Returns 0, 1 when the caller should exit 0 (help,
 * version), or -1 with a one-line message in err.
 */
int opt_parse(int argc, char **argv, struct options *o, char *err,
	      size_t errlen);
void opt_free(struct options *o);
/*
 * The option table's own rule: no two rows share a key or a long name
 * (getopt_long would hand both to the first).  0, or -1 with err naming
 * them.  For the unit tests.
 */
int opt_rows_check(char *err, size_t errlen);

/*
 * optrules.c, once the command line is read: what the options imply for
 * each other (--by implies -c, folded stacks -k, ...), then which cannot
 * go together (0, or -1 with one line in err)
 */
void opt_imply(struct options *o);
int opt_check(struct options *o, char *err, size_t errlen);
struct plan_report;
struct recording_conf;

/*
 * `etrace record ARGS` (argv[0] "record"): opt_parse's, then what a
 * recording does not keep refused (-1, err set, o released); the file and
 * the option words kept in rcf (its words: the caller frees them)
 */
int opt_parse_record(int argc, char **argv, struct options *o,
		     struct recording_conf *rcf, char *err, size_t errlen);
/*
 * `etrace report`: the recording's option words, then the report's own;
 * -1 (err set, nothing held) when it asks for what was not recorded or
 * what a report cannot make
 */
int opt_parse_report(const struct plan_report *rw, struct options *o,
		     char *err, size_t errlen);

#endif
