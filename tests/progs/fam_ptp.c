// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_ptp.sh (and the -X runs): the PTP clock
 * requests on a file that is no PTP clock (ENOTTY) and a bad fd (EBADF):
 * every request with NULL, an unmapped address (BAD) and a struct filled
 * in (flags known and not, times dated and not, reserved words used, the
 * phase and duty cycle forms, pins of each function), structs that end
 * where the memory does and one byte short of it, unknown numbers of the
 * type.  Exits 0.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/ptp_clock.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fam.h"

int main(void)
{
	static const unsigned int req[] = {
		PTP_CLOCK_GETCAPS, PTP_CLOCK_GETCAPS2, PTP_EXTTS_REQUEST,
		PTP_EXTTS_REQUEST2, PTP_PEROUT_REQUEST, PTP_PEROUT_REQUEST2,
		PTP_SYS_OFFSET, PTP_SYS_OFFSET2, PTP_PIN_GETFUNC,
		PTP_PIN_GETFUNC2, PTP_PIN_SETFUNC, PTP_PIN_SETFUNC2,
		PTP_SYS_OFFSET_PRECISE, PTP_SYS_OFFSET_PRECISE2,
		PTP_SYS_OFFSET_EXTENDED, PTP_SYS_OFFSET_EXTENDED2,
		_IOC(_IOC_WRITE, '=', 0, 0xc0), _IOC(_IOC_READ, '=', 0x7f, 8),
	};
	struct ptp_sys_offset_extended ext;
	struct ptp_perout_request po;
	struct ptp_extts_request ex;
	struct ptp_pin_desc pin;
	char *pg;
	int fd;

	pg = fam_edge_page();
	if (!pg)
		return 1;
	memset(pg, 0, 4096);
	fd = open("/dev/null", O_RDONLY);
	fam_ioctls(fd, req, sizeof(req) / sizeof(req[0]), NULL);
	for (size_t i = 0; i < sizeof(req) / sizeof(req[0]); i++) {
		ioctl(fd, req[i], pg + 4096 - _IOC_SIZE(req[i]));
		ioctl(fd, req[i], pg + 4096 - _IOC_SIZE(req[i]) + 1);
	}
	ioctl(fd, PTP_ENABLE_PPS, 1UL);
	ioctl(fd, PTP_ENABLE_PPS2, 0xfffffffff8a432ebUL);

	memset(&ex, 0, sizeof(ex));
	ex.index = 3141592653u;
	ex.flags = 0xdeadbabe;
	ioctl(fd, PTP_EXTTS_REQUEST, &ex);
	ex.rsv[1] = 0xcafebeef;
	ioctl(fd, PTP_EXTTS_REQUEST2, &ex);
	ex.flags = 0xbadbeef0;
	ioctl(fd, PTP_EXTTS_REQUEST2, &ex);

	memset(&po, 0, sizeof(po));
	po.start.sec = 4886718345LL;
	po.start.nsec = 123456789;
	po.period.sec = 11259375;
	po.index = 7;
	ioctl(fd, PTP_PEROUT_REQUEST, &po);
	po.start.nsec = 1234567890;
	po.period.reserved = 0x8bd03835;
	po.rsv[2] = 5;
	ioctl(fd, PTP_PEROUT_REQUEST2, &po);
	po.flags = PTP_PEROUT_DUTY_CYCLE | PTP_PEROUT_ONE_SHOT;
	po.on.sec = -5;
	po.on.nsec = 1;
	ioctl(fd, PTP_PEROUT_REQUEST2, &po);
	po.flags = PTP_PEROUT_PHASE | 0x100;
	ioctl(fd, PTP_PEROUT_REQUEST, &po);

	memset(&pin, 0, sizeof(pin));
	strcpy(pin.name, "SDP0");
	pin.index = 1;
	pin.func = PTP_PF_PEROUT;
	pin.chan = 2;
	ioctl(fd, PTP_PIN_SETFUNC, &pin);
	ioctl(fd, PTP_PIN_GETFUNC, &pin);
	pin.rsv[4] = 0xdadfaced;
	pin.func = 9;
	ioctl(fd, PTP_PIN_SETFUNC2, &pin);
	ioctl(fd, PTP_PIN_GETFUNC2, &pin);

	memset(&ext, 0, sizeof(ext));
	ext.n_samples = 13;
	ext.rsv[0] = 0xbadfaced;
	ioctl(fd, PTP_SYS_OFFSET_EXTENDED, &ext);
	ioctl(fd, PTP_SYS_OFFSET, &ext);
	close(fd);
	return 0;
}
