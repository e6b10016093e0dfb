/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Recording stage: etrace report -p: a sink in front of the report's,
 * that passes on only what the given processes did (replay_pids.c).
 */
#ifndef ETRACE_REPLAY_PIDS_H
#define ETRACE_REPLAY_PIDS_H

#include <sys/types.h>

#include "sink.h"

/* in is closed with it; pids must outlive it; NULL: out of memory */
struct sink *replay_pids_sink(struct sink *in, const pid_t *pids, int n);

#endif
