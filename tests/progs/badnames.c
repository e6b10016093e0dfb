// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee: names a hostile program chooses, carrying terminal escapes
 * (ESC, BEL) and bytes that are not UTF-8, for every place etrace
 * prints a name it did not make.  Run it from a path that has such bytes
 * too (the test copies it there): that path is its program, its module
 * in stack frames, and the program of the process it spawns.
 *
 *   badnames          its comm becomes COMM below; it describes a JIT
 *                     function named SYM below in /tmp/perf-PID.map, calls
 *                     getppid from it; then calls getppid from code in
 *                     a file it maps, CODE below (no ELF: no unwind
 *                     info, and a word at the stack pointer that is no
 *                     return address, so the stack is cut there, naming
 *                     the file); then runs itself ("child", by fork and
 *                     execve of argv[0]) and waits for that; the map and
 *                     the file stay for the tracer (the test removes them)
 *   badnames child    getppid, exit 0
 *   badnames list     prints COMM and SYM as hex bytes, one a line
 *
 * Exits 0, or 1 if something failed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

/* ESC ] 0 ; (set the window title) BEL, 0xff, ESC [ 2 J (clear): 15 bytes */
#define COMM "e\033]0;T\a\377\033[2Jz"
/* ESC [ 2 J, 0xff, 0xc3 0x28 (not UTF-8), C1 CSI as UTF-8 (0xc2 0x9b) */
#define SYM "jit\033[2J\377\303\050\302\233sym"
/* a file whose bytes are code, its name with ESC [ 2 J and 0xff */
#define CODE "/tmp/etrace-code\033[2J\377-%d"

/* mov $110, %eax (getppid); syscall; ret */
static const unsigned char code[] = {
	0xb8, 0x6e, 0x00, 0x00, 0x00, 0x0f, 0x05, 0xc3,
};
/* push $0x1234; mov $110, %eax (getppid); syscall; add $8, %rsp; ret */
static const unsigned char pushed[] = {
	0x68, 0x34, 0x12, 0x00, 0x00, 0xb8, 0x6e, 0x00, 0x00, 0x00,
	0x0f, 0x05, 0x48, 0x83, 0xc4, 0x08, 0xc3,
};

/* pushed's bytes in a file, mapped for executing; NULL if that failed */
static void *code_file(void)
{
	char path[64];
	void *p;
	FILE *f;

	snprintf(path, sizeof(path), CODE, (int)getpid());
	/* (read too: a mapping needs it) */
	f = fopen(path, "w+");
	if (!f)
		return NULL;
	if (fwrite(pushed, sizeof(pushed), 1, f) != 1) {
		fclose(f);
		return NULL;
	}
	if (fflush(f)) {
		fclose(f);
		return NULL;
	}
	p = mmap(NULL, 4096, PROT_READ | PROT_EXEC, MAP_PRIVATE, fileno(f), 0);
	if (fclose(f) || p == MAP_FAILED)
		return NULL;
	return p;
}

static void hex(const char *s)
{
	for (; *s; s++)
		printf("%02x", (unsigned char)*s);
	putchar('\n');
}

int main(int argc, char **argv)
{
	char path[64];
	unsigned char *p;
	long (*fn)(void);
	int st;
	pid_t pid;
	FILE *f;

	if (argc > 1 && !strcmp(argv[1], "list")) {
		hex(COMM);
		hex(SYM);
		return 0;
	}
	if (argc > 1) {
		getppid();
		return 0;
	}
	if (prctl(PR_SET_NAME, COMM, 0, 0, 0))
		return 1;
	p = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return 1;
	memcpy(p + 64, code, sizeof(code));
	snprintf(path, sizeof(path), "/tmp/perf-%d.map", (int)getpid());
	f = fopen(path, "w");
	if (!f)
		return 1;
	fprintf(f, "%lx %zx %s\n", (unsigned long)(p + 64), sizeof(code), SYM);
	if (fclose(f))
		return 1;
	fn = (long (*)(void))(void *)(p + 64);
	fn();
	fn = (long (*)(void))code_file();
	if (!fn)
		return 1;
	fn();
	pid = fork();
	if (pid < 0)
		return 1;
	if (!pid) {
		execl(argv[0], argv[0], "child", (char *)NULL);
		_exit(127);
	}
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st))
		return 1;
	return 0;
}
