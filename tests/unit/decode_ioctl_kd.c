// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: the console's ioctls as only a console answers them
 * (tests/live/parity_kd.sh has strace's word for the rest): what a get
 * request got at exit, as strace 6.1's kd_ioctl.c prints it: LEDs, a key
 * entry's value and its name, a function key's string, a key code after
 * " => ", the repeat rate now, a screen map in hex, an accent table; the
 * struct's end alone or the pointer after a failure; -X raw's numbers.
 */
#include <linux/kd.h>
#include <linux/keyboard.h>
#include <string.h>
#include <sys/syscall.h>

#include "check_decode.h"

int main(void)
{
	struct kbentry ent = { K_SHIFTTAB, 30, 0 }, ent_got;
	struct kbsentry se, se_got;
	struct kbkeycode kc = { 0x1d, 0 }, kc_got = { 0x1d, 29 };
	struct kbd_repeat rep = { -1, -1 }, rep_got = { 250, 33 };
	struct kbdiacrs dia;
	uint8_t led = LED_NUM | LED_CAP, map[256];
	struct cap ke = CAP(&ent, 4), keg = CAP(&ent_got, 4);
	struct cap ks = CAP(&se, 1), ksg = CAP(&se_got, sizeof(se_got));
	struct cap kk = CAP(&kc, 8), kkg = CAP(&kc_got, 8);
	struct cap kr = CAP(&rep, 8), krg = CAP(&rep_got, 8);
	struct cap kl = CAP(&led, 1), km = CAP(map, 256);
	struct cap kd = CAP(&dia, 4 + 3 * 3);
	struct sc_call c;

	c = CALL(SYS_ioctl, 0, 3, KDGETLED, 0x1000);
	c.cap_out[2] = &kl;
	CHECK_STR(run(&c), "ioctl(3, KDGETLED, [LED_NUM|LED_CAP]) = 0");
	CHECK_STR(run_style(&c, XSTYLE_RAW), "ioctl(3, 0x4b31, [0x6]) = 0");

	ent_got = ent;
	ent_got.kb_value = K_F1;
	c = CALL(SYS_ioctl, 0, 3, KDGKBENT, 0x1000);
	c.cap[2] = &ke;
	c.cap_out[2] = &keg;
	CHECK_STR(run_entry(&c), "ioctl(3, KDGKBENT, {kb_table=K_SHIFTTAB, "
		  "kb_index=30");
	CHECK_STR(run(&c), "ioctl(3, KDGKBENT, {kb_table=K_SHIFTTAB, "
		  "kb_index=30, kb_value=0x100 /* K_F1 */}) = 0");
	ent_got.kb_value = K(KT_LATIN, '\'');
	CHECK_STR(run(&c), "ioctl(3, KDGKBENT, {kb_table=K_SHIFTTAB, "
		  "kb_index=30, kb_value=0x27 /* K(KT_LATIN, '\\'') */}) = 0");
	CHECK_STR(run_style(&c, XSTYLE_RAW), "ioctl(3, 0x4b46, {kb_table=0x1, "
		  "kb_index=30, kb_value=0x27}) = 0");
	c.ret = -22;
	CHECK_STR(run(&c), "ioctl(3, KDGKBENT, {kb_table=K_SHIFTTAB, "
		  "kb_index=30}) = -1 EINVAL (Invalid argument)");

	memset(&se_got, 0, sizeof(se_got));
	se.kb_func = se_got.kb_func = KVAL(K_F2);
	strcpy((char *)se_got.kb_string, "\033[[B");
	c = CALL(SYS_ioctl, 0, 3, KDGKBSENT, 0x1000);
	c.cap[2] = &ks;
	c.cap_out[2] = &ksg;
	CHECK_STR(run(&c), "ioctl(3, KDGKBSENT, {kb_func=KVAL(K_F2), "
		  "kb_string=\"\\33[[B\"}) = 0");
	fo.strsize = 2;
	CHECK_STR(run(&c), "ioctl(3, KDGKBSENT, {kb_func=KVAL(K_F2), "
		  "kb_string=\"\\33[\"...}) = 0");
	fo.strsize = 32;

	c = CALL(SYS_ioctl, 0, 3, KDGETKEYCODE, 0x1000);
	c.cap[2] = &kk;
	c.cap_out[2] = &kkg;
	CHECK_STR(run(&c), "ioctl(3, KDGETKEYCODE, {scancode=0x1d, keycode=0 "
		  "=> 0x1d}) = 0");
	c = CALL(SYS_ioctl, 0, 3, KDKBDREP, 0x1000);
	c.cap[2] = &kr;
	c.cap_out[2] = &krg;
	CHECK_STR(run(&c), "ioctl(3, KDKBDREP, {delay=-1, period=-1} => "
		  "{delay=250, period=33}) = 0");
	c.ret = -25;
	CHECK_STR(run(&c), "ioctl(3, KDKBDREP, {delay=-1, period=-1}) = -1 "
		  "ENOTTY (Inappropriate ioctl for device)");

	for (int i = 0; i < 256; i++)
		map[i] = (uint8_t)i;
	fo.strsize = 4;
	c = CALL(SYS_ioctl, 0, 3, GIO_SCRNMAP, 0x1000);
	c.cap_out[2] = &km;
	CHECK_STR(run(&c), "ioctl(3, GIO_SCRNMAP, \"\\x00\\x01\\x02\\x03\"...)"
		  " = 0");
	fo.strsize = 32;
	c.ret = -1;
	CHECK_STR(run(&c), "ioctl(3, GIO_SCRNMAP, 0x1000) = -1 EPERM "
		  "(Operation not permitted)");

	dia.kb_cnt = 3;
	for (int i = 0; i < 3; i++) {
		dia.kbdiacr[i].diacr = '`';
		dia.kbdiacr[i].base = (unsigned char)('a' + i);
		dia.kbdiacr[i].result = (unsigned char)(0xe0 + i);
	}
	c = CALL(SYS_ioctl, 0, 3, KDGKBDIACR, 0x1000);
	c.cap_out[2] = &kd;
	CHECK_STR(run(&c), "ioctl(3, KDGKBDIACR, {kb_cnt=3, kbdiacr=[{diacr="
		  "'`', base='a', result='\\xe0'}, {diacr='`', base='b', "
		  "result='\\xe1'}, {diacr='`', base='c', result='\\xe2'}]}) = 0");
	/* the copy ends before the entries do, not the memory: a pointer */
	kd.len = 4 + 3 * 2;
	CHECK_STR(run(&c), "ioctl(3, KDGKBDIACR, {kb_cnt=3, kbdiacr=0x1004}) "
		  "= 0");
	kd.flags = CAP_TRUNC;
	CHECK_STR(run(&c), "ioctl(3, KDGKBDIACR, {kb_cnt=3, kbdiacr=[{diacr="
		  "'`', base='a', result='\\xe0'}, {diacr='`', base='b', "
		  "result='\\xe1'}, ... /* 0x100a */]}) = 0");

	/* what a pointer in the argument points to: sc_call's inner */
	{
		struct unipair up[3] = { { 0x41, 1 }, { 0x42, 2 }, { 0x43, 3 } };
		struct unimapdesc ud = { 3, (struct unipair *)0x2000 }, ud_got;
		struct consolefontdesc cf = { 1, 8, (char *)0x3000 };
		struct console_font_op fo_ = { KD_FONT_OP_GET, 0, 8, 16, 1,
					       (unsigned char *)0x3000 };
		uint8_t font[32];
		struct cap ku = CAP(&ud, 16), kug = CAP(&ud_got, 16);
		struct cap kup = CAP(up, sizeof(up)), kf = CAP(&cf, 16);
		struct cap kfont = CAP(font, 32), kfo = CAP(&fo_, 32);

		for (int i = 0; i < 32; i++)
			font[i] = (uint8_t)i;
		ud_got = ud;
		ud_got.entry_ct = 2;
		c = CALL(SYS_ioctl, 0, 3, GIO_UNIMAP, 0x1000);
		c.cap[2] = &ku;
		c.cap_out[2] = &kug;
		c.inner[1] = &kup;
		CHECK_STR(run_entry(&c), "ioctl(3, GIO_UNIMAP, {entry_ct=3");
		CHECK_STR(run(&c), "ioctl(3, GIO_UNIMAP, {entry_ct=3 => 2, "
			  "entries=[{unicode=0x41, fontpos=0x1}, {unicode=0x42,"
			  " fontpos=0x2}, {unicode=0x43, fontpos=0x3}]}) = 0");
		c.ret = -12;
		CHECK_STR(run(&c), "ioctl(3, GIO_UNIMAP, {entry_ct=3 => 2, "
			  "entries=[{unicode=0x41, fontpos=0x1}, {unicode=0x42,"
			  " fontpos=0x2}, {unicode=0x43, fontpos=0x3}]}) = -1 "
			  "ENOMEM (Cannot allocate memory)");
		c.ret = -22;
		CHECK_STR(run(&c), "ioctl(3, GIO_UNIMAP, {entry_ct=3 => 2, "
			  "entries=0x2000}) = -1 EINVAL (Invalid argument)");
		/* entries copied short, not where the memory ends */
		c.ret = 0;
		kup.len = 8;
		CHECK_STR(run(&c), "ioctl(3, GIO_UNIMAP, {entry_ct=3 => 2, "
			  "entries=0x2000}) = 0");

		c = CALL(SYS_ioctl, 0, 3, GIO_FONTX, 0x1000);
		c.cap[2] = &kf;
		c.cap_out[2] = &kf;
		c.inner[1] = &kfont;
		fo.strsize = 4;
		CHECK_STR(run(&c), "ioctl(3, GIO_FONTX, {charcount=1, "
			  "charheight=8, chardata=0x3000} => {charcount=1, "
			  "charheight=8, chardata=\"\\x00\\x01\\x02\\x03\"...})"
			  " = 0");
		c = CALL(SYS_ioctl, 0, 3, KDFONTOP, 0x1000);
		c.cap[2] = &kfo;
		c.cap_out[2] = &kfo;
		c.inner[1] = &kfont;
		CHECK_STR(run(&c), "ioctl(3, KDFONTOP, {op=KD_FONT_OP_GET, "
			  "flags=0, width=8, height=16, charcount=1, data=0x3000}"
			  " => {width=8, height=16, charcount=1, data=\"\\x00"
			  "\\x01\\x02\\x03\"...}) = 0");
		fo.strsize = 32;
		kfont.len = 31;
		CHECK_STR(run(&c), "ioctl(3, KDFONTOP, {op=KD_FONT_OP_GET, "
			  "flags=0, width=8, height=16, charcount=1, data=0x3000}"
			  " => {width=8, height=16, charcount=1, data=0x3000}) "
			  "= 0");
	}
	CHECK_DONE();
}
