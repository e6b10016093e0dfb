// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: (IDE) disk ioctls, HDIO_*, that only a disk answers
 * (tests/live/parity_hdio.sh has strace's word for the rest): what a get
 * request got, at exit, as strace 6.1's hdio decoder prints it; a short
 * copy prints the pointer; a drive command's results after a success and
 * after EIO (the drive's error), not after another failure.
 */
#include <linux/hdreg.h>
#include <string.h>
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
	{
		uint8_t cmd[4 + 512] = { 0xec, 0, 0, 1 }, got[4 + 512];
		struct cap kc = CAP(cmd, 4), kx = CAP(got, sizeof(got));

		memcpy(got, cmd, sizeof(got));
		got[0] = 0x50;
		got[1] = 0;
		got[2] = 1;
		for (int i = 0; i < 512; i++)
			got[4 + i] = (uint8_t)i;
		fo.strsize = 4;
		c = CALL(SYS_ioctl, 0, 3, HDIO_DRIVE_CMD, 0x1000);
		c.cap[2] = &kc;
		c.cap_out[2] = &kx;
		CHECK_STR(run(&c), "ioctl(3, HDIO_DRIVE_CMD, {command="
			  "ATA_CMD_ID_ATA, sector_number=0, feature=0, "
			  "sector_count=1} => {status=0x50, error=0, nsector=1, "
			  "buf=\"\\x00\\x01\\x02\\x03\"...}) = 0");
		c.ret = -5;
		got[3] = 0;
		CHECK_STR(run(&c), "ioctl(3, HDIO_DRIVE_CMD, {command="
			  "ATA_CMD_ID_ATA, sector_number=0, feature=0, "
			  "sector_count=1} => {status=0x50, error=0, nsector=1})"
			  " = -1 EIO (Input/output error)");
		c.ret = -22;
		CHECK_STR(run(&c), "ioctl(3, HDIO_DRIVE_CMD, {command="
			  "ATA_CMD_ID_ATA, sector_number=0, feature=0, "
			  "sector_count=1}) = -1 EINVAL (Invalid argument)");
		/* fewer sector bytes copied than -s shows: the pointer */
		c.ret = 0;
		got[3] = 1;
		kx.len = 6;
		CHECK_STR(run(&c), "ioctl(3, HDIO_DRIVE_CMD, {command="
			  "ATA_CMD_ID_ATA, sector_number=0, feature=0, "
			  "sector_count=1} => {status=0x50, error=0, nsector=1, "
			  "buf=0x1004}) = 0");
		fo.strsize = 32;
	}
	CHECK_DONE();
}
