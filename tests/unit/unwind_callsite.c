// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unwind stage: the call before a return address (callsite.c), which
 * the leaf rule needs before it takes a stack word for one.  Bytes in,
 * verdict out: each form of call (e8 rel32; ff /2 by register, memory,
 * SIB, disp8, disp32, rip-relative, with a REX prefix) ends the bytes
 * before its return address; jumps (ff /4, e9), other ff forms and
 * calls that end elsewhere do not.  Then callsite_in_elf on this
 * program's own file: the return address of a real call is proved, an
 * address mid-instruction, or in data, is not.
 */
#include <fcntl.h>
#include <link.h>
#include <unistd.h>

#include "callsite.h"
#include "check.h"

#define BYTES(...) ((const uint8_t[]){ __VA_ARGS__ })
#define IS_CALL(...) callsite_is_call(BYTES(__VA_ARGS__), \
				      sizeof(BYTES(__VA_ARGS__)))

static uint64_t ra_seen;

static __attribute__((noinline)) void callee(void)
{
	ra_seen = (uint64_t)(uintptr_t)__builtin_return_address(0);
	__asm__ volatile("" ::: "memory");
}

static const char data_bytes[64] = "no call here";

static int first_object(struct dl_phdr_info *info, size_t size, void *arg)
{
	*(uint64_t *)arg = info->dlpi_addr;
	return 1;		/* the first is the program */
}

int main(void)
{
	uint64_t bias = 0;
	Elf *elf;
	int fd;

	/* e8 rel32, alone and after other bytes */
	CHECK(IS_CALL(0xe8, 0x1c, 0x37, 0xff, 0xff));
	CHECK(IS_CALL(0x4c, 0x89, 0xe7, 0xe8, 0x83, 0xff, 0xff, 0xff));
	/* ff /2: *%rdx, *%r8 (REX), *(%rax), *0x8(%rax), *0x100(%rax) */
	CHECK(IS_CALL(0x48, 0x89, 0xc7, 0xff, 0xd2));
	CHECK(IS_CALL(0x41, 0xff, 0xd0));
	CHECK(IS_CALL(0x90, 0xff, 0x10));
	CHECK(IS_CALL(0x90, 0xff, 0x50, 0x08));
	CHECK(IS_CALL(0xff, 0x90, 0x00, 0x01, 0x00, 0x00));
	/* *0x10(%rip), *(%rax,%rbx,8), *0x8(%rsp), *0x20(,%rax,8) */
	CHECK(IS_CALL(0xff, 0x15, 0x10, 0x00, 0x00, 0x00));
	CHECK(IS_CALL(0x90, 0xff, 0x14, 0xd8));
	CHECK(IS_CALL(0x90, 0xff, 0x54, 0x24, 0x08));
	CHECK(IS_CALL(0xff, 0x14, 0xc5, 0x20, 0x00, 0x00, 0x00));
	/* not calls: syscall; ret; jmp *%rax (ff /4); jmp rel32 (e9) */
	CHECK(!IS_CALL(0x0f, 0x05));
	CHECK(!IS_CALL(0x48, 0x85, 0xc0, 0xc3));
	CHECK(!IS_CALL(0x90, 0xff, 0xe0));
	CHECK(!IS_CALL(0xe9, 0x10, 0x00, 0x00, 0x00));
	/* inc (ff /0), push (ff /6): other ff forms */
	CHECK(!IS_CALL(0x90, 0xff, 0xc0));
	CHECK(!IS_CALL(0x90, 0xff, 0x30));
	/* a call whose length is not what is left: ff 14 needs a SIB */
	CHECK(!IS_CALL(0x90, 0x90, 0xff, 0x14));
	/* ff 50 needs its disp8: this call ends one byte later */
	CHECK(!IS_CALL(0x90, 0x90, 0xff, 0x50));
	/* e8 four bytes back is no call ending here */
	CHECK(!IS_CALL(0xe8, 0x00, 0x00, 0x00, 0x00, 0x90));
	/* too few bytes to hold any call */
	CHECK(!callsite_is_call(BYTES(0xd2), 1));
	CHECK(!callsite_is_call(BYTES(0), 0));

	/* this program's file: a real return address, and two that are not */
	callee();
	dl_iterate_phdr(first_object, &bias);
	elf_version(EV_CURRENT);
	fd = open("/proc/self/exe", O_RDONLY);
	CHECK(fd >= 0);
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	CHECK(elf != NULL);
	CHECK(ra_seen && callsite_in_elf(elf, ra_seen - bias));
	CHECK(!callsite_in_elf(elf, ra_seen - bias - 1));
	CHECK(!callsite_in_elf(elf, (uint64_t)(uintptr_t)data_bytes + 8 - bias));
	CHECK(!callsite_in_elf(NULL, ra_seen - bias));
	elf_end(elf);
	close(fd);
	CHECK_DONE();
}
