// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_block.sh (and the -X runs): the block
 * device requests, BLK* (type 0x12), on /dev/null (no block device:
 * ENOTTY) and a bad fd (EBADF): every request with NULL and an unmapped
 * address (BAD); the values the setters read, BLKPG's struct and its
 * partition (names unterminated, data NULL and unmapped), BLKTRACESETUP's
 * struct ending where the memory does.  Exits 0.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/blkpg.h>
#include <linux/fs.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "fam.h"

int main(void)
{
	static const unsigned int req[] = {
		BLKROSET, BLKROGET, BLKRRPART, BLKGETSIZE, BLKFLSBUF,
		BLKRAGET, BLKFRAGET, BLKSECTGET, BLKSSZGET, BLKPG,
		BLKBSZGET, BLKBSZSET, BLKGETSIZE64, 0xc0481273 /* SETUP */,
		0x1274, 0x1275, 0x1276 /* BLKTRACESTART, STOP, TEARDOWN */,
		BLKDISCARD, BLKIOMIN, BLKIOOPT, BLKALIGNOFF, BLKPBSZGET,
		BLKDISCARDZEROES, BLKSECDISCARD, BLKROTATIONAL, BLKZEROOUT,
		0x80081280 /* BLKGETDISKSEQ */,
	};
	struct blkpg_partition part;
	struct blkpg_ioctl_arg pg;
	uint64_t range[2] = { 4096, 1ULL << 40 };
	int fd = open("/dev/null", O_RDONLY), v = -7;
	char *edge = fam_edge_page();

	/* written: a page the program touched (the kernel's copy then
	   reads what the BPF program's does) */
	if (edge)
		memset(edge, 0, 4096);
	fam_ioctls(fd, req, sizeof(req) / sizeof(req[0]), edge);
	ioctl(-1, BLKRASET, 0xdeadbeefUL);
	ioctl(-1, BLKFRASET, 256UL);
	ioctl(-1, BLKROSET, &v);
	ioctl(-1, BLKBSZSET, &v);
	ioctl(-1, BLKDISCARD, range);
	ioctl(-1, BLKZEROOUT, range);
	memset(&part, 'A', sizeof(part));
	part.start = -1;
	part.length = 1LL << 33;
	part.pno = 3;
	memset(&pg, 0, sizeof(pg));
	pg.op = BLKPG_ADD_PARTITION;
	pg.flags = 1;
	pg.datalen = sizeof(part);
	pg.data = &part;
	ioctl(-1, BLKPG, &pg);
	memcpy(part.devname, "sda1", 5);
	memcpy(part.volname, "root", 5);
	pg.op = 77;
	ioctl(fd, BLKPG, &pg);
	pg.data = NULL;
	ioctl(-1, BLKPG, &pg);
	pg.data = BAD;
	pg.op = BLKPG_DEL_PARTITION;
	ioctl(-1, BLKPG, &pg);
	if (edge) {
		char *ts = edge + 4096 - 72;

		memset(ts, 0, 72);
		memcpy(ts, "trace", 6);
		ts[32] = 3;		/* act_mask */
		ts[36] = 1;		/* buf_size */
		ts[40] = 2;		/* buf_nr */
		ts[64] = 7;		/* pid */
		ioctl(-1, 0xc0481273, ts);
		ioctl(fd, 0xc0481273, ts);
	}
	close(fd);
	return 0;
}
