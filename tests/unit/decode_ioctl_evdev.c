// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: input device ioctls (evdev) that only a real device answers
 * (tests/live/parity_evdev.sh has strace's word for the rest): what a
 * read request got, printed at exit as strace 6.1's evdev.c does; a
 * failed call, a short copy and a bit set (not decoded) print the
 * pointer; the numbers built from parts in each -X style.
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
	CHECK_STR(run(&c), "ioctl(3, EVIOCGBIT(EV_KEY, 8), 0x1000) = 8");
	CHECK_DONE();
}
