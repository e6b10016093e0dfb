// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: the syscalls.tbl line parser.  Pure: a line in, a
 * struct or a one-line error out.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tbl.h"

#define MAX_FIELDS (4 + SC_MAX_ARGS)

static int split(const char *line, char fields[][TBL_NAME_MAX * 2], int max,
		 int *toolong)
{
	int n = 0;

	*toolong = 0;
	while (*line) {
		size_t len = 0;

		while (*line == ' ' || *line == '\t')
			line++;
		if (!*line || *line == '\n' || *line == '#')
			break;
		if (n == max)
			return max + 1;
		while (*line && !isspace((unsigned char)*line)) {
			if (len + 1 < TBL_NAME_MAX * 2)
				fields[n][len++] = *line;
			else
				*toolong = 1;
			line++;
		}
		fields[n++][len] = '\0';
	}
	return n;
}

static int valid_ident(const char *s)
{
	if (!*s || strlen(s) >= TBL_NAME_MAX)
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_')
			return 0;
	return 1;
}

static int parse_classes(char *s, uint32_t *out, char *err, size_t errlen)
{
	*out = 0;
	if (!strcmp(s, "-"))
		return 0;
	for (char *tok = strtok(s, ","); tok; tok = strtok(NULL, ",")) {
		int bit = -1;

		/* only the %-spelling here: the table is not an -e list */
		if (tok[0] == '%')
			bit = sc_class_by_name(tok);
		if (bit < 0) {
			snprintf(err, errlen, "unknown class '%s'", tok);
			return -1;
		}
		*out |= 1u << bit;
	}
	return 0;
}

static int parse_arg(const char *s, struct tbl_arg *a, char *err,
		     size_t errlen)
{
	char word[TBL_NAME_MAX * 2];
	const char *colon = strchr(s, ':');
	size_t len = colon ? (size_t)(colon - s) : strlen(s);

	a->kind = -1;
	a->param = P_NONE;
	a->set[0] = '\0';
	if (len >= sizeof(word))
		len = sizeof(word) - 1;
	memcpy(word, s, len);
	word[len] = '\0';
	for (int k = 0; k < K__COUNT; k++)
		if (!strcmp(kind_info[k].name, word))
			a->kind = k;
	if (a->kind < 0) {
		snprintf(err, errlen, "unknown argument kind '%.64s'", word);
		return -1;
	}
	if (a->kind == K_flags || a->kind == K_enum || a->kind == K_ipcflags ||
	    a->kind == K_lflags || a->kind == K_lenum || a->kind == K_enumd ||
	    (a->kind == K_oint && colon && !isdigit((unsigned char)colon[1]))) {
		if (!colon || !valid_ident(colon + 1)) {
			snprintf(err, errlen, "'%.64s' needs a set name: %s:SET",
				 word, word);
			return -1;
		}
		strcpy(a->set, colon + 1);
		return 0;
	}
	if (!colon)
		return 0;
	if (!strcmp(colon + 1, "ret")) {
		a->param = P_RET;
	} else if (colon[1] >= '0' && colon[1] <= '5' && !colon[2]) {
		a->param = colon[1] - '0';
	} else {
		snprintf(err, errlen, "bad parameter '%.64s' (want 0-5 or ret)",
			 colon + 1);
		return -1;
	}
	return 0;
}

int tbl_parse_line(const char *line, struct tbl_line *t, char *err,
		   size_t errlen)
{
	char f[MAX_FIELDS + 1][TBL_NAME_MAX * 2];
	int toolong;
	int n = split(line, f, MAX_FIELDS, &toolong);
	char *end;

	memset(t, 0, sizeof(*t));
	if (n == 0)
		return 0;
	if (toolong) {
		snprintf(err, errlen, "field too long");
		return -1;
	}
	if (n > MAX_FIELDS) {
		snprintf(err, errlen, "more than %d arguments", SC_MAX_ARGS);
		return -1;
	}
	if (n < 4) {
		snprintf(err, errlen, "want: number name classes ret args...");
		return -1;
	}
	t->nr = strtol(f[0], &end, 10);
	if (*end || !isdigit((unsigned char)f[0][0]) || t->nr > 4095) {
		snprintf(err, errlen, "bad syscall number '%.64s'", f[0]);
		return -1;
	}
	if (!valid_ident(f[1])) {
		snprintf(err, errlen, "bad syscall name '%.64s'", f[1]);
		return -1;
	}
	strcpy(t->name, f[1]);
	if (parse_classes(f[2], &t->classes, err, errlen))
		return -1;
	t->ret = -1;
	for (int r = 0; r < R__COUNT; r++)
		if (!strcmp(ret_names[r], f[3]))
			t->ret = r;
	if (t->ret < 0) {
		snprintf(err, errlen, "unknown return kind '%.64s'", f[3]);
		return -1;
	}
	t->nargs = n - 4;
	for (int i = 0; i < t->nargs; i++) {
		if (parse_arg(f[4 + i], &t->arg[i], err, errlen))
			return -1;
		if (t->arg[i].param != P_NONE && t->arg[i].param != P_RET &&
		    t->arg[i].param >= t->nargs) {
			snprintf(err, errlen, "argument %d refers to argument %d"
				 " of %d", i, t->arg[i].param, t->nargs);
			return -1;
		}
	}
	return 1;
}
