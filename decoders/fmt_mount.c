// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: mount(2) as strace 6.1 prints it.  The flags say which
 * strings the kernel reads: MS_REMOUNT ignores the filesystem type, a
 * bind, move or propagation change (MS_BIND, MS_MOVE, MS_SHARED, ...)
 * the type and the data too; an ignored one prints as its address.  The
 * old magic in the upper 16 bits (MS_MGC_VAL) is a word of its own.
 * And fsconfig(2), whose command says what its key, value and aux are.
 */
#include <limits.h>
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

/* --- fsconfig ----------------------------------------------------- */

enum {
	FSC_SET_FLAG, FSC_SET_STRING, FSC_SET_BINARY, FSC_SET_PATH,
	FSC_SET_PATH_EMPTY, FSC_SET_FD,
};

#define FSC_STR_MAX	256		/* the kernel's strndup_user bound */
#define FSC_BLOB_MAX	(1024 * 1024)	/* strace's bound on aux */

static uint32_t fsc_cmd(const struct sc_call *c)
{
	return (uint32_t)c->args[1];
}

/*
 * A C string of at most max bytes with its NUL, from a copy of its bytes
 * (UPTO: up to the memory's end): whole when its NUL is within max, its
 * first shown bytes and "..." when the copy goes on past max, else (the
 * memory ended first) the pointer
 */
static void fsc_string(struct fmt_buf *b, const struct sc_call *c,
		       const struct cap *k, uint64_t addr, size_t max,
		       size_t shown, long smax)
{
	const uint8_t *z = k->len ? memchr(k->p, '\0', k->len) : NULL;

	if (z && (size_t)(z - k->p) < max) {
		fmt_qstr(b, c, k->p, (size_t)(z - k->p), smax, 0, 0);
		return;
	}
	if (k->len < max && !(k->flags & CAP_TRUNC)) {
		fmt_ptr(b, addr);
		return;
	}
	fmt_qstr(b, c, k->p, k->len < shown ? k->len : shown, smax, 1, 0);
}

/* the key: a string for the SET commands, else (unread) the pointer */
FMT_KIND(fsckey)
{
	const struct cap *k;

	if (fsc_cmd(c) > FSC_SET_FD) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	k = arg_or_ptr(b, c, i);
	if (!k)
		return;
	/* a C string copy (its NUL not counted): whole within 256 bytes */
	if (!(k->flags & CAP_TRUNC) && k->len < FSC_STR_MAX)
		fmt_qstr(b, c, k->p, k->len, str_max(c), 0, 0);
	else
		fmt_qstr(b, c, k->p, k->len < FSC_STR_MAX ? k->len : FSC_STR_MAX,
			 str_max(c), 1, 0);
}

/*
 * the value: SET_STRING's string, SET_PATH's path, SET_BINARY's aux
 * bytes in hex (aux up to 1 MiB, -s of them), else the pointer
 */
FMT_KIND(fscvalue)
{
	uint32_t cmd = fsc_cmd(c);
	int32_t aux = (int32_t)c->args[4];
	const struct cap *k;
	size_t want;

	if (cmd != FSC_SET_STRING && cmd != FSC_SET_PATH &&
	    cmd != FSC_SET_PATH_EMPTY &&
	    (cmd != FSC_SET_BINARY || aux < 0 || aux > FSC_BLOB_MAX)) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	k = arg_or_ptr(b, c, i);
	if (!k)
		return;
	if (cmd == FSC_SET_STRING) {
		fsc_string(b, c, k, c->args[i], FSC_STR_MAX, FSC_STR_MAX,
			   str_max(c));
		return;
	}
	if (cmd != FSC_SET_BINARY) {
		fsc_string(b, c, k, c->args[i], PATH_MAX, PATH_MAX - 1,
			   PATH_MAX - 1);
		return;
	}
	want = (size_t)aux < (size_t)str_max(c) ? (size_t)aux :
						  (size_t)str_max(c);
	if (k->len < want) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	fmt_qstr(b, c, k->p, want, str_max(c), (size_t)aux > want, QS_HEX);
}

/* aux: SET_PATH's dirfd, SET_FD's fd, else a number */
FMT_KIND(fscaux)
{
	uint32_t cmd = fsc_cmd(c);

	if (cmd == FSC_SET_PATH || cmd == FSC_SET_PATH_EMPTY)
		fmt_k_dirfd(b, c, i);
	else if (cmd == FSC_SET_FD)
		fmt_k_fd(b, c, i);
	else
		fb_dec(b, (int32_t)c->args[i]);
}

/*
 * mount_setattr's struct mount_attr, size bytes (at least the first 32):
 * {attr_set=..., attr_clr=..., propagation=..., userns_fd=...}, then the
 * bytes past 32 as strace shows them: nothing when zero, in hex when not,
 * ??? when they could not be read.  userns_fd is an fd (-y names it)
 * only with MOUNT_ATTR_IDMAP, else the kernel ignores it: a number.
 */
FMT_KIND(mountattr)
{
	int p = c->d->arg[i].param;
	uint64_t size = p < SC_MAX_ARGS ? c->args[p] : 32;
	const struct cap *k;
	uint64_t set, ns;
	size_t j, tail = 0;

	if (size < 32 || size > 64) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	k = arg_or_ptr(b, c, i);
	if (!k)
		return;
	set = ld64(k->p);
	ns = ld64(k->p + 24);
	fb_puts(b, "{attr_set=");
	fmt_flags_dflt(b, &xlat_mount_attr_flags, set, "MOUNT_ATTR_???");
	fb_puts(b, ", attr_clr=");
	fmt_flags_dflt(b, &xlat_mount_attr_flags, ld64(k->p + 8),
		       "MOUNT_ATTR_???");
	fb_puts(b, ", propagation=");
	fmt_enum_dflt(b, &xlat_mount_propagation, ld64(k->p + 16), "MS_???");
	fb_puts(b, ", userns_fd=");
	if ((set & MOUNT_ATTR_IDMAP) && ns <= INT_MAX)
		fmt_fd_value(b, c, (int32_t)ns);
	else
		fb_udec(b, ns);
	if (size > 32 && k->len < size) {
		fb_puts(b, ", ???");
	} else if (size > 32) {
		for (j = 32; j < size; j++)
			if (k->p[j])
				tail = 1;
	}
	if (tail) {
		fb_printf(b, ", /* bytes 32..%u */ ", (unsigned int)size - 1);
		fmt_qstr(b, c, k->p + 32, (size_t)size - 32, -1, 0, QS_HEX);
	}
	fb_putc(b, '}');
}
