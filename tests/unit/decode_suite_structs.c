// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: structs whose size the caller gives, as strace 6.1's own tests
 * print them (lines from its openat2.c): open_how's 64-bit flags with
 * unknown bits past 32 in one number, and what follows the 24 known
 * bytes: nothing when zero, the bytes in hex when not, ??? when they
 * could not be read, the pointer when the copy cannot hold them.  And
 * numbers made into words (remap_file_pages.c, fstat.c): an unknown map
 * type keeps its MAP_??? note inside -Xverbose's comment; a device
 * number is raw in -Xraw, makedev() in a comment in -Xverbose.
 * getdents' struct linux_dirent (getdents.c): d_type in the record's
 * last byte, printed after d_name; the entry count without -v.
 * Times (utimensat.c): no date for the epoch itself or a fraction past
 * a second, UTIME_NOW/UTIME_OMIT in each -X style.
 * seccomp (seccomp-strict.c, seccomp-filter.c, seccomp_get_*.c): flags
 * named for SET_MODE_FILTER only, the argument by operation.
 * process_madvise (process_madvise.c): another process's iovec, its
 * addresses only, cut by a page that faults; its flags in hex.
 * epoll_pwait2 (epoll_pwait2.c): the timeout and mask, read at exit,
 * their addresses after a failure.
 */
#include <linux/seccomp.h>
#include <sys/stat.h>
#include <sys/syscall.h>

#include "check_decode.h"

static void test_openat2(void)
{
	uint64_t how[5] = { 0xdeadface80000000ULL, 0777, 0, 0x8786858483828180ULL,
			    0 };
	struct cap k = CAP(how, 32), kshort = CAP(how, 24);
	struct sc_call c = CALL(SYS_openat2, -7, (uint32_t)-1, 0x1000,
				0x7fd1b29cafe8, 24);

	c.cap[1] = NULL;
	c.cap[2] = &k;
	CHECK_STR(run(&c), "openat2(-1, 0x1000, {flags=O_RDONLY|"
		  "0xdeadface80000000, mode=0777, resolve=0}, 24) = -1 E2BIG "
		  "(Argument list too long)");
	c.args[3] = 32;
	CHECK_STR(run(&c), "openat2(-1, 0x1000, {flags=O_RDONLY|"
		  "0xdeadface80000000, mode=0777, resolve=0, /* bytes 24..31 */ "
		  "\"\\x80\\x81\\x82\\x83\\x84\\x85\\x86\\x87\"}, 32) = -1 E2BIG "
		  "(Argument list too long)");
	CHECK_STR(run_style(&c, XSTYLE_RAW), "openat2(-1, 0x1000, {flags="
		  "0xdeadface80000000, mode=0777, resolve=0, /* bytes 24..31 */ "
		  "\"\\x80\\x81\\x82\\x83\\x84\\x85\\x86\\x87\"}, 32) = -1 E2BIG "
		  "(Argument list too long)");
	how[3] = 0;
	CHECK_STR(run(&c), "openat2(-1, 0x1000, {flags=O_RDONLY|"
		  "0xdeadface80000000, mode=0777, resolve=0}, 32) = -1 E2BIG "
		  "(Argument list too long)");
	/* the page after the known part faults */
	c.cap[2] = &kshort;
	CHECK_STR(run(&c), "openat2(-1, 0x1000, {flags=O_RDONLY|"
		  "0xdeadface80000000, mode=0777, resolve=0, ???}, 32) = -1 "
		  "E2BIG (Argument list too long)");
	/* more than the copy holds */
	c.args[3] = 4096;
	CHECK_STR(run(&c), "openat2(-1, 0x1000, 0x7fd1b29cafe8, 4096) = -1 "
		  "E2BIG (Argument list too long)");
}

static void test_words(void)
{
	struct stat st;
	struct cap k = CAP(&st, sizeof(st));
	struct sc_call c = CALL(SYS_remap_file_pages, -22, 0xfacefeeddeadf00dULL,
				0xdefaced1bad2beefULL, 0xdefaced00000000ULL,
				0xcaf3babebad4deedULL, 0x5404401f);

	CHECK_STR(run(&c), "remap_file_pages(0xfacefeeddeadf00d, "
		  "16067382020775526127, 0xdefaced00000000 /* PROT_??? */, "
		  "14624237743343197933, 0xf /* MAP_??? */|MAP_FIXED|"
		  "MAP_NORESERVE|MAP_HUGETLB|21<<MAP_HUGE_SHIFT) = -1 EINVAL "
		  "(Invalid argument)");
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "remap_file_pages("
		  "0xfacefeeddeadf00d, 16067382020775526127, 0xdefaced00000000 "
		  "/* PROT_??? */, 14624237743343197933, 0x5404401f /* 0xf /* "
		  "MAP_??? */|MAP_FIXED|MAP_NORESERVE|MAP_HUGETLB|"
		  "21<<MAP_HUGE_SHIFT */) = -1 EINVAL (Invalid argument)");
	memset(&st, 0, sizeof(st));
	st.st_dev = 0xfe00;
	st.st_mode = S_IFREG | 0640;
	st.st_nlink = 1;
	c = CALL(SYS_fstat, 0, 0, 0x7ffc0000);
	c.cap_out[1] = &k;
	fo.verbose = 1;
	CHECK_STR(run_style(&c, XSTYLE_RAW), "fstat(0, {st_dev=0xfe00, st_ino=0, "
		  "st_mode=0100640, st_nlink=1, st_uid=0, st_gid=0, "
		  "st_blksize=0, st_blocks=0, st_size=0, st_atime=0, "
		  "st_atime_nsec=0, st_mtime=0, st_mtime_nsec=0, st_ctime=0, "
		  "st_ctime_nsec=0}) = 0");
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "fstat(0, {st_dev=0xfe00 /* "
		  "makedev(0xfe, 0) */, st_ino=0, st_mode=0100640 /* "
		  "S_IFREG|0640 */, st_nlink=1, st_uid=0, st_gid=0, "
		  "st_blksize=0, st_blocks=0, st_size=0, st_atime=0, "
		  "st_atime_nsec=0, st_mtime=0, st_mtime_nsec=0, st_ctime=0, "
		  "st_ctime_nsec=0}) = 0");
	fo.verbose = 0;
}

static void test_getdents(void)
{
	uint8_t d[48] = { 0 };
	struct cap k = { .p = d, .len = 48, .count = 0,
			  .total = 2, .flags = 0 };
	struct sc_call c = CALL(SYS_getdents, 48, 3, 0x5638fae7f0c0, 8192);

	/* ".": ino 5, off 10, reclen 24; "..": ino 2, off ~0, reclen 24 */
	d[0] = 5;
	d[8] = 10;
	d[16] = 24;
	d[18] = '.';
	d[23] = 4;		/* DT_DIR */
	d[24] = 2;
	memset(d + 32, 0xff, 8);
	d[40] = 24;
	d[42] = '.';
	d[43] = '.';
	d[47] = 8;		/* DT_REG */
	c.cap_out[1] = &k;
	CHECK_STR(run(&c), "getdents(3, 0x5638fae7f0c0 /* 2 entries */, "
		  "8192) = 48");
	fo.verbose = 1;
	CHECK_STR(run(&c), "getdents(3, [{d_ino=5, d_off=10, d_reclen=24, "
		  "d_name=\".\", d_type=DT_DIR}, {d_ino=2, "
		  "d_off=18446744073709551615, d_reclen=24, d_name=\"..\", "
		  "d_type=DT_REG}], 8192) = 48");
	fo.verbose = 0;
}

static void test_seccomp(void)
{
	uint64_t fprog[2] = { 7, 0x7fcf577bcfc8ULL };
	uint32_t act = 0x7ffc0000;
	uint16_t sizes[3] = { 80, 24, 64 };
	struct cap kf = CAP(fprog, 16), ka = CAP(&act, 4);
	struct cap ks = CAP(sizes, 6);
	struct sc_call c = CALL(SYS_seccomp, -22, 0xffffffff, 0xffffffff,
				0xfacefeeddeadbeefULL);

	CHECK_STR(run(&c), "seccomp(0xffffffff /* SECCOMP_SET_MODE_??? */, "
		  "0xffffffff, 0xfacefeeddeadbeef) = -1 EINVAL (Invalid "
		  "argument)");
	c = CALL(SYS_seccomp, -22, SECCOMP_SET_MODE_FILTER, 0xffffffff,
		 0x7fcf575c6ff0);
	c.cap[2] = &kf;
	CHECK_STR(run(&c), "seccomp(SECCOMP_SET_MODE_FILTER, "
		  "SECCOMP_FILTER_FLAG_TSYNC|SECCOMP_FILTER_FLAG_LOG|"
		  "SECCOMP_FILTER_FLAG_SPEC_ALLOW|"
		  "SECCOMP_FILTER_FLAG_NEW_LISTENER|"
		  "SECCOMP_FILTER_FLAG_TSYNC_ESRCH|"
		  "SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV|0xffffffc0, {len=7, "
		  "filter=0x7fcf577bcfc8}) = -1 EINVAL (Invalid argument)");
	c = CALL(SYS_seccomp, 0, SECCOMP_GET_ACTION_AVAIL, 0, 0x7fcaf6a5cffc);
	c.cap[2] = &ka;
	CHECK_STR(run(&c), "seccomp(SECCOMP_GET_ACTION_AVAIL, 0, "
		  "[SECCOMP_RET_LOG]) = 0");
	c = CALL(SYS_seccomp, 0, SECCOMP_GET_NOTIF_SIZES, 0, 0x7fcaf6a5cffa);
	c.cap_out[2] = &ks;
	CHECK_STR(run_entry(&c), "seccomp(SECCOMP_GET_NOTIF_SIZES, 0, ");
	CHECK_STR(run(&c), "seccomp(SECCOMP_GET_NOTIF_SIZES, 0, "
		  "{seccomp_notif=80, seccomp_notif_resp=24, seccomp_data=64}) "
		  "= 0");
	c = CALL(SYS_seccomp, -22, SECCOMP_GET_NOTIF_SIZES, 0xdeadbeef, 0);
	CHECK_STR(run(&c), "seccomp(SECCOMP_GET_NOTIF_SIZES, 0xdeadbeef, NULL) "
		  "= -1 EINVAL (Invalid argument)");
}

static void test_utimensat(void)
{
	int64_t ts[4] = { 0, 0, -3819351491602432273LL, 0 };
	int64_t sp[4] = { 3735928559LL, (1 << 30) - 1, -3819351491602432273LL,
			  (1 << 30) - 2 };
	struct cap k = CAP(ts, 32), ks = CAP(sp, 32);
	struct sc_call c = CALL(SYS_utimensat, -2, (uint32_t)-100, 0x1000,
				0x2000, 0x100);

	c.cap[2] = &k;
	CHECK_STR(run(&c), "utimensat(AT_FDCWD, 0x1000, [{tv_sec=0, tv_nsec=0}, "
		  "{tv_sec=-3819351491602432273, tv_nsec=0}], "
		  "AT_SYMLINK_NOFOLLOW) = -1 ENOENT (No such file or "
		  "directory)");
	c.cap[2] = &ks;
	CHECK_STR(run(&c), "utimensat(AT_FDCWD, 0x1000, [UTIME_NOW, "
		  "UTIME_OMIT], AT_SYMLINK_NOFOLLOW) = -1 ENOENT (No such file "
		  "or directory)");
	CHECK_STR(run_style(&c, XSTYLE_RAW), "utimensat(-100, 0x1000, [{tv_sec="
		  "3735928559, tv_nsec=1073741823}, {tv_sec="
		  "-3819351491602432273, tv_nsec=1073741822}], 0x100) = -1 "
		  "ENOENT (No such file or directory)");
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "utimensat(-100 /* AT_FDCWD */, "
		  "0x1000, [{tv_sec=3735928559, tv_nsec=1073741823} /* "
		  "UTIME_NOW */, {tv_sec=-3819351491602432273, "
		  "tv_nsec=1073741822} /* UTIME_OMIT */], 0x100 /* "
		  "AT_SYMLINK_NOFOLLOW */) = -1 ENOENT (No such file or "
		  "directory)");
}

static void test_process_madvise(void)
{
	uint64_t iov[4] = { 0x8786858483828180ULL, 0x8f8e8d8c8b8a8988ULL,
			    0x9796959493929190ULL, 0x9f9e9d9c9b9a9998ULL };
	struct cap k = CAP(iov, 32), kcut = CAP(iov + 2, 16);
	struct sc_call c = CALL(SYS_process_madvise, -22, 0, 0x7ff237415fe0,
				2, 0, 0xffffffff);

	c.cap[1] = &k;
	CHECK_STR(run(&c), "process_madvise(0, [{iov_base=0x8786858483828180, "
		  "iov_len=10344361028892658056}, {iov_base=0x9796959493929190, "
		  "iov_len=11501803794301884824}], 2, MADV_NORMAL, 0xffffffff) "
		  "= -1 EINVAL (Invalid argument)");
	c = CALL(SYS_process_madvise, -22, -1, 0x7ff237415ff0, 2, 0xdeadc0de, 0);
	c.cap[1] = &kcut;
	CHECK_STR(run(&c), "process_madvise(-1, [{iov_base=0x9796959493929190, "
		  "iov_len=11501803794301884824}, ... /* 0x7ff237416000 */], 2, "
		  "0xdeadc0de /* MADV_??? */, 0) = -1 EINVAL (Invalid argument)");
	c = CALL(SYS_process_madvise, -22, 0, 0x7ff237416000, 0, 21,
		 0xcafef00d);
	CHECK_STR(run(&c), "process_madvise(0, [], 0, MADV_PAGEOUT, 0xcafef00d) "
		  "= -1 EINVAL (Invalid argument)");
}

static void test_epoll_pwait2(void)
{
	int64_t ts[2] = { 1, 5 };
	uint64_t mask = 0;
	struct cap kt = CAP(ts, 16), km = CAP(&mask, 8), ke = CAP(ts, 0);
	struct sc_call c = CALL(SYS_epoll_pwait2, -22, 3, 0x7f2eafd46ff4, -1,
				0x7f2eafb56ff0, 0x7f2eafb50ff8, 8);

	c.cap[3] = &kt;
	c.cap[4] = &km;
	CHECK_STR(run(&c), "epoll_pwait2(3, 0x7f2eafd46ff4, -1, 0x7f2eafb56ff0, "
		  "0x7f2eafb50ff8, 8) = -1 EINVAL (Invalid argument)");
	c = CALL(SYS_epoll_pwait2, 0, 3, 0x7f2eafd46ff4, 1, 0x7f2eafb56ff0,
		 0x7f2eafb50ff8, 8);
	c.cap_out[1] = &ke;
	c.cap[3] = &kt;
	c.cap[4] = &km;
	CHECK_STR(run(&c), "epoll_pwait2(3, [], 1, {tv_sec=1, tv_nsec=5}, [], "
		  "8) = 0");
	c = CALL(SYS_epoll_pwait, -4, 3, 0x7f2eafd46ff4, 1, 100, 0x7f2eafb50ff8,
		 8);
	c.cap[4] = &km;
	CHECK_STR(run(&c), "epoll_pwait(3, 0x7f2eafd46ff4, 1, 100, "
		  "0x7f2eafb50ff8, 8) = -1 EINTR (Interrupted system call)");
}

int main(void)
{
	test_epoll_pwait2();
	test_process_madvise();
	test_utimensat();
	test_seccomp();
	test_getdents();
	test_openat2();
	test_words();
	CHECK_DONE();
}
