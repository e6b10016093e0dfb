// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: the landlock calls as strace 6.1 prints them (its
 * landlock.c): a ruleset attr's handled_access_fs and ", ..." past it,
 * the address when the size is too small; a path-beneath rule's
 * allowed_access and parent_fd (-y: what it is), any other rule type's
 * attr an address; flags in hex; create_ruleset's return an fd but for
 * LANDLOCK_CREATE_RULESET_VERSION.
 */
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <linux/landlock.h>

#include "check_decode.h"

int main(void)
{
	uint64_t fs = LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_REFER |
		      (1ULL << 14);
	uint8_t rule[12];
	int32_t parent = 8;
	static const char full[] = "/dev/full";
	struct fd_desc fd = { .kind = FD_PATH, .mode = S_IFCHR | 0666,
			      .name = (const uint8_t *)full,
			      .namelen = sizeof(full) - 1, .fd = 8 };
	struct cap k = CAP(&fs, 8), kr = CAP(rule, 12), kshort = CAP(rule, 11);
	struct sc_call c;

	c = CALL(SYS_landlock_create_ruleset, 3, 0x1000, 16, 0);
	c.cap[0] = &k;
	CHECK_STR(run(&c), "landlock_create_ruleset({handled_access_fs="
		  "LANDLOCK_ACCESS_FS_EXECUTE|LANDLOCK_ACCESS_FS_REFER|0x4000, "
		  "...}, 16, 0) = 3");
	c.args[1] = 7;
	CHECK_STR(run(&c), "landlock_create_ruleset(0x1000, 7, 0) = 3");
	/* the ABI version: a number, never an fd (-y adds nothing) */
	c = CALL(SYS_landlock_create_ruleset, 3, 0, 0,
		 LANDLOCK_CREATE_RULESET_VERSION | 2);
	c.fd[FD_SLOT_RET] = &fd;
	fo.fds = DECODE_FD_PATH;
	CHECK_STR(run(&c), "landlock_create_ruleset(NULL, 0, "
		  "LANDLOCK_CREATE_RULESET_VERSION|0x2) = 3");
	c.args[2] = 0;
	CHECK_STR(run(&c), "landlock_create_ruleset(NULL, 0, 0) = 3</dev/full>");

	memcpy(rule, &fs, 8);
	memcpy(rule + 8, &parent, 4);
	c = CALL(SYS_landlock_add_rule, -1, -1, LANDLOCK_RULE_PATH_BENEATH,
		 0x2000, 0);
	c.cap[2] = &kr;
	c.fd[FD_SLOT_SET0] = &fd;
	CHECK_STR(run(&c), "landlock_add_rule(-1, LANDLOCK_RULE_PATH_BENEATH, "
		  "{allowed_access=LANDLOCK_ACCESS_FS_EXECUTE|"
		  "LANDLOCK_ACCESS_FS_REFER|0x4000, parent_fd=8</dev/full>}, 0) "
		  "= -1 EPERM (Operation not permitted)");
	fo.fds = 0;
	c.cap[2] = &kshort;
	CHECK_STR(run(&c), "landlock_add_rule(-1, LANDLOCK_RULE_PATH_BENEATH, "
		  "0x2000, 0) = -1 EPERM (Operation not permitted)");
	/* strace 6.1 knows no rule type 2 */
	c = CALL(SYS_landlock_add_rule, -22, 1729, 2, 0x2000, 0xffffffff);
	c.cap[2] = &kr;
	CHECK_STR(run(&c), "landlock_add_rule(1729, 0x2 /* LANDLOCK_RULE_??? */"
		  ", 0x2000, 0xffffffff) = -1 EINVAL (Invalid argument)");
	c = CALL(SYS_landlock_restrict_self, -9, -1, 1);
	CHECK_STR(run(&c), "landlock_restrict_self(-1, 0x1) = -1 EBADF (Bad "
		  "file descriptor)");
	CHECK_DONE();
}
