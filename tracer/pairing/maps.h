/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Tasks stage: each traced process's file mappings, from the MMAP2
 * records of the trace (seeded from /proc for processes that existed
 * before it).  The unwinder needs the executable ones; strings in
 * read-only file mappings can be read from the file, exactly.
 */
#ifndef ETRACE_MAPS_H
#define ETRACE_MAPS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

struct map {
	uint64_t start, end, pgoff;
	uint32_t prot;			/* PROT_* at mmap time */
	uint32_t flags;			/* MAP_* */
	uint64_t dev, ino;		/* 0 when unknown */
	char *path;			/* NULL for anonymous memory */
};

struct proc_maps {
	pid_t pid;
	struct map *m;			/* sorted by start, not overlapping */
	int n, cap;
	unsigned int gen;		/* bumped when exec mappings change */
	int seeded;			/* from /proc, or traced from exec */
	uint64_t dead_at;		/* when /proc first said it was gone */
	unsigned int mark;		/* a sweep's: a task of it is traced */
	struct proc_maps *hnext;
	void *unwind;			/* the unwinder's state for it */
	void (*unwind_free)(void *);
};

struct maps_table {
	struct proc_maps **b;
	unsigned int nb;
	int no_proc;			/* etrace report: /proc is of another
					   time, only the records' maps count */
};

int maps_init(struct maps_table *mt);
void maps_free(struct maps_table *mt);
/* the maps of pid if etrace has them, or NULL */
struct proc_maps *maps_lookup(struct maps_table *mt, pid_t pid);
/* the maps of pid, created empty (seeded from /proc when seed is set) */
struct proc_maps *maps_get(struct maps_table *mt, pid_t pid, int seed);
/*
 * One line of /proc/PID/maps into m (m->path points into line, which it
 * cuts at the newline, or is NULL).  0, or -1 for a line that is not one.
 */
int maps_parse_line(char *line, struct map *m);
/* pm's mappings from the text of a /proc/PID/maps, added to its own */
void maps_seed_file(struct proc_maps *pm, FILE *f);
/* a new mapping replaces what it overlaps */
void maps_mmap(struct maps_table *mt, pid_t pid, uint64_t start, uint64_t len,
	       uint64_t pgoff, uint32_t prot, uint32_t flags, uint64_t dev,
	       uint64_t ino, const char *path);
/* exec: the process starts with nothing (its new mappings follow) */
void maps_exec(struct maps_table *mt, pid_t pid);
/* a new process starts with a copy of its parent's */
void maps_fork(struct maps_table *mt, pid_t ppid, pid_t pid);
void maps_exit(struct maps_table *mt, pid_t pid);
/* every process's maps for which gone(ctx, pm) says so are freed */
void maps_sweep(struct maps_table *mt, int (*gone)(void *, struct proc_maps *),
		void *ctx);
const struct map *maps_find(const struct proc_maps *pm, uint64_t addr);
/*
 * A NUL-terminated string at addr, from a read-only, private file mapping
 * of pid: the file's bytes are the memory's.  At most max bytes; *trunc
 * when no NUL came within them.  Returns 0, or -1 when addr is not in
 * such a mapping (then nothing exact is known).
 */
int maps_read_str(struct maps_table *mt, pid_t pid, uint64_t addr,
		  uint8_t *buf, size_t max, size_t *len, int *trunc);

#endif
