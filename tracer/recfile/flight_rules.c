// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Recording stage: the flight recorder's options and what fires it
 * (flight.h): --flight-recorder's window, --after's time, --trigger's
 * rules, and the test of a call's end, a signal or an exit against them.
 */
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decode.h"
#include "flight.h"
#include "sysent.h"

/* ---- the options ---- */

/* "2s", "500ms", "1.5s": ns, or 0 */
static uint64_t parse_time(const char *s)
{
	char *end;
	double v = strtod(s, &end);

	if (end == s || !(v > 0) || v > 3600 * 24)
		return 0;
	if (!strcmp(end, "s"))
		return (uint64_t)(v * 1e9 + 0.5);
	if (!strcmp(end, "ms"))
		return (uint64_t)(v * 1e6 + 0.5);
	return 0;
}

/* "64M", "512K", "1G": bytes, or 0 */
static uint64_t parse_size(const char *s)
{
	char *end;
	unsigned long long v;
	int sh;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || end == s || !v || *s == '-')
		return 0;
	sh = !strcmp(end, "K") ? 10 : !strcmp(end, "M") ? 20 :
	     !strcmp(end, "G") ? 30 : -1;
	if (sh < 0 || v > (4ull << 30) >> sh)
		return 0;
	return v << sh;
}

static const char *parse_window(struct flight_conf *c, const char *s)
{
	char buf[64], *comma;
	const char *want = "want a time (2s, 500ms), a size (64M, from 1M"
			   " to 4G), or both (2s,64M)";

	if (strlen(s) >= sizeof(buf))
		return want;
	strcpy(buf, s);
	comma = strchr(buf, ',');
	if (comma)
		*comma++ = '\0';
	c->window_ns = parse_time(buf);
	c->bytes = c->window_ns ? FLIGHT_DEFAULT_BYTES : parse_size(buf);
	if (comma)
		c->bytes = c->window_ns ? parse_size(comma) : 0;
	if (!c->bytes || c->bytes < (1ull << 20))
		return want;
	c->given = 1;
	return NULL;
}

/* "ENOENT,EACCES" or "SIGSEGV,BUS": each into the set */
static int parse_list(const char *s, int (*by_name)(const char *),
		      uint64_t *bits, int max)
{
	char buf[256], *save = NULL;

	if (!*s || strlen(s) >= sizeof(buf))
		return -1;
	strcpy(buf, s);
	for (char *w = strtok_r(buf, ",", &save); w;
	     w = strtok_r(NULL, ",", &save)) {
		char *end;
		long n = strtol(w, &end, 10);

		if (end == w || *end)
			n = by_name(w);
		if (n < 1 || n > max)
			return -1;
		bits[(n - 1) / 64] |= 1ull << ((n - 1) % 64);
	}
	return 0;
}

/* [SET:]errno=E,... or [SET:]path=GLOB: a rule of its own; NULL, or why
   not (*mine 0: no such rule's word) */
static const char *parse_call_rule(struct flight_conf *c, const char *s,
				   int *mine)
{
	const char *eq = strchr(s, '='), *name = s, *colon;
	struct flight_call_rule *r = &c->rule[c->nrule];
	static char err[256];	/* the options stage's, said once */
	char set[256];

	*mine = 0;
	if (!eq)
		return NULL;
	for (colon = eq; colon > s && colon[-1] != ':'; colon--)
		;
	name = colon;
	if (!((eq - name == 5 && !strncmp(name, "errno", 5)) ||
	      (eq - name == 4 && !strncmp(name, "path", 4))))
		return NULL;
	*mine = 1;
	if (c->nrule == FLIGHT_CALL_RULES)
		return "at most 8 errno= and path= triggers";
	memset(r, 0, sizeof(*r));
	if (name == s) {
		sel_all(&r->calls);
	} else {
		if ((size_t)(name - s) > sizeof(set))
			return "SET: too long";
		memcpy(set, s, (size_t)(name - s - 1));
		set[name - s - 1] = '\0';
		if (sel_parse(&r->calls, set, err, sizeof(err)))
			return err;
	}
	if (*name == 'p') {
		if (!eq[1] || strlen(eq + 1) >= sizeof(r->glob))
			return "path=: want a glob, as path=/etc/*";
		strcpy(r->glob, eq + 1);
	} else if (parse_list(eq + 1, errno_by_name, r->errs, 4095)) {
		return "errno=: want errno names or numbers, as"
		       " errno=ENOENT,EACCES";
	}
	c->nrule++;
	return NULL;
}

static const char *parse_trigger(struct flight_conf *c, const char *s)
{
	const char *why;
	int mine;

	if (!strncmp(s, "signal=", 7)) {
		if (parse_list(s + 7, signal_by_name, &c->sigs, 64))
			return "signal=: want signal names or numbers, as"
			       " signal=SIGSEGV,SIGBUS";
	} else if (!strcmp(s, "exit!=0")) {
		c->exit_bad = 1;
	} else {
		why = parse_call_rule(c, s, &mine);
		if (!mine)
			return "want [SET:]errno=E, [SET:]path=GLOB, signal=S"
			       " or exit!=0";
		if (why)
			return why;
	}
	c->ntrig++;
	return NULL;
}

int flight_parse(struct flight_conf *c, int which, const char *arg,
		 char *err, size_t errlen)
{
	static const char *const opt[] = { "flight-recorder", "trigger",
					   "after" };
	const char *why;

	switch (which) {
	case FLIGHT_OPT_WINDOW:
		why = parse_window(c, arg);
		break;
	case FLIGHT_OPT_TRIGGER:
		why = parse_trigger(c, arg);
		break;
	default:
		c->after_ns = parse_time(arg);
		why = c->after_ns ? NULL : "want a time, as 2s or 500ms";
		break;
	}
	if (why)
		snprintf(err, errlen, "invalid --%s '%s' (%s)", opt[which],
			 arg, why);
	return why ? -1 : 0;
}

/* a path argument of the call, copied whole (its len bytes, no NUL),
   that glob matches */
static int path_matches(const struct sc_call *call, const char *glob)
{
	char buf[4097];

	for (int i = 0; i < call->d->nargs && i < SC_MAX_ARGS; i++) {
		const struct cap *k = call->cap[i];

		if (call->d->arg[i].kind != K_path || !k ||
		    (k->flags & (CAP_TRUNC | CAP_FAULT)) ||
		    k->len >= sizeof(buf) || memchr(k->p, '\0', k->len))
			continue;
		memcpy(buf, k->p, k->len);
		buf[k->len] = '\0';
		if (!fnmatch(glob, buf, 0))
			return 1;
	}
	return 0;
}

int flight_on_call(const struct flight_conf *c, long nr,
		   const struct sc_call *call)
{
	int64_t ret = call->ret;
	uint64_t e = (uint64_t)-ret - 1;

	for (int i = 0; i < c->nrule; i++) {
		const struct flight_call_rule *r = &c->rule[i];

		if (!sel_has(&r->calls, nr))
			continue;
		if (r->glob[0] ? path_matches(call, r->glob) :
		    ret < 0 && ret >= -4095 && (r->errs[e / 64] >> (e % 64) & 1))
			return i + 1;
	}
	return 0;
}

int flight_on_signal(const struct flight_conf *c, int sig)
{
	return sig >= 1 && sig <= 64 && (c->sigs >> (sig - 1) & 1);
}

int flight_on_exit(const struct flight_conf *c, int killed, int code)
{
	return c->exit_bad && (killed || code);
}
