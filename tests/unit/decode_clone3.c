// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: clone3 as strace 6.1 prints it (its clone.c, lines as its
 * clone3 test expects them): the address for a size below 64, the
 * fields the flags use, set_tid's pids, cgroup, the bytes after the
 * struct ("???" unreadable, nothing when zero, else in hex), and at exit
 * what the kernel stored at pidfd and parent_tid (" => {...}"), from the
 * copy's pieces (cap_args.bpf.c's g_clone3).
 */
#include <string.h>
#include <sys/syscall.h>
#include <linux/sched.h>

#include "check_decode.h"

#define ADDR	0x1000

/* a copy of pieces: the struct, the bytes after it, then a, then b */
struct c3 {
	uint8_t buf[256];
	struct cap k;
};

static struct cap *c3_make(struct c3 *m, const void *args, uint32_t n,
			   const void *tail, uint32_t tn, int tail_hole,
			   const void *x, uint32_t xn, const void *y,
			   uint32_t yn)
{
	uint32_t at = 0;

	memset(m, 0, sizeof(*m));
	memcpy(m->buf, args, n);
	at = n;
	if (tail)
		memcpy(m->buf + at, tail, tn);
	at += tail ? tn : 0;
	if (x)
		memcpy(m->buf + at, x, xn);
	at += x ? xn : 0;
	if (y)
		memcpy(m->buf + at, y, yn);
	at += y ? yn : 0;
	m->k.p = m->buf;
	m->k.len = at;
	m->k.npieces = 4;
	m->k.piece[0] = n;
	m->k.piece[1] = tail ? tn : 0;
	m->k.piece[2] = x ? xn : 0;
	m->k.piece[3] = y ? yn : 0;
	m->k.holes = tail_hole ? 2 : 0;
	return &m->k;
}

static void check_entry(void)
{
	uint64_t a[11] = { 0 };
	uint8_t tail[8] = { 0xde, 0xc0, 0xad, 0xde, 0xed, 0xfe, 0xce, 0xfa };
	int32_t tids[3] = { 7, -2, 1000 };
	struct c3 m;
	struct sc_call c;

	c = CALL(SYS_clone3, -22, ADDR, 63);
	c.cap[0] = c3_make(&m, a, 63, NULL, 0, 0, NULL, 0, NULL, 0);
	CHECK_STR(run(&c), "clone3(0x1000, 63) = -1 EINVAL (Invalid argument)");

	/* bytes after the struct that could not be read */
	c = CALL(SYS_clone3, -14, ADDR, 96);
	c.cap[0] = c3_make(&m, a, 88, NULL, 0, 1, NULL, 0, NULL, 0);
	CHECK_STR(run(&c), "clone3({flags=0, exit_signal=0, stack=NULL, "
		  "stack_size=0, ???}, 96) = -1 EFAULT (Bad address)");
	/* zero: nothing */
	c.cap[0] = c3_make(&m, a, 88, a, 8, 0, NULL, 0, NULL, 0);
	CHECK_STR(run(&c), "clone3({flags=0, exit_signal=0, stack=NULL, "
		  "stack_size=0}, 96) = -1 EFAULT (Bad address)");
	c.cap[0] = c3_make(&m, a, 88, tail, 8, 0, NULL, 0, NULL, 0);
	CHECK_STR(run(&c), "clone3({flags=0, exit_signal=0, stack=NULL, "
		  "stack_size=0, /* bytes 88..95 */ \"\\xde\\xc0\\xad\\xde\\xed"
		  "\\xfe\\xce\\xfa\"}, 96) = -1 EFAULT (Bad address)");

	/* set_tid's pids, cgroup for CLONE_INTO_CGROUP even when 0 */
	a[0] = CLONE_INTO_CGROUP | CLONE_NEWTIME;
	a[8] = 0x2000;
	a[9] = 3;
	c = CALL(SYS_clone3, -22, ADDR, 88);
	c.cap[0] = c3_make(&m, a, 88, NULL, 0, 0, tids, 12, NULL, 0);
	CHECK_STR(run(&c), "clone3({flags=CLONE_NEWTIME|CLONE_INTO_CGROUP, "
		  "exit_signal=0, stack=NULL, stack_size=0, set_tid=[7, -2, "
		  "1000], set_tid_size=3, cgroup=0}, 88) = -1 EINVAL (Invalid "
		  "argument)");
	/* more than 32: the address */
	a[9] = 33;
	c.cap[0] = c3_make(&m, a, 88, NULL, 0, 0, NULL, 0, NULL, 0);
	CHECK_STR(run(&c), "clone3({flags=CLONE_NEWTIME|CLONE_INTO_CGROUP, "
		  "exit_signal=0, stack=NULL, stack_size=0, set_tid=0x2000, "
		  "set_tid_size=33, cgroup=0}, 88) = -1 EINVAL (Invalid "
		  "argument)");
	/* flags of both sets and unknown bits, in one number */
	memset(a, 0, sizeof(a));
	a[0] = 0xbad0000000001001ULL;
	a[1] = 0x3000;
	a[4] = 17;
	c = CALL(SYS_clone3, -22, ADDR, 64);
	c.cap[0] = c3_make(&m, a, 64, NULL, 0, 0, NULL, 0, NULL, 0);
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "clone3({flags="
		  "0xbad0000000001001 /* CLONE_PIDFD|0xbad0000000000001 */, "
		  "pidfd=0x3000, exit_signal=17 /* SIGCHLD */, stack=NULL, "
		  "stack_size=0}, 64) = -1 EINVAL (Invalid argument)");
}

static void check_exit(void)
{
	uint64_t a[11] = { CLONE_PIDFD | CLONE_PARENT_SETTID, 0x3000, 0,
			   0x4000, 17 };
	uint8_t tail[8] = { 0, 0, 0, 1 };
	int32_t fd = 3, tid = 1235;
	struct c3 in, done;
	struct sc_call c;

	c = CALL(SYS_clone3, 1235, ADDR, 88);
	c.cap[0] = c3_make(&in, a, 88, NULL, 0, 0, NULL, 0, NULL, 0);
	c.cap_out[0] = c3_make(&done, a, 88, NULL, 0, 0, &fd, 4, &tid, 4);
	CHECK_STR(run_entry(&c), "clone3({flags=CLONE_PIDFD|CLONE_PARENT_SETTID,"
		  " pidfd=0x3000, parent_tid=0x4000, exit_signal=SIGCHLD, "
		  "stack=NULL, stack_size=0}");
	CHECK_STR(run(&c), "clone3({flags=CLONE_PIDFD|CLONE_PARENT_SETTID, "
		  "pidfd=0x3000, parent_tid=0x4000, exit_signal=SIGCHLD, "
		  "stack=NULL, stack_size=0} => {pidfd=[3], parent_tid=[1235]},"
		  " 88) = 1235");
	/* -y: what the pidfd is, as the BPF program described it */
	{
		static const char pidfd[] = "anon_inode:[pidfd]";
		struct fd_desc d = { .kind = FD_PATH,
				     .name = (const uint8_t *)pidfd,
				     .namelen = sizeof(pidfd) - 1, .fd = 3 };

		c.fd[FD_SLOT_SET0 + 2] = &d;
		fo.fds = DECODE_FD_PATH;
		CHECK_STR(run(&c), "clone3({flags=CLONE_PIDFD|"
			  "CLONE_PARENT_SETTID, pidfd=0x3000, parent_tid=0x4000, "
			  "exit_signal=SIGCHLD, stack=NULL, stack_size=0} => "
			  "{pidfd=[3<anon_inode:[pidfd]>], parent_tid=[1235]}, 88) "
			  "= 1235");
		fo.fds = 0;
		c.fd[FD_SLOT_SET0 + 2] = NULL;
	}
	/* the pidfd's int could not be read: its address */
	done.k.holes = 1 << 2;
	CHECK_STR(run(&c), "clone3({flags=CLONE_PIDFD|CLONE_PARENT_SETTID, "
		  "pidfd=0x3000, parent_tid=0x4000, exit_signal=SIGCHLD, "
		  "stack=NULL, stack_size=0} => {pidfd=0x3000, parent_tid="
		  "[1235]}, 88) = 1235");
	/* no copy at exit: nothing is said of it */
	c.cap_out[0] = NULL;
	CHECK_STR(run(&c), "clone3({flags=CLONE_PIDFD|CLONE_PARENT_SETTID, "
		  "pidfd=0x3000, parent_tid=0x4000, exit_signal=SIGCHLD, "
		  "stack=NULL, stack_size=0}, 88) = 1235");
	/* a failure stores nothing */
	c.cap_out[0] = &done.k;
	c.ret = -11;
	CHECK_STR(run(&c), "clone3({flags=CLONE_PIDFD|CLONE_PARENT_SETTID, "
		  "pidfd=0x3000, parent_tid=0x4000, exit_signal=SIGCHLD, "
		  "stack=NULL, stack_size=0}, 88) = -1 EAGAIN (Resource "
		  "temporarily unavailable)");

	/* injected: the bytes after the struct again at exit */
	memset(a, 0, sizeof(a));
	c = CALL(SYS_clone3, 42, ADDR, 96);
	c.injected = INJECTED_VALUE;
	c.cap[0] = c3_make(&in, a, 88, tail, 8, 0, NULL, 0, NULL, 0);
	c.cap_out[0] = c3_make(&done, a, 88, tail, 8, 0, NULL, 0, NULL, 0);
	CHECK_STR(run(&c), "clone3({flags=0, exit_signal=0, stack=NULL, "
		  "stack_size=0, /* bytes 88..95 */ \"\\x00\\x00\\x00\\x01\\x00"
		  "\\x00\\x00\\x00\"} => {/* bytes 88..95 */ \"\\x00\\x00\\x00"
		  "\\x01\\x00\\x00\\x00\\x00\"}, 96) = 42 (INJECTED)");
}

int main(void)
{
	check_entry();
	check_exit();
	CHECK_DONE();
}
