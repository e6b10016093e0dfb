// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_hdio.sh (and the -X runs): the (IDE)
 * disk requests, HDIO_*, on a file that is no disk (ENOTTY) and a bad
 * fd (EBADF): every named request with NULL, an unmapped address (BAD)
 * and a value; the settings set (numbers, bus states, nice bits known and
 * not), a drive command's header (known and unknown commands), the int[3]
 * of a reset whole, cut by the end of the memory, and unreadable.
 * Exits 0.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/hdreg.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fam.h"

int main(void)
{
	static const unsigned int req[] = {
		HDIO_GETGEO, HDIO_GET_UNMASKINTR, HDIO_GET_MULTCOUNT,
		HDIO_GET_QDMA, HDIO_SET_XFER, HDIO_OBSOLETE_IDENTITY,
		HDIO_GET_KEEPSETTINGS, HDIO_GET_32BIT, HDIO_GET_NOWERR,
		HDIO_GET_DMA, HDIO_GET_NICE, HDIO_GET_IDENTITY,
		HDIO_GET_WCACHE, HDIO_GET_ACOUSTIC, HDIO_GET_ADDRESS,
		HDIO_GET_BUSSTATE, HDIO_TRISTATE_HWIF, HDIO_DRIVE_RESET,
		HDIO_DRIVE_TASKFILE, HDIO_DRIVE_TASK, HDIO_DRIVE_CMD,
		HDIO_SET_MULTCOUNT, HDIO_SET_UNMASKINTR, HDIO_SET_KEEPSETTINGS,
		HDIO_SET_32BIT, HDIO_SET_NOWERR, HDIO_SET_DMA,
		HDIO_SET_PIO_MODE, HDIO_SCAN_HWIF, HDIO_UNREGISTER_HWIF,
		HDIO_SET_NICE, HDIO_SET_WCACHE, HDIO_SET_ACOUSTIC,
		HDIO_SET_BUSSTATE, HDIO_SET_QDMA, HDIO_SET_ADDRESS, 0x3ff,
	};
	unsigned char cmd[4] = { 0xca, 0xff, 0xee, 0 };
	unsigned int three[3] = { 0xdeadbeef, 0xaaaaaaaa, 0xbeefbeef };
	unsigned long geo[2];
	char *pg;
	int fd;

	fd = open("/dev/null", O_RDONLY);
	fam_ioctls(fd, req, sizeof(req) / sizeof(req[0]), NULL);
	for (size_t i = 0; i < sizeof(req) / sizeof(req[0]); i++) {
		ioctl(fd, req[i], 0xdeadbeefbadc0dedUL);
	}
	ioctl(fd, HDIO_SET_NICE, 0UL);
	ioctl(fd, HDIO_SET_NICE, 0x20UL);
	ioctl(fd, HDIO_SET_NICE, 0x1fUL);
	ioctl(fd, HDIO_SET_BUSSTATE, (unsigned long)BUSSTATE_TRISTATE);
	ioctl(fd, HDIO_SET_BUSSTATE, 3UL);
	ioctl(fd, HDIO_DRIVE_CMD, cmd);
	cmd[0] = 0x80;
	cmd[3] = 131;
	ioctl(fd, HDIO_DRIVE_CMD, cmd);
	ioctl(fd, HDIO_DRIVE_RESET, three);
	ioctl(fd, HDIO_SCAN_HWIF, three);
	ioctl(fd, HDIO_GETGEO, geo);
	ioctl(fd, HDIO_GET_NICE, geo);

	/* arrays and headers that end where the memory does */
	pg = fam_edge_page();
	if (!pg)
		return 1;
	memcpy(pg + 4096 - 12, three, 12);
	ioctl(fd, HDIO_DRIVE_RESET, pg + 4096 - 12);
	ioctl(fd, HDIO_DRIVE_RESET, pg + 4096 - 8);
	ioctl(fd, HDIO_SCAN_HWIF, pg + 4096 - 4);
	ioctl(fd, HDIO_SCAN_HWIF, pg + 4096 - 2);
	memcpy(pg + 4096 - 4, cmd, 4);
	ioctl(fd, HDIO_DRIVE_CMD, pg + 4096 - 4);
	ioctl(fd, HDIO_DRIVE_CMD, pg + 4096 - 3);
	ioctl(fd, HDIO_DRIVE_CMD, KBAD);
	close(fd);
	return 0;
}
