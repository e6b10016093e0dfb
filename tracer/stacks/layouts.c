// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unwind stage: layouts of code.  A layout is the executable mappings
 * of a process (the files, and where they are loaded), shared by every
 * process that has the same: a fork child has its parent's until it
 * execs or maps code.  Its Dwfl (libdw's view: the files opened, mapped
 * and read) is built only when a stack must be unwound from a copy, or
 * a pc's name is not in the cache yet.  Pcs the kernel unwound, in code
 * named before, are named from the cache by the file and the offset
 * alone: a fork storm's processes, each a new layout (ASLR), open and
 * map no file again (it was most of etrace's time on a fork loop).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gelf.h>

#include "elfguard.h"
#include "tfile.h"
#include "unwind_priv.h"

static char *debuginfo_path;
/* -kk: files and lines, from separate debug info where there is some */
static int want_debuginfo;

void unwind_layouts_debuginfo(int on)
{
	want_debuginfo = on;
}

/*
 * Separate debug info by build-id (under /usr/lib/debug/.build-id), the
 * only lookup that cannot pick a wrong file, and only for -kk.  -k
 * unwinds with .eh_frame and names functions from the binaries' own
 * symbols: libdw falls back to a debug file's .debug_frame for a frame
 * .eh_frame does not unwind (the outermost), decompressing all its DWARF
 * for each process (measured: 10.7 s of etrace's CPU for 10 s of a
 * system-wide --spawns with libc6-dbg installed, 0.23 s without).  Not
 * libdw's standard search either: its last resort, debuginfod, loads
 * libcurl and some 40 libraries into etrace, begins a client per Dwfl
 * and, where DEBUGINFOD_URLS is set (as Debian's profile.d does),
 * downloads from the network in the middle of a trace.
 */
static int find_debuginfo(Dwfl_Module *mod, void **userdata,
			  const char *modname, GElf_Addr base,
			  const char *file_name, const char *debuglink_file,
			  GElf_Word debuglink_crc, char **debuginfo_file_name)
{
	if (!want_debuginfo)
		return -1;
	return dwfl_build_id_find_debuginfo(mod, userdata, modname, base,
					    file_name, debuglink_file,
					    debuglink_crc, debuginfo_file_name);
}

static const Dwfl_Callbacks offline_cbs = {
	.find_elf = dwfl_build_id_find_elf,
	.find_debuginfo = find_debuginfo,
	.section_address = dwfl_offline_section_address,
	.debuginfo_path = &debuginfo_path,
};

static void layout_put(struct layout *l)
{
	if (!l || --l->refs > 0)
		return;
	*l->pprev = l->next;
	if (l->next)
		l->next->pprev = l->pprev;
	for (int i = 0; i < l->nmods; i++)
		if (l->mods[i].raw)
			elfguard_del(l->mods[i].raw);
	if (l->dwfl)
		dwfl_end(l->dwfl);
	for (int i = 0; i < l->nmods; i++)
		free(l->mods[i].path);
	free(l);
}

static void pstate_free(void *v)
{
	struct pstate *ps = v;

	if (!ps)
		return;
	layout_put(ps->lay);
	jitmap_free(&ps->jit);
	free(ps);
}

static uint64_t sig_add(uint64_t h, const void *p, size_t n)
{
	const unsigned char *c = p;

	while (n--)
		h = (h ^ *c++) * 0x100000001b3ull;
	return h;
}

/* the modules of pm's code mappings, into l->mods (room for pm->n) */
static void layout_mods(const struct proc_maps *pm, struct layout *l)
{
	uint64_t h = 0xcbf29ce484222325ull;

	l->nmods = 0;
	for (int i = 0; i < pm->n; i++) {
		const struct map *m = &pm->m[i];
		struct lmod *d = &l->mods[l->nmods];
		int seen = 0;

		if (!(m->prot & PROT_EXEC) || !m->path)
			continue;
		for (int j = 0; j < l->nmods && !seen; j++)
			seen = !strcmp(l->mods[j].path, m->path);
		if (seen)
			continue;
		/* pm's: layout_get copies it when the layout is kept */
		memset(d, 0, sizeof(*d));
		d->path = m->path;
		d->start = m->start;
		d->end = m->end;
		d->bias = m->start - m->pgoff;
		d->dev = m->dev;
		d->ino = m->ino;
		h = sig_add(h, m->path, strlen(m->path) + 1);
		h = sig_add(h, &d->bias, sizeof(d->bias));
		h = sig_add(h, &d->ino, sizeof(d->ino));
		l->nmods++;
	}
	l->sig = h;
}

static int layout_same(const struct layout *a, const struct layout *b)
{
	if (a->sig != b->sig || a->nmods != b->nmods)
		return 0;
	for (int i = 0; i < a->nmods; i++)
		if (a->mods[i].bias != b->mods[i].bias ||
		    a->mods[i].dev != b->mods[i].dev ||
		    a->mods[i].ino != b->mods[i].ino ||
		    strcmp(a->mods[i].path, b->mods[i].path))
			return 0;
	return 1;
}

/*
 * The file st is, as the name caches of its frames know it (the
 * module's user data): path, device, inode, change time and size.  A
 * file rewritten in place or put at the path of another is another
 * file: the path alone named a new build's frames with the old one's
 * functions.  NULL (nothing cached) when it cannot be said.
 */
static const char *module_ident(struct unwinder *u, const char *path,
				const struct stat *st)
{
	char id[4096 + 128];

	if ((size_t)snprintf(id, sizeof(id), "%s\n%llx:%llx:%lld.%09ld:%lld",
			     path, (unsigned long long)st->st_dev,
			     (unsigned long long)st->st_ino,
			     (long long)st->st_ctim.tv_sec, st->st_ctim.tv_nsec,
			     (long long)st->st_size) >= sizeof(id))
		return NULL;
	return unwind_intern_in(u->symcache, id);
}

/* where a file's module lies, by its ident: the slot (open addressing
   would need deletions; a slot is overwritten, the cache is a hint) */
static struct modgeo *geo_slot(struct symcache *sc, const char *ident)
{
	return &sc->geo[((uintptr_t)ident >> 4) % GEO_SLOTS];
}

/*
 * What libdw said of module mod (reported with d's bias): its start,
 * and the size of its range, kept by file.  An ET_EXEC file is where
 * its program headers say, whatever bias it was given.
 */
static void geo_learn(struct symcache *sc, const char *ident,
		      const struct lmod *d, Dwfl_Module *mod)
{
	struct modgeo *g = geo_slot(sc, ident);
	Dwarf_Addr start, end, bias;
	GElf_Ehdr eh;
	Elf *elf;

	if (!dwfl_module_info(mod, NULL, &start, &end, NULL, NULL, NULL,
			      NULL) || end <= start)
		return;
	elf = dwfl_module_getelf(mod, &bias);
	if (!elf || !gelf_getehdr(elf, &eh))
		return;
	g->ident = ident;
	g->fixed = eh.e_type == ET_EXEC;
	g->start = g->fixed ? start : start - d->bias;
	g->len = end - start;
}

/*
 * Each module's file, given to libdw as an fd etrace opened (tfile.c:
 * the mapped inode, never a FIFO, device or swapped file), never as a
 * path it would open itself.  A file that cannot be opened so is left
 * out: its frames show as the mapping's path and offset, and a stack
 * through it ends there, cut.
 */
static void layout_report(struct unwinder *u, struct layout *l, pid_t pid)
{
	dwfl_report_begin(l->dwfl);
	for (int i = 0; i < l->nmods; i++) {
		struct lmod *d = &l->mods[i];
		int fd = tfile_open_mapped(pid, d->start, d->end, d->path,
					   d->dev, d->ino);
		const char *ident;
		Dwfl_Module *mod;
		Dwarf_Addr bias;
		struct stat st;
		size_t size = 0;
		void **ud;
		Elf *elf;

		d->raw = NULL;
		if (fd < 0)
			continue;
		ident = fstat(fd, &st) ? NULL : module_ident(u, d->path, &st);
		/* (the file libdw reads: the one its names are cached for) */
		d->ident = ident;
		d->ident_done = 1;
		/* libdw owns the fd once it took the module */
		mod = dwfl_report_elf(l->dwfl, d->path, d->path, fd, d->bias,
				      false);
		if (!mod) {
			close(fd);
			continue;
		}
		if (dwfl_module_info(mod, &ud, NULL, NULL, NULL, NULL, NULL,
				     NULL))
			*ud = (void *)ident;
		if (ident)
			geo_learn(u->symcache, ident, d, mod);
		/* its mapping of the file, which the file's owner may shrink */
		elf = dwfl_module_getelf(mod, &bias);
		d->raw = elf ? elf_rawfile(elf, &size) : NULL;
		if (d->raw && elfguard_add(d->raw, size))
			d->raw = NULL;
	}
	dwfl_report_end(l->dwfl, NULL, NULL);
}

/* pm's layout, found among those in use or made; a reference to it */
static struct layout *layout_get(struct unwinder *u,
				 const struct proc_maps *pm)
{
	struct layout *l = malloc(sizeof(*l) + sizeof(l->mods[0]) * (size_t)pm->n);
	struct layout **b;

	if (!l)
		return NULL;
	layout_mods(pm, l);
	b = &u->layouts[l->sig % UNWIND_LAYOUT_BUCKETS];
	for (struct layout *o = *b; o; o = o->next) {
		if (layout_same(o, l)) {
			free(l);
			o->refs++;
			return o;
		}
	}
	/* a new layout: its own copies of the paths (its Dwfl: later) */
	for (int i = 0; i < l->nmods; i++) {
		char *path = strdup(l->mods[i].path);

		if (!path) {
			while (i < l->nmods)
				l->mods[i++].path = NULL;
			break;
		}
		l->mods[i].path = path;
	}
	l->dwfl = NULL;
	l->reported = 0;
	l->refs = 1;
	l->attached = 0;
	l->next = *b;
	l->pprev = b;
	if (*b)
		(*b)->pprev = &l->next;
	*b = l;
	if (l->nmods && !l->mods[l->nmods - 1].path) {
		layout_put(l);
		return NULL;
	}
	u->nlayouts++;
	return l;
}

/* the process's layout, looked up again when its code mappings changed */
struct layout *unwind_layout_of(struct unwinder *u, struct proc_maps *pm)
{
	struct pstate *ps = pm->unwind;

	if (ps && ps->gen == pm->gen && ps->lay)
		return ps->lay;
	if (!ps) {
		ps = calloc(1, sizeof(*ps));
		if (!ps)
			return NULL;
		ps->jit.size = -1;
		pm->unwind = ps;
		pm->unwind_free = pstate_free;
	}
	layout_put(ps->lay);
	ps->lay = layout_get(u, pm);
	ps->gen = pm->gen;
	return ps->lay;
}

Dwfl *unwind_layout_dwfl(struct unwinder *u, struct layout *l, pid_t pid)
{
	if (!l || l->reported)
		return l ? l->dwfl : NULL;
	l->reported = 1;
	l->dwfl = dwfl_begin(&offline_cbs);
	if (l->dwfl) {
		u->ndwfls++;
		layout_report(u, l, pid);
	}
	return l->dwfl;
}

int unwind_layout_where(struct unwinder *u, struct layout *l, pid_t pid,
			const struct map *m, uint64_t at, const char **ident,
			const char **path, uint64_t *start)
{
	const struct modgeo *g;
	struct lmod *d = NULL;
	struct stat st;
	uint64_t s;

	if (!l || !m->path)
		return -1;
	/* (the inode first: a process may map hundreds of files) */
	for (int i = 0; i < l->nmods && !d; i++)
		if (l->mods[i].ino == m->ino && l->mods[i].dev == m->dev &&
		    !strcmp(l->mods[i].path, m->path))
			d = &l->mods[i];
	if (!d)
		return -1;
	if (!d->ident_done) {
		d->ident_done = 1;
		d->ident = tfile_stat_mapped(pid, d->start, d->end, d->path,
					     d->dev, d->ino, &st) ? NULL :
			   module_ident(u, d->path, &st);
	}
	if (!d->ident)
		return -1;
	g = geo_slot(u->symcache, d->ident);
	if (g->ident != d->ident)
		return -1;
	s = g->fixed ? g->start : d->bias + g->start;
	if (at < s || at - s >= g->len)
		return -1;
	*ident = d->ident;
	*path = d->path;
	*start = s;
	return 0;
}
