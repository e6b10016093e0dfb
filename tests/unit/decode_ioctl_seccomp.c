// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: a seccomp notification received (only a notification fd
 * answers; tests/live/parity_seccomp.sh has strace's word for the rest):
 * nothing at entry for a struct all zero, the notification at exit, as
 * strace 6.1's seccomp_ioctl.c prints it; its address when the exit's
 * copy is short.
 */
#include <linux/audit.h>
#include <linux/ioctl.h>
#include <linux/seccomp.h>
#include <string.h>
#include <sys/syscall.h>

#include "check_decode.h"

int main(void)
{
	struct seccomp_notif zero, got;
	struct cap kz = CAP(&zero, 80), kg = CAP(&got, 80);
	struct cap ks = CAP(&got, 79);
	struct sc_call c;

	memset(&zero, 0, sizeof(zero));
	memset(&got, 0, sizeof(got));
	got.id = 0x11;
	got.pid = 4321;
	got.data.nr = SYS_openat;
	got.data.arch = AUDIT_ARCH_X86_64;
	got.data.args[0] = 0xffffff9c;
	c = CALL(SYS_ioctl, 0, 3, SECCOMP_IOCTL_NOTIF_RECV, 0x1000);
	c.cap[2] = &kz;
	c.cap_out[2] = &kg;
	CHECK_STR(run_entry(&c), "ioctl(3, SECCOMP_IOCTL_NOTIF_RECV, ");
	CHECK_STR(run(&c), "ioctl(3, SECCOMP_IOCTL_NOTIF_RECV, {id=0x11, "
		  "pid=4321, flags=0, data={nr=__NR_openat, arch="
		  "AUDIT_ARCH_X86_64, instruction_pointer=NULL, args=["
		  "0xffffff9c, 0, 0, 0, 0, 0]}}) = 0");
	c.cap_out[2] = &ks;
	CHECK_STR(run(&c), "ioctl(3, SECCOMP_IOCTL_NOTIF_RECV, 0x1000) = 0");
	CHECK_DONE();
}
