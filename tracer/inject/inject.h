/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Injection: strace's -e inject= and -e fault=, without ptrace.  The
 * command etrace starts installs, just before its execve, a seccomp
 * filter that hands each call of the injected set to etrace (a user
 * notification, SECCOMP_RET_USER_NOTIF); etrace answers from its loop:
 * the call runs (SECCOMP_USER_NOTIF_FLAG_CONTINUE), or it is skipped and
 * returns the error or value asked; a signal asked is sent by the kernel
 * (cap_inject.bpf.c: SI_KERNEL, as strace's restart sends it), pending
 * as the call begins.  The call's line, written by the BPF program at
 * its exit (a skipped call never reaches sys_enter: cap.bpf.h), gets
 * strace's " (INJECTED)" here, from marks the answers leave.
 *
 * Only calls of the traced tasks are injected (the command; with -f its
 * descendants), each counted per thread and syscall for when=, as
 * strace counts them.  The command's own execve never is (strace's
 * neither).
 */
#ifndef ETRACE_INJECT_H
#define ETRACE_INJECT_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "decode.h"

/* what is done to a call of the set */
#define INJ_ERROR	1	/* skipped, fails with -val */
#define INJ_RETVAL	2	/* skipped, returns val */
#define INJ_SIGNAL	4	/* signo sent to the thread before it returns */

#define INJ_LAST_INF	0xffff	/* when=F+: no last */

/*
 * One syscall's rule, strace's when= counters: the first-th call is
 * injected, then every step-th, up to the last-th (counted from 1 per
 * thread); step 0: only the first-th.
 */
struct inject_rule {
	uint16_t first, last, step;
	uint8_t flags;			/* INJ_*; 0: the syscall has none */
	uint8_t signo;
	uint8_t pure;			/* syscall= given (the parser's) */
	int64_t val;			/* errno (> 0) or the value returned */
};

/* the rules by syscall number (INJ_NR_MAX of them) */
#define INJ_NR_MAX 1024
struct inject_rules {
	struct inject_rule *by_nr;	/* NULL: nothing injected */
	int n;				/* syscalls with a rule */
};

/*
 * -e inject=SET:... (fault 0) or -e fault=SET:... (fault 1), strace's
 * syntax: error=, retval=, signal=, when=, syscall= (a pure call, which
 * a skip equals).  0, or -1 with a one-line message in err.  delay_*
 * and poke_* are refused by name.
 */
int inject_parse(struct inject_rules *r, const char *arg, int fault,
		 char *err, size_t errlen);
void inject_rules_free(struct inject_rules *r);

/*
 * The filter the command installs, as a cBPF program: the calls of the
 * set go to etrace; but the child's own before its exec, made by
 * launch's syscall stub (whose return address is ip) with cookie in the
 * sixth argument register, run.  The program is malloc'ed (*len
 * instructions); NULL on ENOMEM.
 */
struct sock_filter;
struct sock_filter *inject_filter(const struct inject_rules *r,
				  uint64_t ip, uint64_t cookie,
				  unsigned short *len);

/* the supervisor */
struct injector;
/*
 * fd: the filter's listener (owned from now on); child: the command
 * (its calls before its exec are let run); follow: its descendants are
 * traced (-f), else the command's first thread alone is
 */
struct injector *inject_new(const struct inject_rules *r, int fd,
			    pid_t child, int follow);
/* answer every notification pending; 0, or -errno when the fd failed */
int inject_serve(struct injector *in);
int inject_fd(const struct injector *in);
/*
 * signal=: sent by the kernel from now on (as strace's: si_code
 * SI_KERNEL), through the map of capture_inject_fd: a thread's signal
 * left there before its call goes on.  fd -1: etrace sends them (tkill,
 * SI_TKILL), pending as the call begins all the same.
 */
void inject_kernel_signals(struct injector *in, int fd);
/*
 * The call tid ended at `time` (CLOCK_MONOTONIC ns) with syscall nr,
 * skipped by a seccomp filter (its entry written at its exit) or not:
 * INJECTED_ERROR or INJECTED_VALUE (decode.h) when it was one etrace
 * injected, else 0.  Every exit of the traced threads is asked, in time
 * order.
 */
int inject_was(struct injector *in, pid_t tid, long nr, uint64_t time,
	       int skipped);
/* tid is gone: its counters and marks too (a new thread may reuse it) */
void inject_forget(struct injector *in, pid_t tid);
/* calls injected so far */
uint64_t inject_count(const struct injector *in);
/*
 * etrace stops tracing with tasks still under the filter: a process of
 * its own takes the listener and lets every call run until no task
 * uses the filter, so that nothing is injected (and no call fails with
 * ENOSYS, as it would with the listener closed) once the trace ended.
 */
void inject_hand_off(struct injector *in);
void inject_free(struct injector *in);

#endif
