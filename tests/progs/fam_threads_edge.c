// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_threads.sh, the edges of the thread and
 * loader calls (fam_threads.c makes real threads): arch_prctl's queries
 * and bad codes, set_tid_address, set_robust_list/get_robust_list, rseq
 * with bad lengths, flags and signatures, a raw clone with CLONE_THREAD
 * flags refused, a signal to one thread (blocked, taken back); NULL, an
 * unmapped address (BAD) and a kernel address (KBAD).  Nothing changes
 * the thread's own TLS or registrations; exits 0.
 */
#define _GNU_SOURCE
#include <asm/prctl.h>
#include <linux/sched.h>
#include <signal.h>
#include <string.h>
#include <time.h>

#include "fam.h"

int main(void)
{
	unsigned long v, set = 1UL << (SIGUSR2 - 1);
	struct timespec ts = { 0, 0 };
	void *head;
	size_t len;
	int tid;

	/* arch_prctl: the queries, bad pointers, codes it does not know */
	sc(SYS_arch_prctl, ARCH_GET_FS, (long)&v, 0, 0, 0, 0);
	sc(SYS_arch_prctl, ARCH_GET_GS, (long)&v, 0, 0, 0, 0);
	sc(SYS_arch_prctl, ARCH_GET_FS, (long)BAD, 0, 0, 0, 0);
	sc(SYS_arch_prctl, ARCH_GET_CPUID, 0, 0, 0, 0, 0);
	sc(SYS_arch_prctl, 0x3001 /* ARCH_GET_XCOMP_SUPP */, (long)&v, 0, 0, 0, 0);
	sc(SYS_arch_prctl, 0x9999, 0, 0, 0, 0, 0);
	sc(SYS_arch_prctl, -1, (long)KBAD, 0, 0, 0, 0);

	/* robust lists: a bad length, another task, bad result pointers */
	sc(SYS_get_robust_list, 0, (long)&head, (long)&len, 0, 0, 0);
	sc(SYS_set_robust_list, (long)head, len + 1, 0, 0, 0, 0);
	sc(SYS_set_robust_list, (long)head, 0, 0, 0, 0, 0);
	sc(SYS_get_robust_list, 1, (long)&head, (long)&len, 0, 0, 0);
	sc(SYS_get_robust_list, 0, 0, (long)&len, 0, 0, 0);

	/* rseq: bad length, flags, signature, a second registration */
	sc(SYS_rseq, 0, 0, 0, 0, 0, 0);
	sc(SYS_rseq, (long)BAD, 32, 0, 0x53053053, 0, 0);
	sc(SYS_rseq, (long)BAD, 32, 1, 0x53053053, 0, 0);
	sc(SYS_rseq, (long)BAD, 32, 0xff, 0, 0, 0);
	sc(SYS_rseq, (long)&v, 1, 0, 0, 0, 0);

	/* clone flags the kernel refuses: fail before any task is made */
	sc(SYS_clone, CLONE_THREAD | CLONE_VM, 0, 0, 0, 0, 0);
	sc(SYS_clone, CLONE_SIGHAND, 0, 0, 0, 0, 0);
	sc(SYS_clone, CLONE_NEWPID | CLONE_THREAD | CLONE_VM | CLONE_SIGHAND,
	   (long)BAD, (long)BAD, (long)BAD, 0, 0);

	/* a signal to this thread, blocked first, taken back */
	tid = sc(SYS_gettid, 0, 0, 0, 0, 0, 0);
	sc(SYS_rt_sigprocmask, SIG_BLOCK, (long)&set, 0, 8, 0, 0);
	sc(SYS_tgkill, getpid(), tid, SIGUSR2, 0, 0, 0);
	sc(SYS_tkill, tid, SIGUSR2, 0, 0, 0, 0);
	sc(SYS_rt_sigtimedwait, (long)&set, 0, (long)&ts, 8, 0, 0);
	sc(SYS_rt_sigtimedwait, (long)&set, 0, (long)&ts, 8, 0, 0);
	sc(SYS_rt_sigprocmask, SIG_UNBLOCK, (long)&set, 0, 8, 0, 0);
	sc(SYS_tgkill, 0, tid, 0, 0, 0, 0);
	sc(SYS_tgkill, getpid(), 0x7fffffff, 0, 0, 0, 0);

	/* set_tid_address: what it returns is the tid, NULL accepted */
	sc(SYS_set_tid_address, 0, 0, 0, 0, 0, 0);
	sc(SYS_set_tid_address, (long)BAD, 0, 0, 0, 0, 0);
	sc(SYS_set_tid_address, (long)&tid, 0, 0, 0, 0, 0);
	return 0;
}
