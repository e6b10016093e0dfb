// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: TEE ioctls (TEE_IOC_*) as strace 6.1's tee.c prints them at
 * entry: the simple structs, and a struct tee_ioctl_buf_data whose
 * buffer (c.inner[0]) holds the request's struct and its params; a
 * buffer not read, read short, or whose params do not fill buf_len
 * prints as the pointer, a param not read as its address.
 */
#include <linux/tee.h>
#include <string.h>
#include <sys/syscall.h>

#include "check_decode.h"

#define PTR	0x7f0000001000ull
#define EBADF_S	" = -1 EBADF (Bad file descriptor)"

static void put64(uint8_t *p, uint64_t v)
{
	memcpy(p, &v, 8);
}

static void put32(uint8_t *p, uint32_t v)
{
	memcpy(p, &v, 4);
}

/* param j of n at p: attr, a, b, c */
static void param(uint8_t *p, uint64_t attr, uint64_t a)
{
	put64(p, attr);
	put64(p + 8, a);
	put64(p + 16, a + 1);
	put64(p + 24, a + 2);
}

int main(void)
{
	uint8_t arg[32] = { 0 }, in[4096] = { 0 };
	struct cap k = CAP(arg, 16), ki = CAP(in, 24 + 2 * 32);
	struct sc_call c;

	put32(arg, 7);
	put32(arg + 4, 0xbeef);
	c = CALL(SYS_ioctl, -9, -1, TEE_IOC_CANCEL, PTR);
	c.cap[2] = &k;
	CHECK_STR(run(&c), "ioctl(-1, TEE_IOC_CANCEL, {cancel_id=7, "
		  "session=0xbeef})" EBADF_S);
	put64(arg, 0x1000);
	put32(arg + 8, 0x83);
	c = CALL(SYS_ioctl, -9, -1, TEE_IOC_SHM_ALLOC, PTR);
	c.cap[2] = &k;
	CHECK_STR(run(&c), "ioctl(-1, TEE_IOC_SHM_ALLOC, {size=0x1000, "
		  "flags=TEE_IOCTL_SHM_MAPPED|TEE_IOCTL_SHM_DMA_BUF|0x80})"
		  EBADF_S);
	c = CALL(SYS_ioctl, -9, -1, TEE_IOC_SHM_ALLOC, 0);
	c.cap[2] = NULL;
	CHECK_STR(run(&c), "ioctl(-1, TEE_IOC_SHM_ALLOC, NULL)" EBADF_S);

	/* invoke: 24 bytes and two params */
	put64(arg, PTR + 0x100);
	put64(arg + 8, 24 + 2 * 32);
	put32(in, 5);
	put32(in + 4, 0xabc);
	put32(in + 8, 9);
	put32(in + 20, 2);
	param(in + 24, TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT, 0x10);
	param(in + 56, TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT, 0x20);
	c = CALL(SYS_ioctl, -9, -1, TEE_IOC_INVOKE, PTR);
	c.cap[2] = &k;
	c.inner[0] = &ki;
	CHECK_STR(run(&c), "ioctl(-1, TEE_IOC_INVOKE, {buf_len=88, buf_ptr="
		  "{func=5, session=0xabc, cancel_id=9, num_params=2, params=["
		  "{attr=TEE_IOCTL_PARAM_ATTR_TYPE_VALUE_INPUT, a=0x10, b=0x11, "
		  "c=0x12}, {attr=TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT, "
		  "shm_offs=0x20, size=0x21, shm_id=34}]}})" EBADF_S);
	/* META: the value's fields; an unknown type in hex */
	param(in + 24, TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT |
		       TEE_IOCTL_PARAM_ATTR_META, 0x10);
	param(in + 56, 9, 0x20);
	CHECK_STR(run(&c), "ioctl(-1, TEE_IOC_INVOKE, {buf_len=88, buf_ptr="
		  "{func=5, session=0xabc, cancel_id=9, num_params=2, params=["
		  "{attr=TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT|"
		  "TEE_IOCTL_PARAM_ATTR_META, a=0x10, b=0x11, c=0x12}, "
		  "{attr=0x9 /* TEE_IOCTL_PARAM_ATTR_ */, a=0x20, b=0x21, "
		  "c=0x22}]}})" EBADF_S);
	/* the second param not read: its address */
	ki.len = 24 + 32 + 8;
	CHECK_STR(run(&c), "ioctl(-1, TEE_IOC_INVOKE, {buf_len=88, buf_ptr="
		  "{func=5, session=0xabc, cancel_id=9, num_params=2, params=["
		  "{attr=TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT|"
		  "TEE_IOCTL_PARAM_ATTR_META, a=0x10, b=0x11, c=0x12}, "
		  "... /* 0x7f0000001138 */]}})" EBADF_S);
	ki.len = 24 + 8;
	CHECK_STR(run(&c), "ioctl(-1, TEE_IOC_INVOKE, {buf_len=88, buf_ptr="
		  "{func=5, session=0xabc, cancel_id=9, num_params=2, params="
		  "0x7f0000001118}})" EBADF_S);
	/* the struct not read, or params that do not fill buf_len */
	ki.len = 20;
	CHECK_STR(run(&c), "ioctl(-1, TEE_IOC_INVOKE, {buf_len=88, buf_ptr="
		  "0x7f0000001100})" EBADF_S);
	ki.len = 88;
	put32(in + 20, 3);
	CHECK_STR(run(&c), "ioctl(-1, TEE_IOC_INVOKE, {buf_len=88, buf_ptr="
		  "0x7f0000001100})" EBADF_S);
	c.inner[0] = NULL;
	put32(in + 20, 2);
	CHECK_STR(run(&c), "ioctl(-1, TEE_IOC_INVOKE, {buf_len=88, buf_ptr="
		  "0x7f0000001100})" EBADF_S);

	/* open session: 56 bytes, no params; a group's gid, an unknown
	   login's bytes */
	memset(in, 0, sizeof(in));
	for (int j = 0; j < 16; j++)
		in[j] = (uint8_t)(0x10 + j);
	put32(in + 16, 1000);
	put32(in + 32, TEE_IOCTL_LOGIN_GROUP);
	put32(in + 36, 4);
	put64(arg + 8, 56);
	ki.len = 56;
	c = CALL(SYS_ioctl, -9, -1, TEE_IOC_OPEN_SESSION, PTR);
	c.cap[2] = &k;
	c.inner[0] = &ki;
	CHECK_STR(run(&c), "ioctl(-1, TEE_IOC_OPEN_SESSION, {buf_len=56, "
		  "buf_ptr={uuid=10111213-1415-1617-1819-1a1b1c1d1e1f, "
		  "clnt_login=TEE_IOCTL_LOGIN_GROUP, clnt_uuid=1000, "
		  "cancel_id=4, num_params=0, params=NULL}})" EBADF_S);
	put32(in + 32, 0xff);
	CHECK_STR(run(&c), "ioctl(-1, TEE_IOC_OPEN_SESSION, {buf_len=56, "
		  "buf_ptr={uuid=10111213-1415-1617-1819-1a1b1c1d1e1f, "
		  "clnt_login=0xff /* TEE_IOCTL_LOGIN_??? */, clnt_uuid=[0xe8, "
		  "0x3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], "
		  "cancel_id=4, num_params=0, params=NULL}})" EBADF_S);
	CHECK_DONE();
}
