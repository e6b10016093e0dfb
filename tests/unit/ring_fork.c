// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Rings: a ring is unmapped only by the process that mapped it.  A perf
 * ring's mapping is not copied into a fork (the kernel marks it
 * VM_DONTCOPY; here MADV_DONTFORK does the same to a memfd's mapping),
 * so in etrace's teardown child the ring's range is free, and memory the
 * child maps may be there (it was: ASan's, and the child crashed).  The
 * child's ring_unmap must leave that memory alone; the parent's unmaps.
 */
#include <errno.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "ring.h"

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000
#endif

#define DATA (1 << 20)

static int mapped(void *at, size_t len)
{
	unsigned char vec[(DATA + 4096) / 4096 + 16];

	return !mincore(at, len, vec);
}

/*
 * The fork: its own memory where the ring was, then ring_unmap.  Each
 * page of the range is mapped here unless the fork's own memory is
 * there already (ASan's allocator may have put some there since the
 * fork): all of it must stay.
 */
static int child(struct ring *r)
{
	size_t page = (size_t)getpagesize(), len = r->map_len, ours = 0;
	unsigned char *at = (unsigned char *)r->meta;
	static unsigned char mine[(DATA + 4096) / 4096 + 16];

	for (size_t o = 0; o < len; o += page) {
		void *m = mmap(at + o, page, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS |
			       MAP_FIXED_NOREPLACE, -1, 0);

		if (m == at + o) {
			memset(m, 0x5a, page);
			mine[o / page] = 1;
			ours++;
		} else if (m != MAP_FAILED) {
			munmap(m, page);	/* (a kernel without NOREPLACE) */
		}
	}
	if (!ours) {
		fprintf(stderr, "no page of the ring's range is free in the"
			" fork\n");
		return 1;
	}
	ring_unmap(r);
	for (size_t o = 0; o < len; o += page) {
		if (!mapped(at + o, page)) {
			fprintf(stderr, "the fork's ring_unmap unmapped its"
				" memory\n");
			return 1;
		}
		if (mine[o / page] && (at[o] != 0x5a || at[o + page - 1] != 0x5a))
			return 1;
	}
	return 0;
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
