// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tasks stage: files that traced programs name, opened for reading.
 *
 * etrace runs as root and reads what a traced program maps, and its
 * /tmp/perf-PID.map.  The program (or any user, under -a) can put a FIFO
 * there (an open for reading waits for a writer: for ever), a symlink to
 * /dev/zero (a read never ends), a device, or another file than the one
 * it mapped (wrong symbol names).  So a path is first opened O_PATH,
 * which opens nothing (no FIFO waits, no device is opened), without
 * following a symlink at its end; the inode is checked: a regular file,
 * the mapped one when its dev/ino are known, not on FUSE (whose server is
 * a user's program: a read could wait for ever); only then is it opened
 * for reading, through /proc/self/fd, which is that same inode whatever
 * the path names by now.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "tfile.h"

#define FUSE_MAGIC 0x65735546

/* tfile_unchanged_since's time, when set */
static struct timespec unchanged_since;
static int unchanged_set;

void tfile_unchanged_since(const struct timespec *t)
{
	unchanged_since = *t;
	unchanged_set = 1;
}

static int changed_since(const struct stat *st)
{
	return unchanged_set &&
	       (st->st_ctim.tv_sec > unchanged_since.tv_sec ||
		(st->st_ctim.tv_sec == unchanged_since.tv_sec &&
		 st->st_ctim.tv_nsec > unchanged_since.tv_nsec));
}

/*
 * pfd (O_PATH) checked: a regular file, not on FUSE (a read could wait
 * on its server), and with ino the inode dev:ino, unchanged since
 * tfile_unchanged_since.  0, or -errno.
 */
static int check(int pfd, uint64_t dev, uint64_t ino, struct stat *st)
{
	struct statfs sf;

	if (fstat(pfd, st) || fstatfs(pfd, &sf))
		return -errno;
	if (!S_ISREG(st->st_mode) || sf.f_type == FUSE_MAGIC)
		return -EINVAL;
	if (ino && (st->st_ino != ino || st->st_dev != dev ||
		    changed_since(st)))
		return -ESTALE;
	return 0;
}

/* pfd (O_PATH, closed here) checked and opened for reading */
static int reopen(int pfd, uint64_t dev, uint64_t ino, struct stat *st)
{
	char self[64];
	int fd = check(pfd, dev, ino, st);

	if (!fd) {
		snprintf(self, sizeof(self), "/proc/self/fd/%d", pfd);
		fd = open(self, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
		if (fd < 0)
			fd = -errno;
	}
	close(pfd);
	return fd;
}

/* the O_PATH fd of the file mapped at [start, end) in pid, or -errno */
static int path_mapped(pid_t pid, uint64_t start, uint64_t end,
		       const char *path, uint64_t ino)
{
	char mf[96];
	int pfd;

	/* the mapping itself: its file even if renamed, deleted, replaced */
	snprintf(mf, sizeof(mf), "/proc/%d/map_files/%llx-%llx", (int)pid,
		 (unsigned long long)start, (unsigned long long)end);
	pfd = open(mf, O_PATH | O_CLOEXEC);
	if (pfd >= 0)
		return pfd;
	/* gone (or split since): by path, but only the inode it mapped */
	if (!path || !ino)
		return -ENOENT;
	pfd = open(path, O_PATH | O_NOFOLLOW | O_CLOEXEC);
	return pfd < 0 ? -errno : pfd;
}

int tfile_open_mapped(pid_t pid, uint64_t start, uint64_t end,
		      const char *path, uint64_t dev, uint64_t ino)
{
	struct stat st;
	int pfd = path_mapped(pid, start, end, path, ino);

	return pfd < 0 ? pfd : reopen(pfd, dev, ino, &st);
}

int tfile_stat_mapped(pid_t pid, uint64_t start, uint64_t end,
		      const char *path, uint64_t dev, uint64_t ino,
		      struct stat *st)
{
	int pfd = path_mapped(pid, start, end, path, ino), r;

	if (pfd < 0)
		return pfd;
	r = check(pfd, dev, ino, st);
	close(pfd);
	return r;
}

int tfile_open(const char *path, struct stat *st)
{
	int pfd = open(path, O_PATH | O_NOFOLLOW | O_CLOEXEC);

	if (pfd < 0)
		return -errno;
	return reopen(pfd, 0, 0, st);
}

int tfile_uids(pid_t pid, uid_t uids[4])
{
	char path[64], buf[4096], *p;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -ESRCH;
	buf[n] = '\0';
	p = strstr(buf, "\nUid:");
	if (!p)
		return -ESRCH;
	p += 5;
	for (int i = 0; i < 4; i++) {
		char *end;
		unsigned long v = strtoul(p, &end, 10);

		if (end == p)
			return -ESRCH;
		uids[i] = (uid_t)v;
		p = end;
	}
	return 0;
}
