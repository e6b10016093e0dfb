// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * sendmsg's msghdr from its copy in pieces (header, name, iovecs with
 * their data, control), each piece as long as the capture says: an iovec
 * whose data the record had no room for is its pointer, and the control
 * messages are read where their piece starts, never from the bytes after
 * a short piece (before, the data of an iovec cut short was taken from
 * the control piece); a piece that could not be read is its pointer.
 */
#include <sys/socket.h>
#include <sys/syscall.h>

#include "check_decode.h"
#include "fmt_priv.h"

static uint8_t mem[256];

static void put64(size_t off, uint64_t v)
{
	memcpy(mem + off, &v, 8);
}

static void put32(size_t off, uint32_t v)
{
	memcpy(mem + off, &v, 4);
}

int main(void)
{
	struct cap k = CAP(mem, 0);
	struct sc_call c;
	size_t off;

	/* header: no name, two iovecs (2 and 3 bytes), 20 control bytes */
	put64(16, 0x2000);	/* msg_iov */
	put64(24, 2);		/* msg_iovlen */
	put64(32, 0x3000);	/* msg_control */
	put64(40, 20);		/* msg_controllen */
	off = 56;
	/* iovecs, then only the first one's data: the record was full */
	put64(off, 0x4000);
	put64(off + 8, 2);
	put64(off + 16, 0x5000);
	put64(off + 24, 3);
	memcpy(mem + off + 32, "01", 2);
	off += 34;
	/* the control piece: SCM_RIGHTS [7] */
	put64(off, 20);
	put32(off + 8, SOL_SOCKET);
	put32(off + 12, SCM_RIGHTS);
	put32(off + 16, 7);
	off += 20;
	k.len = (uint32_t)off;
	k.npieces = 4;
	k.piece[0] = 56;
	k.piece[1] = 0;
	k.piece[2] = 34;
	k.piece[3] = 20;

	c = CALL(SYS_sendmsg, -9, 5, 0x1000, 0);
	c.cap[1] = &k;
	CHECK_STR(run(&c), "sendmsg(5, {msg_name=NULL, msg_namelen=0, "
		  "msg_iov=[{iov_base=\"01\", iov_len=2}, {iov_base=0x5000, "
		  "iov_len=3}], msg_iovlen=2, msg_control=[{cmsg_len=20, "
		  "cmsg_level=SOL_SOCKET, cmsg_type=SCM_RIGHTS, cmsg_data=[7]}],"
		  " msg_controllen=20, msg_flags=0}, 0) = -1 EBADF (Bad file "
		  "descriptor)");

	/* the control messages could not be read: their pointer */
	k.holes = 1u << 3;
	k.piece[3] = 0;
	k.len -= 20;
	CHECK_STR(run(&c), "sendmsg(5, {msg_name=NULL, msg_namelen=0, "
		  "msg_iov=[{iov_base=\"01\", iov_len=2}, {iov_base=0x5000, "
		  "iov_len=3}], msg_iovlen=2, msg_control=0x3000, "
		  "msg_controllen=20, msg_flags=0}, 0) = -1 EBADF (Bad file "
		  "descriptor)");

	/* not a copy in pieces: the pointer */
	k.npieces = 1;
	CHECK_STR(run(&c), "sendmsg(5, 0x1000, 0) = -1 EBADF (Bad file "
		  "descriptor)");
	CHECK_DONE();
}
