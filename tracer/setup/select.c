// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Events stage: -e's qualifiers.  trace=LIST to a set of syscall numbers
 * (the classes, %file, %network, ..., come from the classes column of
 * syscalls.tbl) and tracepoints; signal=SET; status=LIST.  As in strace,
 * each trace= replaces the previous one, and a leading "!" negates the
 * whole list.
 */
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "decode.h"
#include "select.h"
#include "rules.h"
#include "sysent.h"

static void sel_set(struct sc_select *s, long nr, int on)
{
	if (nr < 0 || nr >= SC_NR_MAX)
		return;
	if (on)
		s->bits[nr / 64] |= 1ull << (nr % 64);
	else
		s->bits[nr / 64] &= ~(1ull << (nr % 64));
}

void sel_all(struct sc_select *s)
{
	memset(s->bits, 0xff, sizeof(s->bits));
	s->others = 1;
	s->given = 0;
}

int sel_count(const struct sc_select *s)
{
	int n = 0;

	for (unsigned int nr = 0; nr < sc_table_size && nr < SC_NR_MAX; nr++)
		n += sel_has(s, nr) && sc_table[nr].name;
	return n;
}

int sel_count_all(void)
{
	struct sc_select all;

	sel_all(&all);
	return sel_count(&all);
}

static int add_regex(struct sc_select *s, const char *re, char *err,
		     size_t errlen)
{
	regex_t rx;
	int r = regcomp(&rx, re, REG_EXTENDED | REG_NOSUB);
	int n = 0;

	if (r) {
		char msg[128];

		regerror(r, &rx, msg, sizeof(msg));
		snprintf(err, errlen, "invalid regular expression '%s': %s",
			 re, msg);
		return -1;
	}
	for (unsigned int nr = 0; nr < sc_table_size; nr++) {
		if (sc_table[nr].name &&
		    !regexec(&rx, sc_table[nr].name, 0, NULL, 0)) {
			sel_set(s, nr, 1);
			n++;
		}
	}
	regfree(&rx);
	if (!n) {
		snprintf(err, errlen, "no system call matches '%s'", re);
		return -1;
	}
	return 0;
}

static int add_word(struct sc_select *s, const char *w, char *err,
		    size_t errlen)
{
	int optional = 0;
	long nr;
	int cls;

	if (*w == '?') {
		optional = 1;
		w++;
	}
	if (!strcmp(w, "all")) {
		sel_all(s);
		return 0;
	}
	if (!strcmp(w, "none"))
		return 0;
	if (*w == '/')
		return add_regex(s, w + 1, err, errlen);
	/* a number, as strace: a syscall the table has */
	if (*w >= '0' && *w <= '9') {
		char *end;
		unsigned long v = strtoul(w, &end, 10);

		if (!*end && v < sc_table_size && sc_table[v].name) {
			sel_set(s, (long)v, 1);
			return 0;
		}
	}
	nr = sc_by_name(w);
	if (nr >= 0) {
		sel_set(s, nr, 1);
		return 0;
	}
	cls = sc_class_by_name(w);
	if (cls >= 0) {
		for (unsigned int i = 0; i < sc_table_size; i++)
			if (sc_table[i].name && sc_table[i].classes >> cls & 1)
				sel_set(s, i, 1);
		return 0;
	}
	if (optional)
		return 0;
	if (*w == '%')
		snprintf(err, errlen, "invalid syscall class '%s'", w);
	else
		snprintf(err, errlen, "invalid system call '%s'", w);
	return -1;
}

int sel_parse(struct sc_select *s, const char *expr, char *err,
	      size_t errlen)
{
	struct sc_select set;
	int negate = 0;
	char *copy, *tok, *save = NULL;

	memset(&set, 0, sizeof(set));
	if (*expr == '!') {
		negate = 1;
		expr++;
	}
	if (!*expr) {
		snprintf(err, errlen, "empty syscall list in trace=");
		return -1;
	}
	copy = strdup(expr);
	if (!copy) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (tok = strtok_r(copy, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		if (add_word(&set, tok, err, errlen)) {
			free(copy);
			return -1;
		}
	}
	free(copy);
	if (negate) {
		sel_all(s);
		for (int i = 0; i < SC_NR_MAX / 64; i++)
			s->bits[i] &= ~set.bits[i];
		s->others = !set.others;
	} else {
		*s = set;
	}
	s->given = 1;
	return 0;
}

/* --- -e: trace=, signal=, status= ------------------------------ */

static int parse_status(const struct sel_quals *q, const char *list, char *err,
			size_t errlen)
{
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
		for (i = 0; i < ST__COUNT && strcmp(tok, status_names[i]); i++)
			;
		if (i == ST__COUNT) {
			snprintf(err, errlen, "invalid status '%s' (want"
				 " successful, failed, unfinished, unavailable,"
				 " detached)", tok);
			free(copy);
			return -1;
		}
		set |= 1u << i;
	}
	free(copy);
	*q->status = negate ? STATUS_ALL & ~set : set;
	return 0;
}

static int add_tp(const struct sel_quals *q, const char *glob, char *err,
		  size_t errlen)
{
	struct tp_spec *n = realloc(*q->tps, sizeof(*n) * (*q->ntps + 1));
	const char *colon = strchr(glob, ':');

	if (!n) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	*q->tps = n;
	if (!colon || colon == glob || !colon[1] || strchr(colon + 1, ':') ||
	    strchr(glob, '/')) {
		snprintf(err, errlen, "invalid event name '%s' (want"
			 " SYSTEM:EVENT, globs allowed)", glob);
		return -1;
	}
	(*q->tps)[*q->ntps].glob = strdup(glob);
	(*q->tps)[*q->ntps].filter = NULL;
	if (!(*q->tps)[*q->ntps].glob) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	(*q->ntps)++;
	return 0;
}

/*
 * A trace= list may mix syscalls and tracepoints (SYSTEM:EVENT): the
 * tracepoints go to *q->tps, the rest to the syscall selection.  A list of
 * tracepoints only traces no syscalls.
 */
static int parse_trace(const struct sel_quals *q, const char *list, char *err,
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
			r = add_tp(q, tok[0] == '!' ? tok + 1 : tok, err, errlen);
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
		r = sel_parse(q->sel, sc, err, errlen);
	else if (!r && ntp && !q->sel->given)
		r = sel_parse(q->sel, "none", err, errlen);
	free(copy);
	free(sc);
	return r;
}

/* -e signal=SET: names (SIGTERM, TERM), numbers, all, none, !SET */
static int parse_signals(const struct sel_quals *q, const char *list, char *err,
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
	*q->signals = negate ? ~set : set;
	return 0;
}

int sel_parse_e(const struct sel_quals *q, const char *arg, char *err,
		size_t errlen)
{
	const char *eq = strchr(arg, '=');
	const char *list = arg;

	if (eq) {
		size_t n = (size_t)(eq - arg);

		if (n == 6 && !strncmp(arg, "status", 6))
			return parse_status(q, eq + 1, err, errlen);
		if ((n == 6 && !strncmp(arg, "signal", 6)) ||
		    (n == 7 && !strncmp(arg, "signals", 7)) ||
		    (n == 1 && arg[0] == 's'))
			return parse_signals(q, eq + 1, err, errlen);
		if (!(n == 5 && !strncmp(arg, "trace", 5)) &&
		    !(n == 1 && arg[0] == 't')) {
			snprintf(err, errlen, "-e %.*s=: qualifier not supported"
				 " (trace=, signal= and status= are)", (int)n, arg);
			return -1;
		}
		list = eq + 1;
	}
	return parse_trace(q, list, err, errlen);
}
