// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Sinks stage: output buffers.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "out.h"

int out_open(struct out *o, const char *path, size_t cap)
{
	memset(o, 0, sizeof(*o));
	o->buf = malloc(cap);
	if (!o->buf)
		return -ENOMEM;
	o->cap = cap;
	if (!path) {
		o->fd = STDERR_FILENO;
		return 0;
	}
	o->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	if (o->fd < 0) {
		int e = errno;

		free(o->buf);
		o->buf = NULL;
		return -e;
	}
	o->own_fd = 1;
	o->path = strdup(path);
	return 0;
}

int out_flush(struct out *o)
{
	size_t off = 0;

	while (off < o->len && !o->err) {
		ssize_t r = write(o->fd, o->buf + off, o->len - off);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			o->err = errno;
			break;
		}
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
	if (o->own_fd && close(o->fd) && !r)
		r = -errno;
	free(o->buf);
	free(o->path);
	memset(o, 0, sizeof(*o));
	return r;
}
