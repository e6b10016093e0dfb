// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Options stage: what options imply for each other, and which cannot go
 * together (options.h), once the command line is read; what `etrace
 * record` and `etrace report` take of them and refuse (a recording keeps
 * every option word but -o FILE, so that a report reads them as the live
 * trace would have, its own output options added).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decode.h"
#include "options.h"
#include "plan.h"
#include "quiet.h"
#include "rules.h"
#include "sink.h"

static int said(char *err, size_t errlen, const char *fmt, const char *arg)
{
	snprintf(err, errlen, fmt, arg);
	return -1;
}

/* what options imply for each other */
void opt_imply(struct options *o)
{
	if ((o->sum_by || o->hist || o->interval) && !o->summary)
		o->summary = 1;	/* --by, --hist, --interval imply -c */
	/* -t, -tt, -ttt: strace's time, time,us and unix,us */
	if (o->tstamp && !o->ts_long && o->tstamp <= 3) {
		o->ts_format = o->tstamp == 3 ? TS_UNIX : TS_TIME;
		o->ts_width = o->tstamp == 1 ? 0 : 6;
	}
	o->lines = o->summary != 1 && !o->folded && !o->flamegraph &&
		   !o->spawns;
	/* folded stacks and flame graphs need stacks */
	o->stack_lines = o->stack;
	if ((o->folded || o->flamegraph || o->spawns || o->stack_perf) &&
	    !o->stack)
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
	/* a selection is made among every task: system-wide; or among a
	   tree's (-p PID --tree), which bounds it */
	if (targets_any(&o->targets) && !o->npids)
		o->system_wide = 1;
	o->targets.k.within = targets_any(&o->targets) && o->tree;
	/* --errno: the calls that failed so; -Z: with any errno */
	targets_imply_status(&o->targets, &o->status);
	if (!o->stack_size)
		o->stack_size = 8192;
	/* -e inject=: as strace, only the traced syscalls are injected */
	for (int nr = 0; o->inject.by_nr && nr < INJ_NR_MAX; nr++)
		if (o->inject.by_nr[nr].flags && !sel_has(&o->sel, nr)) {
			memset(&o->inject.by_nr[nr], 0,
			       sizeof(o->inject.by_nr[nr]));
			o->inject.n--;
		}
	/* -y: paths; -yy: everything (strace's --decode-fds=all) */
	if (o->yflag)
		o->decode_fds |= o->yflag > 1 ? DECODE_FD_ALL : DECODE_FD_PATH;
	/* -q, -qq, -qqq: strace's sets */
	if (!o->quiet_qual)
		o->quiet_set = o->quiet == 1 ? QUIET_ATTACH | QUIET_PERSONALITY :
			       o->quiet == 2 ? QUIET_ATTACH | QUIET_PERSONALITY |
					       QUIET_EXIT :
			       o->quiet >= 3 ? QUIET_ALL : 0;
}

/*
 * --stack=perf is the trace, a block per call: what writes another
 * stream, or a table or report into it, cannot go with it
 */
static const char *perf_excludes(const struct options *o)
{
	if (o->json)
		return "--stack=perf and --json are two formats of the trace:"
		       " choose one";
	if (o->summary)
		return "--stack=perf writes the trace's stacks: not with -c"
		       " or -C";
	if (o->folded)
		return "--stack=perf and --stack=folded exclude each other";
	if (o->spawns)
		return "--stack=perf and --spawns exclude each other";
	if (o->follow == 2)
		return "--stack=perf writes one stream: -ff does not apply"
		       " (use -f)";
	return NULL;
}

/*
 * -e inject=/fault=: a seccomp filter in the command etrace starts,
 * the skipped calls' lines written by the BPF ring's program
 */
static const char *inject_excludes(const struct options *o)
{
	if (!o->cmd || o->npids || o->system_wide)
		return "-e inject= and -e fault= need a command etrace starts"
		       " (a filter cannot be put into a running process): not"
		       " with -p, -a, --comm, --uid or --cgroup";
	if (o->no_bpf)
		return "-e inject= and -e fault=: the injected calls' lines"
		       " are the BPF program's: not with --no-bpf";
	if (o->stack || o->ntps)
		return "-e inject= and -e fault=: the injected calls' lines"
		       " are the BPF ring's: not with stacks (-k, --stack,"
		       " --spawns, --flamegraph) or tracepoints in -e trace=";
	if (o->paths.n)
		return "-e inject= and -e fault= with -P: etrace decides before"
		       " the call which paths it names";
	return NULL;
}

/*
 * -b execve: the ring program ends a process's tracing at its exec, in
 * the kernel, so that nothing it does after is recorded
 */
static const char *detach_excludes(const struct options *o)
{
	if (!o->cmd || o->npids || o->system_wide)
		return "-b execve detaches what etrace started at its exec:"
		       " with a command, not with -p, -a or a selection";
	if (o->no_bpf || o->stack || o->ntps)
		return "-b execve: the detach is made by the BPF ring's"
		       " program: not with --no-bpf, stacks (-k, --stack,"
		       " --spawns, --flamegraph) or tracepoints in -e trace=";
	if (o->kill_on_exit)
		return "--kill-on-exit kills what etrace traces: -b execve"
		       " detaches it";
	return NULL;
}

/* options that cannot go together; 0 or -1 with err set */
int opt_check(struct options *o, char *err, size_t errlen)
{
	const char *why = NULL;

	if (o->stack > 2)
		why = "-k given more than twice";
	else if (o->xflag && o->xhex_given)
		why = "-x and --strings-in-hex cannot be provided simultaneously";
	else if (o->xflag > 2)
		why = "-x given more than twice";
	else if (o->yflag > 2)
		why = "-y given more than twice";
	else if (o->paths.n && o->summary)
		why = "-P selects lines: -c's and -C's counts are of every call";
	else if (o->paths.n && o->no_bpf)
		why = "-P needs the BPF program (it reads the calls' paths and"
		      " fds): not with --no-bpf";
	else if ((fdsel_any(&o->dump_rd) || fdsel_any(&o->dump_wr)) &&
		 o->no_bpf)
		why = "-e read=/write= dump the BPF program's copies of the"
		      " data: not with --no-bpf";
	else if (o->stack_bpf + o->stack_fp + o->stack_dwarf > 1)
		why = "--stack=bpf, --stack=fp and --stack=dwarf are three"
		      " unwinders: choose one";
	else if (o->stack_bpf && o->no_bpf)
		why = "--stack=bpf unwinds in a BPF program: not with --no-bpf";
	else if (o->tstamp > 3)
		why = "-t given more than three times";
	else if (o->tstamp && o->ts_long)
		why = "-t and --absolute-timestamps cannot be provided"
		      " simultaneously";
	else if (o->follow > 2)
		why = "-f given more than twice";
	else if (o->follow == 2 && o->outfile &&
		 (o->outfile[0] == '|' || o->outfile[0] == '!'))
		why = "-ff writes a file per process: not with -o |COMMAND";
	else if (o->quiet && o->quiet_qual)
		why = "-q and -e quiet/--quiet cannot be provided simultaneously";
	else if (o->json && o->follow == 2)
		why = "--json writes one stream: -ff does not apply (use -f)";
	else if (o->list)
		why = o->cmd && o->cmd[1] ? "-l takes one pattern ('sched:*')" :
		      NULL;
	else if (!o->cmd && !o->npids && !o->system_wide)
		why = "must have a command, -p PID or -a (see etrace -h)";
	else if (o->user && !o->cmd)
		return said(err, errlen, "-u %s: there is no command to run as"
			    " that user", o->user);
	else if (o->nenv && !o->cmd)
		return said(err, errlen, "-E %s: there is no command to run"
			    " with it", o->env[0]);
	else if (o->append && !o->outfile)
		why = "-A appends to the -o FILE: there is none";
	else if (o->system_wide && o->npids)
		why = "-a and -p exclude each other";
	else if (o->kill_on_exit && o->npids)
		why = "--kill-on-exit and -p exclude each other (as strace's):"
		      " etrace kills only what it starts";
	else if (o->kill_on_exit && !o->cmd)
		why = "--kill-on-exit: there is no command to kill";
	else if (o->timeline && o->summary == 1)
		why = "--timeline writes every call: -c counts them without"
		      " records (use -C for the table and the calls)";
	else if (o->timeline && o->outfile && !strcmp(o->timeline, o->outfile))
		why = "--timeline and -o name the same file";
	else if (o->no_python && !o->stack)
		why = "--no-python-frames: there are no stacks (-k, --stack,"
		      " --spawns, --flamegraph)";
	else if (o->sum_wall && !o->summary)
		why = "-w (wall-clock time in -c's table) needs -c or -C";
	else if (o->overhead_given && !o->summary)
		why = "-O (time taken from each call in -c's table) needs -c"
		      " or -C";
	else if (o->color == COLOR_ALWAYS && (o->json || o->stack_perf))
		why = "--color=always: JSON Lines and --stack=perf are never"
		      " coloured";
	else if (o->context && (o->status & STATUS_SUCCESSFUL))
		why = "--context N shows the calls before each one shown that"
		      " others were hidden from: it needs -Z, --errno or -e"
		      " status= without successful";
	else if (o->context && (o->stack || o->summary == 1))
		why = o->stack ? "--context: the stacks of the calls before are"
				 " not kept (-k, --stack)" :
				 "--context: -c prints no calls";
	else if (o->stack_perf)
		why = perf_excludes(o);
	else if (o->inject.by_nr && (why = inject_excludes(o)))
		;
	else if (o->detach_exec && (why = detach_excludes(o)))
		;
	else
		why = targets_refuse(&o->targets, &(struct targets_with){
			o->tree, o->npids, o->stack, o->ntps, o->lines,
			o->no_bpf,
			!o->stack_dwarf && !o->stack_fp && !o->kstack &&
			!o->spawns && !o->stack_perf && o->summary != 1,
			o->status, o->cmd != NULL });
	if (why)
		snprintf(err, errlen, "%s", why);
	return why ? -1 : 0;
}

/* record: the options whose product is made at report time */
static const char *record_refused(const struct options *o)
{
	if (o->summary)
		return "-c and -C are etrace report's (the recording keeps the"
		       " exact counts)";
	/*
	 * -k: the stack bytes are in the records, unwound by the report
	 * with the files mapped (opened only if still the inode that was
	 * mapped); -p's and -a's mappings made before the recording are
	 * read from /proc, not recorded
	 */
	if (o->stack && (o->npids || o->system_wide))
		return "-k with -p or -a: the mappings made before the"
		       " recording are not recorded yet (record a command)";
	if (o->stack_fp || o->stack_bpf || o->kstack)
		return "--stack=fp, --stack=bpf and --kstack are not recorded"
		       " yet (-k is)";
	if (o->follow == 2)
		return "-ff: one file per process is not recorded";
	if (o->outfile && (o->outfile[0] == '|' || o->outfile[0] == '!'))
		return "-o |COMMAND: a recording is a file (seekable, for"
		       " etrace report)";
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
	if (o->inject.by_nr)
		return "-e inject= and -e fault= are not recorded";
	if (o->detach_exec)
		return "-b execve is not recorded";
	return NULL;
}

/*
 * w is the long option name as getopt_long takes it, its unique prefix of at
 * least min characters too: 1 (its value follows), 2 (--name=value), 0
 */
static int long_word(const char *w, const char *name, size_t min)
{
	size_t n = strcspn(w, "=");

	if (n < min || n > strlen(name) || strncmp(w, name, n))
		return 0;
	return w[n] == '=' ? 2 : 1;
}

/* record: the option words, up to the command, but -o FILE and "--" */
static int record_words(int argc, char **argv, const struct options *o,
			struct recording_conf *rcf)
{
	int k = o->cmd ? (int)(o->cmd - argv) : argc, n = 0, lw;

	rcf->words = calloc((size_t)argc + 1, sizeof(char *));
	if (!rcf->words)
		return -1;
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
		/* the flight recorder's: not the report's to read */
		lw = long_word(w, "--flight-recorder", 5) ?:
		     long_word(w, "--trigger", 5) ?:
		     long_word(w, "--after", 4);
		if (lw) {
			i += lw == 1;	/* its value is the next word */
			continue;
		}
		rcf->words[n++] = argv[i];
	}
	rcf->nwords = n;
	return 0;
}

int opt_parse_record(int argc, char **argv, struct options *o,
		     struct recording_conf *rcf, char *err, size_t errlen)
{
	const char *why;
	int r = opt_parse(argc, argv, o, err, errlen);

	if (r)
		return r;
	why = !o->outfile ? "-o FILE is needed (where the recording goes)" :
	      o->flight.ntrig && !o->flight.given ?
			    "--trigger needs --flight-recorder WINDOW" :
	      o->flight.after_ns && !o->flight.given ?
			    "--after needs --flight-recorder WINDOW" :
			    record_refused(o);
	if (why) {
		snprintf(err, errlen, "record: %s", why);
		goto out_refuse;
	}
	rcf->path = o->outfile;
	if (record_words(argc, argv, o, rcf)) {
		snprintf(err, errlen, "out of memory");
		goto out_refuse;
	}
	/* the exact table is kept for etrace report -c (a window has none) */
	o->summary = o->flight.given ? 0 : 2;
	return 0;
out_refuse:
	opt_free(o);
	return -1;
}

/* report: "report", the words of each list, then "--" and cmd, parsed */
static int report_parse(char **w1, int n1, char **w2, int n2, char **cmd,
			int ncmd, struct options *o, char *err, size_t errlen)
{
	char **argv = calloc((size_t)(n1 + n2 + ncmd + 3), sizeof(char *));
	int argc = 0, r;

	if (!argv) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	argv[argc++] = "report";
	for (int i = 0; i < n1; i++)
		argv[argc++] = w1[i];
	for (int i = 0; i < n2; i++)
		argv[argc++] = w2[i];
	if (ncmd) {
		argv[argc++] = "--";
		for (int i = 0; i < ncmd; i++)
			argv[argc++] = cmd[i];
	}
	r = opt_parse(argc, argv, o, err, errlen);
	/* a word that is no option's begins a command before cmd's */
	if (!r && o->cmd != (ncmd ? argv + argc - ncmd : NULL)) {
		snprintf(err, errlen, "report: '%s': a report runs no command"
			 " (it reads the recording)", o->cmd ? o->cmd[0] : "");
		opt_free(o);
		r = -1;
	}
	/* o->cmd points into argv: the recording's own strings are kept */
	if (o->cmd && !r)
		o->cmd = cmd;
	free(argv);
	return r ? -1 : 0;
}

#define SAME(f)		(rec->f == all->f)
#define SAME_MEM(f)	(!memcmp(&rec->f, &all->f, sizeof(rec->f)))

/*
 * report: what it asks differently from the recording: the option that
 * needs other records, or that a report does not make, or NULL.
 */
static const char *report_refused(const struct options *rec,
				  const struct options *all)
{
	if (!SAME(stack) || !SAME(stack_fp) || !SAME(kstack) ||
	    !SAME(stack_size))
		return "-k, --stack: stacks are decided at record time";
	/* the stacks' products: made from a recording's stacks as live */
	if ((all->spawns || all->flamegraph || all->folded ||
	     all->stack_perf) && !rec->stack)
		return "--spawns, --flamegraph, --stack=folded and --stack=perf"
		       " need the recording's stacks (etrace record -k)";
	if (!SAME(follow))
		return "-f, -ff: the recording followed what it followed";
	if (!SAME(scno) || !SAME(iptr) || !SAME(pid_names))
		return "-n, -i and -Y need the records of every call: give"
		       " them to etrace record";
	if (!SAME(yflag) || !SAME(decode_fds) || !SAME_MEM(dump_rd) ||
	    !SAME_MEM(dump_wr) || !SAME(paths.n) || !SAME(no_bpf))
		return "-y, -P, -e read=, -e write= and --no-bpf are decided"
		       " at record time: give them to etrace record";
	if (!SAME(ntps))
		return "-e SYS:EVENT: the events are chosen at record time";
	if (!SAME(sum_by) || !SAME(sum_wall) || !SAME(hist) ||
	    !SAME(interval))
		return "--by, -w, --hist and --interval are counted in the"
		       " kernel: give them to etrace record";
	if (!SAME(system_wide) || !SAME(npids) || !SAME(tree) ||
	    !SAME(ring_bytes) || !SAME(nenv) || !SAME(user) ||
	    !SAME(kill_on_exit) || !SAME(ready_fd) ||
	    !SAME(targets.k.ncomm) || !SAME(targets.k.nuid) ||
	    !SAME(targets.k.ncg) || all->list)
		return "targets, -m, -u, -E, --kill-on-exit and --ready-fd"
		       " are etrace record's (-p in a report picks processes)";
	return NULL;
}

int opt_parse_report(const struct plan_report *rw, struct options *o,
		     char *err, size_t errlen)
{
	struct options rec;
	const char *why;

	if (report_parse(rw->rec, rw->nrec, NULL, 0, rw->cmd, rw->ncmd, &rec,
			 err, errlen))
		return -1;
	if (report_parse(rw->rec, rw->nrec, rw->own, rw->nown, rw->cmd,
			 rw->ncmd, o, err, errlen)) {
		opt_free(&rec);
		return -1;
	}
	why = report_refused(&rec, o);
	if (!why && rw->picks && o->summary)
		why = "-p with -c, -C: the counts are kept per syscall,"
		      " not per process";
	opt_free(&rec);
	if (why) {
		snprintf(err, errlen, "report: %s", why);
		opt_free(o);
		return -1;
	}
	/* -o is the report's: the recording's own was its file */
	return 0;
}
