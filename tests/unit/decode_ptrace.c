// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: ptrace shows the arguments its request uses, as strace 6.1
 * does (its ptrace.c): none after PTRACE_TRACEME, the pid alone for
 * PTRACE_ATTACH and PTRACE_KILL, a signal as PTRACE_CONT's data, options
 * for PTRACE_SEIZE, and the word PTRACE_PEEKDATA writes at exit.
 */
#include <signal.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>

#include "check_decode.h"

int main(void)
{
	uint64_t word = 0xfeedfacecafef00dULL;
	struct cap k = CAP(&word, 8);
	struct sc_call c;

	c = CALL(SYS_ptrace, -1, PTRACE_TRACEME, 1, 2, 3);
	CHECK_STR(run(&c), "ptrace(PTRACE_TRACEME) = -1 EPERM (Operation not "
		  "permitted)");
	c = CALL(SYS_ptrace, -3, PTRACE_ATTACH, 123, 0x1000, 0x2000);
	CHECK_STR(run(&c), "ptrace(PTRACE_ATTACH, 123) = -1 ESRCH (No such "
		  "process)");
	c = CALL(SYS_ptrace, -3, PTRACE_KILL, 0xdeadbeef0000007bULL, 1, 2);
	CHECK_STR(run(&c), "ptrace(PTRACE_KILL, 123) = -1 ESRCH (No such "
		  "process)");
	c = CALL(SYS_ptrace, 0, PTRACE_CONT, 123, 0, SIGUSR1);
	CHECK_STR(run(&c), "ptrace(PTRACE_CONT, 123, NULL, SIGUSR1) = 0");
	c = CALL(SYS_ptrace, 0, PTRACE_DETACH, 123, 0x1000, 0);
	CHECK_STR(run(&c), "ptrace(PTRACE_DETACH, 123, 0x1000, 0) = 0");
	c = CALL(SYS_ptrace, 0, PTRACE_SEIZE, 123, 0,
		 PTRACE_O_TRACESYSGOOD | PTRACE_O_EXITKILL);
	CHECK_STR(run(&c), "ptrace(PTRACE_SEIZE, 123, NULL, "
		  "PTRACE_O_TRACESYSGOOD|PTRACE_O_EXITKILL) = 0");
	c = CALL(SYS_ptrace, 0, PTRACE_PEEKDATA, 123, 0x1000, 0x2000);
	c.cap_out[3] = &k;
	CHECK_STR(run(&c), "ptrace(PTRACE_PEEKDATA, 123, 0x1000, "
		  "[0xfeedfacecafef00d]) = 0");
	CHECK_STR(run_entry(&c), "ptrace(PTRACE_PEEKDATA, 123, 0x1000, ");
	c = CALL(SYS_ptrace, -3, PTRACE_PEEKDATA, 123, 0x1000, 0x2000);
	CHECK_STR(run(&c), "ptrace(PTRACE_PEEKDATA, 123, 0x1000, 0x2000) = -1 "
		  "ESRCH (No such process)");
	c = CALL(SYS_ptrace, -3, PTRACE_GETREGSET, 123, 1, 0x2000);
	CHECK_STR(run(&c), "ptrace(PTRACE_GETREGSET, 123, NT_PRSTATUS, 0x2000) "
		  "= -1 ESRCH (No such process)");
	CHECK_DONE();
}
