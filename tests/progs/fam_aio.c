// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_aio.sh: io_submit's struct iocb *[] on a
 * context of its own: PWRITE's data (short and longer than -s), PWRITEV's
 * and PREADV's iovecs, POLL, FSYNC, flags and resfd, a NULL and a bad
 * element, an array cut by unmapped memory, NULL, a negative count, none
 * (not more than the CAP_AIO_MAX iocbs copied: those after print as
 * pointers, strace decodes them).  Exits 0.
 */
#define _GNU_SOURCE
#include <linux/aio_abi.h>
#include <poll.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#include "fam.h"

static struct iocb cbs[8];

static struct iocb *cb(int i, int op, const void *buf, unsigned long n)
{
	memset(&cbs[i], 0, sizeof(cbs[i]));
	cbs[i].aio_data = 0x100 + (unsigned)i;
	cbs[i].aio_lio_opcode = (unsigned short)op;
	cbs[i].aio_fildes = -1;
	cbs[i].aio_buf = (unsigned long)buf;
	cbs[i].aio_nbytes = n;
	cbs[i].aio_offset = 4096 * i;
	return &cbs[i];
}

int main(void)
{
	static char data[] = "a string longer than the thirty-two bytes of -s";
	static struct iovec iov[2] = { { data, 8 }, { data + 9, 6 } };
	struct iocb *p[8], **edge;
	aio_context_t ctx = 0;
	char *pg;

	/* the context's ring first: not mapped where the edge page ends */
	if (syscall(SYS_io_setup, 4, &ctx))
		return 1;
	pg = fam_edge_page();
	if (!pg)
		return 1;
	p[0] = cb(0, IOCB_CMD_PWRITE, data, 8);
	p[1] = cb(1, IOCB_CMD_PWRITE, data, sizeof(data) - 1);
	p[2] = cb(2, IOCB_CMD_PWRITEV, iov, 2);
	p[3] = cb(3, IOCB_CMD_PREADV, iov, 2);
	p[4] = cb(4, IOCB_CMD_POLL, (void *)(POLLIN | POLLOUT), 0);
	p[5] = cb(5, IOCB_CMD_FSYNC, NULL, 0);
	p[6] = cb(6, IOCB_CMD_PREAD, data, 5);
	cbs[6].aio_flags = IOCB_FLAG_RESFD;
	cbs[6].aio_resfd = 7;
	p[7] = NULL;
	syscall(SYS_io_submit, ctx, 8L, p);
	p[7] = (struct iocb *)(pg + 4096);
	syscall(SYS_io_submit, ctx, 8L, p);
	/* the array cut: 2 elements before the unmapped page */
	edge = (struct iocb **)(pg + 4096 - 2 * sizeof(*edge));
	edge[0] = p[0];
	edge[1] = p[2];
	syscall(SYS_io_submit, ctx, 5L, edge);
	/* PREADV's iovec cut: 1 element before the unmapped page */
	memcpy(pg + 4096 - 16, &iov[0], 16);
	p[0] = cb(0, IOCB_CMD_PREADV, pg + 4096 - 16, 3);
	syscall(SYS_io_submit, ctx, 1L, p);
	syscall(SYS_io_submit, ctx, 1L, NULL);
	syscall(SYS_io_submit, ctx, -1L, p);
	syscall(SYS_io_submit, ctx, 0L, p);
	syscall(SYS_io_destroy, ctx);
	return 0;
}
