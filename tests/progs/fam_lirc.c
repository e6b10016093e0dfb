// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_lirc.sh (and the -X runs): the LIRC
 * requests (type 'i') on a file that is no LIRC device (ENOTTY) and a bad
 * fd (EBADF): every request with NULL, an unmapped address (BAD), its int
 * one byte short of the memory's end; the set requests with values (modes
 * known and not, a transmitter mask, numbers at the edges), the numbers
 * the type shares with I2O and IPMI, and unknown ones.  Exits 0.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/lirc.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "fam.h"

int main(void)
{
	static const unsigned int req[] = {
		LIRC_GET_FEATURES, LIRC_GET_SEND_MODE, LIRC_GET_REC_MODE,
		LIRC_GET_REC_RESOLUTION, LIRC_GET_MIN_TIMEOUT,
		LIRC_GET_MAX_TIMEOUT, LIRC_GET_LENGTH, LIRC_GET_REC_TIMEOUT,
		LIRC_SET_SEND_MODE, LIRC_SET_REC_MODE, LIRC_SET_SEND_CARRIER,
		LIRC_SET_REC_CARRIER, LIRC_SET_SEND_DUTY_CYCLE,
		LIRC_SET_TRANSMITTER_MASK, LIRC_SET_REC_TIMEOUT,
		LIRC_SET_REC_TIMEOUT_REPORTS, LIRC_SET_MEASURE_CARRIER_MODE,
		LIRC_SET_REC_CARRIER_RANGE, LIRC_SET_WIDEBAND_RECEIVER,
		_IOR('i', 0x00, int) + 0x10000, _IOW('i', 0x0a, int),
		_IO('i', 0xff), _IOW('i', 0x24, int),
	};
	static const struct { unsigned int req, v; } set[] = {
		{ LIRC_SET_SEND_MODE, LIRC_MODE_PULSE },
		{ LIRC_SET_SEND_MODE, LIRC_MODE_SCANCODE },
		{ LIRC_SET_REC_MODE, LIRC_MODE_MODE2 },
		{ LIRC_SET_REC_MODE, LIRC_MODE_LIRCCODE },
		{ LIRC_SET_REC_MODE, 3 },
		{ LIRC_SET_REC_MODE, 0 },
		{ LIRC_SET_SEND_CARRIER, 38000 },
		{ LIRC_SET_REC_CARRIER, 4294967295u },
		{ LIRC_SET_REC_CARRIER_RANGE, 40000 },
		{ LIRC_SET_SEND_DUTY_CYCLE, 33 },
		{ LIRC_SET_TRANSMITTER_MASK, 0x1f },
		{ LIRC_SET_TRANSMITTER_MASK, 0 },
		{ LIRC_SET_REC_TIMEOUT, 12000 },
		{ LIRC_SET_REC_TIMEOUT_REPORTS, 1 },
		{ LIRC_SET_MEASURE_CARRIER_MODE, 0 },
		{ LIRC_SET_WIDEBAND_RECEIVER, 2147483648u },
	};
	unsigned int v;
	char *pg;
	int fd;

	pg = fam_edge_page();
	if (!pg)
		return 1;
	fd = open("/dev/null", O_RDONLY);
	fam_ioctls(fd, req, sizeof(req) / sizeof(req[0]), pg);
	for (size_t i = 0; i < sizeof(set) / sizeof(set[0]); i++) {
		v = set[i].v;
		ioctl(fd, set[i].req, &v);
		ioctl(-1, set[i].req, &v);
	}
	/* the last int of the memory, whole */
	*(unsigned int *)(pg + 4092) = 0x80;
	ioctl(fd, LIRC_SET_TRANSMITTER_MASK, pg + 4092);
	ioctl(fd, LIRC_GET_FEATURES, pg + 4092);
	close(fd);
	return 0;
}
