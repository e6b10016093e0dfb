/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Events stage: descriptors for syscall numbers syscalls.tbl lacks (a
 * newer kernel): the name from libaudit when it knows one, the arguments'
 * count and types from that syscall's tracefs format, else strace's
 * syscall_0x1d6(six hex arguments).
 */
#ifndef ETRACE_SYSENT_FALLBACK_H
#define ETRACE_SYSENT_FALLBACK_H

#include "sysent.h"

struct tracefs;
struct tep_event;

/* where fallback formats are read from (NULL: names only) */
void sc_fallback_init(struct tracefs *t);
/* the table's entry, or a fallback; never NULL */
const struct sc_desc *sc_desc_of(long nr);
/*
 * The names of nr's arguments, from its tracefs format ("dfd",
 * "filename", ...); "arg0".. where there is none.  Built once per number.
 */
const char *const *sc_arg_names(long nr);
/*
 * etrace report: nr's argument names as a recording kept them (n of
 * them, the rest "argN"); 0 or -ENOMEM
 */
int sc_arg_names_set(long nr, const char *const *names, int n);
/* the name of a syscall's tracepoints: "newstat" for stat, else itself */
const char *sc_tp_name(const char *sc);
/* fill d from a sys_enter_NAME format (types pick the kinds); 0 or -1 */
int sc_desc_from_format(const struct tep_event *ev, struct sc_desc *d);

#endif
