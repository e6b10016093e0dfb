// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Pairing and the text sink: calls of two tasks that overlap, written as
 * strace writes them: the first line ends "<unfinished ...>" when another
 * task's line comes between, and its end comes back "<... read resumed>";
 * a call with nothing between is one line; " = " at column 40.
 */
#include <sys/syscall.h>

#include "check_pair.h"

int main(void)
{
	struct ptest t;
	pid_t a = PT_TID0, b = PT_TID0 + 1;

	/* one task: whole lines, no prefix without -f */
	pt_start(&t, NULL);
	pt_task(&t, a, a, "main");
	pt_enter(&t, a, SYS_getppid, 0, 0, 0);
	pt_exit(&t, a, SYS_getppid, 42);
	pt_enter(&t, a, SYS_close, 3, 0, 0);
	pt_exit(&t, a, SYS_close, -9);
	CHECK_STR(pt_text(&t),
		  "getppid()                               = 42\n"
		  "close(3)                                = -1 EBADF (Bad file descriptor)\n");
	pt_end(&t);

	/* -f: a thread's call comes between; pid prefixes */
	pt_start(&t, "-f", NULL);
	pt_task(&t, a, a, "main");
	pt_enter(&t, a, SYS_read, 3, 0x1000, 10);
	pair_fork(&t.pr, a, a, a, b, t.now);
	pt_enter(&t, b, SYS_getppid, 0, 0, 0);
	pt_exit(&t, b, SYS_getppid, 7);
	pt_exit(&t, a, SYS_read, 5);
	/* the thread's entry half is open when the main task's call ends */
	pt_enter(&t, b, SYS_write, 1, 0x2000, 3);
	pt_enter(&t, a, SYS_getpid, 0, 0, 0);
	pt_exit(&t, b, SYS_write, 3);
	pt_exit(&t, a, SYS_getpid, a);
	CHECK_STR(pt_text(&t),
		  "4200001 read(3,  <unfinished ...>\n"
		  "4200002 getppid()                       = 7\n"
		  "4200001 <... read resumed>0x1000, 10)   = 5\n"
		  "4200002 write(1, 0x2000, 3 <unfinished ...>\n"
		  "4200001 getpid( <unfinished ...>\n"
		  "4200002 <... write resumed>)            = 3\n"
		  "4200001 <... getpid resumed>)           = 4200001\n");
	pt_end(&t);

	/* calls still open when tracing stops end "<detached ...>" */
	pt_start(&t, "-f", NULL);
	pt_task(&t, a, a, "main");
	pt_enter(&t, a, SYS_nanosleep, 0x3000, 0, 0);
	CHECK_STR(pt_text(&t), "4200001 nanosleep(0x3000,  <detached ...>\n");
	pt_end(&t);
	CHECK_DONE();
}
