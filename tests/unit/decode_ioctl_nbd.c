// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: network block device ioctls (tests/live/parity_nbd.sh has
 * strace's word on the rest): the socket fd with -y's description (and
 * without one: the number), the server's flags in each -X style, values,
 * the requests without an argument.
 */
#include <linux/ioctl.h>
#include <linux/nbd.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>

#include "check_decode.h"

int main(void)
{
	struct fd_desc sock = { .kind = FD_PATH, .mode = S_IFREG | 0644,
				.name = (const uint8_t *)"/dev/null",
				.namelen = 9 };
	struct sc_call c;

	fo.fds = DECODE_FD_PATH;
	c = CALL(SYS_ioctl, 0, 3, NBD_SET_SOCK, 4);
	c.fd[2] = &sock;
	CHECK_STR(run(&c), "ioctl(3, NBD_SET_SOCK, 4</dev/null>) = 0");
	c.fd[2] = NULL;
	CHECK_STR(run(&c), "ioctl(3, NBD_SET_SOCK, 4) = 0");
	fo.fds = 0;

	c = CALL(SYS_ioctl, 0, 3, NBD_SET_FLAGS,
		 NBD_FLAG_HAS_FLAGS | NBD_FLAG_SEND_TRIM | 0x8000);
	CHECK_STR(run(&c), "ioctl(3, NBD_SET_FLAGS, NBD_FLAG_HAS_FLAGS|"
		  "NBD_FLAG_SEND_TRIM|0x8000) = 0");
	CHECK_STR(run_style(&c, XSTYLE_RAW), "ioctl(3, 0xab0a, 0x8021) = 0");
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "ioctl(3, 0xab0a /* "
		  "NBD_SET_FLAGS */, 0x8021 /* NBD_FLAG_HAS_FLAGS|"
		  "NBD_FLAG_SEND_TRIM|0x8000 */) = 0");
	c = CALL(SYS_ioctl, 0, 3, NBD_SET_SIZE, 0xdeadbeefcafef00dUL);
	CHECK_STR(run(&c), "ioctl(3, NBD_SET_SIZE, 16045690984503111693) = 0");
	c = CALL(SYS_ioctl, 0, 3, NBD_DO_IT, 5);
	CHECK_STR(run(&c), "ioctl(3, NBD_DO_IT) = 0");
	CHECK_DONE();
}
