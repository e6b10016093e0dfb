// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A tiny "JIT": copies a function that calls getppid into anonymous
 * executable memory, describes it in /tmp/perf-PID.map as perf's JIT
 * interface does ("START SIZE name"), and calls it N times (argv[1]).
 * The map is left for the tracer to read, as JITs leave it (argv[2]:
 * removed at the end).
 *   jit -w N   writes no map: the calls begin once a line is read from
 *              stdin (a test plants /tmp/perf-PID.map first)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* mov $110, %eax (getppid); syscall; ret */
static const unsigned char code[] = {
	0xb8, 0x6e, 0x00, 0x00, 0x00, 0x0f, 0x05, 0xc3,
};

int main(int argc, char **argv)
{
	int planted = argc > 2 && !strcmp(argv[1], "-w");
	int n = argc > 1 ? atoi(argv[1 + planted]) : 3;
	char path[64], c;
	unsigned char *p;
	long (*fn)(void);
	FILE *f;

	p = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return 1;
	memcpy(p + 64, code, sizeof(code));
	if (planted) {
		while (read(0, &c, 1) == 1 && c != '\n')
			;
		fn = (long (*)(void))(void *)(p + 64);
		for (int i = 0; i < n; i++)
			fn();
		return 0;
	}
	snprintf(path, sizeof(path), "/tmp/perf-%d.map", (int)getpid());
	f = fopen(path, "w");
	if (!f)
		return 1;
	fprintf(f, "%lx %zx jitted_getppid\n", (unsigned long)(p + 64),
		sizeof(code));
	fclose(f);
	fn = (long (*)(void))(void *)(p + 64);
	for (int i = 0; i < n; i++)
		fn();
	if (argc > 2)
		unlink(path);
	return 0;
}
