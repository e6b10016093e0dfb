// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_files.sh: the file family, in the current
 * directory (tests/parity.sh starts it in a fresh empty one).  open/openat/
 * creat, read/write/pread64/pwrite64/readv/writev, lseek, stat/lstat/fstat/
 * newfstatat/statx/statfs/fstatfs, getdents64, mkdir/rmdir, rename/
 * renameat2, link/linkat, symlink/symlinkat, readlink/readlinkat,
 * unlink/unlinkat, chmod/fchmod/fchmodat, chown/fchown/lchown/fchownat,
 * utimensat/futimens, access/faccessat/faccessat2, truncate/ftruncate,
 * fsync/fdatasync/sync_file_range, fallocate, fadvise64, dup/dup2/dup3,
 * fcntl (F_GETFD F_SETFD F_GETFL F_SETFL F_DUPFD F_DUPFD_CLOEXEC F_SETLK
 * F_GETLK F_OFD_SETLK F_GETPIPE_SZ F_NOTIFY...), flock, *xattr, getcwd,
 * chdir/fchdir, mknodat (fifo), umask, copy_file_range, sendfile,
 * close_range, memfd_create, openat2.  Same calls and results every run;
 * writes nothing; exits 0.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/xattr.h>
#include <unistd.h>

int main(void)
{
	char buf[256], cwd[512];
	struct stat st;
	struct statx stx;
	struct statfs sfs;
	struct iovec iov[3];
	struct flock fl;
	struct timespec ts[2] = { { 1000000000, 5 }, { 1100000000, 0 } };
	int fd, fd2, d;

	umask(022);
	fd = open("a.txt", O_CREAT | O_WRONLY | O_TRUNC, 0644);
	(void)!write(fd, "hello world\n", 12);
	(void)!pwrite(fd, "HELLO", 5, 0);
	iov[0].iov_base = "one ";
	iov[0].iov_len = 4;
	iov[1].iov_base = "two\n";
	iov[1].iov_len = 4;
	(void)!writev(fd, iov, 2);
	(void)!pwritev(fd, iov, 2, 100);
	fsync(fd);
	fdatasync(fd);
	sync_file_range(fd, 0, 0, SYNC_FILE_RANGE_WRITE);
	(void)!ftruncate(fd, 64);
	(void)!fallocate(fd, 0, 0, 8192);
	(void)!fallocate(fd, FALLOC_FL_KEEP_SIZE | FALLOC_FL_PUNCH_HOLE, 0, 4096);
	posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	lseek(fd, 0, SEEK_SET);
	lseek(fd, 10, SEEK_CUR);
	lseek(fd, 0, SEEK_END);
	close(fd);

	fd = openat(AT_FDCWD, "a.txt", O_RDONLY | O_CLOEXEC);
	(void)!read(fd, buf, 5);
	(void)!pread(fd, buf, 8, 2);
	iov[0].iov_base = buf;
	iov[0].iov_len = 3;
	iov[1].iov_base = buf + 10;
	iov[1].iov_len = 4;
	(void)!readv(fd, iov, 2);
	(void)!preadv(fd, iov, 2, 0);
	fstat(fd, &st);
	stat("a.txt", &st);
	lstat("a.txt", &st);
	fstatat(AT_FDCWD, "a.txt", &st, AT_SYMLINK_NOFOLLOW);
	statx(AT_FDCWD, "a.txt", 0, STATX_BASIC_STATS, &stx);
	statx(fd, "", AT_EMPTY_PATH, STATX_SIZE | STATX_MODE, &stx);
	statfs(".", &sfs);
	fstatfs(fd, &sfs);

	/* fcntl */
	fcntl(fd, F_GETFD);
	fcntl(fd, F_SETFD, 0);
	fcntl(fd, F_GETFL);
	fcntl(fd, F_SETFL, O_NONBLOCK);
	fd2 = fcntl(fd, F_DUPFD, 10);
	close(fd2);
	fd2 = fcntl(fd, F_DUPFD_CLOEXEC, 20);
	close(fd2);
	fd2 = dup(fd);
	dup2(fd, 30);
	dup3(fd, 31, O_CLOEXEC);
	close(30);
	close(31);
	close(fd2);
	close(fd);

	fd = open("a.txt", O_RDWR);
	memset(&fl, 0, sizeof(fl));
	fl.l_type = F_WRLCK;
	fl.l_whence = SEEK_SET;
	fl.l_start = 0;
	fl.l_len = 10;
	fcntl(fd, F_SETLK, &fl);
	fl.l_type = F_RDLCK;
	fcntl(fd, F_GETLK, &fl);
	fl.l_type = F_UNLCK;
	fcntl(fd, F_SETLKW, &fl);
	memset(&fl, 0, sizeof(fl));
	fl.l_type = F_RDLCK;
	fl.l_len = 5;
	fcntl(fd, F_OFD_SETLK, &fl);
	fcntl(fd, F_OFD_GETLK, &fl);
	flock(fd, LOCK_EX);
	flock(fd, LOCK_UN);
	flock(fd, LOCK_SH | LOCK_NB);
	flock(fd, LOCK_UN);

	/* xattrs (user.*: ext4, tmpfs) */
	setxattr("a.txt", "user.fam", "value1", 6, XATTR_CREATE);
	getxattr("a.txt", "user.fam", buf, sizeof(buf));
	getxattr("a.txt", "user.fam", NULL, 0);
	listxattr("a.txt", buf, sizeof(buf));
	fsetxattr(fd, "user.two", "v2", 2, 0);
	fgetxattr(fd, "user.two", buf, sizeof(buf));
	flistxattr(fd, buf, sizeof(buf));
	lgetxattr("a.txt", "user.missing", buf, sizeof(buf));
	fremovexattr(fd, "user.two");
	removexattr("a.txt", "user.fam");
	lremovexattr("a.txt", "user.fam");
	close(fd);

	/* names */
	mkdir("d", 0755);
	mkdirat(AT_FDCWD, "d/sub", 0700);
	fd = creat("d/f1", 0600);
	close(fd);
	link("a.txt", "d/hard");
	linkat(AT_FDCWD, "a.txt", AT_FDCWD, "d/hard2", 0);
	symlink("../a.txt", "d/sym");
	symlinkat("a.txt", AT_FDCWD, "sym2");
	(void)!readlink("d/sym", buf, sizeof(buf));
	(void)!readlinkat(AT_FDCWD, "sym2", buf, sizeof(buf));
	rename("d/f1", "d/f2");
	renameat(AT_FDCWD, "d/f2", AT_FDCWD, "d/f3");
	renameat2(AT_FDCWD, "d/f3", AT_FDCWD, "d/hard", RENAME_NOREPLACE);
	renameat2(AT_FDCWD, "d/f3", AT_FDCWD, "d/hard", RENAME_EXCHANGE);
	mknodat(AT_FDCWD, "fifo", S_IFIFO | 0644, 0);
	mknod("fifo2", S_IFIFO | 0600, 0);
	chmod("a.txt", 0640);
	fchmodat(AT_FDCWD, "a.txt", 0600, 0);
	chown("a.txt", 0, 0);
	lchown("sym2", -1, 0);
	fchownat(AT_FDCWD, "a.txt", 0, -1, AT_SYMLINK_NOFOLLOW);
	utimensat(AT_FDCWD, "a.txt", ts, 0);
	utimensat(AT_FDCWD, "a.txt", NULL, 0);
	access("a.txt", R_OK | W_OK);
	faccessat(AT_FDCWD, "a.txt", X_OK, 0);
	syscall(SYS_faccessat2, AT_FDCWD, "a.txt", F_OK, AT_EACCESS);
	truncate("a.txt", 32);
	(void)!getcwd(cwd, sizeof(cwd));
	(void)!chdir("d");
	d = open("..", O_RDONLY | O_DIRECTORY);
	fchdir(d);
	close(d);

	/* directory listing: names are fixed, order is the file system's */
	d = open("d", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	fd = openat(d, "hard", O_RDONLY);
	fstat(fd, &st);
	fchmod(fd, 0644);
	fchown(fd, 0, 0);
	futimens(fd, ts);
	close(fd);
	syscall(SYS_getdents64, d, buf, sizeof(buf));
	syscall(SYS_getdents64, d, buf, sizeof(buf));
	close(d);

	/* data between files */
	fd = open("a.txt", O_RDONLY);
	fd2 = open("b.txt", O_WRONLY | O_CREAT | O_EXCL, 0600);
	sendfile(fd2, fd, NULL, 8);
	{
		loff_t in = 0, out = 100;

		copy_file_range(fd, &in, fd2, &out, 4, 0);
	}
	close(fd2);
	close(fd);
	fd = memfd_create("fam", MFD_CLOEXEC);
	(void)!ftruncate(fd, 4096);
	close(fd);
	{
		struct open_how how = { .flags = O_RDONLY | O_CLOEXEC,
					.resolve = RESOLVE_BENEATH };

		fd = syscall(SYS_openat2, AT_FDCWD, "a.txt", &how, sizeof(how));
		close(fd);
	}
	fd = open(".", O_PATH);
	fd2 = open("a.txt", O_RDONLY);
	dup2(fd2, 40);
	dup2(fd2, 41);
	syscall(SYS_close_range, 40, 41, 0);
	close(fd2);
	close(fd);

	unlink("d/hard");
	unlinkat(AT_FDCWD, "d/hard2", 0);
	unlinkat(AT_FDCWD, "d/sub", AT_REMOVEDIR);
	unlink("d/sym");
	unlink("d/f3");
	rmdir("d");
	unlink("sym2");
	unlink("fifo");
	unlink("fifo2");
	unlink("b.txt");
	unlink("a.txt");
	return 0;
}
