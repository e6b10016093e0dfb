// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: UBI ioctls as only a UBI device answers them
 * (tests/live/parity_ubi.sh has strace's word for the rest): the number
 * making a volume or attaching a device got, at exit (" => [n]"; nothing
 * after a failure, the pointer when the exit's copy is short), a name
 * whose last byte is its NUL (no "..."), renames cut at -s, and the
 * entry's half before the call returns.
 */
#include <linux/ioctl.h>
#include <mtd/ubi-user.h>
#include <string.h>
#include <sys/syscall.h>

#include "check_decode.h"

int main(void)
{
	static struct ubi_rnvol_req rn;
	struct ubi_mkvol_req mk, mk_got;
	struct ubi_attach_req at = { -1, 3, 0, 20, 0, { 0 } }, at_got;
	struct cap km = CAP(&mk, sizeof(mk)), kmg = CAP(&mk_got, 4);
	struct cap ka = CAP(&at, sizeof(at)), kag = CAP(&at_got, 3);
	struct cap kr = CAP(&rn, sizeof(rn));
	struct sc_call c;

	memset(&mk, 0, sizeof(mk));
	mk.vol_id = UBI_VOL_NUM_AUTO;
	mk.bytes = 1 << 20;
	mk.vol_type = UBI_STATIC_VOLUME;
	mk.name_len = 5;
	memcpy(mk.name, "data0", 5);
	memcpy(&mk_got, &mk, sizeof(mk));
	mk_got.vol_id = 3;
	c = CALL(SYS_ioctl, 0, 3, UBI_IOCMKVOL, 0x1000);
	c.cap[2] = &km;
	c.cap_out[2] = &kmg;
	CHECK_STR(run_entry(&c), "ioctl(3, UBI_IOCMKVOL, {vol_id=-1, "
		  "alignment=0, bytes=1048576, vol_type=UBI_STATIC_VOLUME, "
		  "flags=0, name_len=5, name=\"data0\"}");
	CHECK_STR(run(&c), "ioctl(3, UBI_IOCMKVOL, {vol_id=-1, alignment=0, "
		  "bytes=1048576, vol_type=UBI_STATIC_VOLUME, flags=0, "
		  "name_len=5, name=\"data0\"} => [3]) = 0");
	mk.name[5] = 'x';
	mk.name_len = 4;
	CHECK_STR(run(&c), "ioctl(3, UBI_IOCMKVOL, {vol_id=-1, alignment=0, "
		  "bytes=1048576, vol_type=UBI_STATIC_VOLUME, flags=0, "
		  "name_len=4, name=\"data\"...} => [3]) = 0");
	c.ret = -17;
	CHECK_STR(run(&c), "ioctl(3, UBI_IOCMKVOL, {vol_id=-1, alignment=0, "
		  "bytes=1048576, vol_type=UBI_STATIC_VOLUME, flags=0, "
		  "name_len=4, name=\"data\"...}) = -1 EEXIST (File exists)");

	at_got = at;
	c = CALL(SYS_ioctl, 0, 3, UBI_IOCATT, 0x1000);
	c.cap[2] = &ka;
	c.cap_out[2] = &kag;
	CHECK_STR(run(&c), "ioctl(3, UBI_IOCATT, {ubi_num=-1, mtd_num=3, "
		  "vid_hdr_offset=0, max_beb_per1024=20} => 0x1000) = 0");

	for (int j = 0; j < 3; j++) {
		rn.ents[j].vol_id = j;
		rn.ents[j].name_len = 1;
		rn.ents[j].name[0] = 'a' + j;
	}
	rn.count = 3;
	fo.strsize = 2;
	c = CALL(SYS_ioctl, 0, 3, UBI_IOCRNVOL, 0x1000);
	c.cap[2] = &kr;
	CHECK_STR(run(&c), "ioctl(3, UBI_IOCRNVOL, {count=3, ents=[{vol_id=0, "
		  "name_len=1, name=\"a\"}, {vol_id=1, name_len=1, name=\"b\"}, "
		  "...]}) = 0");
	fo.strsize = 32;
	kr.len = sizeof(rn) - 1;
	CHECK_STR(run(&c), "ioctl(3, UBI_IOCRNVOL, 0x1000) = 0");
	CHECK_DONE();
}
