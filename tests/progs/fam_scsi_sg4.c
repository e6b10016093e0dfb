// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_scsi.sh: SG_IO with a v4 header (struct
 * sg_io_v4, guard 'Q') on a file that is no SCSI device (ENOTTY): the
 * request and response as hex strings, dout as an iovec with data and as
 * bytes, din less its resid, a request longer than -s, buffers at bad
 * addresses, a header cut by unmapped memory and one of only its guard.
 * Exits 0.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/bsg.h>
#include <scsi/sg.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/uio.h>
#include <unistd.h>

#include "fam.h"

int main(void)
{
	static char req[40] = "\x12\x00\x00\x00\x24\x00 and more bytes here";
	static char out[8] = "dout-ab", in[8] = "din-xyz", rsp[4] = "rs!";
	static struct iovec iov[2] = { { out, 3 }, { out + 3, 4 } };
	static struct sg_io_v4 h;
	struct sg_io_v4 *cut;
	char *pg;
	int fd;

	pg = fam_edge_page();
	if (!pg)
		return 1;
	/* in memory (BPF reads no page that is not) */
	memset(pg, 0, 4096);
	fd = open("/dev/null", O_RDONLY);
	h.guard = 'Q';
	h.subprotocol = BSG_SUB_PROTOCOL_SCSI_CMD;
	h.request_len = 6;
	h.request = (unsigned long)req;
	h.max_response_len = sizeof(rsp);
	h.response = (unsigned long)rsp;
	h.response_len = 3;
	h.dout_iovec_count = 2;
	h.dout_xfer_len = 6;
	h.dout_xferp = (unsigned long)iov;
	h.din_xfer_len = 7;
	h.din_resid = 2;
	h.din_xferp = (unsigned long)in;
	h.timeout = 5000;
	h.flags = BSG_FLAG_Q_AT_TAIL;
	ioctl(fd, SG_IO, &h);
	/* longer than -s; dout as bytes; din's resid out of range */
	h.request_len = sizeof(req);
	h.dout_iovec_count = 0;
	h.dout_xferp = (unsigned long)out;
	h.din_resid = 100;
	h.info = SG_INFO_CHECK | 8;
	ioctl(fd, SG_IO, &h);
	/* buffers at addresses that cannot be read */
	h.request = (unsigned long)(pg + 4096);
	h.dout_iovec_count = 3;
	h.dout_xferp = (unsigned long)(pg + 4096 - 16);
	h.din_xferp = 0;
	h.response = (unsigned long)(pg + 4096 - 2);
	ioctl(fd, SG_IO, &h);
	/* the header cut by unmapped memory, then only its guard */
	cut = (struct sg_io_v4 *)(pg + 4096 - 100);
	memcpy(cut, &h, 100);
	ioctl(fd, SG_IO, cut);
	*(int *)(pg + 4096 - 4) = 'Q';
	ioctl(fd, SG_IO, pg + 4096 - 4);
	close(fd);
	return 0;
}
