// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/flags_dump.sh (-e read=, -e write=): transfers on
 * fds moved to known numbers, in the current directory (the test starts
 * it in a fresh empty one).  A pipe (60 read, 61 write): a literal from
 * .rodata (its page not in memory yet: the copy at the write's entry
 * faults, and is made at its exit), 100 bytes of every kind,
 * writev of two buffers and readv into two, an empty write; a write and
 * a read on a closed fd (62: the write is dumped, as strace dumps it, the
 * read is not), a writev there of an array that runs into an unmapped
 * page (at a fixed address: the same text in both runs; not dumped,
 * strace reads the whole array first); a socketpair (63, 64): sendto/recvfrom, sendmsg of two
 * buffers, recvmsg into one; a file (65): pwrite64/pread64; past the copy
 * bound (66, a file): a 10000-byte write and its pread64; writev of 70
 * one-byte buffers (67).  Same calls and bytes every run; exits 0.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

static char big[10000], buf[10000];

static void to(int fd, int want)
{
	dup2(fd, want);
	close(fd);
}

int main(void)
{
	struct iovec wv[2] = { { "abc", 3 }, { "defghijklmnopqrstuvwxyz0123456789", 33 } };
	struct iovec rv[2] = { { buf, 10 }, { buf + 10, 100 } };
	struct iovec one[70];
	struct msghdr m = { 0 };
	char *pg;
	int p[2], s[2], i;

	for (i = 0; i < (int)sizeof(big); i++)
		big[i] = (char)(i * 7 + i / 256);
	if (pipe(p))
		return 1;
	to(p[0], 60);
	to(p[1], 61);
	/* first: no call has read this literal's page yet (open's "f" would) */
	write(61, "hello\n", 6);
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, s))
		return 1;
	to(s[0], 63);
	to(s[1], 64);
	to(open("f", O_RDWR | O_CREAT | O_TRUNC, 0600), 65);
	to(open("big", O_RDWR | O_CREAT | O_TRUNC, 0600), 66);
	to(open("vec", O_RDWR | O_CREAT | O_TRUNC, 0600), 67);

	read(60, buf, 300);
	write(61, big, 100);
	read(60, buf, 300);
	writev(61, wv, 2);
	readv(60, rv, 2);
	write(61, "", 0);
	write(62, "bad", 3);
	read(62, NULL, 0);
	pg = mmap((void *)0x10000000, 8192, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	if (pg != MAP_FAILED) {
		struct iovec *tail = (struct iovec *)(pg + 4096) - 1;

		munmap(pg + 4096, 4096);
		tail->iov_base = "abcd";
		tail->iov_len = 4;
		writev(62, tail, 2);
		/* a buffer that cannot be read: the call fails, no dump */
		write(61, pg + 4096 - 1, 2);
		write(61, pg + 4096, 1);
	}

	send(63, "sock", 4, 0);
	recv(64, buf, 10, 0);
	m.msg_iov = wv;
	m.msg_iovlen = 2;
	sendmsg(63, &m, 0);
	m.msg_iov = rv + 1;
	m.msg_iovlen = 1;
	recvmsg(64, &m, 0);

	pwrite(65, "file-data\n", 10, 0);
	pread(65, buf, 100, 0);

	write(66, big, sizeof(big));
	pread(66, buf, sizeof(buf), 0);
	for (i = 0; i < 70; i++) {
		one[i].iov_base = big + i;
		one[i].iov_len = 1;
	}
	writev(67, one, 70);
	return 0;
}
