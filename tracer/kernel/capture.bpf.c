// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, kernel side: what every feature shares, defined once
 * (the maps of cap.bpf.h: the configuration, the traced set, the perf
 * output, the record being built, ring mode's rings).  The features are
 * the other cap_*.bpf.c files:
 *
 *   cap_args.bpf.c     argument memory, copied at the time of the call
 *                      (cap_msg.bpf.c: sockets' messages, buffers and
 *                      addresses; cap_filter.bpf.c: classic BPF filters)
 *   cap_dump.bpf.c     -e read=/write=: the data a call moved
 *   cap_fds.bpf.c      -y: what each fd referred to (cap_fdsets.bpf.c:
 *                      the fds of poll's array and select's sets)
 *   cap_ring.bpf.c     ring mode: the calls themselves, into BPF rings
 *   cap_sum.bpf.c      -c: counts and times kept in the kernel
 *   cap_signal.bpf.c   signals as delivered, and how tasks ended
 *   cap_proc.bpf.c     exec and fork: children traced, privileged execs
 *   cap_bash.bpf.c     --spawns: bash's script lines, by uprobes
 *   cap_target.bpf.c   --comm, --uid, --cgroup: who is traced; -Z, --errno
 */
#define CAP_BPF_SHARED_HERE
#include "cap.bpf.h"
#include "cap_sum.bpf.h"

char LICENSE[] SEC("license") = "GPL";
