/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Kernel stage: what this kernel allows etrace, asked for --version.
 * Each probe leaves nothing behind (a program loaded and closed, a perf
 * event opened disabled and closed) and answers 1 (yes), 0 (no) or
 * -errno when it could not ask (no permission: etrace says so rather
 * than guess); why says what was found, in a few words.
 */
#ifndef ETRACE_PROBE_H
#define ETRACE_PROBE_H

#include <stddef.h>
#include <stdint.h>

/* BPF argument capture: tracepoint programs, ring buffers, kernel BTF */
int probe_bpf(char *why, size_t len);
/* perf's uprobe PMU: a uprobe on path at file offset off, opened on
   etrace itself (no other process is touched), disabled, closed */
int probe_uprobe(const char *path, uint64_t off, char *why, size_t len);
/* an executable's entry point as a file offset (a place for a uprobe) */
int probe_entry_offset(const char *path, uint64_t *off);

#endif
