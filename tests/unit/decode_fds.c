// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: -y and -yy (fmt_fd.c), what an fd referred to, as strace 6.1
 * printed it for the same file, socket or pidfd (its texts on this
 * machine, tests/live/parity_fds.sh runs both).
 */
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>

#include "check_decode.h"

#define PATH(s) { .kind = FD_PATH, .mode = S_IFREG | 0644, \
		  .name = (const uint8_t *)(s), .namelen = sizeof(s) - 1 }

static void test_paths(void)
{
	struct fd_desc f = PATH("/etc/hostname");
	struct fd_desc odd = PATH("/tmp/a <b>\n\"");
	struct fd_desc cwd = PATH("/tmp");
	struct sc_call c = CALL(SYS_read, 3, 3, 0, 4);

	fo.fds = DECODE_FD_PATH;
	c.fd[0] = &f;
	CHECK_STR(run(&c), "read(3</etc/hostname>, NULL, 4) = 3");
	/* -yy: a regular file is its path */
	fo.fds = DECODE_FD_ALL;
	CHECK_STR(run(&c), "read(3</etc/hostname>, NULL, 4) = 3");
	/* no -y: nothing, whatever is known */
	fo.fds = 0;
	CHECK_STR(run(&c), "read(3, NULL, 4) = 3");
	/* socket only: a file shows nothing */
	fo.fds = DECODE_FD_SOCKET;
	CHECK_STR(run(&c), "read(3, NULL, 4) = 3");
	/* strace's escapes, '<' and '>' in octal; unlinked after the '>' */
	fo.fds = DECODE_FD_PATH;
	odd.deleted = 1;
	c.fd[0] = &odd;
	CHECK_STR(run(&c), "read(3</tmp/a \\74b\\76\\n\\\">(deleted), NULL, 4) = 3");
	/* not known (not open, not readable exactly): the number alone */
	c.fd[0] = NULL;
	CHECK_STR(run(&c), "read(3, NULL, 4) = 3");
	/* the returned fd, and AT_FDCWD's directory */
	c = CALL(SYS_openat, 4, (uint64_t)(int64_t)AT_FDCWD, 0, O_RDONLY);
	c.fd[0] = &cwd;
	c.fd[FD_SLOT_RET] = &f;
	CHECK_STR(run(&c), "openat(AT_FDCWD</tmp>, NULL, O_RDONLY) = "
		  "4</etc/hostname>");
	/* a failed call returns no fd */
	c.ret = -2;
	CHECK_STR(run(&c), "openat(AT_FDCWD</tmp>, NULL, O_RDONLY) = -1 ENOENT"
		  " (No such file or directory)");
	/* AT_FDCWD only with path */
	fo.fds = DECODE_FD_DEV;
	CHECK_STR(run(&c), "openat(AT_FDCWD, NULL, O_RDONLY) = -1 ENOENT"
		  " (No such file or directory)");
}

static void test_kinds(void)
{
	struct fd_desc dev = PATH("/dev/null");
	struct fd_desc pipe = { .kind = FD_PIPE, .ino = 123 };
	struct fd_desc anon = { .kind = FD_ANON, .name = (const uint8_t *)"[eventfd]",
				.namelen = 9 };
	struct fd_desc pid = { .kind = FD_PIDFD, .pid = 77 };
	struct fd_desc gone = { .kind = FD_PIDFD, .pid = -1 };
	struct fd_desc memfd = PATH("/memfd:m");
	struct sc_call c = CALL(SYS_close, 0, 5);

	dev.mode = S_IFCHR | 0666;
	dev.rdev = 1 << 20 | 3;
	c.fd[0] = &dev;
	fo.fds = DECODE_FD_PATH;
	CHECK_STR(run(&c), "close(5</dev/null>) = 0");
	fo.fds = DECODE_FD_ALL;
	CHECK_STR(run(&c), "close(5</dev/null<char 1:3>>) = 0");
	dev.mode = S_IFBLK | 0660;
	dev.rdev = 259 << 20 | 1;
	CHECK_STR(run(&c), "close(5</dev/null<block 259:1>>) = 0");
	c.fd[0] = &pipe;
	CHECK_STR(run(&c), "close(5<pipe:[123]>) = 0");
	c.fd[0] = &anon;
	CHECK_STR(run(&c), "close(5<anon_inode:[eventfd]>) = 0");
	c.fd[0] = &pid;
	CHECK_STR(run(&c), "close(5<pid:77>) = 0");
	c.fd[0] = &gone;
	CHECK_STR(run(&c), "close(5<anon_inode:[pidfd]>) = 0");
	fo.fds = DECODE_FD_PATH;
	c.fd[0] = &pid;
	CHECK_STR(run(&c), "close(5<anon_inode:[pidfd]>) = 0");
	memfd.deleted = 1;
	c.fd[0] = &memfd;
	CHECK_STR(run(&c), "close(5</memfd:m>(deleted)) = 0");
}

static void test_sockets(void)
{
	struct fd_desc t = { .kind = FD_SOCKET, .ino = 99, .family = AF_INET,
			     .type = SOCK_STREAM, .proto = "TCP" };
	struct fd_desc u = { .kind = FD_SOCKET, .ino = 98, .family = AF_UNIX,
			     .proto = "UNIX-STREAM" };
	struct fd_desc n = { .kind = FD_SOCKET, .ino = 97, .family = AF_NETLINK,
			     .proto = "NETLINK" };
	struct fd_desc pk = { .kind = FD_SOCKET, .ino = 96, .family = AF_PACKET,
			      .proto = "PACKET" };
	struct sc_call c = CALL(SYS_close, 0, 4);
	uint32_t lo = htonl(INADDR_LOOPBACK);

	c.fd[0] = &t;
	fo.fds = DECODE_FD_PATH;
	CHECK_STR(run(&c), "close(4<socket:[99]>) = 0");
	fo.fds = DECODE_FD_ALL;
	/* not bound, closed: sock_diag does not list it */
	t.state = 7;
	CHECK_STR(run(&c), "close(4<TCP:[99]>) = 0");
	/* bound, listening, connected */
	memcpy(t.src, &lo, 4);
	t.sport = 8080;
	CHECK_STR(run(&c), "close(4<TCP:[127.0.0.1:8080]>) = 0");
	t.state = 10;
	CHECK_STR(run(&c), "close(4<TCP:[127.0.0.1:8080]>) = 0");
	t.state = 1;
	memcpy(t.dst, &lo, 4);
	t.dport = 40000;
	CHECK_STR(run(&c), "close(4<TCP:[127.0.0.1:8080->127.0.0.1:40000]>) = 0");
	/* IPv6 in brackets */
	t.family = AF_INET6;
	strcpy(t.proto, "TCPv6");
	memset(t.src, 0, 16);
	memset(t.dst, 0, 16);
	t.src[15] = t.dst[15] = 1;
	CHECK_STR(run(&c), "close(4<TCPv6:[[::1]:8080->[::1]:40000]>) = 0");
	/* UDP: listed once bound to a port */
	t.family = AF_INET;
	strcpy(t.proto, "UDP");
	t.sport = 0;
	t.state = 7;
	CHECK_STR(run(&c), "close(4<UDP:[99]>) = 0");
	t.sport = 5353;
	memcpy(t.src, &lo, 4);
	memcpy(t.dst, &lo, 4);
	CHECK_STR(run(&c), "close(4<UDP:[127.0.0.1:5353->127.0.0.1:40000]>) = 0");
	/* unix: peer, path, abstract name, neither */
	c.fd[0] = &u;
	CHECK_STR(run(&c), "close(4<UNIX-STREAM:[98]>) = 0");
	u.peer = 100;
	CHECK_STR(run(&c), "close(4<UNIX-STREAM:[98->100]>) = 0");
	u.name = (const uint8_t *)"sock\0";
	u.namelen = 5;
	CHECK_STR(run(&c), "close(4<UNIX-STREAM:[98->100,\"sock\"]>) = 0");
	u.name = (const uint8_t *)"\0abs";
	u.namelen = 4;
	u.peer = 0;
	CHECK_STR(run(&c), "close(4<UNIX-STREAM:[98,@\"abs\"]>) = 0");
	/* netlink: bound (a port id) or not */
	c.fd[0] = &n;
	CHECK_STR(run(&c), "close(4<NETLINK:[97]>) = 0");
	n.portid = 1234;
	n.protocol = 0;
	CHECK_STR(run(&c), "close(4<NETLINK:[ROUTE:1234]>) = 0");
	/* a protocol strace cannot ask about: the link text */
	c.fd[0] = &pk;
	CHECK_STR(run(&c), "close(4<socket:[96]>) = 0");
}

static void test_pairs(void)
{
	struct fd_desc p = { .kind = FD_PIPE, .ino = 5 };
	int32_t fds[2] = { 3, 4 };
	struct cap k = CAP(fds, sizeof(fds));
	struct sc_call c = CALL(SYS_pipe2, 0, 0x1000, 0);

	fo.fds = DECODE_FD_ALL;
	c.cap_out[0] = &k;
	c.fd[FD_SLOT_PAIR0] = &p;
	c.fd[FD_SLOT_PAIR0 + 1] = &p;
	CHECK_STR(run(&c), "pipe2([3<pipe:[5]>, 4<pipe:[5]>], 0) = 0");
	/* fcntl: F_DUPFD returns an fd, F_GETFD flags */
	c = CALL(SYS_fcntl, 20, 9, F_DUPFD, 20);
	c.fd[0] = &p;
	c.fd[FD_SLOT_RET] = &p;
	CHECK_STR(run(&c), "fcntl(9<pipe:[5]>, F_DUPFD, 20) = 20<pipe:[5]>");
	fo.fds = 0;
}

int main(void)
{
	test_paths();
	test_kinds();
	test_sockets();
	test_pairs();
	CHECK_DONE();
}
