// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: files: stat, statx, statfs, fcntl, getdents64, open flags,
 * against the lines strace 6.1 printed for the same calls and memory.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>

#include "check_decode.h"

static void put32(uint8_t *p, uint32_t v) { memcpy(p, &v, 4); }
static void put64(uint8_t *p, uint64_t v) { memcpy(p, &v, 8); }

static void test_stat(void)
{
	uint8_t st[144] = { 0 };
	struct cap k = CAP(st, sizeof(st));
	struct sc_call c = CALL(SYS_newfstatat, 0, 3, 0x10, 0x7ffc0000,
				AT_EMPTY_PATH);
	struct cap path = CAP("", 0);

	put32(st + 24, 0100644);
	put64(st + 48, 41975);
	c.cap[1] = &path;
	c.cap_out[2] = &k;
	CHECK_STR(run(&c), "newfstatat(3, \"\", {st_mode=S_IFREG|0644, "
		  "st_size=41975, ...}, AT_EMPTY_PATH) = 0");
	/* devices show st_rdev instead of st_size */
	put32(st + 24, 020666);
	put64(st + 40, 0x103);
	CHECK_STR(run(&c), "newfstatat(3, \"\", {st_mode=S_IFCHR|0666, "
		  "st_rdev=makedev(0x1, 0x3), ...}, AT_EMPTY_PATH) = 0");
	/* -v: every field, times with strace's comment (UTC here) */
	put32(st + 24, 0100644);
	put64(st, 0xfe00);
	put64(st + 8, 861);
	put64(st + 16, 1);
	put64(st + 56, 4096);
	put64(st + 64, 8);
	put64(st + 48, 1221);
	put64(st + 72, 1795310147);
	put64(st + 80, 324010255);
	put64(st + 88, 1779294449);
	put64(st + 104, 1779294449);
	fo.verbose = 1;
	CHECK_STR(run(&c), "newfstatat(3, \"\", {st_dev=makedev(0xfe, 0), "
		  "st_ino=861, st_mode=S_IFREG|0644, st_nlink=1, st_uid=0, "
		  "st_gid=0, st_blksize=4096, st_blocks=8, st_size=1221, "
		  "st_atime=1795310147 /* 2026-11-22T01:15:47.324010255+0000 */, "
		  "st_atime_nsec=324010255, "
		  "st_mtime=1779294449 /* 2026-05-20T16:27:29+0000 */, "
		  "st_mtime_nsec=0, "
		  "st_ctime=1779294449 /* 2026-05-20T16:27:29+0000 */, "
		  "st_ctime_nsec=0}, AT_EMPTY_PATH) = 0");
	fo.verbose = 0;
	/* failed: the pointer, whatever was copied */
	c.ret = -2;
	CHECK_STR(run(&c), "newfstatat(3, \"\", 0x7ffc0000, AT_EMPTY_PATH) = "
		  "-1 ENOENT (No such file or directory)");
	/* short copy or a fault: the pointer, never a guess */
	c.ret = 0;
	k.len = 143;
	CHECK_STR(run(&c), "newfstatat(3, \"\", 0x7ffc0000, AT_EMPTY_PATH) = 0");
	k.len = 144;
	k.flags = CAP_FAULT;
	CHECK_STR(run(&c), "newfstatat(3, \"\", 0x7ffc0000, AT_EMPTY_PATH) = 0");
	/* not exited (killed in the call): the pointer */
	k.flags = 0;
	c.exited = 0;
	CHECK_STR(run_entry(&c), "newfstatat(3, \"\", ");
}

static void test_statx_statfs(void)
{
	uint8_t sx[256] = { 0 }, sf[120] = { 0 };
	struct cap kx = CAP(sx, sizeof(sx)), kf = CAP(sf, sizeof(sf));
	struct cap root = CAP("/", 1);
	struct sc_call c = CALL(SYS_statx, 0, (uint64_t)AT_FDCWD, 0x10,
				AT_SYMLINK_NOFOLLOW, 0xfff, 0x20);

	put32(sx, 0x1fff);		/* STATX_ALL|STATX_MNT_ID */
	put64(sx + 8, 0x2000);		/* STATX_ATTR_MOUNT_ROOT */
	sx[28] = 0xed;
	sx[29] = 0x41;			/* S_IFDIR|0755 */
	put64(sx + 40, 4096);
	c.cap[1] = &root;
	c.cap_out[4] = &kx;
	CHECK_STR(run(&c), "statx(AT_FDCWD, \"/\", AT_STATX_SYNC_AS_STAT|"
		  "AT_SYMLINK_NOFOLLOW, STATX_ALL, {stx_mask=STATX_ALL|"
		  "STATX_MNT_ID, stx_attributes=STATX_ATTR_MOUNT_ROOT, "
		  "stx_mode=S_IFDIR|0755, stx_size=4096, ...}) = 0");
	c = CALL(SYS_statfs, 0, 0x10, 0x20);
	c.cap[0] = &root;
	c.cap_out[1] = &kf;
	put64(sf, 0x9fa0);		/* PROC_SUPER_MAGIC */
	put64(sf + 8, 4096);
	put64(sf + 64, 255);
	put64(sf + 72, 4096);
	put64(sf + 80, 0x102e);
	put32(sf + 56, 0x16);
	CHECK_STR(run(&c), "statfs(\"/\", {f_type=PROC_SUPER_MAGIC, "
		  "f_bsize=4096, f_blocks=0, f_bfree=0, f_bavail=0, f_files=0, "
		  "f_ffree=0, f_fsid={val=[0x16, 0]}, f_namelen=255, "
		  "f_frsize=4096, f_flags=ST_VALID|ST_NOSUID|ST_NODEV|"
		  "ST_NOEXEC|ST_RELATIME}) = 0");
}

static void test_fcntl(void)
{
	struct sc_call c = CALL(SYS_fcntl, 0, 3, F_GETFD);
	uint8_t fl[32] = { 0 };
	struct cap k = CAP(fl, sizeof(fl));

	CHECK_STR(run(&c), "fcntl(3, F_GETFD) = 0");
	c.ret = 1;
	CHECK_STR(run(&c), "fcntl(3, F_GETFD) = 0x1 (flags FD_CLOEXEC)");
	c = CALL(SYS_fcntl, 0, 3, F_SETFD, FD_CLOEXEC);
	CHECK_STR(run(&c), "fcntl(3, F_SETFD, FD_CLOEXEC) = 0");
	c = CALL(SYS_fcntl, 0x8002, 3, F_GETFL);
	CHECK_STR(run(&c), "fcntl(3, F_GETFL) = 0x8002 (flags O_RDWR|"
		  "O_LARGEFILE)");
	c = CALL(SYS_fcntl, 0, 3, F_SETFL, O_RDWR | O_NONBLOCK);
	CHECK_STR(run(&c), "fcntl(3, F_SETFL, O_RDWR|O_NONBLOCK) = 0");
	c = CALL(SYS_fcntl, 11, 3, F_DUPFD_CLOEXEC, 10);
	CHECK_STR(run(&c), "fcntl(3, F_DUPFD_CLOEXEC, 10) = 11");
	c = CALL(SYS_fcntl, -22, 3, 9999, 7);
	CHECK_STR(run(&c), "fcntl(3, 0x270f /* F_??? */, 0x7) = -1 EINVAL "
		  "(Invalid argument)");
	c = CALL(SYS_fcntl, 2, 3, F_GETLEASE);
	CHECK_STR(run(&c), "fcntl(3, F_GETLEASE) = 0x2 (F_UNLCK)");
	c = CALL(SYS_fcntl, 10, 3, F_GETSIG);
	CHECK_STR(run(&c), "fcntl(3, F_GETSIG) = 10 (SIGUSR1)");
	c = CALL(SYS_fcntl, -20, 3, F_NOTIFY, DN_CREATE | DN_MULTISHOT);
	CHECK_STR(run(&c), "fcntl(3, F_NOTIFY, DN_CREATE|DN_MULTISHOT) = -1 "
		  "ENOTDIR (Not a directory)");
	/* struct flock: at entry for F_SETLK, at exit for F_GETLK */
	fl[0] = F_RDLCK;
	put64(fl + 16, 10);
	c = CALL(SYS_fcntl, 0, 3, F_SETLK, 0x7ffd0000);
	c.cap[2] = &k;
	CHECK_STR(run(&c), "fcntl(3, F_SETLK, {l_type=F_RDLCK, "
		  "l_whence=SEEK_SET, l_start=0, l_len=10}) = 0");
	c = CALL(SYS_fcntl, 0, 3, F_GETLK, 0x7ffd0000);
	fl[0] = F_UNLCK;
	c.cap_out[2] = &k;
	CHECK_STR(run_entry(&c), "fcntl(3, F_GETLK");
	CHECK_STR(run(&c), "fcntl(3, F_GETLK, {l_type=F_UNLCK, "
		  "l_whence=SEEK_SET, l_start=0, l_len=10, l_pid=0}) = 0");
	c.cap_out[2] = NULL;
	CHECK_STR(run(&c), "fcntl(3, F_GETLK, 0x7ffd0000) = 0");
	/* a short copy of the flock: the pointer */
	c = CALL(SYS_fcntl, 0, 3, F_SETLK, 0x7ffd0000);
	k.len = 31;
	c.cap[2] = &k;
	CHECK_STR(run(&c), "fcntl(3, F_SETLK, 0x7ffd0000) = 0");
}

static void test_dirents(void)
{
	uint8_t d[48] = { 0 };
	struct cap k = CAP(d, sizeof(d));
	struct sc_call c = CALL(SYS_getdents64, 48, 3, 0x5555a000, 32768);

	k.total = 2;
	c.cap_out[1] = &k;
	CHECK_STR(run(&c), "getdents64(3, 0x5555a000 /* 2 entries */, 32768) "
		  "= 48");
	k.total = 1;
	CHECK_STR(run(&c), "getdents64(3, 0x5555a000 /* 1 entry */, 32768) "
		  "= 48");
	/* -v: the records; a hostile reclen stops the walk */
	put64(d, 896);
	put64(d + 8, 1);
	d[16] = 24;
	d[18] = 4;	/* DT_DIR */
	d[19] = '.';
	put64(d + 24, 2);
	put64(d + 32, 2);
	d[40] = 200;	/* runs past the copy */
	k.total = 2;
	fo.verbose = 1;
	CHECK_STR(run(&c), "getdents64(3, [{d_ino=896, d_off=1, d_reclen=24, "
		  "d_type=DT_DIR, d_name=\".\"}, ...], 32768) = 48");
	fo.verbose = 0;
	c.ret = -9;
	CHECK_STR(run(&c), "getdents64(3, 0x5555a000, 32768) = -1 EBADF "
		  "(Bad file descriptor)");
}

int main(void)
{
	setenv("TZ", "UTC", 1);
	tzset();
	test_stat();
	test_statx_statfs();
	test_fcntl();
	test_dirents();
	CHECK_DONE();
}
