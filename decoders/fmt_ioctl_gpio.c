// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: ioctl(2) requests of GPIO character devices (type
 * 0xb4), v1 and v2 ABIs, as strace 6.1 prints them: the requests' structs
 * at entry, what the call fills at exit (the chip's info, a line's info,
 * the values got, " => {fd=N}" for a new line handle).  Each struct
 * prints only from a copy of all of it (they are up to 592 bytes: the
 * copy follows the request's size).  Arrays print at most -s elements
 * unless -v, as strace's.
 */
#include <linux/gpio.h>

#include "fmt_ioctl.h"

/* what each request passes: at entry, at exit, or both (split) */
static enum ioarg gpio_when(uint32_t req, int *at_exit)
{
	*at_exit = 0;
	switch (req) {
	case GPIO_GET_CHIPINFO_IOCTL: case GPIOHANDLE_GET_LINE_VALUES_IOCTL:
		*at_exit = 1;
		return IOA_FAMILY;
	case GPIO_GET_LINEINFO_UNWATCH_IOCTL: case GPIO_V2_GET_LINEINFO_IOCTL:
	case GPIO_V2_GET_LINEINFO_WATCH_IOCTL: case GPIO_V2_GET_LINE_IOCTL:
	case GPIO_V2_LINE_SET_CONFIG_IOCTL: case GPIO_V2_LINE_GET_VALUES_IOCTL:
	case GPIO_V2_LINE_SET_VALUES_IOCTL: case GPIO_GET_LINEINFO_IOCTL:
	case GPIO_GET_LINEINFO_WATCH_IOCTL: case GPIO_GET_LINEHANDLE_IOCTL:
	case GPIO_GET_LINEEVENT_IOCTL: case GPIOHANDLE_SET_LINE_VALUES_IOCTL:
	case GPIOHANDLE_SET_CONFIG_IOCTL:
		return IOA_FAMILY;
	default:
		return IOA_HEX;
	}
}

/* n elements of elem bytes (1, 4 or 8), decimal or hex; -s of them
   unless -v, then "..." */
static void gpio_array(struct fmt_buf *b, const struct sc_call *c,
		       const uint8_t *p, uint32_t n, int elem, int hex)
{
	uint32_t show = n;

	if (abbrev(c) && (uint64_t)str_max(c) < n)
		show = (uint32_t)str_max(c);
	fb_putc(b, '[');
	for (uint32_t j = 0; j < show; j++) {
		uint64_t v = elem == 1 ? p[j] : elem == 4 ?
			ld32(p + 4 * j) : ld64(p + 8 * j);

		if (j)
			fb_puts(b, ", ");
		if (hex)
			fb_hex(b, v);
		else
			fb_udec(b, v);
	}
	if (show < n)
		fb_puts(b, show ? ", ..." : "...");
	fb_putc(b, ']');
}

/* u32 padding[n], shown when not all 0 */
static void gpio_padding(struct fmt_buf *b, const struct sc_call *c,
			 const uint8_t *p, uint32_t n)
{
	for (uint32_t j = 0; j < n; j++) {
		if (ld32(p + 4 * j)) {
			fb_puts(b, ", padding=");
			gpio_array(b, c, p, n, 4, 1);
			return;
		}
	}
}

/* struct gpio_v2_line_attribute (16 bytes); in_field: inside attr={} */
static void gpio_attr(struct fmt_buf *b, const uint8_t *p, int in_field)
{
	uint32_t id = ld32(p), pad = ld32(p + 4);
	uint64_t v = ld64(p + 8);

	if (!pad) {
		switch (id) {
		case GPIO_V2_LINE_ATTR_ID_FLAGS:
			fb_puts(b, "flags=");
			fmt_flags_dflt(b, &xlat_gpio_v2_line_flags, v,
				       "GPIO_V2_LINE_FLAG_???");
			return;
		case GPIO_V2_LINE_ATTR_ID_OUTPUT_VALUES:
			fb_puts(b, "values=");
			fb_hex(b, v);
			return;
		case GPIO_V2_LINE_ATTR_ID_DEBOUNCE:
			fb_puts(b, "debounce_period_us=");
			fb_udec(b, (uint32_t)v);
			return;
		}
	}
	/* padding used, or an id not known: the fields as they are */
	fb_puts(b, in_field ? "attr={id=" : "id=");
	fb_udec(b, id);
	if (pad) {
		fb_puts(b, ", padding=");
		fb_hex(b, pad);
	}
	fb_puts(b, ", data=");
	fb_hex(b, v);
	if (in_field)
		fb_putc(b, '}');
}

/* struct gpio_v2_line_config (272 bytes) */
static void gpio_config(struct fmt_buf *b, const struct sc_call *c,
			const uint8_t *p)
{
	uint32_t n = ld32(p + 8);

	fb_puts(b, "{flags=");
	fmt_flags_dflt(b, &xlat_gpio_v2_line_flags, ld64(p),
		       "GPIO_V2_LINE_FLAG_???");
	fb_puts(b, ", num_attrs=");
	fb_udec(b, n);
	gpio_padding(b, c, p + 12, 5);
	if (n) {
		uint32_t show = n < GPIO_V2_LINE_NUM_ATTRS_MAX ? n :
				GPIO_V2_LINE_NUM_ATTRS_MAX;

		fb_puts(b, ", attrs=[");
		for (uint32_t j = 0; j < show; j++) {
			const uint8_t *a = p + 32 + 24 * j;

			fb_puts(b, j ? ", {" : "{");
			gpio_attr(b, a, 1);
			fb_puts(b, ", mask=");
			fb_hex(b, ld64(a + 16));
			fb_putc(b, '}');
		}
		fb_putc(b, ']');
	}
	fb_putc(b, '}');
}

/* struct gpio_v2_line_info at exit (256 bytes) */
static void gpio_v2_info(struct fmt_buf *b, const struct sc_call *c,
			 const uint8_t *p)
{
	uint32_t n = ld32(p + 68);

	fb_putc(b, '{');
	ioctl_cstr(b, c, "name", p, 32);
	fb_puts(b, ", ");
	ioctl_cstr(b, c, "consumer", p + 32, 32);
	fb_puts(b, ", flags=");
	fmt_flags_dflt(b, &xlat_gpio_v2_line_flags, ld64(p + 72),
		       "GPIO_V2_LINE_FLAG_???");
	fb_puts(b, ", num_attrs=");
	fb_udec(b, n);
	if (n) {
		uint32_t show = n < GPIO_V2_LINE_NUM_ATTRS_MAX ? n :
				GPIO_V2_LINE_NUM_ATTRS_MAX;

		fb_puts(b, ", attrs=[");
		for (uint32_t j = 0; j < show; j++) {
			fb_puts(b, j ? ", {" : "{");
			gpio_attr(b, p + 80 + 16 * j, 0);
			fb_putc(b, '}');
		}
		fb_putc(b, ']');
	}
	gpio_padding(b, c, p + 240, 4);
	fb_putc(b, '}');
}

/* the v1 line handle request (364 bytes), at entry */
static void gpio_handle_req(struct fmt_buf *b, const struct sc_call *c,
			    const uint8_t *p)
{
	uint32_t n = ld32(p + 356);
	uint32_t upto = n < GPIOHANDLES_MAX ? n : GPIOHANDLES_MAX;

	fb_puts(b, "{lines=");
	fb_udec(b, n);
	fb_puts(b, ", lineoffsets=");
	gpio_array(b, c, p, upto, 4, 0);
	fb_puts(b, ", flags=");
	fmt_flags_dflt(b, &xlat_gpio_handle_flags, ld32(p + 256),
		       "GPIOHANDLE_REQUEST_???");
	fb_puts(b, ", default_values=");
	gpio_array(b, c, p + 260, upto, 1, 0);
	fb_puts(b, ", ");
	ioctl_cstr(b, c, "consumer_label", p + 324, 32);
	fb_putc(b, '}');
}

/* the v2 line request (592 bytes), at entry */
static void gpio_line_req(struct fmt_buf *b, const struct sc_call *c,
			  const uint8_t *p)
{
	uint32_t n = ld32(p + 560);

	fb_puts(b, "{num_lines=");
	fb_udec(b, n);
	fb_puts(b, ", offsets=");
	gpio_array(b, c, p, n < GPIO_V2_LINES_MAX ? n : GPIO_V2_LINES_MAX, 4,
		   0);
	fb_puts(b, ", ");
	ioctl_cstr(b, c, "consumer", p + 256, 32);
	fb_puts(b, ", config=");
	gpio_config(b, c, p + 288);
	if (ld32(p + 564)) {
		fb_puts(b, ", event_buffer_size=");
		fb_udec(b, ld32(p + 564));
	}
	gpio_padding(b, c, p + 568, 5);
	fb_putc(b, '}');
}

/* bytes of the struct each request passes */
static uint32_t gpio_size(uint32_t req)
{
	return _IOC_SIZE(req);
}

static int gpio_arg(struct fmt_buf *b, const struct sc_call *c, uint32_t req,
		    const struct cap *k)
{
	const uint8_t *p;

	if (!k || k->len < gpio_size(req))
		return 0;
	p = k->p;
	switch (req) {
	case GPIO_GET_CHIPINFO_IOCTL:
		fb_putc(b, '{');
		ioctl_cstr(b, c, "name", p, 32);
		fb_puts(b, ", ");
		ioctl_cstr(b, c, "label", p + 32, 32);
		fb_puts(b, ", lines=");
		fb_udec(b, ld32(p + 64));
		fb_putc(b, '}');
		return 1;
	case GPIO_GET_LINEINFO_IOCTL: case GPIO_GET_LINEINFO_WATCH_IOCTL:
		fb_puts(b, "{line_offset=");
		fb_udec(b, ld32(p));
		fb_putc(b, '}');
		return 2;
	case GPIO_GET_LINEINFO_UNWATCH_IOCTL:
		fb_puts(b, "{offset=");
		fb_udec(b, ld32(p));
		fb_putc(b, '}');
		return 1;
	case GPIO_GET_LINEHANDLE_IOCTL:
		gpio_handle_req(b, c, p);
		return 2;
	case GPIO_GET_LINEEVENT_IOCTL:
		fb_puts(b, "{lineoffset=");
		fb_udec(b, ld32(p));
		fb_puts(b, ", handleflags=");
		fmt_flags_dflt(b, &xlat_gpio_handle_flags, ld32(p + 4),
			       "GPIOHANDLE_REQUEST_???");
		fb_puts(b, ", eventflags=");
		fmt_flags_dflt(b, &xlat_gpio_event_flags, ld32(p + 8),
			       "GPIOEVENT_REQUEST_???");
		fb_puts(b, ", ");
		ioctl_cstr(b, c, "consumer_label", p + 12, 32);
		fb_putc(b, '}');
		return 2;
	case GPIOHANDLE_GET_LINE_VALUES_IOCTL:
	case GPIOHANDLE_SET_LINE_VALUES_IOCTL:
		fb_puts(b, "{values=");
		gpio_array(b, c, p, GPIOHANDLES_MAX, 1, 0);
		fb_putc(b, '}');
		return 1;
	case GPIOHANDLE_SET_CONFIG_IOCTL:
		fb_puts(b, "{flags=");
		fmt_flags_dflt(b, &xlat_gpio_handle_flags, ld32(p),
			       "GPIOHANDLE_REQUEST_???");
		fb_puts(b, ", default_values=");
		gpio_array(b, c, p + 4, GPIOHANDLES_MAX, 1, 0);
		fb_putc(b, '}');
		return 1;
	case GPIO_V2_GET_LINEINFO_IOCTL: case GPIO_V2_GET_LINEINFO_WATCH_IOCTL:
		fb_puts(b, "{offset=");
		fb_udec(b, ld32(p + 64));
		fb_putc(b, '}');
		return 2;
	case GPIO_V2_GET_LINE_IOCTL:
		gpio_line_req(b, c, p);
		return 2;
	case GPIO_V2_LINE_SET_CONFIG_IOCTL:
		gpio_config(b, c, p);
		return 1;
	case GPIO_V2_LINE_GET_VALUES_IOCTL:
		fb_puts(b, "{mask=");
		fb_hex(b, ld64(p + 8));
		fb_putc(b, '}');
		return 2;
	case GPIO_V2_LINE_SET_VALUES_IOCTL:
		fb_puts(b, "{bits=");
		fb_hex(b, ld64(p));
		fb_puts(b, ", mask=");
		fb_hex(b, ld64(p + 8));
		fb_putc(b, '}');
		return 1;
	default:
		return 0;
	}
}

/* " => {...}": what a successful call filled in the entry's struct */
static void gpio_out(struct fmt_buf *b, const struct sc_call *c,
		     uint32_t req)
{
	const struct cap *k = arg_out(c, 2, gpio_size(req));

	if (sc_failed(c))
		return;
	fb_puts(b, " => ");
	if (!k) {
		fmt_ptr(b, c->args[2]);
		return;
	}
	switch (req) {
	case GPIO_GET_LINEINFO_IOCTL: case GPIO_GET_LINEINFO_WATCH_IOCTL:
		fb_puts(b, "{flags=");
		fmt_flags_dflt(b, &xlat_gpio_line_flags, ld32(k->p + 4),
			       "GPIOLINE_FLAG_???");
		fb_puts(b, ", ");
		ioctl_cstr(b, c, "name", k->p + 8, 32);
		fb_puts(b, ", ");
		ioctl_cstr(b, c, "consumer", k->p + 40, 32);
		fb_putc(b, '}');
		return;
	case GPIO_V2_GET_LINEINFO_IOCTL: case GPIO_V2_GET_LINEINFO_WATCH_IOCTL:
		gpio_v2_info(b, c, k->p);
		return;
	case GPIO_V2_LINE_GET_VALUES_IOCTL:
		fb_puts(b, "{bits=");
		fb_hex(b, ld64(k->p));
		fb_putc(b, '}');
		return;
	default:
		/* a new line handle's fd: v1 handle 360, event 44, v2 588 */
		fb_puts(b, "{fd=");
		fb_dec(b, (int32_t)ld32(k->p + (req == GPIO_GET_LINEHANDLE_IOCTL ?
					    360 : req == GPIO_GET_LINEEVENT_IOCTL ?
					    44 : 588)));
		fb_putc(b, '}');
	}
}

const struct ioctl_family ioctl_gpio = {
	.type = 0xb4,
	.when = gpio_when,
	.arg = gpio_arg,
	.out = gpio_out,
};
