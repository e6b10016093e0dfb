// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: sockets, poll/select/epoll, ioctl and buffers (iovec,
 * -x), as strace 6.1 printed them.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <termios.h>

#include "check_decode.h"

static void test_socket(void)
{
	struct sc_call c = CALL(SYS_socket, 5, AF_INET,
				SOCK_STREAM | SOCK_CLOEXEC, IPPROTO_TCP);

	CHECK_STR(run(&c), "socket(AF_INET, SOCK_STREAM|SOCK_CLOEXEC, "
		  "IPPROTO_TCP) = 5");
	c = CALL(SYS_socket, 8, AF_NETLINK, SOCK_RAW, 0);
	CHECK_STR(run(&c), "socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE) = 8");
	c = CALL(SYS_socket, 9, AF_PACKET, SOCK_RAW, 0x300);
	CHECK_STR(run(&c), "socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL)) = 9");
	c = CALL(SYS_socket, 7, AF_UNIX, SOCK_SEQPACKET | SOCK_NONBLOCK, 0);
	CHECK_STR(run(&c), "socket(AF_UNIX, SOCK_SEQPACKET|SOCK_NONBLOCK, 0) "
		  "= 7");
	c = CALL(SYS_socket, -22, 99, 77, 5);
	CHECK_STR(run(&c), "socket(0x63 /* AF_??? */, 0x4d /* SOCK_??? */, 5) "
		  "= -1 EINVAL (Invalid argument)");
	c = CALL(SYS_socket, -22, AF_INET, 77 | SOCK_CLOEXEC, 0);
	CHECK_STR(run(&c), "socket(AF_INET, SOCK_CLOEXEC|0x4d, IPPROTO_IP) = "
		  "-1 EINVAL (Invalid argument)");
}

static void test_sockaddr(void)
{
	struct sockaddr_in sin = { .sin_family = AF_INET,
				   .sin_port = htons(80) };
	struct sockaddr_in6 s6 = { .sin6_family = AF_INET6,
				   .sin6_port = htons(443) };
	struct sockaddr_un su = { .sun_family = AF_UNIX,
				  .sun_path = "/tmp/x.sock" };
	struct cap k = CAP(&sin, sizeof(sin));
	int32_t v = 1;
	struct cap kv = CAP(&v, 4);
	uint32_t lin = 128, lout = 16;
	struct cap kin = CAP(&lin, 4), kout = CAP(&lout, 4);
	struct sc_call c = CALL(SYS_connect, 0, 3, 0x10, 16);

	sin.sin_addr.s_addr = htonl(0x7f000001);
	c.cap[1] = &k;
	CHECK_STR(run(&c), "connect(3, {sa_family=AF_INET, sin_port=htons(80), "
		  "sin_addr=inet_addr(\"127.0.0.1\")}, 16) = 0");
	/* length below 2: the pointer */
	c.args[2] = 1;
	CHECK_STR(run(&c), "connect(3, 0x10, 1) = 0");
	inet_pton(AF_INET6, "::1", &s6.sin6_addr);
	k = CAP(&s6, sizeof(s6));
	c = CALL(SYS_connect, 0, 3, 0x10, sizeof(s6));
	c.cap[1] = &k;
	CHECK_STR(run(&c), "connect(3, {sa_family=AF_INET6, sin6_port="
		  "htons(443), sin6_flowinfo=htonl(0), inet_pton(AF_INET6, "
		  "\"::1\", &sin6_addr), sin6_scope_id=0}, 28) = 0");
	k = CAP(&su, sizeof(su));
	c = CALL(SYS_connect, -2, 3, 0x10, sizeof(su));
	c.cap[1] = &k;
	CHECK_STR(run(&c), "connect(3, {sa_family=AF_UNIX, sun_path="
		  "\"/tmp/x.sock\"}, 110) = -1 ENOENT (No such file or "
		  "directory)");
	memset(su.sun_path, 0, sizeof(su.sun_path));
	memcpy(su.sun_path + 1, "abs", 3);
	k.len = 6;
	c.args[2] = 6;
	CHECK_STR(run(&c), "connect(3, {sa_family=AF_UNIX, sun_path=@\"abs\"}, "
		  "6) = -1 ENOENT (No such file or directory)");
	/* accept: the address and the length before and after */
	k = CAP(&sin, 16);
	c = CALL(SYS_accept4, 9, 7, 0x10, 0x20, SOCK_CLOEXEC);
	c.cap_out[1] = &k;
	c.cap[2] = &kin;
	c.cap_out[2] = &kout;
	CHECK_STR(run(&c), "accept4(7, {sa_family=AF_INET, sin_port=htons(80), "
		  "sin_addr=inet_addr(\"127.0.0.1\")}, [128 => 16], "
		  "SOCK_CLOEXEC) = 9");
	c = CALL(SYS_setsockopt, 0, 5, SOL_SOCKET, SO_REUSEADDR, 0x10, 4);
	c.cap[3] = &kv;
	CHECK_STR(run(&c), "setsockopt(5, SOL_SOCKET, SO_REUSEADDR, [1], 4) "
		  "= 0");
	c = CALL(SYS_setsockopt, -92, 5, 999, 5, 0x10, 4);
	c.cap[3] = &kv;
	CHECK_STR(run(&c), "setsockopt(5, 0x3e7 /* SOL_?? */, 5, [1], 4) = -1 "
		  "ENOPROTOOPT (Protocol not available)");
}

static void test_poll(void)
{
	struct pollfd in[3] = { { 3, POLLIN, 0 }, { 4, POLLOUT | POLLRDHUP, 0 },
				{ -1, 0x8000, 0 } };
	struct pollfd ex[3] = { { 3, POLLIN, 0 }, { 4, POLLOUT, POLLOUT },
				{ -1, 0, 0 } };
	struct cap ki = { .p = (const uint8_t *)in, .len = sizeof(in), .count = 3,
			  .total = 3, .flags = 0 };
	struct cap ko = { .p = (const uint8_t *)ex, .len = sizeof(ex), .count = 3,
			  .total = 3, .flags = 0 };
	struct sc_call c = CALL(SYS_poll, 1, 0x10, 3, 0);
	uint8_t rs = 0x18, rso = 0x08;
	struct cap kr = CAP(&rs, 1), kro = CAP(&rso, 1);
	struct epoll_event ev[2];
	uint8_t evb[24];
	struct cap ke = CAP(evb, 24);

	c.cap[0] = &ki;
	c.cap_out[0] = &ko;
	CHECK_STR(run(&c), "poll([{fd=3, events=POLLIN}, {fd=4, events=POLLOUT"
		  "|POLLRDHUP}, {fd=-1}], 3, 0) = 1 ([{fd=4, revents="
		  "POLLOUT}])");
	c.ret = 0;
	CHECK_STR(run(&c), "poll([{fd=3, events=POLLIN}, {fd=4, events=POLLOUT"
		  "|POLLRDHUP}, {fd=-1}], 3, 0) = 0 (Timeout)");
	/* more elements than captured */
	ki.count = 1;
	ki.total = 3;
	c.ret = -14;
	CHECK_STR(run(&c), "poll([{fd=3, events=POLLIN}, ...], 3, 0) = -1 "
		  "EFAULT (Bad address)");
	c = CALL(SYS_select, 1, 5, 0x10, 0, 0, 0);
	c.cap[1] = &kr;
	c.cap_out[1] = &kro;
	CHECK_STR(run(&c), "select(5, [3 4], NULL, NULL, NULL) = 1 (in [3])");
	ev[0].events = EPOLLIN;
	ev[0].data.u64 = 3;
	memcpy(evb, &ev[0], 12);
	c = CALL(SYS_epoll_wait, 1, 4, 0x10, 1024, -1);
	c.cap_out[1] = &ke;
	CHECK_STR(run(&c), "epoll_wait(4, [{events=EPOLLIN, data={u32=3, "
		  "u64=3}}], 1024, -1) = 1");
	c.ret = 0;
	CHECK_STR(run(&c), "epoll_wait(4, [], 1024, -1) = 0");
}

static void test_ioctl(void)
{
	struct termios t = { 0 };
	uint16_t ws[4] = { 24, 80, 0, 0 };
	int32_t one = 0;
	struct cap kt = CAP(&t, 36), kw = CAP(ws, 8), k1 = CAP(&one, 4);
	struct sc_call c = CALL(SYS_ioctl, 0, 1, TCGETS, 0x10);

	t.c_iflag = ICRNL | IXON;
	t.c_oflag = OPOST | ONLCR;
	t.c_cflag = B38400 | CS8 | CREAD;
	t.c_lflag = ISIG | ICANON | ECHO | IEXTEN;
	c.cap_out[2] = &kt;
	CHECK_STR(run_entry(&c), "ioctl(1, TCGETS");
	CHECK_STR(run(&c), "ioctl(1, TCGETS, {c_iflag=ICRNL|IXON, c_oflag=NL0|"
		  "CR0|TAB0|BS0|VT0|FF0|OPOST|ONLCR, c_cflag=B38400|CS8|CREAD, "
		  "c_lflag=ISIG|ICANON|ECHO|IEXTEN, ...}) = 0");
	c.ret = -25;
	CHECK_STR(run(&c), "ioctl(1, TCGETS, 0x10) = -1 ENOTTY (Inappropriate "
		  "ioctl for device)");
	memset(&t, 0, sizeof(t));
	c = CALL(SYS_ioctl, -25, 3, TCSETSW, 0x10);
	c.cap[2] = &kt;
	CHECK_STR(run(&c), "ioctl(3, SNDCTL_TMR_STOP or TCSETSW, {c_iflag=, "
		  "c_oflag=NL0|CR0|TAB0|BS0|VT0|FF0|, c_cflag=B0|CS5|, "
		  "c_lflag=, ...}) = -1 ENOTTY (Inappropriate ioctl for device)");
	c = CALL(SYS_ioctl, 0, 1, TIOCGWINSZ, 0x10);
	c.cap_out[2] = &kw;
	CHECK_STR(run(&c), "ioctl(1, TIOCGWINSZ, {ws_row=24, ws_col=80, "
		  "ws_xpixel=0, ws_ypixel=0}) = 0");
	c = CALL(SYS_ioctl, 0, 3, FIONBIO, 0x10);
	c.cap[2] = &k1;
	CHECK_STR(run(&c), "ioctl(3, FIONBIO, [0]) = 0");
	c = CALL(SYS_ioctl, 0, 3, FIOCLEX, 0);
	CHECK_STR(run(&c), "ioctl(3, FIOCLEX) = 0");
	c = CALL(SYS_ioctl, -25, 3, 0x80047803, 0);
	CHECK_STR(run(&c), "ioctl(3, _IOC(_IOC_READ, 0x78, 0x3, 0x4), 0) = -1 "
		  "ENOTTY (Inappropriate ioctl for device)");
	c = CALL(SYS_ioctl, -25, 3, 0x12345678, 5);
	CHECK_STR(run(&c), "ioctl(3, _IOC(_IOC_NONE, 0x56, 0x78, 0x1234), "
		  "0x5) = -1 ENOTTY (Inappropriate ioctl for device)");
	c = CALL(SYS_ioctl, -25, 3, TCFLSH, TCIFLUSH);
	CHECK_STR(run(&c), "ioctl(3, TCFLSH, TCIFLUSH) = -1 ENOTTY "
		  "(Inappropriate ioctl for device)");
	c = CALL(SYS_ioctl, -25, 3, TIOCGWINSZ, 0);
	CHECK_STR(run(&c), "ioctl(3, TIOCGWINSZ, NULL) = -1 ENOTTY "
		  "(Inappropriate ioctl for device)");
}

static void test_buffers(void)
{
	uint8_t iov[32 + 34];
	uint64_t v[4] = { 0x1000, 2, 0x2000, 40 };
	struct cap k = { .p = iov, .len = sizeof(iov), .count = 2, .total = 2 };
	struct cap kb = CAP("x\n\0\1\377", 5);
	struct sc_call c = CALL(SYS_writev, 42, 1, 0x10, 2);

	memcpy(iov, v, 32);
	memcpy(iov + 32, "ab", 2);
	memcpy(iov + 34, "cdefghijklmnopqrstuvwxyz0123456789", 32);
	c.cap[1] = &k;
	CHECK_STR(run(&c), "writev(1, [{iov_base=\"ab\", iov_len=2}, "
		  "{iov_base=\"cdefghijklmnopqrstuvwxyz01234567\"..., "
		  "iov_len=40}], 2) = 42");
	/* a copy shorter than the array says: the pointers, not a guess */
	k.len = 40;
	CHECK_STR(run(&c), "writev(1, [{iov_base=\"ab\", iov_len=2}, "
		  "{iov_base=0x2000, iov_len=40}], 2) = 42");
	k.len = 8;
	CHECK_STR(run(&c), "writev(1, 0x10, 2) = 42");
	/* strings: octal by default, hex with -x when not printable */
	c = CALL(SYS_write, 5, 3, 0x10, 5);
	c.cap[1] = &kb;
	CHECK_STR(run(&c), "write(3, \"x\\n\\0\\1\\377\", 5) = 5");
	fo.xflag = 1;
	CHECK_STR(run(&c), "write(3, \"\\x78\\x0a\\x00\\x01\\xff\", 5) = 5");
	kb = CAP("x\ty", 3);
	c.args[2] = 3;
	c.ret = 3;
	CHECK_STR(run(&c), "write(3, \"x\\ty\", 3) = 3");
	fo.xflag = 2;
	CHECK_STR(run(&c), "write(3, \"\\x78\\x09\\x79\", 3) = 3");
	fo.xflag = 0;
}

int main(void)
{
	test_socket();
	test_sockaddr();
	test_poll();
	test_ioctl();
	test_buffers();
	CHECK_DONE();
}
