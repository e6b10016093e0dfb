/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Events stage: tracefs, where tracepoint names, ids and record formats
 * live.  Formats are parsed with libtraceevent.
 */
#ifndef ETRACE_TRACEFS_H
#define ETRACE_TRACEFS_H

#include <stddef.h>

struct tep_handle;
struct tep_event;

struct tracefs {
	char root[256];			/* "/sys/kernel/tracing" */
	int mounted_here;		/* mounted in etrace's own namespace */
	struct tep_handle *tep;
};

/*
 * Find tracefs; when it is not mounted and we may mount, mount it in a
 * private mount namespace of etrace's own, so the system is left as it
 * was (the mount goes away with etrace, however etrace ends).  Returns 0
 * or -errno with a one-line message in err.
 */
int tfs_open(struct tracefs *t, char *err, size_t errlen);
void tfs_close(struct tracefs *t);
/*
 * Where tracefs is, without mounting it (--version): 0 with its root in
 * where; -EACCES: mounted at where, not readable by this user; -ENOENT:
 * not mounted (tfs_open would mount it privately at where); -EINVAL:
 * ETRACE_TRACEFS names no tracefs (tfs_open refuses it).
 */
int tfs_where(char *where, size_t len);
/*
 * Load SYS:NAME's format.  Returns 0 with *ev set, -ENOENT when there is
 * no such event, or another -errno; err says which.
 */
int tfs_event(struct tracefs *t, const char *sys, const char *name,
	      struct tep_event **ev, char *err, size_t errlen);
/* does SYS:NAME exist? */
int tfs_has_event(struct tracefs *t, const char *sys, const char *name);
/*
 * Why the kernel refuses a tracepoint filter, in one line, from its own
 * error_log: perf's filter ioctl only says EINVAL.  Uses (and removes) a
 * tracefs instance of etrace's own; the system's tracing is not touched.
 */
void tfs_filter_error(struct tracefs *t, const char *sys, const char *name,
		      const char *filter, char *msg, size_t len);
/*
 * The message for a refused filter from the text of an error_log (NUL-
 * terminated; tfs_filter_msg cuts it): msg is left alone when the log
 * does not say why.
 */
void tfs_filter_msg(char *log, const char *sys, const char *name,
		    const char *filter, char *msg, size_t len);
/* byte offset and size of a field in the event's records, or -1 */
int tfs_field(struct tep_event *ev, const char *field, int *size);

#endif
