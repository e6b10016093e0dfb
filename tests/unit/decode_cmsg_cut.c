// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unit test: control messages longer than their copy (strace-suite
 * msg_control): an SCM_RIGHTS message cut by the copy prints its first
 * -s fds and "..." when the copy holds all of them, else no data.
 */
#include <sys/socket.h>
#include <sys/syscall.h>

#include "check_decode.h"
#include "fmt_priv.h"

static uint8_t ctl[256];
static char line[2048];

static const char *cmsgs(size_t have, int whole)
{
	struct sc_call c = CALL(SYS_sendmsg, -9, -1, 0x1000, 0);
	struct fmt_buf b;

	c.o = &fo;
	fb_init(&b, line, sizeof(line) - 1);
	fmt_cmsgs(&b, &c, ctl, have, 0x3000, whole, 0);
	*b.p = '\0';
	return line;
}

#define M1 "-1, -1, -1, -1, "
#define HDR "[{cmsg_len=262144, cmsg_level=SOL_SOCKET, cmsg_type=SCM_RIGHTS"

int main(void)
{
	uint64_t clen = 262144;
	uint32_t level = SOL_SOCKET, type = SCM_RIGHTS;

	memcpy(ctl, &clen, 8);
	memcpy(ctl + 8, &level, 4);
	memcpy(ctl + 12, &type, 4);
	memset(ctl + 16, 0xff, sizeof(ctl) - 16);
	/* 32 fds in the copy, the message has more: they and "..." */
	CHECK_STR(cmsgs(16 + 4 * 32, 0), HDR ", cmsg_data=[" M1 M1 M1 M1 M1
		  M1 M1 M1 "...]}, ...]");
	CHECK_STR(cmsgs(sizeof(ctl), 0), HDR ", cmsg_data=[" M1 M1 M1 M1 M1
		  M1 M1 M1 "...]}, ...]");
	/* one fd short of them: no data */
	CHECK_STR(cmsgs(16 + 4 * 31, 0), HDR "}, ...]");
	/* -s 4: four of them */
	fo.strsize = 4;
	CHECK_STR(cmsgs(16 + 4 * 4, 0), HDR ", cmsg_data=[" M1 "...]}, ...]");
	/* the message holds only the 4 fds -s shows: no "...", no data */
	clen = 16 + 4 * 4;
	memcpy(ctl, &clen, 8);
	CHECK_STR(cmsgs(16 + 4 * 3, 0), "[{cmsg_len=32, cmsg_level=SOL_SOCKET, "
		  "cmsg_type=SCM_RIGHTS}, ...]");
	clen = 262144;
	memcpy(ctl, &clen, 8);
	fo.strsize = 32;
	/* -v: strace would print them all: no data */
	fo.verbose = 1;
	CHECK_STR(cmsgs(sizeof(ctl), 0), HDR "}, ...]");
	fo.verbose = 0;
	/* another type cut: no data */
	type = SCM_CREDENTIALS;
	memcpy(ctl + 12, &type, 4);
	CHECK_STR(cmsgs(sizeof(ctl), 0), "[{cmsg_len=262144, "
		  "cmsg_level=SOL_SOCKET, cmsg_type=SCM_CREDENTIALS}, ...]");
	CHECK_DONE();
}
