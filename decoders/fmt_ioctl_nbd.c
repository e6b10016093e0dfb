// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: ioctl(2) requests of network block devices, NBD_*
 * (type 0xab, numbers without direction or size), as strace 6.1 prints
 * them: the socket (an fd, with -y what it is), sizes and a timeout as
 * values, the server's flags; the rest take no argument.
 */
#include <linux/ioctl.h>
#include <linux/nbd.h>

#include "fmt_ioctl.h"

static enum ioarg nbd_when(uint32_t req, int *at_exit)
{
	*at_exit = 0;
	switch (req) {
	case NBD_SET_SOCK: case NBD_SET_BLKSIZE: case NBD_SET_SIZE:
	case NBD_SET_SIZE_BLOCKS: case NBD_SET_TIMEOUT: case NBD_SET_FLAGS:
		return IOA_FAMILY;
	case NBD_DISCONNECT: case NBD_CLEAR_SOCK: case NBD_DO_IT:
	case NBD_CLEAR_QUE: case NBD_PRINT_DEBUG:
		return IOA_NONE;
	default:
		return IOA_HEX;
	}
}

static int nbd_arg(struct fmt_buf *b, const struct sc_call *c, uint32_t req,
		   const struct cap *k)
{
	switch (req) {
	case NBD_SET_SOCK:
		fb_dec(b, (int32_t)c->args[2]);
		fmt_fd_note(b, c, 2);
		return 1;
	case NBD_SET_FLAGS:
		fmt_flags_dflt(b, &xlat_nbd_ioctl_flags, (uint32_t)c->args[2],
			       "NBD_IOC_FLAG_???");
		return 1;
	default:
		fb_udec(b, c->args[2]);
		return 1;
	}
}

const struct ioctl_family ioctl_nbd = {
	.type = 0xab,
	.when = nbd_when,
	.arg = nbd_arg,
};
