/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unwind stage: is a return address just after a call instruction?  The
 * proof the leaf rule needs before it takes a word of the stack for a
 * return address (unwind.c), read from the mapped file's own bytes.
 */
#ifndef ETRACE_CALLSITE_H
#define ETRACE_CALLSITE_H

#include <stddef.h>
#include <stdint.h>

#include <gelf.h>

/* the longest x86_64 call this checks: ff /2 with SIB and disp32 */
#define CALLSITE_MAX 7

/*
 * 1 when the len bytes that end just before a return address end with a
 * call instruction (e8 rel32, or ff /2 in any of its forms), else 0.
 * before[len - 1] is the byte just before the return address; len may
 * be less than CALLSITE_MAX (the start of a segment).
 */
int callsite_is_call(const uint8_t *before, size_t len);
/*
 * 1 when vaddr (an address of elf's image, bias already taken off) is
 * in an executable PT_LOAD of the file and the file's bytes before it
 * end with a call instruction, else 0.  The file's bytes, not the
 * process's: those could have changed since.
 */
int callsite_in_elf(Elf *elf, uint64_t vaddr);

#endif
