/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the seccomp family programs (tests/progs/fam_seccomp*.c) share: a
 * filter as a list of rules on the syscall number, installed with
 * seccomp(2) after PR_SET_NO_NEW_PRIVS (both calls are in the traces).
 */
#ifndef FAM_SECCOMP_H
#define FAM_SECCOMP_H

#include <stddef.h>
#include <sys/prctl.h>
#include <linux/filter.h>
#include <linux/seccomp.h>

#include "fam.h"

#define LOAD_NR	BPF_STMT(BPF_LD | BPF_W | BPF_ABS, \
			 offsetof(struct seccomp_data, nr))
/* this number: the action; else on to the next rule */
#define RULE(nr, action) \
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (nr), 0, 1), \
	BPF_STMT(BPF_RET | BPF_K, (action))
#define ALLOW	BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW)

/* 0, or -1 when the filter could not be installed */
static inline int fam_seccomp(struct sock_filter *f, unsigned short n)
{
	struct sock_fprog prog = { n, f };

	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		return -1;
	return sc(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, (long)&prog,
		  0, 0, 0) ? -1 : 0;
}

#endif
