// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Options stage: the values options take (optvals.h), each parsed whole
 * or refused: a size with K/M/G, a count, a decimal in a range, a pid
 * list, strace's sets of names.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decode.h"
#include "optvals.h"

int optval_word(const char *arg, const char *const *words, int n)
{
	for (int i = 0; i < n; i++)
		if (words[i] && !strcmp(arg, words[i]))
			return i;
	return -1;
}

int optval_size(const char *s, unsigned long long max, size_t *out)
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
	if (*end || v == 0 || v > max >> shift)
		return -1;
	*out = (size_t)(v << shift);
	return 0;
}

int optval_pids(const char *arg, pid_t **pids, int *npids, char *err,
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
		np = realloc(*pids, sizeof(*np) * ((size_t)*npids + 1));
		if (!np) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		*pids = np;
		np[(*npids)++] = (pid_t)v;
		p = end;
	}
	return 0;
}

int optval_count(const char *s, uint64_t *out)
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

int optval_names(const char *arg, const struct optval_name *nb, size_t n,
		 unsigned int all, unsigned int *out, char *buf, size_t buflen,
		 const char **badw)
{
	unsigned int set = 0, inv = 0;
	char *save = NULL, *w;

	while (*arg == '!') {
		inv ^= all;
		arg++;
	}
	if (!strcmp(arg, "all") || !strcmp(arg, "none")) {
		*out = (*arg == 'a' ? all : 0) ^ inv;
		return 0;
	}
	snprintf(buf, buflen, "%s", arg);
	for (w = strtok_r(buf, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
		size_t i;

		for (i = 0; i < n && strcmp(w, nb[i].name); i++)
			;
		if (i == n) {
			*badw = w;
			return -1;
		}
		set |= nb[i].bit;
	}
	if (!*arg) {
		*badw = arg;
		return -1;
	}
	*out = set ^ inv;
	return 0;
}

int optval_long(const char *s, long min, long max, long *out)
{
	char *end;

	errno = 0;
	*out = strtol(s, &end, 10);
	return errno || *end || end == s || *out < min || *out > max ? -1 : 0;
}

int optval_decode_fds(const char *arg, unsigned int *out, char *word,
		      size_t wlen)
{
	static const struct { const char *name; unsigned int bits; } words[] = {
		{ "path", DECODE_FD_PATH }, { "socket", DECODE_FD_SOCKET },
		{ "dev", DECODE_FD_DEV }, { "pidfd", DECODE_FD_PIDFD },
		{ "all", DECODE_FD_ALL }, { "none", 0 },
	};
	const char *s = arg;

	*out = 0;
	while (*s) {
		size_t n = strcspn(s, ","), i;

		for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
			if (strlen(words[i].name) == n &&
			    !strncmp(s, words[i].name, n))
				break;
		if (i == sizeof(words) / sizeof(words[0])) {
			snprintf(word, wlen, "%.*s", (int)(n < 15 ? n : 15), s);
			return -1;
		}
		*out |= words[i].bits;
		s += n;
		if (*s)
			s++;
	}
	return 0;
}

/* fd (>= FD_SEL_MAX) into s's named ones; -1 when they are full */
static int fdsel_hi(struct fd_sel *s, int fd)
{
	for (int i = 0; i < s->nhi; i++)
		if (s->hi[i] == fd)
			return 0;
	if (s->nhi >= FD_SEL_HI)
		return -1;
	s->hi[s->nhi++] = fd;
	return 0;
}

int optval_fdset(const char *arg, struct fd_sel *out, char *err,
		 size_t errlen)
{
	struct fd_sel s;
	const char *t = arg;
	int neg = 0;

	memset(&s, 0, sizeof(s));
	while (*t == '!') {
		neg = !neg;
		t++;
	}
	if (strcmp(t, "all") && strcmp(t, "none")) {
		while (1) {
			size_t n = strcspn(t, ",");
			long fd;
			char tok[24];

			if (n < sizeof(tok)) {
				memcpy(tok, t, n);
				tok[n] = '\0';
			}
			if (n >= sizeof(tok) ||
			    optval_long(tok, 0, INT32_MAX, &fd)) {
				snprintf(err, errlen, "invalid descriptor '%.*s'"
					 " (want 0 to %d, all, none; a leading !"
					 " negates)", (int)(n < 32 ? n : 32), t,
					 INT32_MAX);
				return -1;
			}
			if (fd < FD_SEL_MAX) {
				s.bits[fd / 64] |= 1ull << (fd % 64);
			} else if (fdsel_hi(&s, (int)fd)) {
				snprintf(err, errlen, "-e read=/write=: at most"
					 " %d descriptors above %d in a set",
					 FD_SEL_HI, FD_SEL_MAX - 1);
				return -1;
			}
			if (!t[n])
				break;
			t += n + 1;
		}
	} else if (!strcmp(t, "all")) {
		neg = !neg;
	}
	if (neg) {
		for (int i = 0; i < FD_SEL_MAX / 64; i++)
			s.bits[i] = ~s.bits[i];
		s.high = 1;
	}
	*out = s;
	return 0;
}

/* strace's precisions: s, ms, us, ns; their digits after the second */
int optval_precision(const char *arg, int *width)
{
	static const char *const units[] = { "s", "ms", "us", "ns" };
	int i = optval_word(arg, units, 4);

	if (i < 0)
		return -1;
	*width = 3 * i;
	return 0;
}

/*
 * --absolute-timestamps=[[format:]FORMAT][,[precision:]PRECISION]...:
 * each comma-separated token a format (none, time, unix) or a precision,
 * "format:" or "precision:" saying which; the last of each wins.  A format
 * not given stays *format (TS_NONE: time, as strace).
 */
int optval_timestamps(const char *arg, int *format, int *width)
{
	static const char *const formats[] = { "none", "time", "unix" };
	int fmt = -1, w = -1;
	const char *t = arg;

	for (;;) {
		size_t n = strcspn(t, ",");
		char tok[32], *v = tok;
		int is_fmt = 1, is_prec = 1, f = -1;

		if (n >= sizeof(tok))
			return -1;
		if (!n)		/* strace's strtok: empty tokens are none */
			goto next;
		memcpy(tok, t, n);
		tok[n] = '\0';

		if (!strncasecmp(v, "format:", 7)) {
			v += 7;
			is_prec = 0;
		} else if (!strncasecmp(v, "precision:", 10)) {
			v += 10;
			is_fmt = 0;
		}
		for (int i = 0; is_fmt && i < 3; i++)
			if (!strcasecmp(v, formats[i]))
				f = i;
		if (f >= 0)
			fmt = f;
		else if (!is_prec || optval_precision(v, &w))
			return -1;
next:
		if (!t[n])
			break;
		t += n + 1;
	}
	if (fmt >= 0)
		*format = fmt;
	else if (*format == 0)
		*format = 1;
	if (w >= 0)
		*width = w;
	return 0;
}

/*
 * -O's OVERHEAD[UNIT], as strace reads it: a count or a decimal (1.5,
 * 4.5e2), then s, ms, us or ns (none: us); in ns, at most 10^18
 */
int optval_overhead(const char *s, uint64_t *ns)
{
	static const char *const units[] = { "s", "ms", "us", "ns" };
	static const double scale[] = { 1e9, 1e6, 1e3, 1 };
	size_t flen = strspn(s, "eE.-+0123456789");
	char *end;
	double v;
	int u = 2;

	errno = 0;
	v = strtod(s, &end);
	/* decimal digits only: no "inf", "nan" or hex float */
	if (end == s || (size_t)(end - s) > flen || errno || v < 0)
		return -1;
	if (*end && (u = optval_word(end, units, 4)) < 0)
		return -1;
	v *= scale[u];
	if (v > 1e18)
		return -1;
	*ns = (uint64_t)v;
	return 0;
}

int optval_interruptible(const char *arg)
{
	static const char *const words[] = {
		"anywhere", "waiting", "never", "never_tstp", "always",
	};
	static const char *const nums[] = { "1", "2", "3", "4" };
	int v = optval_word(arg, words, 5);

	if (v < 0)
		v = optval_word(arg, nums, 4);
	return v < 0 ? -1 : v == 4 ? 1 : v + 1;
}
