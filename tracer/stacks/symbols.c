// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unwind stage: the frames of unwound pcs, named.  Symbols come from the
 * binaries' own tables (cached per module and offset), from separate
 * debug info with -kk (files, lines, inlined frames), and for code a JIT
 * wrote from its /tmp/perf-PID.map.  A pc no symbol covers prints as
 * module+offset: the nearest symbol before it is a different function.
 * A pc in no code, or on a data symbol, is no frame: the stack ends
 * there, cut, and says so.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include <dwarf.h>
#include <elfutils/libdw.h>

#include "unwind_priv.h"

/*
 * The module's path, interned, by its file's ident (interned too: one
 * pointer per file, never freed) without hashing the path again at
 * every frame (it was ~15% of -k's CPU on a storm).  An ident is the
 * path, a newline and numbers only (module_ident), so it names one
 * path; without one, the path is interned as it is.
 */
static const char *module_name(struct symcache *sc, const char *ident,
			       const char *path)
{
	struct modname *m;

	if (!ident)
		return unwind_intern_in(sc, path);
	m = &sc->modnames[((uintptr_t)ident >> 4) % MODNAME_SLOTS];
	if (m->ident != ident) {
		const char *s = unwind_intern_in(sc, path);

		if (!s)
			return NULL;
		m->ident = ident;
		m->path = s;
	}
	return m->path;
}

/* the cache's slot for the file's (ident's) offset */
static struct symslot *sym_slot(struct symcache *sc, const char *ident,
				uint64_t reloff)
{
	uint64_t key = (uint64_t)(uintptr_t)ident * 31 + reloff;

	return &sc->slots[(key * 0x9E3779B97F4A7C15ull >> 40) &
			  (sc->nslots - 1)];
}

/*
 * f's symbol.  Returns 1 when pc is on a data symbol (an object: no
 * code, so no frame), else 0.
 */
static int symbol(struct unwinder *u, Dwfl_Module *mod, const char *path,
		  uint64_t pc, uint64_t base, struct frame *f)
{
	/* path: the file's ident (layouts.c), the cache's key */
	struct symcache *sc = u->symcache;
	struct symslot *s = sym_slot(sc, path, pc - base);
	GElf_Off off = 0;
	GElf_Sym sym;
	const char *name;
	int data;

	/* (a module not interned has no key: looked up, not cached) */
	if (path && s->module == path && s->reloff == pc - base) {
		f->sym = s->sym;
		f->symoff = s->symoff;
		return s->data;
	}
	name = dwfl_module_addrinfo(mod, pc, &off, &sym, NULL, NULL, NULL);
	/* a symbol of known size that ends before pc is a neighbour */
	if (name && sym.st_size && off >= sym.st_size)
		name = NULL;
	data = name && (GELF_ST_TYPE(sym.st_info) == STT_OBJECT ||
			GELF_ST_TYPE(sym.st_info) == STT_TLS ||
			GELF_ST_TYPE(sym.st_info) == STT_COMMON);
	/* "write@@GLIBC_2.2.5": the function is "write" */
	if (name && strchr(name, '@')) {
		char plain[256];

		snprintf(plain, sizeof(plain), "%.*s", (int)strcspn(name, "@"),
			 name);
		f->sym = unwind_intern_in(sc, plain);
	} else {
		f->sym = unwind_intern_in(sc, name);
	}
	f->symoff = name && f->sym ? off : 0;
	if (!path)
		return data;
	s->module = path;
	s->reloff = pc - base;
	s->sym = f->sym;
	s->symoff = f->symoff;
	s->data = data;
	return data;
}

/* -kk: the source line, and the functions inlined at pc (innermost first) */
static int inline_frames(struct unwinder *u, Dwfl_Module *mod, uint64_t pc,
			 struct frame *base, struct frame *out, int max)
{
	struct symcache *sc = u->symcache;
	Dwarf_Addr bias = 0;
	Dwarf_Die *cu = dwfl_module_addrdie(mod, pc, &bias);
	Dwfl_Line *line = dwfl_module_getsrc(mod, pc);
	Dwarf_Die *scopes = NULL;
	const char *file = NULL;
	int lineno = 0, n = 0, nscopes;

	if (line)
		file = dwfl_lineinfo(line, NULL, &lineno, NULL, NULL, NULL);
	if (!cu) {
		*out = *base;
		out->file = unwind_intern_in(sc, file);
		out->line = lineno;
		return 1;
	}
	nscopes = dwarf_getscopes(cu, pc - bias, &scopes);
	/*
	 * Scopes go from the innermost out.  Each inlined subroutine is a
	 * frame at the current file:line; its call site is where the next
	 * one out is.
	 */
	for (int i = 0; i < nscopes && n < max - 1; i++) {
		Dwarf_Die *d = &scopes[i];
		Dwarf_Attribute a;
		Dwarf_Word w;
		Dwarf_Files *files;
		const char *name;

		if (dwarf_tag(d) != DW_TAG_inlined_subroutine)
			continue;
		name = dwarf_diename(d);
		if (!name) {
			Dwarf_Die origin;

			if (dwarf_attr(d, DW_AT_abstract_origin, &a) &&
			    dwarf_formref_die(&a, &origin))
				name = dwarf_diename(&origin);
		}
		out[n] = *base;
		out[n].sym = unwind_intern_in(sc, name);
		out[n].symoff = 0;
		out[n].file = unwind_intern_in(sc, file);
		out[n].line = lineno;
		out[n].inlined = 1;
		n++;
		/* the caller's position: this inlined call's site */
		file = NULL;
		lineno = 0;
		if (dwarf_attr(d, DW_AT_call_file, &a) && !dwarf_formudata(&a, &w) &&
		    !dwarf_getsrcfiles(cu, &files, NULL))
			file = dwarf_filesrc(files, w, NULL, NULL);
		if (dwarf_attr(d, DW_AT_call_line, &a) && !dwarf_formudata(&a, &w))
			lineno = (int)w;
	}
	free(scopes);
	out[n] = *base;
	out[n].file = unwind_intern_in(sc, file);
	out[n].line = lineno;
	return n + 1;
}

/*
 * inline_frames, cached per file (ident) and offset: looking a pc up
 * in the debug info costs ~100 us, and a storm asks for the same pcs
 * again and again.  A pc with more frames than a slot holds, or than
 * there was room for, is not kept.  Without mod (no Dwfl asked for),
 * the cache's frames or -1.
 */
static int line_frames(struct unwinder *u, Dwfl_Module *mod,
		       const char *ident, uint64_t pc, uint64_t base,
		       struct frame *f, struct frame *out, int max)
{
	struct symcache *sc = u->symcache;
	uint64_t reloff = pc - base;
	uint64_t key = (uint64_t)(uintptr_t)ident * 31 + reloff;
	struct lineslot *s;
	int n;

	if (!sc->lines && ident)
		sc->lines = calloc(LINE_SLOTS, sizeof(*sc->lines));
	if (!ident || !sc->lines)
		return inline_frames(u, mod, pc, f, out, max);
	s = &sc->lines[(key * 0x9E3779B97F4A7C15ull >> 40) & (LINE_SLOTS - 1)];
	if (s->module == ident && s->reloff == reloff && s->n <= max) {
		for (n = 0; n < s->n; n++) {
			out[n] = *f;
			out[n].sym = s->f[n].sym;
			out[n].file = s->f[n].file;
			out[n].line = s->f[n].line;
			out[n].inlined = s->f[n].inlined;
			/* the function's own frame keeps its offset */
			if (s->f[n].inlined)
				out[n].symoff = 0;
		}
		return n;
	}
	if (!mod)
		return -1;
	n = inline_frames(u, mod, pc, f, out, max);
	/* (a list max cut short is not the pc's whole list) */
	if (n > LINE_FRAMES || n >= max)
		return n;
	s->module = ident;
	s->reloff = reloff;
	s->n = n;
	for (int j = 0; j < n; j++) {
		s->f[j].sym = out[j].sym;
		s->f[j].file = out[j].file;
		s->f[j].line = out[j].line;
		s->f[j].inlined = out[j].inlined;
	}
	return n;
}

/* the JIT map's names, interned where the frames' names are */
static const char *jit_intern(void *ctx, const char *name)
{
	return unwind_intern_in(ctx, name);
}

/* what each cut says: in text, and in JSON */
static const struct {
	const char *why, *reason;
} cut_names[] = {
	[FRAME_CUT_NO_CFI] = { "no unwind info at", "no_unwind_info" },
	[FRAME_CUT_NOT_CODE] = { "caller not in code", "not_code" },
	[FRAME_CUT_COPY_END] = { "end of the copied stack", "copy_end" },
};

const char *unwind_cut_why(const struct frame *f)
{
	if (f->cut <= FRAME_CUT_NONE || f->cut > FRAME_CUT_COPY_END)
		return NULL;
	return cut_names[f->cut].why;
}

const char *unwind_cut_reason(const struct frame *f)
{
	if (f->cut <= FRAME_CUT_NONE || f->cut > FRAME_CUT_COPY_END)
		return NULL;
	return cut_names[f->cut].reason;
}

/*
 * A frame named from the caches alone, no Dwfl built (layouts.c): pc,
 * at, in mapping m of pm's layout l, into out (room frames).  The
 * number of frames, 0 when libdw must be asked, or -1 when pc is on a
 * data symbol (no frame).
 */
static int known_frame(struct unwinder *u, struct layout *l, pid_t pid,
		       const struct map *m, uint64_t pc, uint64_t at,
		       struct frame *out, int room)
{
	struct symcache *sc = u->symcache;
	const char *ident, *path;
	const struct symslot *s;
	struct frame f;
	uint64_t start;
	int n;

	if (unwind_layout_where(u, l, pid, m, at, &ident, &path, &start))
		return 0;
	s = sym_slot(sc, ident, at - start);
	if (s->module != ident || s->reloff != at - start)
		return 0;
	if (s->data)
		return -1;
	memset(&f, 0, sizeof(f));
	f.pc = pc;
	f.module = module_name(sc, ident, path);
	f.reloff = pc - start;
	f.sym = s->sym;
	f.symoff = s->symoff;
	if (f.sym)
		f.symoff += pc - at;
	if (!u->lines) {
		out[0] = f;
		return 1;
	}
	n = line_frames(u, NULL, ident, at, start, &f, out, room);
	return n < 0 ? 0 : n;
}

/* the frame that ends a cut stack, where it was cut (at: the last frame) */
static int cut_frame(int cut, const struct frame *at, struct frame *out)
{
	memset(out, 0, sizeof(*out));
	out->cut = cut;
	if (cut == FRAME_CUT_NO_CFI && at) {
		out->pc = at->pc;
		out->module = at->module;
		out->reloff = at->reloff;
	}
	return 1;
}

int unwind_frames(struct unwinder *u, pid_t pid, const uint64_t *pcs, int n,
		  int cut, struct frame *out, int max)
{
	struct proc_maps *pm = maps_get(u->maps, pid, 1);
	struct layout *lay = pm ? unwind_layout_of(u, pm) : NULL;
	Dwfl *dwfl = NULL;
	int k = 0, last = -1, asked = 0;

	if (max <= 0)
		return 0;
	/* room for the cut frame, the last */
	max--;
	for (int i = 0; i < n && k < max; i++) {
		/*
		 * Frame 0 is where the thread was; the others are return
		 * addresses, just after their call: look the call up.
		 */
		uint64_t at = i ? pcs[i] - 1 : pcs[i];
		const struct map *m = pm ? maps_find(pm, at) : NULL;
		int code = m && (m->prot & PROT_EXEC);
		Dwfl_Module *mod;
		struct frame f;
		Dwarf_Addr base = 0;
		const char *path = NULL, *ident = NULL;
		void **ud = NULL;
		int r;

		memset(&f, 0, sizeof(f));
		f.pc = pcs[i];
		/* named before: no Dwfl (the kernel's pcs need none) */
		r = code ? known_frame(u, lay, pid, m, pcs[i], at, out + k,
				       max - k) : 0;
		if (r < 0) {
			cut = FRAME_CUT_NOT_CODE;
			break;
		}
		if (r > 0) {
			last = k;
			k += r;
			continue;
		}
		if (!asked) {
			dwfl = unwind_layout_dwfl(u, lay, pid);
			asked = 1;
		}
		mod = dwfl ? dwfl_addrmodule(dwfl, at) : NULL;
		if (mod)
			path = dwfl_module_info(mod, &ud, &base, NULL, NULL,
						NULL, NULL, NULL);
		if (path && ud)
			ident = *ud;
		if (!mod || !path) {
			struct pstate *ps = pm ? pm->unwind : NULL;
			const struct jitsym *j = ps && (!m || !m->path ||
				!strncmp(m->path, "//anon", 6) ||
				m->path[0] == '[') ?
				jitmap_find(&ps->jit, pm->pid, at, jit_intern,
					    u->symcache, &path) : NULL;

			if (j) {
				/* a JIT said what is there */
				f.module = unwind_intern_in(u->symcache, path);
				f.sym = j->name;
				f.symoff = pcs[i] - j->start;
				f.reloff = pcs[i];
			} else if (code) {
				/* no ELF (anonymous): the address alone */
				f.module = unwind_intern_in(u->symcache,
							    m->path);
				f.reloff = pcs[i] - (m->start - m->pgoff);
			} else {
				/* in no code known: no frame, the end */
				cut = FRAME_CUT_NOT_CODE;
				break;
			}
			last = k;
			out[k++] = f;
			continue;
		}
		/* a module's data (its r-- or rw- part) is no code */
		if (!code) {
			cut = FRAME_CUT_NOT_CODE;
			break;
		}
		f.module = module_name(u->symcache, ident, path);
		f.reloff = pcs[i] - base;
		/* data is not code: whatever led here was no return address */
		if (symbol(u, mod, ident, at, base, &f)) {
			cut = FRAME_CUT_NOT_CODE;
			break;
		}
		/* the offset printed is the address's, as strace prints it */
		if (f.sym)
			f.symoff += pcs[i] - at;
		last = k;
		if (u->lines)
			k += line_frames(u, mod, ident, at, base, &f, out + k,
					 max - k);
		else
			out[k++] = f;
	}
	if (cut != FRAME_CUT_NONE)
		k += cut_frame(cut, last >= 0 ? &out[last] : NULL, out + k);
	return k;
}
