// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_gpio.sh (and the -X runs): the GPIO
 * character device requests, v1 and v2, on a file that is no GPIO chip
 * (ENOTTY) and a bad fd (EBADF): every request with NULL, an unmapped
 * address (BAD) and a struct filled in (flags known and not, line counts
 * past what the arrays hold, unterminated labels, attributes of each id,
 * padding used); structs that end where the memory does (whole) and one
 * byte short of it (the pointer: not all of it could be read).  Exits 0.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/gpio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fam.h"

static char *pg;

/* a copy of n bytes ending where the memory does */
static void *at_end(const void *p, size_t n)
{
	return memcpy(pg + 4096 - n, p, n);
}

int main(void)
{
	static const unsigned int req[] = {
		GPIO_GET_CHIPINFO_IOCTL, GPIO_GET_LINEINFO_UNWATCH_IOCTL,
		GPIO_V2_GET_LINEINFO_IOCTL, GPIO_V2_GET_LINEINFO_WATCH_IOCTL,
		GPIO_V2_GET_LINE_IOCTL, GPIO_V2_LINE_SET_CONFIG_IOCTL,
		GPIO_V2_LINE_GET_VALUES_IOCTL, GPIO_V2_LINE_SET_VALUES_IOCTL,
		GPIO_GET_LINEINFO_IOCTL, GPIO_GET_LINEHANDLE_IOCTL,
		GPIO_GET_LINEEVENT_IOCTL, GPIOHANDLE_GET_LINE_VALUES_IOCTL,
		GPIOHANDLE_SET_LINE_VALUES_IOCTL, GPIOHANDLE_SET_CONFIG_IOCTL,
		GPIO_GET_LINEINFO_WATCH_IOCTL,
		_IOC(_IOC_READ | _IOC_WRITE, 0xb4, 0x5e, 0x10),
	};
	struct gpio_v2_line_request lr;
	struct gpio_v2_line_config lc;
	struct gpio_v2_line_values lv = { 0xcafe, 0xfadebeaddeedbabeULL };
	struct gpio_v2_line_info li;
	struct gpiohandle_request hr;
	struct gpioevent_request er;
	struct gpiohandle_config hc;
	struct gpiohandle_data hd;
	struct gpioline_info info;
	unsigned int off = 78;
	int fd;

	pg = fam_edge_page();
	if (!pg)
		return 1;
	fd = open("/dev/null", O_RDONLY);
	fam_ioctls(fd, req, sizeof(req) / sizeof(req[0]), pg);

	memset(&info, 0, sizeof(info));
	info.line_offset = 50;
	ioctl(fd, GPIO_GET_LINEINFO_IOCTL, &info);
	ioctl(fd, GPIO_GET_LINEINFO_WATCH_IOCTL, at_end(&info, sizeof(info)));
	ioctl(fd, GPIO_GET_LINEINFO_UNWATCH_IOCTL, &off);

	memset(&hr, 0, sizeof(hr));
	for (int i = 0; i < GPIOHANDLES_MAX; i++) {
		hr.lineoffsets[i] = i + 1;
		hr.default_values[i] = (unsigned char)(2 * i + 1);
	}
	hr.lines = 4;
	hr.flags = GPIOHANDLE_REQUEST_ACTIVE_LOW | GPIOHANDLE_REQUEST_OPEN_SOURCE;
	strcpy(hr.consumer_label, "line consumer");
	ioctl(fd, GPIO_GET_LINEHANDLE_IOCTL, &hr);
	hr.lines = 65;
	hr.flags = 0x8000 | GPIOHANDLE_REQUEST_INPUT;
	memset(hr.consumer_label, 'x', sizeof(hr.consumer_label));
	ioctl(fd, GPIO_GET_LINEHANDLE_IOCTL, at_end(&hr, sizeof(hr)));

	memset(&er, 0, sizeof(er));
	er.lineoffset = 4;
	er.handleflags = GPIOHANDLE_REQUEST_OUTPUT;
	er.eventflags = GPIOEVENT_REQUEST_BOTH_EDGES;
	strcpy(er.consumer_label, "\"quoted\"\n");
	ioctl(fd, GPIO_GET_LINEEVENT_IOCTL, &er);
	er.eventflags = 0x10 | GPIOEVENT_REQUEST_RISING_EDGE;
	ioctl(fd, GPIO_GET_LINEEVENT_IOCTL, &er);

	for (int i = 0; i < GPIOHANDLES_MAX; i++)
		hd.values[i] = (unsigned char)i;
	ioctl(fd, GPIOHANDLE_SET_LINE_VALUES_IOCTL, &hd);
	ioctl(fd, GPIOHANDLE_GET_LINE_VALUES_IOCTL, &hd);
	memset(&hc, 0, sizeof(hc));
	hc.flags = GPIOHANDLE_REQUEST_BIAS_DISABLE;
	memcpy(hc.default_values, hd.values, sizeof(hd.values));
	ioctl(fd, GPIOHANDLE_SET_CONFIG_IOCTL, &hc);

	memset(&li, 0, sizeof(li));
	li.offset = 53;
	ioctl(fd, GPIO_V2_GET_LINEINFO_IOCTL, &li);
	ioctl(fd, GPIO_V2_GET_LINEINFO_WATCH_IOCTL, at_end(&li, sizeof(li)));
	ioctl(fd, GPIO_V2_LINE_GET_VALUES_IOCTL, &lv);
	ioctl(fd, GPIO_V2_LINE_SET_VALUES_IOCTL, at_end(&lv, sizeof(lv)));

	memset(&lc, 0, sizeof(lc));
	lc.flags = GPIO_V2_LINE_FLAG_ACTIVE_LOW | GPIO_V2_LINE_FLAG_BIAS_PULL_UP;
	ioctl(fd, GPIO_V2_LINE_SET_CONFIG_IOCTL, &lc);
	lc.padding[1] = 0xfeedface;
	lc.num_attrs = 12;
	for (int i = 0; i < GPIO_V2_LINE_NUM_ATTRS_MAX; i++) {
		lc.attrs[i].attr.id = i % 4 + 1;
		lc.attrs[i].attr.values = 0xdeadbeefba11c0daULL + i;
		lc.attrs[i].mask = 2 * i + 1;
	}
	lc.attrs[3].attr.id = GPIO_V2_LINE_ATTR_ID_FLAGS;
	lc.attrs[3].attr.flags = 0x100000;
	lc.attrs[5].attr.padding = 1;
	ioctl(fd, GPIO_V2_LINE_SET_CONFIG_IOCTL, &lc);

	memset(&lr, 0, sizeof(lr));
	for (int i = 0; i < GPIO_V2_LINES_MAX; i++)
		lr.offsets[i] = 3 * i;
	lr.num_lines = 3;
	strcpy(lr.consumer, "v2 consumer");
	ioctl(fd, GPIO_V2_GET_LINE_IOCTL, &lr);
	lr.num_lines = 70;
	lr.event_buffer_size = 16;
	lr.padding[4] = 7;
	memcpy(&lr.config, &lc, sizeof(lc));
	ioctl(fd, GPIO_V2_GET_LINE_IOCTL, at_end(&lr, sizeof(lr)));
	close(fd);
	return 0;
}
