// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_archprctl.sh: arch_prctl's requests with
 * what the machine answers (the XSAVE features it supports and permits,
 * FS's base), NULL, BAD, a word one byte short of the memory's end, and
 * ARCH_REQ_XCOMP_PERM's feature numbers, known and not; then x86's
 * segment descriptors (modify_ldt, set_thread_area, get_thread_area)
 * and _sysctl's struct.  Exits 0.
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

	/*
	 * struct user_desc: modify_ldt reading the LDT (with its size, and
	 * not), set_thread_area with every field set and with a free entry
	 * asked for (-1), get_thread_area given a number (the whole struct,
	 * and its number alone at the memory's end); on a kernel without
	 * 32-bit emulation each fails ENOSYS, and modify_ldt returns it as
	 * 4294967258
	 */
	{
		uint32_t *d = (uint32_t *)(edge + 4096 - 16);
		uint32_t *last = (uint32_t *)(edge + 4096 - 4);

		d[0] = 12, d[1] = 0x12, d[2] = 0xfffff, d[3] = 0x1d5;
		sc(SYS_modify_ldt, 0, (long)d, 16, 0, 0, 0);
		sc(SYS_modify_ldt, 0, (long)d, 8, 0, 0, 0);
		sc(SYS_modify_ldt, 1, (long)BAD, 16, 0, 0, 0);
		sc(SYS_set_thread_area, (long)d, 0, 0, 0, 0, 0);
		d[0] = 0xffffffff, d[1] = 0, d[2] = 0, d[3] = 0x51;
		sc(SYS_set_thread_area, (long)d, 0, 0, 0, 0, 0);
		d[0] = 12;
		sc(SYS_get_thread_area, (long)d, 0, 0, 0, 0, 0);
		*last = 3141592653u;
		sc(SYS_get_thread_area, (long)last, 0, 0, 0, 0, 0);
		sc(SYS_get_thread_area, (long)NULLP, 0, 0, 0, 0, 0);
	}
	/* _sysctl's struct (ENOSYS since Linux 5.5): zeroed, filled, cut */
	{
		uint64_t *a = (uint64_t *)(edge + 4096 - 80);

		for (int j = 0; j < 10; j++)
			a[j] = 0;
		sc(SYS__sysctl, (long)a, 0, 0, 0, 0, 0);
		for (int j = 0; j < 10; j++)
			a[j] = 0x6162636465666768ULL + (uint64_t)j;
		a[0] = (uint64_t)(uintptr_t)BAD;
		sc(SYS__sysctl, (long)a, 0, 0, 0, 0, 0);
		sc(SYS__sysctl, (long)(edge + 4096 - 72), 0, 0, 0, 0, 0);
	}
	return 0;
}
