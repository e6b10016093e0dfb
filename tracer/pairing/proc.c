// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tasks stage: /proc readers, used only at attach time and as a safety
 * net for tasks whose EXIT record was lost.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "proc.h"

/* the numbered entries of a /proc directory */
static int list_ids(const char *path, pid_t **tids, int *n)
{
	DIR *d;
	struct dirent *de;
	int cap = 0;

	*tids = NULL;
	*n = 0;
	d = opendir(path);
	if (!d)
		return errno == ENOENT ? -ESRCH : -errno;
	while ((de = readdir(d))) {
		char *end;
		long t = strtol(de->d_name, &end, 10);

		if (*end || t <= 0)
			continue;
		if (*n == cap) {
			pid_t *nt = realloc(*tids, sizeof(pid_t) * (cap = cap ? cap * 2 : 16));

			if (!nt) {
				closedir(d);
				return -ENOMEM;
			}
			*tids = nt;
		}
		(*tids)[(*n)++] = (pid_t)t;
	}
	closedir(d);
	return *n ? 0 : -ESRCH;
}

int proc_tids(pid_t pid, pid_t **tids, int *n)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
	return list_ids(path, tids, n);
}

int proc_pids(pid_t **pids, int *n)
{
	return list_ids("/proc", pids, n);
}

static int read_small(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t r;

	if (fd < 0)
		return -errno;
	r = read(fd, buf, len - 1);
	close(fd);
	if (r < 0)
		return -errno;
	buf[r] = '\0';
	return (int)r;
}

pid_t proc_tgid(pid_t tid)
{
	char path[64], buf[4096], *p;
	int r;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)tid);
	r = read_small(path, buf, sizeof(buf));
	if (r < 0)
		return r == -ENOENT ? -ESRCH : r;
	p = strstr(buf, "\nTgid:");
	return p ? (pid_t)atoi(p + 6) : -ESRCH;
}

int proc_comm(pid_t tid, char comm[16])
{
	char path[64], buf[64];
	int r;

	snprintf(path, sizeof(path), "/proc/%d/comm", (int)tid);
	r = read_small(path, buf, sizeof(buf));
	if (r < 0)
		return r;
	buf[strcspn(buf, "\n")] = '\0';
	buf[15] = '\0';
	memcpy(comm, buf, 16);
	return 0;
}

int proc_alive(pid_t tid)
{
	char path[64], buf[512], *p;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)tid);
	if (read_small(path, buf, sizeof(buf)) < 0)
		return 0;
	/* the state follows the last ')' (comm may contain one) */
	p = strrchr(buf, ')');
	return p && p[1] == ' ' && p[2] != 'Z' && p[2] != 'X';
}

pid_t proc_ppid(pid_t pid)
{
	char path[64], buf[512], *p;
	int ppid;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	if (read_small(path, buf, sizeof(buf)) < 0)
		return -ESRCH;
	/* state, then the parent, after the last ')' (comm may hold one) */
	p = strrchr(buf, ')');
	if (!p || sscanf(p + 1, " %*c %d", &ppid) != 1)
		return -ESRCH;
	return (pid_t)ppid;
}
