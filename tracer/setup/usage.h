/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Options stage: -h's text */
#ifndef ETRACE_USAGE_H
#define ETRACE_USAGE_H

#include <stdio.h>

void opt_usage(FILE *f);

#endif
