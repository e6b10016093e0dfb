// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Pairing and the text sink: how tasks end.  A task that dies in a call
 * ends it "= ?"; its exit line says the code (from exit_group's argument,
 * or the status the BPF program read at its exit), the fatal signal it
 * dequeued, or that etrace cannot tell; -qq leaves the exit lines out.
 */
#include <signal.h>
#include <sys/syscall.h>

#include "check_pair.h"

static void exit_record(struct ptest *t, pid_t tid, int status)
{
	struct cap_exit e = { .magic = CAP_MAGIC_EXIT, .tid = tid,
			      .tgid = tid, .exit_code = status,
			      .group_dead = 1 };

	pt_capture(t, tid, &e, sizeof(e));
}

int main(void)
{
	struct ptest t;
	pid_t a = PT_TID0, b = PT_TID0 + 1, c = PT_TID0 + 2;

	/* without BPF: exit_group's argument, the fatal signal, unknown */
	pt_start(&t, "-f", NULL);
	pt_task(&t, a, a, "main");
	pt_task(&t, b, b, "victim");
	pt_task(&t, c, c, "gone");
	pt_enter(&t, a, SYS_exit_group, 3, 0, 0);
	ends_task_exit(&t.pr, a, a, pt_tick(&t));
	pt_enter(&t, b, SYS_pause, 0, 0, 0);
	ends_signal(&t.pr, b, b, SIGTERM, 0, SI_USER, 0, pt_tick(&t));
	ends_task_exit(&t.pr, b, b, pt_tick(&t));
	ends_task_exit(&t.pr, c, c, pt_tick(&t));
	CHECK_STR(pt_text(&t),
		  "4200001 exit_group(3)                   = ?\n"
		  "4200001 +++ exited with 3 +++\n"
		  "4200002 pause( <unfinished ...>\n"
		  "4200002 --- SIGTERM {si_signo=SIGTERM, si_code=0, ...} ---\n"
		  "4200002 <... pause resumed>)            = ?\n"
		  "4200002 +++ killed by SIGTERM +++\n"
		  "4200003 +++ exited (status unknown) +++\n");
	pt_end(&t);

	/* with BPF: the wait status, read at the task's exit */
	pt_start(&t, NULL);
	pt_task(&t, a, a, "main");
	t.pr.bpf_exits = 1;
	pt_enter(&t, a, SYS_exit_group, 0, 0, 0);
	exit_record(&t, a, SIGSEGV | 0x80);
	ends_task_exit(&t.pr, a, a, pt_tick(&t));
	CHECK_STR(pt_text(&t),
		  "exit_group(0)                           = ?\n"
		  "+++ killed by SIGSEGV (core dumped) +++\n");
	pt_end(&t);

	/* -qq: no exit lines */
	pt_start(&t, "-qq", NULL);
	pt_task(&t, a, a, "main");
	pt_enter(&t, a, SYS_exit_group, 1, 0, 0);
	ends_task_exit(&t.pr, a, a, pt_tick(&t));
	CHECK_STR(pt_text(&t), "exit_group(1)                           = ?\n");
	pt_end(&t);
	CHECK_DONE();
}
