// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Events stage: -e trace=LIST to a set of syscall numbers.  The classes
 * (%file, %network, ...) come from the classes column of syscalls.tbl.
 * As in strace, each trace= replaces the previous one, and a leading "!"
 * negates the whole list.
 */
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "select.h"
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
