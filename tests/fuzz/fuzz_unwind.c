// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz: the unwinder's memory (tracer/unwind.h).  A sample's registers
 * and stack copy are the traced program's: whatever they hold, the
 * unwinder reads no memory but the copy.
 *
 * Input: u8 mode.  Bit 0 clear: unwind_stack_word on a copy of u16
 * length at u64 sp, for addresses near and far (u8 count, then per
 * address u8 kind and a u64): it must refuse any word with a byte
 * outside the copy, give the 8 bytes at addr - sp when it does not, and
 * refuse none of a copy that lies within the address space.
 *
 * Bit 0 set: a real unwind (unwind_pcs, libdw's CFI) of this process,
 * whose code is this binary: the instruction pointer at an offset of one
 * of its code mappings (u8 mapping, u32 offset), the other registers
 * from the input (u64 each), the stack pointer anywhere or at a fixed
 * address (mode bit 1), then the stack copy (u16 length), word by word:
 * u8 tag, bit 0 set a code address (u8 mapping, u32 offset: a plausible
 * return address), else a u64.  The copy is an allocation of exactly its
 * length, so that AddressSanitizer sees any read past it.  The first pc
 * must be the sampled ip, at most UNWIND_MAX come back, each after the
 * first a return address in code (an executable mapping: else the stack
 * is not known past it and ends), and the frames of those pcs are named
 * (unwind_frames) without a fault.
 */
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz.h"
#include "maps.h"
#include "unwind.h"

#define UNWIND_FRAMES_FUZZ (2 * UNWIND_MAX)	/* as task.h's, with -kk */

static struct maps_table mt;
static struct unwinder u;
static pid_t self;
static struct { uint64_t start, end; } code[16];
static int ncode;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	struct proc_maps *pm;

	self = getpid();
	if (maps_init(&mt) || unwind_init(&u, &mt, 0))
		abort();
	/* this process's mappings, from /proc, as for a traced one */
	pm = maps_get(&mt, self, 1);
	for (int i = 0; pm && i < pm->n && ncode < 16; i++) {
		const struct map *m = &pm->m[i];

		if ((m->prot & PROT_EXEC) && m->path && m->path[0] == '/')
			code[ncode].start = m->start, code[ncode++].end = m->end;
	}
	if (!ncode)
		abort();
	return 0;
}

static uint64_t code_addr(struct fz *f)
{
	int k = fz_u8(f) % ncode;

	return code[k].start + fz_u32(f) % (code[k].end - code[k].start);
}

static void words(struct fz *f)
{
	size_t len = fz_u16(f) % 4096, got;
	uint64_t sp = fz_u64(f);
	int n = fz_u8(f) % 32;
	const uint8_t *p = fz_take(f, len, &got);
	uint8_t *stack = fz_dup(p, got);

	for (int i = 0; i < n; i++) {
		uint8_t kind = fz_u8(f);
		uint64_t v = fz_u64(f), addr, w = 0, want;
		int r, in;

		/* near the copy (either side), or anywhere */
		addr = kind & 1 ? v : sp + (uint64_t)(int64_t)(int16_t)v;
		r = unwind_stack_word(stack, got, sp, addr, &w);
		in = addr >= sp && addr - sp <= got && got - (addr - sp) >= 8;
		/* never a byte outside; all of a copy the address space holds */
		FUZZ_ASSERT(r == 0 || r == -1);
		FUZZ_ASSERT(r == -1 || in);
		FUZZ_ASSERT(!in || sp + got < sp || r == 0);
		if (!r) {
			memcpy(&want, stack + (addr - sp), 8);
			FUZZ_ASSERT(w == want);
		}
	}
	free(stack);
}

static void unwind(struct fz *f, uint8_t mode)
{
	const struct proc_maps *pm = maps_get(&mt, self, 1);
	uint64_t regs[UNWIND_NREGS], pcs[UNWIND_MAX];
	struct frame fr[UNWIND_FRAMES_FUZZ];
	size_t len;
	uint8_t *stack;
	int n, k, cut;

	for (int i = 0; i < UNWIND_NREGS; i++)
		regs[i] = fz_u64(f);
	regs[8] = code_addr(f);		/* ip */
	if (mode & 2)
		regs[7] = 0x7ffc00001000ull + (regs[7] & 0xff8);	/* sp */
	len = fz_u16(f) % 8192;
	stack = malloc(len ? len : 1);
	if (!stack)
		abort();
	for (size_t i = 0; i < len; i += 8) {
		uint64_t w = fz_u8(f) & 1 ? code_addr(f) : fz_u64(f);

		memcpy(stack + i, &w, len - i < 8 ? len - i : 8);
	}
	n = unwind_pcs(&u, self, regs, stack, len, pcs, UNWIND_MAX, &cut);
	FUZZ_ASSERT(n >= 1 && n <= UNWIND_MAX);
	/* a frame past the first is a return address in code, or no frame */
	for (int i = 1; i < n; i++) {
		const struct map *m = maps_find(pm, pcs[i] - 1);

		FUZZ_ASSERT(m && (m->prot & PROT_EXEC));
	}
	if (getenv("FUZZ_PRINT"))
		fprintf(stderr, "%d pcs\n", n);
	FUZZ_ASSERT(pcs[0] == regs[8]);
	k = unwind_frames(&u, self, pcs, n, cut, fr, UNWIND_FRAMES_FUZZ);
	FUZZ_ASSERT(k >= 0 && k <= UNWIND_FRAMES_FUZZ);
	for (int i = 0; i < k; i++)
		FUZZ_ASSERT(!fr[i].sym || fr[i].sym[0]);
	free(stack);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fz f;
	uint8_t mode;

	if (size > 65536)
		return 0;
	fz_init(&f, data, size);
	mode = fz_u8(&f);
	if (mode & 1)
		unwind(&f, mode);
	else
		words(&f);
	return 0;
}
