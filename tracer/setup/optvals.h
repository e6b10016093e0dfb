/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Options stage: the values options take.  Each returns 0, or -1 when
 * the whole text is not a valid value (nothing partly taken).
 */
#ifndef ETRACE_OPTVALS_H
#define ETRACE_OPTVALS_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "select.h"

/* a byte size: digits, then K, M or G (B or iB after it allowed), 1..max */
int optval_size(const char *s, unsigned long long max, size_t *out);
/* the index of arg among the n words, or -1 */
int optval_word(const char *arg, const char *const *words, int n);
/*
 * strace's -I: 1 or anywhere (or always), 2 or waiting, 3 or never, 4 or
 * never_tstp; the level, or -1
 */
int optval_interruptible(const char *arg);
/* an unsigned decimal */
int optval_count(const char *s, uint64_t *out);
/* a decimal in [min, max] */
int optval_long(const char *s, long min, long max, long *out);
/* strace's precision: s, ms, us or ns, as the digits after the second */
int optval_precision(const char *arg, int *width);
/*
 * strace's --absolute-timestamps=[[format:]none|time|unix][,[precision:]
 * s|ms|us|ns]: *format (0 none, 1 time, 2 unix: enum ts_format) and *width
 * set from it; a format not given keeps *format, or time if it was none
 */
int optval_timestamps(const char *arg, int *format, int *width);
/* -O's OVERHEAD[UNIT]: s, ms, us (the default) or ns; in ns */
int optval_overhead(const char *s, uint64_t *ns);
/* -p's "PID[,PID...]" added to *pids (realloc'd); the message in err */
int optval_pids(const char *arg, pid_t **pids, int *npids, char *err,
		size_t errlen);

/*
 * strace's sets of names (qualify_tokens): a comma list, "all" or
 * "none", each leading "!" inverting.  Bits of all's in *out; -1 with
 * the first unknown name in *badw (a copy in buf).
 */
struct optval_name {
	const char *name;
	unsigned int bit;
};

int optval_names(const char *arg, const struct optval_name *nb, size_t n,
		 unsigned int all, unsigned int *out, char *buf, size_t buflen,
		 const char **badw);
/* --decode-fds's path,socket,dev,pidfd,all,none: DECODE_FD_* bits; the
   unknown word (cut at wlen) in word */
int optval_decode_fds(const char *arg, unsigned int *out, char *word,
		      size_t wlen);

/*
 * -e read=, -e write=: strace's set of descriptors (numbers, "all",
 * "none", a comma list, each leading "!" inverting), replacing *out; -1
 * with the line naming the token at fault in err
 */
int optval_fdset(const char *arg, struct fd_sel *out, char *err,
		 size_t errlen);

#endif
