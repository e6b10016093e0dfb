// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_scsi.sh (and the -X runs): the SCSI
 * generic requests, SG_*, on a file that is no SCSI device (ENOTTY) and a
 * bad fd (EBADF): every named request with NULL, an unmapped address
 * (BAD) and an int that ends where the memory does; the ints set, resets
 * known, combined and not, SG_IO with an interface id no header has, an
 * unknown request of the type.  Exits 0.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <scsi/sg.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fam.h"

int main(void)
{
	static const unsigned int req[] = {
		SG_SET_TIMEOUT, SG_GET_TIMEOUT, SG_EMULATED_HOST,
		SG_SET_TRANSFORM, SG_GET_TRANSFORM, SG_GET_COMMAND_Q,
		SG_SET_COMMAND_Q, SG_GET_RESERVED_SIZE, SG_SET_RESERVED_SIZE,
		SG_GET_SCSI_ID, SG_SET_FORCE_LOW_DMA, SG_GET_LOW_DMA,
		SG_SET_FORCE_PACK_ID, SG_GET_PACK_ID, SG_GET_NUM_WAITING,
		SG_SET_DEBUG, SG_GET_SG_TABLESIZE, SG_GET_VERSION_NUM,
		SG_NEXT_CMD_LEN, SG_SCSI_RESET, SG_IO, SG_GET_REQUEST_TABLE,
		SG_SET_KEEP_ORPHAN, SG_GET_KEEP_ORPHAN, 0x2289, 0x22ff,
	};
	int *end;
	char *pg;
	int fd;

	pg = fam_edge_page();
	if (!pg)
		return 1;
	end = (int *)(pg + 4096 - sizeof(int));
	*end = -87097619;
	fd = open("/dev/null", O_RDONLY);
	fam_ioctls(fd, req, sizeof(req) / sizeof(req[0]), NULL);
	for (size_t i = 0; i < sizeof(req) / sizeof(req[0]); i++) {
		/* SG_SET_TRANSFORM's value is 32 bits: an address cut to
		   them would differ from run to run */
		if (req[i] == SG_SET_TRANSFORM)
			continue;
		ioctl(fd, req[i], end);
		ioctl(fd, req[i], pg + 4096 - 2);
	}
	ioctl(fd, SG_SET_TRANSFORM, 0xdeadbeeffacefeedUL);
	*end = SG_SCSI_RESET_DEVICE;
	ioctl(fd, SG_SCSI_RESET, end);
	*end = 0x100 | SG_SCSI_RESET_BUS;
	ioctl(fd, SG_SCSI_RESET, end);
	*end = 0x100 | 9;
	ioctl(fd, SG_SCSI_RESET, end);
	*end = 'X';
	ioctl(fd, SG_IO, end);
	close(fd);
	return 0;
}
