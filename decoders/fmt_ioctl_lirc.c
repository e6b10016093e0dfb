// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: ioctl(2) requests of type 'i' that LIRC (infrared
 * remote control) devices answer, as strace 6.1 prints them: each takes
 * an unsigned int, set at entry, got at exit (the _IOC_READ ones).  The
 * type's other requests (I2O, IPMI, ...) print their argument in hex.
 */
#include <linux/ioctl.h>
#include <linux/lirc.h>

#include "fmt_ioctl.h"

static enum ioarg lirc_when(uint32_t req, int *at_exit)
{
	*at_exit = 0;
	switch (req) {
	case LIRC_GET_FEATURES: case LIRC_GET_SEND_MODE:
	case LIRC_GET_REC_MODE: case LIRC_GET_REC_RESOLUTION:
	case LIRC_GET_MIN_TIMEOUT: case LIRC_GET_MAX_TIMEOUT:
	case LIRC_GET_LENGTH: case LIRC_GET_REC_TIMEOUT:
		*at_exit = 1;
		return IOA_FAMILY;
	case LIRC_SET_SEND_MODE: case LIRC_SET_REC_MODE:
	case LIRC_SET_SEND_CARRIER: case LIRC_SET_REC_CARRIER:
	case LIRC_SET_SEND_DUTY_CYCLE: case LIRC_SET_TRANSMITTER_MASK:
	case LIRC_SET_REC_TIMEOUT: case LIRC_SET_REC_TIMEOUT_REPORTS:
	case LIRC_SET_MEASURE_CARRIER_MODE: case LIRC_SET_REC_CARRIER_RANGE:
	case LIRC_SET_WIDEBAND_RECEIVER:
		return IOA_FAMILY;
	default:
		return IOA_HEX;
	}
}

/* [value]: the features' bits, a mode, the transmitters' mask in hex, or
   a number (a carrier's Hz, a timeout's microseconds, ...) */
static int lirc_arg(struct fmt_buf *b, const struct sc_call *c, uint32_t req,
		    const struct cap *k)
{
	uint32_t v;

	if (!k || k->len < 4)
		return 0;
	v = ld32(k->p);
	fb_putc(b, '[');
	switch (req) {
	case LIRC_GET_FEATURES:
		fmt_flags_dflt(b, &xlat_lirc_features, v, "LIRC_CAN_???");
		break;
	case LIRC_GET_SEND_MODE: case LIRC_GET_REC_MODE:
	case LIRC_SET_SEND_MODE: case LIRC_SET_REC_MODE:
		fmt_enum_dflt(b, &xlat_lirc_modes, v, "LIRC_MODE_???");
		break;
	case LIRC_SET_TRANSMITTER_MASK:
		fb_hex(b, v);
		break;
	default:
		fb_udec(b, v);
	}
	fb_putc(b, ']');
	return 1;
}

const struct ioctl_family ioctl_lirc = {
	.type = 'i',
	.when = lirc_when,
	.arg = lirc_arg,
};
