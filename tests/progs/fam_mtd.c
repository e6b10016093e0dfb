// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_mtd.sh (and the -X runs): the requests of
 * type 'M' (MTD flash devices, numbers strace spells MIXER_READ(n)) on a
 * file that is no MTD device (ENOTTY) and a bad fd (EBADF): every MTD
 * request with NULL, an unmapped address (BAD) and a struct filled in,
 * structs one byte short of the memory's end, other drivers' numbers of
 * the type and unknown ones.  Exits 0.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/ioctl.h>
#include <mtd/mtd-abi.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "fam.h"

int main(void)
{
	static const unsigned int req[] = {
		MEMGETINFO, MEMERASE, MEMWRITEOOB, MEMREADOOB, MEMLOCK,
		MEMUNLOCK, MEMGETREGIONCOUNT, MEMGETREGIONINFO, MEMGETOOBSEL,
		MEMGETBADBLOCK, MEMSETBADBLOCK, OTPSELECT, OTPGETREGIONCOUNT,
		OTPGETREGIONINFO, OTPLOCK, ECCGETLAYOUT, ECCGETSTATS,
		MTDFILEMODE, MEMERASE64, MEMWRITEOOB64, MEMREADOOB64,
		MEMISLOCKED, MEMWRITE, 0x80044d44, 0x40104d01,
		_IOC(_IOC_READ | _IOC_WRITE, 'M', 0xfe, 0xff),
		_IOC(_IOC_NONE, 'M', 0x7f, 0),
	};
	unsigned char buf[64];
	char *pg;
	int fd;

	pg = fam_edge_page();
	if (!pg)
		return 1;
	for (size_t i = 0; i < sizeof(buf); i++)
		buf[i] = (unsigned char)(0x80 + i);
	fd = open("/dev/null", O_RDONLY);
	fam_ioctls(fd, req, sizeof(req) / sizeof(req[0]), NULL);
	for (size_t i = 0; i < sizeof(req) / sizeof(req[0]); i++) {
		size_t n = _IOC_SIZE(req[i]);

		if (!n || n > sizeof(buf) || req[i] == MTDFILEMODE)
			continue;
		memcpy(pg + 4096 - n, buf, n);
		ioctl(fd, req[i], pg + 4096 - n);
		ioctl(fd, req[i], pg + 4096 - n + 1);
	}
	ioctl(fd, MTDFILEMODE, MTD_FILE_MODE_RAW);
	ioctl(fd, MTDFILEMODE, 9UL);
	buf[0] = MTD_OTP_USER;
	ioctl(fd, OTPSELECT, buf);
	buf[40] = MTD_OPS_RAW;
	memset(buf + 24, 0, 8);
	ioctl(fd, MEMWRITE, buf);
	close(fd);
	return 0;
}
