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
