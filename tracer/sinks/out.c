// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Sinks stage: output files and their buffers.
 *
 * etrace runs as root and is often told to write into /tmp, where any
 * user may have planted a name first.  So every output is created the
 * way the kernel's protected_symlinks and protected_regular rules would
 * allow, whatever the sysctls say (they are 0 on some machines): in a
 * sticky world-writable directory, a symlink is followed and an existing
 * file written only when it belongs to etrace's user or to the
 * directory's owner (no one else can remove or swap those).  New files
 * are 0600: a trace holds what the program read (/etc/shadow's bytes).
 *
 * Nothing is truncated at open: the file is emptied by out_start once
 * the trace begins, so a command not found (or any failed setup) leaves
 * an existing file as it was.  Emptying it later, rather than writing a
 * temporary file and renaming it over, keeps the file itself (its owner,
 * mode, links, a reader's tail -f, /dev/null) and needs no write access
 * to the directory.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/magic.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include "out.h"

#define SYMLINK_HOPS 40		/* the kernel's own limit */

/* the directory part of path, opened; *base points at the name in it */
static int dir_open(const char *path, const char **base)
{
	const char *slash = strrchr(path, '/');
	char dir[PATH_MAX];
	int fd;

	if (!slash) {
		*base = path;
		return open(".", O_PATH | O_DIRECTORY | O_CLOEXEC);
	}
	*base = slash + 1;
	if ((size_t)(slash - path) >= sizeof(dir)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(dir, path, (size_t)(slash - path));
	dir[slash - path] = '\0';
	fd = open(slash == path ? "/" : dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	return fd;
}

/* what the protected_* rules guard: another user's name in /tmp */
static int foreign(const struct stat *dir, uid_t owner)
{
	return (dir->st_mode & S_ISVTX) && (dir->st_mode & S_IWOTH) &&
	       owner != geteuid() && owner != dir->st_uid;
}

/* where the symlink base (in path's directory) points: into buf */
static int follow(const char *path, int dfd, const char *base, char *buf,
		  size_t len)
{
	char target[PATH_MAX];
	ssize_t n = readlinkat(dfd, base, target, sizeof(target) - 1);
	int dlen = (int)(base - path);

	if (n < 0)
		return -errno;
	target[n] = '\0';
	if (target[0] == '/')
		dlen = 0;
	if (snprintf(buf, len, "%.*s%s", dlen, path, target) >= (int)len)
		return -ENAMETOOLONG;
	return 0;
}

/* procfs's links name kernel objects; no user can plant one there */
static int in_proc(int dfd)
{
	struct statfs sf;

	return !fstatfs(dfd, &sf) && sf.f_type == PROC_SUPER_MAGIC;
}

/*
 * -ff's FILE.TID must be new (O_EXCL): a name another user made first
 * would otherwise receive the trace.  A regular file of our own left by
 * an earlier run is replaced, as strace would overwrite it; if someone
 * makes the name again between the unlink and the create, we refuse.
 */
static int excl_replace(int dfd, const char *base, const struct stat *dst)
{
	struct stat st;

	if (fstatat(dfd, base, &st, AT_SYMLINK_NOFOLLOW))
		return -errno;
	if (!S_ISREG(st.st_mode) || st.st_uid != geteuid() ||
	    foreign(dst, st.st_uid))
		return -EEXIST;
	if (unlinkat(dfd, base, 0))
		return -errno;
	return 0;
}

int out_create(const char *path, int flags, char *err, size_t errlen)
{
	char cur[PATH_MAX], next[PATH_MAX];
	int oflags = O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK;
	int dfd = -1, fd = -1, r, hops = 0, retried = 0;
	const char *base;
	struct stat dst, st;

	if (flags & OUT_EXCL)
		oflags |= O_EXCL;
	if (flags & OUT_APPEND)
		oflags |= O_APPEND;
	if (snprintf(cur, sizeof(cur), "%s", path) >= (int)sizeof(cur)) {
		r = -ENAMETOOLONG;
		goto out_err;
	}
again:
	dfd = dir_open(cur, &base);
	if (dfd < 0 || fstat(dfd, &dst)) {
		r = -errno;
		goto out_err;
	}
	if (!*base) {
		r = -EISDIR;
		goto out_err;
	}
	/* what is there now; checked again on what open gives */
	if (!fstatat(dfd, base, &st, AT_SYMLINK_NOFOLLOW)) {
		if (foreign(&dst, st.st_uid))
			goto out_foreign;
		if (S_ISLNK(st.st_mode) && !(flags & OUT_EXCL)) {
			if (in_proc(dfd)) {
				/* /dev/stdout's /proc/self/fd/1: a link
				   only the kernel can follow (to a pipe) */
				fd = openat(dfd, base, oflags & ~O_NOFOLLOW,
					    0600);
				goto opened;
			}
			r = ++hops > SYMLINK_HOPS ? -ELOOP :
			    follow(cur, dfd, base, next, sizeof(next));
			if (r)
				goto out_err;
			memcpy(cur, next, sizeof(cur));
			close(dfd);
			goto again;
		}
	}
	/* O_NONBLOCK: a FIFO without a reader must not hold etrace here */
	fd = openat(dfd, base, oflags, 0600);
	if (fd < 0 && errno == EEXIST && (flags & OUT_EXCL) && !retried) {
		retried = 1;
		r = excl_replace(dfd, base, &dst);
		if (r == -EEXIST) {
			snprintf(err, errlen, "refusing to write %s: it exists"
				 " and is not a file of our own from an earlier"
				 " run", cur);
			goto out_close;
		}
		if (r)
			goto out_err;
		fd = openat(dfd, base, oflags, 0600);
	}
	if (fd < 0 && (errno == ELOOP || errno == EACCES) &&
	    !fstatat(dfd, base, &st, AT_SYMLINK_NOFOLLOW) &&
	    S_ISLNK(st.st_mode) && hops < SYMLINK_HOPS) {
		/* made since we looked: look again */
		close(dfd);
		hops++;
		goto again;
	}
opened:
	if (fd < 0 && errno == ENXIO &&
	    !fstatat(dfd, base, &st, AT_SYMLINK_NOFOLLOW) &&
	    S_ISFIFO(st.st_mode) && !foreign(&dst, st.st_uid)) {
		/* our own FIFO: wait for its reader, as strace -o does */
		fd = openat(dfd, base, O_WRONLY | O_NOFOLLOW | O_CLOEXEC);
	}
	if (fd < 0 || fstat(fd, &st)) {
		r = -errno;
		goto out_err;
	}
	if (foreign(&dst, st.st_uid))
		goto out_foreign;
	r = fcntl(fd, F_GETFL);
	if (r < 0 || fcntl(fd, F_SETFL, r & ~O_NONBLOCK)) {
		r = -errno;
		goto out_err;
	}
	close(dfd);
	return fd;
out_foreign:
	if (S_ISLNK(st.st_mode))
		snprintf(err, errlen, "refusing to follow %s: a symlink of uid"
			 " %u in a sticky world-writable directory", cur,
			 (unsigned int)st.st_uid);
	else
		snprintf(err, errlen, "refusing to write %s: a file of uid %u"
			 " in a sticky world-writable directory", cur,
			 (unsigned int)st.st_uid);
	r = -EPERM;
	goto out_close;
out_err:
	snprintf(err, errlen, "cannot write %s: %s", path, strerror(-r));
out_close:
	if (fd >= 0)
		close(fd);
	if (dfd >= 0)
		close(dfd);
	return r;
}

int out_check_dir(const char *path, char *err, size_t errlen)
{
	const char *base;
	int dfd = dir_open(path, &base), r = 0;

	if (dfd < 0 || faccessat(dfd, ".", W_OK, AT_EACCESS))
		r = -errno;
	if (dfd >= 0)
		close(dfd);
	if (r)
		snprintf(err, errlen, "cannot write %s: %s", path, strerror(-r));
	return r;
}

int out_truncate(int fd)
{
	struct stat st;

	/* a device or a pipe has nothing to empty */
	if (fstat(fd, &st))
		return -errno;
	if (S_ISREG(st.st_mode) && st.st_size && ftruncate(fd, 0))
		return -errno;
	return 0;
}

/*
 * An output that can block (a FIFO, a socket, a terminal) is written
 * without blocking: a reader that stops reading must not hold etrace in
 * write(), where the signals that end it (read from a signalfd) never
 * reach it.  out_flush waits for the reader in poll() instead, and for
 * those signals on a signalfd of its own that it never reads: trace.c
 * reads them from its own, and leaves the one that ended the trace
 * pending (trace_end), so that no wait at the end outlasts it.
 */
static int out_watch(struct out *o)
{
	struct stat st;
	sigset_t stop;
	int fl;

	if (fstat(o->fd, &st))
		return -errno;
	if (S_ISREG(st.st_mode) || S_ISBLK(st.st_mode))
		return 0;
	sigemptyset(&stop);
	sigaddset(&stop, SIGINT);
	sigaddset(&stop, SIGTERM);
	sigaddset(&stop, SIGHUP);
	sigaddset(&stop, SIGQUIT);
	o->stop_fd = signalfd(-1, &stop, SFD_CLOEXEC | SFD_NONBLOCK);
	if (o->stop_fd < 0)
		return -errno;
	fl = fcntl(o->fd, F_GETFL);
	if (fl < 0 || fcntl(o->fd, F_SETFL, fl | O_NONBLOCK))
		return -errno;
	o->fifo = S_ISFIFO(st.st_mode);
	return 0;
}

/*
 * -o '|COMMAND' (or '!COMMAND'), as strace's: the trace is piped to
 * /bin/sh -c COMMAND, started now with etrace's stdout and stderr, no
 * signal blocked (etrace blocks those it reads); out_close waits for it.
 * The fd of the pipe's end, or -errno.
 */
static int out_pipe(struct out *o, const char *cmd)
{
	sigset_t none;
	int p[2];

	if (pipe2(p, O_CLOEXEC))
		return -errno;
	o->pipe_pid = fork();
	if (o->pipe_pid < 0) {
		close(p[0]);
		close(p[1]);
		return -errno;
	}
	if (o->pipe_pid == 0) {
		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		signal(SIGPIPE, SIG_DFL);
		/* (etrace's own, kept open for its command, are not its) */
		if (dup2(p[0], STDIN_FILENO) < 0 || close_range(3, ~0u, 0))
			_exit(127);
		execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
		_exit(127);
	}
	close(p[0]);
	return p[1];
}

int out_open(struct out *o, const char *path, int flags, size_t cap,
	     char *err, size_t errlen)
{
	int r;

	memset(o, 0, sizeof(*o));
	o->stop_fd = -1;
	o->buf = malloc(cap);
	if (!o->buf) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	o->cap = cap;
	if (!path) {
		o->fd = STDERR_FILENO;
		return 0;
	}
	if (path[0] == '|' || path[0] == '!') {
		o->fd = out_pipe(o, path + 1);
		if (o->fd < 0)
			snprintf(err, errlen, "cannot start %s: %s", path + 1,
				 strerror(-o->fd));
	} else
		o->fd = out_create(path, flags, err, errlen);
	if (o->fd < 0) {
		r = o->fd;
		goto out_free;
	}
	o->own_fd = 1;
	r = out_watch(o);
	if (r) {
		snprintf(err, errlen, "cannot write %s: %s", path,
			 strerror(-r));
		goto out_close;
	}
	/* a new file (O_EXCL) has nothing to empty; -A's is added to */
	o->keep = !(flags & (OUT_EXCL | OUT_APPEND));
	o->path = strdup(path);
	return 0;
out_close:
	if (o->stop_fd >= 0)
		close(o->stop_fd);
	close(o->fd);
out_free:
	free(o->buf);
	o->buf = NULL;
	return r;
}

int out_start(struct out *o)
{
	int r = 0;

	if (o->keep) {
		r = out_truncate(o->fd);
		if (r && !o->err)
			o->err = -r;
		o->keep = 0;
	}
	return r;
}

/*
 * A FIFO is written PIPE_BUF bytes at a time, ending at a line's end
 * where one is in reach: the kernel writes those whole or not at all,
 * so what its reader gets when etrace gives up is whole lines, but for
 * a line still being written (a call not ended yet, as strace shows it).
 */
static size_t out_chunk(const struct out *o, size_t off)
{
	size_t n = o->len - off;
	const char *nl;

	if (!o->fifo || n < PIPE_BUF)
		return n;
	nl = memrchr(o->buf + off, '\n', PIPE_BUF);
	return nl ? (size_t)(nl - (o->buf + off)) + 1 : PIPE_BUF;
}

#define OUT_STALL_MS 1000	/* once a signal ends the trace */

/*
 * Wait until o's reader takes more: 0, or -EAGAIN when it will not.  As
 * long as it takes until a signal ends the trace (the rings meanwhile
 * hold what comes, or the kernel counts it lost); then as long as the
 * reader keeps taking, but never OUT_STALL_MS without.
 */
static int out_wait(struct out *o)
{
	struct pollfd p[2] = {
		{ .fd = o->fd, .events = POLLOUT },
		{ .fd = o->stop_fd, .events = POLLIN },
	};

	if (o->stalled)
		return -EAGAIN;
	for (;;) {
		int r = poll(p, o->stopping ? 1 : 2,
			     o->stopping ? OUT_STALL_MS : -1);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return -errno;
		if (!r) {
			o->stalled = 1;
			return -EAGAIN;
		}
		/* writable, or an error the write will say */
		if (p[0].revents)
			return 0;
		o->stopping = 1;
	}
}

/*
 * The reader will not take buf[off..]: its lines are counted and
 * dropped, and the rest of the last one when it comes.
 */
static void out_drop(struct out *o, size_t off)
{
	const char *p = o->buf + off, *end = o->buf + o->len, *nl;

	while ((nl = memchr(p, '\n', (size_t)(end - p)))) {
		o->unwritten++;
		p = nl + 1;
	}
	if (p < end) {
		o->unwritten++;
		o->skip = 1;
	}
	o->len = 0;
}

int out_flush(struct out *o)
{
	size_t off = 0;

	while (off < o->len && !o->err) {
		ssize_t r = write(o->fd, o->buf + off, out_chunk(o, off));

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0 && errno == EAGAIN && o->stop_fd >= 0) {
			r = out_wait(o);
			if (!r)
				continue;
			if (r != -EAGAIN) {
				o->err = (int)-r;
				break;
			}
			out_drop(o, off);
			return 0;
		}
		if (r < 0) {
			o->err = errno;
			break;
		}
		o->stalled = 0;
		off += (size_t)r;
	}
	/* after an error, output is dropped: the caller stops tracing */
	o->len = 0;
	return o->err ? -o->err : 0;
}

void out_write(struct out *o, const char *s, size_t n)
{
	while (n) {
		size_t room = o->cap - o->len;

		if (o->skip) {
			const char *nl = memchr(s, '\n', n);

			if (!nl)
				return;
			n -= (size_t)(nl + 1 - s);
			s = nl + 1;
			o->skip = 0;
			continue;
		}
		if (!room) {
			out_flush(o);
			continue;
		}
		if (room > n)
			room = n;
		memcpy(o->buf + o->len, s, room);
		o->len += room;
		s += room;
		n -= room;
	}
}

int out_close(struct out *o)
{
	int r = 0;

	if (o->buf)
		r = out_flush(o);
	if (o->unwritten)
		fprintf(stderr, "etrace: %llu line%s of the trace not written"
			" to %s: its reader stopped reading\n", o->unwritten,
			o->unwritten == 1 ? "" : "s",
			o->path ? o->path : "the output");
	if (o->stop_fd >= 0)
		close(o->stop_fd);
	if (o->own_fd && close(o->fd) && !r)
		r = -errno;
	/* -o '|COMMAND': it has all of the trace when it ends (it may have
	   been reaped already, with etrace's other children) */
	while (o->pipe_pid > 0 && waitpid(o->pipe_pid, NULL, 0) < 0 &&
	       errno == EINTR)
		;
	free(o->buf);
	free(o->path);
	memset(o, 0, sizeof(*o));
	return r;
}
