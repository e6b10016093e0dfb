// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_kd.sh (and the -X runs): the console's
 * requests (type 'K') on a file that is no console (ENOTTY) and a bad fd
 * (EBADF): each with NULL and an unmapped address (BAD); tones, LEDs,
 * modes, I/O ports and signals as values; key entries of each key type,
 * function key strings (short, cut at -s, running into unmapped memory),
 * accent tables (empty, cut at -s, past the kernel's 256, ending where
 * the memory does), key codes, repeat rates, screen maps, fonts and
 * colour maps whole and cut; what the Unicode map, font description and
 * font operation requests point to: entries and fonts whole, cut at -s,
 * running into unmapped memory, NULL; each font operation.  Exits 0.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/kd.h>
#include <linux/keyboard.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fam.h"

/* a buffer of n bytes ending where the memory does */
static char *tail(char *pg, size_t n)
{
	return pg + 8192 - n;
}

static void values(int fd)
{
	static const unsigned long tones[] = { 0, 1, 440, 1193182, 1193183,
					       0xdeadbeef00000001UL };
	static const unsigned long mk[] = { 0, 440, 0x10000, 0x1ffff,
					    0xdeadfaceUL };

	for (size_t i = 0; i < sizeof(tones) / sizeof(tones[0]); i++)
		ioctl(fd, KIOCSOUND, tones[i]);
	for (size_t i = 0; i < sizeof(mk) / sizeof(mk[0]); i++)
		ioctl(fd, KDMKTONE, mk[i]);
	ioctl(fd, KDSETLED, 0UL);
	ioctl(fd, KDSETLED, (unsigned long)(LED_SCR | LED_CAP));
	ioctl(fd, KDSETLED, 0x1f0UL);
	ioctl(fd, KDSKBLED, 0x71UL);
	ioctl(fd, KDSKBLED, 0x88UL);
	ioctl(fd, KDADDIO, 0x3b4UL);
	ioctl(fd, KDDELIO, 0x3dfUL);
	ioctl(fd, KDADDIO, 0x3e0UL);
	ioctl(fd, KDSETMODE, (unsigned long)KD_GRAPHICS);
	ioctl(fd, KDSETMODE, 0xbadc0dedcacafefeUL);
	ioctl(fd, KDSKBMODE, (unsigned long)K_UNICODE);
	ioctl(fd, KDSKBMODE, 0xffffffffUL);
	ioctl(fd, KDSKBMETA, (unsigned long)K_METABIT);
	ioctl(fd, KDSKBMETA, 7UL);
	ioctl(fd, KDSIGACCEPT, (unsigned long)SIGUSR1);
	ioctl(fd, KDSIGACCEPT, 0UL);
	ioctl(fd, KDSIGACCEPT, 0xffffffffUL);
	ioctl(fd, KDENABIO, 0x123UL);
	ioctl(fd, KDDISABIO, 0UL);
	ioctl(fd, KDMAPDISP, 0UL);
	ioctl(fd, KDUNMAPDISP, 0UL);
	ioctl(fd, PIO_FONTRESET, 0UL);
}

static void keys(int fd, char *pg)
{
	static const unsigned short vals[] = {
		0x41, 0x9, 0x7f, 0x101, 0x1ff, 0x213, 0x2fe, 0x300, 0x37f,
		0x400, 0x4ff, 0x540, 0x603, 0x6ff, 0x708, 0x827, 0x90a, 0x9ff,
		0xa00, 0xa7f, 0xb5c, 0xc03, 0xd27, 0xe00, 0xeff, 0xf00, 0xff55,
	};
	static const unsigned char tables[] = { 0, 3, 4, 0xff, 0x21 };
	struct kbentry *e = (void *)tail(pg, sizeof(*e));
	struct kbsentry *s = (void *)tail(pg, sizeof(*s));

	for (size_t i = 0; i < sizeof(vals) / sizeof(vals[0]); i++) {
		e->kb_table = tables[i % sizeof(tables)];
		e->kb_index = (unsigned char)(i * 7);
		e->kb_value = vals[i];
		ioctl(fd, KDSKBENT, e);
	}
	ioctl(fd, KDGKBENT, e);
	ioctl(fd, KDSKBENT, (char *)e + 2);
	ioctl(fd, KDSKBENT, (char *)e + 3);

	memset(s, 0, sizeof(*s));
	s->kb_func = KVAL(K_F5);
	strcpy((char *)s->kb_string, "\033[15~");
	ioctl(fd, KDSKBSENT, s);
	ioctl(fd, KDGKBSENT, s);
	memset(s->kb_string, 'x', sizeof(s->kb_string));
	s->kb_func = 0xfe;
	ioctl(fd, KDSKBSENT, s);
	s->kb_string[31] = '\0';
	ioctl(fd, KDSKBSENT, s);
	s->kb_string[31] = 'x';
	s->kb_string[32] = '\0';
	ioctl(fd, KDSKBSENT, s);
	s->kb_string[32] = 'x';
	ioctl(fd, KDSKBSENT, (char *)s + 400);
	ioctl(fd, KDSKBSENT, tail(pg, 1));
	pg[8191] = '\0';
	ioctl(fd, KDSKBSENT, tail(pg, 3));
}

static void diacrs(int fd, char *pg)
{
	static const unsigned int cnts[] = { 0, 2, 33, 257 };
	struct kbdiacrs *d = (void *)tail(pg, sizeof(*d));
	struct kbdiacrsuc *u = (void *)tail(pg, sizeof(*u));

	for (int i = 0; i < 256; i++) {
		d->kbdiacr[i].diacr = (unsigned char)('`' + i);
		d->kbdiacr[i].base = (unsigned char)(i * 3);
		d->kbdiacr[i].result = (unsigned char)(0xe0 + i);
	}
	for (size_t i = 0; i < sizeof(cnts) / sizeof(cnts[0]); i++) {
		d->kb_cnt = cnts[i];
		ioctl(fd, KDSKBDIACR, d);
	}
	ioctl(fd, KDGKBDIACR, d);
	/* two entries left in the memory */
	d = (void *)tail(pg, 4 + 2 * 3);
	d->kb_cnt = 5;
	ioctl(fd, KDSKBDIACR, d);
	for (int i = 0; i < 256; i++) {
		u->kbdiacruc[i].diacr = 0x300 + i;
		u->kbdiacruc[i].base = 'a' + i;
		u->kbdiacruc[i].result = 0xe0 + i;
	}
	for (size_t i = 0; i < sizeof(cnts) / sizeof(cnts[0]); i++) {
		u->kb_cnt = cnts[i];
		ioctl(fd, KDSKBDIACRUC, u);
	}
	ioctl(fd, KDGKBDIACRUC, u);
}

static void maps(int fd, char *pg)
{
	unsigned short *um = (void *)tail(pg, 512);
	struct kbkeycode *kc = (void *)tail(pg, sizeof(*kc));
	struct kbd_repeat *rep = (void *)tail(pg, sizeof(*rep));
	struct unimapinit *ui = (void *)tail(pg, sizeof(*ui));
	char *m = tail(pg, 8192);

	for (int i = 0; i < 8192; i++)
		m[i] = (char)(i * 7 + 1);
	ioctl(fd, PIO_SCRNMAP, tail(pg, 256));
	ioctl(fd, PIO_SCRNMAP, tail(pg, 33));
	ioctl(fd, PIO_SCRNMAP, tail(pg, 32));
	ioctl(fd, GIO_SCRNMAP, tail(pg, 256));
	ioctl(fd, PIO_CMAP, tail(pg, 48));
	ioctl(fd, PIO_CMAP, tail(pg, 20));
	ioctl(fd, GIO_CMAP, tail(pg, 48));
	ioctl(fd, PIO_FONT, m);
	ioctl(fd, PIO_FONT, tail(pg, 40));
	ioctl(fd, GIO_FONT, m);
	for (int i = 0; i < 256; i++)
		um[i] = (unsigned short)(0xeff1 + 32 * (i % 112) - i / 8);
	ioctl(fd, PIO_UNISCRNMAP, um);
	ioctl(fd, PIO_UNISCRNMAP, tail(pg, 64));
	ioctl(fd, PIO_UNISCRNMAP, tail(pg, 66));
	ioctl(fd, GIO_UNISCRNMAP, um);
	kc->scancode = 0xe01d;
	kc->keycode = 97;
	ioctl(fd, KDSETKEYCODE, kc);
	ioctl(fd, KDGETKEYCODE, kc);
	rep->delay = 250;
	rep->period = -1;
	ioctl(fd, KDKBDREP, rep);
	ui->advised_hashsize = 0;
	ui->advised_hashstep = 7;
	ui->advised_hashlevel = 65535;
	ioctl(fd, PIO_UNIMAPCLR, ui);
}

static void fonts(int fd, char *pg)
{
	static const unsigned int ops[] = {
		KD_FONT_OP_SET, KD_FONT_OP_GET, KD_FONT_OP_SET_DEFAULT,
		KD_FONT_OP_COPY, 9,
	};
	struct unimapdesc ud;
	struct consolefontdesc fd_;
	struct console_font_op op;
	struct unipair *up = (void *)tail(pg, 40 * sizeof(*up));
	char *font = tail(pg, 4096);

	for (int i = 0; i < 40; i++) {
		up[i].unicode = (unsigned short)(0x2500 + i);
		up[i].fontpos = (unsigned short)(0xc0 + i);
	}
	ud.entries = up;
	for (unsigned short n = 0; n < 42; n += 3) {
		ud.entry_ct = n;
		ioctl(fd, PIO_UNIMAP, &ud);
	}
	ud.entry_ct = 40;
	ioctl(fd, GIO_UNIMAP, &ud);
	ud.entries = NULL;
	ioctl(fd, PIO_UNIMAP, &ud);
	ud.entries = BAD;
	ioctl(fd, PIO_UNIMAP, &ud);

	fd_.charheight = 16;
	fd_.chardata = font;
	for (unsigned short n = 0; n < 3; n++) {
		fd_.charcount = n;
		ioctl(fd, PIO_FONTX, &fd_);
	}
	fd_.charcount = 256;
	ioctl(fd, PIO_FONTX, &fd_);
	fd_.chardata = tail(pg, 20);
	fd_.charcount = 1;
	ioctl(fd, PIO_FONTX, &fd_);
	ioctl(fd, GIO_FONTX, &fd_);
	fd_.chardata = NULL;
	ioctl(fd, PIO_FONTX, &fd_);

	memset(&op, 0, sizeof(op));
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		op.op = ops[i];
		op.flags = KD_FONT_FLAG_DONT_RECALC | 0x100;
		op.width = 12;
		op.height = 24;
		op.charcount = 2;
		op.data = (unsigned char *)font;
		ioctl(fd, KDFONTOP, &op);
		op.width = 40;
		op.data = (unsigned char *)tail(pg, 100);
		ioctl(fd, KDFONTOP, &op);
		op.data = NULL;
		ioctl(fd, KDFONTOP, &op);
	}
	op.op = KD_FONT_OP_SET_DEFAULT;
	strcpy(tail(pg, 6), "VGA8");
	op.data = (unsigned char *)tail(pg, 6);
	ioctl(fd, KDFONTOP, &op);
	op.data = (unsigned char *)tail(pg, 4);
	ioctl(fd, KDFONTOP, &op);
	memset(font, 'f', 40);
	op.data = (unsigned char *)font;
	ioctl(fd, KDFONTOP, &op);
}

int main(void)
{
	static const unsigned int req[] = {
		KDGETLED, KDGKBLED, KDGKBTYPE, KDGETMODE, KDGKBMODE, KDGKBMETA,
		GIO_SCRNMAP, PIO_SCRNMAP, GIO_UNISCRNMAP, PIO_UNISCRNMAP,
		GIO_FONT, PIO_FONT, GIO_CMAP, PIO_CMAP, KDGKBENT, KDSKBENT,
		KDGKBSENT, KDSKBSENT, KDGKBDIACR, KDSKBDIACR, KDGKBDIACRUC,
		KDSKBDIACRUC, KDGETKEYCODE, KDSETKEYCODE, KDKBDREP,
		PIO_UNIMAPCLR, GIO_UNIMAP, GIO_FONTX, KDFONTOP, 0x4bff,
	};
	char *pg = mmap(NULL, 12288, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int fd;

	if (pg == MAP_FAILED)
		return 1;
	/* two pages, the third unmapped: buffers end where memory does */
	munmap(pg + 8192, 4096);
	memset(pg, 0, 8192);
	fd = open("/dev/null", O_RDONLY);
	fam_ioctls(fd, req, sizeof(req) / sizeof(req[0]), NULL);
	values(fd);
	ioctl(-1, KIOCSOUND, 440UL);
	keys(fd, pg);
	diacrs(fd, pg);
	maps(fd, pg);
	fonts(fd, pg);
	close(fd);
	return 0;
}
