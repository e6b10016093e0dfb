// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_seccomp.sh (and the -X runs): the seccomp
 * user notification requests on a file that is no notification fd
 * (ENOTTY) and a bad fd (EBADF): every request with NULL, an unmapped
 * address (BAD) and a struct; a notification all zero (printed at exit
 * only) and filled (x86_64's and another architecture's numbers), the
 * responses (errors named and not, flags), the id checks (both numbers),
 * fds added; structs one byte short of the memory's end.  Exits 0.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/ioctl.h>
#include <linux/seccomp.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "fam.h"

int main(void)
{
	static const unsigned int req[] = {
		SECCOMP_IOCTL_NOTIF_RECV, SECCOMP_IOCTL_NOTIF_SEND,
		SECCOMP_IOCTL_NOTIF_ID_VALID, SECCOMP_IOCTL_NOTIF_ADDFD,
		_IOC(_IOC_READ, '!', 2, 8), _IOC(_IOC_WRITE, '!', 4, 8),
	};
	struct seccomp_notif_addfd addfd;
	struct seccomp_notif_resp resp;
	struct seccomp_notif notif;
	unsigned long long id = 0xdecaffedfacefeedULL;
	char *pg;
	int fd;

	pg = fam_edge_page();
	if (!pg)
		return 1;
	fd = open("/dev/null", O_RDONLY);
	fam_ioctls(fd, req, sizeof(req) / sizeof(req[0]), pg);

	memset(&notif, 0, sizeof(notif));
	ioctl(fd, SECCOMP_IOCTL_NOTIF_RECV, &notif);
	notif.id = 7;
	notif.pid = 4321;
	notif.data.nr = SYS_gettid;
	notif.data.arch = AUDIT_ARCH_X86_64;
	notif.data.instruction_pointer = 0x401000;
	for (int j = 0; j < 6; j++)
		notif.data.args[j] = 0xdeadfacebadc0dedULL + j;
	ioctl(fd, SECCOMP_IOCTL_NOTIF_RECV, &notif);
	notif.data.nr = 9999;
	ioctl(fd, SECCOMP_IOCTL_NOTIF_RECV, &notif);
	notif.data.arch = AUDIT_ARCH_AARCH64;
	notif.data.nr = 1;
	ioctl(fd, SECCOMP_IOCTL_NOTIF_RECV, &notif);
	notif.data.arch = 0xfeedface;
	ioctl(fd, SECCOMP_IOCTL_NOTIF_RECV, &notif);

	memset(&resp, 0, sizeof(resp));
	ioctl(fd, SECCOMP_IOCTL_NOTIF_SEND, &resp);
	resp.id = 7;
	resp.val = -5;
	resp.error = -ENOSR;
	resp.flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
	ioctl(fd, SECCOMP_IOCTL_NOTIF_SEND, &resp);
	resp.error = -1159983635;
	resp.flags = 0xfacecafe;
	ioctl(fd, SECCOMP_IOCTL_NOTIF_SEND, &resp);
	resp.error = 5;
	ioctl(fd, SECCOMP_IOCTL_NOTIF_SEND, &resp);

	ioctl(fd, SECCOMP_IOCTL_NOTIF_ID_VALID, &id);
	ioctl(fd, _IOC(_IOC_READ, '!', 2, 8), &id);

	memset(&addfd, 0, sizeof(addfd));
	addfd.id = 7;
	addfd.flags = SECCOMP_ADDFD_FLAG_SETFD;
	addfd.srcfd = 42;
	addfd.newfd = 3;
	addfd.newfd_flags = O_CLOEXEC | O_DSYNC;
	ioctl(fd, SECCOMP_IOCTL_NOTIF_ADDFD, &addfd);
	addfd.flags = 0xbadc0dec;
	addfd.newfd_flags = 0;
	ioctl(fd, SECCOMP_IOCTL_NOTIF_ADDFD, &addfd);
	/* on no fd: the struct is printed, its srcfd (the open fd) with -y */
	addfd.flags = 0;
	addfd.srcfd = (unsigned int)fd;
	ioctl(-1, SECCOMP_IOCTL_NOTIF_ADDFD, &addfd);
	close(fd);
	return 0;
}
