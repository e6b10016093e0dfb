// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Events stage: syscalls missing from syscalls.tbl still print.  Built
 * once per number, then cached: no work per call.
 */
#include <errno.h>
#include <libaudit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <traceevent/event-parse.h>

#include "select.h"
#include "sysent_fallback.h"
#include "tracefs.h"

static struct tracefs *tfs;
static struct sc_desc *cache[SC_NR_MAX];
static struct sc_desc generic = {
	"syscall_unknown", 0, SC_MAX_ARGS, R_int,
	{ { K_hex, P_NONE, 0 }, { K_hex, P_NONE, 0 }, { K_hex, P_NONE, 0 },
	  { K_hex, P_NONE, 0 }, { K_hex, P_NONE, 0 }, { K_hex, P_NONE, 0 } },
};

void sc_fallback_init(struct tracefs *t)
{
	tfs = t;
}

static int kind_of_type(const char *type)
{
	static const struct { const char *type; int kind; } map[] = {
		{ "int", K_int }, { "pid_t", K_pid }, { "unsigned int", K_uint },
		{ "u32", K_uint }, { "uid_t", K_uid }, { "gid_t", K_gid },
		{ "size_t", K_size }, { "long", K_long }, { "loff_t", K_off },
		{ "off_t", K_off }, { "umode_t", K_perm }, { "key_serial_t", K_int },
		{ "clockid_t", K_clockid }, { "timer_t", K_int },
	};

	if (strchr(type, '*'))
		return K_ptr;
	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (!strcmp(type, map[i].type))
			return map[i].kind;
	return K_hex;
}

int sc_desc_from_format(const struct tep_event *ev, struct sc_desc *d)
{
	struct tep_format_field *f;

	d->nargs = 0;
	for (f = ev->format.fields; f; f = f->next) {
		if (!strcmp(f->name, "__syscall_nr"))
			continue;
		if (d->nargs == SC_MAX_ARGS)
			return -1;
		d->arg[d->nargs].kind = (uint8_t)kind_of_type(f->type);
		d->arg[d->nargs].param = P_NONE;
		d->arg[d->nargs].set = NULL;
		d->nargs++;
	}
	return 0;
}

static struct sc_desc *build(long nr)
{
	struct sc_desc *d = malloc(sizeof(*d));
	const char *name = audit_syscall_to_name((int)nr, MACH_86_64);
	char *copy = malloc(64);

	if (!d || !copy) {
		free(d);
		free(copy);
		return NULL;
	}
	*d = generic;
	if (name) {
		char ev[96], err[256];
		struct tep_event *e = NULL;

		snprintf(copy, 64, "%s", name);
		snprintf(ev, sizeof(ev), "sys_enter_%s", name);
		if (tfs && tfs_has_event(tfs, "syscalls", ev) &&
		    !tfs_event(tfs, "syscalls", ev, &e, err, sizeof(err)))
			sc_desc_from_format(e, d);
	} else {
		snprintf(copy, 64, "syscall_%#lx", nr);
	}
	d->name = copy;
	return d;
}

/* syscalls whose tracepoints carry another name than the syscall */
const char *sc_tp_name(const char *sc)
{
	static const char *const alias[][2] = {
		{ "stat", "newstat" }, { "fstat", "newfstat" },
		{ "lstat", "newlstat" }, { "uname", "newuname" },
		{ "umount2", "umount" }, { "sendfile", "sendfile64" },
	};

	for (size_t i = 0; i < sizeof(alias) / sizeof(alias[0]); i++)
		if (!strcmp(alias[i][0], sc))
			return alias[i][1];
	return sc;
}

static const char *const generic_names[SC_MAX_ARGS] = {
	"arg0", "arg1", "arg2", "arg3", "arg4", "arg5"
};
static const char **names_cache[SC_NR_MAX];

const char *const *sc_arg_names(long nr)
{
	const struct sc_desc *d = sc_desc_of(nr);
	struct tep_event *e = NULL;
	char ev[96], err[256];
	const char **names;
	int i = 0;

	if (nr < 0 || nr >= SC_NR_MAX)
		return generic_names;
	if (names_cache[nr])
		return names_cache[nr];
	names = calloc(SC_MAX_ARGS, sizeof(*names));
	if (!names)
		return generic_names;
	snprintf(ev, sizeof(ev), "sys_enter_%s", sc_tp_name(d->name));
	if (tfs && tfs_has_event(tfs, "syscalls", ev) &&
	    !tfs_event(tfs, "syscalls", ev, &e, err, sizeof(err))) {
		for (struct tep_format_field *f = e->format.fields;
		     f && i < SC_MAX_ARGS; f = f->next)
			if (strcmp(f->name, "__syscall_nr"))
				names[i++] = f->name;	/* tep keeps them */
	}
	for (; i < SC_MAX_ARGS; i++)
		names[i] = generic_names[i];
	names_cache[nr] = names;
	return names;
}

int sc_arg_names_set(long nr, const char *const *names, int n)
{
	size_t len = SC_MAX_ARGS * sizeof(char *);
	const char **v;
	char *q;

	if (nr < 0 || nr >= SC_NR_MAX)
		return 0;
	for (int i = 0; i < n && i < SC_MAX_ARGS; i++)
		len += strlen(names[i]) + 1;
	/* one block, the names after the pointers: one free() drops all */
	v = malloc(len);
	if (!v)
		return -ENOMEM;
	q = (char *)(v + SC_MAX_ARGS);
	for (int i = 0; i < SC_MAX_ARGS; i++) {
		if (i < n) {
			v[i] = strcpy(q, names[i]);
			q += strlen(q) + 1;
		} else {
			v[i] = generic_names[i];
		}
	}
	free(names_cache[nr]);
	names_cache[nr] = v;
	return 0;
}

const struct sc_desc *sc_desc_of(long nr)
{
	const struct sc_desc *d = sc_lookup(nr);

	if (d)
		return d;
	if (nr < 0 || nr >= SC_NR_MAX)
		return &generic;
	if (!cache[nr])
		cache[nr] = build(nr);
	return cache[nr] ? cache[nr] : &generic;
}
