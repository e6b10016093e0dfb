// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: io_submit's struct iocb *[] as strace 6.1 prints it, from
 * BPF's pieces (cap_aio.bpf.c): piece 0 the pointers, then per element
 * its iocb and what its aio_buf had (PWRITE's data, PREADV's and
 * PWRITEV's iovec); holes, missing pairs and an array cut by memory as
 * pointers.
 */
#include <linux/aio_abi.h>
#include <string.h>
#include <sys/syscall.h>

#include "check_decode.h"

static uint8_t mem[4096];
static struct cap k;
static uint32_t used;

static void put64(uint8_t *p, uint64_t v)
{
	memcpy(p, &v, 8);
}

/* a piece of len bytes (NULL: a hole) appended to k */
static void piece(const void *p, uint32_t len)
{
	if (!p) {
		k.holes |= 1u << k.npieces;
		len = 0;
	} else {
		memcpy(mem + used, p, len);
	}
	k.piece[k.npieces++] = len;
	used += len;
	k.len = used;
}

static void iocb(uint8_t *cb, uint64_t data, uint16_t op, uint64_t buf,
		 uint64_t n, uint64_t off)
{
	memset(cb, 0, 64);
	put64(cb, data);
	memcpy(cb + 16, &op, 2);
	put64(cb + 24, buf);
	put64(cb + 32, n);
	put64(cb + 40, off);
}

static void reset(void)
{
	memset(&k, 0, sizeof(k));
	k.p = mem;
	used = 0;
}

int main(void)
{
	uint64_t ptrs[4] = { 0x1000, 0x2000, 0, 0x3000 };
	uint8_t cb[64], iov[2 * 16 + 3];
	struct sc_call c;

	reset();
	piece(ptrs, 32);
	iocb(cb, 0x11, IOCB_CMD_PWRITE, 0x5000, 3, 7);
	piece(cb, 64);
	piece("ab\n", 3);
	iocb(cb, 0x22, IOCB_CMD_PREADV, 0x6000, 2, 0);
	cb[56] = IOCB_FLAG_RESFD;
	cb[60] = 5;
	put64(iov, 0x7000);
	put64(iov + 8, 10);
	put64(iov + 16, 0x7100);
	put64(iov + 24, 20);
	piece(cb, 64);
	piece(iov, 32);
	piece(NULL, 0);		/* the NULL element */
	piece("", 0);
	piece(cb, 64);		/* the fourth's iocb without its buffer */
	c = CALL(SYS_io_submit, 4, 0x7f00, 4, 0x9000);
	c.cap[2] = &k;
	/* the fourth's pair cut (the record full): its pointer */
	CHECK_STR(run(&c), "io_submit(0x7f00, 4, [{aio_data=0x11, "
		  "aio_lio_opcode=IOCB_CMD_PWRITE, aio_fildes=0, "
		  "aio_buf=\"ab\\n\", aio_nbytes=3, aio_offset=7}, "
		  "{aio_data=0x22, aio_lio_opcode=IOCB_CMD_PREADV, "
		  "aio_fildes=0, aio_buf=[{iov_base=0x7000, iov_len=10}, "
		  "{iov_base=0x7100, iov_len=20}], aio_offset=0, "
		  "aio_flags=IOCB_FLAG_RESFD, aio_resfd=5}, NULL, 0x3000]) = 4");

	/* PWRITE's data one byte short of what strace reads, PWRITEV's
	   array a hole; the array cut by memory after 2 pointers */
	reset();
	piece(ptrs, 16);
	iocb(cb, 0x11, IOCB_CMD_PWRITE, 0x5000, 3, 7);
	piece(cb, 64);
	piece("ab", 2);
	iocb(cb, 0x33, IOCB_CMD_PWRITEV, 0x6000, 1, 0);
	piece(cb, 64);
	piece(NULL, 0);
	c = CALL(SYS_io_submit, -14, 0x7f00, 3, 0x9000);
	c.cap[2] = &k;
	CHECK_STR(run(&c), "io_submit(0x7f00, 3, [{aio_data=0x11, "
		  "aio_lio_opcode=IOCB_CMD_PWRITE, aio_fildes=0, "
		  "aio_buf=0x5000, aio_nbytes=3, aio_offset=7}, "
		  "{aio_data=0x33, aio_lio_opcode=IOCB_CMD_PWRITEV, "
		  "aio_fildes=0, aio_buf=0x6000, aio_offset=0}, "
		  "... /* 0x9010 */]) = -1 EFAULT (Bad address)");

	/* PWRITEV's iovec and its data */
	reset();
	piece(ptrs, 8);
	iocb(cb, 0, IOCB_CMD_PWRITEV, 0x6000, 1, 0);
	put64(iov, 0x7000);
	put64(iov + 8, 3);
	memcpy(iov + 16, "xyz", 3);
	piece(cb, 64);
	piece(iov, 19);
	c = CALL(SYS_io_submit, 1, 0x7f00, 1, 0x9000);
	c.cap[2] = &k;
	CHECK_STR(run(&c), "io_submit(0x7f00, 1, [{aio_data=0, "
		  "aio_lio_opcode=IOCB_CMD_PWRITEV, aio_fildes=0, "
		  "aio_buf=[{iov_base=\"xyz\", iov_len=3}], aio_offset=0}]) = 1");

	/* PREADV's array cut by memory after 1 of 3 elements */
	reset();
	piece(ptrs, 8);
	iocb(cb, 0, IOCB_CMD_PREADV, 0x6000, 3, 0);
	piece(cb, 64);
	piece(iov, 16);
	CHECK_STR(run(&c), "io_submit(0x7f00, 1, [{aio_data=0, "
		  "aio_lio_opcode=IOCB_CMD_PREADV, aio_fildes=0, "
		  "aio_buf=[{iov_base=0x7000, iov_len=3}, ... /* 0x6010 */], "
		  "aio_offset=0}]) = 1");

	/* the array not read; a negative count; none */
	k.flags = CAP_FAULT;
	k.npieces = 0;
	k.len = 0;
	CHECK_STR(run(&c), "io_submit(0x7f00, 1, 0x9000) = 1");
	c.args[1] = (uint64_t)-1;
	CHECK_STR(run(&c), "io_submit(0x7f00, -1, 0x9000) = 1");
	c.args[1] = 0;
	CHECK_STR(run(&c), "io_submit(0x7f00, 0, []) = 1");
	c.cap[2] = NULL;
	c.args[1] = 1;
	CHECK_STR(run(&c), "io_submit(0x7f00, 1, 0x9000) = 1");
	CHECK_DONE();
}
