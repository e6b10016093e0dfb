/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Tasks stage: what /proc says about tasks that existed before the trace
 * (-p, -a).  Everything after comes from the trace's own records.
 */
#ifndef ETRACE_PROC_H
#define ETRACE_PROC_H

#include <sys/types.h>

/* the threads of process pid; -errno (-ESRCH: no such process) */
int proc_tids(pid_t pid, pid_t **tids, int *n);
/* every process (tgid) there is now; -errno */
int proc_pids(pid_t **pids, int *n);
/* the parent of process pid, or -ESRCH */
pid_t proc_ppid(pid_t pid);
/* thread group of tid, or -errno */
pid_t proc_tgid(pid_t tid);
/* comm of tid into comm[16]; 0 or -errno */
int proc_comm(pid_t tid, char comm[16]);
/* is tid alive (not a zombie)? */
int proc_alive(pid_t tid);

#endif
