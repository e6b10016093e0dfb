/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unwind stage, inside: what unwind.c (pcs) and symbols.c (frames) share.
 */
#ifndef ETRACE_UNWIND_PRIV_H
#define ETRACE_UNWIND_PRIV_H

#include <elfutils/libdwfl.h>

#include "jitmap.h"
#include "unwind.h"

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
};

/*
 * The one copy of s in sc, or NULL when the table is full (it is
 * bounded) or out of memory.
 */
const char *unwind_intern_in(struct symcache *sc, const char *s);
/* pm's Dwfl (its layout's), built when its code mappings changed */
Dwfl *unwind_dwfl_of(struct unwinder *u, struct proc_maps *pm);

#endif
