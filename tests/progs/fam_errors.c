// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_errors.sh: calls that fail, one errno after
 * another: EBADF, ENOENT, EFAULT (bad pointers in and out), EINVAL,
 * EEXIST, ENOTDIR, EISDIR, ENOTEMPTY, ESPIPE, ENOTTY, ESRCH, EAFNOSUPPORT,
 * EPROTONOSUPPORT, ENOSYS, ECHILD, EACCES-free (we run as root).  Exits 0.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#define BAD ((void *)1)

int main(void)
{
	char buf[16];
	struct stat st;
	struct termios t;
	struct timespec ts = { 0, 2000000000L };
	struct sigaction sa = { 0 };
	int fd, p[2];

	close(-1);
	close(1000);
	(void)!read(999, buf, 1);
	/*
	 * from the stack: a literal in a page the program has not touched
	 * prints as a pointer (the kernel copy cannot fault it in), which
	 * tests/live/untouched_pages.sh covers; here the decoder is tested
	 */
	buf[0] = 'x';
	(void)!write(999, buf, 1);
	fstat(999, &st);
	open("missing", O_RDONLY);
	open("missing/deeper", O_RDONLY);
	stat("missing", &st);
	access("missing", F_OK);
	unlink("missing");
	rmdir("missing");
	chdir("missing");
	syscall(SYS_open, BAD, O_RDONLY);
	syscall(SYS_openat, AT_FDCWD, BAD, O_RDONLY);
	syscall(SYS_stat, BAD, &st);
	syscall(SYS_newfstatat, AT_FDCWD, ".", BAD, 0);
	syscall(SYS_uname, BAD);

	fd = open("f", O_RDWR | O_CREAT | O_EXCL, 0600);
	open("f", O_RDWR | O_CREAT | O_EXCL, 0600);
	syscall(SYS_read, fd, BAD, 4);
	(void)!write(fd, "abc", 3);
	lseek(fd, 0, SEEK_SET);
	syscall(SYS_read, fd, BAD, 4);
	syscall(SYS_write, fd, BAD, 4);
	lseek(fd, 0, 42);
	ioctl(fd, TCGETS, &t);
	open("f/x", O_RDONLY);
	mkdir("d", 0700);
	mkdir("d", 0700);
	open("d", O_WRONLY);
	unlink("d");
	close(open("d/x", O_CREAT | O_WRONLY, 0600));
	rmdir("d");
	unlink("d/x");
	rmdir("d");
	close(fd);
	unlink("f");
	(void)!pipe(p);
	lseek(p[0], 0, SEEK_SET);
	close(p[0]);
	close(p[1]);

	access(".", 0x40);
	mmap(NULL, 0, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	mmap(NULL, 4096, PROT_READ, MAP_PRIVATE, -1, 0);
	munmap((void *)1, 4096);
	mprotect((void *)4097, 4096, PROT_READ);
	nanosleep(&ts, NULL);
	syscall(SYS_clock_gettime, 99, &ts);
	syscall(SYS_clock_gettime, CLOCK_MONOTONIC, BAD);
	syscall(SYS_getrlimit, 99, BAD);
	sigaction(SIGKILL, &sa, NULL);
	syscall(SYS_rt_sigaction, SIGUSR1, BAD, NULL, 8);
	syscall(SYS_rt_sigprocmask, SIG_BLOCK, NULL, NULL, 3);
	kill(999999, SIGTERM);
	syscall(SYS_tgkill, 999999, 999999, SIGTERM);
	kill(getpid(), 99);
	wait4(-1, NULL, 0, NULL);
	waitpid(-1, NULL, 0x7fff0000);
	socket(AF_UNIX, SOCK_STREAM, 99);
	socket(12345, SOCK_STREAM, 0);
	socket(AF_INET, 99, 0);
	epoll_ctl(-1, EPOLL_CTL_ADD, 0, NULL);
	fd = epoll_create1(0);
	epoll_ctl(fd, 99, 0, NULL);
	epoll_create(0);
	close(fd);
	fcntl(0, 9999);
	dup2(0, -1);
	dup3(0, 0, 0);
	syscall(1000, 1, 2, 3);
	syscall(SYS_futex, BAD, 99, 0, NULL, NULL, 0);
	return 0;
}
