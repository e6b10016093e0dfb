// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Bench workload: N rounds of short socket conversations, one thread,
 * for what tracing (and -yy, which describes every socket fd at every
 * call) costs on sockets.  usage: sockloop [N]   (default 2000)
 *
 * Each round, over TCP on 127.0.0.1 and then over a unix stream socket:
 * socket, setsockopt(SO_LINGER 0), connect (the kernel completes it
 * into the listener's backlog: no second thread), accept4, a 64-byte
 * request and its 64-byte reply (send, recv with MSG_WAITALL: one call
 * each whatever the segmenting), close of both ends.  The same calls
 * every round, so the count of calls is exact: the linger of 0 resets
 * the TCP connection at close, so no TIME_WAIT piles up over the run's
 * thousands of ports.
 *
 * STORM_LOOP_NS=FILE: write into FILE the rounds' nanoseconds of
 * CLOCK_MONOTONIC (no start-up or tear-down of a tracer in them).
 */
#define _GNU_SOURCE	/* accept4 */
#include <fcntl.h>
#include <netinet/in.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

static long long mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int talk(int family, const struct sockaddr *to, socklen_t tolen,
		int listener)
{
	static const struct linger rst = { 1, 0 };
	char req[64], buf[64];
	int c, s;

	memset(req, 'q', sizeof(req));
	c = socket(family, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (c < 0)
		return -1;
	if (setsockopt(c, SOL_SOCKET, SO_LINGER, &rst, sizeof(rst)) ||
	    connect(c, to, tolen)) {
		close(c);
		return -1;
	}
	s = accept4(listener, NULL, NULL, SOCK_CLOEXEC);
	if (s < 0) {
		close(c);
		return -1;
	}
	if (send(c, req, sizeof(req), 0) != sizeof(req) ||
	    recv(s, buf, sizeof(buf), MSG_WAITALL) != sizeof(buf) ||
	    send(s, buf, sizeof(buf), 0) != sizeof(buf) ||
	    recv(c, buf, sizeof(buf), MSG_WAITALL) != sizeof(buf)) {
		close(s);
		close(c);
		return -1;
	}
	close(c);
	close(s);
	return 0;
}

int main(int argc, char **argv)
{
	const char *loop_out = getenv("STORM_LOOP_NS");
	long long t0;
	long n = argc > 1 ? atol(argv[1]) : 2000;
	struct sockaddr_in in = { .sin_family = AF_INET };
	struct sockaddr_un un = { .sun_family = AF_UNIX };
	socklen_t inlen = sizeof(in), unlen;
	int tl, ul;

	/* an abstract name: nothing left in the file system */
	snprintf(un.sun_path + 1, sizeof(un.sun_path) - 1, "etrace-sockloop-%d",
		 (int)getpid());
	unlen = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 +
			    strlen(un.sun_path + 1));
	in.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	tl = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	ul = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (tl < 0 || ul < 0 ||
	    bind(tl, (struct sockaddr *)&in, sizeof(in)) || listen(tl, 16) ||
	    getsockname(tl, (struct sockaddr *)&in, &inlen) ||
	    bind(ul, (struct sockaddr *)&un, unlen) || listen(ul, 16)) {
		perror("sockloop: listeners");
		return 1;
	}
	t0 = mono_ns();
	for (long i = 0; i < n; i++) {
		if (talk(AF_INET, (struct sockaddr *)&in, inlen, tl) ||
		    talk(AF_UNIX, (struct sockaddr *)&un, unlen, ul)) {
			perror("sockloop");
			return 1;
		}
	}
	/* the rounds' time, as the storms write theirs */
	if (loop_out && *loop_out) {
		char buf[32];
		int len = snprintf(buf, sizeof(buf), "%lld\n", mono_ns() - t0);
		int fd = open(loop_out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
			      0644);

		if (fd < 0 || write(fd, buf, (size_t)len) != len) {
			perror(loop_out);
			return 1;
		}
		close(fd);
	}
	return 0;
}
