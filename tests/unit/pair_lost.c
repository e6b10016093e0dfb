// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Pairing and the text sink when records are lost: the loss is said where
 * it happened ("+++ lost N records on cpu C +++", or "at the end"), a line
 * it cuts ends "<unfinished ...>", a call whose exit was lost ends "= ?"
 * when its task's next call begins, and an exit without its entry comes
 * back "<... name resumed>" with no arguments (they were not seen).
 */
#include <sys/syscall.h>

#include "check_pair.h"

int main(void)
{
	struct ptest t;
	pid_t a = PT_TID0;

	pt_start(&t, "-f", NULL);
	pt_task(&t, a, a, "main");
	pt_enter(&t, a, SYS_getppid, 0, 0, 0);
	t.sink->ops->lost(t.sink, 0, 3, pt_tick(&t));
	/* getppid's exit was among them: getpid's entry ends it */
	pt_enter(&t, a, SYS_getpid, 0, 0, 0);
	pt_exit(&t, a, SYS_getpid, a);
	/* an exit whose entry was lost */
	pt_exit(&t, a, SYS_close, 0);
	t.sink->ops->lost(t.sink, 1, 1, pt_tick(&t));
	/* counted by the events at the end, never said by a ring */
	t.sink->ops->lost(t.sink, -1, 2, pt_tick(&t));
	CHECK_STR(pt_text(&t),
		  "4200001 getppid( <unfinished ...>\n"
		  "+++ lost 3 records on cpu 0 +++\n"
		  "4200001 <... getppid resumed>)          = ?\n"
		  "4200001 getpid()                        = 4200001\n"
		  "4200001 <... close resumed>)            = 0\n"
		  "+++ lost 1 record on cpu 1 +++\n"
		  "+++ lost 2 records at the end +++\n");
	pt_end(&t);

	/* an exit of another syscall than the open one: both halves lost */
	pt_start(&t, NULL);
	pt_task(&t, a, a, "main");
	pt_enter(&t, a, SYS_dup, 1, 0, 0);
	pt_exit(&t, a, SYS_close, 0);
	CHECK_STR(pt_text(&t),
		  "dup(1)                                  = ?\n"
		  "<... close resumed>)                    = 0\n");
	pt_end(&t);
	CHECK_DONE();
}
