// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Pairing stage: -P's choice (tracer/pathsel.c) on calls as the decoders
 * see them at entry: which arguments count is strace 6.1's, a path as the
 * program passed it, an fd as what it referred to; globs.
 */
#include <fcntl.h>
#include <string.h>
#include <sys/syscall.h>

#include "check.h"
#include "pathsel.h"

#define CALL(nr, ...) ((struct sc_call){ .d = sc_lookup(nr), \
	.args = { __VA_ARGS__ } })
#define STR(s) ((struct cap){ .p = (const uint8_t *)(s), .len = sizeof(s) - 1 })
#define FILE_FD(s) { .kind = FD_PATH, .name = (const uint8_t *)(s), \
		     .namelen = sizeof(s) - 1 }

int main(void)
{
	struct path_sel ps = { 0 }, glob = { 0 };
	struct cap host = STR("/etc/hostname"), other = STR("/etc/passwd");
	struct fd_desc fh = FILE_FD("/etc/hostname"), fo = FILE_FD("/tmp/x");
	struct fd_desc pipe = { .kind = FD_PIPE, .ino = 7 };
	struct sc_call c;
	char err[128];

	CHECK(pathsel_add(&ps, "/etc/hostname", err, sizeof(err)) == 0);
	CHECK(pathsel_add(&ps, "pipe:[7]", err, sizeof(err)) == 0);
	CHECK(pathsel_add(&glob, "/tmp/*", err, sizeof(err)) == 0);
	CHECK(pathsel_add(&glob, "", err, sizeof(err)) == -1);

	/* openat: the dirfd (not AT_FDCWD's directory) or the path */
	c = CALL(SYS_openat, (uint64_t)(int64_t)AT_FDCWD, 1, O_RDONLY);
	c.cap[1] = &host;
	c.fd[0] = &fo;
	CHECK(pathsel_match(&ps, &c));
	c.cap[1] = &other;
	CHECK(!pathsel_match(&ps, &c));
	CHECK(!pathsel_match(&glob, &c));
	c.args[0] = 5;
	CHECK(pathsel_match(&glob, &c));
	/* a path not copied whole (cut, a fault): no match */
	other.flags = CAP_TRUNC;
	c.cap[1] = &other;
	c.args[0] = (uint64_t)(int64_t)AT_FDCWD;
	CHECK(!pathsel_match(&glob, &c));
	/* read: its fd, by what it referred to; a pipe by its link text */
	c = CALL(SYS_read, 3, 0, 1);
	c.fd[0] = &fh;
	CHECK(pathsel_match(&ps, &c));
	c.fd[0] = &pipe;
	CHECK(pathsel_match(&ps, &c));
	c.fd[0] = NULL;
	CHECK(!pathsel_match(&ps, &c));
	/* dup2: both fds count; epoll_ctl: only the fd added */
	c = CALL(SYS_dup2, 4, 3);
	c.fd[1] = &fh;
	CHECK(pathsel_match(&ps, &c));
	c = CALL(SYS_epoll_ctl, 3, 1, 4, 0);
	c.fd[0] = &fh;
	CHECK(!pathsel_match(&ps, &c));
	c.fd[2] = &fh;
	CHECK(pathsel_match(&ps, &c));
	/* rename: strace looks at the first path only */
	c = CALL(SYS_rename, 1, 2);
	c.cap[1] = &host;
	CHECK(!pathsel_match(&ps, &c));
	c.cap[0] = &host;
	CHECK(pathsel_match(&ps, &c));
	/*
	 * select: the fds in its sets, as described at entry (set slots:
	 * the first 16 open ones, lowest first); a set the kernel could not
	 * read gave no fd; a set fd past the 16 described is not known: the
	 * call is shown
	 */
	{
		uint8_t in[8] = { 0x18 }, out[8] = { 0x08 }, many[8];
		struct cap kin = { .p = in, .len = 1 }, kout = { .p = out, .len = 1 };
		struct cap kmany = { .p = many, .len = 8 };
		struct cap kbad = { .flags = CAP_FAULT };
		struct fd_desc s3 = FILE_FD("/tmp/x"), s4 = FILE_FD("/etc/hostname");
		struct fd_desc slot[16];

		s3.fd = 3;
		s4.fd = 4;
		c = CALL(SYS_select, 5, 1, 2, 0, 0);
		c.cap[1] = &kin;
		c.cap[2] = &kout;
		c.fd[FD_SLOT_SET0] = &s3;
		CHECK(!pathsel_match(&ps, &c));	/* 4 was not open */
		c.fd[FD_SLOT_SET0 + 1] = &s4;
		CHECK(pathsel_match(&ps, &c));
		/* in a set the kernel could not read: no fd of it */
		c.cap[1] = &kbad;
		CHECK(!pathsel_match(&ps, &c));
		/* the kernel's int: nfds 5 with high bits */
		c.cap[1] = &kin;
		c.args[0] = 0xffffffff00000005ull;
		CHECK(pathsel_match(&ps, &c));
		/* 16 described (0-15), none /etc/hostname; fd 20 not known */
		memset(many, 0, sizeof(many));
		many[0] = many[1] = 0xff;
		c = CALL(SYS_select, 64, 1, 0, 0, 0);
		c.cap[1] = &kmany;
		for (int i = 0; i < 16; i++) {
			slot[i] = fo;
			slot[i].fd = i;
			c.fd[FD_SLOT_SET0 + i] = &slot[i];
		}
		CHECK(!pathsel_match(&ps, &c));
		many[2] = 0x10;
		CHECK(pathsel_match(&ps, &c));
	}
	/* poll: element i's fd in slot i; an array it could not read: none */
	{
		int32_t pfd[2 * 20] = { 0 };
		struct cap kp = { .p = (const uint8_t *)pfd, .len = 8 * 20 };

		for (int i = 0; i < 20; i++)
			pfd[2 * i] = -1;
		c = CALL(SYS_poll, 1, 2, 0);
		c.cap[0] = &kp;
		c.fd[FD_SLOT_SET0 + 1] = &fh;
		CHECK(pathsel_match(&ps, &c));
		kp.flags = CAP_FAULT;
		CHECK(!pathsel_match(&ps, &c));
		kp.flags = 0;
		c.fd[FD_SLOT_SET0 + 1] = &fo;
		CHECK(!pathsel_match(&ps, &c));
		/* the 18th element's fd was not looked at */
		c.args[1] = 20;
		CHECK(!pathsel_match(&ps, &c));
		pfd[2 * 17] = 9;
		CHECK(pathsel_match(&ps, &c));
		c.args[1] = 0xdead000000000002ull;	/* the kernel's 2 */
		CHECK(!pathsel_match(&ps, &c));
	}
	/*
	 * fsconfig, by command: SET_PATH's path (copied with its NUL and
	 * what follows) or dirfd, SET_FD's fd, nothing for the others
	 */
	{
		static const uint8_t val[] = "/etc/hostname\0junk";
		struct cap kv = { .p = val, .len = sizeof(val) - 1 };

		c = CALL(SYS_fsconfig, 3, 3 /* FSCONFIG_SET_PATH */, 0, 1,
			 (uint64_t)(int64_t)AT_FDCWD);
		c.cap[3] = &kv;
		CHECK(pathsel_match(&ps, &c));
		c.args[1] = 1;			/* FSCONFIG_SET_STRING */
		CHECK(!pathsel_match(&ps, &c));
		c.args[1] = 4;			/* FSCONFIG_SET_PATH_EMPTY */
		c.cap[3] = &other;
		CHECK(!pathsel_match(&ps, &c));
		c.args[4] = 5;
		c.fd[4] = &fh;
		CHECK(pathsel_match(&ps, &c));
		c.args[1] = 5;			/* FSCONFIG_SET_FD */
		CHECK(pathsel_match(&ps, &c));
		c.args[1] = 6;			/* FSCONFIG_CMD_CREATE */
		CHECK(!pathsel_match(&ps, &c));
	}
	/* calls outside %file, %desc, %network never */
	c = CALL(SYS_getpid, 0);
	c.fd[0] = &fh;
	CHECK(!pathsel_match(&ps, &c));
	pathsel_free(&ps);
	pathsel_free(&glob);
	CHECK_DONE();
}
