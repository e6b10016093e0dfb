// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: ioctl(2) requests of PTP hardware clocks (type '='),
 * as strace 6.1 prints them: the capabilities got, timestamp and periodic
 * output requests (a start time dated in a comment), pin functions
 * (their index at entry, the rest a get request got at exit), the
 * system/device clock offsets (samples asked at entry, the times got at
 * exit, up to 1216 bytes).  Reserved words print when not all zero.
 */
#include <linux/ptp_clock.h>

#include "fmt_ioctl.h"

static enum ioarg ptp_when(uint32_t req, int *at_exit)
{
	*at_exit = 0;
	switch (req) {
	case PTP_CLOCK_GETCAPS: case PTP_CLOCK_GETCAPS2:
	case PTP_SYS_OFFSET_PRECISE: case PTP_SYS_OFFSET_PRECISE2:
		*at_exit = 1;
		return IOA_FAMILY;
	case PTP_EXTTS_REQUEST: case PTP_EXTTS_REQUEST2:
	case PTP_PEROUT_REQUEST: case PTP_PEROUT_REQUEST2:
	case PTP_SYS_OFFSET: case PTP_SYS_OFFSET2:
	case PTP_SYS_OFFSET_EXTENDED: case PTP_SYS_OFFSET_EXTENDED2:
	case PTP_PIN_GETFUNC: case PTP_PIN_GETFUNC2:
	case PTP_PIN_SETFUNC: case PTP_PIN_SETFUNC2:
		return IOA_FAMILY;
	default:
		/* PTP_ENABLE_PPS's on/off and the unknown: in hex */
		return IOA_HEX;
	}
}

/* struct ptp_clock_time: sec, nsec, reserved when used; dated: the date
   in a comment (not with -Xraw) */
static void ptp_time(struct fmt_buf *b, const uint8_t *p, int dated)
{
	int64_t sec = (int64_t)ld64(p);
	uint32_t nsec = ld32(p + 8);

	fb_puts(b, "{sec=");
	fb_dec(b, sec);
	fb_puts(b, ", nsec=");
	fb_udec(b, nsec);
	if (ld32(p + 12)) {
		fb_puts(b, ", reserved=");
		fb_hex(b, ld32(p + 12));
	}
	fb_putc(b, '}');
	if (dated && b->xstyle != XSTYLE_RAW && nsec < 1000000000 &&
	    (sec || nsec)) {
		char tmp[64];
		struct fmt_buf t;

		fb_init(&t, tmp, sizeof(tmp));
		if (!fmt_utc(&t, sec, nsec, 9))
			return;
		fb_puts(b, " /* ");
		fb_putn(b, tmp, (size_t)(t.p - tmp));
		fb_puts(b, " */");
	}
}

/* ", rsv=[...]": n reserved u32 at p, when not all zero */
static void ptp_rsv(struct fmt_buf *b, const uint8_t *p, uint32_t n)
{
	uint32_t j;

	for (j = 0; j < n && !ld32(p + 4 * j); j++)
		;
	if (j == n)
		return;
	for (j = 0; j < n; j++) {
		fb_puts(b, j ? ", " : ", rsv=[");
		fb_hex(b, ld32(p + 4 * j));
	}
	fb_putc(b, ']');
}

static void ptp_caps(struct fmt_buf *b, const uint8_t *p)
{
	static const char *const f[] = { "max_adj", "n_alarm", "n_ext_ts",
		"n_per_out", "pps", "n_pins", "cross_timestamping",
		"adjust_phase" };

	for (int j = 0; j < 8; j++) {
		fb_puts(b, j ? ", " : "{");
		fb_puts(b, f[j]);
		fb_putc(b, '=');
		fb_dec(b, (int32_t)ld32(p + 4 * j));
	}
	ptp_rsv(b, p + 32, 12);
	fb_putc(b, '}');
}

/* struct ptp_perout_request (56 bytes) */
static void ptp_perout(struct fmt_buf *b, uint32_t req, const uint8_t *p)
{
	uint32_t flags = ld32(p + 36);

	if (flags & PTP_PEROUT_PHASE) {
		fb_puts(b, "{phase=");
		ptp_time(b, p, 0);
	} else {
		fb_puts(b, "{start=");
		ptp_time(b, p, 1);
	}
	fb_puts(b, ", period=");
	ptp_time(b, p + 16, 0);
	fb_puts(b, ", index=");
	fb_udec(b, ld32(p + 32));
	fb_puts(b, ", flags=");
	fmt_flags_dflt(b, &xlat_ptp_perout_flags, flags, "PTP_PEROUT_???");
	if (flags & PTP_PEROUT_DUTY_CYCLE) {
		fb_puts(b, ", on=");
		ptp_time(b, p + 40, 0);
	} else if (req == PTP_PEROUT_REQUEST2) {
		ptp_rsv(b, p + 40, 4);
	}
	fb_putc(b, '}');
}

/* struct ptp_pin_desc's function and channel (and a setter's rsv) */
static void ptp_pin_func(struct fmt_buf *b, uint32_t req, const uint8_t *p)
{
	fb_puts(b, ", func=");
	fmt_enum_dflt(b, &xlat_ptp_pin_funcs, ld32(p + 68), "PTP_PF_???");
	fb_puts(b, ", chan=");
	fb_udec(b, ld32(p + 72));
	if (req == PTP_PIN_SETFUNC2)
		ptp_rsv(b, p + 76, 5);
	fb_putc(b, '}');
}

static int ptp_arg(struct fmt_buf *b, const struct sc_call *c, uint32_t req,
		   const struct cap *k)
{
	const uint8_t *p;

	if (!k || k->len < _IOC_SIZE(req))
		return 0;
	p = k->p;
	switch (req) {
	case PTP_CLOCK_GETCAPS: case PTP_CLOCK_GETCAPS2:
		ptp_caps(b, p);
		return 1;
	case PTP_EXTTS_REQUEST: case PTP_EXTTS_REQUEST2:
		fb_puts(b, "{index=");
		fb_udec(b, ld32(p));
		fb_puts(b, ", flags=");
		fmt_flags_dflt(b, &xlat_ptp_extts_flags, ld32(p + 4), "PTP_???");
		if (req == PTP_EXTTS_REQUEST2)
			ptp_rsv(b, p + 8, 2);
		fb_putc(b, '}');
		return 1;
	case PTP_PEROUT_REQUEST: case PTP_PEROUT_REQUEST2:
		ptp_perout(b, req, p);
		return 1;
	case PTP_SYS_OFFSET: case PTP_SYS_OFFSET2:
	case PTP_SYS_OFFSET_EXTENDED: case PTP_SYS_OFFSET_EXTENDED2:
		/* the samples asked; the times at exit close the struct */
		fb_puts(b, "{n_samples=");
		fb_udec(b, ld32(p));
		ptp_rsv(b, p + 4, 3);
		return 2;
	case PTP_PIN_GETFUNC: case PTP_PIN_GETFUNC2:
		fb_puts(b, "{index=");
		fb_udec(b, ld32(p + 64));
		if (req == PTP_PIN_GETFUNC2)
			ptp_rsv(b, p + 76, 5);
		return 2;
	case PTP_PIN_SETFUNC: case PTP_PIN_SETFUNC2:
		fb_puts(b, "{index=");
		fb_udec(b, ld32(p + 64));
		ptp_pin_func(b, req, p);
		return 1;
	case PTP_SYS_OFFSET_PRECISE: case PTP_SYS_OFFSET_PRECISE2:
		fb_puts(b, "{device=");
		ptp_time(b, p, 1);
		fb_puts(b, ", sys_realtime=");
		ptp_time(b, p + 16, 1);
		fb_puts(b, ", sys_monoraw=");
		ptp_time(b, p + 32, 0);
		ptp_rsv(b, p + 48, 4);
		fb_putc(b, '}');
		return 1;
	default:
		return 0;
	}
}

/* the times of the samples: 2n+1 (offset) or n triples (extended) */
static void ptp_samples(struct fmt_buf *b, const struct sc_call *c,
			uint32_t req, const uint8_t *p)
{
	int ext = req == PTP_SYS_OFFSET_EXTENDED ||
		  req == PTP_SYS_OFFSET_EXTENDED2;
	uint32_t n = ld32(p) < PTP_MAX_SAMPLES ? ld32(p) : PTP_MAX_SAMPLES;
	uint32_t elems = ext ? n : 2 * n + 1, show = elems;

	if (abbrev(c) && (uint64_t)str_max(c) < elems)
		show = (uint32_t)str_max(c);
	fb_puts(b, ", ts=[");
	for (uint32_t j = 0; j < show; j++) {
		if (j)
			fb_puts(b, ", ");
		if (!ext) {
			ptp_time(b, p + 16 + 16 * j, 1);
			continue;
		}
		for (int t = 0; t < 3; t++) {
			fb_puts(b, t ? ", " : "[");
			ptp_time(b, p + 16 + 48 * j + 16 * t, 1);
		}
		fb_putc(b, ']');
	}
	if (show < elems)
		fb_puts(b, show ? ", ..." : "...");
	fb_putc(b, ']');
}

/* at exit: what the call got, then the struct's end */
static void ptp_out(struct fmt_buf *b, const struct sc_call *c, uint32_t req)
{
	const struct cap *k = arg_out(c, 2, _IOC_SIZE(req));

	if (!sc_failed(c)) {
		if (!k) {
			/* strace's ??? : the memory could not be read */
			fb_puts(b, ", ???");
		} else if (req == PTP_PIN_GETFUNC || req == PTP_PIN_GETFUNC2) {
			fb_puts(b, ", ");
			ioctl_cstr(b, c, "name", k->p, 64);
			ptp_pin_func(b, req, k->p);
			return;
		} else {
			ptp_samples(b, c, req, k->p);
		}
	}
	fb_putc(b, '}');
}

const struct ioctl_family ioctl_ptp = {
	.type = '=',
	.when = ptp_when,
	.arg = ptp_arg,
	.out = ptp_out,
};
