// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Pairing stage: -P PATH (pathsel.h).  Which arguments of which call are
 * looked at is strace 6.1's (pathtrace.c), as data: a row per call that
 * strace treats apart, and its fallback for the others (a %file call's
 * first argument as a path, a %desc or %network call's as an fd).  A
 * path argument matches as the program passed it (the copy made at the
 * call), an fd as what -y read of it: the file's path (without
 * "(deleted)"), or its link text ("pipe:[123]", "socket:[123]",
 * "anon_inode:[eventfd]").  Nothing copied, nothing read: no match.
 */
#include <fcntl.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pathsel.h"
#include "sysent.h"

/* which arguments count: "f0" args[0] as an fd, "p1" args[1] as a path */
static const struct {
	const char *name;
	const char *args;
} rules[] = {
	{ "dup2", "f0f1" }, { "dup3", "f0f1" }, { "kexec_file_load", "f0f1" },
	{ "sendfile", "f0f1" }, { "tee", "f0f1" },
	{ "execveat", "f0p1" }, { "faccessat", "f0p1" },
	{ "faccessat2", "f0p1" }, { "fchmodat", "f0p1" },
	{ "fchmodat2", "f0p1" }, { "fchownat", "f0p1" }, { "fspick", "f0p1" },
	{ "futimesat", "f0p1" }, { "inotify_add_watch", "f0p1" },
	{ "mkdirat", "f0p1" }, { "mknodat", "f0p1" },
	{ "mount_setattr", "f0p1" }, { "name_to_handle_at", "f0p1" },
	{ "newfstatat", "f0p1" }, { "open_tree", "f0p1" }, { "openat", "f0p1" },
	{ "openat2", "f0p1" }, { "readlinkat", "f0p1" }, { "statx", "f0p1" },
	{ "unlinkat", "f0p1" }, { "utimensat", "f0p1" },
	{ "link", "p0p1" }, { "mount", "p0p1" }, { "pivot_root", "p0p1" },
	{ "quotactl", "p1" }, { "symlink", "p1" },
	{ "linkat", "f0f2p1p3" }, { "move_mount", "f0f2p1p3" },
	{ "renameat2", "f0f2p1p3" }, { "renameat", "f0f2p1p3" },
	{ "mmap", "f4" }, { "symlinkat", "f1p2" },
	{ "copy_file_range", "f0f2" }, { "splice", "f0f2" },
	{ "epoll_ctl", "f2" }, { "fanotify_mark", "f3p4" },
	/* fds in memory: "s" select's sets, "a" poll's array */
	{ "select", "s" }, { "pselect6", "s" }, { "poll", "a" },
	{ "ppoll", "a" },
	/* "c": by its command (fsconfig_match) */
	{ "fsconfig", "c" },
	/* calls with no fd or path argument to look at */
	{ "accept4", "" }, { "accept", "" }, { "bpf", "" },
	{ "epoll_create", "" }, { "epoll_create1", "" }, { "eventfd2", "" },
	{ "eventfd", "" }, { "fanotify_init", "" }, { "fsmount", "" },
	{ "fsopen", "" }, { "inotify_init", "" }, { "inotify_init1", "" },
	{ "io_uring_enter", "" }, { "io_uring_register", "" },
	{ "io_uring_setup", "" }, { "landlock_add_rule", "" },
	{ "landlock_create_ruleset", "" }, { "landlock_restrict_self", "" },
	{ "memfd_create", "" }, { "memfd_secret", "" },
	{ "mq_getsetattr", "" }, { "mq_notify", "" }, { "mq_open", "" },
	{ "mq_timedreceive", "" }, { "mq_timedsend", "" },
	{ "perf_event_open", "" }, { "pidfd_open", "" }, { "pipe", "" },
	{ "pipe2", "" }, { "signalfd4", "" }, { "signalfd", "" },
	{ "socket", "" }, { "socketpair", "" }, { "timerfd_create", "" },
	{ "timerfd_gettime", "" }, { "timerfd_settime", "" },
	{ "userfaultfd", "" },
};

static int is_glob(const char *s)
{
	return strpbrk(s, "*?[") != NULL;
}

static int have(const struct path_sel *ps, const char *s)
{
	for (int i = 0; i < ps->n; i++)
		if (!strcmp(ps->pats[i], s))
			return 1;
	return 0;
}

static int push(struct path_sel *ps, const char *s)
{
	char **np;
	char *d;

	if (have(ps, s))
		return 0;
	d = strdup(s);
	np = d ? realloc(ps->pats, sizeof(*np) * (size_t)(ps->n + 1)) : NULL;
	if (!np) {
		free(d);
		return -1;
	}
	ps->pats = np;
	ps->pats[ps->n++] = d;
	return 0;
}

int pathsel_add(struct path_sel *ps, const char *path, char *err,
		size_t errlen)
{
	char *real;

	if (!*path) {
		snprintf(err, errlen, "-P: an empty path");
		return -1;
	}
	if (push(ps, path))
		goto nomem;
	/* strace adds the real path too (a symlink, "..", a relative path) */
	if (is_glob(path))
		return 0;
	real = realpath(path, NULL);
	if (real && push(ps, real)) {
		free(real);
		goto nomem;
	}
	free(real);
	return 0;
nomem:
	snprintf(err, errlen, "-P: out of memory");
	return -1;
}

void pathsel_free(struct path_sel *ps)
{
	for (int i = 0; i < ps->n; i++)
		free(ps->pats[i]);
	free(ps->pats);
	ps->pats = NULL;
	ps->n = 0;
}

static int text_match(const struct path_sel *ps, const char *s)
{
	for (int i = 0; i < ps->n; i++) {
		const char *p = ps->pats[i];

		if (!strcmp(p, s) || (is_glob(p) && !fnmatch(p, s, 0)))
			return 1;
	}
	return 0;
}

/* args[i]'s copied path: as the program passed it */
static int path_match(const struct path_sel *ps, const struct sc_call *c,
		      int i)
{
	const struct cap *k = i < c->d->nargs ? c->cap[i] : NULL;
	char s[4097];

	/* not in memory yet at entry: copied again at exit */
	if (k && (k->flags & CAP_LATER) && (k->flags & CAP_FAULT))
		return -1;
	if (!k || (k->flags & (CAP_FAULT | CAP_TRUNC)) || k->len >= sizeof(s) ||
	    memchr(k->p, '\0', k->len))
		return 0;
	memcpy(s, k->p, k->len);
	s[k->len] = '\0';
	return text_match(ps, s);
}

/* what -y read of an fd at the call, as /proc's link says */
static int desc_match(const struct path_sel *ps, const struct fd_desc *f)
{
	char s[4097];

	if (!f)
		return 0;
	switch (f->kind) {
	case FD_PATH:
	case FD_ANON:
		if (f->namelen >= (f->kind == FD_ANON ? sizeof(s) - 11 : sizeof(s)))
			return 0;
		snprintf(s, sizeof(s), "%s%.*s", f->kind == FD_ANON ?
			 "anon_inode:" : "", (int)f->namelen, f->name);
		break;
	case FD_PIPE:
	case FD_SOCKET:
		snprintf(s, sizeof(s), "%s:[%llu]", f->kind == FD_PIPE ?
			 "pipe" : "socket", (unsigned long long)f->ino);
		break;
	case FD_PIDFD:
		snprintf(s, sizeof(s), "anon_inode:[pidfd]");
		break;
	default:
		return 0;
	}
	return text_match(ps, s);
}

/* args[i]'s fd; AT_FDCWD is none (strace: no /proc/PID/fd/-100) */
static int fd_match(const struct path_sel *ps, const struct sc_call *c, int i)
{
	if (i >= FD_SLOTS || (int32_t)c->args[i] == AT_FDCWD)
		return 0;
	return desc_match(ps, c->fd[i]);
}

/* the set slot that describes fd, or NULL */
static const struct fd_desc *set_slot(const struct sc_call *c, int64_t fd)
{
	for (int s = 0; s < FD_SET_MAX; s++) {
		const struct fd_desc *f = c->fd[FD_SLOT_SET0 + s];

		if (f && f->fd == fd)
			return f;
	}
	return NULL;
}

/*
 * poll's array: its elements below FD_SET_MAX were described at entry
 * (cap_fdsets.bpf.c), element i in set slot i.  An array the kernel
 * could not read (EFAULT) gave it no fd.  1 on a match; an open fd past
 * those may be the path: the call is then shown (1), not hidden.
 */
static int poll_match(const struct path_sel *ps, const struct sc_call *c)
{
	const struct cap *k = c->cap[0];
	uint64_t count = (uint32_t)c->args[1];	/* the kernel's */

	if (!c->args[0] || !count || (k && (k->flags & CAP_FAULT)))
		return 0;
	for (int s = 0; s < FD_SET_MAX; s++)
		if (desc_match(ps, c->fd[FD_SLOT_SET0 + s]))
			return 1;
	if (count <= FD_SET_MAX)
		return 0;
	if (!k || (k->flags & CAP_TRUNC) || k->len / 8 < count)
		return 1;
	for (uint64_t e = FD_SET_MAX; e < count; e++) {
		int32_t fd;

		memcpy(&fd, k->p + 8 * e, sizeof(fd));
		if (fd >= 0)
			return 1;
	}
	return 0;
}

/*
 * select's sets: the fds of those the kernel could read (one it could
 * not: EFAULT, no fd), below nfds and the fd table's size (the copies
 * were cut there).  At entry, the first FD_SET_MAX open fds of the sets
 * below 1024, lowest first, were described (cap_fdsets.bpf.c): an fd
 * without a description was not open, unless it is past them (16 were
 * described) or past 1024; such an fd may be the path: the call is then
 * shown (1), not hidden.
 */
static int select_match(const struct path_sel *ps, const struct sc_call *c)
{
	const struct fd_desc *full = c->fd[FD_SLOT_SET0 + FD_SET_MAX - 1];
	int64_t nfds = (int32_t)c->args[0];

	for (int j = 1; j <= 3 && nfds > 0; j++) {
		const struct cap *k = c->cap[j];
		int64_t bits = nfds;

		if (!c->args[j] || (k && (k->flags & CAP_FAULT)))
			continue;
		if (!k || (k->flags & CAP_TRUNC) || (k->len && !k->p))
			return 1;
		if (bits > (int64_t)k->len * 8)
			bits = (int64_t)k->len * 8;
		for (int64_t fd = 0; fd < bits; fd++) {
			const struct fd_desc *f;

			if (!(k->p[fd / 8] & (1u << (fd % 8))))
				continue;
			f = set_slot(c, fd);
			if (f ? desc_match(ps, f) :
				fd >= 1024 || (full && fd > full->fd))
				return 1;
		}
	}
	return 0;
}

/* fsconfig: SET_PATH's path and dirfd, SET_FD's fd (strace's rule) */
static int fsconfig_match(const struct path_sel *ps, const struct sc_call *c)
{
	uint32_t cmd = (uint32_t)c->args[1];
	const struct cap *k = c->cap[3];
	const uint8_t *z;
	char s[4097];

	if (cmd == 5 /* FSCONFIG_SET_FD */)
		return fd_match(ps, c, 4);
	if (cmd != 3 && cmd != 4)	/* FSCONFIG_SET_PATH, _PATH_EMPTY */
		return 0;
	if (fd_match(ps, c, 4))
		return 1;
	/* the value: copied up to the memory's end, its NUL in it */
	if (!k || (k->flags & CAP_FAULT) || !k->p ||
	    !(z = memchr(k->p, '\0', k->len)) || (size_t)(z - k->p) >= sizeof(s))
		return 0;
	memcpy(s, k->p, (size_t)(z - k->p) + 1);
	return text_match(ps, s);
}

int pathsel_match(const struct path_sel *ps, const struct sc_call *c)
{
	const char *a = NULL;
	int later = 0;

	if (!(c->d->classes & (1u << CLS_BIT_file | 1u << CLS_BIT_desc |
			       1u << CLS_BIT_network)))
		return 0;
	for (size_t i = 0; i < sizeof(rules) / sizeof(rules[0]) && !a; i++)
		if (!strcmp(rules[i].name, c->d->name))
			a = rules[i].args;
	if (!a)
		return c->d->classes & (1u << CLS_BIT_file) ? path_match(ps, c, 0) :
							      fd_match(ps, c, 0);
	if (a[0] == 's')
		return select_match(ps, c);
	if (a[0] == 'a')
		return poll_match(ps, c);
	if (a[0] == 'c')
		return fsconfig_match(ps, c);
	for (; a[0] && a[1]; a += 2) {
		int i = a[1] - '0', r;

		r = a[0] == 'f' ? fd_match(ps, c, i) : path_match(ps, c, i);
		if (r == 1)
			return 1;
		if (r < 0)
			later = 1;
	}
	return later ? -1 : 0;
}
