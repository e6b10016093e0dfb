// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: MTD ioctls that only a flash device answers
 * (tests/live/parity_mtd.sh has strace's word for the rest): what a get
 * request got at exit, as strace 6.1's mtd.c prints it: the device's
 * info, its ECC statistics, a region's geometry after the index asked,
 * an OOB layout's arrays cut at -s.
 */
#include <linux/ioctl.h>
#include <mtd/mtd-abi.h>
#include <string.h>
#include <sys/syscall.h>

#include "check_decode.h"

int main(void)
{
	struct mtd_info_user info = { MTD_NANDFLASH, MTD_WRITEABLE, 0x8000000,
				      0x20000, 0x800, 0x40, 0 };
	struct mtd_ecc_stats st = { 3, 0, 2, 4 };
	struct region_info_user ri = { 0x100000, 0x10000, 16, 1 };
	struct nand_ecclayout_user lay;
	struct cap ki = CAP(&info, 32), ks = CAP(&st, 16), kr = CAP(&ri, 16);
	struct cap kl = CAP(&lay, sizeof(lay));
	struct sc_call c;

	c = CALL(SYS_ioctl, 0, 3, MEMGETINFO, 0x1000);
	c.cap_out[2] = &ki;
	CHECK_STR(run(&c), "ioctl(3, MIXER_READ(1) or MEMGETINFO, {type="
		  "MTD_NANDFLASH, flags=MTD_WRITEABLE, size=0x8000000, "
		  "erasesize=0x20000, writesize=0x800, oobsize=0x40, padding=0})"
		  " = 0");
	c = CALL(SYS_ioctl, 0, 3, ECCGETSTATS, 0x1000);
	c.cap_out[2] = &ks;
	CHECK_STR(run(&c), "ioctl(3, MIXER_READ(18) or ECCGETSTATS, {corrected="
		  "0x3, failed=0, badblocks=0x2, bbtblocks=0x4}) = 0");
	c = CALL(SYS_ioctl, 0, 3, MEMGETREGIONINFO, 0x1000);
	c.cap[2] = &kr;
	c.cap_out[2] = &kr;
	CHECK_STR(run_entry(&c), "ioctl(3, MEMGETREGIONINFO, {regionindex=0x1");
	CHECK_STR(run(&c), "ioctl(3, MEMGETREGIONINFO, {regionindex=0x1, "
		  "offset=0x100000, erasesize=0x10000, numblocks=0x10}) = 0");
	memset(&lay, 0, sizeof(lay));
	lay.eccbytes = 64;
	fo.strsize = 2;
	c = CALL(SYS_ioctl, 0, 3, ECCGETLAYOUT, 0x1000);
	c.cap_out[2] = &kl;
	CHECK_STR(run(&c), "ioctl(3, MIXER_READ(17) or ECCGETLAYOUT, {eccbytes="
		  "0x40, eccpos=[0, 0, ...], oobavail=0, oobfree=[{offset=0, "
		  "length=0}, {offset=0, length=0}, ...]}) = 0");
	fo.strsize = 32;
	CHECK_DONE();
}
