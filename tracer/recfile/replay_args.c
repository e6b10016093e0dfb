// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Recording stage: `etrace report -i FILE [options]`.  A report reads
 * the recording with the options it was made with (kept in it), to which
 * its own are added: how lines look (-t, -T, -r, -x, -X, -v, -s, -j,
 * -o), which calls are shown (-e trace=, -e status=, -z, -Z, --errno,
 * --duration, -e signal=, -p: only these processes), the table (-c,
 * -C, -S).  What would need other records (-y, -n, -i, -Y, -k, ...)
 * was decided at record time: asking for it differently is refused, as
 * is any output a report cannot make yet.  Nothing is accepted and
 * ignored.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay_args.h"
#include "usage.h"

void report_args_free(struct report_args *a)
{
	free(a->words);
	free(a->pids);
	memset(a, 0, sizeof(*a));
}

/* -p LIST: numbers, comma-separated; 0 or -1 */
static int pids_add(struct report_args *a, const char *list)
{
	char *copy = strdup(list), *save = NULL;
	int r = 0;

	if (!copy)
		return -1;
	for (char *w = strtok_r(copy, ",", &save); w && !r;
	     w = strtok_r(NULL, ",", &save)) {
		char *end;
		long v = strtol(w, &end, 10);
		pid_t *np;

		if (*end || v <= 0 || v > 0x3fffffff) {
			r = -1;
			break;
		}
		np = realloc(a->pids, sizeof(*np) * (size_t)(a->npids + 1));
		if (!np) {
			r = -1;
			break;
		}
		a->pids = np;
		a->pids[a->npids++] = (pid_t)v;
	}
	free(copy);
	return r;
}

/* WORD VALUE, WORD=VALUE (long) or -xVALUE (short): its value, or NULL */
static const char *value_of(int argc, char **argv, int *i, const char *s,
			    const char *l)
{
	const char *w = argv[*i];
	size_t ll = strlen(l);

	if (!strcmp(w, s) || !strcmp(w, l))
		return *i + 1 < argc ? argv[++*i] : "";
	if (!strncmp(w, l, ll) && w[ll] == '=')
		return w + ll + 1;
	if (!strncmp(w, s, 2) && w[2])
		return w + 2;
	return NULL;
}

int report_args_split(int argc, char **argv, struct report_args *a,
		      char *err, size_t errlen)
{
	memset(a, 0, sizeof(*a));
	a->words = calloc((size_t)argc + 1, sizeof(char *));
	if (!a->words)
		goto out_nomem;
	for (int i = 1; i < argc; i++) {
		const char *v;

		if ((v = value_of(argc, argv, &i, "-i", "--input"))) {
			if (!*v || a->path) {
				snprintf(err, errlen, "report: -i FILE: %s",
					 *v ? "given twice" : "no file given");
				goto out_fail;
			}
			a->path = v;
		} else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			opt_usage(stdout);
			report_args_free(a);
			return 1;
		} else if ((v = value_of(argc, argv, &i, "-p", "--attach"))) {
			if (pids_add(a, v)) {
				snprintf(err, errlen, "report: -p %s: not a list"
					 " of process ids", v);
				goto out_fail;
			}
		} else {
			a->words[a->nwords++] = argv[i];
		}
	}
	if (!a->path) {
		snprintf(err, errlen, "report: -i FILE is needed (the"
			 " recording to read)");
		goto out_fail;
	}
	return 0;
out_nomem:
	snprintf(err, errlen, "out of memory");
out_fail:
	report_args_free(a);
	return -1;
}

/* parse: "report", the words of each list, then "--" and cmd */
static int parse_words(char **w1, int n1, char **w2, int n2, char **cmd,
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
 * What the report asks differently from the recording: the option that
 * needs other records, or that a report does not make, or NULL.
 */
static const char *report_refused(const struct options *rec,
				  const struct options *all)
{
	if (!SAME(stack) || !SAME(stack_fp) || !SAME(kstack) ||
	    !SAME(stack_size))
		return "-k, --stack: stacks are not reported yet";
	if (!SAME(spawns) || all->timeline || all->flamegraph || all->folded ||
	    all->stack_perf)
		return "--spawns, --timeline, --flamegraph, --stack=folded and"
		       " --stack=perf are not reported yet";
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

int report_options(const struct report_args *a, char **rec_words,
		   int nrec, char **cmd, int ncmd, struct options *o,
		   char *err, size_t errlen)
{
	struct options rec;
	const char *why;
	if (parse_words(rec_words, nrec, NULL, 0, cmd, ncmd, &rec, err,
			errlen))
		return -1;
	if (parse_words(rec_words, nrec, a->words, a->nwords, cmd, ncmd, o,
			err, errlen)) {
		opt_free(&rec);
		return -1;
	}
	why = report_refused(&rec, o);
	if (!why && a->npids && o->summary)
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
