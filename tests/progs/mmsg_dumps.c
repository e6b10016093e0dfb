// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/flags_dump_mmsg.sh (-e read=, -e write= on
 * sendmmsg and recvmmsg): a unix datagram socketpair moved to 70 and 71.
 * sendmmsg on 70 of three messages: two buffers, then an empty buffer
 * before a full one (strace's dump stops at the first empty one), then
 * 100 bytes of every kind in three buffers; recvmmsg on 71 of the three
 * into two buffers each (4 and 200 bytes: the first message spans both,
 * the last one is cut to what the buffers hold); a recvmmsg that fails
 * (EAGAIN: not dumped); a sendmmsg of one message on 72, a fd outside
 * the sets; past the copy bound, a sendmmsg of 70 one-byte messages on
 * 73.  Same calls and bytes every run; exits 0.
 */
#define _GNU_SOURCE
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

static char bytes[100], in[3][2][200];

static void to(int fd, int want)
{
	dup2(fd, want);
	close(fd);
}

int main(void)
{
	struct iovec w0[2] = { { "ab", 2 }, { "cdefghijklmnopqrstuvwxyz", 24 } };
	struct iovec w1[2] = { { "", 0 }, { "lost", 4 } };
	struct iovec w2[3] = { { bytes, 10 }, { bytes + 10, 60 }, { bytes + 70, 30 } };
	struct iovec r[3][2];
	struct mmsghdr out[3], back[3], many[70];
	struct iovec one[70];
	int s[2], i;

	for (i = 0; i < (int)sizeof(bytes); i++)
		bytes[i] = (char)(i * 37 + 5);
	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, s))
		return 1;
	to(s[0], 70);
	to(s[1], 71);
	memset(out, 0, sizeof(out));
	out[0].msg_hdr.msg_iov = w0;
	out[0].msg_hdr.msg_iovlen = 2;
	out[1].msg_hdr.msg_iov = w1;
	out[1].msg_hdr.msg_iovlen = 2;
	out[2].msg_hdr.msg_iov = w2;
	out[2].msg_hdr.msg_iovlen = 3;
	if (sendmmsg(70, out, 3, 0) != 3)
		return 1;
	memset(back, 0, sizeof(back));
	for (i = 0; i < 3; i++) {
		r[i][0].iov_base = in[i][0];
		r[i][0].iov_len = 4;
		r[i][1].iov_base = in[i][1];
		r[i][1].iov_len = 200;
		back[i].msg_hdr.msg_iov = r[i];
		back[i].msg_hdr.msg_iovlen = 2;
	}
	if (recvmmsg(71, back, 3, 0, NULL) != 3)
		return 1;
	if (recvmmsg(71, back, 3, MSG_DONTWAIT, NULL) != -1)
		return 1;
	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, s))
		return 1;
	to(s[0], 72);
	if (sendmmsg(72, out, 1, 0) != 1)
		return 1;
	memset(many, 0, sizeof(many));
	for (i = 0; i < 70; i++) {
		one[i].iov_base = bytes + i;
		one[i].iov_len = 1;
		many[i].msg_hdr.msg_iov = &one[i];
		many[i].msg_hdr.msg_iovlen = 1;
	}
	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, s))
		return 1;
	to(s[0], 73);
	if (sendmmsg(73, many, 70, 0) != 70)
		return 1;
	return 0;
}
