// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: SCSI generic ioctls that only a SCSI device answers
 * (tests/live/parity_scsi.sh has strace's word for the rest): what a get
 * request got at exit, as strace 6.1's scsi.c prints it; SG_IO's v3
 * header (not decoded) prints the pointer.
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
	CHECK_STR(run(&c), "ioctl(3, SG_IO, 0x1000) = 0");
	CHECK_DONE();
}
