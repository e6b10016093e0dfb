// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_files.sh, the edges of the file and
 * descriptor decoders (fam_files.c makes the ordinary calls): every open
 * flag and mode bit, each AT_*, RENAME_*, XATTR_*, SEEK_*, FALLOC_*,
 * POSIX_FADV_*, RWF_*, SPLICE_F_*, F_* command and lock type; NULL, an
 * unmapped address (BAD) and a kernel address (KBAD) for every pointer;
 * huge and negative counts, offsets and fds.  Flag bits newer than
 * strace 6.1 (the oracle) are left out: it prints them as numbers.  In a
 * fresh empty directory (tests/parity.sh), every call fails or succeeds
 * the same way each run; nothing blocks; exits 0.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <limits.h>
#include <linux/fs.h>
#include <linux/openat2.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "fam.h"

/* huge and negative counts the compiler would refuse to pass */
static volatile size_t huge = SIZE_MAX;
static volatile int minus1 = -1, many = 1025;

int main(void)
{
	char buf[64], path[8], name[16], deep[160];
	struct stat st;
	struct statx stx;
	struct statfs sfs;
	struct iovec iov[3];
	char *pg;
	struct flock fl;
	struct f_owner_ex own;
	struct timespec ts[2];
	int fd, p[2], i;
	char *edge;

	umask(0);
	memcpy(path, "a", 2);
	memcpy(name, "user.x", 7);

	/* open flags, one by one and together; modes with special bits */
	fd = open(path, O_CREAT | O_EXCL | O_WRONLY | O_TRUNC | O_APPEND, 07777);
	close(fd);
	fd = open(path, O_RDWR | O_NONBLOCK | O_DSYNC | O_NOCTTY);
	close(fd);
	fd = open(path, O_WRONLY | O_SYNC | O_NOATIME | O_NOFOLLOW | O_CLOEXEC);
	close(fd);
	fd = open(path, O_RDONLY | O_DIRECT | O_LARGEFILE | O_ASYNC);
	close(fd);
	fd = open(".", O_RDONLY | O_DIRECTORY | O_PATH);
	close(fd);
	fd = open(".", O_TMPFILE | O_RDWR, 0600);
	close(fd);
	open(path, O_RDONLY | O_CREAT | O_EXCL, 0);
	open(path, 3);					/* O_ACCMODE */
	open(path, 0xffffffff, 0xffffffff);
	open(NULLP, O_RDONLY);
	open(BAD, O_RDONLY);
	open(KBAD, O_RDONLY);
	openat(-1, path, O_RDONLY);
	openat(INT_MAX, path, O_RDONLY);
	openat(AT_FDCWD, NULLP, O_RDONLY);
	creat(NULLP, 0644);
	creat(BAD, 04755);
	sc(SYS_openat2, AT_FDCWD, (long)path, 0, 24, 0, 0);
	sc(SYS_openat2, AT_FDCWD, (long)path, (long)BAD, 24, 0, 0);
	{
		struct open_how how = { .flags = O_RDONLY,
			.resolve = RESOLVE_NO_XDEV | RESOLVE_NO_MAGICLINKS |
				   RESOLVE_NO_SYMLINKS | RESOLVE_IN_ROOT |
				   RESOLVE_CACHED };

		sc(SYS_openat2, AT_FDCWD, (long)path, (long)&how, sizeof(how), 0, 0);
		how.flags = O_CREAT | O_WRONLY;
		how.mode = 0640;
		how.resolve = 0;
		fd = sc(SYS_openat2, AT_FDCWD, (long)path, (long)&how, sizeof(how), 0, 0);
		close(fd);
		sc(SYS_openat2, AT_FDCWD, (long)path, (long)&how, 8, 0, 0);
	}

	/* stat family: NULL and bad buffers, every AT_* flag */
	stat(NULLP, &st);
	stat(path, NULLP);
	stat(path, BAD);
	lstat(BAD, &st);
	fstat(-1, &st);
	fstat(0, NULLP);
	fstatat(AT_FDCWD, path, &st, AT_SYMLINK_NOFOLLOW | AT_NO_AUTOMOUNT);
	fstatat(AT_FDCWD, "", &st, 0);
	fstatat(AT_FDCWD, path, &st, 0xffff);
	statx(AT_FDCWD, path, AT_STATX_FORCE_SYNC, STATX_ALL, &stx);
	statx(AT_FDCWD, path, AT_STATX_DONT_SYNC | AT_SYMLINK_NOFOLLOW,
	      STATX_TYPE | STATX_INO | STATX_MNT_ID, &stx);
	statx(AT_FDCWD, path, 0, 0x40000000, &stx);
	statx(AT_FDCWD, path, 0, STATX_BASIC_STATS, NULLP);
	statx(AT_FDCWD, NULLP, 0, STATX_BASIC_STATS, &stx);
	statfs(NULLP, &sfs);
	statfs(".", BAD);
	fstatfs(-1, &sfs);

	/* access modes and flags */
	access(path, R_OK | W_OK | X_OK);
	access(path, 0x10);
	access(NULLP, F_OK);
	faccessat(AT_FDCWD, path, W_OK, 0);
	sc(SYS_faccessat2, AT_FDCWD, (long)path, R_OK,
	   AT_EACCESS | AT_SYMLINK_NOFOLLOW | AT_EMPTY_PATH, 0, 0);
	sc(SYS_faccessat2, AT_FDCWD, (long)path, F_OK, 0x8000, 0, 0);

	/* reads and writes: NULL, bad and huge */
	fd = open(path, O_RDWR);
	(void)!write(fd, NULLP, 0);
	(void)!write(fd, NULLP, 1);
	(void)!write(fd, BAD, 16);
	/* 32 bytes before a page that is not there: strace reads -s + 1
	   bytes of a longer buffer (so shows its address), all of one of
	   32 */
	edge = fam_edge_page();
	if (edge) {
		memset(edge + 4064, 'e', 32);
		(void)!write(-1, edge + 4064, 33);
		(void)!write(-1, edge + 4064, 32);
	}
	(void)!write(-1, buf, huge);
	(void)!read(fd, BAD, 16);
	(void)!read(fd, NULLP, 0);
	(void)!read(-1, buf, huge);
	(void)!pread(fd, buf, 4, -1);
	(void)!pread(fd, buf, 4, LLONG_MAX);
	(void)!pwrite(fd, buf, 0, 1LL << 40);
	(void)!readv(fd, NULLP, 0);
	(void)!readv(fd, NULLP, 1);
	(void)!readv(fd, BAD, 2);
	(void)!writev(fd, BAD, 1);
	(void)!writev(fd, BAD, minus1);
	(void)!writev(fd, BAD, many);
	memcpy(buf, "abcdefgh", 8);
	iov[0].iov_base = buf;
	iov[0].iov_len = 4;
	iov[1].iov_base = BAD;
	iov[1].iov_len = 4;
	(void)!writev(fd, iov, 2);
	/* lengths whose sum wraps: each buffer still printed (-s of it) */
	iov[0].iov_base = buf;
	iov[0].iov_len = (size_t)0xdeadfaceca57beefULL;
	iov[1].iov_base = buf + 4;
	iov[1].iov_len = (size_t)0xbadc0dedda7adeadULL;
	iov[2].iov_base = buf + 2;
	iov[2].iov_len = (size_t)0xf157facedec0ded1ULL;
	(void)!writev(-1, iov, 3);
	iov[0].iov_len = 4;
	iov[1].iov_base = NULL;
	iov[1].iov_len = 0;
	(void)!pwritev(fd, iov, 2, 0);
	(void)!pwritev2(fd, iov, 1, 0, RWF_HIPRI | RWF_DSYNC | RWF_SYNC);
	(void)!pwritev2(fd, iov, 1, -1, RWF_APPEND);
	(void)!preadv2(fd, iov, 1, 0, RWF_NOWAIT);
	(void)!preadv2(fd, iov, 1, 0, 0x40000000);
	(void)!preadv(fd, iov, 1, -2);
	/*
	 * an iovec array that runs into an unmapped page: the elements
	 * before it, then "... /+ address +/" (and no -e write= dump: strace
	 * reads the whole array first)
	 */
	pg = mmap(NULL, 8192, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (pg != MAP_FAILED) {
		struct iovec *tail = (struct iovec *)(pg + 4096) - 1;

		munmap(pg + 4096, 4096);
		tail->iov_base = buf;
		tail->iov_len = 4;
		(void)!writev(fd, tail, 2);
		munmap(pg, 4096);
	}

	/* lseek: every whence, bad ones */
	lseek(fd, 0, SEEK_DATA);
	lseek(fd, 0, SEEK_HOLE);
	lseek(fd, -1, SEEK_SET);
	lseek(fd, 0, 5);
	lseek(fd, LLONG_MAX, SEEK_CUR);

	/* fcntl: each command, bad arguments */
	fcntl(fd, F_SETFD, FD_CLOEXEC);
	fcntl(fd, F_SETFD, 0xff);
	fcntl(fd, F_SETFL, O_APPEND | O_NONBLOCK | O_ASYNC | O_DIRECT | O_NOATIME);
	fcntl(fd, F_GETFL);
	fcntl(fd, F_SETFL, 0);
	fcntl(fd, F_DUPFD, -1);
	fcntl(fd, F_DUPFD, INT_MAX);
	fcntl(fd, F_GETLK, NULL);
	fcntl(fd, F_SETLK, BAD);
	memset(&fl, 0, sizeof(fl));
	fl.l_type = F_WRLCK;
	fl.l_whence = SEEK_END;
	fl.l_start = -1;
	fl.l_len = 0;
	fcntl(fd, F_SETLK, &fl);
	fl.l_type = F_UNLCK;
	fl.l_whence = SEEK_CUR;
	fcntl(fd, F_SETLKW, &fl);
	fl.l_type = 7;
	fcntl(fd, F_SETLK, &fl);
	memset(&fl, 0, sizeof(fl));
	fl.l_type = F_WRLCK;
	fcntl(fd, F_OFD_SETLKW, &fl);
	fl.l_type = F_UNLCK;
	fcntl(fd, F_OFD_SETLK, &fl);
	fcntl(fd, F_GETOWN);
	fcntl(fd, F_SETOWN, 0);
	own.type = F_OWNER_PGRP;
	own.pid = 0;
	fcntl(fd, F_SETOWN_EX, &own);
	fcntl(fd, F_GETOWN_EX, &own);
	fcntl(fd, F_GETOWN_EX, NULL);
	fcntl(fd, F_SETSIG, SIGIO);
	fcntl(fd, F_GETSIG);
	fcntl(fd, F_SETSIG, 0);
	fcntl(fd, F_GETLEASE);
	fcntl(fd, F_SETLEASE, F_UNLCK);
	fcntl(fd, F_SETLEASE, 99);
	fcntl(fd, F_GET_SEALS);
	fcntl(fd, F_ADD_SEALS, F_SEAL_SEAL | F_SEAL_SHRINK | F_SEAL_GROW |
	      F_SEAL_WRITE | F_SEAL_FUTURE_WRITE);
	fcntl(fd, 0x7fff, 1);
	fcntl(-1, F_GETFD);

	/* dup and pipes: flags, bad fds */
	dup(-1);
	dup2(fd, -1);
	dup2(fd, fd);
	dup3(fd, fd, 0);
	dup3(fd, 50, 0xff);
	dup3(-1, 50, O_CLOEXEC);
	pipe2(p, O_CLOEXEC | O_NONBLOCK | O_DIRECT);
	pipe2(NULLP, 0);
	pipe2(BAD, 0);
	pipe2(p + 0, 0xffffffff);
	fcntl(p[1], F_SETPIPE_SZ, 8192);
	fcntl(p[1], F_GETPIPE_SZ);
	fcntl(p[1], F_SETPIPE_SZ, INT_MAX);

	/* data between descriptors: flags, offsets, bad pointers */
	(void)!write(p[1], "xyz", 3);
	{
		loff_t off = 0;

		splice(p[0], NULL, fd, &off, 2, SPLICE_F_MOVE | SPLICE_F_NONBLOCK |
		       SPLICE_F_MORE | SPLICE_F_GIFT);
		splice(p[0], NULL, fd, BAD, 1, 0);
		splice(-1, NULL, fd, NULL, 1, 0);
		tee(p[0], p[1], 1, SPLICE_F_NONBLOCK);
		sendfile(fd, p[0], NULL, 0);
		sendfile(fd, fd, BAD, 1);
		off = -1;
		sendfile(p[1], fd, &off, 1);
		copy_file_range(fd, NULL, fd, NULL, 0, 0);
		copy_file_range(fd, BAD, fd, NULL, 1, 0);
		copy_file_range(fd, NULL, fd, NULL, 1, 1);
	}
	iov[0].iov_base = buf;
	iov[0].iov_len = 2;
	vmsplice(p[1], iov, 1, SPLICE_F_GIFT);
	vmsplice(p[1], BAD, 1, 0);
	close(p[0]);
	close(p[1]);

	/* sizes and space */
	ftruncate(fd, -1);
	truncate(path, LLONG_MAX);
	truncate(NULLP, 0);
	fallocate(fd, FALLOC_FL_ZERO_RANGE, 0, 4096);
	fallocate(fd, FALLOC_FL_COLLAPSE_RANGE, 0, 4096);
	fallocate(fd, FALLOC_FL_INSERT_RANGE | FALLOC_FL_UNSHARE_RANGE, 0, 4096);
	fallocate(fd, 0x40000000, -1, 0);
	posix_fadvise(fd, 0, 0, POSIX_FADV_NORMAL);
	posix_fadvise(fd, 1, 2, POSIX_FADV_RANDOM);
	posix_fadvise(fd, 0, -1, POSIX_FADV_SEQUENTIAL);
	posix_fadvise(fd, 0, 0, POSIX_FADV_WILLNEED);
	posix_fadvise(fd, 0, 0, POSIX_FADV_NOREUSE);
	posix_fadvise(fd, 0, 0, 99);
	sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WAIT_BEFORE |
			SYNC_FILE_RANGE_WRITE | SYNC_FILE_RANGE_WAIT_AFTER);
	sync_file_range(fd, -1, 0, 0);
	readahead(fd, 0, 4096);
	flock(fd, LOCK_MAND | LOCK_READ);
	flock(fd, 0);
	flock(-1, LOCK_EX);
	syncfs(fd);
	close(fd);

	/* xattrs: flags, NULL and bad names and values, huge sizes */
	setxattr(path, name, "v", 1, XATTR_CREATE);
	setxattr(path, name, "w", 1, XATTR_REPLACE);
	setxattr(path, name, "w", 1, 3);
	setxattr(path, NULLP, "v", 1, 0);
	setxattr(path, name, BAD, 1, 0);
	setxattr(path, name, NULLP, 0, 0);
	getxattr(path, name, BAD, 16);
	getxattr(path, name, buf, 0);
	getxattr(path, BAD, buf, 16);
	listxattr(path, BAD, 64);
	listxattr(path, NULLP, 0);
	listxattr(BAD, buf, 64);
	removexattr(path, NULLP);
	removexattr(path, name);

	/* names: every flag of the *at calls, NULL and bad paths */
	mkdir(NULLP, 0755);
	mkdir("d", 01777);
	mkdirat(-1, "e", 0700);
	mknodat(AT_FDCWD, "s", S_IFSOCK | 0600, 0);
	mknodat(AT_FDCWD, "r", S_IFREG | 0600, 0);
	mknodat(AT_FDCWD, "c", S_IFCHR | 0600, makedev(1, 3));
	mknodat(AT_FDCWD, "b", S_IFBLK | 0600, makedev(7, 0));
	mknodat(AT_FDCWD, "x", 0170000 | 0600, makedev(0xfff, 0xfffff));
	mknod(BAD, S_IFIFO, 0);
	link(path, NULLP);
	linkat(AT_FDCWD, path, AT_FDCWD, "d/l", AT_SYMLINK_FOLLOW);
	linkat(AT_FDCWD, "", AT_FDCWD, "d/l2", AT_EMPTY_PATH);
	linkat(AT_FDCWD, path, AT_FDCWD, "d/l3", 0xffff);
	symlink(NULLP, "y");
	symlink(path, BAD);
	symlinkat("d", -1, "z");
	(void)!readlink(path, buf, sizeof(buf));
	(void)!readlink("d", NULLP, 0);
	symlink("a-very-long-target-name-longer-than-thirty-two-bytes", "long");
	(void)!readlink("long", buf, 4);
	(void)!readlink("long", BAD, 64);
	(void)!readlinkat(AT_FDCWD, "long", buf, sizeof(buf));
	(void)!readlinkat(-1, "long", buf, 0);
	rename(NULLP, "q");
	rename(path, BAD);
	renameat2(AT_FDCWD, "d/l", AT_FDCWD, "d/m", RENAME_WHITEOUT);
	renameat2(AT_FDCWD, "d/l", AT_FDCWD, "d/m", RENAME_NOREPLACE | RENAME_EXCHANGE);
	renameat2(AT_FDCWD, "d/l", AT_FDCWD, "d/m", 0xffff);
	unlinkat(AT_FDCWD, "d", 0);
	unlinkat(AT_FDCWD, path, AT_REMOVEDIR);
	unlinkat(AT_FDCWD, path, 0xffff);
	unlink(NULLP);
	rmdir(BAD);

	/* permissions and owners: special bits, -1, huge ids */
	chmod(path, 07777);
	chmod(path, 0xffffffff);
	chmod(NULLP, 0644);
	fchmod(-1, 0644);
	fchmodat(AT_FDCWD, path, 04755, 0);
	chown(path, -1, -1);
	chown(path, 65534, 65534);
	chown(path, 0xfffffffe, 0);
	lchown(BAD, 0, 0);
	fchown(-1, 0, 0);
	fchownat(AT_FDCWD, path, 0, 0, AT_EMPTY_PATH);
	fchownat(AT_FDCWD, path, 0, 0, 0xffff);

	/* times: UTIME_NOW, UTIME_OMIT, out-of-range, NULL, bad */
	ts[0].tv_sec = 0;
	ts[0].tv_nsec = UTIME_NOW;
	ts[1].tv_sec = 0;
	ts[1].tv_nsec = UTIME_OMIT;
	utimensat(AT_FDCWD, path, ts, 0);
	ts[0].tv_sec = 1;
	ts[0].tv_nsec = 1000000000;
	utimensat(AT_FDCWD, path, ts, AT_SYMLINK_NOFOLLOW);
	ts[0].tv_sec = -1;
	ts[0].tv_nsec = 0;
	ts[1].tv_sec = LLONG_MAX;
	ts[1].tv_nsec = 999999999;
	utimensat(AT_FDCWD, path, ts, 0);
	utimensat(AT_FDCWD, path, BAD, 0);
	utimensat(AT_FDCWD, NULLP, NULL, 0);
	utimensat(AT_FDCWD, path, NULL, 0xffff);
	{
		struct timeval tv[2] = { { 1, 2 }, { 3, 4 } };

		utimes(path, tv);
		utimes(path, NULL);
		sc(SYS_utimes, (long)path, (long)BAD, 0, 0, 0, 0);
		tv[0].tv_usec = 1000000;
		utimes(path, tv);
		sc(SYS_futimesat, AT_FDCWD, (long)path, (long)tv, 0, 0, 0);
	}

	/* the working directory: a path longer than -s's 32 bytes, NULL */
	memset(deep, 0, sizeof(deep));
	for (i = 0; i < 4; i++) {
		memcpy(deep, "a-directory-name-of-forty-bytes-long-xx", 40);
		mkdir(deep, 0755);
		(void)!chdir(deep);
	}
	(void)!getcwd(buf, sizeof(buf));
	(void)!getcwd(deep, sizeof(deep));
	(void)!getcwd(NULLP, 0);
	(void)!getcwd(BAD, 100);
	for (i = 0; i < 4; i++) {
		(void)!chdir("..");
		rmdir("a-directory-name-of-forty-bytes-long-xx");
	}
	(void)!chdir(NULLP);
	fchdir(-1);
	(void)!chroot(BAD);
	umask(0777);
	umask(0xffffffff);

	/* leave the directory empty */
	unlink("long");
	unlink("s");
	unlink("r");
	unlink("c");
	unlink("b");
	unlink("x");
	unlink("d/l");
	unlink("d/m");
	unlink("d/l2");
	unlink("d/l3");
	rmdir("d");
	unlink(path);
	/*
	 * fsconfig on no fs context (EBADF or EINVAL, nothing changes): the
	 * key, value and aux each command reads; a key at the kernel's 256
	 * bytes, a blob in hex, a value at the memory's end, a command
	 * strace 6.1 knows none of the arguments of
	 */
	{
		static const char blob[] = { 0, 1, 'a', 0xff, 0 };
		char *key = edge + 4096 - 258;

		memset(key, 'k', 257);
		key[257] = 0;
		syscall(SYS_fsconfig, -1, 0 /* SET_FLAG */, "ro", NULL, 0);
		syscall(SYS_fsconfig, -1, 1 /* SET_STRING */, "source", "abc", 0);
		syscall(SYS_fsconfig, -1, 1, key, key + 1, 0);
		syscall(SYS_fsconfig, -1, 1, key + 2, key + 2, 0);
		syscall(SYS_fsconfig, -1, 2 /* SET_BINARY */, "b", blob, 5);
		syscall(SYS_fsconfig, -1, 2, "b", blob, -1);
		syscall(SYS_fsconfig, -1, 2, "b", edge + 4093, 8);
		syscall(SYS_fsconfig, -1, 3 /* SET_PATH */, "p", "/dev/null",
			AT_FDCWD);
		syscall(SYS_fsconfig, -1, 4 /* SET_PATH_EMPTY */, "p", "", 0);
		syscall(SYS_fsconfig, -1, 3, "p", edge + 4095, AT_FDCWD);
		syscall(SYS_fsconfig, -1, 5 /* SET_FD */, "fd", NULL, 0);
		syscall(SYS_fsconfig, -1, 6 /* CMD_CREATE */, NULL, NULL, 0);
		syscall(SYS_fsconfig, -1, 99, "x", "y", 7);
	}

	/* fanotify_init: the class is a value (0xc is none), then flags */
	{
		long fa = syscall(SYS_fanotify_init, 0x4 | 0x1 /* CLOEXEC */,
				  O_RDONLY);

		if (fa >= 0)
			close((int)fa);
		syscall(SYS_fanotify_init, 0xc, O_RDONLY);
		syscall(SYS_fanotify_init, 0xc | 0x2 | 0x40000000, O_WRONLY);
		syscall(SYS_fanotify_init, 0x8 | 0x40000000, O_RDONLY);
		syscall(SYS_fanotify_init, 0x40000000, O_RDONLY);
	}
	return 0;
}
