// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_pty.sh, the edges of the ioctl decoders
 * (fam_pty.c makes the ordinary terminal calls): the pseudo-terminal
 * requests (TIOCGPTN, TIOCSPTLCK, TIOCGPTLCK, TIOCGPTPEER), exclusive mode,
 * line discipline, packet mode, breaks, flow control, each TCFLSH queue,
 * modem lines (ENOTTY on a pty), close-on-exec and async requests, file
 * requests (FIOQSIZE, FIGETBSZ), requests no table names (_IOC numbers);
 * NULL, an unmapped address (BAD) and a kernel address (KBAD) for the
 * argument; bad fds; structs that end where the memory does (strace's
 * tail_alloc: etrace copies what lies before the unmapped page), and
 * half of one (the pointer).  Exits 0.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/fs.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <termios.h>
#include <unistd.h>

#include "fam.h"

int main(void)
{
	struct termios t;
	struct winsize ws, *tw;
	int m, s, n, f;
	char *pg;
	long long q;

	m = posix_openpt(O_RDWR | O_NOCTTY);
	ioctl(m, TIOCGPTN, &n);
	n = 0;
	ioctl(m, TIOCSPTLCK, &n);
	ioctl(m, TIOCGPTLCK, &n);
	s = ioctl(m, TIOCGPTPEER, O_RDWR | O_NOCTTY | O_CLOEXEC);
	ioctl(m, TIOCGPTN, NULL);
	ioctl(m, TIOCSPTLCK, BAD);

	/* termios and window size: NULL and bad arguments */
	ioctl(s, TCGETS, NULL);
	ioctl(s, TCGETS, BAD);
	ioctl(s, TCSETS, KBAD);
	ioctl(s, TIOCGWINSZ, NULL);
	ioctl(s, TIOCSWINSZ, BAD);
	memset(&ws, 0, sizeof(ws));
	ws.ws_row = 0xffff;
	ws.ws_xpixel = 1;
	ioctl(s, TIOCSWINSZ, &ws);
	ioctl(s, TIOCGWINSZ, &ws);
	tcgetattr(s, &t);
	t.c_iflag = IGNBRK | BRKINT | IGNPAR | PARMRK | INPCK | ISTRIP | INLCR |
		    IGNCR | ICRNL | IXON | IXANY | IXOFF | IMAXBEL | IUTF8;
	t.c_oflag = OPOST | ONLCR | OCRNL | ONOCR | ONLRET | OFILL | NL1 |
		    CR3 | TAB3 | BS1 | VT1 | FF1;
	t.c_cflag = B38400 | CS7 | CSTOPB | CREAD | PARENB | PARODD | HUPCL |
		    CLOCAL | CRTSCTS;
	t.c_lflag = ISIG | ICANON | ECHO | ECHOE | ECHOK | ECHONL | NOFLSH |
		    TOSTOP | ECHOCTL | ECHOPRT | ECHOKE | IEXTEN;
	ioctl(s, TCSETSW, &t);
	ioctl(s, TCGETS, &t);

	/* exclusive mode, discipline, packet mode, breaks, flow, queues */
	ioctl(s, TIOCEXCL);
	ioctl(s, TIOCGEXCL, &n);
	ioctl(s, TIOCNXCL);
	ioctl(s, TIOCGETD, &n);
	n = 0;
	ioctl(s, TIOCSETD, &n);
	n = 1;
	ioctl(m, TIOCPKT, &n);
	n = 0;
	ioctl(m, TIOCPKT, &n);
	ioctl(s, TCSBRK, 1);
	ioctl(s, TCXONC, TCOOFF);
	ioctl(s, TCXONC, TCOON);
	ioctl(s, TCXONC, 99);
	ioctl(s, TCFLSH, TCIFLUSH);
	ioctl(s, TCFLSH, TCOFLUSH);
	ioctl(s, TCFLSH, 99);
	ioctl(s, TIOCINQ, &n);
	ioctl(s, TIOCOUTQ, BAD);
	ioctl(s, TIOCMGET, &n);
	ioctl(s, TIOCMBIS, &n);
	ioctl(s, TIOCGSID, &n);
	ioctl(s, TIOCGPGRP, &n);
	ioctl(s, TIOCNOTTY);
	ioctl(s, TIOCCBRK);

	/* descriptor requests */
	ioctl(s, FIOCLEX);
	ioctl(s, FIONCLEX);
	n = 0;
	ioctl(s, FIOASYNC, &n);
	ioctl(s, FIONBIO, BAD);

	/* a file: its requests, a terminal request (ENOTTY) */
	f = open(".", O_RDONLY | O_DIRECTORY);
	ioctl(f, FIOQSIZE, &q);
	ioctl(f, FIGETBSZ, &n);
	ioctl(f, TCGETS, &t);
	ioctl(f, FS_IOC_GETFLAGS, &n);
	close(f);

	/* a struct that ends where the memory does; half of one */
	pg = mmap(NULL, 8192, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (pg == MAP_FAILED)
		return 1;
	munmap(pg + 4096, 4096);
	tw = (struct winsize *)(pg + 4096 - sizeof(*tw));
	memset(tw, 0, sizeof(*tw));
	tw->ws_row = 24;
	tw->ws_col = 80;
	ioctl(s, TIOCSWINSZ, tw);
	ioctl(s, TIOCGWINSZ, tw);
	ioctl(s, TIOCSWINSZ, pg + 4096 - 4);
	ioctl(s, TIOCGWINSZ, pg + 4096 - 4);
	n = 0;
	memcpy(pg + 4096 - sizeof(n), &n, sizeof(n));
	ioctl(s, TIOCSPGRP, pg + 4096 - sizeof(n));

	/* requests no table names, bad fds */
	ioctl(s, _IOC(_IOC_READ, 'x', 1, 4), &n);
	ioctl(s, _IOC(_IOC_WRITE | _IOC_READ, 0xfe, 0xff, 0x3fff), BAD);
	ioctl(s, _IO('x', 2));
	ioctl(s, 0xffffffff, 0);
	ioctl(-1, TCGETS, &t);
	ioctl(1000, FIONREAD, &n);
	close(s);
	close(m);
	return 0;
}
