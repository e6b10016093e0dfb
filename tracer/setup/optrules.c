// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Options stage: what options imply for each other, and which cannot go
 * together (options.h), once the command line is read.
 */
#include <stdio.h>
#include <string.h>

#include "decode.h"
#include "options.h"
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
	else if (o->stack_bpf && o->stack_fp)
		why = "--stack=bpf and --stack=fp are two unwinders: choose one";
	else if (o->stack_bpf && o->no_bpf)
		why = "--stack=bpf unwinds in a BPF program: not with --no-bpf";
	else if (o->tstamp > 3)
		why = "-t given more than three times";
	else if (o->tstamp && o->ts_long)
		why = "-t and --absolute-timestamps cannot be provided"
		      " simultaneously";
	else if (o->follow > 2)
		why = "-f given more than twice";
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
	else if (o->stack_perf)
		why = perf_excludes(o);
	else
		why = targets_refuse(&o->targets, &(struct targets_with){
			o->tree, o->npids, o->stack, o->ntps, o->lines,
			o->no_bpf, o->status, o->cmd != NULL });
	if (why)
		snprintf(err, errlen, "%s", why);
	return why ? -1 : 0;
}
