// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Rings: a ring is unmapped only by the process that mapped it.  A perf
 * ring's mapping is not copied into a fork (the kernel marks it
 * VM_DONTCOPY; here MADV_DONTFORK does the same to a memfd's mapping),
 * so in etrace's teardown child the ring's range is free, and memory the
 * child maps may be there (it was: ASan's, and the child crashed).  The
 * child's ring_unmap must leave that memory alone; the parent's unmaps.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "ring.h"

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000
#endif

#define DATA 65536

static int mapped(void *at, size_t len)
{
	unsigned char vec[(DATA + 4096) / 4096 + 16];

	return !mincore(at, len, vec);
}

/* the fork: map its own memory where the ring was, then unmap the ring */
static int child(struct ring *r)
{
	size_t len = r->map_len;
	void *at = r->meta;
	unsigned char *m = mmap(at, len, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS |
				MAP_FIXED_NOREPLACE, -1, 0);

	if (m != at) {
		fprintf(stderr, "the ring's range is not free in the fork\n");
		return 1;
	}
	memset(m, 0x5a, len);
	ring_unmap(r);
	if (!mapped(m, len)) {
		fprintf(stderr, "the fork's ring_unmap unmapped its memory\n");
		return 1;
	}
	return m[0] == 0x5a && m[len - 1] == 0x5a ? 0 : 1;
}

int main(void)
{
	size_t page = (size_t)getpagesize();
	struct ring r;
	void *at;
	size_t len;
	int fd = memfd_create("ring", MFD_CLOEXEC), st = -1;
	pid_t pid;

	CHECK(fd >= 0 && !ftruncate(fd, (off_t)(page + DATA)));
	CHECK(!ring_map(&r, fd, 0, DATA));
	at = r.meta;
	len = r.map_len;
	CHECK(len == page + DATA);
	CHECK(!madvise(at, len, MADV_DONTFORK));
	pid = fork();
	if (pid == 0)
		_exit(child(&r));
	CHECK(pid > 0 && waitpid(pid, &st, 0) == pid);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	/* the process that mapped it unmaps it */
	CHECK(mapped(at, len));
	ring_unmap(&r);
	CHECK(!mapped(at, len) && errno == ENOMEM);
	CHECK(r.meta == NULL && r.scratch == NULL);
	close(fd);
	CHECK_DONE();
}
