// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Pairing and the text sink: signals.  With BPF the line has the siginfo
 * the kernel delivered; without, what the tracepoint has (signo, code).
 * A signal line cuts another task's half-written line; -e signal= picks
 * which show; SIGKILL shows none (as strace).
 */
#include <signal.h>
#include <sys/syscall.h>

#include "check_pair.h"

static void sig_record(struct ptest *t, pid_t tid, int sig, int code,
		       pid_t from)
{
	struct cap_sig s = { .magic = CAP_MAGIC_SIG, .tid = tid, .sig = sig,
			     .have_info = 1 };
	/* si_signo, si_errno, si_code, (pad), si_pid, si_uid */
	int32_t head[6] = { sig, 0, code, 0, from, 0 };

	memcpy(s.info, head, sizeof(head));
	pt_capture(t, tid, &s, sizeof(s));
}

int main(void)
{
	struct ptest t;
	pid_t a = PT_TID0, b = PT_TID0 + 1;

	/* without BPF: signo and code only */
	pt_start(&t, "-f", NULL);
	pt_task(&t, a, a, "main");
	pt_task(&t, b, a, "worker");
	pt_enter(&t, a, SYS_pause, 0, 0, 0);
	ends_signal(&t.pr, b, b, SIGUSR1, 0x401000, SI_USER, 0, pt_tick(&t));
	ends_signal(&t.pr, a, a, SIGKILL, 0, SI_USER, 0, pt_tick(&t));
	pt_exit(&t, a, SYS_pause, -514);
	CHECK_STR(pt_text(&t),
		  "4200001 pause( <unfinished ...>\n"
		  "4200002 --- SIGUSR1 {si_signo=SIGUSR1, si_code=0, ...} ---\n"
		  "4200001 <... pause resumed>)            = ? ERESTARTNOHAND (To be restarted if no handler)\n");
	pt_end(&t);

	/* with BPF: the whole siginfo; -e signal= leaves SIGUSR2 out */
	pt_start(&t, "-e", "signal=!SIGUSR2", NULL);
	pt_task(&t, a, a, "main");
	t.pr.sig_from_bpf = 1;
	sig_record(&t, a, SIGUSR1, SI_USER, 77);
	sig_record(&t, a, SIGUSR2, SI_USER, 77);
	sig_record(&t, a, SIGKILL, SI_USER, 77);
	CHECK_STR(pt_text(&t),
		  "--- SIGUSR1 {si_signo=SIGUSR1, si_code=SI_USER, si_pid=77, si_uid=0} ---\n");
	pt_end(&t);
	CHECK_DONE();
}
