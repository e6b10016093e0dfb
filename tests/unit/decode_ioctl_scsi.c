// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: SCSI generic ioctls that only a SCSI device answers
 * (tests/live/parity_scsi.sh has strace's word for the rest): what a get
 * request got at exit, as strace 6.1's scsi.c prints it; SG_IO's v3
 * header: its request at entry, its response at exit (the buffers as
 * pointers), a short copy as strace's unreadable header.
 */
#include <scsi/sg.h>
#include <string.h>
#include <sys/syscall.h>

#include "check_decode.h"

int main(void)
{
	int32_t id[8] = { 1, 0, 0x5, 2, 0x1f, 0x00200003, 0, 0 };
	uint8_t ri[24] = { 2, 0, 1, 0, 7, 0, 0, 0, 0, 0x10 };
	int32_t ver = 30527, iid = 'S';
	struct cap ki = CAP(id, 32), kr = CAP(ri, 24), kv = CAP(&ver, 4);
	struct cap kiid = CAP(&iid, 4);
	struct sc_call c;

	ri[16] = 250;
	c = CALL(SYS_ioctl, 0, 3, SG_GET_SCSI_ID, 0x1000);
	c.cap_out[2] = &ki;
	CHECK_STR(run(&c), "ioctl(3, SG_GET_SCSI_ID, {host_no=1, channel=0, "
		  "scsi_id=0x5, lun=2, scsi_type=0x1f, h_cmd_per_lun=3, "
		  "d_queue_depth=32}) = 0");
	c = CALL(SYS_ioctl, 0, 3, SG_GET_REQUEST_TABLE, 0x1000);
	c.cap_out[2] = &kr;
	CHECK_STR(run(&c), "ioctl(3, SG_GET_REQUEST_TABLE, {req_state=2, "
		  "orphan=0, sg_io_owned=1, problem=0, pack_id=7, usr_ptr="
		  "0x1000, duration=250}) = 0");
	c = CALL(SYS_ioctl, 0, 3, SG_GET_VERSION_NUM, 0x1000);
	c.cap_out[2] = &kv;
	CHECK_STR(run_entry(&c), "ioctl(3, SG_GET_VERSION_NUM");
	CHECK_STR(run(&c), "ioctl(3, SG_GET_VERSION_NUM, [30527]) = 0");
	c = CALL(SYS_ioctl, 0, 3, SG_IO, 0x1000);
	c.cap[2] = &kiid;
	CHECK_STR(run(&c), "ioctl(3, SG_IO, {interface_id='S', 0x1004}) = 0");
	{
		uint8_t h[88] = { 'S' }, o[88];
		int32_t dir = SG_DXFER_TO_FROM_DEV, resid = 1;
		uint32_t len = 3, fl = 0x10002, info = 9;
		uint64_t dp = 0x2000, cp = 0x3000, sp = 0x4000;
		struct cap kh = CAP(h, 88), ko = CAP(o, 88);

		memcpy(h + 4, &dir, 4);
		h[8] = 6;
		h[9] = 32;
		memcpy(h + 12, &len, 4);
		memcpy(h + 16, &dp, 8);
		memcpy(h + 24, &cp, 8);
		memcpy(h + 32, &sp, 8);
		memcpy(h + 44, &fl, 4);
		memcpy(o, h, 88);
		o[64] = 2;
		o[67] = 18;
		memcpy(o + 72, &resid, 4);
		memcpy(o + 80, &info, 4);
		c = CALL(SYS_ioctl, -9, -1, SG_IO, 0x1000);
		c.cap[2] = &kh;
		c.cap_out[2] = &ko;
		CHECK_STR(run(&c), "ioctl(-1, SG_IO, {interface_id='S', "
			  "dxfer_direction=SG_DXFER_TO_FROM_DEV, cmd_len=6, "
			  "cmdp=0x3000, mx_sb_len=32, iovec_count=0, "
			  "dxfer_len=3, timeout=0, flags=SG_FLAG_UNUSED_LUN_"
			  "INHIBIT|SG_FLAG_NO_DXFER, dxferp=0x2000 => "
			  "dxferp=0x2000, status=0x2, masked_status=0, "
			  "msg_status=0, sb_len_wr=18, sbp=0x4000, "
			  "host_status=0, driver_status=0, resid=1, "
			  "duration=0, info=SG_INFO_CHECK|0x8}) = -1 EBADF "
			  "(Bad file descriptor)");
		/* dxferp's data copied: 3 bytes at entry, 2 at exit */
		{
			static const uint8_t d[4] = { 0xd5, 0xd6, 0xd7, 0 };
			static const uint8_t e[2] = { 0xe5, 0xe6 };
			struct cap kd = CAP(d, 4), ke = CAP(e, 2);

			c.inner[0] = &kd;
			c.inner[1] = &ke;
			CHECK(strstr(run(&c), "dxferp=\"\\xd5\\xd6\\xd7\" => "
				     "dxferp=\"\\xe5\\xe6\", status=0x2"));
			/* an iovec there: the pointer */
			h[10] = 1;
			CHECK(strstr(run(&c), "iovec_count=1, dxfer_len=3, "
				     "timeout=0, flags=SG_FLAG_UNUSED_LUN_"
				     "INHIBIT|SG_FLAG_NO_DXFER, dxferp=0x2000"));
			h[10] = 0;
			c.inner[0] = c.inner[1] = NULL;
		}
		/* all of dxfer_len left: no new dxferp */
		resid = 3;
		memcpy(o + 72, &resid, 4);
		o[0] = 'S';
		CHECK(strstr(run(&c), "dxferp=0x2000, status") &&
		      !strstr(run(&c), "=> dxferp"));
		/* the response not read: the buffers' addresses */
		c.cap_out[2] = NULL;
		CHECK_STR(run(&c), "ioctl(-1, SG_IO, {interface_id='S', "
			  "dxfer_direction=SG_DXFER_TO_FROM_DEV, cmd_len=6, "
			  "cmdp=0x3000, mx_sb_len=32, iovec_count=0, "
			  "dxfer_len=3, timeout=0, flags=SG_FLAG_UNUSED_LUN_"
			  "INHIBIT|SG_FLAG_NO_DXFER, dxferp=0x2000, "
			  "sbp=0x4000}) = -1 EBADF (Bad file descriptor)");
		/* the interface id changed */
		o[0] = 'Q';
		c.cap_out[2] = &ko;
		CHECK(strstr(run(&c), "dxferp=0x2000 => interface_id=81}) = -1")
		      != NULL);
	}
	CHECK_DONE();
}
