// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: mount(2) as strace 6.1 prints it.  The flags say which
 * strings the kernel reads: MS_REMOUNT ignores the filesystem type, a
 * bind, move or propagation change (MS_BIND, MS_MOVE, MS_SHARED, ...)
 * the type and the data too; an ignored one prints as its address.  The
 * old magic in the upper 16 bits (MS_MGC_VAL) is a word of its own.
 */
#include <sys/mount.h>

#include "fmt_priv.h"

#define MGC_VAL 0xc0ed0000u	/* the magic, in flags' upper 16 bits */
#define MGC_MSK 0xffff0000u

/* the flags without the magic, when they carry it */
static uint64_t mount_flags(uint64_t v, int *magic)
{
	*magic = (v & MGC_MSK) == MGC_VAL;
	return *magic ? v & ~(uint64_t)MGC_MSK : v;
}

FMT_KIND(mountflags)
{
	int magic;
	uint64_t v = mount_flags(c->args[i], &magic);

	if (magic) {
		fmt_const(b, "MS_MGC_VAL", MGC_VAL, XF_HEX);
		if (!v)
			return;
		fb_putc(b, '|');
	}
	fmt_flags_dflt(b, &xlat_mount_flags, v, "MS_???");
}

/* the filesystem type (args[2]) or the data (args[4]) */
FMT_KIND(mountstr)
{
	const uint64_t prop = MS_BIND | MS_MOVE | MS_SHARED | MS_PRIVATE |
			      MS_SLAVE | MS_UNBINDABLE;
	int magic;
	uint64_t v = mount_flags(c->args[3], &magic);
	int ignored = (v & MS_REMOUNT) ? i == 2 : (v & prop) != 0;
	const struct cap *k;

	if (ignored) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	k = arg_or_ptr(b, c, i);
	if (k)
		fmt_qstr(b, c, k->p, k->len, str_max(c), k->flags & CAP_TRUNC,
			 0);
}
