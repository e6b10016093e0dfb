/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unwind stage, for --stack=bpf: a file's .eh_frame compiled into the
 * rows the kernel's unwinder reads (cap_unwind_abi.h), with libdw's own
 * reading of the CFI, so that both unwinders follow the same rules.
 */
#ifndef ETRACE_CFI_H
#define ETRACE_CFI_H

#include <stddef.h>
#include <stdint.h>

#include <libelf.h>

#include "cap_unwind_abi.h"

struct cfi_file {
	struct unw_row *rows;		/* sorted by addr; malloc'd */
	size_t n;
	uint32_t *idx;			/* per bucket from vaddr_lo rounded
					   down: rows starting at or below */
	size_t nidx;
	long long delta;		/* vaddr - file offset, executable */
	unsigned long long vaddr_lo, vaddr_hi;
};

/*
 * elf's rows, one per change of rule, and one where no FDE covers the
 * code: of kind UNW_NONE, or UNW_UNKNOWN when the file has a
 * .debug_frame (libdw may find CFI there).  0, or -errno: -ENOENT when the file has no
 * .eh_frame_hdr table, -ENOTSUP when its layout is not one the kernel's
 * walk handles (addresses past 4 GiB, executable segments at different
 * offsets).
 */
int cfi_compile(Elf *elf, struct cfi_file *out);
void cfi_free(struct cfi_file *f);

#endif
