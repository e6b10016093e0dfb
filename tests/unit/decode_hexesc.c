// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --strings-in-hex=WHICH, strace 6.1's four: none (octal escapes),
 * non-ascii-chars (each escape in hex, the rest as it is), non-ascii
 * (-x: a string with any such byte wholly in hex), all (-xx).
 */
#include <sys/syscall.h>

#include "check_decode.h"

int main(void)
{
	struct cap kb = CAP("x\n\0\1\377", 5);
	struct sc_call c = CALL(SYS_write, 5, 3, 0x10, 5);

	c.cap[1] = &kb;
	fo.xflag = 0;
	CHECK_STR(run(&c), "write(3, \"x\\n\\0\\1\\377\", 5) = 5");
	fo.xflag = -1;
	CHECK_STR(run(&c), "write(3, \"x\\n\\x00\\x01\\xff\", 5) = 5");
	fo.xflag = 1;
	CHECK_STR(run(&c), "write(3, \"\\x78\\x0a\\x00\\x01\\xff\", 5) = 5");
	kb = CAP("x\ty", 3);
	c.args[2] = 3;
	c.ret = 3;
	fo.xflag = -1;
	CHECK_STR(run(&c), "write(3, \"x\\ty\", 3) = 3");
	fo.xflag = 1;
	CHECK_STR(run(&c), "write(3, \"x\\ty\", 3) = 3");
	fo.xflag = 2;
	CHECK_STR(run(&c), "write(3, \"\\x78\\x09\\x79\", 3) = 3");
	CHECK_DONE();
}
