/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Sinks stage, JSON Lines: a call's arguments as typed values */
#ifndef ETRACE_JSON_ARGS_H
#define ETRACE_JSON_ARGS_H

#include <stddef.h>
#include <stdint.h>

#include "decode.h"

/* the size of the scratch buffer json_arg formats strace's text in */
#define JSON_ARG_TMP 65536

/* {"name":..,"raw":..,"text":..,...}: argument i of c; tmp is scratch */
void json_arg(struct fmt_buf *b, char *tmp, size_t tmplen,
	      const struct sc_call *c, int i, const char *name);
/* what an fd referred to at the call (-y), as an object */
void json_fd(struct fmt_buf *b, const struct fd_desc *f);
/* -Y: "key":"comm" of the task pid names, when it is known */
void json_pid_comm(struct fmt_buf *b, int *first, const char *key,
		   const struct sc_call *c, int64_t pid);

#endif
