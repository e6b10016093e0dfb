/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Sinks stage: buffered output files.  Sinks write lines into a large
 * buffer; it goes to the file in one write when full or at the end of a
 * batch of records, never once per event.
 */
#ifndef ETRACE_OUT_H
#define ETRACE_OUT_H

#include <stddef.h>

struct out {
	int fd;
	int own_fd;		/* close fd at the end */
	char *buf;
	size_t len, cap;
	int err;		/* errno of the first failed write, or 0 */
	char *path;
};

/* path NULL: stderr.  Returns 0 or -errno. */
int out_open(struct out *o, const char *path, size_t cap);
void out_write(struct out *o, const char *s, size_t n);
/* 0, or -errno of the write that failed (EPIPE, ENOSPC, ...) */
int out_flush(struct out *o);
int out_close(struct out *o);

#endif
