// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: device mapper ioctls (DM_*) as strace 6.1's dm.c prints them
 * at entry: struct dm_ioctl's header (an unknown ABI version and a small
 * data_size stop it), and with -v the payload read from the argument's
 * copy from its start (c.inner[0]): target specs, a target message, a
 * string; a header copied short prints the pointer, a payload past the
 * copy its address.
 */
#include <linux/ioctl.h>
#include <linux/dm-ioctl.h>
#include <string.h>
#include <sys/syscall.h>

#include "check_decode.h"

#define PTR	0x7f0000001000ull
#define EBADF_S	" = -1 EBADF (Bad file descriptor)"
#define HDR	"{version=[4, 1, 2], data_size="
#define DEV	"dev=makedev(0x12, 0x34), name=\"nnn\", uuid=\"uuu\""

static void put64(uint8_t *p, uint64_t v)
{
	memcpy(p, &v, 8);
}

static void put32(uint8_t *p, uint32_t v)
{
	memcpy(p, &v, 4);
}

/* a header: version 4.1.2, data_size, data_start, dev 0x12:0x34 */
static void hdr(uint8_t *p, uint32_t size, uint32_t start)
{
	memset(p, 0, 312);
	put32(p, 4);
	put32(p + 4, 1);
	put32(p + 8, 2);
	put32(p + 12, size);
	put32(p + 16, start);
	put64(p + 40, 0x1234);
	memcpy(p + 48, "nnn", 3);
	memcpy(p + 176, "uuu", 3);
}

/* a target spec at p: sectors, next, type and its string after it */
static void spec(uint8_t *p, uint64_t sector, uint32_t next,
		 const char *type, const char *str)
{
	put64(p, sector);
	put64(p + 8, sector * 2);
	put32(p + 20, next);
	memcpy(p + 24, type, strlen(type));
	memcpy(p + 40, str, strlen(str) + 1);
}

int main(void)
{
	static uint8_t arg[4096];
	struct cap k = CAP(arg, 312), in = CAP(arg, sizeof(arg));
	struct sc_call c;

	/* header checks: ABI version, data_size */
	hdr(arg, 312, 0);
	put32(arg, 5);
	c = CALL(SYS_ioctl, -9, -1, DM_VERSION, PTR);
	c.cap[2] = &k;
	CHECK_STR(run(&c), "ioctl(-1, DM_VERSION, [{version=[5, 1, 2] /* "
		  "unsupported device mapper ABI version */}])" EBADF_S);
	hdr(arg, 14, 0);
	CHECK_STR(run(&c), "ioctl(-1, DM_VERSION, [" HDR "14 /* data_size "
		  "too small */}])" EBADF_S);
	/* data_size below its own end: the pointer */
	hdr(arg, 11, 0);
	CHECK_STR(run(&c), "ioctl(-1, DM_VERSION, 0x7f0000001000)" EBADF_S);
	hdr(arg, 312, 0);
	put32(arg + 28, DM_SUSPEND_FLAG | 0x80);
	CHECK_STR(run(&c), "ioctl(-1, DM_VERSION, [" HDR "312, " DEV
		  ", flags=DM_SUSPEND_FLAG|0x80}])" EBADF_S);
	/* a header copied short of its data: the pointer */
	k.len = 304;
	CHECK_STR(run(&c), "ioctl(-1, DM_VERSION, 0x7f0000001000)" EBADF_S);
	k.len = 312;

	/* DM_DEV_SUSPEND's event_nr only when not suspending */
	put32(arg + 32, 7);
	c = CALL(SYS_ioctl, -9, -1, DM_DEV_SUSPEND, PTR);
	c.cap[2] = &k;
	CHECK_STR(run(&c), "ioctl(-1, DM_DEV_SUSPEND, [" HDR "312, " DEV
		  ", flags=DM_SUSPEND_FLAG|0x80}])" EBADF_S);
	put32(arg + 28, 0);
	CHECK_STR(run(&c), "ioctl(-1, DM_DEV_SUSPEND, [" HDR "312, " DEV
		  ", event_nr=7, flags=0}])" EBADF_S);

	/* table load: two specs, abbreviated then with -v */
	hdr(arg, 312 + 48 + 48, 312);
	put32(arg + 20, 2);
	spec(arg + 312, 16, 48, "tgt", "par");
	spec(arg + 360, 32, 48, "lin", "\377");
	c = CALL(SYS_ioctl, -9, -1, DM_TABLE_LOAD, PTR);
	c.cap[2] = &k;
	c.inner[0] = &in;
	CHECK_STR(run(&c), "ioctl(-1, DM_TABLE_LOAD, [" HDR "408, data_start="
		  "312, " DEV ", target_count=2, flags=0}, ...])" EBADF_S);
	fo.verbose = 1;
	CHECK_STR(run(&c), "ioctl(-1, DM_TABLE_LOAD, [" HDR "408, data_start="
		  "312, " DEV ", target_count=2, flags=0}, {sector_start=16, "
		  "length=32, target_type=\"tgt\", string=\"par\"}, "
		  "{sector_start=32, length=64, target_type=\"lin\", "
		  "string=\"\\377\"}])" EBADF_S);
	/* the second spec past the copy: its address */
	in.len = 399;
	CHECK_STR(run(&c), "ioctl(-1, DM_TABLE_LOAD, [" HDR "408, data_start="
		  "312, " DEV ", target_count=2, flags=0}, {sector_start=16, "
		  "length=32, target_type=\"tgt\", string=\"par\"}, "
		  "0x7f0000001168])" EBADF_S);
	/* its string past the copy: the string's address */
	in.len = 401;
	CHECK_STR(run(&c), "ioctl(-1, DM_TABLE_LOAD, [" HDR "408, data_start="
		  "312, " DEV ", target_count=2, flags=0}, {sector_start=16, "
		  "length=32, target_type=\"tgt\", string=\"par\"}, "
		  "{sector_start=32, length=64, target_type=\"lin\", "
		  "string=0x7f0000001190}])" EBADF_S);
	in.len = sizeof(arg);
	/* a next that goes back, a spec past data_size */
	put32(arg + 312 + 20, 0);
	CHECK_STR(run(&c), "ioctl(-1, DM_TABLE_LOAD, [" HDR "408, data_start="
		  "312, " DEV ", target_count=2, flags=0}, {sector_start=16, "
		  "length=32, target_type=\"tgt\", string=\"par\"}, ??? /* "
		  "misplaced struct dm_target_spec */])" EBADF_S);
	put32(arg + 16, 380);
	CHECK_STR(run(&c), "ioctl(-1, DM_TABLE_LOAD, [" HDR "408, data_start="
		  "380, " DEV ", target_count=2, flags=0}, ??? /* misplaced "
		  "struct dm_target_spec */])" EBADF_S);

	/* target message, -s 4: its text cut */
	hdr(arg, 312 + 8 + 10, 312);
	put64(arg + 312, 99);
	memcpy(arg + 320, "long text", 10);
	fo.strsize = 4;
	c = CALL(SYS_ioctl, -9, -1, DM_TARGET_MSG, PTR);
	c.cap[2] = &k;
	c.inner[0] = &in;
	CHECK_STR(run(&c), "ioctl(-1, DM_TARGET_MSG, [" HDR "330, data_start="
		  "312, " DEV ", flags=0}, {sector=99, message=\"long\"...}])"
		  EBADF_S);
	c.inner[0] = NULL;
	CHECK_STR(run(&c), "ioctl(-1, DM_TARGET_MSG, [" HDR "330, data_start="
		  "312, " DEV ", flags=0}, 0x7f0000001138])" EBADF_S);
	fo.strsize = 32;

	/* rename: its string; a start past data_size */
	hdr(arg, 320, 312);
	memcpy(arg + 312, "new", 4);
	c = CALL(SYS_ioctl, -9, -1, DM_DEV_RENAME, PTR);
	c.cap[2] = &k;
	c.inner[0] = &in;
	CHECK_STR(run(&c), "ioctl(-1, DM_DEV_RENAME, [" HDR "320, data_start="
		  "312, " DEV ", event_nr=0, flags=0}, {string=\"new\"}])"
		  EBADF_S);
	put32(arg + 16, 321);
	CHECK_STR(run(&c), "ioctl(-1, DM_DEV_RENAME, [" HDR "320, data_start="
		  "321, " DEV ", event_nr=0, flags=0}, ??? /* misplaced "
		  "string */])" EBADF_S);
	fo.verbose = 0;
	CHECK_STR(run(&c), "ioctl(-1, DM_DEV_RENAME, [" HDR "320, data_start="
		  "321, " DEV ", event_nr=0, flags=0}, ...])" EBADF_S);
	CHECK_DONE();
}
