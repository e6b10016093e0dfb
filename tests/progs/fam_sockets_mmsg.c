// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_sockets.sh: sendmmsg's and recvmmsg's
 * vectors and what a received msghdr's name is (decoders/fmt_socket.c):
 * msg_len only for the messages sent; a vector whose second element is
 * in a hole; a failed call; messages received from a named sender into
 * name buffers of 0, 1, 2, 5 and 110 bytes (msg_namelen before => after:
 * the kernel writes at most the room given), by recvmsg and recvmmsg;
 * recvmmsg's timeout left.  Exits 0.
 */
#define _GNU_SOURCE
#include <stddef.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "fam.h"

static struct mmsghdr mm[4];
static struct iovec iov[4];
static char data[4][8];
static struct sockaddr_un names[4];

static void fill(int n, const socklen_t *room)
{
	memset(mm, 0, sizeof(mm));
	memset(names, 0, sizeof(names));
	for (int j = 0; j < n; j++) {
		iov[j].iov_base = data[j];
		iov[j].iov_len = sizeof(data[j]);
		mm[j].msg_hdr.msg_iov = &iov[j];
		mm[j].msg_hdr.msg_iovlen = 1;
		if (room) {
			mm[j].msg_hdr.msg_name = &names[j];
			mm[j].msg_hdr.msg_namelen = room[j];
		}
	}
}

int main(void)
{
	static const socklen_t rooms[4] = { 0, 1, 2, 5 };
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	struct timespec ts = { 1, 0 };
	struct mmsghdr *tail;
	struct msghdr mh;
	char *page;
	int sv[2];

	socketpair(AF_UNIX, SOCK_DGRAM, 0, sv);
	memcpy(sa.sun_path, "\0fam_mmsg", 9);
	bind(sv[1], (struct sockaddr *)&sa, offsetof(struct sockaddr_un, sun_path) + 9);

	/* two messages sent; the vector given three (msg_len for two) */
	fill(3, NULL);
	memcpy(data[0], "one", 3);
	iov[0].iov_len = 3;
	memcpy(data[1], "two", 3);
	iov[1].iov_len = 3;
	sendmmsg(sv[1], mm, 2, 0);
	/* a failed call: no msg_len */
	sendmmsg(-1, mm, 2, 0);

	/* received into name buffers of 0, 1, 2 and 5 bytes */
	fill(4, rooms);
	recvmmsg(sv[0], mm, 4, MSG_DONTWAIT, &ts);
	sendmmsg(sv[1], mm, 1, 0);
	memset(&mh, 0, sizeof(mh));
	mh.msg_name = &names[0];
	mh.msg_namelen = 2;
	mh.msg_iov = iov;
	mh.msg_iovlen = 1;
	recvmsg(sv[0], &mh, MSG_DONTWAIT);
	send(sv[1], "x", 1, 0);
	mh.msg_namelen = sizeof(names[0]);
	recvmsg(sv[0], &mh, MSG_DONTWAIT);

	/* the second element in a hole */
	page = mmap(NULL, 8192, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED)
		return 1;
	munmap(page + 4096, 4096);
	tail = (struct mmsghdr *)(page + 4096 - sizeof(*tail));
	memset(tail, 0, sizeof(*tail));
	tail->msg_hdr.msg_iov = iov;
	tail->msg_hdr.msg_iovlen = 1;
	sendmmsg(-1, tail, 2, 0);
	sendmmsg(-1, (struct mmsghdr *)(page + 4096), 1, 0);

	close(sv[0]);
	close(sv[1]);
	return 0;
}
