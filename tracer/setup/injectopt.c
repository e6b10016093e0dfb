// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Options stage: -e inject=SET:... and -e fault=SET:..., strace's syntax
 * (inject.h says what is done with them).  Each names its syscalls as
 * trace= does; a later rule for a syscall replaces an earlier one.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "decode.h"
#include "inject.h"
#include "select.h"
#include "sysent.h"

/* a number 1..max with nothing after it but one of `stops`; -1 if not */
static long num_upto(const char *s, char **end, long max, const char *stops)
{
	long v;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtol(s, end, 10);
	if (errno || v > max || (**end && !strchr(stops, **end)))
		return -1;
	return v;
}

/* when=F, F+, F+S, F..L, F..L+, F..L+S (strace's, 1..65535) */
static int parse_when(struct inject_rule *r, const char *s)
{
	char *end;
	long v = num_upto(s, &end, INJ_LAST_INF, "+.");

	if (v < 1)
		return -1;
	r->first = (uint16_t)v;
	r->last = INJ_LAST_INF;
	if (*end == '.') {
		if (end[1] != '.')
			return -1;
		v = num_upto(end + 2, &end, INJ_LAST_INF, "+");
		if (v < r->first || v == INJ_LAST_INF)
			return -1;
		r->last = (uint16_t)v;
	}
	if (*end == '+') {
		if (!end[1]) {
			r->step = 1;
			return 0;
		}
		v = num_upto(end + 1, &end, INJ_LAST_INF, "");
		if (v < 1)
			return -1;
		r->step = (uint16_t)v;
		return 0;
	}
	/* F: that call alone; F..L: each of them */
	r->step = r->last == INJ_LAST_INF ? 0 : 1;
	return 0;
}

/* one KEY=VALUE token; NULL, or why it is refused */
static const char *parse_token(struct inject_rule *r, const char *tok,
			       int fault, int *bad)
{
	static const char *const refused[] = {
		"delay_enter=", "delay_exit=", "poke_enter=", "poke_exit=",
	};
	/*
	 * strace's syscall=: a pure call (no side effect) made in place of
	 * the skipped one, whose result is then replaced: the same as the
	 * skip etrace makes, so only the name is checked
	 */
	static const char *const pure[] = {
		"getpid", "getppid", "gettid", "getuid", "geteuid", "getgid",
		"getegid", "getpgrp",
	};
	long v;
	char *end;

	*bad = 0;
	if (!strncmp(tok, "when=", 5)) {
		*bad = parse_when(r, tok + 5);
		return NULL;
	}
	if (!strncmp(tok, "error=", 6)) {
		if (r->flags & (INJ_ERROR | INJ_RETVAL)) {
			*bad = 1;
			return NULL;
		}
		v = num_upto(tok + 6, &end, 4095, "");
		if (v < 0)
			v = errno_by_name(tok + 6);
		*bad = v < 1;
		r->flags |= INJ_ERROR;
		r->val = v;
		return NULL;
	}
	if (!fault && !strncmp(tok, "retval=", 7)) {
		unsigned long long u;

		if (r->flags & (INJ_ERROR | INJ_RETVAL)) {
			*bad = 1;
			return NULL;
		}
		errno = 0;
		u = strtoull(tok + 7, &end, 0);
		*bad = end == tok + 7 || *end || errno;
		r->flags |= INJ_RETVAL;
		r->val = (int64_t)u;
		return NULL;
	}
	if (!strncmp(tok, "syscall=", 8)) {
		*bad = 1;
		for (size_t i = 0; i < sizeof(pure) / sizeof(*pure); i++)
			if (!strcmp(tok + 8, pure[i]))
				*bad = 0;
		*bad |= r->pure;
		r->pure = 1;
		return NULL;
	}
	if (!fault && !strncmp(tok, "signal=", 7)) {
		int sig = signal_by_name(tok + 7);

		*bad = sig < 1 || (r->flags & INJ_SIGNAL);
		r->flags |= INJ_SIGNAL;
		r->signo = (uint8_t)(sig > 0 ? sig : 0);
		return NULL;
	}
	for (size_t i = 0; !fault && i < sizeof(refused) / sizeof(*refused);
	     i++)
		if (!strncmp(tok, refused[i], strlen(refused[i])))
			return refused[i];
	*bad = 1;
	return NULL;
}

int inject_parse(struct inject_rules *rs, const char *arg, int fault,
		 char *err, size_t errlen)
{
	const char *what = fault ? "fault" : "inject";
	struct inject_rule r = { 1, INJ_LAST_INF, 1, 0, 0, 0, 0 };
	struct sc_select set;
	char *copy = strdup(arg), *tok, *save = NULL, *name;
	const char *no = NULL;
	int bad = !*arg || *arg == ':';

	if (!copy) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	name = bad ? NULL : strtok_r(copy, ":", &save);
	while (!bad && !no && (tok = strtok_r(NULL, ":", &save)))
		no = parse_token(&r, tok, fault, &bad);
	if (no) {
		snprintf(err, errlen, "invalid %s argument '%s': %.*s is not"
			 " offered (etrace injects without stopping the call:"
			 " error=, retval=, signal=, when= and syscall= are)",
			 what, arg, (int)strlen(no) - 1, no);
		free(copy);
		return -1;
	}
	/* fault=: ENOSYS by default; inject= must say what */
	if (!bad && fault && !(r.flags & INJ_ERROR)) {
		r.flags |= INJ_ERROR;
		r.val = ENOSYS;
	}
	if (!bad && !(r.flags & (INJ_ERROR | INJ_RETVAL | INJ_SIGNAL)))
		bad = 1;
	/* (syscall= with signal= alone: the pure call's result, unknown) */
	if (!bad && r.pure && !(r.flags & (INJ_ERROR | INJ_RETVAL))) {
		snprintf(err, errlen, "invalid inject argument '%s': syscall="
			 " with signal= alone is not offered (etrace skips the"
			 " call: give error= or retval=)", arg);
		free(copy);
		return -1;
	}
	memset(&set, 0, sizeof(set));
	if (bad || sel_parse(&set, name, err, errlen)) {
		snprintf(err, errlen, "invalid %s argument '%s'",
			 fault ? "fault" : "inject", arg);
		free(copy);
		return -1;
	}
	free(copy);
	if (!rs->by_nr) {
		rs->by_nr = calloc(INJ_NR_MAX, sizeof(*rs->by_nr));
		if (!rs->by_nr) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
	}
	for (long nr = 0; nr < INJ_NR_MAX && nr < SC_NR_MAX; nr++) {
		if (!sel_has(&set, nr) || nr >= (long)sc_table_size || !sc_table[nr].name)
			continue;
		rs->n += !rs->by_nr[nr].flags;
		rs->by_nr[nr] = r;
	}
	return 0;
}

void inject_rules_free(struct inject_rules *r)
{
	free(r->by_nr);
	r->by_nr = NULL;
	r->n = 0;
}
