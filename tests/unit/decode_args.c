// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: arguments and return values of real table entries, printed as
 * strace prints them (lines taken from strace 6.1 on the same calls).
 */
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/syscall.h>

#include "check_decode.h"

/* the line "name(args) = ret" for a call, without column padding */
static const char *line(long nr, uint64_t a0, uint64_t a1, uint64_t a2,
			uint64_t a3, uint64_t a4, uint64_t a5, int64_t ret)
{
	struct sc_call c = { .d = sc_lookup(nr), .ret = ret,
			     .args = { a0, a1, a2, a3, a4, a5 } };

	return run(&c);
}

int main(void)
{
	CHECK_STR(line(SYS_getppid, 0, 0, 0, 0, 0, 0, 4242),
		  "getppid() = 4242");
	CHECK_STR(line(SYS_close, 3, 0, 0, 0, 0, 0, 0), "close(3) = 0");
	CHECK_STR(line(SYS_close, (uint64_t)-100, 0, 0, 0, 0, 0, -9),
		  "close(-100) = -1 EBADF (Bad file descriptor)");
	/* open's mode only when the flags create a file */
	CHECK_STR(line(SYS_openat, (uint64_t)AT_FDCWD, 0x1000, O_RDONLY | O_CLOEXEC,
		       0, 0, 0, 3),
		  "openat(AT_FDCWD, 0x1000, O_RDONLY|O_CLOEXEC) = 3");
	CHECK_STR(line(SYS_openat, 5, 0x1000, O_WRONLY | O_CREAT | O_TRUNC,
		       0644, 0, 0, -2),
		  "openat(5, 0x1000, O_WRONLY|O_CREAT|O_TRUNC, 0644) = -1 "
		  "ENOENT (No such file or directory)");
	CHECK_STR(line(SYS_openat, (uint64_t)AT_FDCWD, 0, 3 | 0x40000000, 0, 0,
		       0, -2),
		  "openat(AT_FDCWD, NULL, O_ACCMODE|0x40000000) = -1 ENOENT "
		  "(No such file or directory)");
	/* mmap: hex return, MAP_TYPE first, huge page size last */
	CHECK_STR(line(SYS_mmap, 0, 8192, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, (uint64_t)-1, 0,
		       0x7f0a4ca1b000),
		  "mmap(NULL, 8192, PROT_READ|PROT_WRITE, MAP_PRIVATE|"
		  "MAP_ANONYMOUS, -1, 0) = 0x7f0a4ca1b000");
	CHECK_STR(line(SYS_mmap, 0, 4096, 0, MAP_SHARED_VALIDATE | (21u << 26),
		       (uint64_t)-1, 0, -9),
		  "mmap(NULL, 4096, PROT_NONE, MAP_SHARED_VALIDATE|"
		  "21<<MAP_HUGE_SHIFT, -1, 0) = -1 EBADF (Bad file descriptor)");
	CHECK_STR(line(SYS_mmap, 0, 4096, 0, 0xf, (uint64_t)-1, 0, -9),
		  "mmap(NULL, 4096, PROT_NONE, 0xf /* MAP_??? */, -1, 0) = -1 "
		  "EBADF (Bad file descriptor)");
	CHECK_STR(line(SYS_mmap, 0, 4096, 0, 0, (uint64_t)-1, 0, -9),
		  "mmap(NULL, 4096, PROT_NONE, MAP_FILE, -1, 0) = -1 EBADF "
		  "(Bad file descriptor)");
	/* lseek whence, known and unknown */
	CHECK_STR(line(SYS_lseek, 0, 5, 4, 0, 0, 0, 0),
		  "lseek(0, 5, SEEK_HOLE) = 0");
	CHECK_STR(line(SYS_lseek, 0, 5, 9, 0, 0, 0, -22),
		  "lseek(0, 5, 0x9 /* SEEK_??? */) = -1 EINVAL (Invalid argument)");
	/* umask: octal both ways */
	CHECK_STR(line(SYS_umask, 022, 0, 0, 0, 0, 0, 022), "umask(022) = 022");
	CHECK_STR(line(SYS_umask, 0, 0, 0, 0, 0, 0, 022), "umask(000) = 022");
	/* signals: names, RT numbering, unknown numbers */
	CHECK_STR(line(SYS_kill, 999999, 0, 0, 0, 0, 0, -3),
		  "kill(999999, 0) = -1 ESRCH (No such process)");
	CHECK_STR(line(SYS_kill, 1, 34, 0, 0, 0, 0, 0), "kill(1, SIGRT_2) = 0");
	CHECK_STR(line(SYS_kill, 1, 64, 0, 0, 0, 0, 0), "kill(1, SIGRT_32) = 0");
	CHECK_STR(line(SYS_kill, 1, 65, 0, 0, 0, 0, 0), "kill(1, 65) = 0");
	CHECK_STR(line(SYS_kill, 1, 9, 0, 0, 0, 0, 0), "kill(1, SIGKILL) = 0");
	/* uid -1 means "unchanged" */
	CHECK_STR(line(SYS_fchownat, (uint64_t)AT_FDCWD, 0x10, 0xffffffff,
		       0xffffffff, 0, 0, 0),
		  "fchownat(AT_FDCWD, 0x10, -1, -1, 0) = 0");
	/* restartable errors print "?" as strace does */
	CHECK_STR(line(SYS_getppid, 0, 0, 0, 0, 0, 0, -512),
		  "getppid() = ? ERESTARTSYS (To be restarted if SA_RESTART is set)");
	/* exit_group never returns */
	CHECK_STR(line(SYS_exit_group, 3, 0, 0, 0, 0, 0, 0), "exit_group(3) = ?");
	/* at-flags with unknown bits */
	CHECK_STR(line(SYS_newfstatat, (uint64_t)AT_FDCWD, 0x10, 0, 0x1000 | 0x80000,
		       0, 0, -22),
		  "newfstatat(AT_FDCWD, 0x10, NULL, AT_EMPTY_PATH|0x80000) = -1 "
		  "EINVAL (Invalid argument)");
	/* an output argument prints at exit, after the separator at entry */
	{
		struct sc_call c = { .d = sc_lookup(SYS_read), .o = &fo,
				     .args = { 3, 0x1234, 832 } };
		struct fmt_buf b;
		int resume;

		fb_init(&b, out, sizeof(out) - 1);
		resume = fmt_args(&b, &c, 0, 0);
		*b.p = '\0';
		CHECK_STR(out, "3, ");
		CHECK(resume == 1);
		fb_init(&b, out, sizeof(out) - 1);
		fmt_args(&b, &c, resume, 1);
		*b.p = '\0';
		CHECK_STR(out, "0x1234, 832");
	}
	CHECK_DONE();
}
