// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_syslog.sh: syslog's actions with the
 * arguments each uses or ignores, what is stable between two runs (the
 * log buffer's size, its first 8 bytes), bad levels and unknown actions.
 * Exits 0.
 */
#include <stdint.h>

#include "fam.h"

int main(void)
{
	char buf[8];

	sc(SYS_syslog, 0, 0, 0, 0, 0, 0);
	sc(SYS_syslog, 1, (long)BAD, 5, 0, 0, 0);
	sc(SYS_syslog, 10, 0, 0, 0, 0, 0);
	sc(SYS_syslog, 2, (long)NULLP, -1, 0, 0, 0);
	sc(SYS_syslog, 3, (long)buf, sizeof(buf), 0, 0, 0);
	sc(SYS_syslog, 3, (long)BAD, 16, 0, 0, 0);
	sc(SYS_syslog, 8, (long)BAD, 99, 0, 0, 0);
	sc(SYS_syslog, 8, (long)NULLP, -5, 0, 0, 0);
	sc(SYS_syslog, 0xfeedbeef, (long)BAD, 64, 0, 0, 0);
	sc(SYS_syslog, 11, (long)NULLP, -1, 0, 0, 0);
	return 0;
}
