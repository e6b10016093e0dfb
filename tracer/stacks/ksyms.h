/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unwind stage: kernel symbols (/proc/kallsyms), for --kstack.
 */
#ifndef ETRACE_KSYMS_H
#define ETRACE_KSYMS_H

#include <stdint.h>
#include <stdio.h>

/* the kernel function addr lies in, and the offset; NULL if unknown */
const char *ksym(uint64_t addr, uint64_t *off);
void ksyms_free(void);
/* the symbols of a kallsyms text instead of /proc/kallsyms's; 0 */
int ksyms_load_file(FILE *f);

#endif
