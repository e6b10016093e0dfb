/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Records stage: the BPF programs' records to the stage each is for
 * (feed.c; feed_record, which hands on every record, works on the trace:
 * trace.h).
 */
#ifndef ETRACE_FEED_H
#define ETRACE_FEED_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "pair.h"

/* one record of the BPF programs, to the stage its type is for */
void feed_capture(struct pair *p, pid_t pid, pid_t tid, const uint8_t *raw,
		  size_t len);

#endif
