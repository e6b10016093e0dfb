// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: -y on fds of the process another argument names (strace
 * 6.1's kcmp-y.c, pidfd_getfd-y.c): kcmp's idx1 and idx2 and
 * pidfd_getfd's targetfd are named only when the tracer described them
 * (they were the caller's) or, for pidfd_getfd, by the fd it returned (a
 * copy of the same open file); else the bare number.
 */
#include <sys/syscall.h>

#include "check_decode.h"

static const char dnull[] = "/dev/null", dzero[] = "/dev/zero";
static struct fd_desc fnull = { .kind = FD_PATH,
				.name = (const uint8_t *)dnull,
				.namelen = sizeof(dnull) - 1 };
static struct fd_desc fzero = { .kind = FD_PATH,
				.name = (const uint8_t *)dzero,
				.namelen = sizeof(dzero) - 1 };

static void test_kcmp(void)
{
	struct sc_call c = CALL(SYS_kcmp, 2, 21447, 21447, 0, 23, 42);

	fo.fds = DECODE_FD_PATH;
	c.fd[3] = &fnull;
	c.fd[4] = &fzero;
	CHECK_STR(run(&c), "kcmp(21447, 21447, KCMP_FILE, 23</dev/null>, "
		  "42</dev/zero>) = 2");
	/* pid2 not the caller's: idx2 not described */
	c.fd[4] = NULL;
	CHECK_STR(run(&c), "kcmp(21447, 21447, KCMP_FILE, 23</dev/null>, "
		  "42) = 2");
	c = CALL(SYS_kcmp, -3, 21447, -1, 7, 23, 0);
	c.fd[3] = &fnull;
	CHECK_STR(run(&c), "kcmp(21447, -1, KCMP_EPOLL_TFD, 23</dev/null>, "
		  "NULL) = -1 ESRCH (No such process)");
	fo.fds = 0;
}

static void test_getfd(void)
{
	struct sc_call c = CALL(SYS_pidfd_getfd, 6, 5, 5, 0);

	fo.fds = DECODE_FD_PATH;
	c.fd[FD_SLOT_RET] = &fnull;
	CHECK_STR(run_entry(&c), "pidfd_getfd(5, ");
	CHECK_STR(run(&c), "pidfd_getfd(5, 5</dev/null>, 0) = 6</dev/null>");
	/* the caller's own: its slot */
	c.fd[1] = &fzero;
	CHECK_STR(run(&c), "pidfd_getfd(5, 5</dev/zero>, 0) = 6</dev/null>");
	/* failed: nothing returned to name it by */
	c = CALL(SYS_pidfd_getfd, -9, 5, 5, 0);
	c.fd[FD_SLOT_RET] = &fnull;
	CHECK_STR(run(&c), "pidfd_getfd(5, 5, 0) = -1 EBADF (Bad file "
		  "descriptor)");
	fo.fds = 0;
}

int main(void)
{
	test_kcmp();
	test_getfd();
	CHECK_DONE();
}
