// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: every argument at the width and signedness of its C type.
 * The kernel reads an int, a umode_t or an unsigned int from the low bits
 * of the register; the upper bits are whatever the caller left there, and
 * printing them would print a value the call never saw.  Each line is what
 * strace 6.1 prints for the same registers (its tests umode_t.c, mbind.c,
 * mknod.c, xetpriority.c make such calls on purpose).
 */
#include <fcntl.h>
#include <sys/syscall.h>

#include "check_decode.h"

/* the upper half of a register, as strace's tests fill it */
#define JUNK 0xdeadbeef00000000ULL

int main(void)
{
	struct sc_call c;

	/* umode_t: 16 bits */
	c = CALL(SYS_mkdir, -17, 0x1000, 0xffffffffffff0000ULL);
	CHECK_STR(run(&c), "mkdir(0x1000, 000) = -1 EEXIST (File exists)");
	c = CALL(SYS_mkdir, -17, 0x1000, 0xffffffff0000ffffULL);
	CHECK_STR(run(&c), "mkdir(0x1000, 0177777) = -1 EEXIST (File exists)");
	c = CALL(SYS_umask, 022, JUNK | 022);
	CHECK_STR(run(&c), "umask(022) = 022");
	c = CALL(SYS_fchmodat, -9, JUNK | 3, 0x1000, JUNK | 0600, 0);
	CHECK_STR(run(&c), "fchmodat(3, 0x1000, 0600) = -1 EBADF (Bad file "
		  "descriptor)");
	/* mknod: umode_t mode, unsigned int dev */
	c = CALL(SYS_mknod, -1, 0x1000, JUNK | 020600, JUNK | 0x103);
	CHECK_STR(run(&c), "mknod(0x1000, S_IFCHR|0600, makedev(0x1, 0x3)) "
		  "= -1 EPERM (Operation not permitted)");
	/* a file type the kernel lacks: the whole mode in octal, no device */
	c = CALL(SYS_mknod, -22, 0x1000, 0xffffffffffffffffULL, 0);
	CHECK_STR(run(&c), "mknod(0x1000, 0177777) = -1 EINVAL (Invalid "
		  "argument)");
	/* unsigned int flags: mbind's last argument */
	c = CALL(SYS_mbind, -22, 0xfffffff1fffffff2ULL, 0xfffffff4fffffff4ULL,
		 0, 0xfffffff5fffffff6ULL, 0xfffffff7fffffff8ULL,
		 0xfffffff9ffffffffULL);
	CHECK_STR(run(&c), "mbind(0xfffffff1fffffff2, 18446744026464911348, "
		  "MPOL_DEFAULT, 0xfffffff5fffffff6, 18446744039349813240, "
		  "MPOL_MF_STRICT|MPOL_MF_MOVE|MPOL_MF_MOVE_ALL|0xfffffff8) "
		  "= -1 EINVAL (Invalid argument)");
	/* int: fds, signals, open flags, socket family */
	c = CALL(SYS_close, 0, JUNK | 3);
	CHECK_STR(run(&c), "close(3) = 0");
	c = CALL(SYS_kill, 0, JUNK | 1, JUNK | 15);
	CHECK_STR(run(&c), "kill(1, SIGTERM) = 0");
	c = CALL(SYS_openat, 3, JUNK | (uint32_t)AT_FDCWD, 0x1000,
		 JUNK | O_RDONLY | O_CLOEXEC);
	CHECK_STR(run(&c), "openat(AT_FDCWD, 0x1000, O_RDONLY|O_CLOEXEC) = 3");
	c = CALL(SYS_socket, 3, JUNK | 2, JUNK | 1, JUNK);
	CHECK_STR(run(&c), "socket(AF_INET, SOCK_STREAM, IPPROTO_IP) = 3");
	/* unsigned long stays whole: readv's count, unshare's flags */
	c = CALL(SYS_readv, -22, 3, 0, 0x100000000ULL);
	CHECK_STR(run(&c), "readv(3, NULL, 4294967296) = -1 EINVAL (Invalid "
		  "argument)");
	c = CALL(SYS_unshare, -22, 0x100000000ULL | 0x200);
	CHECK_STR(run(&c), "unshare(CLONE_FS|0x100000000) = -1 EINVAL "
		  "(Invalid argument)");
	CHECK_DONE();
}
