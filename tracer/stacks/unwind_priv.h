/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unwind stage, inside: what unwind.c (pcs) and symbols.c (frames) share.
 */
#ifndef ETRACE_UNWIND_PRIV_H
#define ETRACE_UNWIND_PRIV_H

#include <elfutils/libdwfl.h>

#include "jitmap.h"
#include "unwind.h"

/*
 * One module of a layout (layouts.c): a file's first executable
 * mapping, which gives its load bias.
 */
struct lmod {
	char *path;
	uint64_t bias, dev, ino;
	uint64_t start, end;		/* that mapping, when it was seen */
	const char *ident;		/* the file's (layouts.c), or NULL */
	int ident_done;			/* ... looked for */
	const void *raw;		/* libdw's mapping of the file, listed
					   in elfguard.c while it is there */
};

/*
 * A layout of code (the modules and where they are loaded), shared by
 * every process that has it, and its Dwfl once one was needed.  Freed
 * with the last process that uses it.
 */
struct layout {
	Dwfl *dwfl;
	uint64_t sig;
	int refs, attached, reported, nmods;
	struct layout *next, **pprev;
	struct lmod mods[];
};

/* what the unwinder keeps per process (proc_maps' unwind pointer) */
struct pstate {
	struct layout *lay;
	unsigned int gen;
	struct jitmap jit;		/* /tmp/perf-PID.map's symbols */
};

/* strings live as long as etrace: frames can point at them */
#define INTERN_SLOTS 65536
#define LINE_SLOTS 8192
#define LINE_FRAMES 8
#define MODNAME_SLOTS 64
#define GEO_SLOTS 1024
struct symcache {
	char *strs[INTERN_SLOTS];
	unsigned int nstrs;
	struct symslot {
		const char *module;	/* the file's ident (unwind.c) */
		uint64_t reloff;
		const char *sym;
		uint64_t symoff;
		int data;
	} *slots;
	unsigned int nslots;
	/* -kk: a pc's frames (its inlined calls, then its function) */
	struct lineslot {
		const char *module;	/* the file's ident, NULL: empty */
		uint64_t reloff;
		int n;
		struct lineframe {
			const char *sym, *file;
			int line, inlined;
		} f[LINE_FRAMES];
	} *lines;			/* LINE_SLOTS, made at the first */
	/* a module's interned path by its file's ident (symbols.c) */
	struct modname {
		const char *ident, *path;
	} modnames[MODNAME_SLOTS];
	/*
	 * Where libdw put a file's module (layouts.c), by its ident: at
	 * start (fixed: an ET_EXEC file's own address; else past the
	 * bias it was given), len bytes
	 */
	struct modgeo {
		const char *ident;
		int fixed;
		uint64_t start, len;
	} geo[GEO_SLOTS];
};

/*
 * The one copy of s in sc, or NULL when the table is full (it is
 * bounded) or out of memory.
 */
const char *unwind_intern_in(struct symcache *sc, const char *s);
/* layouts.c: -kk's separate debug info (read only then) */
void unwind_layouts_debuginfo(int on);
/* pm's layout, looked up again when its code mappings changed; NULL
   when it cannot be made */
struct layout *unwind_layout_of(struct unwinder *u, struct proc_maps *pm);
/* l's Dwfl: its modules reported to libdw (at the first call, with the
   files pid maps), or NULL */
Dwfl *unwind_layout_dwfl(struct unwinder *u, struct layout *l, pid_t pid);
/*
 * Without libdw: the module of l that pc at is in, at is in mapping m
 * (code of a file): its file's ident, its name and its start, as
 * libdw's module says them (learned from a Dwfl that reported the same
 * file, any layout's).  0, or -1 when libdw must be asked.
 */
int unwind_layout_where(struct unwinder *u, struct layout *l, pid_t pid,
			const struct map *m, uint64_t at, const char **ident,
			const char **path, uint64_t *start);

#endif
