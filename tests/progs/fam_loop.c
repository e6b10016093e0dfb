// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_loop.sh (and the -X runs): the loop
 * device requests, LOOP_*, on a file that is no loop device (ENOTTY) and
 * a bad fd (EBADF): every request with NULL, an unmapped address (BAD)
 * and a value; struct loop_info, loop_info64 and loop_config filled in
 * (encryption used and not, flags known and not, names unterminated,
 * reserved words used and not), ending where the memory does and one
 * byte short of it.  Exits 0.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/loop.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fam.h"

static char *pg;

static void *at_end(const void *p, size_t n, size_t cut)
{
	return memcpy(pg + 4096 - n + cut, p, n - cut);
}

static void fill(void *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		((unsigned char *)p)[i] = (unsigned char)(0x80 + i);
}

int main(void)
{
	static const unsigned int req[] = {
		LOOP_SET_FD, LOOP_CLR_FD, LOOP_SET_STATUS, LOOP_GET_STATUS,
		LOOP_SET_STATUS64, LOOP_GET_STATUS64, LOOP_CHANGE_FD,
		LOOP_SET_CAPACITY, LOOP_SET_DIRECT_IO, LOOP_SET_BLOCK_SIZE,
		LOOP_CONFIGURE, LOOP_CTL_ADD, LOOP_CTL_REMOVE,
		LOOP_CTL_GET_FREE, 0x4c0b, 0x40044c00,
	};
	struct loop_info64 i64;
	struct loop_config cfg;
	struct loop_info info;
	int fd;

	pg = fam_edge_page();
	if (!pg)
		return 1;
	fd = open("/dev/null", O_RDONLY);
	fam_ioctls(fd, req, sizeof(req) / sizeof(req[0]), NULL);
	for (size_t i = 0; i < sizeof(req) / sizeof(req[0]); i++) {
		ioctl(fd, req[i], 0xdeadbeefbadc0dedUL);
	}

	fill(&info, sizeof(info));
	info.lo_encrypt_key_size = 3;
	info.lo_name[0] = 0;
	ioctl(fd, LOOP_SET_STATUS, &info);
	info.lo_encrypt_type = LO_CRYPT_NONE;
	info.lo_flags = LO_FLAGS_READ_ONLY | LO_FLAGS_PARTSCAN;
	memset(info.lo_name, 'A', sizeof(info.lo_name));
	ioctl(fd, LOOP_SET_STATUS, at_end(&info, sizeof(info), 0));
	ioctl(fd, LOOP_SET_STATUS, at_end(&info, sizeof(info), 1));

	fill(&i64, sizeof(i64));
	i64.lo_encrypt_key_size = 40;
	strcpy((char *)i64.lo_file_name, "/tmp/disk.img");
	ioctl(fd, LOOP_SET_STATUS64, &i64);
	i64.lo_encrypt_type = LO_CRYPT_NONE;
	i64.lo_flags = LO_FLAGS_AUTOCLEAR | 0x100;
	ioctl(fd, LOOP_SET_STATUS64, at_end(&i64, sizeof(i64), 0));
	ioctl(fd, LOOP_SET_STATUS64, at_end(&i64, sizeof(i64), 1));

	memset(&cfg, 0, sizeof(cfg));
	cfg.fd = fd;
	cfg.block_size = 4096;
	memcpy(&cfg.info, &i64, sizeof(i64));
	ioctl(fd, LOOP_CONFIGURE, &cfg);
	cfg.__reserved[7] = 0xfeed;
	ioctl(fd, LOOP_CONFIGURE, at_end(&cfg, sizeof(cfg), 0));
	ioctl(fd, LOOP_CONFIGURE, at_end(&cfg, sizeof(cfg), 1));
	close(fd);
	return 0;
}
