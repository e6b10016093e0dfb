// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: (IDE) disk ioctls, HDIO_*, that only a disk answers
 * (tests/live/parity_hdio.sh has strace's word for the rest): what a get
 * request got, at exit, as strace 6.1's hdio decoder prints it; a short
 * copy prints the pointer.
 */
#include <linux/hdreg.h>
#include <sys/syscall.h>

#include "check_decode.h"

int main(void)
{
	uint8_t geo[16] = { 255, 63, 0x10, 0x01, 0, 0, 0, 0, 0x3f };
	uint64_t nice = 0x15, bus = BUSSTATE_ON, n = 16;
	char id[512] = "WDC WD10EZEX-00B";
	struct cap kg = CAP(geo, 16), kg_short = CAP(geo, 15);
	struct cap kn = CAP(&nice, 8), kb = CAP(&bus, 8), km = CAP(&n, 8);
	struct cap ki = CAP(id, 64);
	struct sc_call c;

	c = CALL(SYS_ioctl, 0, 3, HDIO_GETGEO, 0x1000);
	c.cap_out[2] = &kg;
	CHECK_STR(run_entry(&c), "ioctl(3, HDIO_GETGEO");
	CHECK_STR(run(&c), "ioctl(3, HDIO_GETGEO, {heads=255, sectors=63, "
		  "cylinders=272, start=63}) = 0");
	c.cap_out[2] = &kg_short;
	CHECK_STR(run(&c), "ioctl(3, HDIO_GETGEO, 0x1000) = 0");
	c = CALL(SYS_ioctl, 0, 3, HDIO_GET_NICE, 0x1000);
	c.cap_out[2] = &kn;
	CHECK_STR(run(&c), "ioctl(3, HDIO_GET_NICE, [1 << IDE_NICE_DSC_OVERLAP"
		  "|1 << IDE_NICE_0|1 << IDE_NICE_2]) = 0");
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "ioctl(3, 0x30c /* "
		  "HDIO_GET_NICE */, [0x15 /* 1 << IDE_NICE_DSC_OVERLAP|"
		  "1 << IDE_NICE_0|1 << IDE_NICE_2 */]) = 0");
	c = CALL(SYS_ioctl, 0, 3, HDIO_GET_BUSSTATE, 0x1000);
	c.cap_out[2] = &kb;
	CHECK_STR(run(&c), "ioctl(3, HDIO_GET_BUSSTATE, [BUSSTATE_ON]) = 0");
	c = CALL(SYS_ioctl, 0, 3, HDIO_GET_MULTCOUNT, 0x1000);
	c.cap_out[2] = &km;
	CHECK_STR(run(&c), "ioctl(3, HDIO_GET_MULTCOUNT, [16]) = 0");
	c = CALL(SYS_ioctl, 0, 3, HDIO_GET_IDENTITY, 0x1000);
	c.cap_out[2] = &ki;
	CHECK_STR(run(&c), "ioctl(3, HDIO_GET_IDENTITY, \"WDC WD10EZEX-00B"
		  "\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\\0\"...) = 0");
	CHECK_DONE();
}
