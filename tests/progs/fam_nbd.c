// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_nbd.sh (and the -X runs): the network
 * block device requests (type 0xab) on a file that is no such device
 * (ENOTTY) and a bad fd (EBADF): the socket as an fd (open, a pipe's,
 * closed, negative), sizes and a timeout at the edges, the server's
 * flags known and not, the requests without an argument, an unknown
 * number of the type.  Exits 0.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/nbd.h>
#include <sys/ioctl.h>
#include <unistd.h>

int main(void)
{
	static const unsigned long flags[] = {
		0, NBD_FLAG_HAS_FLAGS, NBD_FLAG_READ_ONLY | NBD_FLAG_SEND_FUA,
		1UL << 10, 0x80008001UL, 0xffffffff00000002UL,
	};
	static const unsigned int none[] = {
		NBD_DISCONNECT, NBD_CLEAR_SOCK, NBD_DO_IT, NBD_CLEAR_QUE,
		NBD_PRINT_DEBUG,
	};
	int fd = open("/dev/null", O_RDONLY), p[2];

	if (fd < 0 || pipe(p))
		return 1;
	for (size_t i = 0; i < sizeof(none) / sizeof(none[0]); i++) {
		ioctl(-1, none[i], 0UL);
		ioctl(fd, none[i], 0x1234UL);
	}
	ioctl(fd, NBD_SET_SOCK, (unsigned long)fd);
	ioctl(fd, NBD_SET_SOCK, (unsigned long)p[1]);
	ioctl(-1, NBD_SET_SOCK, (unsigned long)p[0]);
	ioctl(fd, NBD_SET_SOCK, 77UL);
	ioctl(fd, NBD_SET_SOCK, 0xffffffffUL);
	ioctl(fd, NBD_SET_BLKSIZE, 4096UL);
	ioctl(fd, NBD_SET_SIZE, 0xdeadbeefcafef00dUL);
	ioctl(fd, NBD_SET_SIZE_BLOCKS, 0UL);
	ioctl(fd, NBD_SET_TIMEOUT, 30UL);
	for (size_t i = 0; i < sizeof(flags) / sizeof(flags[0]); i++)
		ioctl(fd, NBD_SET_FLAGS, flags[i]);
	ioctl(fd, _IO(0xab, 0x0b), 0x55UL);
	ioctl(fd, _IOW(0xab, 0, int), 0x55UL);
	close(p[0]);
	close(p[1]);
	close(fd);
	return 0;
}
