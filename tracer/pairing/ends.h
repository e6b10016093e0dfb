/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Ends stage: how tasks end, and how tracing ends for them, fed by the
 * records stage after pairing: signals shown (and the fatal ones
 * remembered), exits reported from what is known exactly, tasks gone
 * without an EXIT record, the calls left open at detach.
 */
#ifndef ETRACE_ENDS_H
#define ETRACE_ENDS_H

#include <stdint.h>
#include <sys/types.h>

#include "pair.h"

/* signal_deliver's sample (without BPF: no siginfo; ip: -i's, or 0) */
void ends_signal(struct pair *p, pid_t pid, pid_t tid, int sig,
		 uint64_t handler, int code, uint64_t ip, uint64_t time);
/* the BPF programs' records: a signal with its siginfo (struct
   cap_sig), how a task ended (struct cap_exit) */
void ends_signal_record(struct pair *p, pid_t tid, const uint8_t *raw);
void ends_task_status(struct pair *p, const uint8_t *raw);
/* a privileged exec's record (struct cap_exec): the task's trace ends */
void ends_exec_privileged(struct pair *p, const uint8_t *raw);
/* the kernel's EXIT record of a task */
void ends_task_exit(struct pair *p, pid_t pid, pid_t tid, uint64_t time);
/* t's end, reported and t forgotten */
void ends_report_exit(struct pair *p, struct task *t, uint64_t time);
/* an exec's record (its COMM, its execve's end) as pid == tid: a
   thread's execve may have taken the pid of a leader gone before it (its
   task then that thread's); ends_exec_detach calls it */
void ends_takeover(struct pair *p, pid_t pid, pid_t tid);
/* the command was reaped with this wait status */
void ends_child_reaped(struct pair *p, int status, uint64_t time);
/* tasks etrace still believes alive but /proc says are gone */
void ends_reap_vanished(struct pair *p, uint64_t time, uint64_t settled);
/* tracing ends: calls still open end "detached" */
void ends_detach(struct pair *p, uint64_t time);
/*
 * -b execve: the exit of tid's call nr, which returned ret: 1 when it was
 * an exec that ends the process's tracing (ended here: the exit is not
 * pairing's then; the kernel program wrote its last record with it)
 */
int ends_exec_detach(struct pair *p, pid_t tid, long nr, int64_t ret,
		     uint64_t time);

#endif
