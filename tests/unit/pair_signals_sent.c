// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Pairing and the text sink: signals that are never delivered, which the
 * BPF program reports where they are sent (in the sender: the record's
 * task is the sender's, the receiver is in the record).  Each line is on
 * the receiver, where strace shows it: after the receiver's call ends
 * (or now if it is in none), before its next line and its exit.  A fatal
 * one ends the other threads' calls "= ?", SIGKILL every thread's, as
 * strace (which never sees those calls return).
 */
#include <signal.h>
#include <sys/syscall.h>

#include "check_pair.h"

/* a signal sent by task from to task tid (group pid) */
static void sent(struct ptest *t, pid_t from, pid_t tid, pid_t pid, int sig,
		 int kind, int code)
{
	pt_signal(t, from, tid, pid, sig, kind, code, 0);
}

int main(void)
{
	struct ptest t;
	pid_t a = PT_TID0, b = PT_TID0 + 1, c = PT_TID0 + 2;
	struct cap_exit ex = { .magic = CAP_MAGIC_EXIT, .tid = a, .tgid = a,
			       .exit_code = SIGHUP, .group_dead = 1 };

	/*
	 * a kills b, which is in a call: b's line after its call's end,
	 * not on a (the sender), not inside b's call
	 */
	pt_start(&t, "-f", NULL);
	pt_task(&t, a, a, "sh");
	pt_task(&t, b, b, "sleep");
	t.pr.sig_from_bpf = t.pr.bpf_exits = 1;
	pt_enter(&t, b, SYS_pause, 0, 0, 0);
	pt_enter(&t, a, SYS_kill, (uint64_t)b, SIGTERM, 0);
	sent(&t, a, b, b, SIGTERM, CAP_SIG_FATAL, SI_USER);
	pt_exit(&t, a, SYS_kill, 0);
	pt_exit(&t, b, SYS_pause, -514);
	CHECK_STR(pt_text(&t),
		  "4200002 pause( <unfinished ...>\n"
		  "4200001 kill(4200002, SIGTERM)          = 0\n"
		  "4200002 <... pause resumed>)            = ? ERESTARTNOHAND (To be restarted if no handler)\n"
		  "4200002 --- SIGTERM {si_signo=SIGTERM, si_code=SI_USER, si_pid=4200001, si_uid=0} ---\n");
	pt_end(&t);

	/*
	 * ignored signals: a receiver in no call shows it now; one in a call
	 * after it, in the order they came; a receiver never seen before is
	 * traced from it (-e trace=none: the signal is its first line)
	 */
	pt_start(&t, "-f", NULL);
	pt_task(&t, a, a, "parent");
	pt_task(&t, b, b, "child");
	t.pr.sig_from_bpf = t.pr.bpf_exits = 1;
	sent(&t, b, a, a, SIGCHLD, CAP_SIG_IGNORED, 1 /* CLD_EXITED */);
	pt_enter(&t, a, SYS_write, 1, 0, 0);
	sent(&t, a, a, a, SIGPIPE, CAP_SIG_IGNORED, SI_USER);
	sent(&t, b, a, a, SIGURG, CAP_SIG_IGNORED, SI_USER);
	pt_enter(&t, b, SYS_getpid, 0, 0, 0);
	pt_exit(&t, b, SYS_getpid, b);
	pt_exit(&t, a, SYS_write, -32);
	sent(&t, b, c, c, SIGWINCH, CAP_SIG_IGNORED, SI_USER);
	CHECK_STR(pt_text(&t),
		  "4200001 --- SIGCHLD {si_signo=SIGCHLD, si_code=CLD_EXITED, si_pid=4200002, si_uid=0, si_status=0, si_utime=0, si_stime=0} ---\n"
		  "4200001 write(1, NULL, 0 <unfinished ...>\n"
		  "4200002 getpid()                        = 4200002\n"
		  "4200001 <... write resumed>)            = -1 EPIPE (Broken pipe)\n"
		  "4200001 --- SIGPIPE {si_signo=SIGPIPE, si_code=SI_USER, si_pid=4200001, si_uid=0} ---\n"
		  "4200001 --- SIGURG {si_signo=SIGURG, si_code=SI_USER, si_pid=4200002, si_uid=0} ---\n"
		  "4200003 --- SIGWINCH {si_signo=SIGWINCH, si_code=SI_USER, si_pid=4200002, si_uid=0} ---\n");
	pt_end(&t);

	/*
	 * a fatal signal to thread a of group a (threads a, b): b's call
	 * ends "= ?" (SIGKILL'd), a's returns; a held line is shown before
	 * its exit even when its call never ends
	 */
	pt_start(&t, "-f", NULL);
	pt_task(&t, a, a, "main");
	pt_task(&t, b, a, "worker");
	pt_task(&t, c, c, "killer");
	t.pr.sig_from_bpf = t.pr.bpf_exits = 1;
	pt_enter(&t, a, SYS_pause, 0, 0, 0);
	pt_enter(&t, b, SYS_read, 0, 0, 1);
	sent(&t, c, a, a, SIGHUP, CAP_SIG_FATAL, SI_USER);
	pt_exit(&t, b, SYS_read, -4);
	pt_capture(&t, a, &ex, sizeof(ex));
	ends_task_exit(&t.pr, a, a, pt_tick(&t));
	CHECK_STR(pt_text(&t),
		  "4200001 pause( <unfinished ...>\n"
		  "4200002 read(0,  <unfinished ...>)      = ?\n"
		  "4200001 <... pause resumed>)            = ?\n"
		  "4200001 --- SIGHUP {si_signo=SIGHUP, si_code=SI_USER, si_pid=4200003, si_uid=0} ---\n"
		  "4200001 +++ killed by SIGHUP +++\n");
	pt_end(&t);

	/* SIGKILL: no line; the calls of every thread of the group "= ?" */
	pt_start(&t, "-f", NULL);
	pt_task(&t, a, a, "main");
	t.pr.sig_from_bpf = t.pr.bpf_exits = 1;
	pt_enter(&t, a, SYS_kill, (uint64_t)a, SIGKILL, 0);
	sent(&t, a, a, a, SIGKILL, CAP_SIG_KILL, SI_USER);
	pt_exit(&t, a, SYS_kill, 0);
	CHECK_STR(pt_text(&t), "4200001 kill(4200001, SIGKILL)          = ?\n");
	pt_end(&t);

	/* -e signal= applies to them too */
	pt_start(&t, "-e", "signal=!SIGCHLD", NULL);
	pt_task(&t, a, a, "main");
	t.pr.sig_from_bpf = t.pr.bpf_exits = 1;
	sent(&t, b, a, a, SIGCHLD, CAP_SIG_IGNORED, 1);
	sent(&t, a, a, a, SIGPIPE, CAP_SIG_IGNORED, SI_USER);
	CHECK_STR(pt_text(&t),
		  "--- SIGPIPE {si_signo=SIGPIPE, si_code=SI_USER, si_pid=4200001, si_uid=0} ---\n");
	pt_end(&t);
	CHECK_DONE();
}
