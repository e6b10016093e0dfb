/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Recording stage: `etrace record` (recording.c) and `etrace report`
 * (replay.c); what each takes of the options and refuses is the options
 * stage's (setup/optrules.c).  The recorder's parts that work on the
 * trace are declared in trace.h.
 */
#ifndef ETRACE_RECORDING_H
#define ETRACE_RECORDING_H

struct plan_machine;

/* `etrace report ARGS` (argv[0] is "report"): etrace's exit status */
int report_main(int argc, char **argv, const struct plan_machine *m);

#endif
