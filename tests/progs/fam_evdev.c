// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_evdev.sh (and the -X and -v runs): the
 * input device requests (evdev, type 'E') on a file that is no input
 * device (ENOTTY) and on a bad fd (EBADF): every number built from parts
 * (EVIOCGABS(axis), EVIOCGBIT(type, len), EVIOCGNAME(len)), known and
 * unknown parts; each request that passes a struct or a value, with one
 * filled in (every force feedback effect type, a key code, an axis of
 * each size), NULL, an unmapped address (BAD), a kernel address (KBAD)
 * and a struct that ends where the memory does (the pointer: not all of
 * it could be read).  Exits 0.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/input.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fam.h"

static void effect(int fd, struct ff_effect *e, unsigned short type)
{
	e->type = type;
	ioctl(fd, EVIOCSFF, e);
}

int main(void)
{
	static const unsigned int named[] = {
		EVIOCGVERSION, EVIOCGEFFECTS, EVIOCGID, EVIOCGKEYCODE,
		EVIOCSKEYCODE, EVIOCSFF, EVIOCGKEYCODE_V2, EVIOCSKEYCODE_V2,
		EVIOCGREP, EVIOCSREP, EVIOCSCLOCKID, EVIOCGMASK, EVIOCSMASK,
		EVIOCGNAME(0), EVIOCGPHYS(16), EVIOCGUNIQ(64), EVIOCGKEY(96),
		EVIOCGLED(8), EVIOCGMTSLOTS(8), EVIOCGPROP(4), EVIOCGSND(8),
		EVIOCGSW(8), EVIOCGABS(ABS_X), EVIOCSABS(ABS_Y),
		EVIOCGABS(0xe), EVIOCSABS(0x3f), EVIOCGABS(ABS_MT_TOOL_Y),
		EVIOCGBIT(0, 0), EVIOCGBIT(EV_KEY, 96), EVIOCGBIT(EV_FF, 16),
		EVIOCGBIT(EV_PWR, 4), EVIOCGBIT(0x6, 12), EVIOCGBIT(EV_MAX, 42),
		_IOC(_IOC_READ, 'E', 0x1, 0xff), _IOC(_IOC_WRITE, 'E', 0x1, 0xff),
		_IOC(_IOC_READ | _IOC_WRITE, 'E', 0xfe, 0xff),
		_IOC(_IOC_NONE, 'E', 0x5, 0), _IOC(_IOC_WRITE, 'E', 0x1, 8),
		_IOC(_IOC_NONE, 'E', 0x7, 0),
	};
	struct input_keymap_entry ike;
	struct input_absinfo abs;
	struct ff_effect ffe;
	unsigned int pair[2];
	char *pg, *tail;
	int fd, v;

	fd = open("/dev/null", O_RDONLY);
	fam_ioctls(fd, named, sizeof(named) / sizeof(named[0]), NULL);
	ioctl(fd, EVIOCRMFF, 0xdeadbeefbadc0dedUL);
	ioctl(fd, EVIOCGRAB, 0xdeadbeefbadc0dedUL);
	ioctl(fd, EVIOCREVOKE, 0UL);

	v = 0xdeadbeef;
	ioctl(fd, EVIOCSCLOCKID, &v);
	pair[0] = 0xdeadbeef;
	pair[1] = 0xbadc0ded;
	ioctl(fd, EVIOCSREP, pair);
	pair[1] = KEY_ESC;
	ioctl(fd, EVIOCSKEYCODE, pair);
	pair[1] = 0x2fe;
	ioctl(fd, EVIOCSKEYCODE, pair);

	memset(&ike, 0x81, sizeof(ike));
	ike.keycode = KEY_1;
	ioctl(fd, EVIOCSKEYCODE_V2, &ike);
	ike.keycode = BTN_0;
	ike.scancode[3] = 0;
	ioctl(fd, EVIOCSKEYCODE_V2, &ike);

	for (size_t i = 0; i < sizeof(ffe); i++)
		((unsigned char *)&ffe)[i] = (unsigned char)(0x80 + i);
	effect(fd, &ffe, FF_CONSTANT);
	effect(fd, &ffe, FF_RAMP);
	effect(fd, &ffe, FF_PERIODIC);
	ffe.u.periodic.custom_data = NULL;
	effect(fd, &ffe, FF_PERIODIC);
	effect(fd, &ffe, FF_RUMBLE);
	effect(fd, &ffe, FF_SPRING);
	effect(fd, &ffe, 0xff);

	abs.value = -1;
	abs.minimum = 2;
	abs.maximum = 3;
	abs.fuzz = 4;
	abs.flat = 5;
	abs.resolution = 6;
	ioctl(fd, EVIOCSABS(ABS_X), &abs);
	ioctl(fd, _IOC(_IOC_WRITE, 'E', 0xc0 + ABS_Y, 20), &abs);
	ioctl(fd, _IOC(_IOC_WRITE, 'E', 0xc0 + ABS_Z, 16), &abs);
	ioctl(fd, _IOC(_IOC_WRITE, 'E', 0xc0 + ABS_RX, 22), &abs);

	/* structs that end where the memory does; and half of one */
	pg = fam_edge_page();
	if (!pg)
		return 1;
	tail = pg + 4096 - sizeof(ffe);
	memcpy(tail, &ffe, sizeof(ffe));
	effect(fd, (struct ff_effect *)tail, FF_RUMBLE);
	tail = pg + 4096 - sizeof(pair);
	memcpy(tail, pair, sizeof(pair));
	ioctl(fd, EVIOCSREP, tail);
	ioctl(fd, EVIOCSREP, pg + 4096 - 4);
	ioctl(fd, EVIOCSFF, pg + 4096 - 24);
	ioctl(fd, EVIOCSKEYCODE_V2, pg + 4096 - 20);
	ioctl(fd, EVIOCSCLOCKID, KBAD);
	ioctl(fd, EVIOCSFF, KBAD);
	close(fd);
	return 0;
}
