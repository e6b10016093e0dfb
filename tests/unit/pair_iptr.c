// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Pairing and the sinks: -i, strace's "[00007f0123456789] " column, after
 * the pid and -n's number.  A call's line and its resumed half carry the
 * IP of its entry; a delivered signal the IP it was delivered at; one
 * never delivered, sent while the task was in a call, the IP of that
 * call (strace stops for it as the call ends), traced or not; exit lines
 * and whatever has no IP known "[????????????????] ", as strace's exit
 * lines.  JSON: "ip", left out when not known.
 */
#include <signal.h>
#include <sys/syscall.h>

#include "check_pair.h"

/* a signal of tid sent by from (BPF's record) */
static void sent(struct ptest *t, pid_t from, pid_t tid, int sig, int kind,
		 uint64_t ip)
{
	pt_signal(t, from, tid, tid, sig, kind, SI_USER, ip);
}

int main(void)
{
	struct ptest t;
	pid_t a = PT_TID0, b = PT_TID0 + 1;

	/* without BPF: calls split by another task's, a signal, the exits */
	pt_start(&t, "-f", "-i", "-n", NULL);
	pt_task(&t, a, a, "main");
	pt_task(&t, b, b, "worker");
	t.ip = 0x7f3c1a2b3c4dull;
	pt_enter(&t, a, SYS_wait4, (uint64_t)-1, 0, 0);
	t.ip = 0x401000;
	pt_enter(&t, b, SYS_exit_group, 3, 0, 0);
	ends_task_exit(&t.pr, b, b, pt_tick(&t));
	pt_exit(&t, a, SYS_wait4, b);
	ends_signal(&t.pr, a, a, SIGCHLD, 0, 1, 0x7f3c1a2b3c4dull, pt_tick(&t));
	ends_signal(&t.pr, a, a, SIGUSR1, 0, SI_USER, 0, pt_tick(&t));
	CHECK_STR(pt_text(&t),
		  "4200001 [  61] [00007f3c1a2b3c4d] wait4(-1,  <unfinished ...>\n"
		  "4200002 [ 231] [0000000000401000] exit_group(3) = ?\n"
		  "4200002 [ 231] [????????????????] +++ exited with 3 +++\n"
		  "4200001 [  61] [00007f3c1a2b3c4d] <... wait4 resumed>NULL, 0, NULL) = 4200002\n"
		  "4200001 [  61] [00007f3c1a2b3c4d] --- SIGCHLD {si_signo=SIGCHLD, si_code=1, ...} ---\n"
		  "4200001 [  61] [????????????????] --- SIGUSR1 {si_signo=SIGUSR1, si_code=0, ...} ---\n");
	pt_end(&t);

	/*
	 * with BPF: an ignored signal sent to a task in a call is shown at
	 * the call's end, at its IP; to one in an untraced call (its record
	 * came: -i reads every call's), at that call's IP; to one in none,
	 * unknown; a delivered one at the IP read as it was delivered
	 */
	pt_start(&t, "-i", "-e", "trace=pause", NULL);
	pt_task(&t, a, a, "main");
	t.pr.sig_from_bpf = t.pr.bpf_exits = 1;
	t.ip = 0x7f0000001111ull;
	pt_enter(&t, a, SYS_pause, 0, 0, 0);
	sent(&t, b, a, SIGCHLD, CAP_SIG_IGNORED, 0);
	pt_exit(&t, a, SYS_pause, -514);
	t.ip = 0x7f0000002222ull;
	pt_enter(&t, a, SYS_getpid, 0, 0, 0);
	sent(&t, b, a, SIGWINCH, CAP_SIG_IGNORED, 0);
	pt_exit(&t, a, SYS_getpid, a);
	sent(&t, b, a, SIGURG, CAP_SIG_IGNORED, 0);
	sent(&t, b, a, SIGUSR2, CAP_SIG_DELIVERED, 0x7f0000003333ull);
	CHECK_STR(pt_text(&t),
		  "[00007f0000001111] pause()              = ? ERESTARTNOHAND (To be restarted if no handler)\n"
		  "[00007f0000001111] --- SIGCHLD {si_signo=SIGCHLD, si_code=SI_USER, si_pid=4200002, si_uid=0} ---\n"
		  "[00007f0000002222] --- SIGWINCH {si_signo=SIGWINCH, si_code=SI_USER, si_pid=4200002, si_uid=0} ---\n"
		  "[????????????????] --- SIGURG {si_signo=SIGURG, si_code=SI_USER, si_pid=4200002, si_uid=0} ---\n"
		  "[00007f0000003333] --- SIGUSR2 {si_signo=SIGUSR2, si_code=SI_USER, si_pid=4200002, si_uid=0} ---\n");
	pt_end(&t);

	/* -j: "ip" on calls and signals, left out where it is not known */
	pt_start(&t, "-i", "-j", NULL);
	pt_task(&t, a, a, "main");
	t.ip = 0x7f3c1a2b3c4dull;
	pt_enter(&t, a, SYS_getpid, 0, 0, 0);
	pt_exit(&t, a, SYS_getpid, a);
	ends_signal(&t.pr, a, a, SIGUSR1, 0, SI_USER, 0x7f3c1a2b3c4eull,
		    pt_tick(&t));
	ends_signal(&t.pr, a, a, SIGUSR2, 0, SI_USER, 0, pt_tick(&t));
	pt_text(&t);
	CHECK(strstr(t.text, "\"nr\":39,\"ip\":139896113806413,") != NULL);
	CHECK(strstr(t.text, "\"signal\":\"SIGUSR1\",\"ip\":139896113806414,") != NULL);
	CHECK(strstr(t.text, "\"signo\":12,\"signal\"") != NULL);
	pt_end(&t);

	/* without -i: no column, no field */
	pt_start(&t, "-j", NULL);
	pt_task(&t, a, a, "main");
	t.ip = 0x7f3c1a2b3c4dull;
	pt_enter(&t, a, SYS_getpid, 0, 0, 0);
	pt_exit(&t, a, SYS_getpid, a);
	pt_text(&t);
	CHECK(strstr(t.text, "\"ip\"") == NULL);
	pt_end(&t);
	CHECK_DONE();
}
