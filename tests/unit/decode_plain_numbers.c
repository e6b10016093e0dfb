// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: values strace prints as plain numbers get no "X_???" comment:
 * add_key and request_key's keyring (0 is no keyring, not an odd
 * request), swapon's priority bits, personality's query 0xffffffff.
 * Lines from strace 6.1's add_key.c, request_key.c, swap.c, personality.c.
 */
#include <linux/keyctl.h>
#include <sys/syscall.h>

#include "check_decode.h"

int main(void)
{
	struct sc_call c;

	c = CALL(SYS_add_key, -14, 0, 0, 0, 0, 0);
	CHECK_STR(run(&c), "add_key(NULL, NULL, NULL, 0, 0) = -1 EFAULT (Bad "
		  "address)");
	c = CALL(SYS_add_key, -14, 0, 0, 0, 0, 1234567890);
	CHECK_STR(run(&c), "add_key(NULL, NULL, NULL, 0, 1234567890) = -1 "
		  "EFAULT (Bad address)");
	c = CALL(SYS_add_key, -14, 0, 0, 0, 0, (uint32_t)-1234567890);
	CHECK_STR(run(&c), "add_key(NULL, NULL, NULL, 0, -1234567890) = -1 "
		  "EFAULT (Bad address)");
	c = CALL(SYS_request_key, -14, 0, 0, 0,
		 (uint32_t)KEY_SPEC_USER_KEYRING);
	CHECK_STR(run(&c), "request_key(NULL, NULL, NULL, "
		  "KEY_SPEC_USER_KEYRING) = -1 EFAULT (Bad address)");
	/* the name in -X's styles, as strace's printxval_d */
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "request_key(NULL, NULL, "
		  "NULL, -4 /* KEY_SPEC_USER_KEYRING */) = -1 EFAULT (Bad "
		  "address)");
	CHECK_STR(run_style(&c, XSTYLE_RAW), "request_key(NULL, NULL, NULL, "
		  "-4) = -1 EFAULT (Bad address)");
	c = CALL(SYS_request_key, -14, 0, 0, 0, 0);
	CHECK_STR(run(&c), "request_key(NULL, NULL, NULL, 0) = -1 EFAULT (Bad "
		  "address)");
	c = CALL(SYS_swapon, -14, 0, 0);
	CHECK_STR(run(&c), "swapon(NULL, 0) = -1 EFAULT (Bad address)");
	c = CALL(SYS_swapon, -14, 0, 0x8000 | 5);
	CHECK_STR(run(&c), "swapon(NULL, SWAP_FLAG_PREFER|5) = -1 EFAULT (Bad "
		  "address)");
	c = CALL(SYS_personality, 0, 0xffffffffULL);
	CHECK_STR(run(&c), "personality(0xffffffff) = 0 (PER_LINUX)");
	CHECK_DONE();
}
