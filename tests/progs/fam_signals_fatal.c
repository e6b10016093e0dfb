// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_signals.sh: a fatal signal sent by
 * another traced task.  The process vforks: it is then in vfork(2)
 * until the child execs or exits, so the child's signal finds it there
 * every run (no race, nothing to wait for).  By default the child sends
 * SIGTERM (default action: the process dies of it as it is sent, never
 * delivered; strace shows it on the receiver, after its call); with
 * "kill", SIGKILL (its vfork never returns to it: strace prints "= ?").
 * The process is the one the tracers start; it dies of the signal.  It
 * first sends itself SIGWINCH (ignored by default, so shown as it is
 * sent): with -e trace=none its line is the first of both traces, which
 * names the process the same in both.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	int sig = argc > 1 && !strcmp(argv[1], "kill") ? SIGKILL : SIGTERM;
	pid_t me = getpid();

	raise(SIGWINCH);
	if (vfork() == 0) {
		syscall(SYS_kill, me, sig);
		_exit(0);
	}
	return 1;	/* not reached: killed in vfork */
}
