// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_landlock.sh: the landlock calls with
 * what the kernel answers (its ABI version, a ruleset fd, a rule whose
 * parent_fd is open), NULL, BAD, structs one byte short of the memory's
 * end, sizes below and above the struct, unknown rule types and flags.
 * The ruleset is never enforced.  Exits 0.
 */
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <linux/landlock.h>

#include "fam.h"

int main(void)
{
	char *edge = fam_edge_page();
	uint64_t fs = LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_READ_FILE;
	uint8_t attr[16] = { 0 }, rule[12];
	int32_t parent = open("/dev/full", O_RDONLY);
	long rs;

	if (!edge || parent < 0)
		return 1;
	memcpy(attr, &fs, 8);
	memcpy(rule, &fs, 8);
	memcpy(rule + 8, &parent, 4);
	sc(SYS_landlock_create_ruleset, (long)NULLP, 0,
	   LANDLOCK_CREATE_RULESET_VERSION, 0, 0, 0);
	rs = sc(SYS_landlock_create_ruleset, (long)attr, 8, 0, 0, 0, 0);
	sc(SYS_landlock_create_ruleset, (long)attr, 16, 0, 0, 0, 0);
	sc(SYS_landlock_create_ruleset, (long)attr, 7, 0, 0, 0, 0);
	sc(SYS_landlock_create_ruleset, (long)BAD, 8, 0xbadcaffe, 0, 0, 0);
	sc(SYS_landlock_create_ruleset, (long)(edge + 4096 - 7), 8, 0, 0, 0,
	   0);
	sc(SYS_landlock_add_rule, rs, LANDLOCK_RULE_PATH_BENEATH, (long)rule,
	   0, 0, 0);
	sc(SYS_landlock_add_rule, -1, LANDLOCK_RULE_PATH_BENEATH, (long)BAD,
	   0, 0, 0);
	sc(SYS_landlock_add_rule, -1, LANDLOCK_RULE_PATH_BENEATH,
	   (long)(edge + 4096 - 11), 0, 0, 0);
	sc(SYS_landlock_add_rule, rs, 2, (long)rule, 0xffffffff, 0, 0);
	sc(SYS_landlock_add_rule, rs, 0xfacebeef, (long)NULLP, 1, 0, 0);
	sc(SYS_landlock_restrict_self, -1, 1, 0, 0, 0, 0);
	sc(SYS_landlock_restrict_self, parent, 0xffffffff, 0, 0, 0, 0);
	return 0;
}
