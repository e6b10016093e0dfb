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
	int keep;		/* not emptied yet: out_start does it */
	char *path;
	/* a FIFO, socket or device: it may block (see out_flush) */
	int stop_fd;		/* polled for the stop signals, never read */
	int fifo;		/* written PIPE_BUF bytes at a time */
	int stopping;		/* a signal ends the trace: waits are bounded */
	int stalled;		/* the reader took nothing for OUT_STALL_MS */
	int skip;		/* the rest of a line given up: drop it */
	unsigned long long unwritten;	/* lines its reader did not take */
	int pipe_pid;		/* -o '|COMMAND': the command, waited for */
};

#define OUT_EXCL	0x1	/* a new file (-ff's FILE.TID) */
#define OUT_APPEND	0x2	/* -A: written at its end, never emptied */

/*
 * Open path for writing as etrace's outputs must be (see out.c): no
 * symlink or file another user planted in /tmp, new files 0600, nothing
 * truncated.  Returns the fd, or -errno with err set to one line.
 */
int out_create(const char *path, int flags, char *err, size_t errlen);
/* could files be made beside path (-ff's FILE.TID)?  0 or -errno, err set */
int out_check_dir(const char *path, char *err, size_t errlen);
/* empty a file out_create opened, when it is a regular file */
int out_truncate(int fd);
/*
 * path NULL: stderr; "|COMMAND" or "!COMMAND": a pipe to sh -c COMMAND.
 * Returns 0, or -errno with err set.
 */
int out_open(struct out *o, const char *path, int flags, size_t cap,
	     char *err, size_t errlen);
/* the trace begins: the file is emptied now (0 or -errno) */
int out_start(struct out *o);
void out_write(struct out *o, const char *s, size_t n);
/*
 * 0, or -errno of the write that failed (EPIPE, ENOSPC, ...).  What a
 * reader that stopped reading does not take once a signal ends the trace
 * is dropped, counted in unwritten and said by out_close.
 */
int out_flush(struct out *o);
int out_close(struct out *o);

#endif
