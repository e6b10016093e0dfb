// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: ioctl(2) requests of the Linux console (virtual
 * terminals' keyboard and display, type 'K'), as strace 6.1's kd_ioctl.c
 * prints them: tones, LEDs, modes, keymap and function key entries,
 * accent tables, key codes, repeat rates, screen maps, fonts and
 * colour maps; what a get request fills at exit.  The copy of a 'K'
 * request's argument is CAP_IOC_KD bytes (capture_abi.h), as its number
 * carries no size; for the requests whose data lies behind a pointer in
 * the argument (GIO_UNIMAP, PIO_UNIMAP, GIO_FONTX, PIO_FONTX, KDFONTOP)
 * the kernel program copies that memory too (sc_call's inner).
 */
#include <errno.h>
#include <linux/kd.h>
#include <linux/keyboard.h>

#include "fmt_ioctl.h"

#define KD_PIT_TICK_RATE	1193182
#define KD_MAX_DIACR		256
#define KD_GPFIRST		0x3b4
#define KD_GPLAST		0x3df

static enum ioarg kd_when(uint32_t req, int *at_exit)
{
	*at_exit = 0;
	switch (req) {
	case KDGETLED: case KDGKBLED: case KDGKBTYPE: case KDGETMODE:
	case KDGKBMODE: case KDGKBMETA: case GIO_SCRNMAP: case GIO_UNISCRNMAP:
	case GIO_FONT: case GIO_CMAP: case KDGKBDIACR: case KDGKBDIACRUC:
		*at_exit = 1;
		return IOA_FAMILY;
	case KIOCSOUND: case KDMKTONE: case KDSETLED: case KDSKBLED:
	case KDADDIO: case KDDELIO: case KDSETMODE: case KDSKBMODE:
	case KDSKBMETA: case KDSIGACCEPT: case PIO_UNIMAPCLR:
	case PIO_SCRNMAP: case PIO_UNISCRNMAP: case PIO_FONT: case PIO_CMAP:
	case KDGKBENT: case KDSKBENT: case KDGKBSENT: case KDSKBSENT:
	case KDSKBDIACR: case KDSKBDIACRUC: case KDGETKEYCODE:
	case KDSETKEYCODE: case KDKBDREP: case GIO_UNIMAP: case PIO_UNIMAP:
	case GIO_FONTX: case PIO_FONTX: case KDFONTOP:
		return IOA_FAMILY;
	case KDENABIO: case KDDISABIO: case KDMAPDISP: case KDUNMAPDISP:
	case PIO_FONTRESET:
		return IOA_NONE;
	default:
		return IOA_HEX;
	}
}

/* " /+ text +/" unless -X raw (strace's comments on tones and I/O ports) */
static void kd_note(struct fmt_buf *b, const char *text, uint64_t v1,
		    uint64_t v2)
{
	if (b->xstyle == XSTYLE_RAW)
		return;
	fb_puts(b, " /* ");
	if (!text) {
		fb_puts(b, "off");
	} else if (!strcmp(text, "Hz")) {
		fb_udec(b, v1);
		fb_puts(b, " Hz");
		if (v2 != UINT64_MAX) {
			fb_puts(b, ", ");
			fb_udec(b, v2);
			fb_puts(b, " ms");
		}
	} else {
		fb_puts(b, text);
		fb_udec(b, v1);
	}
	fb_puts(b, " */");
}

/* a tone: KIOCSOUND's PIT count, KDMKTONE's count and duration */
static void kd_tone(struct fmt_buf *b, uint32_t req, uint64_t arg)
{
	uint32_t ticks, count;

	if (req == KIOCSOUND) {
		uint32_t freq = arg ? (uint32_t)(KD_PIT_TICK_RATE / arg) : 0;

		fb_udec(b, arg);
		if (freq)
			kd_note(b, "Hz", freq, UINT64_MAX);
		else
			kd_note(b, NULL, 0, 0);
		return;
	}
	ticks = (uint32_t)arg >> 16;
	count = (uint32_t)arg & 0xffff;
	if (ticks) {
		fb_udec(b, ticks);
		fb_puts(b, "<<16|");
	}
	fb_udec(b, count);
	if (ticks && count && KD_PIT_TICK_RATE / count)
		kd_note(b, "Hz", KD_PIT_TICK_RATE / count, ticks);
	else
		kd_note(b, NULL, 0, 0);
}

/* a char as strace's print_char: 'a', '\'', '\t', '\x7f' */
static void kd_char(struct fmt_buf *b, uint8_t ch)
{
	static const char hex[] = "0123456789abcdef";

	fb_putc(b, '\'');
	if (ch >= ' ' && ch < 0x7f) {
		if (ch == '\'' || ch == '\\')
			fb_putc(b, '\\');
		fb_putc(b, (char)ch);
	} else if (ch >= '\t' && ch <= '\r') {
		fb_putc(b, '\\');
		fb_putc(b, "tnvfr"[ch - '\t']);
	} else {
		fb_puts(b, "\\x");
		fb_putc(b, hex[ch >> 4]);
		fb_putc(b, hex[ch & 15]);
	}
	fb_putc(b, '\'');
}

/* struct kbentry's kb_value and its comment: a key's name, or K(type,
   value) */
static void kd_key(struct fmt_buf *b, uint16_t v)
{
	static const struct xlat *const by_type[] = {
		[KT_FN] = &xlat_kd_key_fn_keys,
		[KT_SPEC] = &xlat_kd_key_spec_keys,
		[KT_PAD] = &xlat_kd_key_pad_keys,
		[KT_DEAD] = &xlat_kd_key_dead_keys,
		[KT_CUR] = &xlat_kd_key_cur_keys,
		[KT_SHIFT] = &xlat_kd_key_shift_keys,
		[KT_ASCII] = &xlat_kd_key_ascii_keys,
		[KT_LOCK] = &xlat_kd_key_lock_keys,
		[KT_SLOCK] = &xlat_kd_key_slock_keys,
		[KT_BRL] = &xlat_kd_key_brl_keys,
	};
	uint8_t type = (uint8_t)(v >> 8), val = (uint8_t)v;
	const char *name = NULL, *tname;

	fb_puts(b, "kb_value=");
	fb_hex(b, v);
	if (b->xstyle == XSTYLE_RAW)
		return;
	if (type < sizeof(by_type) / sizeof(by_type[0]) && by_type[type])
		name = xlat_name(by_type[type], v);
	fb_puts(b, " /* ");
	if (name) {
		fb_puts(b, name);
	} else {
		fb_puts(b, "K(");
		tname = xlat_name(&xlat_kd_key_types, type);
		if (tname)
			fb_puts(b, tname);
		else
			fb_hex(b, type);
		fb_puts(b, ", ");
		if (type == KT_LATIN || type == KT_META || type == KT_LETTER ||
		    type == KT_DEAD2)
			kd_char(b, val);
		else
			fb_hex(b, val);
		fb_putc(b, ')');
	}
	fb_puts(b, " */");
}

/* struct kbentry's table: a table's name, or the modifiers' bits */
static void kd_table(struct fmt_buf *b, uint8_t t)
{
	const char *name = xlat_name(&xlat_kd_key_tables, t);

	fb_puts(b, "{kb_table=");
	if (name)
		fmt_const(b, name, t, XF_HEX);
	else
		fmt_flags_dflt(b, &xlat_kd_keymap_flags, t, "K_???");
	fb_puts(b, ", kb_index=");
}

/*
 * struct kbsentry's kb_string from avail bytes at p (all 512 when the
 * copy did not end with the memory): strace's umovestr and its quoting,
 * -s bytes up to a NUL, "..." when it goes on; "???" when the memory
 * ends before a NUL
 */
static void kd_kbstring(struct fmt_buf *b, const struct sc_call *c,
			const uint8_t *p, size_t avail)
{
	size_t want = sizeof(((struct kbsentry *)0)->kb_string);
	const uint8_t *z = memchr(p, '\0', avail < want ? avail : want);
	size_t len = z ? (size_t)(z - p) + 1 : want;

	fb_puts(b, ", kb_string=");
	if (!z && avail < want) {
		fb_puts(b, "???");
		return;
	}
	if (len > (size_t)str_max(c)) {
		fmt_qstr(b, c, p, (size_t)str_max(c), -1, 1, 0);
		return;
	}
	/* the NUL ending it is left out, and nothing follows */
	fmt_qstr(b, c, p, z ? len - 1 : len, -1, !z, 0);
}

/* GIO_UNISCRNMAP's entries: a glyph, or UNI_DIRECT_BASE+n */
static void kd_unichar(struct fmt_buf *b, uint16_t v)
{
	int direct = (v & ~UNI_DIRECT_MASK) == UNI_DIRECT_BASE;

	if (!direct || b->xstyle != XSTYLE_ABBREV)
		fb_hex(b, v);
	if (!direct || b->xstyle == XSTYLE_RAW)
		return;
	fb_puts(b, b->xstyle == XSTYLE_VERBOSE ? " /* UNI_DIRECT_BASE+" :
		"UNI_DIRECT_BASE+");
	fb_hex(b, v & UNI_DIRECT_MASK);
	if (b->xstyle == XSTYLE_VERBOSE)
		fb_puts(b, " */");
}

static void kd_diacr(struct fmt_buf *b, const uint8_t *e)
{
	fb_puts(b, "{diacr=");
	kd_char(b, e[0]);
	fb_puts(b, ", base=");
	kd_char(b, e[1]);
	fb_puts(b, ", result=");
	kd_char(b, e[2]);
	fb_putc(b, '}');
}

static void kd_diacruc(struct fmt_buf *b, const uint8_t *e)
{
	fb_puts(b, "{diacr=");
	fb_hex(b, ld32(e));
	fb_puts(b, ", base=");
	fb_hex(b, ld32(e + 4));
	fb_puts(b, ", result=");
	fb_hex(b, ld32(e + 8));
	fb_putc(b, '}');
}

static void kd_uni(struct fmt_buf *b, const uint8_t *e)
{
	kd_unichar(b, ld16(e));
}

/* struct kbdiacrs or kbdiacrsuc: the count, then as many entries */
static int kd_diacrs(struct fmt_buf *b, const struct sc_call *c,
		     uint32_t req, const struct cap *k)
{
	int uc = req == KDGKBDIACRUC || req == KDSKBDIACRUC;
	uint32_t cnt, es = uc ? 12 : 3;

	if (k->len < 4)
		return 0;
	cnt = ld32(k->p);
	fb_puts(b, "{kb_cnt=");
	fb_udec(b, cnt);
	fb_puts(b, uc ? ", kbdiacruc=" : ", kbdiacr=");
	if (!fmt_array(b, c, k->p + 4, c->args[2] + 4,
		       cnt > KD_MAX_DIACR ? KD_MAX_DIACR : cnt, es,
		       k->len - 4, k->flags & CAP_TRUNC, cnt > KD_MAX_DIACR,
		       uc ? kd_diacruc : kd_diacr))
		fmt_ptr(b, c->args[2] + 4);
	fb_putc(b, '}');
	return 1;
}

/*
 * A table, map or font at the argument (strace's printstr_ex in hex,
 * print_array of u16): at entry for the set requests, at exit for the
 * get ones
 */
static int kd_table_arg(struct fmt_buf *b, const struct sc_call *c,
			uint32_t req, const struct cap *k)
{
	size_t size;

	switch (req) {
	case GIO_UNISCRNMAP: case PIO_UNISCRNMAP:
		return fmt_array(b, c, k->p, c->args[2], E_TABSZ, 2, k->len,
				 k->flags & CAP_TRUNC, 0, kd_uni);
	case KDGKBDIACR: case KDSKBDIACR: case KDGKBDIACRUC: case KDSKBDIACRUC:
		return kd_diacrs(b, c, req, k);
	case GIO_FONT: case PIO_FONT:
		/* 256 chars of 32 lines of 8 pixels */
		size = 8192;
		break;
	case GIO_CMAP: case PIO_CMAP:
		size = 3 * 16;
		break;
	default:
		size = E_TABSZ;
	}
	return ioctl_hexstr(b, c, k, size);
}

static void kd_unipair(struct fmt_buf *b, const uint8_t *e)
{
	fb_puts(b, "{unicode=");
	fb_hex(b, ld16(e));
	fb_puts(b, ", fontpos=");
	fb_hex(b, ld16(e + 2));
	fb_putc(b, '}');
}

/* struct unimapdesc's entries: cnt struct unipair at addr, k the copy */
static void kd_entries(struct fmt_buf *b, const struct sc_call *c,
		       uint64_t addr, uint32_t cnt, const struct cap *k)
{
	fb_puts(b, ", entries=");
	if (!addr)
		fb_puts(b, "NULL");
	else if (!fmt_array(b, c, k ? k->p : NULL, addr, cnt, 4,
			    k ? k->len : 0,
			    k && (k->flags & (CAP_TRUNC | CAP_FAULT)), 0,
			    kd_unipair))
		fmt_ptr(b, addr);
	fb_putc(b, '}');
}

/* struct consolefontdesc; its chardata as the pointer (ptr), or the font
   (min(charcount, 512) chars of 32 bytes) from k */
static void kd_fontdesc(struct fmt_buf *b, const struct sc_call *c,
			const uint8_t *p, int ptr, const struct cap *k)
{
	uint16_t cnt = ld16(p);
	uint64_t data = ld64(p + 8);

	fb_puts(b, "{charcount=");
	fb_udec(b, cnt);
	fb_puts(b, ", charheight=");
	fb_udec(b, ld16(p + 2));
	fb_puts(b, ", chardata=");
	if (ptr || !data ||
	    !ioctl_hexstr(b, c, k, (uint64_t)(cnt < 512 ? cnt : 512) * 32))
		fmt_ptr(b, data);
	fb_putc(b, '}');
}

/*
 * KD_FONT_OP_SET_DEFAULT's font name, from k: strace's printstr_ex of a
 * C string of at most 32 bytes (its last a NUL); 0: the memory ends
 * before a NUL and before what strace reads
 */
static int kd_fontname(struct fmt_buf *b, const struct sc_call *c,
		       const struct cap *k)
{
	size_t max = (size_t)str_max(c), want = max + 1 < 32 ? max + 1 : 32;
	size_t size = want > max ? max : want;
	const uint8_t *z;

	if (!k)
		return 0;
	z = memchr(k->p, '\0', k->len < want ? k->len : want);
	if (!z && k->len < want)
		return 0;
	if (size == 32)
		size--;
	if (z && (size_t)(z - k->p) <= size)
		fmt_qstr(b, c, k->p, (size_t)(z - k->p), -1, 0, 0);
	else
		fmt_qstr(b, c, k->p, size, -1, 1, 0);
	return 1;
}

/* struct console_font_op: at entry (entering) with its op and flags, at
   exit what the op got; k the data's copy */
static void kd_fontop(struct fmt_buf *b, const struct sc_call *c,
		      const uint8_t *p, int entering, const struct cap *k)
{
	uint32_t op = ld32(p), width = ld32(p + 8), cnt = ld32(p + 16);
	uint64_t data = ld64(p + 24), len;
	int some = op != KD_FONT_OP_SET_DEFAULT && op != KD_FONT_OP_COPY;

	fb_putc(b, '{');
	if (entering) {
		fb_puts(b, "op=");
		fmt_enum_dflt(b, &xlat_kd_font_ops, op, "KD_FONT_OP_???");
		if (some) {
			fb_puts(b, ", flags=");
			fmt_flags_dflt(b, &xlat_kd_font_flags, ld32(p + 4),
				       "KD_FONT_FLAG_???");
		}
		fb_puts(b, ", ");
	}
	if (op != KD_FONT_OP_COPY) {
		fb_puts(b, "width=");
		fb_udec(b, width);
		fb_puts(b, ", ");
	}
	fb_puts(b, "height=");
	fb_udec(b, ld32(p + 12));
	if (some) {
		fb_puts(b, ", charcount=");
		fb_udec(b, cnt);
	}
	switch (op) {
	case KD_FONT_OP_SET_DEFAULT:
		if (entering) {
			fb_puts(b, ", data=");
			if (!data)
				fb_puts(b, "NULL");
			else if (!kd_fontname(b, c, k))
				fmt_ptr(b, data);
		}
		/* fall through */
	case KD_FONT_OP_COPY:
		break;
	case KD_FONT_OP_GET: case KD_FONT_OP_SET:
		if (op == KD_FONT_OP_SET || !entering) {
			/* chars of 32 lines of (width + 7) / 8 bytes */
			len = (uint64_t)((width < 32 ? width : 32) + 7) / 8 *
			      32 * (cnt < 512 ? cnt : 512);
			fb_puts(b, ", data=");
			if (!data || !ioctl_hexstr(b, c, k, len))
				fmt_ptr(b, data);
			break;
		}
		/* fall through */
	default:
		fb_puts(b, ", data=");
		fmt_ptr(b, data);
	}
	fb_putc(b, '}');
}

/* the requests whose argument is the value itself; 0: not one */
static int kd_value(struct fmt_buf *b, uint32_t req, uint64_t arg)
{
	switch (req) {
	case KIOCSOUND: case KDMKTONE:
		kd_tone(b, req, arg);
		return 1;
	case KDSETLED: case KDSKBLED:
		fmt_flags_dflt(b, req == KDSKBLED ? &xlat_kd_default_led_flags :
			       &xlat_kd_led_flags, (uint8_t)arg, "LED_???");
		return 1;
	case KDADDIO: case KDDELIO:
		fb_hex(b, arg);
		if (arg >= KD_GPFIRST && arg <= KD_GPLAST)
			kd_note(b, "GPFIRST + ", arg - KD_GPFIRST, 0);
		return 1;
	case KDSETMODE:
		fmt_enum_dflt(b, &xlat_kd_modes, (uint32_t)arg, "KD_???");
		return 1;
	case KDSKBMODE:
		fmt_xlat_enum_dec(b, &xlat_kd_kbd_modes, (int32_t)arg);
		return 1;
	case KDSKBMETA:
		fmt_enum_dflt(b, &xlat_kd_meta_vals, (uint32_t)arg, "K_???");
		return 1;
	case KDSIGACCEPT:
		if (arg < INT32_MAX)
			fmt_signal(b, (int64_t)arg);
		else
			fb_udec(b, arg);
		return 1;
	}
	return 0;
}

static int kd_arg(struct fmt_buf *b, const struct sc_call *c, uint32_t req,
		  const struct cap *k)
{
	if (kd_value(b, req, c->args[2]))
		return 1;
	if (!k)
		return 0;
	switch (req) {
	case KDGETLED: case KDGKBLED: case KDGKBTYPE:
		if (k->len < 1)
			return 0;
		fb_putc(b, '[');
		if (req == KDGKBTYPE)
			fmt_enum_dflt(b, &xlat_kd_kbd_types, k->p[0], "KB_???");
		else
			fmt_flags_dflt(b, req == KDGKBLED ?
				       &xlat_kd_default_led_flags :
				       &xlat_kd_led_flags, k->p[0], "LED_???");
		fb_putc(b, ']');
		return 1;
	case KDGETMODE: case KDGKBMODE: case KDGKBMETA:
		if (k->len < 4)
			return 0;
		fb_putc(b, '[');
		if (req == KDGETMODE)
			fmt_enum_dflt(b, &xlat_kd_modes, ld32(k->p), "KD_???");
		else if (req == KDGKBMETA)
			fmt_enum_dflt(b, &xlat_kd_meta_vals, ld32(k->p),
				      "K_???");
		else
			fmt_xlat_enum_dec(b, &xlat_kd_kbd_modes,
					  (int32_t)ld32(k->p));
		fb_putc(b, ']');
		return 1;
	case PIO_UNIMAPCLR:
		if (k->len < 6)
			return 0;
		fb_puts(b, "{advised_hashsize=");
		fb_udec(b, ld16(k->p));
		fb_puts(b, ", advised_hashstep=");
		fb_udec(b, ld16(k->p + 2));
		fb_puts(b, ", advised_hashlevel=");
		fb_udec(b, ld16(k->p + 4));
		fb_putc(b, '}');
		return 1;
	case KDGKBENT: case KDSKBENT:
		if (k->len < 2)
			return 0;
		kd_table(b, k->p[0]);
		fb_udec(b, k->p[1]);
		if (req == KDGKBENT)
			return 2;
		fb_puts(b, ", ");
		if (k->len < 4)
			fb_puts(b, "kb_value=???");
		else
			kd_key(b, ld16(k->p + 2));
		fb_putc(b, '}');
		return 1;
	case KDGKBSENT: case KDSKBSENT:
		if (k->len < 1)
			return 0;
		fb_puts(b, "{kb_func=");
		fmt_enum_dflt(b, &xlat_kd_key_fn_key_vals, k->p[0],
			      "KVAL(K_??" "?)");
		if (req == KDGKBSENT)
			return 2;
		kd_kbstring(b, c, k->p + 1, k->len - 1);
		fb_putc(b, '}');
		return 1;
	case KDGETKEYCODE: case KDSETKEYCODE:
		if (k->len < 8)
			return 0;
		fb_puts(b, "{scancode=");
		fb_hex(b, ld32(k->p));
		fb_puts(b, ", keycode=");
		fb_hex(b, ld32(k->p + 4));
		if (req == KDGETKEYCODE)
			return 2;
		fb_putc(b, '}');
		return 1;
	case KDKBDREP:
		if (k->len < 8)
			return 0;
		fb_puts(b, "{delay=");
		fb_dec(b, (int32_t)ld32(k->p));
		fb_puts(b, ", period=");
		fb_dec(b, (int32_t)ld32(k->p + 4));
		fb_putc(b, '}');
		return 2;
	case GIO_UNIMAP: case PIO_UNIMAP:
		if (k->len < 16)
			return 0;
		fb_puts(b, "{entry_ct=");
		fb_udec(b, ld16(k->p));
		if (req == GIO_UNIMAP)
			return 2;
		kd_entries(b, c, ld64(k->p + 8), ld16(k->p), c->inner[0]);
		return 1;
	case GIO_FONTX: case PIO_FONTX:
		if (k->len < 16)
			return 0;
		kd_fontdesc(b, c, k->p, req == GIO_FONTX, c->inner[0]);
		return req == GIO_FONTX ? 2 : 1;
	case KDFONTOP:
		if (k->len < 32)
			return 0;
		kd_fontop(b, c, k->p, 1, c->inner[0]);
		return ld32(k->p) == KD_FONT_OP_SET ||
		       ld32(k->p) == KD_FONT_OP_COPY ? 1 : 2;
	}
	/* a table: a set request's at entry, a get request's at exit */
	return kd_table_arg(b, c, req, k);
}

/* at exit, the rest of a struct a get request completes (its end alone
   after a failure), KDKBDREP's settings as they are now */
static void kd_out(struct fmt_buf *b, const struct sc_call *c, uint32_t req)
{
	const struct cap *k = arg_out(c, 2, 0), *kx = c->cap_out[2];

	switch (req) {
	case GIO_UNIMAP:
		/* the count now, after a failure too (ENOMEM: the room was
		   short), and the entries the count at entry asked for */
		if (!kx || kx->len < 16 || !c->cap[2] || c->cap[2]->len < 2)
			break;
		fb_puts(b, " => ");
		fb_udec(b, ld16(kx->p));
		if (sc_failed(c) && c->ret != -ENOMEM) {
			fb_puts(b, ", entries=");
			fmt_ptr(b, ld64(kx->p + 8));
			break;
		}
		kd_entries(b, c, ld64(kx->p + 8), ld16(c->cap[2]->p),
			   c->inner[1]);
		return;
	case GIO_FONTX: case KDFONTOP:
		if (k && k->len >= (req == KDFONTOP ? 32u : 16u)) {
			fb_puts(b, " => ");
			if (req == KDFONTOP)
				kd_fontop(b, c, k->p, 0, c->inner[1]);
			else
				kd_fontdesc(b, c, k->p, 0, c->inner[1]);
		}
		return;
	case KDGKBENT:
		if (k) {
			fb_puts(b, ", ");
			if (k->len < 4)
				fb_puts(b, "kb_value=???");
			else
				kd_key(b, ld16(k->p + 2));
		}
		break;
	case KDGKBSENT:
		if (k && k->len >= 1)
			kd_kbstring(b, c, k->p + 1, k->len - 1);
		break;
	case KDGETKEYCODE:
		if (k && k->len >= 8) {
			fb_puts(b, " => ");
			fb_hex(b, ld32(k->p + 4));
		}
		break;
	case KDKBDREP:
		if (k && k->len >= 8) {
			fb_puts(b, " => {delay=");
			fb_dec(b, (int32_t)ld32(k->p));
			fb_puts(b, ", period=");
			fb_dec(b, (int32_t)ld32(k->p + 4));
			fb_putc(b, '}');
		}
		return;
	}
	fb_putc(b, '}');
}

const struct ioctl_family ioctl_kd = {
	.type = 'K',
	.when = kd_when,
	.arg = kd_arg,
	.out = kd_out,
};
