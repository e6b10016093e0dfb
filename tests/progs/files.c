// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee: file syscalls in the directory argv[1] (created if missing; must
 * be empty): mkdir openat write pwrite64 lseek read pread64 fstat
 * ftruncate fsync dup dup2 fcntl close stat/newfstatat access chmod
 * symlink readlink rename getdents64 (opendir/readdir) unlink rmdir.
 * Every call and its result are the same on every run (fds 3, 4, 10, 20;
 * the directory holds b, l, sub when read); a few calls fail on purpose:
 *   close(99), read(99, ...), fstat(99)             -1 EBADF
 *   openat, access, unlink, rmdir of .../missing    -1 ENOENT
 *   readlink of a regular file                      -1 EINVAL
 * Writes nothing to stdout; exits 0, or 1 (with a note on stderr) if a
 * call's result was not the one expected, so a broken run is noticed.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

static int bad;

static void want(long got, long expect, int line)
{
	if (got != expect) {
		char msg[64];
		int n = snprintf(msg, sizeof(msg), "files: line %d: %ld != %ld\n",
				 line, got, expect);

		(void)!write(2, msg, (size_t)n);
		bad = 1;
	}
}
#define WANT(call, expect) want((long)(call), (long)(expect), __LINE__)

int main(int argc, char **argv)
{
	char a[4096], b[4096], l[4096], sub[4096], miss[4096], buf[64];
	const char *dir = argc > 1 ? argv[1] : ".";
	struct stat st;
	DIR *d;
	struct dirent *de;
	int fd, fd2, n;

	mkdir(dir, 0755);
	snprintf(a, sizeof(a), "%s/a", dir);
	snprintf(b, sizeof(b), "%s/b", dir);
	snprintf(l, sizeof(l), "%s/l", dir);
	snprintf(sub, sizeof(sub), "%s/sub", dir);
	snprintf(miss, sizeof(miss), "%s/missing", dir);

	WANT(mkdir(sub, 0755), 0);
	fd = open(a, O_CREAT | O_RDWR | O_TRUNC, 0644);
	WANT(fd, 3);
	WANT(write(fd, "hello world\n", 12), 12);
	WANT(pwrite(fd, "HELLO", 5, 0), 5);
	WANT(lseek(fd, 0, SEEK_SET), 0);
	WANT(read(fd, buf, sizeof(buf)), 12);
	WANT(pread(fd, buf, 5, 6), 5);
	WANT(lseek(fd, 0, SEEK_END), 12);
	WANT(lseek(fd, 3, SEEK_SET), 3);
	WANT(fstat(fd, &st), 0);
	WANT(ftruncate(fd, 4), 0);
	WANT(fsync(fd), 0);
	fd2 = dup(fd);
	WANT(fd2, 4);
	WANT(dup2(fd, 10), 10);
	WANT(fcntl(fd, F_GETFD), 0);
	WANT(fcntl(fd, F_SETFD, FD_CLOEXEC), 0);
	WANT(fcntl(fd, F_DUPFD, 20), 20);
	WANT(close(20), 0);
	WANT(close(10), 0);
	WANT(close(fd2), 0);
	WANT(close(fd), 0);

	WANT(stat(a, &st), 0);
	WANT(st.st_size, 4);
	WANT(fstatat(AT_FDCWD, a, &st, AT_SYMLINK_NOFOLLOW), 0);
	WANT(access(a, R_OK | W_OK), 0);
	WANT(chmod(a, 0600), 0);
	WANT(symlink("a", l), 0);
	WANT(readlink(l, buf, sizeof(buf)), 1);
	WANT(rename(a, b), 0);

	/* a directory with exactly: b l sub */
	d = opendir(dir);
	n = 0;
	while (d && (de = readdir(d)))
		n++;
	WANT(n, 5);
	if (d)
		closedir(d);

	/* failures with known results */
	WANT(close(99), -1);
	WANT(read(99, buf, 1), -1);
	WANT(fstat(99, &st), -1);
	WANT(open(miss, O_RDONLY), -1);
	WANT(access(miss, F_OK), -1);
	WANT(unlink(miss), -1);
	WANT(readlink(b, buf, sizeof(buf)), -1);
	WANT(rmdir(miss), -1);

	WANT(unlink(l), 0);
	WANT(unlink(b), 0);
	WANT(rmdir(sub), 0);
	syscall(SYS_exit_group, bad);
	return bad;
}
