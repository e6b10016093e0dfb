// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee: a program that shrinks a file it runs code from, under the
 * tracer that reads that file (its unwind info, the bytes before a
 * return address) through a mapping of its own: a read of a page past
 * the file's new end is a SIGBUS there.
 *
 *   truncmap FILE N copies its own executable to FILE, maps the copy
 *                   whole, calls getppid from the copy of a function of
 *                   its own (a frame in FILE, with FILE's unwind info),
 *                   prints "called" and waits for a line on stdin; then
 *                   calls it N times more and at once truncates FILE to
 *                   0 bytes (the tracer, behind, unwinds those calls
 *                   after that), prints "truncated" and exits 0 (1 if
 *                   something failed).  It runs no more code of FILE:
 *                   a page of it past the end is a SIGBUS here too.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* no relocation, no PLT: its copy runs anywhere */
__attribute__((noinline)) static long in_file(void)
{
	long r;

	__asm__ volatile("syscall" : "=a"(r) : "a"(110L) : "rcx", "r11",
			 "memory");	/* getppid */
	return r;
}

static int copy_self(const char *to)
{
	char buf[65536];
	ssize_t n;
	int in = open("/proc/self/exe", O_RDONLY), out, r = 0;

	out = open(to, O_RDWR | O_CREAT | O_TRUNC, 0755);
	if (in < 0 || out < 0)
		return -1;
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write(out, buf, (size_t)n) != n)
			r = -1;
	close(in);
	if (n < 0 || r) {
		close(out);
		return -1;
	}
	return out;
}

/* the file offset of in_file in our own executable's mapping */
static long self_offset(uintptr_t a)
{
	FILE *f = fopen("/proc/self/maps", "r");
	unsigned long lo, hi, off;
	char line[512];
	long r = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%lx-%lx %*s %lx", &lo, &hi, &off) == 3 &&
		    a >= lo && a < hi) {
			r = (long)(a - lo + off);
			break;
		}
	fclose(f);
	return r;
}

int main(int argc, char **argv)
{
	long off = self_offset((uintptr_t)in_file), (*fn)(void);
	struct stat st;
	char line[16];
	uint8_t *p;
	int fd;

	if (argc != 3 || off < 0)
		return 1;
	fd = copy_self(argv[1]);
	if (fd < 0 || fstat(fd, &st))
		return 1;
	p = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_EXEC, MAP_PRIVATE,
		 fd, 0);
	if (p == MAP_FAILED)
		return 1;
	fn = (long (*)(void))(void *)(p + off);
	fn();
	printf("called\n");
	fflush(stdout);
	if (!fgets(line, sizeof(line), stdin))
		return 1;
	for (long n = atol(argv[2]); n > 0; n--)
		fn();
	if (ftruncate(fd, 0))
		return 1;
	printf("truncated\n");
	return 0;
}
