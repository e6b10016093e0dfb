// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: lines of strace 6.1's own tests (kcmp.c, nanosleep.c,
 * clock_nanosleep.c, epoll_ctl.c): kcmp's idx1 and idx2 by type (two
 * fds, an fd and struct kcmp_epoll_slot, nothing, or hex for a type
 * strace does not know); the remaining time of a sleep a signal cut,
 * only when it is to be restarted and, for clock_nanosleep, not
 * TIMER_ABSTIME; epoll_ctl's event as a pointer for EPOLL_CTL_DEL
 * (reboot.c, pkey_alloc.c:) reboot's string only for RESTART2, cut at
 * 255 bytes with "...", its address when it ends in fewer readable
 * bytes; MAGIC_??? and PKEY_??? for unknown values; (openat.c:) open's
 * __O_SYNC and __O_TMPFILE bits named alone, O_SYNC and O_TMPFILE whole;
 * (unshare.c, sendfile.c, wait4.c, sethostname.c, xattr.c:) unshare's
 * flags in the order of their values; sendfile's offset unsigned;
 * wait4's rusage only when it reaped a child; a hostname longer than 64
 * and an xattr value longer than 65536 as their address; a value's
 * trailing NUL left out; a list given no room as its address;
 * rt_sigpending's set of any size up to 8; (xettimeofday.c,
 * xet_robust_list.c:) struct timezone; the head and length
 * get_robust_list fills; (setgroups.c:) gid -1 as -1, the others
 * unsigned, the readable part of a list that runs into unreadable memory
 * and "... /+ address +/" there, -s's elements and "..." when strace read
 * one more, a list longer than 65536 as its address.
 */
#include <sys/syscall.h>

#include "check_decode.h"

static void test_kcmp(void)
{
	static const uint8_t slot[12] = { 23, 0, 0, 0, 42, 0, 0, 0, 0xed,
					  0xfe, 0xde, 0xba };
	struct cap k = CAP(slot, 12);
	struct sc_call c = CALL(SYS_kcmp, -3, 0xfacefeed, 0xdec0ded3,
				0xda7adead, 0xdec0ded3dec0ded4,
				0xba5e1e55deadc0de);

	CHECK_STR(run(&c), "kcmp(-87097619, -557785389, 0xda7adead /* "
		  "KCMP_??? */, 0xdec0ded3dec0ded4, 0xba5e1e55deadc0de) = -1 "
		  "ESRCH (No such process)");
	c = CALL(SYS_kcmp, -3, -1, -1, 0, 0xdeadbeefdec0ded4,
		 0xbadc0dedfeedbeef);
	CHECK_STR(run(&c), "kcmp(-1, -1, KCMP_FILE, -557785388, -17973521) = "
		  "-1 ESRCH (No such process)");
	c = CALL(SYS_kcmp, -3, -1, -1, 1, 5, 6);
	CHECK_STR(run(&c), "kcmp(-1, -1, KCMP_VM) = -1 ESRCH (No such "
		  "process)");
	c = CALL(SYS_kcmp, -3, -1, -1, 7, 3, 0);
	CHECK_STR(run(&c), "kcmp(-1, -1, KCMP_EPOLL_TFD, 3, NULL) = -1 ESRCH "
		  "(No such process)");
	/* the slot not read: its address */
	c = CALL(SYS_kcmp, -3, -1, -1, 7, 3, 0x7ffc1000);
	CHECK_STR(run(&c), "kcmp(-1, -1, KCMP_EPOLL_TFD, 3, 0x7ffc1000) = -1 "
		  "ESRCH (No such process)");
	c.cap[4] = &k;
	CHECK_STR(run(&c), "kcmp(-1, -1, KCMP_EPOLL_TFD, 3, {efd=23, tfd=42, "
		  "toff=3135176429}) = -1 ESRCH (No such process)");
}

static void test_sleeps(void)
{
	static const uint8_t rem[16] = { 0, 0, 0, 0, 0, 0, 0, 0,
					 0x10, 0x27, 0, 0, 0, 0, 0, 0 };
	struct cap k = CAP(rem, 16);
	struct sc_call c = CALL(SYS_nanosleep, -516, 0, 0x7ffc2000);

	c.cap_out[1] = &k;
	CHECK_STR(run(&c), "nanosleep(NULL, {tv_sec=0, tv_nsec=10000}) = ? "
		  "ERESTART_RESTARTBLOCK (Interrupted by signal)");
	/* EINTR (a handler ran): not written for a restart; strace's
	   pointer */
	c.ret = -4;
	CHECK_STR(run(&c), "nanosleep(NULL, 0x7ffc2000) = -1 EINTR (Interrupted "
		  "system call)");
	c = CALL(SYS_clock_nanosleep, -516, 0, 0, 0, 0x7ffc2000);
	c.cap_out[3] = &k;
	CHECK_STR(run(&c), "clock_nanosleep(CLOCK_REALTIME, 0, NULL, {tv_sec=0, "
		  "tv_nsec=10000}) = ? ERESTART_RESTARTBLOCK (Interrupted by "
		  "signal)");
	c.args[1] = 1;		/* TIMER_ABSTIME: nothing written */
	c.ret = -514;
	CHECK_STR(run(&c), "clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, "
		  "NULL, 0x7ffc2000) = ? ERESTARTNOHAND (To be restarted if no "
		  "handler)");
}

static void test_epoll_ctl(void)
{
	static const uint8_t ev[12] = { 1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff,
					0xff, 0xff, 0xff, 0xff };
	struct cap k = CAP(ev, 12);
	struct sc_call c = CALL(SYS_epoll_ctl, -9, -3, 2, -4, 0x7ffc3000);

	c.cap[3] = &k;
	CHECK_STR(run(&c), "epoll_ctl(-3, EPOLL_CTL_DEL, -4, 0x7ffc3000) = -1 "
		  "EBADF (Bad file descriptor)");
	c.args[1] = 1;
	CHECK_STR(run(&c), "epoll_ctl(-3, EPOLL_CTL_ADD, -4, {events=EPOLLIN, "
		  "data={u32=4294967295, u64=18446744073709551615}}) = -1 EBADF "
		  "(Bad file descriptor)");
}

static void test_reboot(void)
{
	static uint8_t s[255];
	struct cap k;
	struct sc_call c = CALL(SYS_reboot, -22, 0, 0, 0);

	CHECK_STR(run(&c), "reboot(0 /* LINUX_REBOOT_MAGIC_??? */, 0 /* "
		  "LINUX_REBOOT_MAGIC_??? */, LINUX_REBOOT_CMD_CAD_OFF) = -1 "
		  "EINVAL (Invalid argument)");
	memset(s, 'a', sizeof(s));
	k = CAP(s, 255);
	c = CALL(SYS_reboot, -22, 0xfee1dead, 672274793, 0xa1b2c3d4,
		 0x7f001000);
	c.cap[3] = &k;
	fo.strsize = 4;
	CHECK_STR(run(&c), "reboot(LINUX_REBOOT_MAGIC1, LINUX_REBOOT_MAGIC2, "
		  "LINUX_REBOOT_CMD_RESTART2, \"aaaa\"...) = -1 EINVAL (Invalid "
		  "argument)");
	fo.strsize = 300;
	s[3] = 0;
	CHECK_STR(run(&c), "reboot(LINUX_REBOOT_MAGIC1, LINUX_REBOOT_MAGIC2, "
		  "LINUX_REBOOT_CMD_RESTART2, \"aaa\") = -1 EINVAL (Invalid "
		  "argument)");
	s[3] = 'a';
	k.len = 200;	/* the rest could not be read */
	CHECK_STR(run(&c), "reboot(LINUX_REBOOT_MAGIC1, LINUX_REBOOT_MAGIC2, "
		  "LINUX_REBOOT_CMD_RESTART2, 0x7f001000) = -1 EINVAL (Invalid "
		  "argument)");
	fo.strsize = 32;
	c = CALL(SYS_pkey_alloc, -22, 0, 0xbadc0de8);
	CHECK_STR(run(&c), "pkey_alloc(0, 0xbadc0de8 /* PKEY_??? */) = -1 "
		  "EINVAL (Invalid argument)");
}

static void test_open_flags(void)
{
	struct sc_call c = CALL(SYS_openat, -9, -1, 0, 0x100000);

	CHECK_STR(run(&c), "openat(-1, NULL, O_RDONLY|__O_SYNC) = -1 EBADF "
		  "(Bad file descriptor)");
	c.args[2] = 0x101000;
	CHECK_STR(run(&c), "openat(-1, NULL, O_RDONLY|O_SYNC) = -1 EBADF "
		  "(Bad file descriptor)");
	c.args[2] = 0x400000;
	CHECK_STR(run(&c), "openat(-1, NULL, O_RDONLY|__O_TMPFILE, 000) = -1 "
		  "EBADF (Bad file descriptor)");
	c.args[2] = 0x410002;
	CHECK_STR(run(&c), "openat(-1, NULL, O_RDWR|O_TMPFILE, 000) = -1 "
		  "EBADF (Bad file descriptor)");
}

static void test_misc(void)
{
	static const uint8_t off[8] = { 0xed, 0xfe, 0xce, 0xfa, 0xef, 0xbe,
					0xad, 0xde };
	static const uint8_t val[8] = "foo\0bar";
	struct cap ko = CAP(off, 8), kv = CAP(val, 8);
	struct sc_call c = CALL(SYS_unshare, -22, 0x40000280);

	CHECK_STR(run(&c), "unshare(CLONE_NEWTIME|CLONE_FS|CLONE_NEWNET) = -1 "
		  "EINVAL (Invalid argument)");
	c = CALL(SYS_sendfile, -22, 4, 5, 0x7ffc4000, 1);
	c.cap[2] = &ko;
	CHECK_STR(run(&c), "sendfile(4, 5, [16045690985305276141], 1) = -1 "
		  "EINVAL (Invalid argument)");
	c = CALL(SYS_wait4, 0, 5, 0x7ffc5000, 1, 0x7ffc6000);
	CHECK_STR(run(&c), "wait4(5, 0x7ffc5000, WNOHANG, 0x7ffc6000) = 0");
	c = CALL(SYS_sethostname, -22, 0x7ffc7000, 65);
	c.cap[0] = &kv;
	CHECK_STR(run(&c), "sethostname(0x7ffc7000, 65) = -1 EINVAL (Invalid "
		  "argument)");
	c = CALL(SYS_fsetxattr, -9, -1, 0, 0x7ffc8000, 8, 1);
	c.cap[2] = &kv;
	CHECK_STR(run(&c), "fsetxattr(-1, NULL, \"foo\\0bar\", 8, XATTR_CREATE) "
		  "= -1 EBADF (Bad file descriptor)");
	c.args[3] = 65537;
	CHECK_STR(run(&c), "fsetxattr(-1, NULL, 0x7ffc8000, 65537, "
		  "XATTR_CREATE) = -1 EBADF (Bad file descriptor)");
	c = CALL(SYS_listxattr, 0, 0, 0x7ffc9000, 0);
	c.cap_out[1] = &kv;
	CHECK_STR(run(&c), "listxattr(NULL, 0x7ffc9000, 0) = 0");
	/* getxattr's value given no room: "" (strace on this machine) */
	c = CALL(SYS_getxattr, 0, 0, 0, 0x7ffc9000, 0);
	kv.len = 0;		/* what it returned: 0 bytes */
	c.cap_out[2] = &kv;
	CHECK_STR(run(&c), "getxattr(NULL, NULL, \"\", 0) = 0");
	/* (rt_sigpending.c:) any size up to 8 bytes, that many written */
	kv.len = 8;
	c = CALL(SYS_rt_sigpending, 0, 0x7ffca000, 4);
	c.cap_out[0] = &kv;
	/* "foo\0": signals 2 3 6 7, 9-12 14 15, 17-20 22 23 */
	CHECK_STR(run(&c), "rt_sigpending([INT QUIT ABRT BUS KILL USR1 SEGV "
		  "USR2 ALRM TERM CHLD CONT STOP TSTP TTOU URG], 4) = 0");
	c.args[1] = 9;
	CHECK_STR(run(&c), "rt_sigpending(0x7ffca000, 9) = 0");
}

static void test_statx_sync(void)
{
	struct sc_call c = CALL(SYS_statx, -22, -100, 0, 0x6100, 0, 0);

	/* (statx.c:) both sync bits named, as strace does */
	CHECK_STR(run(&c), "statx(AT_FDCWD, NULL, AT_STATX_FORCE_SYNC|"
		  "AT_STATX_DONT_SYNC|AT_SYMLINK_NOFOLLOW, 0, NULL) = -1 EINVAL "
		  "(Invalid argument)");
}

static void test_filled(void)
{
	static const uint8_t tz[8] = { 0xc4, 0xff, 0xff, 0xff, 1, 0, 0, 0 };
	static const uint8_t head[8] = { 0x20, 0x6a, 0x2d, 0xcb, 0x87, 0x7f };
	static const uint8_t len[8] = { 24 };
	struct cap kt = CAP(tz, 8), kh = CAP(head, 8), kl = CAP(len, 8);
	struct sc_call c = CALL(SYS_settimeofday, -22, 0, 0x7ffcb000);

	c.cap[1] = &kt;
	CHECK_STR(run(&c), "settimeofday(NULL, {tz_minuteswest=-60, "
		  "tz_dsttime=1}) = -1 EINVAL (Invalid argument)");
	c = CALL(SYS_get_robust_list, 0, 42, 0x7ffcc000, 0x7ffcd000);
	c.cap_out[1] = &kh;
	c.cap_out[2] = &kl;
	CHECK_STR(run(&c), "get_robust_list(42, [0x7f87cb2d6a20], [24]) = 0");
	/* failed: nothing written, the pointers */
	c.ret = -3;
	CHECK_STR(run(&c), "get_robust_list(42, 0x7ffcc000, 0x7ffcd000) = -1 "
		  "ESRCH (No such process)");
}

static void test_groups(void)
{
	/* 0, 1, 4294967294, -1: the copy stops at a page end after 3 */
	static const uint8_t g[16] = { 0, 0, 0, 0, 1, 0, 0, 0,
				       0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	struct cap k = CAP(g + 12, 4);
	struct sc_call c = CALL(SYS_setgroups, -22, 1, 0x7ffc3ffc);

	c.cap[1] = &k;
	CHECK_STR(run(&c), "setgroups(1, [-1]) = -1 EINVAL (Invalid argument)");
	/* two wanted, one readable: the memory ends at the second */
	c.args[0] = 2;
	CHECK_STR(run(&c), "setgroups(2, [-1, ... /* 0x7ffc4000 */]) = -1 "
		  "EINVAL (Invalid argument)");
	/* -s 2: strace reads 3 of 4 and prints 2 */
	k = CAP(g, 12);
	c = CALL(SYS_setgroups, -22, 4, 0x7ffc3ff4);
	c.cap[1] = &k;
	fo.strsize = 2;
	CHECK_STR(run(&c), "setgroups(4, [0, 1, ...]) = -1 EINVAL (Invalid "
		  "argument)");
	c.args[0] = 65536;
	CHECK_STR(run(&c), "setgroups(65536, [0, 1, ...]) = -1 EINVAL (Invalid "
		  "argument)");
	c.args[0] = 65537;
	CHECK_STR(run(&c), "setgroups(65537, 0x7ffc3ff4) = -1 EINVAL (Invalid "
		  "argument)");
	/* 3 of 3, all read: no "..." */
	c = CALL(SYS_setgroups, 0, 3, 0x7ffc3ff4);
	c.cap[1] = &k;
	fo.strsize = 32;
	CHECK_STR(run(&c), "setgroups(3, [0, 1, 4294967294]) = 0");
	/* getgroups: the ret elements it wrote */
	c = CALL(SYS_getgroups, 2, 3, 0x7ffc3ff4);
	c.cap_out[1] = &k;
	CHECK_STR(run(&c), "getgroups(3, [0, 1]) = 2");
}

int main(void)
{
	test_groups();
	test_statx_sync();
	test_filled();
	test_misc();
	test_open_flags();
	test_reboot();
	test_kcmp();
	test_sleeps();
	test_epoll_ctl();
	CHECK_DONE();
}
