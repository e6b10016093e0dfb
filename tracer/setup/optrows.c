// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Options stage: argv read by the option table's rows (optrows.h).
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "optrows.h"

static int *field_of(struct options *o, const struct opt_row *r)
{
	return (int *)((char *)o + r->off);
}

int opt_count(struct options *o, const struct opt_row *r, const char *arg,
	      struct opt_ctx *cx)
{
	(*field_of(o, r))++;
	return 0;
}

int opt_set(struct options *o, const struct opt_row *r, const char *arg,
	    struct opt_ctx *cx)
{
	*field_of(o, r) = r->val;
	return 0;
}

int opt_bad(struct opt_ctx *cx, const char *fmt, const char *arg)
{
	snprintf(cx->err, cx->errlen, fmt, arg);
	return -1;
}

/* getopt_long's tables, from the rows */
static void getopt_tables(const struct opt_row *rows, size_t n,
			  struct option *longopts, char *shortopts)
{
	size_t nl = 0;
	char *s = shortopts;

	/* "+": stop at the command; ":": say which argument is missing */
	*s++ = '+';
	*s++ = ':';
	for (size_t i = 0; i < n; i++) {
		const struct opt_row *r = &rows[i];

		if (r->name)
			longopts[nl++] = (struct option){ r->name, r->has_arg,
							  NULL, r->key };
		if (r->key >= LONG_ONLY)
			continue;
		*s++ = (char)r->key;
		if (r->has_arg == required_argument)
			*s++ = ':';
	}
	*s = '\0';
	longopts[nl] = (struct option){ NULL, 0, NULL, 0 };
}

int optrows_parse(const struct opt_row *rows, size_t n, int argc, char **argv,
		  struct options *o, char *err, size_t errlen)
{
	struct option longopts[n + 1];
	char shortopts[2 * n + 3];
	struct opt_ctx cx = { err, errlen, 0 };
	int c, r;

	getopt_tables(rows, n, longopts, shortopts);
	opterr = 0;
	/*
	 * 0, not 1: glibc then forgets where it was inside a group of short
	 * options ("-qX"), which otherwise points into a previous argv
	 */
	optind = 0;
	while ((c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1) {
		const struct opt_row *row = NULL;

		for (size_t i = 0; i < n && !row; i++)
			if (rows[i].key == c)
				row = &rows[i];
		if (c == ':') {
			snprintf(err, errlen, "option '%s' needs an argument",
				 argv[optind - 1]);
			return -1;
		}
		if (!row) {
			if (optopt)
				snprintf(err, errlen, "invalid option '-%c'",
					 optopt);
			else
				snprintf(err, errlen, "invalid option '%s'",
					 argv[optind - 1]);
			return -1;
		}
		r = row->fn(o, row, optarg, &cx);
		if (r)
			return r;
	}
	return 0;
}

int optrows_check(const struct opt_row *rows, size_t n, char *err,
		  size_t errlen)
{
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++) {
			const struct opt_row *a = &rows[i], *b = &rows[j];

			if (a->key == b->key ||
			    (a->name && b->name && !strcmp(a->name, b->name))) {
				snprintf(err, errlen, "option rows %zu (%s) and"
					 " %zu (%s) share a key or a name", i,
					 a->name ? a->name : "-", j,
					 b->name ? b->name : "-");
				return -1;
			}
		}
	return 0;
}
