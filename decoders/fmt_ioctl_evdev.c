// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: ioctl(2) requests of input devices (evdev, type 'E'):
 * the numbers built from parts (EVIOCGABS(ABS_X), EVIOCGBIT(EV_KEY, 8),
 * EVIOCGNAME(64)) and the argument by request, as strace 6.1 prints
 * them.  Reads print at exit, writes at entry; a struct prints only from
 * a copy of all of it; a bit set as the names of its bits, as long as
 * the return value says.
 */
#include <linux/input.h>

#include "fmt_ioctl.h"

/* EVIOCGNAME(len) and the like: request numbers that carry a length */
static const struct { uint8_t nr; const char *name; } evdev_sized[] = {
	{ 0x06, "EVIOCGNAME" }, { 0x07, "EVIOCGPHYS" }, { 0x08, "EVIOCGUNIQ" },
	{ 0x09, "EVIOCGPROP" }, { 0x0a, "EVIOCGMTSLOTS" },
	{ 0x18, "EVIOCGKEY" }, { 0x19, "EVIOCGLED" }, { 0x1a, "EVIOCGSND" },
	{ 0x1b, "EVIOCGSW" },
};

/* an event type or axis inside the number: no comment inside -Xverbose's */
static void evdev_part(struct fmt_buf *b, const struct xlat *x, uint64_t v,
		       const char *dflt, int in_comment)
{
	fmt_enum_dflt(b, x, v, in_comment ? NULL : dflt);
}

static int evdev_number(struct fmt_buf *b, uint32_t req, int in_comment)
{
	uint32_t nr = _IOC_NR(req), size = _IOC_SIZE(req);

	if (_IOC_DIR(req) == _IOC_WRITE && nr >= 0xc0) {
		fb_puts(b, "EVIOCSABS(");
		evdev_part(b, &xlat_evdev_abs, nr - 0xc0, "ABS_???",
			   in_comment);
		fb_putc(b, ')');
		return 1;
	}
	if (_IOC_DIR(req) != _IOC_READ)
		return 0;
	if (nr >= 0x20 && nr < 0x40) {
		fb_puts(b, "EVIOCGBIT(");
		if (nr == 0x20)
			fb_putc(b, '0');
		else
			evdev_part(b, &xlat_evdev_ev, nr - 0x20, "EV_???",
				   in_comment);
		fb_puts(b, ", ");
		fb_udec(b, size);
		fb_putc(b, ')');
		return 1;
	}
	if (nr >= 0x40 && nr < 0x80) {
		fb_puts(b, "EVIOCGABS(");
		evdev_part(b, &xlat_evdev_abs, nr - 0x40, "ABS_???",
			   in_comment);
		fb_putc(b, ')');
		return 1;
	}
	for (size_t j = 0; j < sizeof(evdev_sized) / sizeof(evdev_sized[0]);
	     j++) {
		if (evdev_sized[j].nr != nr)
			continue;
		fb_puts(b, evdev_sized[j].name);
		fb_putc(b, '(');
		fb_udec(b, size);
		fb_putc(b, ')');
		return 1;
	}
	return 0;
}

static enum ioarg evdev_when(uint32_t req, int *at_exit)
{
	*at_exit = _IOC_DIR(req) == _IOC_READ;
	if (_IOC_DIR(req) == _IOC_READ || _IOC_DIR(req) == _IOC_WRITE)
		return IOA_FAMILY;
	return IOA_HEX;
}

/* [a, b]: two ints, the second a key code when keys */
static int evdev_pair(struct fmt_buf *b, const struct cap *k, int keys)
{
	if (!k || k->len < 8)
		return 0;
	fb_putc(b, '[');
	fb_udec(b, ld32(k->p));
	fb_puts(b, ", ");
	if (keys)
		fmt_enum_dflt(b, &xlat_evdev_keycode, ld32(k->p + 4),
			      "KEY_???");
	else
		fb_udec(b, ld32(k->p + 4));
	fb_putc(b, ']');
	return 1;
}

/* [int] in decimal or hex */
static int evdev_int(struct fmt_buf *b, const struct cap *k, int hex)
{
	if (!k || k->len < 4)
		return 0;
	fb_putc(b, '[');
	if (hex)
		fb_hex(b, ld32(k->p));
	else
		fb_udec(b, ld32(k->p));
	fb_putc(b, ']');
	return 1;
}

/* struct input_keymap_entry: flags, len, index, keycode, scancode[32] */
static int evdev_keymap(struct fmt_buf *b, const struct sc_call *c,
			const struct cap *k)
{
	if (!k || k->len < 40)
		return 0;
	fb_puts(b, "{flags=");
	fb_udec(b, k->p[0]);
	fb_puts(b, ", len=");
	fb_udec(b, k->p[1]);
	if (abbrev(c)) {
		fb_puts(b, ", ...}");
		return 1;
	}
	fb_puts(b, ", index=");
	fb_udec(b, ld16(k->p + 2));
	fb_puts(b, ", keycode=");
	fmt_enum_dflt(b, &xlat_evdev_keycode, ld32(k->p + 4), "KEY_???");
	fb_puts(b, ", scancode=[");
	for (int j = 0; j < 32; j++) {
		if (j)
			fb_puts(b, ", ");
		fb_hex(b, k->p[8 + j]);
	}
	fb_puts(b, "]}");
	return 1;
}

/* struct input_absinfo, as long as the request says (at least to flat) */
static int evdev_abs(struct fmt_buf *b, const struct sc_call *c,
		     uint32_t size, const struct cap *k)
{
	static const char *const f[] = { "value", "minimum", "maximum",
		"fuzz", "flat", "resolution" };
	int n = abbrev(c) ? 2 : size >= 24 ? 6 : 5;

	if (size < 20 || !k || k->len < (size < 24 ? size : 24))
		return 0;
	for (int j = 0; j < n; j++) {
		fb_puts(b, j ? ", " : "{");
		fb_puts(b, f[j]);
		fb_putc(b, '=');
		fb_udec(b, ld32(k->p + 4 * j));
	}
	fb_puts(b, abbrev(c) || (size > 20 && size != 24) ? ", ...}" : "}");
	return 1;
}

/* struct ff_envelope at p */
static void ff_envelope(struct fmt_buf *b, const uint8_t *p)
{
	fb_puts(b, "envelope={attack_length=");
	fb_udec(b, ld16(p));
	fb_puts(b, ", attack_level=");
	fb_udec(b, ld16(p + 2));
	fb_puts(b, ", fade_length=");
	fb_udec(b, ld16(p + 4));
	fb_puts(b, ", fade_level=");
	fb_hex(b, ld16(p + 6));
	fb_putc(b, '}');
}

/* fields of u16 (u) or s16 at p, from name[0] */
static void ff_fields(struct fmt_buf *b, const uint8_t *p,
		      const char *const *name, const char *sign)
{
	for (int j = 0; name[j]; j++) {
		if (j)
			fb_puts(b, ", ");
		fb_puts(b, name[j]);
		fb_putc(b, '=');
		if (sign[j] == 's')
			fb_dec(b, (int16_t)ld16(p + 2 * j));
		else
			fb_udec(b, ld16(p + 2 * j));
	}
}

/* struct ff_effect's union at p (offset 16), by the effect's type */
static void ff_union(struct fmt_buf *b, uint16_t type, const uint8_t *p)
{
	static const char *const ramp[] = { "start_level", "end_level", NULL };
	static const char *const per[] = { "waveform", "period", "magnitude",
		"offset", "phase", NULL };
	static const char *const rumble[] = { "strong_magnitude",
		"weak_magnitude", NULL };

	switch (type) {
	case FF_CONSTANT:
		fb_puts(b, ", constant={level=");
		fb_dec(b, (int16_t)ld16(p));
		fb_puts(b, ", ");
		ff_envelope(b, p + 2);
		break;
	case FF_RAMP:
		fb_puts(b, ", ramp={");
		ff_fields(b, p, ramp, "ss");
		fb_puts(b, ", ");
		ff_envelope(b, p + 4);
		break;
	case FF_PERIODIC:
		fb_puts(b, ", periodic={");
		ff_fields(b, p, per, "uussu");
		fb_puts(b, ", ");
		ff_envelope(b, p + 10);
		fb_puts(b, ", custom_len=");
		fb_udec(b, ld32(p + 20));
		fb_puts(b, ", custom_data=");
		fmt_ptr(b, ld64(p + 24));
		break;
	case FF_RUMBLE:
		fb_puts(b, ", rumble={");
		ff_fields(b, p, rumble, "uu");
		break;
	default:
		return;
	}
	fb_putc(b, '}');
}

/* struct ff_effect (48 bytes on x86_64) */
static int evdev_ff(struct fmt_buf *b, const struct sc_call *c,
		    const struct cap *k)
{
	uint16_t type;

	if (!k || k->len < 48)
		return 0;
	type = ld16(k->p);
	fb_puts(b, "{type=");
	fmt_enum_dflt(b, &xlat_evdev_ff_types, type, "FF_???");
	fb_puts(b, ", id=");
	fb_dec(b, (int16_t)ld16(k->p + 2));
	fb_puts(b, ", direction=");
	fb_udec(b, ld16(k->p + 4));
	if (abbrev(c)) {
		fb_puts(b, ", ...}");
		return 1;
	}
	fb_puts(b, ", trigger={button=");
	fb_udec(b, ld16(k->p + 6));
	fb_puts(b, ", interval=");
	fb_udec(b, ld16(k->p + 8));
	fb_puts(b, "}, replay={length=");
	fb_udec(b, ld16(k->p + 10));
	fb_puts(b, ", delay=");
	fb_udec(b, ld16(k->p + 12));
	fb_putc(b, '}');
	ff_union(b, type, k->p + 16);
	fb_putc(b, '}');
	return 1;
}

/* EVIOCGNAME and the like: the string the call wrote, its return bytes */
static int evdev_string(struct fmt_buf *b, const struct sc_call *c,
			const struct cap *k)
{
	size_t want = c->ret > 0 ? (size_t)c->ret : 0;
	size_t show = want < (size_t)str_max(c) ? want : (size_t)str_max(c);

	if (!k || k->len < show)
		return 0;
	fmt_qstr(b, c, k->p, show, str_max(c), show < want, 0);
	return 1;
}

/* a bit set's names, by EVIOCGBIT's type (0: the types), and its size */
static const struct evdev_set {
	const struct xlat *x;
	uint32_t max;
	const char *dflt;
} evdev_bits[] = {
	[0] = { &xlat_evdev_ev, EV_MAX, "EV_???" },
	[EV_KEY] = { &xlat_evdev_keycode, KEY_MAX, "KEY_???" },
	[EV_REL] = { &xlat_evdev_relative_axes, REL_MAX, "REL_???" },
	[EV_ABS] = { &xlat_evdev_abs, ABS_MAX, "ABS_???" },
	[EV_MSC] = { &xlat_evdev_misc, MSC_MAX, "MSC_???" },
	[EV_SW] = { &xlat_evdev_switch, SW_MAX, "SW_???" },
	[EV_LED] = { &xlat_evdev_leds, LED_MAX, "LED_???" },
	[EV_SND] = { &xlat_evdev_snd, SND_MAX, "SND_???" },
	[EV_REP] = { &xlat_evdev_autorepeat, REP_MAX, "REP_???" },
	[EV_FF] = { &xlat_evdev_ff_types, FF_MAX, "FF_???" },
	[EV_FF_STATUS] = { &xlat_evdev_ff_status, FF_STATUS_MAX,
			   "FF_STATUS_???" },
};

/*
 * A bit set the call filled, as many bits as its return value's bytes
 * (at most the set's): the set bits' names (four, then "...", without
 * -v), -X raw its words in hex, -X verbose both
 */
static int evdev_bitset(struct fmt_buf *b, const struct sc_call *c,
			const struct evdev_set *set, const struct cap *k)
{
	uint32_t bits = c->ret > (int64_t)(set->max / 8) ? set->max :
			(uint32_t)c->ret * 8;
	uint32_t size = (bits + 63) / 64 * 8, shown = 0;
	int style = b->xstyle;

	if (!size || !k || k->len < size)
		return 0;
	if (style != XSTYLE_RAW) {
		fb_putc(b, '[');
		for (uint32_t i = 0; i < bits; i++) {
			if (!(k->p[i / 8] >> (i % 8) & 1))
				continue;
			if (shown && abbrev(c) && shown >= 4) {
				fb_puts(b, " ...");
				break;
			}
			if (shown++)
				fb_putc(b, ' ');
			fmt_enum_dflt(b, set->x, i, set->dflt);
		}
		fb_putc(b, ']');
	}
	if (style == XSTYLE_VERBOSE)
		fb_puts(b, " /* ");
	if (style != XSTYLE_ABBREV) {
		fb_putc(b, '[');
		for (uint32_t j = 0; j < size / 8; j++) {
			if (j)
				fb_puts(b, ", ");
			fb_hex(b, ld64(k->p + 8 * j));
		}
		fb_putc(b, ']');
	}
	if (style == XSTYLE_VERBOSE)
		fb_puts(b, " */");
	return 1;
}

static void evdev_value(struct fmt_buf *b, const uint8_t *e)
{
	fb_dec(b, (int32_t)ld32(e));
}

/* EVIOCGMTSLOTS(len): the axis asked, then (len - 4) / 4 values */
static int evdev_mtslots(struct fmt_buf *b, const struct sc_call *c,
			 uint32_t size, const struct cap *k)
{
	if (size < 4 || !k || k->len < 4)
		return 0;
	fb_puts(b, "{code=");
	fmt_enum_dflt(b, &xlat_evdev_mtslots, ld32(k->p), "ABS_MT_???");
	fb_puts(b, ", values=");
	if (!fmt_array(b, c, k->p + 4, c->args[2] + 4, size / 4 - 1, 4,
		       k->len - 4, k->flags & (CAP_TRUNC | CAP_FAULT), 0,
		       evdev_value))
		fmt_ptr(b, c->args[2] + 4);
	fb_putc(b, '}');
	return 1;
}

static int evdev_arg(struct fmt_buf *b, const struct sc_call *c,
		     uint32_t req, const struct cap *k)
{
	uint32_t nr = _IOC_NR(req);

	switch (req) {
	case EVIOCGVERSION:
		return evdev_int(b, k, 1);
	case EVIOCGEFFECTS: case EVIOCSCLOCKID:
		return evdev_int(b, k, 0);
	case EVIOCGID:
		if (!k || k->len < 8)
			return 0;
		fb_puts(b, "{bustype=");
		fb_udec(b, ld16(k->p));
		fb_puts(b, ", vendor=");
		fb_udec(b, ld16(k->p + 2));
		fb_puts(b, ", product=");
		fb_udec(b, ld16(k->p + 4));
		fb_puts(b, ", version=");
		fb_udec(b, ld16(k->p + 6));
		fb_putc(b, '}');
		return 1;
	case EVIOCGREP: case EVIOCSREP:
		return evdev_pair(b, k, 0);
	case EVIOCGKEYCODE: case EVIOCSKEYCODE:
		return evdev_pair(b, k, 1);
	case EVIOCGKEYCODE_V2: case EVIOCSKEYCODE_V2:
		return evdev_keymap(b, c, k);
	case EVIOCSFF:
		return evdev_ff(b, c, k);
	case EVIOCRMFF:
		fb_dec(b, (int32_t)c->args[2]);
		return 1;
	case EVIOCGRAB: case EVIOCREVOKE:
		fb_udec(b, c->args[2]);
		return 1;
	}
	if (_IOC_DIR(req) == _IOC_READ) {
		if (nr >= 0x06 && nr <= 0x08)
			return evdev_string(b, c, k);
		if (nr == 0x0a)
			return evdev_mtslots(b, c, _IOC_SIZE(req), k);
		if (nr == 0x20 + EV_PWR)
			return ioctl_pint(b, k);
		if (nr >= 0x20 && nr < 0x20 + sizeof(evdev_bits) /
					  sizeof(evdev_bits[0]) &&
		    evdev_bits[nr - 0x20].x)
			return evdev_bitset(b, c, &evdev_bits[nr - 0x20], k);
		switch (nr) {
		case 0x09: {
			static const struct evdev_set prop = {
				&xlat_evdev_prop, INPUT_PROP_MAX, "PROP_???" };

			return evdev_bitset(b, c, &prop, k);
		}
		case 0x18:
			return evdev_bitset(b, c, &evdev_bits[EV_KEY], k);
		case 0x19:
			return evdev_bitset(b, c, &evdev_bits[EV_LED], k);
		case 0x1a:
			return evdev_bitset(b, c, &evdev_bits[EV_SND], k);
		case 0x1b:
			return evdev_bitset(b, c, &evdev_bits[EV_SW], k);
		}
		if (nr >= 0x40 && nr < 0x80)
			return evdev_abs(b, c, _IOC_SIZE(req), k);
	} else if (nr >= 0xc0) {
		return evdev_abs(b, c, _IOC_SIZE(req), k);
	}
	return 0;
}

const struct ioctl_family ioctl_evdev = {
	.type = 'E',
	.number = evdev_number,
	.when = evdev_when,
	.arg = evdev_arg,
};
