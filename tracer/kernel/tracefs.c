// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Events stage: locating (or mounting) tracefs and reading event formats.
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <traceevent/event-parse.h>

#include "tracefs.h"

static const char *const candidates[] = {
	"/sys/kernel/tracing",
	"/sys/kernel/debug/tracing",
};

static int usable(const char *root)
{
	char path[300];

	snprintf(path, sizeof(path), "%s/events/raw_syscalls", root);
	return access(path, F_OK) == 0;
}

static int mounted_tracefs(const char *where)
{
	FILE *f = fopen("/proc/self/mounts", "r");
	char dev[256], dir[256], type[64];
	int found = 0;

	if (!f)
		return 0;
	while (fscanf(f, "%255s %255s %63s %*[^\n]", dev, dir, type) == 3)
		if (!strcmp(dir, where) && !strcmp(type, "tracefs"))
			found = 1;
	fclose(f);
	return found;
}

/* a mounted tracefs we may not read: -EACCES; found: 0; none: -ENOENT */
static int find_root(struct tracefs *t)
{
	int denied = 0;

	for (size_t i = 0; i < sizeof(candidates) / sizeof(candidates[0]); i++) {
		char path[300];

		if (usable(candidates[i])) {
			snprintf(t->root, sizeof(t->root), "%s", candidates[i]);
			return 0;
		}
		snprintf(path, sizeof(path), "%s/events", candidates[i]);
		if (access(path, F_OK) && errno == EACCES)
			denied = 1;
		else if (access(candidates[i], R_OK | X_OK) && errno == EACCES)
			denied = denied || mounted_tracefs(candidates[i]);
	}
	return denied ? -EACCES : -ENOENT;
}

static int mount_private(struct tracefs *t, char *err, size_t errlen)
{
	const char *where = candidates[0];

	/*
	 * A namespace of our own: the mount is never seen by the rest of
	 * the system and vanishes with etrace, even on SIGKILL.  "/" must
	 * be made private first or the mount would propagate back (the
	 * kernel ignores source and type then: "none", not NULL, which
	 * valgrind takes for a bad string).
	 */
	if (unshare(CLONE_NEWNS) ||
	    mount("none", "/", "none", MS_REC | MS_PRIVATE, NULL) ||
	    mount("nodev", where, "tracefs", 0, NULL)) {
		int e = errno;

		snprintf(err, errlen, "tracefs is not mounted and mounting it"
			 " failed (%s): run as root, or mount it with"
			 " 'mount -t tracefs nodev %s'", strerror(e), where);
		return -e;
	}
	if (!usable(where)) {
		snprintf(err, errlen, "tracefs at %s has no raw_syscalls events"
			 " (kernel without CONFIG_FTRACE_SYSCALLS?)", where);
		return -ENOENT;
	}
	snprintf(t->root, sizeof(t->root), "%s", where);
	t->mounted_here = 1;
	return 0;
}

int tfs_open(struct tracefs *t, char *err, size_t errlen)
{
	int r;

	memset(t, 0, sizeof(*t));
	/* ETRACE_TRACEFS names tracefs explicitly (and never mounts) */
	if (getenv("ETRACE_TRACEFS")) {
		snprintf(t->root, sizeof(t->root), "%s", getenv("ETRACE_TRACEFS"));
		if (!usable(t->root)) {
			snprintf(err, errlen, "no tracefs at %s (ETRACE_TRACEFS):"
				 " it has no events/raw_syscalls", t->root);
			return -ENOENT;
		}
	} else if ((r = find_root(t))) {
		if (r == -EACCES) {
			snprintf(err, errlen, "no permission to read tracefs at"
				 " %s: run as root, or with CAP_PERFMON and read"
				 " access to tracefs", candidates[0]);
			return r;
		}
		if (access(candidates[0], F_OK)) {
			snprintf(err, errlen, "no tracefs: %s does not exist"
				 " (kernel without CONFIG_FTRACE?)",
				 candidates[0]);
			return -ENOENT;
		}
		r = mount_private(t, err, errlen);
		if (r)
			return r;
	}
	t->tep = tep_alloc();
	if (!t->tep) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	tep_set_long_size(t->tep, sizeof(long));
	tep_set_page_size(t->tep, getpagesize());
	return 0;
}

int tfs_where(char *where, size_t len)
{
	struct tracefs t;
	int r;

	memset(&t, 0, sizeof(t));
	if (getenv("ETRACE_TRACEFS")) {
		snprintf(where, len, "%s", getenv("ETRACE_TRACEFS"));
		return usable(where) ? 0 : -EINVAL;
	}
	r = find_root(&t);
	snprintf(where, len, "%s", r ? candidates[0] : t.root);
	return r;
}

void tfs_close(struct tracefs *t)
{
	if (t->tep)
		tep_free(t->tep);
	t->tep = NULL;
}

static int valid_name(const char *s)
{
	/* a name is one path component: no "..", no "/" */
	return *s && !strchr(s, '/') && strcmp(s, ".") && strcmp(s, "..");
}

int tfs_has_event(struct tracefs *t, const char *sys, const char *name)
{
	char path[512];

	if (!valid_name(sys) || !valid_name(name))
		return 0;
	snprintf(path, sizeof(path), "%s/events/%s/%s/format", t->root, sys,
		 name);
	return access(path, R_OK) == 0;
}

static char *read_file(const char *path, size_t *len)
{
	size_t cap = 8192, n = 0;
	char *buf = malloc(cap);
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0 || !buf) {
		int e = errno;

		free(buf);
		if (fd >= 0)
			close(fd);
		errno = e;
		return NULL;
	}
	for (;;) {
		ssize_t r;

		/* room for a NUL after the data, always */
		if (n + 1 >= cap) {
			char *nb = realloc(buf, cap * 2);

			if (!nb) {
				free(buf);
				close(fd);
				errno = ENOMEM;
				return NULL;
			}
			buf = nb;
			cap *= 2;
		}
		r = read(fd, buf + n, cap - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			int e = errno;

			free(buf);
			close(fd);
			errno = e;
			return NULL;
		}
		if (!r)
			break;
		n += (size_t)r;
	}
	close(fd);
	*len = n;
	return buf;
}

int tfs_event(struct tracefs *t, const char *sys, const char *name,
	      struct tep_event **ev, char *err, size_t errlen)
{
	char path[512];
	size_t len;
	char *buf;
	enum tep_errno r;

	*ev = tep_find_event_by_name(t->tep, sys, name);
	if (*ev)
		return 0;
	if (!valid_name(sys) || !valid_name(name)) {
		snprintf(err, errlen, "invalid event name '%s:%s'", sys, name);
		return -EINVAL;
	}
	snprintf(path, sizeof(path), "%s/events/%s/%s/format", t->root, sys,
		 name);
	buf = read_file(path, &len);
	if (!buf) {
		int e = errno;

		if (e == ENOENT)
			snprintf(err, errlen, "no such event '%s:%s' (see"
				 " %s/available_events)", sys, name, t->root);
		else
			snprintf(err, errlen, "cannot read %s: %s", path,
				 strerror(e));
		return -e;
	}
	r = tep_parse_format(t->tep, ev, buf, len, sys);
	free(buf);
	if (r) {
		snprintf(err, errlen, "cannot parse the format of %s:%s",
			 sys, name);
		return -EINVAL;
	}
	return 0;
}

int tfs_field(struct tep_event *ev, const char *field, int *size)
{
	struct tep_format_field *f = tep_find_any_field(ev, field);

	if (!f)
		return -1;
	if (size)
		*size = f->size;
	return f->offset;
}

static int write_file(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
	ssize_t r;

	if (fd < 0)
		return -errno;
	r = write(fd, text, strlen(text));
	close(fd);
	return r < 0 ? -errno : 0;
}

void tfs_filter_msg(char *log, const char *sys, const char *name,
		    const char *filter, char *msg, size_t len)
{
	char *err, *cmd, *nl;
	long col = -1;

	/*
	 * [ 3792.13] event filter parse error: error: Field not found
	 *   Command: bogus == 1
	 *                  ^
	 */
	err = strstr(log, "error: error: ");
	cmd = err ? strstr(err, "\n  Command: ") : NULL;
	if (!cmd)
		return;
	/*
	 * The caret: the entry's last line, spaces and '^', indented by
	 * "  Command: " and the column (the command may hold newlines).
	 */
	for (char *line = cmd + 1; line; line = nl ? nl + 1 : NULL) {
		size_t sp = strspn(line, " ");

		nl = strchr(line, '\n');
		if (line[sp] == '^' && (line + sp + 1 == nl || !line[sp + 1]) &&
		    sp >= 11)
			col = (long)sp - 11;
	}
	err += 14;
	nl = strchr(err, '\n');
	if (nl)
		*nl = '\0';
	if (col >= 0)
		snprintf(msg, len, "bad filter for %s:%s: %s: '%s'"
			 " (at column %ld)", sys, name, err, filter, col + 1);
	else
		snprintf(msg, len, "bad filter for %s:%s: %s: '%s'",
			 sys, name, err, filter);
}

void tfs_filter_error(struct tracefs *t, const char *sys, const char *name,
		      const char *filter, char *msg, size_t len)
{
	char inst[512], path[1024];
	char *log = NULL;
	size_t n;

	snprintf(msg, len, "the kernel refused the filter '%s' for %s:%s",
		 filter, sys, name);
	snprintf(inst, sizeof(inst), "%s/instances/etrace-%d", t->root,
		 (int)getpid());
	if (mkdir(inst, 0700))
		return;
	snprintf(path, sizeof(path), "%s/events/%s/%s/filter", inst, sys, name);
	if (write_file(path, filter) == -EINVAL) {
		snprintf(path, sizeof(path), "%s/error_log", inst);
		log = read_file(path, &n);
	}
	rmdir(inst);
	if (!log)
		return;
	log[n] = '\0';
	tfs_filter_msg(log, sys, name, filter, msg, len);
	free(log);
}
