// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_pty.sh: terminal ioctls on a new
 * pseudo-terminal (posix_openpt, grantpt, unlockpt, ptsname): TCGETS,
 * TCSETS/TCSETSW/TCSETSF, TIOCGWINSZ/TIOCSWINSZ, FIONREAD, FIONBIO,
 * TCFLSH, TIOCOUTQ, TIOCGPGRP (not our terminal: ENOTTY), a write on one
 * side, a poll until it arrived and a read on the other.  Exits 0.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

int main(void)
{
	struct termios t;
	struct winsize ws = { 24, 80, 0, 0 };
	char buf[64];
	int m, s, n, on = 1;
	char *name;

	m = posix_openpt(O_RDWR | O_NOCTTY);
	grantpt(m);
	unlockpt(m);
	name = ptsname(m);
	s = open(name, O_RDWR | O_NOCTTY);
	tcgetattr(s, &t);
	cfmakeraw(&t);
	tcsetattr(s, TCSANOW, &t);
	tcsetattr(s, TCSADRAIN, &t);
	tcsetattr(s, TCSAFLUSH, &t);
	ioctl(s, TIOCSWINSZ, &ws);
	ioctl(m, TIOCGWINSZ, &ws);
	(void)!write(m, "hello", 5);
	/* the tty layer hands the bytes over later: wait for them */
	{
		struct pollfd pf = { s, POLLIN, 0 };

		poll(&pf, 1, 5000);
	}
	ioctl(s, FIONREAD, &n);
	(void)!read(s, buf, sizeof(buf));
	ioctl(s, FIONBIO, &on);
	(void)!read(s, buf, sizeof(buf));
	on = 0;
	ioctl(s, FIONBIO, &on);
	ioctl(m, TIOCOUTQ, &n);
	tcflush(s, TCIOFLUSH);
	tcgetpgrp(s);
	isatty(s);
	tcgetattr(m, &t);
	close(s);
	close(m);
	return 0;
}
