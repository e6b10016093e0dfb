// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: input device ioctls (evdev) that only a real device answers
 * (tests/live/parity_evdev.sh has strace's word for the rest): what a
 * read request got, printed at exit as strace 6.1's evdev.c does: a bit
 * set's names (its words under -X), multi-touch slots; a failed call and
 * a short copy print the pointer; the numbers built from parts in each
 * -X style.
 */
#include <linux/input.h>
#include <sys/syscall.h>

#include "check_decode.h"

int main(void)
{
	uint32_t ver = 0x10001, key[2] = { 0x1c, KEY_ESC };
	uint16_t id[4] = { 3, 0x46d, 0xc52b, 0x111 };
	int32_t abs[6] = { -1, 0, 255, 4, 8, 12 };
	char name[] = "etrace test";
	uint8_t bits[8] = { 0xff };
	struct cap kv = CAP(&ver, 4), ki = CAP(id, 8), ki_short = CAP(id, 7);
	struct cap ka = CAP(abs, 24), kk = CAP(key, 8);
	struct cap kn = CAP(name, sizeof(name)), kb = CAP(bits, 8);
	struct sc_call c;

	c = CALL(SYS_ioctl, 0, 3, EVIOCGVERSION, 0x1000);
	c.cap_out[2] = &kv;
	CHECK_STR(run_entry(&c), "ioctl(3, EVIOCGVERSION");
	CHECK_STR(run(&c), "ioctl(3, EVIOCGVERSION, [0x10001]) = 0");
	c = CALL(SYS_ioctl, 0, 3, EVIOCGID, 0x1000);
	c.cap_out[2] = &ki;
	CHECK_STR(run(&c), "ioctl(3, EVIOCGID, {bustype=3, vendor=1133, "
		  "product=50475, version=273}) = 0");
	c.cap_out[2] = &ki_short;
	CHECK_STR(run(&c), "ioctl(3, EVIOCGID, 0x1000) = 0");
	c = CALL(SYS_ioctl, 0, 3, EVIOCGKEYCODE, 0x1000);
	c.cap_out[2] = &kk;
	CHECK_STR(run(&c), "ioctl(3, EVIOCGKEYCODE, [28, KEY_ESC]) = 0");
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "ioctl(3, 0x80084504 /* "
		  "EVIOCGKEYCODE */, [28, 0x1 /* KEY_ESC */]) = 0");
	c = CALL(SYS_ioctl, sizeof(name), 3, EVIOCGNAME(64), 0x1000);
	c.cap_out[2] = &kn;
	CHECK_STR(run(&c), "ioctl(3, EVIOCGNAME(64), \"etrace test\\0\") = 12");
	c = CALL(SYS_ioctl, 0, 3, EVIOCGABS(ABS_X), 0x1000);
	c.cap_out[2] = &ka;
	CHECK_STR(run(&c), "ioctl(3, EVIOCGABS(ABS_X), {value=4294967295, "
		  "minimum=0, ...}) = 0");
	fo.verbose = 1;
	CHECK_STR(run(&c), "ioctl(3, EVIOCGABS(ABS_X), {value=4294967295, "
		  "minimum=0, maximum=255, fuzz=4, flat=8, resolution=12}) = 0");
	fo.verbose = 0;
	c = CALL(SYS_ioctl, -25, 3, EVIOCGABS(0x3f), 0x1000);
	CHECK_STR(run(&c), "ioctl(3, EVIOCGABS(0x3f /* ABS_??? */), 0x1000) = "
		  "-1 ENOTTY (Inappropriate ioctl for device)");
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "ioctl(3, 0x8018457f /* "
		  "EVIOCGABS(0x3f) */, 0x1000) = -1 ENOTTY (Inappropriate "
		  "ioctl for device)");
	CHECK_STR(run_style(&c, XSTYLE_RAW), "ioctl(3, 0x8018457f, 0x1000) = "
		  "-1 ENOTTY (Inappropriate ioctl for device)");
	c = CALL(SYS_ioctl, 8, 3, EVIOCGBIT(EV_KEY, 8), 0x1000);
	c.cap_out[2] = &kb;
	CHECK_STR(run(&c), "ioctl(3, EVIOCGBIT(EV_KEY, 8), [KEY_RESERVED "
		  "KEY_ESC KEY_1 KEY_2 ...]) = 8");
	CHECK_STR(run_style(&c, XSTYLE_RAW), "ioctl(3, 0x80084521, [0xff]) = 8");
	bits[0] = 0x3;
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "ioctl(3, 0x80084521 /* "
		  "EVIOCGBIT(EV_KEY, 8) */, [0 /* KEY_RESERVED */ 0x1 /* "
		  "KEY_ESC */] /* [0x3] */) = 8");
	/* the return value says how many bits: none */
	c.ret = 0;
	CHECK_STR(run(&c), "ioctl(3, EVIOCGBIT(EV_KEY, 8), 0x1000) = 0");
	c.ret = 8;
	kb.len = 7;
	CHECK_STR(run(&c), "ioctl(3, EVIOCGBIT(EV_KEY, 8), 0x1000) = 8");

	{
		int32_t mt[4] = { ABS_MT_POSITION_X, 10, -20, 30 };
		struct cap km = CAP(mt, 16);

		c = CALL(SYS_ioctl, 0, 3, EVIOCGMTSLOTS(16), 0x1000);
		c.cap_out[2] = &km;
		CHECK_STR(run(&c), "ioctl(3, EVIOCGMTSLOTS(16), {code="
			  "ABS_MT_POSITION_X, values=[10, -20, 30]}) = 0");
		/* the copy ends with the memory after the first value */
		km.len = 8;
		km.flags = CAP_TRUNC;
		CHECK_STR(run(&c), "ioctl(3, EVIOCGMTSLOTS(16), {code="
			  "ABS_MT_POSITION_X, values=[10, ... /* 0x1008 */]}) = 0");
	}
	CHECK_DONE();
}
