// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: PTP clock ioctls that only a PTP clock answers
 * (tests/live/parity_ptp.sh has strace's word for the rest): what a get
 * request got at exit, as strace 6.1's ptp.c prints it: the samples'
 * times (dated), a pin's name and function, the capabilities; ", ???"
 * when the exit's copy is short, the struct's end alone after a failure.
 */
#include <linux/ptp_clock.h>
#include <string.h>
#include <sys/syscall.h>

#include "check_decode.h"

int main(void)
{
	struct ptp_sys_offset so;
	struct ptp_pin_desc pin, pin_got;
	int32_t caps[20] = { 1000000, 0, 2, 2, 1, 4, 1, 0 };
	struct cap ks = CAP(&so, sizeof(so)), ks_short = CAP(&so, 816);
	struct cap kp = CAP(&pin, sizeof(pin)), kpg = CAP(&pin_got, 96);
	struct cap kc = CAP(caps, 80);
	struct sc_call c;

	memset(&so, 0, sizeof(so));
	so.n_samples = 1;
	so.ts[0].sec = 1700000000;
	so.ts[0].nsec = 5;
	so.ts[1].sec = 37;
	so.ts[2].sec = 1700000000;
	so.ts[2].nsec = 7;
	c = CALL(SYS_ioctl, 0, 3, PTP_SYS_OFFSET, 0x1000);
	c.cap[2] = &ks;
	c.cap_out[2] = &ks;
	CHECK_STR(run_entry(&c), "ioctl(3, PTP_SYS_OFFSET, {n_samples=1");
	CHECK_STR(run(&c), "ioctl(3, PTP_SYS_OFFSET, {n_samples=1, ts=[{sec="
		  "1700000000, nsec=5} /* 2023-11-14T22:13:20.000000005+0000 */"
		  ", {sec=37, nsec=0} /* 1970-01-01T00:00:37+0000 */, {sec="
		  "1700000000, nsec=7} /* 2023-11-14T22:13:20.000000007+0000 "
		  "*/]}) = 0");
	c.cap_out[2] = &ks_short;
	CHECK_STR(run(&c), "ioctl(3, PTP_SYS_OFFSET, {n_samples=1, ???}) = 0");
	c.ret = -25;
	CHECK_STR(run(&c), "ioctl(3, PTP_SYS_OFFSET, {n_samples=1}) = -1 "
		  "ENOTTY (Inappropriate ioctl for device)");

	memset(&pin, 0, sizeof(pin));
	pin.index = 2;
	memcpy(&pin_got, &pin, sizeof(pin));
	strcpy(pin_got.name, "SDP2");
	pin_got.func = PTP_PF_EXTTS;
	pin_got.chan = 1;
	c = CALL(SYS_ioctl, 0, 3, PTP_PIN_GETFUNC, 0x1000);
	c.cap[2] = &kp;
	c.cap_out[2] = &kpg;
	CHECK_STR(run(&c), "ioctl(3, PTP_PIN_GETFUNC, {index=2, name=\"SDP2\", "
		  "func=PTP_PF_EXTTS, chan=1}) = 0");

	c = CALL(SYS_ioctl, 0, 3, PTP_CLOCK_GETCAPS, 0x1000);
	c.cap_out[2] = &kc;
	CHECK_STR(run(&c), "ioctl(3, PTP_CLOCK_GETCAPS, {max_adj=1000000, "
		  "n_alarm=0, n_ext_ts=2, n_per_out=2, pps=1, n_pins=4, "
		  "cross_timestamping=1, adjust_phase=0}) = 0");
	CHECK_DONE();
}
