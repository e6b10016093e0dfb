// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unwind stage, with libdw.
 *
 * One Dwfl per layout of code (layouts.c: the executable mappings of a
 * process, and of every process that has the same: a fork child and its
 * parent), built and attached (dwfl_attach_state) once; its callbacks
 * read "the current sample": the registers and the stack copy of the
 * event being unwound.  A new Dwfl per sample costs several times more.
 *
 * Every frame is proved: by CFI, or where a pc has none by the leaf rule
 * with a call instruction before its return address (libdw would guess
 * from the frame pointer there: frame_cb stops it first).  What is not
 * proved ends the stack, cut.  The frames' names: symbols.c.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>

#include "callsite.h"
#include "elfguard.h"
#include "unwind_priv.h"

/* the sample being unwound: the callbacks' world */
struct sample {
	pid_t pid;
	const struct proc_maps *pm;
	const uint64_t *regs;
	const uint8_t *stack;
	uint64_t len;
	uint64_t sp;
	uint64_t *pcs;
	int n, max;
	int cut;			/* enum frame_cut */
	/*
	 * A frame with no CFI stops libdw (which would guess from the frame
	 * pointer): its registers, those known (bit i: DWARF register i),
	 * for the leaf rule.  After it, libdw starts again from them: a
	 * return address, given as the call's address (pc - 1), as libdw
	 * looks up the CFI of a caller's frame.
	 */
	int stopped;
	uint64_t r[17];
	uint32_t known;
	int restart;			/* the first frame is r's: recorded */
	/* a read past the copy's end since the last frame: the next one
	   may be there, but was not copied */
	int past_copy;
};

static struct sample *cur;

static unsigned int str_hash(const char *s)
{
	unsigned int h = 2166136261u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

/*
 * The one copy of s, or NULL when the table is full (it is bounded) or
 * out of memory.  Two different strings never share a copy: the symbol
 * cache keys on the pointer.  A name that cannot be kept is not shown
 * (a frame without its symbol prints where it is), never another's.
 */
const char *unwind_intern_in(struct symcache *sc, const char *s)
{
	unsigned int h;

	if (!s)
		return NULL;
	for (h = str_hash(s) & (INTERN_SLOTS - 1); sc->strs[h];
	     h = (h + 1) & (INTERN_SLOTS - 1))
		if (!strcmp(sc->strs[h], s))
			return sc->strs[h];
	if (sc->nstrs >= INTERN_SLOTS * 3 / 4)
		return NULL;
	sc->strs[h] = strdup(s);
	if (sc->strs[h])
		sc->nstrs++;
	return sc->strs[h];
}

const char *unwind_intern(struct unwinder *u, const char *s)
{
	return unwind_intern_in(u->symcache, s);
}

/* x86_64 DWARF register order: AX DX CX BX SI DI BP SP R8..R15 IP */
static const int dwarf_from_perf[17] = {
	0 /* AX */, 3 /* DX */, 2 /* CX */, 1 /* BX */, 4 /* SI */,
	5 /* DI */, 6 /* BP */, 7 /* SP */, 12, 13, 14, 15, 16, 17, 18, 19,
	8 /* IP */,
};

static pid_t next_thread(Dwfl *dwfl, void *arg, void **thread_argp)
{
	if (*thread_argp)
		return 0;
	*thread_argp = arg;
	return cur ? cur->pid : 0;
}

static bool get_thread(Dwfl *dwfl, pid_t tid, void *arg, void **thread_argp)
{
	*thread_argp = arg;
	return true;
}

int unwind_stack_word(const uint8_t *stack, uint64_t len, uint64_t sp,
		      uint64_t addr, uint64_t *word)
{
	if (addr < sp || addr + 8 > sp + len || addr + 8 < addr)
		return -1;
	memcpy(word, stack + (addr - sp), 8);
	return 0;
}

static bool memory_read(Dwfl *dwfl, Dwarf_Addr addr, Dwarf_Word *result,
			void *arg)
{
	uint64_t w;

	/* the stack copy is all the memory there is: never the live process */
	if (!cur)
		return false;
	if (unwind_stack_word(cur->stack, cur->len, cur->sp, addr, &w)) {
		if (addr >= cur->sp + cur->len)
			cur->past_copy = 1;
		return false;
	}
	*result = w;
	return true;
}

static bool set_initial_registers(Dwfl_Thread *thread, void *arg)
{
	Dwarf_Word r[17];

	if (cur->restart) {
		/* the registers known only: libdw stops if it needs another */
		for (int i = 0; i < 17; i++) {
			if (!((cur->known >> i) & 1))
				continue;
			if (!dwfl_thread_state_registers(thread, i, 1,
							 &cur->r[i]))
				return false;
		}
		return true;
	}
	for (int i = 0; i < 17; i++)
		r[i] = cur->regs[dwarf_from_perf[i]];
	return dwfl_thread_state_registers(thread, 0, 17, r);
}

static const Dwfl_Thread_Callbacks thread_cbs = {
	.next_thread = next_thread,
	.get_thread = get_thread,
	.memory_read = memory_read,
	.set_initial_registers = set_initial_registers,
};

/*
 * Whether libdw has CFI for the frame at pc (the address it looks up:
 * the pc of the innermost frame, a return address less one): where it
 * has none it would unwind from the frame pointer, a guess.
 */
static int has_cfi(Dwfl *dwfl, uint64_t pc)
{
	Dwfl_Module *mod = dwfl_addrmodule(dwfl, pc);
	Dwarf_Frame *frame;
	Dwarf_Addr bias;
	Dwarf_CFI *cfi;

	if (!mod)
		return 0;
	cfi = dwfl_module_eh_cfi(mod, &bias);
	if (cfi && !dwarf_cfi_addrframe(cfi, pc - bias, &frame)) {
		free(frame);
		return 1;
	}
	cfi = dwfl_module_dwarf_cfi(mod, &bias);
	if (cfi && !dwarf_cfi_addrframe(cfi, pc - bias, &frame)) {
		free(frame);
		return 1;
	}
	return 0;
}

static int frame_cb(Dwfl_Frame *state, void *arg)
{
	Dwfl *dwfl = dwfl_thread_dwfl(dwfl_frame_thread(state));
	Dwarf_Addr pc, at;
	bool activation;

	/* (reads for the next frame come after: in dwfl_frame_pc, or later) */
	cur->past_copy = 0;
	if (!dwfl_frame_pc(state, &pc, &activation) || !pc)
		return DWARF_CB_ABORT;
	at = activation ? pc : pc - 1;
	if (cur->restart == 1) {
		/* the leaf rule's return address: recorded (as pc + 1) */
		cur->restart = 2;
	} else {
		/*
		 * A return address read from the stack copy that is not in
		 * the process's code is no frame: the stack is not known
		 * past it.
		 */
		if (cur->n) {
			const struct map *m = maps_find(cur->pm, at);

			if (!m || !(m->prot & PROT_EXEC)) {
				cur->cut = FRAME_CUT_NOT_CODE;
				return DWARF_CB_ABORT;
			}
		}
		cur->pcs[cur->n++] = pc;
		if (cur->n >= cur->max)
			return DWARF_CB_ABORT;
	}
	if (has_cfi(dwfl, at))
		return DWARF_CB_OK;
	/* no CFI: stop before libdw guesses; the leaf rule may go on */
	cur->known = 0;
	for (unsigned int i = 0; i < 17; i++)
		if (!dwfl_frame_reg(state, i, &cur->r[i]))
			cur->known |= 1u << i;
	cur->stopped = 1;
	return DWARF_CB_ABORT;
}

/*
 * The leaf rule, at a frame with no CFI: a function that pushed nothing
 * (glibc's clone3 wrapper at its syscall) has its return address at the
 * stack pointer, and its caller's stack pointer 8 above.  Taken only
 * when that address is in an executable file mapping of the process,
 * just after a call instruction in the file: then s->r is the caller's
 * frame (other registers as they were: the function saved none), and
 * 0 is returned.  Else -1: the stack is cut there.
 */
static int leaf_rule(Dwfl *dwfl, struct sample *s)
{
	const struct map *m;
	Dwfl_Module *mod;
	Dwarf_Addr bias;
	uint64_t sp = s->r[7], ra;
	Elf *elf;

	if (!((s->known >> 7) & 1) ||
	    unwind_stack_word(s->stack, s->len, s->sp, sp, &ra) || ra < 2)
		return -1;
	m = maps_find(s->pm, ra - 1);
	if (!m || !(m->prot & PROT_EXEC) || !m->path || m->path[0] != '/')
		return -1;
	mod = dwfl_addrmodule(dwfl, ra - 1);
	elf = mod ? dwfl_module_getelf(mod, &bias) : NULL;
	if (!elf || !callsite_in_elf(elf, ra - bias))
		return -1;
	s->r[7] = sp + 8;
	s->r[16] = ra - 1;
	s->known |= 1u << 16;
	return 0;
}

int unwind_init(struct unwinder *u, struct maps_table *maps, int lines)
{
	struct symcache *sc = calloc(1, sizeof(*sc));
	int r;

	memset(u, 0, sizeof(*u));
	if (!sc)
		return -ENOMEM;
	sc->nslots = 1u << 16;
	sc->slots = calloc(sc->nslots, sizeof(*sc->slots));
	if (!sc->slots) {
		free(sc);
		return -ENOMEM;
	}
	/* before the first file is mapped: one may shrink while read */
	r = elfguard_install();
	if (r) {
		free(sc->slots);
		free(sc);
		return r;
	}
	u->symcache = sc;
	u->maps = maps;
	u->lines = lines;
	unwind_layouts_debuginfo(lines);
	return 0;
}

void unwind_free(struct unwinder *u)
{
	struct symcache *sc = u->symcache;

	if (!sc)
		return;
	for (unsigned int i = 0; i < INTERN_SLOTS; i++)
		free(sc->strs[i]);
	free(sc->slots);
	free(sc->lines);
	free(sc);
	u->symcache = NULL;
}

int unwind_pcs(struct unwinder *u, pid_t pid, const uint64_t *regs,
	       const uint8_t *stack, uint64_t len, uint64_t *pcs, int max,
	       int *cut)
{
	struct proc_maps *pm = maps_get(u->maps, pid, 1);
	struct sample s = {
		.pid = pid, .pm = pm, .regs = regs, .stack = stack, .len = len,
		.sp = regs ? regs[7] : 0, .pcs = pcs, .max = max,
	};
	struct pstate *ps;
	Dwfl *dwfl;

	*cut = FRAME_CUT_NONE;
	if (!pm || !regs || max <= 0)
		return 0;
	dwfl = unwind_layout_dwfl(u, unwind_layout_of(u, pm), pid);
	ps = pm->unwind;
	if (!dwfl)
		return 0;
	cur = &s;
	/*
	 * Attached once, for the first process of the layout: the
	 * callbacks take any thread to be the current sample's.
	 */
	if (!ps->lay->attached) {
		if (!dwfl_attach_state(dwfl, NULL, pid, &thread_cbs, u)) {
			cur = NULL;
			/* no module to take the machine from: the ip alone */
			pcs[0] = regs[8];
			return 1;
		}
		ps->lay->attached = 1;
	}
	for (;;) {
		s.stopped = 0;
		dwfl_getthread_frames(dwfl, pid, frame_cb, &s);
		/* ended, not by its CFI: the caller's frame was not copied */
		if (!s.stopped && !s.cut && s.past_copy && s.n < max)
			s.cut = FRAME_CUT_COPY_END;
		if (!s.stopped || s.n >= max)
			break;
		if (leaf_rule(dwfl, &s)) {
			s.cut = FRAME_CUT_NO_CFI;
			break;
		}
		/* the caller's frame: its return address, then libdw again */
		pcs[s.n++] = s.r[16] + 1;
		u->leaves++;
		if (s.n >= max)
			break;
		s.restart = 1;
	}
	cur = NULL;
	if (!s.n) {
		pcs[0] = regs[8];
		s.n = 1;
	}
	*cut = s.cut;
	u->stacks++;
	u->frames += (uint64_t)s.n;
	return s.n;
}

