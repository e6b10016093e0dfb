// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_files.sh (also under -s300): names whose
 * length has its own limit, read as strace reads them.  memfd_create's
 * name is MFD_NAME_MAX_LEN (249) bytes at most: strace reads 250, so one
 * with no NUL that ends where the memory does is printed cut, not as its
 * address; its huge page size flags as N<<MFD_HUGE_SHIFT.  Every call
 * fails (EINVAL: a huge page size without MFD_HUGETLB); exits 0.
 */
#define _GNU_SOURCE
#include <string.h>

#include "fam.h"

int main(void)
{
	char *edge = fam_edge_page(), *name;

	if (!edge)
		return 0;
	name = edge + 4096 - 250;
	memset(name, 'n', 250);
	/* no NUL before the unmapped page */
	sc(SYS_memfd_create, (long)name, 30L << 26, 0, 0, 0, 0);
	/* 249 bytes and the NUL */
	name[249] = '\0';
	sc(SYS_memfd_create, (long)name, 30L << 26, 0, 0, 0, 0);
	sc(SYS_memfd_create, (long)(name + 200), (long)(0xfc000003UL), 0, 0,
	   0, 0);
	return 0;
}
