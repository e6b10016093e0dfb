// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Code without unwind info (anonymous executable memory, no perf map),
 * called from main, each function once a syscall:
 *   getppid: mov $110,%eax; syscall; ret        pushed nothing: the
 *            return address is at the stack pointer (the leaf rule holds)
 *   getpid:  push of 0x1234, then the call       the word at the stack
 *            pointer is in no mapping
 *   getuid:  push of &marker + 5, then the call  the word is in the
 *            program's code, but not just after a call (marker is
 *            mov $42,%eax; ret: +5 is its ret)
 * A tracer must unwind the first to main and cut the others at the
 * anonymous frame.
 */
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

/* mov $42, %eax; ret (6 bytes: +5 follows no call) */
__attribute__((noinline, naked)) static void marker(void)
{
	__asm__ volatile("mov $42, %eax\n\tret\n");
}

static const unsigned char leaf[] = {
	0xb8, 0x6e, 0x00, 0x00, 0x00,	/* mov $110, %eax (getppid) */
	0x0f, 0x05, 0xc3,		/* syscall; ret */
};

/* movabs $WORD, %rcx; push %rcx; mov $NR, %eax; syscall; pop %rcx; ret */
static void pusher(unsigned char *p, uint64_t word, int nr)
{
	p[0] = 0x48;
	p[1] = 0xb9;
	memcpy(p + 2, &word, 8);
	p[10] = 0x51;
	p[11] = 0xb8;
	memcpy(p + 12, &nr, 4);
	memcpy(p + 16, "\x0f\x05\x59\xc3", 4);
}

int main(void)
{
	unsigned char *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return 1;
	memcpy(p + 64, leaf, sizeof(leaf));
	pusher(p + 128, 0x1234, 39);
	pusher(p + 192, (uint64_t)(uintptr_t)marker + 5, 102);
	((void (*)(void))(void *)(p + 64))();
	((void (*)(void))(void *)(p + 128))();
	((void (*)(void))(void *)(p + 192))();
	marker();
	return 0;
}
