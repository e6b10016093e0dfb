/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unwind stage: the mapped files libdw reads may shrink under it.  A
 * traced program (or any user, under -a) can truncate a file it runs
 * code from while etrace unwinds its stacks: libdw and callsite.c read
 * that file through etrace's own mapping of it, and a read of a page
 * past the file's new end is a SIGBUS, which would kill etrace and lose
 * the trace.  The mappings libdw made of the modules' files are listed
 * here; a SIGBUS in one of them gets a page of zeros in place of the
 * page that is gone (to libdw, unwind info that ends there: the stack
 * is cut), and the read goes on.  A SIGBUS anywhere else kills etrace,
 * as before.
 */
#ifndef ETRACE_ELFGUARD_H
#define ETRACE_ELFGUARD_H

#include <stddef.h>
#include <stdint.h>

/* the SIGBUS handler, installed once; 0 or -errno */
int elfguard_install(void);
/* a mapping of a module's file, [start, start + len); 0 or -ENOMEM */
int elfguard_add(const void *start, size_t len);
/* that mapping is about to be unmapped */
void elfguard_del(const void *start);
/* pages replaced by zeros so far (files that shrank while read) */
uint64_t elfguard_pages(void);

#endif
