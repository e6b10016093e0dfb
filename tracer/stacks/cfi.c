// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unwind stage, for --stack=bpf: a file's unwind rows for the kernel.
 *
 * The FDEs are found through .eh_frame_hdr's sorted table (the one the
 * run-time unwinders use), and each is read with libdw's CFI interpreter
 * (dwarf_cfi_addrframe) from its start, one row per range of addresses
 * where the rules stay the same: the same answers libdw gives when it
 * unwinds a copied stack.  A rule outside the few the kernel follows is
 * a row of kind UNW_UNKNOWN, never an approximation of it.  Code no FDE
 * covers is a row of kind UNW_NONE when the file has no .debug_frame
 * either: there libdw has no CFI at all.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <gelf.h>

#include "cfi.h"

#define EH_PE_udata4	0x03
#define EH_PE_sdata4	0x0b
#define EH_PE_pcrel	0x10
#define EH_PE_datarel	0x30
#define RA_REG		16
#define RBP_REG		6
#define RSP_REG		7

struct rowbuf {
	struct unw_row *rows;
	size_t n, cap;
};

static int row_add(struct rowbuf *b, uint64_t addr, const struct unw_row *r)
{
	struct unw_row *nr;

	if (addr > UINT32_MAX)
		return -ENOTSUP;
	/* a rule that does not change starts no row */
	if (b->n && b->rows[b->n - 1].kind == r->kind &&
	    b->rows[b->n - 1].cfa_off == r->cfa_off &&
	    b->rows[b->n - 1].rbp == r->rbp)
		return 0;
	if (b->n == b->cap) {
		b->cap = b->cap ? b->cap * 2 : 4096;
		nr = realloc(b->rows, b->cap * sizeof(*nr));
		if (!nr)
			return -ENOMEM;
		b->rows = nr;
	}
	b->rows[b->n] = *r;
	b->rows[b->n++].addr = (uint32_t)addr;
	return 0;
}

/* the caller's rbp: UNW_RBP_SAME, UNW_RBP_UNDEF, k (at CFA - 8k), or -1 */
static int rbp_rule(Dwarf_Frame *f)
{
	Dwarf_Op mem[3], *ops;
	size_t n;
	int64_t off;

	if (dwarf_frame_register(f, RBP_REG, mem, &ops, &n))
		return -1;
	if (!n)
		return ops ? UNW_RBP_UNDEF : UNW_RBP_SAME;
	if (n != 2 || ops[0].atom != DW_OP_call_frame_cfa ||
	    ops[1].atom != DW_OP_plus_uconst)
		return -1;
	off = (int64_t)ops[1].number;
	if (off >= 0 || off % 8 || -off / 8 >= UNW_RBP_UNDEF)
		return -1;
	return (int)(-off / 8);
}

/* the row libdw's frame says, as the kernel's walk follows it */
static void row_of(Dwarf_Frame *f, struct unw_row *r)
{
	Dwarf_Op mem[3], *ops;
	Dwarf_Addr start, end;
	size_t n;
	bool signal;
	int rbp;

	memset(r, 0, sizeof(*r));
	r->kind = UNW_UNKNOWN;
	/* a signal frame's caller is no call: libdw's path does it */
	if (dwarf_frame_info(f, &start, &end, &signal) != RA_REG || signal)
		return;
	if (dwarf_frame_register(f, RA_REG, mem, &ops, &n))
		return;
	if (!n && ops) {
		r->kind = UNW_END;
		return;
	}
	if (n != 2 || ops[0].atom != DW_OP_call_frame_cfa ||
	    ops[1].atom != DW_OP_plus_uconst || (int64_t)ops[1].number != -8)
		return;
	if (dwarf_frame_cfa(f, &ops, &n) || n != 1 ||
	    ops[0].atom != DW_OP_bregx || ops[0].number2 > UINT16_MAX ||
	    (ops[0].number != RSP_REG && ops[0].number != RBP_REG))
		return;
	rbp = rbp_rule(f);
	if (rbp < 0)
		return;
	r->kind = ops[0].number == RSP_REG ? UNW_RSP : UNW_RBP;
	r->cfa_off = (uint16_t)ops[0].number2;
	r->rbp = (uint8_t)rbp;
}

/*
 * One FDE's rows, from its start up to (not past) limit; after its end,
 * a row of kind gap (no FDE covers the code there).
 */
static int fde_rows(Dwarf_CFI *cfi, uint64_t start, uint64_t limit,
		    const struct unw_row *gap, struct rowbuf *b)
{
	uint64_t a = start;
	int r = 0;

	while (a < limit && !r) {
		Dwarf_Frame *f;
		Dwarf_Addr s, e;
		struct unw_row row;
		bool sig;

		if (dwarf_cfi_addrframe(cfi, a, &f))
			return row_add(b, a, gap);
		row_of(f, &row);
		dwarf_frame_info(f, &s, &e, &sig);
		free(f);
		r = row_add(b, a, &row);
		if (e <= a)
			break;
		a = e;
	}
	return r;
}

static int64_t rd_s32(const uint8_t *p)
{
	int32_t v;

	memcpy(&v, p, 4);
	return v;
}

/*
 * .eh_frame_hdr (PT_GNU_EH_FRAME): version 1, then the encodings of
 * eh_frame_ptr, fde_count and the table; the table's (initial location,
 * FDE) pairs are relative to the header, sorted by location.
 */
static int fde_starts(Elf *elf, uint64_t **starts, size_t *n)
{
	GElf_Phdr ph;
	size_t nph;
	Elf_Data *d = NULL;
	const uint8_t *p;
	uint64_t hdr = 0, cnt;

	if (elf_getphdrnum(elf, &nph))
		return -ENOENT;
	for (size_t i = 0; i < nph && !d; i++) {
		if (!gelf_getphdr(elf, (int)i, &ph) || ph.p_type != PT_GNU_EH_FRAME)
			continue;
		d = elf_getdata_rawchunk(elf, (int64_t)ph.p_offset, ph.p_filesz,
					 ELF_T_BYTE);
		hdr = ph.p_vaddr;
	}
	if (!d || d->d_size < 12)
		return -ENOENT;
	p = d->d_buf;
	if (p[0] != 1 || p[1] != (EH_PE_pcrel | EH_PE_sdata4) ||
	    p[2] != EH_PE_udata4 || p[3] != (EH_PE_datarel | EH_PE_sdata4))
		return -ENOTSUP;
	cnt = (uint32_t)rd_s32(p + 8);
	if (cnt > (d->d_size - 12) / 8)
		return -ENOENT;
	*starts = malloc((cnt + 1) * sizeof(**starts));
	if (!*starts)
		return -ENOMEM;
	for (uint64_t i = 0; i < cnt; i++)
		(*starts)[i] = hdr + (uint64_t)rd_s32(p + 12 + 8 * i);
	*n = cnt;
	return 0;
}

/*
 * Whether elf has a .debug_frame: libdw reads it where .eh_frame has no
 * FDE (and the sections cannot be read: then it may).
 */
static int has_debug_frame(Elf *elf)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx;
	GElf_Shdr sh;

	if (elf_getshdrstrndx(elf, &shstrndx))
		return 1;
	while ((scn = elf_nextscn(elf, scn))) {
		const char *name;

		if (!gelf_getshdr(scn, &sh))
			return 1;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (!name || !strcmp(name, ".debug_frame"))
			return 1;
	}
	return 0;
}

/* the executable segments: one offset from file to vaddr for all */
static int exec_layout(Elf *elf, struct cfi_file *out)
{
	GElf_Phdr ph;
	size_t nph;
	int seen = 0;

	if (elf_getphdrnum(elf, &nph))
		return -ENOENT;
	for (size_t i = 0; i < nph; i++) {
		long long delta;

		if (!gelf_getphdr(elf, (int)i, &ph) || ph.p_type != PT_LOAD ||
		    !(ph.p_flags & PF_X))
			continue;
		delta = (long long)(ph.p_vaddr - ph.p_offset);
		if (seen && delta != out->delta)
			return -ENOTSUP;
		if (!seen || ph.p_vaddr < out->vaddr_lo)
			out->vaddr_lo = ph.p_vaddr;
		if (!seen || ph.p_vaddr + ph.p_memsz > out->vaddr_hi)
			out->vaddr_hi = ph.p_vaddr + ph.p_memsz;
		out->delta = delta;
		seen = 1;
	}
	if (!seen)
		return -ENOENT;
	return out->vaddr_hi > UINT32_MAX ? -ENOTSUP : 0;
}

/* the buckets' index (cap_unwind_abi.h) over the sorted rows */
static int cfi_index(struct cfi_file *f)
{
	uint64_t base = f->vaddr_lo >> UNW_BUCKET_SHIFT << UNW_BUCKET_SHIFT;
	size_t r = 0;

	f->nidx = (size_t)((f->vaddr_hi - base + (1u << UNW_BUCKET_SHIFT) - 1)
			   >> UNW_BUCKET_SHIFT);
	f->idx = malloc(f->nidx * sizeof(*f->idx));
	if (!f->idx)
		return -ENOMEM;
	for (size_t b = 0; b < f->nidx; b++) {
		uint64_t a = base + ((uint64_t)b << UNW_BUCKET_SHIFT);

		while (r < f->n && f->rows[r].addr <= a)
			r++;
		f->idx[b] = (uint32_t)r;
	}
	return 0;
}

int cfi_compile(Elf *elf, struct cfi_file *out)
{
	struct unw_row gap = { .kind = UNW_UNKNOWN };
	struct rowbuf b = { 0 };
	uint64_t *starts = NULL;
	Dwarf_CFI *cfi;
	size_t n = 0;
	int r;

	memset(out, 0, sizeof(*out));
	r = exec_layout(elf, out);
	if (r)
		return r;
	cfi = dwarf_getcfi_elf(elf);
	if (!cfi)
		return -ENOENT;
	if (!has_debug_frame(elf))
		gap.kind = UNW_NONE;
	r = fde_starts(elf, &starts, &n);
	/* the code before the first FDE */
	if (!r && n && starts[0] > out->vaddr_lo)
		r = row_add(&b, out->vaddr_lo, &gap);
	for (size_t i = 0; i < n && !r; i++) {
		uint64_t limit = i + 1 < n ? starts[i + 1] : out->vaddr_hi;

		/* (an FDE that starts where its sorted neighbour does) */
		if (i && starts[i] <= starts[i - 1])
			continue;
		r = fde_rows(cfi, starts[i], limit, &gap, &b);
	}
	dwarf_cfi_end(cfi);
	free(starts);
	if (!r && !b.n)
		r = -ENOENT;
	if (r) {
		free(b.rows);
		return r;
	}
	out->rows = b.rows;
	out->n = b.n;
	r = cfi_index(out);
	if (r)
		cfi_free(out);
	return r;
}

void cfi_free(struct cfi_file *f)
{
	free(f->rows);
	free(f->idx);
	f->rows = NULL;
	f->idx = NULL;
	f->n = f->nidx = 0;
}
