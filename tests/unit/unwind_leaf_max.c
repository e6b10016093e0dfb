// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unwind stage: the leaf rule at the last slot.  A frame with no CFI
 * whose return address is proved (the leaf rule) fills the slot after
 * it; when that was the last one, the unwind ends there.  Before, libdw
 * was started again from the caller's frame and wrote its caller one
 * past the end of the caller's array (found by fuzz/unwind under CI's
 * AddressSanitizer).
 *
 * The frames are this program's own, in assembly: leaf (no CFI) is
 * called by mid (CFI), called by outer (CFI, its return address
 * undefined: the outermost frame).  The registers say leaf is running,
 * the stack copy holds the two return addresses.  With room, the unwind
 * gives exactly ip, mid's return address, outer's; with room for two,
 * the first two and nothing written after them.
 */
#include <unistd.h>

#include "check.h"
#include "unwind.h"

void etr_leaf(void);
void etr_mid(void);
void etr_outer(void);
extern const char etr_mid_ret[], etr_outer_ret[];

__asm__(".text\n"
	".globl etr_leaf, etr_mid, etr_outer, etr_mid_ret, etr_outer_ret\n"
	"etr_leaf:\n"
	"	nop\n"
	"	ret\n"
	"etr_mid:\n"
	"	.cfi_startproc\n"
	"	call etr_leaf\n"
	"etr_mid_ret:\n"
	"	nop\n"
	"	ret\n"
	"	.cfi_endproc\n"
	"etr_outer:\n"
	"	.cfi_startproc\n"
	"	.cfi_undefined rip\n"
	"	call etr_mid\n"
	"etr_outer_ret:\n"
	"	nop\n"
	"	ret\n"
	"	.cfi_endproc\n");

#define SENTINEL 0x5e5e5e5e5e5e5e5eull

int main(void)
{
	uint64_t regs[UNWIND_NREGS] = { 0 }, pcs[8], stack[2];
	uint64_t sp = 0x7ffc00001000ull;
	struct maps_table mt;
	struct unwinder u;
	int n, cut;

	CHECK(!maps_init(&mt));
	CHECK(!unwind_init(&u, &mt, 0));
	regs[8] = (uint64_t)(uintptr_t)etr_leaf + 1;	/* ip: at its ret */
	regs[7] = sp;
	stack[0] = (uint64_t)(uintptr_t)etr_mid_ret;
	stack[1] = (uint64_t)(uintptr_t)etr_outer_ret;

	/* room: the whole stack */
	for (int i = 0; i < 8; i++)
		pcs[i] = SENTINEL;
	n = unwind_pcs(&u, getpid(), regs, (const uint8_t *)stack,
		       sizeof(stack), pcs, 8, &cut);
	CHECK(n == 3);
	CHECK(pcs[0] == regs[8]);
	CHECK(pcs[1] == stack[0]);
	CHECK(pcs[2] == stack[1]);
	CHECK(pcs[3] == SENTINEL);
	CHECK(cut == FRAME_CUT_NONE);

	/* room for two: the leaf rule's return address is the last */
	for (int i = 0; i < 8; i++)
		pcs[i] = SENTINEL;
	n = unwind_pcs(&u, getpid(), regs, (const uint8_t *)stack,
		       sizeof(stack), pcs, 2, &cut);
	CHECK(n == 2);
	CHECK(pcs[0] == regs[8]);
	CHECK(pcs[1] == stack[0]);
	CHECK(pcs[2] == SENTINEL);

	unwind_free(&u);
	maps_free(&mt);
	CHECK_DONE();
}
