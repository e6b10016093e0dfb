// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_iouring.sh: io_uring_register on a real
 * ring: a probe the kernel fills (fewer ops asked than it has, then
 * enough), files registered (fds /dev/null and /dev/full: -y's notes),
 * updated (IORING_REGISTER_FILES_SKIP) and unregistered, the io-wq
 * worker counts read back, restrictions, the *2 structs, a buffer ring,
 * bad pointers, an array that ends where the memory does, an opcode
 * strace 6.1 does not know; io_uring_setup's params, good and bad.
 * Exits 0.
 */
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <linux/io_uring.h>

#include "fam.h"

static long reg(int ring, unsigned int op, const void *arg, unsigned int n)
{
	return sc(SYS_io_uring_register, ring, op, (long)arg, n, 0, 0);
}

int main(void)
{
	struct io_uring_params p;
	static uint8_t probe[16 + 8 * 256];
	int32_t fds[3], upd[2] = { -2, 0 };
	struct io_uring_files_update fu = { 0 };
	uint32_t workers[2] = { 0, 0 };
	struct io_uring_restriction r[2];
	struct io_uring_rsrc_register rr;
	struct io_uring_buf_reg br;
	char *edge = fam_edge_page();
	int ring;

	memset(&p, 0, sizeof(p));
	ring = (int)sc(SYS_io_uring_setup, 4, (long)&p, 0, 0, 0, 0);
	sc(SYS_io_uring_setup, 4, (long)BAD, 0, 0, 0, 0);
	memset(&p, 0, sizeof(p));
	p.flags = IORING_SETUP_ATTACH_WQ | IORING_SETUP_CQSIZE;
	p.wq_fd = 0;
	p.resv[1] = 7;
	sc(SYS_io_uring_setup, 2, (long)&p, 0, 0, 0, 0);
	fds[0] = open("/dev/null", O_RDONLY);
	fds[1] = open("/dev/full", O_RDONLY);
	fds[2] = -1;
	if (ring < 0 || fds[0] < 0 || fds[1] < 0 || !edge)
		return 1;
	reg(ring, IORING_REGISTER_PROBE, probe, 4);
	memset(probe, 0, sizeof(probe));
	reg(ring, IORING_REGISTER_PROBE, probe, 256);
	reg(ring, IORING_REGISTER_PROBE, NULLP, 4);
	reg(ring, IORING_REGISTER_FILES, fds, 3);
	upd[1] = fds[1];
	fu.offset = 1;
	fu.fds = (uintptr_t)upd;
	reg(ring, IORING_REGISTER_FILES_UPDATE, &fu, 2);
	reg(ring, IORING_UNREGISTER_FILES, NULLP, 0);
	reg(ring, IORING_REGISTER_FILES, BAD, 3);
	memcpy(edge + 4096 - 8, fds, 8);
	reg(ring, IORING_REGISTER_FILES, edge + 4096 - 8, 3);
	reg(ring, IORING_REGISTER_IOWQ_MAX_WORKERS, workers, 2);
	memset(r, 0, sizeof(r));
	r[0].opcode = IORING_RESTRICTION_SQE_OP;
	r[0].sqe_op = IORING_OP_NOP;
	r[1].opcode = IORING_RESTRICTION_SQE_FLAGS_ALLOWED;
	r[1].sqe_flags = IOSQE_FIXED_FILE | 0x80;
	reg(ring, IORING_REGISTER_RESTRICTIONS, r, 2);
	memset(&rr, 0, sizeof(rr));
	rr.nr = 2;
	rr.data = (uintptr_t)fds;
	reg(ring, IORING_REGISTER_FILES2, &rr, sizeof(rr));
	reg(ring, IORING_REGISTER_BUFFERS2, &rr, 16);
	memset(&br, 0, sizeof(br));
	br.bgid = 7;
	reg(ring, IORING_REGISTER_PBUF_RING, &br, 1);
	reg(ring, 0x18, NULLP, 0);
	reg(-1, 0xbadc0ded, BAD, 1);
	return 0;
}
