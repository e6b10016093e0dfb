// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: LIRC ioctls that only an infrared device answers
 * (tests/live/parity_lirc.sh has strace's word for the rest): what a get
 * request got at exit, as strace 6.1's lirc_ioctl.c prints it: the
 * features' bits (an unknown one in hex), a mode, a number; the pointer
 * after a failure or a copy too short; a set request's value at entry;
 * the -X styles.
 */
#include <linux/lirc.h>
#include <sys/syscall.h>

#include "check_decode.h"

int main(void)
{
	uint32_t feat = LIRC_CAN_SEND_PULSE | LIRC_CAN_SET_SEND_DUTY_CYCLE |
			LIRC_CAN_GET_REC_RESOLUTION |
			LIRC_CAN_USE_WIDEBAND_RECEIVER | 0x8000000;
	uint32_t mode = LIRC_MODE_RAW, zero = 0, num = 120000, mask = 0x1f;
	struct cap kf = CAP(&feat, 4), kz = CAP(&zero, 4), km = CAP(&mode, 4);
	struct cap kn = CAP(&num, 4), kshort = CAP(&num, 3);
	struct cap kx = CAP(&mask, 4);
	struct sc_call c;

	c = CALL(SYS_ioctl, 0, 3, LIRC_GET_FEATURES, 0x1000);
	c.cap_out[2] = &kf;
	CHECK_STR(run_entry(&c), "ioctl(3, LIRC_GET_FEATURES");
	CHECK_STR(run(&c), "ioctl(3, LIRC_GET_FEATURES, [LIRC_CAN_SEND_PULSE|"
		  "LIRC_CAN_SET_SEND_DUTY_CYCLE|LIRC_CAN_USE_WIDEBAND_RECEIVER|"
		  "LIRC_CAN_GET_REC_RESOLUTION|0x8000000]) = 0");
	CHECK_STR(run_style(&c, XSTYLE_RAW), "ioctl(3, 0x80046900, "
		  "[0x2c000202]) = 0");
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "ioctl(3, 0x80046900 /* "
		  "LIRC_GET_FEATURES */, [0x2c000202 /* LIRC_CAN_SEND_PULSE|"
		  "LIRC_CAN_SET_SEND_DUTY_CYCLE|LIRC_CAN_USE_WIDEBAND_RECEIVER|"
		  "LIRC_CAN_GET_REC_RESOLUTION|0x8000000 */]) = 0");
	c.cap_out[2] = &kz;
	CHECK_STR(run(&c), "ioctl(3, LIRC_GET_FEATURES, [0]) = 0");
	c.cap_out[2] = &kshort;
	CHECK_STR(run(&c), "ioctl(3, LIRC_GET_FEATURES, 0x1000) = 0");
	c.cap_out[2] = &kf;
	c.ret = -25;
	CHECK_STR(run(&c), "ioctl(3, LIRC_GET_FEATURES, 0x1000) = -1 ENOTTY "
		  "(Inappropriate ioctl for device)");

	c = CALL(SYS_ioctl, 0, 3, LIRC_GET_REC_MODE, 0x1000);
	c.cap_out[2] = &km;
	CHECK_STR(run(&c), "ioctl(3, LIRC_GET_REC_MODE, [LIRC_MODE_RAW]) = 0");
	c = CALL(SYS_ioctl, 0, 3, LIRC_GET_MIN_TIMEOUT, 0x1000);
	c.cap_out[2] = &kn;
	CHECK_STR(run(&c), "ioctl(3, I2OVALIDATE or LIRC_GET_MIN_TIMEOUT, "
		  "[120000]) = 0");

	/* a set request's value is what the call was given */
	c = CALL(SYS_ioctl, 0, 3, LIRC_SET_TRANSMITTER_MASK, 0x1000);
	c.cap[2] = &kx;
	CHECK_STR(run_entry(&c), "ioctl(3, LIRC_SET_TRANSMITTER_MASK, [0x1f]");
	CHECK_STR(run(&c), "ioctl(3, LIRC_SET_TRANSMITTER_MASK, [0x1f]) = 0");
	c = CALL(SYS_ioctl, 0, 3, LIRC_SET_REC_CARRIER_RANGE, 0x1000);
	c.cap[2] = &kn;
	CHECK_STR(run(&c), "ioctl(3, IPMICTL_SET_MAINTENANCE_MODE_CMD or "
		  "LIRC_SET_REC_CARRIER_RANGE, [120000]) = 0");
	CHECK_DONE();
}
