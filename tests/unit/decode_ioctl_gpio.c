// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: GPIO character device ioctls that only a GPIO chip answers
 * (tests/live/parity_gpio.sh has strace's word for the rest): what the
 * call filled, after the request's struct, as strace 6.1's gpio_ioctl.c
 * prints it (" => {...}"), nothing more after a failure, the pointer
 * when the exit's copy is short.
 */
#include <linux/gpio.h>
#include <string.h>
#include <sys/syscall.h>

#include "check_decode.h"

#define ENOTTY_S "-1 ENOTTY (Inappropriate ioctl for device)"

int main(void)
{
	struct gpioline_info in = { .line_offset = 7 }, got = in;
	struct gpioevent_request er = { .lineoffset = 4 }, er_out;
	struct gpiochip_info chip = { .lines = 54 };
	struct gpio_v2_line_values lv = { 0, 0xff }, lv_out = { 0x5, 0xff };
	struct cap ki = CAP(&in, sizeof(in)), ko = CAP(&got, sizeof(got));
	struct cap ko_short = CAP(&got, sizeof(got) - 1);
	struct cap ke = CAP(&er, sizeof(er)), keo = CAP(&er_out, sizeof(er));
	struct cap kc = CAP(&chip, sizeof(chip));
	struct cap kv = CAP(&lv, 16), kvo = CAP(&lv_out, 16);
	struct sc_call c;

	got.flags = GPIOLINE_FLAG_KERNEL | GPIOLINE_FLAG_IS_OUT;
	strcpy(got.name, "led0");
	strcpy(got.consumer, "heartbeat");
	c = CALL(SYS_ioctl, 0, 3, GPIO_GET_LINEINFO_IOCTL, 0x1000);
	c.cap[2] = &ki;
	c.cap_out[2] = &ko;
	CHECK_STR(run_entry(&c), "ioctl(3, GPIO_GET_LINEINFO_IOCTL, "
		  "{line_offset=7}");
	CHECK_STR(run(&c), "ioctl(3, GPIO_GET_LINEINFO_IOCTL, {line_offset=7}"
		  " => {flags=GPIOLINE_FLAG_KERNEL|GPIOLINE_FLAG_IS_OUT, "
		  "name=\"led0\", consumer=\"heartbeat\"}) = 0");
	c.cap_out[2] = &ko_short;
	CHECK_STR(run(&c), "ioctl(3, GPIO_GET_LINEINFO_IOCTL, {line_offset=7}"
		  " => 0x1000) = 0");
	c.ret = -25;
	CHECK_STR(run(&c), "ioctl(3, GPIO_GET_LINEINFO_IOCTL, {line_offset=7})"
		  " = " ENOTTY_S);

	memcpy(&er_out, &er, sizeof(er));
	er_out.fd = 5;
	c = CALL(SYS_ioctl, 0, 3, GPIO_GET_LINEEVENT_IOCTL, 0x1000);
	c.cap[2] = &ke;
	c.cap_out[2] = &keo;
	CHECK_STR(run(&c), "ioctl(3, GPIO_GET_LINEEVENT_IOCTL, {lineoffset=4, "
		  "handleflags=0, eventflags=0, consumer_label=\"\"} => {fd=5})"
		  " = 0");

	strcpy(chip.name, "gpiochip0");
	strcpy(chip.label, "pinctrl-bcm2711");
	c = CALL(SYS_ioctl, 0, 3, GPIO_GET_CHIPINFO_IOCTL, 0x1000);
	c.cap_out[2] = &kc;
	CHECK_STR(run(&c), "ioctl(3, GPIO_GET_CHIPINFO_IOCTL, {name="
		  "\"gpiochip0\", label=\"pinctrl-bcm2711\", lines=54}) = 0");

	c = CALL(SYS_ioctl, 0, 3, GPIO_V2_LINE_GET_VALUES_IOCTL, 0x1000);
	c.cap[2] = &kv;
	c.cap_out[2] = &kvo;
	CHECK_STR(run(&c), "ioctl(3, GPIO_V2_LINE_GET_VALUES_IOCTL, {mask=0xff}"
		  " => {bits=0x5}) = 0");
	CHECK_DONE();
}
