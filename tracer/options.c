// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Options stage: strace's flags where strace has one, perf's -a and -m.
 * Only flags that work are offered; anything else is an error naming it.
 */
#include <ctype.h>
#include <strings.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "decode.h"
#include "options.h"
#include "summary.h"

#define DEFAULT_RING_BYTES (4u << 20)
#define MAX_RING_BYTES (1ull << 30)

void opt_usage(FILE *f)
{
	fputs(
"usage: etrace [-f|-ff] [-q] [-o FILE] [-e trace=LIST] [-m SIZE] -- CMD [ARGS]\n"
"       etrace [-f|-ff] ... -p PID[,PID...] [-p PID]\n"
"       etrace -a ... [-- CMD [ARGS]]\n"
"Trace syscalls without stopping the traced program (perf_event_open).\n"
"\n"
"Targets:\n"
"  -- CMD ARGS     start CMD and trace it; exit with its status\n"
"  -u USER         run CMD as USER (uid, gid, supplementary groups)\n"
"  -p PID[,PID]    attach to running processes (all their threads)\n"
"  -a              system-wide: every process on every CPU\n"
"  -f              follow threads and children\n"
"  -ff             with -o FILE: one file per process, FILE.PID\n"
"Selection:\n"
"  -e trace=LIST   syscalls to trace: names, %file %desc %process %memory\n"
"                  %signal %network %ipc %creds %clock ..., /regex, ?name,\n"
"                  all, none; a leading ! negates the list; and events:\n"
"  -e SYS:EVENT    any tracepoint, globs allowed (sched:*, net:net_dev_xmit)\n"
"  --filter EXPR   the kernel's tracepoint filter, for the -e before it\n"
"  -l [GLOB]       list events; -l -v GLOB: with their fields\n"
"Output:\n"
"  -o FILE         write the trace to FILE\n"
"  -j, --json      JSON Lines: one object per call, event, signal, exit\n"
"  -t, -tt, -ttt   prefix lines with the time: HH:MM:SS, with usecs, epoch\n"
"  -r              prefix lines with the time since the previous line\n"
"  -T              show the time spent in each call\n"
"  -z, -Z          only calls that succeeded / failed\n"
"  -e status=LIST  successful,failed,unfinished,unavailable,detached\n"
"  -e signal=SET   signals whose delivery is shown (default all)\n"
"  --duration MS   only calls that took at least MS milliseconds\n"
"  --max-events N  stop after N calls\n"
"  -s SIZE         show SIZE bytes of strings and buffers (default 32)\n"
"  -v              every field of structs, arrays unabridged\n"
"  -x, -xx         non-printable bytes of strings in hex; all bytes\n"
"  --no-bpf        no kernel-side copies of argument memory: pointers\n"
"  -q, -qq, -qqq   quieter: no attach notes; no exit lines; nothing extra\n"
"  --ready-fd N    once tracing, write \"ready\" and a newline to fd N, close it\n"
"Stacks:\n"
"  -k, -kk         the user stack of each call, DWARF-unwound; -kk adds\n"
"                  source files and lines, and inlined frames\n"
"  --stack=fp      the kernel's frame-pointer chain instead (cheaper)\n"
"  --stack=folded  instead of the trace: counts per stack, folded format\n"
"  --stack-size N  bytes of user stack copied per event (default 8192)\n"
"  --kstack        the kernel's stack too\n"
"  --flamegraph F  write an interactive SVG flame graph of the stacks to F\n"
"  --spawns        report process creations by program, parent and origin\n"
"Summary:\n"
"  -c              count calls, errors and time per syscall (strace's table)\n"
"                  with -k: and the 20 stacks that made the most calls\n"
"  -C              like -c, and the trace too\n"
"  -S SORTBY       time (default), calls, errors, name, min-time, max-time,\n"
"                  avg-time, nothing\n"
"  -w              time is wall-clock time in the call (always, in etrace)\n"
"  --by LIST       rows per comm, pid, tid (then syscall): --by comm\n"
"  --hist          min/avg/max and a log2 histogram of latency per row\n"
"  --interval SEC  print the summary of each SEC seconds while tracing\n"
"Rings:\n"
"  -m SIZE         per-CPU ring size (default 16M, less on many CPUs; K, M)\n"
"\n"
"  -h              this help    -V  version\n", f);
}

static int parse_size(const char *s, size_t *out)
{
	char *end;
	unsigned long long v;
	unsigned int shift = 0;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || end == s || *s == '-')
		return -1;
	switch (toupper((unsigned char)*end)) {
	case 'K':
		shift = 10;
		end++;
		break;
	case 'M':
		shift = 20;
		end++;
		break;
	case 'G':
		shift = 30;
		end++;
		break;
	}
	if (toupper((unsigned char)*end) == 'B' || toupper((unsigned char)*end) == 'I')
		end++;
	/* before the shift: 17179869185G must not wrap around to 1G */
	if (*end || v == 0 || v > MAX_RING_BYTES >> shift)
		return -1;
	*out = (size_t)(v << shift);
	return 0;
}

static int add_pids(struct options *o, const char *arg, char *err,
		    size_t errlen)
{
	const char *p = arg;

	while (*p) {
		char *end;
		long v;
		pid_t *np;

		while (*p == ',' || isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		errno = 0;
		v = strtol(p, &end, 10);
		if (errno || end == p || v <= 0 || v > 0x3fffffff ||
		    (*end && *end != ',' && !isspace((unsigned char)*end))) {
			snprintf(err, errlen, "invalid process id: '%s'", arg);
			return -1;
		}
		np = realloc(o->pids, sizeof(*np) * (o->npids + 1));
		if (!np) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		o->pids = np;
		o->pids[o->npids++] = (pid_t)v;
		p = end;
	}
	return 0;
}

static int parse_status(struct options *o, const char *list, char *err,
			size_t errlen)
{
	static const char *const names[] = {
		"successful", "failed", "unfinished", "unavailable", "detached"
	};
	char *copy = strdup(list), *tok, *save = NULL;
	unsigned int set = 0;
	int negate = 0;

	if (!copy)
		return -1;
	tok = copy;
	if (*tok == '!') {
		negate = 1;
		tok++;
	}
	for (tok = strtok_r(tok, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		size_t i;

		if (!strcmp(tok, "all")) {
			set = STATUS_ALL;
			continue;
		}
		if (!strcmp(tok, "none"))
			continue;
		for (i = 0; i < 5 && strcmp(tok, names[i]); i++)
			;
		if (i == 5) {
			snprintf(err, errlen, "invalid status '%s' (want"
				 " successful, failed, unfinished, unavailable,"
				 " detached)", tok);
			free(copy);
			return -1;
		}
		set |= 1u << i;
	}
	free(copy);
	o->status = negate ? STATUS_ALL & ~set : set;
	return 0;
}

static int add_tp(struct options *o, const char *glob, char *err,
		  size_t errlen)
{
	struct tp_spec *n = realloc(o->tps, sizeof(*n) * (o->ntps + 1));
	const char *colon = strchr(glob, ':');

	if (!n) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	o->tps = n;
	if (!colon || colon == glob || !colon[1] || strchr(colon + 1, ':') ||
	    strchr(glob, '/')) {
		snprintf(err, errlen, "invalid event name '%s' (want"
			 " SYSTEM:EVENT, globs allowed)", glob);
		return -1;
	}
	o->tps[o->ntps].glob = strdup(glob);
	o->tps[o->ntps].filter = NULL;
	if (!o->tps[o->ntps].glob) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	o->ntps++;
	return 0;
}

/*
 * A trace= list may mix syscalls and tracepoints (SYSTEM:EVENT): the
 * tracepoints go to o->tps, the rest to the syscall selection.  A list of
 * tracepoints only traces no syscalls.
 */
static int parse_trace(struct options *o, const char *list, char *err,
		       size_t errlen)
{
	char *copy = strdup(list), *sc, *tok, *save = NULL;
	size_t len = 0;
	int r = 0, ntp = 0;

	if (!*list || !strcmp(list, "!")) {
		snprintf(err, errlen, "empty syscall list in trace=");
		free(copy);
		return -1;
	}
	sc = calloc(1, strlen(list) + 2);
	if (!copy || !sc) {
		free(copy);
		free(sc);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (tok = strtok_r(copy, ",", &save); tok && !r;
	     tok = strtok_r(NULL, ",", &save)) {
		if (strchr(tok, ':')) {
			r = add_tp(o, tok[0] == '!' ? tok + 1 : tok, err, errlen);
			if (!r && (tok[0] == '!' || list[0] == '!')) {
				snprintf(err, errlen, "'!' applies to syscalls,"
					 " not to events ('%s')", tok);
				r = -1;
			}
			ntp++;
			continue;
		}
		len += (size_t)sprintf(sc + len, "%s%s", len ? "," : "", tok);
	}
	if (!r && len)
		r = sel_parse(&o->sel, sc, err, errlen);
	else if (!r && ntp && !o->sel.given)
		r = sel_parse(&o->sel, "none", err, errlen);
	free(copy);
	free(sc);
	return r;
}

/* -e signal=SET: names (SIGTERM, TERM), numbers, all, none, !SET */
static int parse_signals(struct options *o, const char *list, char *err,
			 size_t errlen)
{
	char *copy = strdup(list), *tok, *save = NULL;
	uint64_t set = 0;
	int negate = 0;

	if (!copy)
		return -1;
	tok = copy;
	if (*tok == '!') {
		negate = 1;
		tok++;
	}
	for (tok = strtok_r(tok, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		char tmp[16], *end;
		long n = strtol(tok, &end, 10);
		int sig = 0;

		if (!strcmp(tok, "all")) {
			set = ~0ull;
			continue;
		}
		if (!strcmp(tok, "none"))
			continue;
		if (!*end && n >= 1 && n <= 64) {
			sig = (int)n;
		} else {
			for (int s = 1; s <= 64 && !sig; s++) {
				const char *name = signal_name(s, tmp);

				if (name && (!strcasecmp(name, tok) ||
					     !strcasecmp(name + 3, tok)))
					sig = s;
			}
		}
		if (!sig) {
			snprintf(err, errlen, "invalid signal '%s'", tok);
			free(copy);
			return -1;
		}
		set |= 1ull << (sig - 1);
	}
	free(copy);
	o->signals = negate ? ~set : set;
	return 0;
}

static int parse_e(struct options *o, const char *arg, char *err,
		   size_t errlen)
{
	const char *eq = strchr(arg, '=');
	const char *list = arg;

	if (eq) {
		size_t n = (size_t)(eq - arg);

		if (n == 6 && !strncmp(arg, "status", 6))
			return parse_status(o, eq + 1, err, errlen);
		if ((n == 6 && !strncmp(arg, "signal", 6)) ||
		    (n == 7 && !strncmp(arg, "signals", 7)) ||
		    (n == 1 && arg[0] == 's'))
			return parse_signals(o, eq + 1, err, errlen);
		if (!(n == 5 && !strncmp(arg, "trace", 5)) &&
		    !(n == 1 && arg[0] == 't')) {
			snprintf(err, errlen, "-e %.*s=: qualifier not supported"
				 " (trace=, signal= and status= are)", (int)n, arg);
			return -1;
		}
		list = eq + 1;
	}
	return parse_trace(o, list, err, errlen);
}

static int parse_count(const char *s, uint64_t *out)
{
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || end == s || *end || *s == '-')
		return -1;
	*out = v;
	return 0;
}

static int parse_argv(int argc, char **argv, struct options *o, char *err,
		      size_t errlen)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ "output", required_argument, NULL, 'o' },
		{ "follow-forks", no_argument, NULL, 'f' },
		{ "attach", required_argument, NULL, 'p' },
		{ "system-wide", no_argument, NULL, 'a' },
		{ "mmap-pages", required_argument, NULL, 'm' },
		{ "string-limit", required_argument, NULL, 's' },
		{ "no-bpf", no_argument, NULL, 'B' },
		{ "duration", required_argument, NULL, 'D' },
		{ "max-events", required_argument, NULL, 'M' },
		{ "successful-only", no_argument, NULL, 'z' },
		{ "failed-only", no_argument, NULL, 'Z' },
		{ "relative-timestamps", no_argument, NULL, 'r' },
		{ "syscall-times", no_argument, NULL, 'T' },
		{ "summary-only", no_argument, NULL, 'c' },
		{ "summary", no_argument, NULL, 'C' },
		{ "summary-sort-by", required_argument, NULL, 'S' },
		{ "summary-wall-clock", no_argument, NULL, 'w' },
		{ "by", required_argument, NULL, 'Y' },
		{ "hist", no_argument, NULL, 'H' },
		{ "interval", required_argument, NULL, 'I' },
		{ "filter", required_argument, NULL, 'F' },
		{ "list-events", no_argument, NULL, 'l' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "json", no_argument, NULL, 'j' },
		{ "stack-trace", no_argument, NULL, 'k' },
		{ "stack", optional_argument, NULL, 'K' },
		{ "stack-size", required_argument, NULL, 'Q' },
		{ "kstack", no_argument, NULL, 'G' },
		{ "flamegraph", required_argument, NULL, 'L' },
		{ "spawns", no_argument, NULL, 'P' },
		{ "user", required_argument, NULL, 'u' },
		{ "ready-fd", required_argument, NULL, 'R' },
		{ NULL, 0, NULL, 0 }
	};
	int c, e_start = 0;

	memset(o, 0, sizeof(*o));
	o->ring_bytes = DEFAULT_RING_BYTES;
	o->strsize = 32;
	o->status = STATUS_ALL;
	o->signals = ~0ull;
	o->stack_size = 0;
	o->ready_fd = -1;
	sel_all(&o->sel);
	opterr = 0;
	/*
	 * 0, not 1: glibc then forgets where it was inside a group of short
	 * options ("-qX"), which otherwise points into a previous argv
	 */
	optind = 0;
	while ((c = getopt_long(argc, argv, "+:hVfo:p:aqm:e:s:trTzZcCS:wlvjxku:", longopts,
				NULL)) != -1) {
		switch (c) {
		case 'h':
			opt_usage(stdout);
			return 1;
		case 'V':
			printf("etrace 0.1\n");
			return 1;
		case 'f':
			o->follow++;
			break;
		case 'o':
			o->outfile = optarg;
			break;
		case 'p':
			if (add_pids(o, optarg, err, errlen))
				return -1;
			break;
		case 'a':
			o->system_wide = 1;
			break;
		case 'q':
			o->quiet++;
			break;
		case 'm':
			o->ring_given = 1;
			if (parse_size(optarg, &o->ring_bytes)) {
				snprintf(err, errlen, "invalid ring size '%s'"
					 " (want e.g. 64K, 1M, up to 1G)", optarg);
				return -1;
			}
			break;
		case 'e':
			e_start = o->ntps;
			if (parse_e(o, optarg, err, errlen))
				return -1;
			break;
		case 's': {
			char *end;
			long v;

			errno = 0;
			v = strtol(optarg, &end, 10);
			if (errno || *end || end == optarg || v < 0 || v > 4096) {
				snprintf(err, errlen, "invalid -s size '%s'"
					 " (want 0 to 4096)", optarg);
				return -1;
			}
			o->strsize = (int)v;
			break;
		}
		case 'B':
			o->no_bpf = 1;
			break;
		case 't':
			o->tstamp++;
			break;
		case 'r':
			o->relative = 1;
			break;
		case 'T':
			o->show_time = 1;
			break;
		case 'z':
			o->status = STATUS_SUCCESSFUL;
			break;
		case 'Z':
			o->status = STATUS_FAILED;
			break;
		case 'D': {
			char *end;
			double ms;

			errno = 0;
			ms = strtod(optarg, &end);
			/* written so that NaN fails too (its cast is undefined) */
			if (errno || end == optarg || *end || !(ms >= 0 && ms <= 1e9)) {
				snprintf(err, errlen, "invalid --duration '%s'"
					 " (milliseconds)", optarg);
				return -1;
			}
			o->duration_ns = (uint64_t)(ms * 1e6);
			break;
		}
		case 'c':
			o->summary = 1;
			break;
		case 'C':
			o->summary = 2;
			break;
		case 'w':
			break;	/* etrace's time in a call is always wall time */
		case 'S':
			o->sort = summary_sort_by_name(optarg);
			if (o->sort < 0) {
				snprintf(err, errlen, "invalid -S '%s' (want time,"
					 " calls, errors, name, min-time, max-time,"
					 " avg-time, nothing)", optarg);
				return -1;
			}
			break;
		case 'Y': {
			int by = summary_by_parse(optarg);

			if (by < 0) {
				snprintf(err, errlen, "invalid --by '%s' (want a"
					 " list of comm, pid, tid, syscall, event)",
					 optarg);
				return -1;
			}
			o->sum_by = (unsigned int)by;
			break;
		}
		case 'H':
			o->hist = 1;
			break;
		case 'F':
			if (e_start >= o->ntps) {
				snprintf(err, errlen, "--filter '%s' must follow"
					 " an -e SYSTEM:EVENT", optarg);
				return -1;
			}
			/* it applies to the events of the last -e */
			for (int i = e_start; i < o->ntps; i++) {
				free(o->tps[i].filter);
				o->tps[i].filter = strdup(optarg);
			}
			break;
		case 'l':
			o->list = 1;
			break;
		case 'j':
			o->json = 1;
			break;
		case 'x':
			o->xflag++;
			break;
		case 'k':
			o->stack++;
			break;
		case 'K':
			if (!optarg || !strcmp(optarg, "dwarf")) {
				o->stack = o->stack ? o->stack : 1;
			} else if (!strcmp(optarg, "fp")) {
				o->stack = o->stack ? o->stack : 1;
				o->stack_fp = 1;
			} else if (!strcmp(optarg, "folded")) {
				o->folded = 1;
			} else {
				snprintf(err, errlen, "invalid --stack '%s' (want"
					 " dwarf, fp or folded)", optarg);
				return -1;
			}
			break;
		case 'Q': {
			char *end;
			long v;

			errno = 0;
			v = strtol(optarg, &end, 10);
			if (errno || *end || v < 64 || v > 65528 || v % 8) {
				snprintf(err, errlen, "invalid --stack-size '%s'"
					 " (a multiple of 8 from 64 to 65528)", optarg);
				return -1;
			}
			o->stack_size = (uint32_t)v;
			break;
		}
		case 'G':
			o->kstack = 1;
			break;
		case 'L':
			o->flamegraph = optarg;
			break;
		case 'P':
			o->spawns = 1;
			break;
		case 'u':
			o->user = optarg;
			break;
		case 'v':
			o->verbose++;
			break;
		case 'I': {
			char *end;

			errno = 0;
			o->interval = strtod(optarg, &end);
			if (errno || end == optarg || *end ||
			    !(o->interval >= 0.01 && o->interval <= 86400)) {
				snprintf(err, errlen, "invalid --interval '%s'"
					 " (seconds, 0.01 or more)", optarg);
				return -1;
			}
			break;
		}
		case 'R': {
			char *end;
			long v;

			errno = 0;
			v = strtol(optarg, &end, 10);
			if (errno || *end || end == optarg || v < 0 || v > 1 << 30) {
				snprintf(err, errlen, "invalid --ready-fd '%s'"
					 " (a file descriptor number)", optarg);
				return -1;
			}
			o->ready_fd = (int)v;
			break;
		}
		case 'M':
			if (parse_count(optarg, &o->max_events) || !o->max_events) {
				snprintf(err, errlen, "invalid --max-events '%s'"
					 " (a positive number)", optarg);
				return -1;
			}
			break;
		case ':':
			snprintf(err, errlen, "option '%s' needs an argument",
				 argv[optind - 1]);
			return -1;
		default:
			if (optopt)
				snprintf(err, errlen, "invalid option '-%c'",
					 optopt);
			else
				snprintf(err, errlen, "invalid option '%s'",
					 argv[optind - 1]);
			return -1;
		}
	}
	if (optind < argc)
		o->cmd = argv + optind;
	if ((o->sum_by || o->hist || o->interval) && !o->summary)
		o->summary = 1;	/* --by, --hist, --interval imply -c */
	o->lines = o->summary != 1 && !o->folded && !o->flamegraph &&
		   !o->spawns;
	/* folded stacks and flame graphs need stacks */
	o->stack_lines = o->stack;
	if ((o->folded || o->flamegraph || o->spawns) && !o->stack)
		o->stack = 1;
	/* --spawns alone: only the calls that make processes are traced */
	if (o->spawns && !o->sel.given && !o->folded && !o->flamegraph &&
	    !o->stack_lines) {
		char e2[64];

		sel_parse(&o->sel, "execve,execveat,clone,clone3,fork,vfork", e2,
			  sizeof(e2));
		o->sel.given = 0;
	}
	if (o->kstack && !o->stack)
		o->stack = 1;
	if (!o->stack_size)
		o->stack_size = 8192;
	if (o->stack > 2) {
		snprintf(err, errlen, "-k given more than twice");
		return -1;
	}
	if (o->xflag > 2) {
		snprintf(err, errlen, "-x given more than twice");
		return -1;
	}
	if (o->tstamp > 3) {
		snprintf(err, errlen, "-t given more than three times");
		return -1;
	}
	if (o->follow > 2) {
		snprintf(err, errlen, "-f given more than twice");
		return -1;
	}
	if (o->json && o->follow == 2) {
		snprintf(err, errlen, "--json writes one stream: -ff does not"
			 " apply (use -f)");
		return -1;
	}
	if (o->list) {
		if (o->cmd && o->cmd[1]) {
			snprintf(err, errlen, "-l takes one pattern ('sched:*')");
			return -1;
		}
		return 0;
	}
	if (!o->cmd && !o->npids && !o->system_wide) {
		snprintf(err, errlen, "must have a command, -p PID or -a"
			 " (see etrace -h)");
		return -1;
	}
	if (o->user && !o->cmd) {
		snprintf(err, errlen, "-u %s: there is no command to run as"
			 " that user", o->user);
		return -1;
	}
	if (o->system_wide && o->npids) {
		snprintf(err, errlen, "-a and -p exclude each other");
		return -1;
	}
	return 0;
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
	for (int i = 0; i < o->ntps; i++) {
		free(o->tps[i].glob);
		free(o->tps[i].filter);
	}
	free(o->tps);
	o->tps = NULL;
	o->ntps = 0;
	free(o->pids);
	o->pids = NULL;
	o->npids = 0;
}
