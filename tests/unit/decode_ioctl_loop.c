// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: loop device ioctls that only a loop device answers
 * (tests/live/parity_loop.sh has strace's word for the rest): the status
 * a get request got, at exit, as strace 6.1's loop.c prints it, short
 * and with -v; a short copy prints the pointer.
 */
#include <linux/loop.h>
#include <string.h>
#include <sys/syscall.h>

#include "check_decode.h"

int main(void)
{
	struct loop_info64 i64;
	struct cap k = CAP(&i64, sizeof(i64)), ks = CAP(&i64, 231);
	struct sc_call c;

	memset(&i64, 0, sizeof(i64));
	i64.lo_device = 0x803;
	i64.lo_inode = 12;
	i64.lo_offset = 0x100000;
	i64.lo_number = 7;
	i64.lo_flags = LO_FLAGS_AUTOCLEAR | LO_FLAGS_PARTSCAN;
	strcpy((char *)i64.lo_file_name, "/var/disk.img");
	c = CALL(SYS_ioctl, 0, 3, LOOP_GET_STATUS64, 0x1000);
	c.cap_out[2] = &k;
	CHECK_STR(run_entry(&c), "ioctl(3, LOOP_GET_STATUS64");
	CHECK_STR(run(&c), "ioctl(3, LOOP_GET_STATUS64, {lo_offset=0x100000, "
		  "lo_number=7, lo_flags=LO_FLAGS_AUTOCLEAR|LO_FLAGS_PARTSCAN, "
		  "lo_file_name=\"/var/disk.img\", ...}) = 0");
	fo.verbose = 1;
	CHECK_STR(run(&c), "ioctl(3, LOOP_GET_STATUS64, {lo_device=makedev("
		  "0x8, 0x3), lo_inode=12, lo_rdevice=makedev(0, 0), lo_offset="
		  "0x100000, lo_sizelimit=0, lo_number=7, lo_encrypt_type="
		  "LO_CRYPT_NONE, lo_encrypt_key_size=0, lo_flags="
		  "LO_FLAGS_AUTOCLEAR|LO_FLAGS_PARTSCAN, lo_file_name="
		  "\"/var/disk.img\", lo_crypt_name=\"\", lo_encrypt_key=\"\", "
		  "lo_init=[0, 0]}) = 0");
	fo.verbose = 0;
	c.cap_out[2] = &ks;
	CHECK_STR(run(&c), "ioctl(3, LOOP_GET_STATUS64, 0x1000) = 0");
	CHECK_DONE();
}
