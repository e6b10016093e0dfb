// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Calls whose arguments a tracer can print wrong: one class per mode, the
 * way strace's own tests make them (raw syscalls, junk in the upper half
 * of registers, out-of-range fractions, NULL where a request says what a
 * pointer means).  tests/live/values_*.sh trace each mode with strace and
 * etrace and want the same lines.  Every call fails or changes nothing.
 *
 *   wrong_values width|timefrac|null|plain|ptrace|argv
 */
#include <asm/prctl.h>
#include <linux/keyctl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

/* what strace's tests put in the upper half of 32-bit arguments */
#define JUNK 0xdeadbeef00000000ULL

static const char path[] = "/nonexistent-etrace-test/x";

static void width(void)
{
	syscall(SYS_mkdir, path, JUNK | 0755);
	syscall(SYS_mkdir, path, 0xffffffffffff0000ULL);
	syscall(SYS_umask, JUNK | 022);
	syscall(SYS_umask, JUNK | 022);
	syscall(SYS_fchmodat, JUNK | (uint32_t)-100, path, JUNK | 0640);
	syscall(SYS_mknod, path, JUNK | 020600, JUNK | 0x103);
	syscall(SYS_close, JUNK | 9999);
	syscall(SYS_kill, JUNK | 0x7ffffff0, JUNK);
	syscall(SYS_mbind, 0, 0, 0, 0, 0, JUNK | 0x80000000);
	syscall(SYS_openat, JUNK | (uint32_t)-100, path, JUNK | 0x80000);
}

static void timefrac(void)
{
	struct timespec ts = { 0, -1 };
	long tv[2] = { 0, -1 };

	syscall(SYS_nanosleep, &ts, NULL);
	syscall(SYS_clock_nanosleep, CLOCK_MONOTONIC, 0, &ts, NULL);
	ts.tv_sec = -1;
	ts.tv_nsec = (long)0xfacefeedbadc0dedULL;
	syscall(SYS_clock_settime, CLOCK_THREAD_CPUTIME_ID, &ts);
	syscall(SYS_settimeofday, tv, NULL);
}

static void null_ptrs(void)
{
	syscall(SYS_arch_prctl, ARCH_GET_GS, 0);
	syscall(SYS_arch_prctl, ARCH_GET_FS, 0);
}

static void plain(void)
{
	syscall(SYS_add_key, 0, 0, 0, 0, 0);
	syscall(SYS_add_key, 0, 0, 0, 0, 1234567890);
	syscall(SYS_request_key, 0, 0, 0, 0);
	syscall(SYS_request_key, 0, 0, 0, KEY_SPEC_USER_KEYRING);
	syscall(SYS_swapon, 0, 0);
	syscall(SYS_swapon, 0, 0x8000 | 5);
	syscall(SYS_personality, 0xffffffffUL);
}

static void ptrace_reqs(void)
{
	/* no such process: every request fails with ESRCH */
	syscall(SYS_ptrace, PTRACE_ATTACH, 0x7ffffff0, 0x1000, 0x2000);
	syscall(SYS_ptrace, PTRACE_DETACH, 0x7ffffff0, 0x1000, 0);
	syscall(SYS_ptrace, PTRACE_PEEKDATA, 0x7ffffff0, 0x1000, 0x2000);
	syscall(SYS_ptrace, PTRACE_CONT, 0x7ffffff0, 0x1000, 0);
	syscall(SYS_ptrace, PTRACE_KILL, 0x7ffffff0, 0x1000, 0x2000);
	syscall(SYS_ptrace, PTRACE_INTERRUPT, 0x7ffffff0, 0x1000, 0x2000);
}

/*
 * ptrace's structs with no such process (strace -f holds the children):
 * what the calls are given still prints, SETREGSET's iovec and
 * registers (whole, partial, past the struct), SETREGS' and SETFPREGS'
 * structs, PEEKSIGINFO's args; GETREGSET's iovec at exit
 */
static void ptrace_regs(void)
{
	struct { uint64_t off; uint32_t flags, nr; } psi = { 7, 1, 4 };
	static uint64_t regs[64];
	struct iovec iov = { regs, 16 };
	const long pid = 0x7ffffff0;

	for (int j = 0; j < 64; j++)
		regs[j] = 0x1000 + j;
	syscall(SYS_ptrace, PTRACE_GETREGSET, pid, 1, &iov);
	syscall(SYS_ptrace, PTRACE_SETREGSET, pid, 1, &iov);
	iov.iov_len = 9;
	syscall(SYS_ptrace, PTRACE_SETREGSET, pid, 1, &iov);
	iov.iov_len = 224;
	syscall(SYS_ptrace, PTRACE_SETREGSET, pid, 1, &iov);
	iov.iov_len = 24;
	syscall(SYS_ptrace, PTRACE_SETREGSET, pid, 2, &iov);
	syscall(SYS_ptrace, PTRACE_GETREGS, pid, 0, regs);
	syscall(SYS_ptrace, PTRACE_SETREGS, pid, 0, regs);
	syscall(SYS_ptrace, PTRACE_SETFPREGS, pid, 0, regs);
	syscall(SYS_ptrace, PTRACE_PEEKSIGINFO, pid, &psi, regs);
}

/*
 * execve's arrays where they cannot be read: the array itself, one of its
 * strings, the memory after its last element (no NULL before a hole).
 */
static void argv_edges(void)
{
	char *const bad_elem[] = { "a", (char *)-1L, NULL };
	char *const bad_env[] = { (char *)-1L, NULL };
	long page = sysconf(_SC_PAGESIZE);
	char **tail;
	char *m;

	syscall(SYS_execve, path, 0xbadc0deUL, 0xbadc0deUL);
	syscall(SYS_execve, path, NULL, NULL);
	syscall(SYS_execve, path, bad_elem, bad_env);
	m = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED || munmap(m + page, page))
		return;
	/* two strings, then the hole where the NULL would be */
	tail = (char **)(m + page) - 2;
	tail[0] = "a";
	tail[1] = "b";
	syscall(SYS_execve, path, tail, tail);
	syscall(SYS_execve, path, tail + 2, tail + 2);
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		void (*run)(void);
	} modes[] = {
		{ "width", width }, { "timefrac", timefrac },
		{ "null", null_ptrs }, { "plain", plain },
		{ "ptrace", ptrace_reqs }, { "argv", argv_edges },
		{ "ptregs", ptrace_regs },
	};

	for (size_t i = 0; argc > 1 && i < sizeof(modes) / sizeof(modes[0]);
	     i++) {
		if (!strcmp(argv[1], modes[i].name)) {
			modes[i].run();
			return 0;
		}
	}
	fprintf(stderr, "usage: wrong_values width|timefrac|null|plain|ptrace|argv|ptregs\n");
	return 2;
}
