/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Sinks stage: strace's -c table as text (sink_table.c), for the text
 * sink.
 */
#ifndef ETRACE_SINK_TABLE_H
#define ETRACE_SINK_TABLE_H

#include <stddef.h>

#include "out.h"
#include "summary.h"

/*
 * sum's rows sorted by sort (enum sum_sort), written to o through line;
 * color: the error counts in the errors' style (--color); cols: -U's
 * columns (enum sum_col, ended by SUM_COL_NONE), NULL or empty: strace's
 * default ones
 */
void table_text(struct out *o, char *line, size_t cap, struct summary *sum,
		int sort, int hist, int color, const unsigned char *cols);

#endif
