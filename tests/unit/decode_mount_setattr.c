// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: mount_setattr(2) as strace 6.1 prints it (lines from its
 * mount_setattr.c test): its flags, struct mount_attr by the size
 * argument, the bytes past the known 32, userns_fd named by -y only
 * with MOUNT_ATTR_IDMAP.
 */
#include <fcntl.h>
#include <linux/mount.h>
#include <string.h>
#include <sys/syscall.h>

#include "check_decode.h"

#define EINVAL_S "-1 EINVAL (Invalid argument)"
#define ADDR 0x7f4d76647fe0ULL
#define PATH "\"/dev/full\""

static uint8_t mem[40];
static char path[] = "/dev/full";

static struct sc_call attr_call(uint64_t size, uint32_t len)
{
	static struct cap k, kp;
	struct sc_call c = CALL(SYS_mount_setattr, -22, -1, 0x1000, 0, ADDR,
				size);

	kp = CAP(path, sizeof(path) - 1);
	kp.flags = 0;
	c.cap[1] = &kp;
	k = CAP(mem, len);
	c.cap[3] = &k;
	return c;
}

static void put64(int off, uint64_t v)
{
	memcpy(mem + off, &v, 8);
}

static void test_attr(void)
{
	struct sc_call c;

	put64(0, 0xffffffff00000000ULL);
	put64(8, 0);
	put64(16, MS_UNBINDABLE);
	put64(24, 9);
	c = attr_call(32, 32);
	CHECK_STR(run(&c), "mount_setattr(-1, " PATH ", 0, {attr_set="
		  "0xffffffff00000000 /* MOUNT_ATTR_??? */, attr_clr=0, "
		  "propagation=MS_UNBINDABLE, userns_fd=9}, 32) = " EINVAL_S);
	/* size past the copy: ??? */
	c = attr_call(40, 32);
	CHECK_STR(run(&c), "mount_setattr(-1, " PATH ", 0, {attr_set="
		  "0xffffffff00000000 /* MOUNT_ATTR_??? */, attr_clr=0, "
		  "propagation=MS_UNBINDABLE, userns_fd=9, ???}, 40) = "
		  EINVAL_S);
	/* nonzero bytes past 32 */
	for (int j = 0; j < 8; j++)
		mem[32 + j] = (uint8_t)(0x80 + j);
	c = attr_call(40, 40);
	CHECK_STR(run(&c), "mount_setattr(-1, " PATH ", 0, {attr_set="
		  "0xffffffff00000000 /* MOUNT_ATTR_??? */, attr_clr=0, "
		  "propagation=MS_UNBINDABLE, userns_fd=9, /* bytes 32..39 */ "
		  "\"\\x80\\x81\\x82\\x83\\x84\\x85\\x86\\x87\"}, 40) = "
		  EINVAL_S);
	memset(mem + 32, 0, 8);
	CHECK_STR(run(&c), "mount_setattr(-1, " PATH ", 0, {attr_set="
		  "0xffffffff00000000 /* MOUNT_ATTR_??? */, attr_clr=0, "
		  "propagation=MS_UNBINDABLE, userns_fd=9}, 40) = " EINVAL_S);
	/* a short copy, a size below the struct's: the pointer */
	c = attr_call(32, 31);
	CHECK_STR(run(&c), "mount_setattr(-1, " PATH ", 0, 0x7f4d76647fe0, "
		  "32) = " EINVAL_S);
	c = attr_call(31, 32);
	CHECK_STR(run(&c), "mount_setattr(-1, " PATH ", 0, 0x7f4d76647fe0, "
		  "31) = " EINVAL_S);
	/* MS_SLAVE, and a userns_fd without MOUNT_ATTR_IDMAP: a number */
	put64(0, MOUNT_ATTR_NOSUID);
	put64(8, MOUNT_ATTR_NODEV);
	put64(16, MS_SLAVE);
	put64(24, 0xdefaced00000009ULL);
	c = attr_call(32, 32);
	c.args[2] = AT_EMPTY_PATH;
	CHECK_STR(run(&c), "mount_setattr(-1, " PATH ", AT_EMPTY_PATH, "
		  "{attr_set=MOUNT_ATTR_NOSUID, attr_clr=MOUNT_ATTR_NODEV, "
		  "propagation=MS_SLAVE, userns_fd=1004211375834136585}, 32) = "
		  EINVAL_S);
}

/* -y: userns_fd named when MOUNT_ATTR_IDMAP makes it an fd */
static void test_fd(void)
{
	static const char full[] = "/dev/full";
	struct fd_desc d = { .kind = FD_PATH, .name = (const uint8_t *)full,
			     .namelen = sizeof(full) - 1, .fd = 9 };
	struct sc_call c;

	put64(0, MOUNT_ATTR_RDONLY | MOUNT_ATTR_IDMAP);
	put64(8, ~(uint64_t)0x3000bf);
	put64(16, MS_PRIVATE | MS_SHARED);
	put64(24, 9);
	c = attr_call(32, 32);
	c.fd[FD_SLOT_SET0] = &d;
	fo.fds = DECODE_FD_PATH;
	CHECK_STR(run(&c), "mount_setattr(-1, " PATH ", 0, {attr_set="
		  "MOUNT_ATTR_RDONLY|MOUNT_ATTR_IDMAP, attr_clr="
		  "0xffffffffffcfff40 /* MOUNT_ATTR_??? */, propagation="
		  "0x140000 /* MS_??? */, userns_fd=9</dev/full>}, 32) = "
		  EINVAL_S);
	/* without IDMAP the same 9 is no fd */
	put64(0, MOUNT_ATTR_RDONLY);
	CHECK_STR(run(&c), "mount_setattr(-1, " PATH ", 0, {attr_set="
		  "MOUNT_ATTR_RDONLY, attr_clr=0xffffffffffcfff40 /* "
		  "MOUNT_ATTR_??? */, propagation=0x140000 /* MS_??? */, "
		  "userns_fd=9}, 32) = " EINVAL_S);
	fo.fds = 0;
	/* the flags: mount_setattr's own set */
	c = attr_call(32, 32);
	c.args[2] = 0xffffffff;
	c.args[3] = 0;
	CHECK_STR(run(&c), "mount_setattr(-1, " PATH ", AT_SYMLINK_NOFOLLOW|"
		  "AT_NO_AUTOMOUNT|AT_EMPTY_PATH|AT_RECURSIVE|0xffff66ff, NULL, "
		  "32) = " EINVAL_S);
}

int main(void)
{
	test_attr();
	test_fd();
	CHECK_DONE();
}
