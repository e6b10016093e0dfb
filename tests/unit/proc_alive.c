// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Pairing stage: is a task alive, from /proc/PID/stat's text.  A zombie
 * is not; nor is a task in do_exit (PF_EXITING in the flags field),
 * which still shows as running: the kernel writes a task's perf EXIT
 * record before it becomes a zombie, and without BPF etrace took such a
 * task for one whose events an exec had ended ("the kernel stopped
 * tracing this task"), seen in a CI run under load.  A comm with ") "
 * in it does not fool the parser.
 */
#include <unistd.h>

#include "check.h"
#include "proc.h"

int main(void)
{
	/* pid (comm) state ppid pgrp session tty_nr tpgid flags ... */
	CHECK(proc_stat_alive("12 (sh) S 1 12 12 0 -1 4194560 100 0 0 0") == 1);
	CHECK(proc_stat_alive("12 (sh) R 1 12 12 0 -1 4194304 100 0 0 0") == 1);
	/* PF_EXITING (0x4) set: on its way out, though still R */
	CHECK(proc_stat_alive("12 (sh) R 1 12 12 0 -1 4194308 100 0 0 0") == 0);
	CHECK(proc_stat_alive("12 (sh) D 1 12 12 0 -1 4 100 0 0 0") == 0);
	CHECK(proc_stat_alive("12 (sh) Z 1 12 12 0 -1 4194316 0 0 0 0") == 0);
	CHECK(proc_stat_alive("12 (sh) X 1 12 12 0 -1 0 0 0 0 0") == 0);
	/* a comm chosen to look like the fields */
	CHECK(proc_stat_alive("12 (a) Z 1 2 3 4 5 6) S 1 12 12 0 -1 0 1") == 1);
	CHECK(proc_stat_alive("12 (a) S 1 2 3 4 5 6) Z 1 12 12 0 -1 0 1") == 0);
	/* cut short: not alive, never a guess */
	CHECK(proc_stat_alive("12 (sh) S 1 12") == 0);
	CHECK(proc_stat_alive("12 (sh)") == 0);
	CHECK(proc_stat_alive("") == 0);
	/* this process, read from /proc */
	CHECK(proc_alive(getpid()) == 1);
	CHECK_DONE();
}
