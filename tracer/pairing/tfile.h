/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Tasks stage: opening files that traced programs name (their mapped
 * files, their perf maps) so that none can hang or fool etrace.
 */
#ifndef ETRACE_TFILE_H
#define ETRACE_TFILE_H

#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>

/*
 * The file mapped at [start, end) in pid, as path/dev/ino (dev and ino
 * as in struct map), opened for reading: through /proc/PID/map_files
 * while the mapping is there (exactly the mapped file), else by path,
 * only if it is still that inode.  Returns an fd, or -errno.
 */
int tfile_open_mapped(pid_t pid, uint64_t start, uint64_t end,
		      const char *path, uint64_t dev, uint64_t ino);
/*
 * The same file's stat, without opening it for reading: 0 where
 * tfile_open_mapped would open it (st then says what it would open),
 * else -errno.
 */
int tfile_stat_mapped(pid_t pid, uint64_t start, uint64_t end,
		      const char *path, uint64_t dev, uint64_t ino,
		      struct stat *st);
/*
 * etrace report: from now on a mapped file whose inode changed after
 * this time (its ctime; the recording's last write) is not opened (-ESTALE)
 * either: rewritten in place, it would be another program at the same
 * inode
 */
void tfile_unchanged_since(const struct timespec *t);
/*
 * A regular file by path, opened for reading, not through a symlink at
 * its end; st is what was opened.  Returns an fd, or -errno.
 */
int tfile_open(const char *path, struct stat *st);
/* the uids (real, effective, saved, fs) of pid; 0 or -errno */
int tfile_uids(pid_t pid, uid_t uids[4]);

#endif
