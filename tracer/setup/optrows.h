/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Options stage: the rows the option table is made of, and the reading of
 * argv by them (getopt_long's tables made from the rows, each option
 * handed to its row's function).  Knows nothing of what the options mean:
 * struct options stays in options.c, the table's one owner.
 */
#ifndef ETRACE_OPTROWS_H
#define ETRACE_OPTROWS_H

#include <stddef.h>

struct options;

struct opt_ctx {
	char *err;
	size_t errlen;
	int e_start;		/* the events the last -e added start here */
};

struct opt_row;
/* 0, 1 to exit 0 (help, version), -1 with err set */
typedef int opt_fn(struct options *o, const struct opt_row *r,
		   const char *arg, struct opt_ctx *cx);

struct opt_row {
	const char *name;	/* --name, or NULL */
	int key;		/* -k; long-only: LONG_ONLY + n */
	int has_arg;		/* no_argument, required_argument, ... */
	opt_fn *fn;
	size_t off;		/* the int of struct options it sets */
	int val;		/* what opt_set sets it to */
};

#define LONG_ONLY 256

/* -f, -q, -t, -x, -k, -v: given again, more of it */
int opt_count(struct options *o, const struct opt_row *r, const char *arg,
	      struct opt_ctx *cx);
/* the row's int set to its val */
int opt_set(struct options *o, const struct opt_row *r, const char *arg,
	    struct opt_ctx *cx);
/* -1, with fmt (one %s: arg) in cx's err */
int opt_bad(struct opt_ctx *cx, const char *fmt, const char *arg);

/*
 * argv read by the n rows into o: 0 (the command, if any, from optind),
 * 1 when a row says exit 0, or -1 with one line in err
 */
int optrows_parse(const struct opt_row *rows, size_t n, int argc, char **argv,
		  struct options *o, char *err, size_t errlen);
/* no two rows share a key or a long name: 0, or -1 naming them in err */
int optrows_check(const struct opt_row *rows, size_t n, char *err,
		  size_t errlen);

#endif
