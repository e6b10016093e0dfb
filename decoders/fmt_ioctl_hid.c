// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: ioctl(2) requests of type 'H', HID devices (hiddev's
 * and hidraw's): the numbers that carry a buffer's length, named with it
 * as strace does (HIDIOCGPHYS(8)); the other requests by name from the
 * table (HIDIOCGRDESCSIZE or HIDIOCGVERSION), their arguments in hex.
 * Read 0x06 is hiddev's HIDIOCGNAME(len), as the kernel's header names
 * it (strace 6.1 says HIDIOCSFEATURE there, a slip of its table), and
 * the read-write ones hidraw's feature, input and output reports.
 */
#include <linux/ioctl.h>

#include "fmt_ioctl.h"

static const struct { uint8_t dir, nr; const char *name; } hid_sized[] = {
	{ _IOC_READ, 0x04, "HIDIOCGRAWNAME" },
	{ _IOC_READ, 0x05, "HIDIOCGRAWPHYS" },
	{ _IOC_READ, 0x06, "HIDIOCGNAME" },
	{ _IOC_READ, 0x08, "HIDIOCGRAWUNIQ" },
	{ _IOC_READ, 0x12, "HIDIOCGPHYS" },
	{ _IOC_READ | _IOC_WRITE, 0x06, "HIDIOCSFEATURE" },
	{ _IOC_READ | _IOC_WRITE, 0x07, "HIDIOCGFEATURE" },
	{ _IOC_READ | _IOC_WRITE, 0x09, "HIDIOCSINPUT" },
	{ _IOC_READ | _IOC_WRITE, 0x0a, "HIDIOCGINPUT" },
	{ _IOC_READ | _IOC_WRITE, 0x0b, "HIDIOCSOUTPUT" },
	{ _IOC_READ | _IOC_WRITE, 0x0c, "HIDIOCGOUTPUT" },
};

static int hid_number(struct fmt_buf *b, uint32_t req, int in_comment)
{
	for (size_t j = 0; j < sizeof(hid_sized) / sizeof(hid_sized[0]); j++) {
		if (hid_sized[j].dir != _IOC_DIR(req) ||
		    hid_sized[j].nr != _IOC_NR(req))
			continue;
		fb_puts(b, hid_sized[j].name);
		fb_putc(b, '(');
		fb_udec(b, _IOC_SIZE(req));
		fb_putc(b, ')');
		return 1;
	}
	return 0;
}

static enum ioarg hid_when(uint32_t req, int *at_exit)
{
	*at_exit = 0;
	return IOA_HEX;
}

static int hid_arg(struct fmt_buf *b, const struct sc_call *c, uint32_t req,
		   const struct cap *k)
{
	return 0;
}

const struct ioctl_family ioctl_hid = {
	.type = 'H',
	.number = hid_number,
	.when = hid_when,
	.arg = hid_arg,
};
