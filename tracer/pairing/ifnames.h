/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Syscall pairing stage: the names of etrace's network interfaces, for
 * the decoders' interface indexes (fmt_opts.if_name).  The decoders ask
 * only for an index of etrace's network namespace (the capture marks a
 * netlink socket in it); the name is the one the index has when the
 * call is shown, as strace's is when it prints the call.
 */
#ifndef ETRACE_IFNAMES_H
#define ETRACE_IFNAMES_H

#include <stdint.h>

/* fmt_opts.if_name (no ctx) */
int ifnames_name(const void *ctx, uint32_t index, char *name);

#endif
