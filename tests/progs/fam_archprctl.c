// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_archprctl.sh: arch_prctl's requests with
 * what the machine answers (the XSAVE features it supports and permits,
 * FS's base), NULL, BAD, a word one byte short of the memory's end, and
 * ARCH_REQ_XCOMP_PERM's feature numbers, known and not.  Exits 0.
 */
#include <asm/prctl.h>
#include <stdint.h>

#include "fam.h"

#ifndef ARCH_GET_XCOMP_SUPP
#define ARCH_GET_XCOMP_SUPP		0x1021
#define ARCH_GET_XCOMP_PERM		0x1022
#define ARCH_REQ_XCOMP_PERM		0x1023
#define ARCH_GET_XCOMP_GUEST_PERM	0x1024
#define ARCH_REQ_XCOMP_GUEST_PERM	0x1025
#endif

static const long gets[] = {
	ARCH_GET_FS, ARCH_GET_XCOMP_SUPP, ARCH_GET_XCOMP_PERM,
	ARCH_GET_XCOMP_GUEST_PERM,
};

int main(void)
{
	char *edge = fam_edge_page();
	uint64_t word;

	if (!edge)
		return 1;
	for (size_t i = 0; i < sizeof(gets) / sizeof(gets[0]); i++) {
		sc(SYS_arch_prctl, gets[i], (long)&word, 0, 0, 0, 0);
		sc(SYS_arch_prctl, gets[i], (long)NULLP, 0, 0, 0, 0);
		sc(SYS_arch_prctl, gets[i], (long)BAD, 0, 0, 0, 0);
		sc(SYS_arch_prctl, gets[i], (long)(edge + 4096 - 7), 0, 0, 0,
		   0);
	}
	/* a feature it has (SSE), one it does not know, one never valid */
	sc(SYS_arch_prctl, ARCH_REQ_XCOMP_PERM, 1, 0, 0, 0, 0);
	sc(SYS_arch_prctl, ARCH_REQ_XCOMP_PERM, 0xb, 0, 0, 0, 0);
	sc(SYS_arch_prctl, ARCH_REQ_XCOMP_GUEST_PERM, 0xdeadface, 0, 0, 0, 0);
	sc(SYS_arch_prctl, ARCH_GET_CPUID, 0, 0, 0, 0, 0);
	sc(SYS_arch_prctl, 0xdead, 0xface, 0, 0, 0, 0);
	return 0;
}
