// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: arguments and return values, one formatter per kind of
 * decoders/kinds.def.  A kind without a formatter here prints its base
 * form (number or address): less detail, never a guess.
 */

#include <fcntl.h>
#include <sys/stat.h>
#include <string.h>
#include <sys/sysmacros.h>

#include "decode.h"
#include "xlat_sets.h"

static void fmt_base(struct fmt_buf *b, int base, uint64_t v)
{
	switch (base) {
	case B_INT:
		fb_dec(b, (int32_t)v);
		break;
	case B_UINT:
		fb_udec(b, (uint32_t)v);
		break;
	case B_LONG:
		fb_dec(b, (int64_t)v);
		break;
	case B_ULONG:
		fb_udec(b, v);
		break;
	case B_OCT:
		fb_oct(b, v);
		break;
	case B_PTR:
		if (!v) {
			fb_puts(b, "NULL");
			break;
		}
		/* fall through */
	default:
		fb_hex(b, v);
	}
}

static void fmt_id(struct fmt_buf *b, uint64_t v)
{
	/* uid_t and gid_t: (uid_t)-1 means "unchanged" and prints as -1 */
	if ((uint32_t)v == UINT32_MAX)
		fb_puts(b, "-1");
	else
		fb_udec(b, (uint32_t)v);
}

static void fmt_oflags(struct fmt_buf *b, uint64_t v)
{
	static const char *const acc[] = {
		"O_RDONLY", "O_WRONLY", "O_RDWR", "O_ACCMODE"
	};
	uint64_t rest = v & ~(uint64_t)O_ACCMODE & 0xffffffffu;

	fb_puts(b, acc[v & O_ACCMODE]);
	if (rest)
		fmt_xlat_flags_tail(b, &xlat_open_flags, rest);
}

static void fmt_mapflags(struct fmt_buf *b, uint64_t v)
{
	/* MAP_TYPE first, then the flags, then the huge page size */
	uint64_t type = v & 0xf, huge = (v >> 26) & 0x3f;
	uint64_t rest = v & ~(uint64_t)0xf & ((1u << 26) - 1);
	const char *name = type ? xlat_name(&xlat_mmap_type, type) : "MAP_FILE";

	if (!name && !rest && !huge) {
		fmt_xlat_enum(b, &xlat_mmap_type, type);
		return;
	}
	if (name)
		fb_puts(b, name);
	else
		fb_hex(b, type);
	if (rest)
		fmt_xlat_flags_tail(b, &xlat_mmap_flags, rest);
	if (huge) {
		fb_putc(b, '|');
		fb_udec(b, huge);
		fb_puts(b, "<<MAP_HUGE_SHIFT");
	}
}

static void fmt_mode(struct fmt_buf *b, uint64_t v)
{
	static const struct { unsigned int bits; const char *name; } type[] = {
		{ S_IFREG, "S_IFREG" }, { S_IFSOCK, "S_IFSOCK" },
		{ S_IFIFO, "S_IFIFO" }, { S_IFLNK, "S_IFLNK" },
		{ S_IFDIR, "S_IFDIR" }, { S_IFBLK, "S_IFBLK" },
		{ S_IFCHR, "S_IFCHR" },
	};
	unsigned int m = (unsigned int)v, fmt = m & S_IFMT;
	int n = 0;

	for (size_t i = 0; fmt && i < sizeof(type) / sizeof(type[0]); i++) {
		if (fmt == type[i].bits) {
			fb_puts(b, type[i].name);
			n++;
		}
	}
	if (fmt && !n) {
		fb_oct(b, fmt);
		n++;
	}
	if (m & S_ISUID) {
		fb_puts(b, n++ ? "|S_ISUID" : "S_ISUID");
	}
	if (m & S_ISGID) {
		fb_puts(b, n++ ? "|S_ISGID" : "S_ISGID");
	}
	if (m & S_ISVTX) {
		fb_puts(b, n++ ? "|S_ISVTX" : "S_ISVTX");
	}
	if (n)
		fb_putc(b, '|');
	fb_oct(b, m & 0777);
	if (v & ~(uint64_t)(S_IFMT | 07777) & 0xffffffffu) {
		fb_putc(b, '|');
		fb_hex(b, v & ~(uint64_t)(S_IFMT | 07777) & 0xffffffffu);
	}
}

static void fmt_argv(struct fmt_buf *b, const struct cap *k, long max)
{
	const uint8_t *p = k->p, *end = k->p + k->len;

	fb_putc(b, '[');
	for (uint32_t i = 0; i < k->count && p < end; i++) {
		const uint8_t *z = memchr(p, '\0', (size_t)(end - p));
		size_t n = z ? (size_t)(z - p) : (size_t)(end - p);

		if (i)
			fb_puts(b, ", ");
		fmt_quoted(b, p, n, max, !z);
		p += n + 1;
	}
	if (k->total > k->count)
		fb_puts(b, k->count ? ", ..." : "...");
	fb_putc(b, ']');
}

/* arguments that point at memory: the copy when there is one */
static int fmt_captured(struct fmt_buf *b, const struct sc_call *c, int i)
{
	const struct cap *k = c->cap[i];
	long max = c->o ? c->o->strsize : 32;

	if (!k)
		return 0;
	switch (c->d->arg[i].kind) {
	case K_path:
		/* paths print whole, as strace does */
		fmt_quoted(b, k->p, k->len, -1, k->flags & CAP_TRUNC);
		return 1;
	case K_str:
		fmt_quoted(b, k->p, k->len, max, k->flags & CAP_TRUNC);
		return 1;
	case K_argv:
		fmt_argv(b, k, max);
		return 1;
	case K_envp:
		fb_hex(b, c->args[i]);
		fb_puts(b, " /* ");
		fb_udec(b, k->total);
		fb_puts(b, k->total == 1 ? " var */" : " vars */");
		return 1;
	}
	return 0;
}

void fmt_arg(struct fmt_buf *b, const struct sc_call *c, int i)
{
	const struct sc_arg *a = &c->d->arg[i];
	uint64_t v = c->args[i];

	if (c->cap[i] && fmt_captured(b, c, i))
		return;
	switch (a->kind) {
	case K_dirfd:
		if ((int32_t)v == AT_FDCWD) {
			fb_puts(b, "AT_FDCWD");
			return;
		}
		break;
	case K_uid:
	case K_gid:
		fmt_id(b, v);
		return;
	case K_perm:
		fb_oct(b, v & 0xffffffffu);
		return;
	case K_mode:
		fmt_mode(b, v);
		return;
	case K_dev:
		fb_puts(b, "makedev(");
		fb_hex(b, major(v));
		fb_puts(b, ", ");
		fb_hex(b, minor(v));
		fb_putc(b, ')');
		return;
	case K_sig:
		fmt_signal(b, (int32_t)v);
		return;
	case K_flags:
		fmt_xlat_flags(b, a->set, v);
		return;
	case K_enum:
		fmt_xlat_enum(b, a->set, v);
		return;
	case K_oflags:
		fmt_oflags(b, v);
		return;
	case K_atflags:
		fmt_xlat_flags(b, &xlat_at_flags, v & 0xffffffffu);
		return;
	case K_prot:
		if (!v) {
			fb_puts(b, "PROT_NONE");
			return;
		}
		fmt_xlat_flags(b, &xlat_mmap_prot, v);
		return;
	case K_mapflags:
		fmt_mapflags(b, v);
		return;
	case K_whence:
		fmt_xlat_enum(b, &xlat_seek_whence, (uint32_t)v);
		return;
	}
	fmt_base(b, kind_info[a->kind].base, v);
}

/* the kernel's O_TMPFILE bit alone (glibc's __O_TMPFILE adds O_DIRECTORY) */
#define O_TMPFILE_BIT 020000000

/*
 * Arguments strace leaves out because the call ignores them: open's mode
 * unless the flags create a file, mremap's new address unless MREMAP_FIXED.
 */
static int arg_shown(const struct sc_call *c, int i)
{
	const struct sc_arg *a = &c->d->arg[i];

	if (a->kind == K_perm && i > 0 && c->d->arg[i - 1].kind == K_oflags)
		return (c->args[i - 1] & (O_CREAT | O_TMPFILE_BIT)) != 0;
	if (a->kind == K_fixedaddr && i > 0)
		return (c->args[i - 1] & 2 /* MREMAP_FIXED */) != 0;
	return 1;
}

int fmt_args(struct fmt_buf *b, const struct sc_call *c, int from,
	     int exiting)
{
	int i;

	for (i = from; i < c->d->nargs; i++) {
		if (!exiting && kind_info[c->d->arg[i].kind].dir == D_OUT) {
			/* strace ends the entry half with the separator */
			if (i)
				fb_puts(b, ", ");
			return i;
		}
		if (!arg_shown(c, i))
			continue;
		if (i > from)
			fb_puts(b, ", ");
		fmt_arg(b, c, i);
	}
	return i;
}

void fmt_retval(struct fmt_buf *b, const struct sc_call *c)
{
	int64_t r = c->ret;

	if (c->d->ret == R_none) {
		fb_putc(b, '?');
		return;
	}
	if (r < 0 && r >= -4095) {
		int err = (int)-r;
		const char *name = errno_name(err);

		/* the kernel restarts these: the call did not end yet */
		fb_puts(b, err >= 512 && err <= 516 && err != 515 ? "? " : "-1 ");
		if (name) {
			fb_puts(b, name);
		} else {
			fb_puts(b, "E??? ");
			fb_dec(b, err);
		}
		fb_puts(b, " (");
		fb_puts(b, errno_text(err));
		fb_putc(b, ')');
		return;
	}
	switch (c->d->ret) {
	case R_hex:
		fb_hex(b, (uint64_t)r);
		break;
	case R_oct:
		fb_oct(b, (uint64_t)r);
		break;
	case R_uid:
		fb_udec(b, (uint64_t)r);
		break;
	default:
		fb_dec(b, r);
	}
}
