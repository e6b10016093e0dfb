// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Options stage: strace's flags where strace has one, perf's -a and -m.
 * Only flags that work are offered; anything else is an error naming it.
 */
#include <errno.h>
#include <getopt.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "context.h"
#include "decode.h"
#include "options.h"
#include "optrows.h"
#include "optvals.h"
#include "quiet.h"
#include "rules.h"
#include "summary.h"
#include "sysent.h"
#include "usage.h"
#include "version.h"

#define DEFAULT_RING_BYTES (4u << 20)
#define MAX_RING_BYTES (1ull << 30)

/* --- the options, one row each ----------------------------------- */

#define FIELD(f) offsetof(struct options, f)

static int opt_help(struct options *o, const struct opt_row *r,
		    const char *arg, struct opt_ctx *cx)
{
	opt_usage(stdout);
	return 1;
}

static int opt_version(struct options *o, const struct opt_row *r,
		       const char *arg, struct opt_ctx *cx)
{
	version_print(stdout);
	return 1;
}

/*
 * --list-syscalls (not in --help): the words of -e trace= lists that come
 * from the table, one a line, for the shell completion (completion/etrace),
 * which so never keeps a copy of the table
 */
static int opt_list_syscalls(struct options *o, const struct opt_row *r,
			     const char *arg, struct opt_ctx *cx)
{
	for (unsigned int nr = 0; nr < sc_table_size; nr++)
		if (sc_table[nr].name)
			printf("%s\n", sc_table[nr].name);
	for (int c = 0; c < CLS__COUNT; c++)
		printf("%s\n", class_names[c]);
	return 1;
}

/* -o FILE, -u USER, --flamegraph FILE, ...: the row's string */
static int opt_str(struct options *o, const struct opt_row *r,
		   const char *arg, struct opt_ctx *cx)
{
	*(const char **)((char *)o + r->off) = arg;
	return 0;
}

static int opt_env(struct options *o, const struct opt_row *r,
		   const char *arg, struct opt_ctx *cx)
{
	char **ne;

	if (!*arg || *arg == '=')
		return opt_bad(cx, "invalid -E '%s' (want VAR=VALUE or VAR)", arg);
	ne = realloc(o->env, sizeof(*ne) * (size_t)(o->nenv + 1));
	if (!ne)
		return opt_bad(cx, "out of memory%s", "");
	o->env = ne;
	o->env[o->nenv++] = (char *)arg;
	return 0;
}

/* --decode-pids=comm (-Y); strace's pidns is not offered (see below) */
static int opt_decode_pids(struct options *o, const struct opt_row *r,
			   const char *arg, struct opt_ctx *cx)
{
	static const struct optval_name nb[] = { { "comm", 1 }, { "pidns", 2 } };
	unsigned int set;
	const char *w;
	char buf[256];

	if (!arg) {
		o->pid_names = 1;
		return 0;
	}
	if (optval_names(arg, nb, 2, 3, &set, buf, sizeof(buf), &w))
		return opt_bad(cx, "invalid --decode-pids '%s' (want comm)", arg);
	/*
	 * pidns would need each pid argument mapped from the tracee's
	 * namespace to etrace's at the time of the call, which etrace
	 * cannot do exactly: refused, not guessed
	 */
	if (set & 2)
		return opt_bad(cx, "--decode-pids=pidns is not offered: etrace"
			   " cannot translate '%s' exactly", "pidns");
	o->pid_names = (int)(set & 1);
	return 0;
}

/*
 * -e quiet=SET, --quiet[=SET]: strace 6.1's names.  etrace prints no
 * personality or path-resolution messages: those names are accepted and
 * have nothing to silence.
 */
static int opt_quiet_set(struct options *o, const struct opt_row *r,
			 const char *arg, struct opt_ctx *cx)
{
	static const struct optval_name nb[] = {
		{ "attach", QUIET_ATTACH }, { "exit", QUIET_EXIT },
		{ "exits", QUIET_EXIT }, { "path-resolution", QUIET_PATH },
		{ "personality", QUIET_PERSONALITY },
		{ "superseded", QUIET_THREAD_EXECVE },
		{ "thread-execve", QUIET_THREAD_EXECVE },
	};
	const char *w;
	char buf[256];

	if (optval_names(arg ? arg : "attach,personality", nb,
			sizeof(nb) / sizeof(nb[0]), QUIET_ALL, &o->quiet_set,
			buf, sizeof(buf), &w))
		return opt_bad(cx, "invalid quiet '%s'", w);
	o->quiet_qual = 1;
	return 0;
}

static int opt_pids(struct options *o, const struct opt_row *r,
		    const char *arg, struct opt_ctx *cx)
{
	return optval_pids(arg, &o->pids, &o->npids, cx->err, cx->errlen);
}

/* --comm, --uid, --cgroup, --errno (targets.c) */
static int opt_target(struct options *o, const struct opt_row *r,
		      const char *arg, struct opt_ctx *cx)
{
	return targets_add(&o->targets, r->val, arg, cx->err, cx->errlen);
}

static int opt_ring(struct options *o, const struct opt_row *r,
		    const char *arg, struct opt_ctx *cx)
{
	o->ring_given = 1;
	if (optval_size(arg, MAX_RING_BYTES, &o->ring_bytes))
		return opt_bad(cx, "invalid ring size '%s' (want e.g. 64K, 1M,"
			   " up to 1G)", arg);
	return 0;
}

/* --decode-fds=SET: path, socket, dev, pidfd, all, none (strace's) */
static int opt_decode_fds(struct options *o, const struct opt_row *r,
			  const char *arg, struct opt_ctx *cx)
{
	char word[16];

	o->decode_fds_given = 1;
	if (optval_decode_fds(arg ? arg : "path", &o->decode_fds, word,
			      sizeof(word)))
		return opt_bad(cx, "invalid --decode-fds '%s' (want path,"
			   " socket, dev, pidfd, all or none)", word);
	return 0;
}

/* -e read=SET, -e write=SET (strace's sets of fds; each replaces) */
static int opt_fdset(struct options *o, const struct opt_row *r,
		     const char *arg, struct opt_ctx *cx)
{
	return optval_fdset(arg, (struct fd_sel *)((char *)o + r->off),
			    cx->err, cx->errlen);
}

static int opt_trace_path(struct options *o, const struct opt_row *r,
			  const char *arg, struct opt_ctx *cx)
{
	return pathsel_add(&o->paths, arg, cx->err, cx->errlen);
}

/*
 * -e raw=SET, -e abbrev=SET, -e verbose=SET: syscall sets, as trace='s;
 * the row's val is where it says the set was given
 */
static int opt_sysset(struct options *o, const struct opt_row *r,
		      const char *arg, struct opt_ctx *cx)
{
	*(int *)((char *)o + r->val) = 1;
	return sel_parse((struct sc_select *)((char *)o + r->off), arg,
			 cx->err, cx->errlen);
}

/* -e inject=SET:..., --inject; -e fault=SET:..., --fault (val 1) */
static int opt_inject(struct options *o, const struct opt_row *r,
		      const char *arg, struct opt_ctx *cx)
{
	return inject_parse(&o->inject, arg, r->val, cx->err, cx->errlen);
}

/* -e QUALIFIER=...: the ones with their own option (row), strace's names */
static const struct {
	const char *name;
	const char *row;
} e_quals[] = {
	{ "quiet=", "quiet" }, { "silent=", "quiet" }, { "silence=", "quiet" },
	{ "q=", "quiet" }, { "decode-pids=", "decode-pids" },
	{ "decode-pid=", "decode-pids" }, { "decode-fds=", "decode-fds" },
	{ "decode-fd=", "decode-fds" }, { "read=", "read" },
	{ "reads=", "read" }, { "r=", "read" }, { "write=", "write" },
	{ "writes=", "write" }, { "w=", "write" }, { "raw=", "raw" },
	{ "x=", "raw" }, { "abbrev=", "abbrev" }, { "a=", "abbrev" },
	{ "verbose=", "verbose" }, { "v=", "verbose" },
	{ "inject=", "inject" }, { "fault=", "fault" },
};

static const struct opt_row *row_named(const char *name);

static int opt_e(struct options *o, const struct opt_row *r,
		 const char *arg, struct opt_ctx *cx)
{
	struct sel_quals q = { &o->sel, &o->tps, &o->ntps, &o->signals,
			       &o->status };

	for (size_t i = 0; i < sizeof(e_quals) / sizeof(e_quals[0]); i++) {
		size_t n = strlen(e_quals[i].name);

		if (!strncmp(arg, e_quals[i].name, n)) {
			r = row_named(e_quals[i].row);
			return r->fn(o, r, arg + n, cx);
		}
	}
	cx->e_start = o->ntps;
	return sel_parse_e(&q, arg, cx->err, cx->errlen);
}

/* -b SYSCALL, --detach-on=SYSCALL: strace's, which has execve alone */
static int opt_detach_on(struct options *o, const struct opt_row *r,
			 const char *arg, struct opt_ctx *cx)
{
	o->detach_exec = !strcmp(arg, "execve");
	return o->detach_exec ? 0 : opt_bad(cx, "-b %s: only execve is"
					    " supported (as strace's -b)", arg);
}

/* -I N, --interruptible=WHEN: strace's numbers and words (plan.h) */
static int opt_interruptible(struct options *o, const struct opt_row *r,
			     const char *arg, struct opt_ctx *cx)
{
	o->interruptible = optval_interruptible(arg);
	return o->interruptible > 0 ? 0 : opt_bad(cx, "invalid -I '%s' (want 1"
		" or anywhere, 2 or waiting, 3 or never, 4 or never_tstp)", arg);
}

/* -X, strace's words */
static int opt_xstyle(struct options *o, const struct opt_row *r,
		      const char *arg, struct opt_ctx *cx)
{
	static const char *const styles[] = {
		[XSTYLE_ABBREV] = "abbrev", [XSTYLE_RAW] = "raw",
		[XSTYLE_VERBOSE] = "verbose",
	};

	o->xstyle = optval_word(arg, styles, 3);
	if (o->xstyle < 0)
		return opt_bad(cx, "invalid -X '%s' (want raw, abbrev or verbose)",
			   arg);
	return 0;
}

/* --color[=WHEN], --colour: alone it is always, as ls's */
static int opt_color(struct options *o, const struct opt_row *r,
		     const char *arg, struct opt_ctx *cx)
{
	static const char *const whens[] = {
		[COLOR_AUTO] = "auto", [COLOR_NEVER] = "never",
		[COLOR_ALWAYS] = "always",
	};

	o->color = arg ? optval_word(arg, whens, 3) : COLOR_ALWAYS;
	if (o->color < 0)
		return opt_bad(cx, "invalid --color '%s' (want auto, always or"
			   " never)", arg);
	return 0;
}

static int opt_strsize(struct options *o, const struct opt_row *r,
		       const char *arg, struct opt_ctx *cx)
{
	long v;

	if (optval_long(arg, 0, 4096, &v))
		return opt_bad(cx, "invalid -s size '%s' (want 0 to 4096)", arg);
	o->strsize = (int)v;
	return 0;
}

/* -z, -Z */
static int opt_status(struct options *o, const struct opt_row *r,
		      const char *arg, struct opt_ctx *cx)
{
	o->status = (unsigned int)r->val;
	return 0;
}

static int opt_duration(struct options *o, const struct opt_row *r,
			const char *arg, struct opt_ctx *cx)
{
	char *end;
	double ms;

	errno = 0;
	ms = strtod(arg, &end);
	/* written so that NaN fails too (its cast is undefined) */
	if (errno || end == arg || *end || !(ms >= 0 && ms <= 1e9))
		return opt_bad(cx, "invalid --duration '%s' (milliseconds)", arg);
	o->duration_ns = (uint64_t)(ms * 1e6);
	return 0;
}

static int opt_sort(struct options *o, const struct opt_row *r,
		    const char *arg, struct opt_ctx *cx)
{
	o->sort = summary_sort_by_name(arg);
	if (o->sort < 0)
		return opt_bad(cx, "invalid -S '%s' (want time, calls, errors,"
			   " name, min-time, max-time, avg-time, nothing)", arg);
	return 0;
}

/* --strings-in-hex[=none|non-ascii-chars|non-ascii|all]: alone, all */
static int opt_strings_hex(struct options *o, const struct opt_row *r,
			   const char *arg, struct opt_ctx *cx)
{
	static const char *const words[] = { "none", "non-ascii-chars",
					     "non-ascii", "all" };
	static const int val[] = { 0, -1, 1, 2 };
	int i = arg ? optval_word(arg, words, 4) : 3;

	if (i < 0)
		return opt_bad(cx, "invalid --strings-in-hex '%s' (want none,"
			       " non-ascii-chars, non-ascii or all)", arg);
	o->xhex_given = 1;
	o->xhex = val[i];
	return 0;
}

/* -O, --summary-syscall-overhead: taken from each call's time in -c */
static int opt_overhead(struct options *o, const struct opt_row *r,
			const char *arg, struct opt_ctx *cx)
{
	if (optval_overhead(arg, &o->overhead_ns))
		return opt_bad(cx, "invalid -O '%s' (a time: a number, then s,"
			       " ms, us or ns; us if none)", arg);
	o->overhead_given = 1;
	return 0;
}

/* -U, --summary-columns: strace's column names, in order */
static int opt_columns(struct options *o, const struct opt_row *r,
		       const char *arg, struct opt_ctx *cx)
{
	if (summary_columns_parse(arg, o->columns))
		return opt_bad(cx, "invalid -U '%s' (want a list of time-percent,"
			       " total-time, min-time, max-time, avg-time,"
			       " calls, errors, name, each once)", arg);
	return 0;
}

static int opt_by(struct options *o, const struct opt_row *r,
		  const char *arg, struct opt_ctx *cx)
{
	int by = summary_by_parse(arg);

	if (by < 0)
		return opt_bad(cx, "invalid --by '%s' (want a list of comm, pid,"
			   " tid, syscall, event)", arg);
	o->sum_by = (unsigned int)by;
	return 0;
}

/* it applies to the events of the last -e */
static int opt_filter(struct options *o, const struct opt_row *r,
		      const char *arg, struct opt_ctx *cx)
{
	if (cx->e_start >= o->ntps)
		return opt_bad(cx, "--filter '%s' must follow an -e SYSTEM:EVENT",
			   arg);
	for (int i = cx->e_start; i < o->ntps; i++) {
		free(o->tps[i].filter);
		o->tps[i].filter = strdup(arg);
	}
	return 0;
}

static int opt_stack(struct options *o, const struct opt_row *r,
		     const char *arg, struct opt_ctx *cx)
{
	/* an unwinder: -k's stacks, that one's */
	int *unw = !arg || !strcmp(arg, "dwarf") ? &o->stack_dwarf :
		   !strcmp(arg, "fp") ? &o->stack_fp :
		   !strcmp(arg, "bpf") ? &o->stack_bpf : NULL;

	if (unw) {
		o->stack = o->stack ? o->stack : 1;
		*unw = 1;
	} else if (!strcmp(arg, "folded")) {
		o->folded = 1;
	} else if (!strcmp(arg, "perf")) {
		o->stack_perf = 1;
	} else {
		return opt_bad(cx, "invalid --stack '%s' (want dwarf, bpf, fp,"
			   " folded or perf)", arg);
	}
	return 0;
}

static int opt_stack_size(struct options *o, const struct opt_row *r,
			  const char *arg, struct opt_ctx *cx)
{
	long v;

	if (optval_long(arg, 64, 65528, &v) || v % 8)
		return opt_bad(cx, "invalid --stack-size '%s' (a multiple of 8"
			   " from 64 to 65528)", arg);
	o->stack_size = (uint32_t)v;
	return 0;
}

static int opt_interval(struct options *o, const struct opt_row *r,
			const char *arg, struct opt_ctx *cx)
{
	char *end;

	errno = 0;
	o->interval = strtod(arg, &end);
	if (errno || end == arg || *end ||
	    !(o->interval >= 0.01 && o->interval <= 86400))
		return opt_bad(cx, "invalid --interval '%s' (seconds, 0.01 or"
			   " more)", arg);
	return 0;
}

static int opt_ready_fd(struct options *o, const struct opt_row *r,
			const char *arg, struct opt_ctx *cx)
{
	long v;

	if (optval_long(arg, 0, 1 << 30, &v))
		return opt_bad(cx, "invalid --ready-fd '%s' (a file descriptor"
			   " number)", arg);
	o->ready_fd = (int)v;
	return 0;
}

/* -r, -T: microseconds; --relative-timestamps=, --syscall-times= say */
static int opt_times(struct options *o, const struct opt_row *r,
		     const char *arg, struct opt_ctx *cx)
{
	int *w = r->val == 'r' ? &o->rel_width : &o->time_width;

	*(r->val == 'r' ? &o->relative : &o->show_time) = 1;
	*w = 6;
	if (arg && optval_precision(arg, w))
		return opt_bad(cx, "invalid precision '%s' (s, ms, us or ns)", arg);
	return 0;
}

/* --absolute-timestamps, --timestamps: alone, -t's HH:MM:SS */
static int opt_timestamps(struct options *o, const struct opt_row *r,
			  const char *arg, struct opt_ctx *cx)
{
	o->ts_long = 1;
	if (optval_timestamps(arg ? arg : "format:time", &o->ts_format,
			      &o->ts_width))
		return opt_bad(cx, "invalid --absolute-timestamps '%s' (want [format:]"
			   "none|time|unix,[precision:]s|ms|us|ns)", arg);
	return 0;
}

static int opt_max_events(struct options *o, const struct opt_row *r,
			  const char *arg, struct opt_ctx *cx)
{
	if (optval_count(arg, &o->max_events) || !o->max_events)
		return opt_bad(cx, "invalid --max-events '%s' (a positive number)",
			   arg);
	return 0;
}

static int opt_context(struct options *o, const struct opt_row *r,
		       const char *arg, struct opt_ctx *cx)
{
	uint64_t n;

	if (optval_count(arg, &n) || !n || n > CTX_MAX)
		return opt_bad(cx, "invalid --context '%s' (1 to "
			       CTX_MAX_TEXT " calls)", arg);
	o->context = (unsigned int)n;
	return 0;
}

/* record's --flight-recorder, --trigger, --after (val: which) */
static int opt_flight(struct options *o, const struct opt_row *r,
		      const char *arg, struct opt_ctx *cx)
{
	return flight_parse(&o->flight, r->val, arg, cx->err, cx->errlen);
}

#define NOARG no_argument
#define ARG required_argument
/* an option with a handler; one that sets an int of struct options */
#define ROW(name, key, arg, fn) { name, key, arg, fn, 0, 0 }
#define ROW_VAL(name, key, fn, val) { name, key, NOARG, fn, 0, val }
#define ROW_INT(name, key, fn, field, val) \
	{ name, key, NOARG, fn, FIELD(field), val }
#define ROW_OFF(name, key, fn, field, val) \
	{ name, key, ARG, fn, FIELD(field), val }
static const struct opt_row opt_rows[] = {
	/* targets */
	ROW("attach", 'p', ARG, opt_pids),
	ROW_INT("system-wide", 'a', opt_set, system_wide, 1),
	ROW_INT("follow-forks", 'f', opt_count, follow, 0),
	ROW_OFF("user", 'u', opt_str, user, 0),
	ROW("env", 'E', ARG, opt_env),
	ROW_INT("kill-on-exit", LONG_ONLY + 50, opt_set, kill_on_exit, 1),
	ROW("interruptible", 'I', ARG, opt_interruptible),
	ROW("detach-on", 'b', ARG, opt_detach_on),
	{ "comm", LONG_ONLY + 71, ARG, opt_target, 0, TARGET_COMM },
	{ "uid", LONG_ONLY + 72, ARG, opt_target, 0, TARGET_UID },
	{ "cgroup", LONG_ONLY + 73, ARG, opt_target, 0, TARGET_CGROUP },
	{ "errno", LONG_ONLY + 75, ARG, opt_target, 0, TARGET_ERRNO },
	ROW_INT("tree", LONG_ONLY + 74, opt_set, tree, 1),
	/* selection */
	ROW(NULL, 'e', ARG, opt_e),
	ROW("trace-path", 'P', ARG, opt_trace_path),
	ROW("filter", LONG_ONLY + 0, ARG, opt_filter),
	ROW_VAL("successful-only", 'z', opt_status, STATUS_SUCCESSFUL),
	ROW_VAL("failed-only", 'Z', opt_status, STATUS_FAILED),
	ROW("duration", LONG_ONLY + 1, ARG, opt_duration),
	ROW("max-events", LONG_ONLY + 2, ARG, opt_max_events),
	ROW("context", LONG_ONLY + 98, ARG, opt_context),
	{ "inject", LONG_ONLY + 99, ARG, opt_inject, 0, 0 },
	{ "fault", LONG_ONLY + 100, ARG, opt_inject, 0, 1 },
	ROW_INT("list-events", 'l', opt_set, list, 1),
	/* output */
	ROW_OFF("output", 'o', opt_str, outfile, 0),
	ROW_INT("output-append-mode", 'A', opt_set, append, 1),
	ROW_INT("syscall-number", 'n', opt_set, scno, 1),
	ROW_INT("instruction-pointer", 'i', opt_set, iptr, 1),
	ROW(NULL, 'Y', NOARG, opt_decode_pids),
	ROW("decode-pids", LONG_ONLY + 14, ARG, opt_decode_pids),
	ROW_INT("json", 'j', opt_set, json, 1),
	ROW_INT(NULL, 't', opt_count, tstamp, 0),
	ROW("absolute-timestamps", LONG_ONLY + 91, optional_argument,
	    opt_timestamps),
	ROW("timestamps", LONG_ONLY + 92, optional_argument, opt_timestamps),
	{ NULL, 'r', NOARG, opt_times, 0, 'r' },
	{ "relative-timestamps", LONG_ONLY + 93, optional_argument, opt_times,
	  0, 'r' },
	{ NULL, 'T', NOARG, opt_times, 0, 'T' },
	{ "syscall-times", LONG_ONLY + 94, optional_argument, opt_times, 0,
	  'T' },
	ROW("string-limit", 's', ARG, opt_strsize),
	ROW_INT("no-abbrev", 'v', opt_count, verbose, 0),
	ROW_INT(NULL, 'x', opt_count, xflag, 0),
	ROW("strings-in-hex", LONG_ONLY + 97, optional_argument,
	    opt_strings_hex),
	ROW("const-print-style", 'X', ARG, opt_xstyle),
	ROW_INT(NULL, 'y', opt_count, yflag, 0),
	ROW("decode-fds", LONG_ONLY + 40, optional_argument, opt_decode_fds),
	ROW_OFF("read", LONG_ONLY + 41, opt_fdset, dump_rd, 0),
	ROW_OFF("raw", LONG_ONLY + 95, opt_sysset, raw, FIELD(raw_given)),
	ROW_OFF("abbrev", LONG_ONLY + 96, opt_sysset, abbrev,
		FIELD(abbrev_given)),
	ROW_OFF("verbose", LONG_ONLY + 101, opt_sysset, deref,
		FIELD(deref_given)),
	ROW_OFF("write", LONG_ONLY + 42, opt_fdset, dump_wr, 0),
	ROW_INT("no-bpf", LONG_ONLY + 3, opt_set, no_bpf, 1),
	ROW_INT(NULL, 'q', opt_count, quiet, 0),
	ROW("quiet", LONG_ONLY + 15, optional_argument, opt_quiet_set),
	ROW("silent", LONG_ONLY + 16, optional_argument, opt_quiet_set),
	ROW("silence", LONG_ONLY + 17, optional_argument, opt_quiet_set),
	ROW("ready-fd", LONG_ONLY + 4, ARG, opt_ready_fd),
	ROW("color", LONG_ONLY + 51, optional_argument, opt_color),
	ROW("colour", LONG_ONLY + 52, optional_argument, opt_color),
	ROW_OFF("timeline", LONG_ONLY + 60, opt_str, timeline, 0),
	/* stacks */
	ROW_INT("stack-trace", 'k', opt_count, stack, 0),
	ROW("stack", LONG_ONLY + 5, optional_argument, opt_stack),
	ROW("stack-size", LONG_ONLY + 6, ARG, opt_stack_size),
	ROW_INT("kstack", LONG_ONLY + 7, opt_set, kstack, 1),
	ROW_INT("no-python-frames", LONG_ONLY + 76, opt_set, no_python, 1),
	ROW_OFF("flamegraph", LONG_ONLY + 8, opt_str, flamegraph, 0),
	ROW_INT("spawns", LONG_ONLY + 9, opt_set, spawns, 1),
	/* summaries */
	ROW_INT("summary-only", 'c', opt_set, summary, 1),
	ROW_INT("summary", 'C', opt_set, summary, 2),
	ROW("summary-sort-by", 'S', ARG, opt_sort),
	ROW("summary-columns", 'U', ARG, opt_columns),
	ROW("summary-syscall-overhead", 'O', ARG, opt_overhead),
	ROW_INT("summary-wall-clock", 'w', opt_set, sum_wall, 1),
	ROW("by", LONG_ONLY + 10, ARG, opt_by),
	ROW_INT("hist", LONG_ONLY + 11, opt_set, hist, 1),
	ROW("interval", LONG_ONLY + 12, ARG, opt_interval),
	/* rings */
	ROW("mmap-pages", 'm', ARG, opt_ring),
	{ "flight-recorder", LONG_ONLY + 102, ARG, opt_flight, 0,
	  FLIGHT_OPT_WINDOW },
	{ "trigger", LONG_ONLY + 103, ARG, opt_flight, 0, FLIGHT_OPT_TRIGGER },
	{ "after", LONG_ONLY + 104, ARG, opt_flight, 0, FLIGHT_OPT_AFTER },
	ROW("help", 'h', NOARG, opt_help),
	ROW("version", 'V', NOARG, opt_version),
	ROW("list-syscalls", LONG_ONLY + 13, NOARG, opt_list_syscalls),
};
#define NROWS (sizeof(opt_rows) / sizeof(opt_rows[0]))

static void opt_defaults(struct options *o)
{
	memset(o, 0, sizeof(*o));
	o->ring_bytes = DEFAULT_RING_BYTES;
	o->strsize = 32;
	o->status = STATUS_ALL;
	o->signals = ~0ull;
	o->stack_size = 0;
	o->ready_fd = -1;
	sel_all(&o->sel);
}

/* the row of a long name: e_quals' each (opt_rows_check makes sure) */
static const struct opt_row *row_named(const char *name)
{
	for (size_t i = 0; i < NROWS; i++)
		if (opt_rows[i].name && !strcmp(opt_rows[i].name, name))
			return &opt_rows[i];
	return NULL;
}

int opt_rows_check(char *err, size_t errlen)
{
	for (size_t i = 0; i < sizeof(e_quals) / sizeof(e_quals[0]); i++)
		if (!row_named(e_quals[i].row))
			return opt_bad(&(struct opt_ctx){ err, errlen, 0 },
				       "-e %s: no such option",
				       e_quals[i].row);
	return optrows_check(opt_rows, NROWS, err, errlen);
}

static int parse_argv(int argc, char **argv, struct options *o, char *err,
		      size_t errlen)
{
	int r;

	opt_defaults(o);
	r = optrows_parse(opt_rows, NROWS, argc, argv, o, err, errlen);
	if (r)
		return r;
	if (optind < argc)
		o->cmd = argv + optind;
	opt_imply(o);
	return opt_check(o, err, errlen);
}

/* on an error nothing is left allocated: the caller need not opt_free */
int opt_parse(int argc, char **argv, struct options *o, char *err,
	      size_t errlen)
{
	int r = parse_argv(argc, argv, o, err, errlen);

	if (r < 0)
		opt_free(o);
	return r;
}

void opt_free(struct options *o)
{
	pathsel_free(&o->paths);
	inject_rules_free(&o->inject);
	targets_free(&o->targets);
	for (int i = 0; i < o->ntps; i++) {
		free(o->tps[i].glob);
		free(o->tps[i].filter);
	}
	free(o->tps);
	o->tps = NULL;
	o->ntps = 0;
	free(o->pids);
	o->pids = NULL;
	free(o->env);
	o->env = NULL;
	o->nenv = 0;
	o->npids = 0;
}
