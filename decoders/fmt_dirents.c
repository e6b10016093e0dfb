// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: directory entries, as getdents64 and getdents return
 * them: the entry count, or (-v) each record.
 */
#include "fmt_priv.h"

FMT_KIND(dirents)
{
	const struct cap *k = arg_out(c, i, 0);
	uint32_t off = 0, shown = 0;
	uint32_t old = c->d->arg[i].kind == K_olddirents;
	uint32_t name_at = old ? 18 : 19;

	if (!k || !c->args[i] || !verbose(c)) {
		fmt_ptr(b, c->args[i]);
		if (k) {
			fb_puts(b, " /* ");
			fb_udec(b, k->total);
			fb_puts(b, k->total == 1 ? " entry */" : " entries */");
		}
		return;
	}
	fb_putc(b, '[');
	/*
	 * linux_dirent64: u64 ino, s64 off, u16 reclen, u8 type, name;
	 * getdents' linux_dirent: ulong ino, ulong off, u16 reclen, name,
	 * and the type in the record's last byte
	 */
	while (off + name_at + old <= k->len) {
		const uint8_t *d = k->p + off;
		uint16_t reclen = ld16(d + 16);
		size_t nlen = 0, room;

		if (reclen < name_at + old || off + reclen > k->len)
			break;
		if (shown && abbrev(c) && shown >= (uint32_t)str_max(c)) {
			fb_puts(b, ", ...");
			shown = k->total;
			break;
		}
		room = reclen - name_at - old;
		while (nlen < room && d[name_at + nlen])
			nlen++;
		if (shown++)
			fb_puts(b, ", ");
		fb_puts(b, "{d_ino=");
		fb_udec(b, ld64(d));
		fb_puts(b, ", d_off=");
		if (old)
			fb_udec(b, ld64(d + 8));
		else
			fb_dec(b, (int64_t)ld64(d + 8));
		fb_puts(b, ", d_reclen=");
		fb_udec(b, reclen);
		if (!old) {
			fb_puts(b, ", d_type=");
			fmt_enum_dflt(b, &xlat_dirent_type, d[18], "DT_???");
		}
		fb_puts(b, ", d_name=");
		fmt_qstr(b, c, d + name_at, nlen, -1, 0, 0);
		if (old) {
			fb_puts(b, ", d_type=");
			fmt_enum_dflt(b, &xlat_dirent_type, d[reclen - 1],
				      "DT_???");
		}
		fb_putc(b, '}');
		off += reclen;
	}
	if (shown < k->total)
		fb_puts(b, shown ? ", ..." : "...");
	fb_putc(b, ']');
}
