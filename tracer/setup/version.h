/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Options stage: -V's text */
#ifndef ETRACE_VERSION_H
#define ETRACE_VERSION_H

#include <stdio.h>

#define ETRACE_VERSION "0.1"

/*
 * "etrace VERSION" (the first line: packaging and tests read it), the
 * libraries linked and what this kernel allows etrace
 */
void version_print(FILE *f);

#endif
