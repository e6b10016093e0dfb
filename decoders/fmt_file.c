// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: files and descriptors: modes, open flags, paths, fcntl,
 * stat, statx, statfs (directory entries: fmt_dirents.c).
 */
#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>

#include "fmt_priv.h"

/* uid_t and gid_t: (uid_t)-1 means "unchanged" or "none": -1 */
void fmt_id(struct fmt_buf *b, uint32_t v)
{
	if (v == UINT32_MAX)
		fb_puts(b, "-1");
	else
		fb_udec(b, v);
}

FMT_KIND(uid)
{
	fmt_id(b, (uint32_t)c->args[i]);
}

FMT_KIND(perm)
{
	fb_oct(b, c->args[i] & 0xffffffffu);
}

/*
 * S_IFREG|S_ISUID|0755 as strace prints a mode: the type, the special
 * bits, then the rest in octal; a type the kernel does not have prints
 * the whole mode in octal (0177777), as strace does.
 */
static void mode_words(struct fmt_buf *b, uint64_t v)
{
	static const struct { unsigned int bits; const char *name; } type[] = {
		{ S_IFREG, "S_IFREG" }, { S_IFSOCK, "S_IFSOCK" },
		{ S_IFIFO, "S_IFIFO" }, { S_IFLNK, "S_IFLNK" },
		{ S_IFDIR, "S_IFDIR" }, { S_IFBLK, "S_IFBLK" },
		{ S_IFCHR, "S_IFCHR" },
	};
	unsigned int m = (unsigned int)v, fmt = m & S_IFMT;
	const char *name = NULL;

	for (size_t k = 0; fmt && k < sizeof(type) / sizeof(type[0]); k++)
		if (fmt == type[k].bits)
			name = type[k].name;
	if (fmt && !name) {
		fb_printf(b, "%#03o", m);
		return;
	}
	if (name) {
		fb_puts(b, name);
		fb_putc(b, '|');
	}
	if (m & S_ISUID)
		fb_puts(b, "S_ISUID|");
	if (m & S_ISGID)
		fb_puts(b, "S_ISGID|");
	if (m & S_ISVTX)
		fb_puts(b, "S_ISVTX|");
	fb_printf(b, "%#03o", m & ~(unsigned int)(S_IFMT | S_ISUID | S_ISGID |
						 S_ISVTX));
}

void fmt_mode_val(struct fmt_buf *b, uint64_t v)
{
	fmt_words(b, v & 0xffffffffu, XF_OCT, mode_words);
}

FMT_KIND(mode)
{
	fmt_mode_val(b, c->args[i]);
}

static void dev_words(struct fmt_buf *b, uint64_t v)
{
	fb_puts(b, "makedev(");
	fb_hex(b, major(v));
	fb_puts(b, ", ");
	fb_hex(b, minor(v));
	fb_putc(b, ')');
}

/* makedev(0xfe, 0); -Xraw 0xfe00, -Xverbose both */
void fmt_dev_val(struct fmt_buf *b, uint64_t v)
{
	fmt_words(b, v, XF_HEX, dev_words);
}

FMT_KIND(dev)
{
	fmt_dev_val(b, c->args[i]);
}

static void open_words(struct fmt_buf *b, uint64_t v)
{
	static const char *const acc[] = {
		"O_RDONLY", "O_WRONLY", "O_RDWR", "O_ACCMODE"
	};
	uint64_t rest = v & ~(uint64_t)O_ACCMODE;

	fb_puts(b, acc[v & O_ACCMODE]);
	if (rest)
		fmt_xlat_flags_tail(b, &xlat_open_flags, rest);
}

void fmt_open_flags(struct fmt_buf *b, uint64_t v)
{
	fmt_words(b, v & 0xffffffffu, XF_HEX, open_words);
}

FMT_KIND(oflags)
{
	fmt_open_flags(b, c->args[i]);
}

/* statx: the sync type (zero included) comes first */
static void statx_words(struct fmt_buf *b, uint64_t v)
{
	static const char *const sync[] = {
		"AT_STATX_SYNC_AS_STAT", "AT_STATX_FORCE_SYNC",
		"AT_STATX_DONT_SYNC", "AT_STATX_FORCE_SYNC|AT_STATX_DONT_SYNC",
	};

	fb_puts(b, sync[(v >> 13) & 3]);
	v &= ~(uint64_t)0x6000;
	if (v)
		fmt_xlat_flags_tail(b, &xlat_at_flags, v);
}

FMT_KIND(atflags)
{
	uint64_t v = c->args[i] & 0xffffffffu;

	if (!strcmp(c->d->name, "statx"))
		fmt_words(b, v, XF_HEX, statx_words);
	else
		fmt_xlat_flags(b, &xlat_at_flags, v);
}

FMT_KIND(whence)
{
	fmt_xlat_enum(b, &xlat_seek_whence, (uint32_t)c->args[i]);
}

/* --- strings ------------------------------------------------------ */

FMT_KIND(path)
{
	const struct cap *k = arg_or_ptr(b, c, i);

	if (!k)
		return;
	/* paths print whole, as strace does: PATH_MAX - 1 bytes at most */
	fmt_qstr(b, c, k->p, k->len, PATH_MAX - 1, k->flags & CAP_TRUNC, 0);
}

FMT_KIND(str)
{
	const struct cap *k = arg_or_ptr(b, c, i);

	if (!k)
		return;
	fmt_qstr(b, c, k->p, k->len, str_max(c), k->flags & CAP_TRUNC, 0);
}

/* getcwd's path: whole, as a path the call reads */
FMT_KIND(ostr)
{
	const struct cap *k = arg_or_ptr(b, c, i);

	if (!k)
		return;
	fmt_qstr(b, c, k->p, k->len, PATH_MAX - 1, k->flags & CAP_TRUNC, 0);
}

/* --- fcntl -------------------------------------------------------- */

FMT_KIND(fcntlcmd)
{
	fmt_xlat_enum(b, &xlat_fcntl_cmd, (uint32_t)c->args[i]);
}

static void fmt_flock(struct fmt_buf *b, const struct cap *k, uint64_t addr,
		      int getlk)
{
	int n = 0;

	/* struct flock: short l_type, l_whence; off_t l_start, l_len; pid */
	if (!k || k->len < 32) {
		fmt_ptr(b, addr);
		return;
	}
	fb_putc(b, '{');
	fb_field(b, &n, "l_type");
	fmt_enum_dflt(b, &xlat_lock_type, ld16(k->p), "F_???");
	fb_field(b, &n, "l_whence");
	fmt_enum_dflt(b, &xlat_seek_whence, ld16(k->p + 2), "SEEK_???");
	fb_field(b, &n, "l_start");
	fb_dec(b, (int64_t)ld64(k->p + 8));
	fb_field(b, &n, "l_len");
	fb_dec(b, (int64_t)ld64(k->p + 16));
	if (getlk) {
		fb_field(b, &n, "l_pid");
		fb_dec(b, (int32_t)ld32(k->p + 24));
	}
	fb_putc(b, '}');
}

static void fmt_owner_ex(struct fmt_buf *b, const struct cap *k,
			 uint64_t addr)
{
	if (!k || k->len < 8) {
		fmt_ptr(b, addr);
		return;
	}
	fb_puts(b, "{type=");
	fmt_enum_dflt(b, &xlat_f_owner_type, ld32(k->p), "F_OWNER_???");
	fb_puts(b, ", pid=");
	fb_dec(b, (int32_t)ld32(k->p + 4));
	fb_putc(b, '}');
}

/* commands whose argument is printed when the call returns */
static int fcntl_arg_at_exit(uint32_t cmd)
{
	return cmd == F_GETLK || cmd == F_OFD_GETLK || cmd == F_GETOWN_EX;
}

/*
 * fcntl as strace prints it: the third argument only for commands that
 * take one, decoded by command; the "get" structs at exit.
 */
int fmt_fcntl_call(struct fmt_buf *b, const struct sc_call *c, int from,
		   int exiting)
{
	uint32_t cmd = (uint32_t)c->args[1];
	uint64_t arg = c->args[2];

	if (exiting) {
		if (from == 2 && fcntl_arg_at_exit(cmd)) {
			/* needs the struct copied at exit (cap_out) */
			const struct cap *k = arg_out(c, 2, 0);

			fb_puts(b, ", ");
			if (cmd == F_GETOWN_EX)
				fmt_owner_ex(b, k, arg);
			else
				fmt_flock(b, k, arg, 1);
		}
		return 3;
	}
	if (from > 0)
		return 3;
	fb_dec(b, (int32_t)c->args[0]);
	fmt_fd_note(b, c, 0);
	fb_puts(b, ", ");
	fmt_xlat_enum(b, &xlat_fcntl_cmd, cmd);
	if (fcntl_arg_at_exit(cmd))
		return 2;
	switch (cmd) {
	case F_GETFD: case F_GETFL: case F_GETOWN: case F_GETSIG:
	case F_GETLEASE: case F_GETPIPE_SZ: case F_GET_SEALS:
	case 1029 /* F_CANCELLK */:
		return 3;
	}
	fb_puts(b, ", ");
	switch (cmd) {
	case F_SETFD:
		fmt_flags_dflt(b, &xlat_fd_flags, arg, "FD_???");
		break;
	case F_SETOWN:
		fb_dec(b, (int32_t)arg);
		break;
	/* (strace prints these as the whole register, a long) */
	case F_SETPIPE_SZ:
	case F_DUPFD:
	case F_DUPFD_CLOEXEC:
		fb_dec(b, (int64_t)arg);
		break;
	case F_SETFL:
		fmt_open_flags(b, arg);
		break;
	case F_SETLK: case F_SETLKW: case F_OFD_SETLK: case F_OFD_SETLKW:
		fmt_flock(b, arg_in(c, 2, 0), arg, 0);
		break;
	case F_SETOWN_EX:
		fmt_owner_ex(b, arg_in(c, 2, 0), arg);
		break;
	case F_NOTIFY:
		fmt_flags_dflt(b, &xlat_dnotify_flags, arg, "DN_???");
		break;
	case F_SETLEASE:
		fmt_enum_dflt(b, &xlat_lock_type, arg, "F_???");
		break;
	case F_ADD_SEALS:
		fmt_flags_dflt(b, &xlat_f_seals, arg, "F_SEAL_???");
		break;
	case F_SETSIG:
		fmt_signal(b, (int32_t)arg);
		break;
	default:
		fb_hex(b, arg);
	}
	return 3;
}

void fmt_fcntl_ret(struct fmt_buf *b, const struct sc_call *c)
{
	uint32_t cmd = (uint32_t)c->args[1];
	int64_t r = c->ret;
	char tmp[16];
	const char *name;

	/* what follows the value, in parentheses, is in names under -X too */
	int style = b->xstyle;

	switch (cmd) {
	case F_GETFD:
	case F_GET_SEALS:
		fb_hex(b, (uint64_t)r);
		b->xstyle = XSTYLE_ABBREV;
		if (r) {
			fb_puts(b, cmd == F_GETFD ? " (flags " : " (seals ");
			fmt_xlat_flags(b, cmd == F_GETFD ? &xlat_fd_flags :
				       &xlat_f_seals, (uint64_t)r);
			fb_putc(b, ')');
		}
		b->xstyle = style;
		return;
	case F_GETFL:
		fb_hex(b, (uint64_t)r);
		fb_puts(b, " (flags ");
		b->xstyle = XSTYLE_ABBREV;
		fmt_open_flags(b, (uint64_t)r);
		b->xstyle = style;
		fb_putc(b, ')');
		return;
	case F_GETLEASE:
		fb_hex(b, (uint64_t)r);
		name = xlat_name(&xlat_lock_type, (uint64_t)r);
		if (name) {
			fb_puts(b, " (");
			fb_puts(b, name);
			fb_putc(b, ')');
		}
		return;
	case F_GETSIG:
		fb_dec(b, r);
		name = r ? signal_name((int)r, tmp) : NULL;
		if (name) {
			fb_puts(b, " (");
			fb_puts(b, name);
			fb_putc(b, ')');
		}
		return;
	case F_DUPFD:
	case F_DUPFD_CLOEXEC:
		fb_dec(b, r);
		fmt_fd_note(b, c, FD_SLOT_RET);
		return;
	}
	fb_dec(b, r);
}

/* --- stat --------------------------------------------------------- */

/* strace's date of a time in a comment: 2026-11-27T04:33:20.561743232+0000 */
static void fmt_time_note(struct fmt_buf *b, int64_t sec, uint64_t nsec)
{
	time_t t = (time_t)sec;
	struct tm tm;
	char tmp[64];

	/* strace dates neither the epoch itself nor a fraction past 1 s */
	if ((!sec && !nsec) || nsec > 999999999 || !localtime_r(&t, &tm))
		return;
	fb_puts(b, " /* ");
	strftime(tmp, sizeof(tmp), "%Y-%m-%dT%H:%M:%S", &tm);
	fb_puts(b, tmp);
	/* strace leaves out a zero fraction */
	if (nsec)
		fb_printf(b, ".%09u", (unsigned int)nsec);
	strftime(tmp, sizeof(tmp), "%z", &tm);
	fb_puts(b, tmp);
	fb_puts(b, " */");
}

static void fmt_time_comment(struct fmt_buf *b, int64_t sec, uint64_t nsec)
{
	fb_dec(b, sec);
	fmt_time_note(b, sec, nsec);
}

FMT_KIND(stat)
{
	const struct cap *k = arg_or_ptr(b, c, i);
	const uint8_t *p;
	uint32_t mode;
	int n = 0;

	if (!k)
		return;
	p = k->p;
	mode = ld32(p + 24);
	fb_putc(b, '{');
	if (verbose(c)) {
		fb_field(b, &n, "st_dev");
		fmt_dev_val(b, ld64(p));
		fb_field(b, &n, "st_ino");
		fb_udec(b, ld64(p + 8));
		fb_field(b, &n, "st_mode");
		fmt_mode_val(b, mode);
		fb_field(b, &n, "st_nlink");
		fb_udec(b, ld64(p + 16));
		fb_field(b, &n, "st_uid");
		fb_udec(b, ld32(p + 28));
		fb_field(b, &n, "st_gid");
		fb_udec(b, ld32(p + 32));
		fb_field(b, &n, "st_blksize");
		fb_dec(b, (int64_t)ld64(p + 56));
		fb_field(b, &n, "st_blocks");
		fb_dec(b, (int64_t)ld64(p + 64));
	} else {
		fb_field(b, &n, "st_mode");
		fmt_mode_val(b, mode);
	}
	if (S_ISCHR(mode) || S_ISBLK(mode)) {
		fb_field(b, &n, "st_rdev");
		fmt_dev_val(b, ld64(p + 40));
	} else {
		fb_field(b, &n, "st_size");
		fb_dec(b, (int64_t)ld64(p + 48));
	}
	if (verbose(c)) {
		static const char *const t[] = {
			"st_atime", "st_mtime", "st_ctime"
		};

		for (int j = 0; j < 3; j++) {
			int64_t sec = (int64_t)ld64(p + 72 + 16 * j);
			uint64_t ns = ld64(p + 80 + 16 * j);

			fb_field(b, &n, t[j]);
			fmt_time_comment(b, sec, ns);
			fb_puts(b, ", ");
			fb_puts(b, t[j]);
			fb_puts(b, "_nsec=");
			fb_udec(b, ns);
		}
	} else {
		fb_puts(b, ", ...");
	}
	fb_putc(b, '}');
}

/* strace's statx timestamp: {tv_sec=1, tv_nsec=2} then the date's comment */
static void fmt_statx_ts(struct fmt_buf *b, int *n, const char *name,
			 const uint8_t *p)
{
	fb_field(b, n, name);
	fb_puts(b, "{tv_sec=");
	fb_dec(b, (int64_t)ld64(p));
	fb_puts(b, ", tv_nsec=");
	fb_udec(b, ld32(p + 8));
	fb_putc(b, '}');
	fmt_time_note(b, (int64_t)ld64(p), ld32(p + 8));
}

/* STATX_* bits: a field is shown when the kernel says it filled it */
#define SX_TYPE 0x1u
#define SX_MODE 0x2u
#define SX_NLINK 0x4u
#define SX_UID 0x8u
#define SX_GID 0x10u
#define SX_ATIME 0x20u
#define SX_MTIME 0x40u
#define SX_CTIME 0x80u
#define SX_INO 0x100u
#define SX_SIZE 0x200u
#define SX_BLOCKS 0x400u
#define SX_BTIME 0x800u
#define SX_MNT_ID 0x1000u
#define SX_DIOALIGN 0x2000u

/* -v's fields after stx_size (strace's order) */
static void fmt_statx_rest(struct fmt_buf *b, int *n, const uint8_t *p,
			   uint32_t m)
{
	if (m & SX_BLOCKS) {
		fb_field(b, n, "stx_blocks");
		fb_udec(b, ld64(p + 48));
	}
	fb_field(b, n, "stx_attributes_mask");
	fmt_flags_dflt(b, &xlat_statx_attrs, ld64(p + 56), "STATX_ATTR_???");
	if (m & SX_ATIME)
		fmt_statx_ts(b, n, "stx_atime", p + 64);
	if (m & SX_BTIME)
		fmt_statx_ts(b, n, "stx_btime", p + 80);
	if (m & SX_CTIME)
		fmt_statx_ts(b, n, "stx_ctime", p + 96);
	if (m & SX_MTIME)
		fmt_statx_ts(b, n, "stx_mtime", p + 112);
	fb_field(b, n, "stx_rdev_major");
	fb_udec(b, ld32(p + 128));
	fb_field(b, n, "stx_rdev_minor");
	fb_udec(b, ld32(p + 132));
	fb_field(b, n, "stx_dev_major");
	fb_udec(b, ld32(p + 136));
	fb_field(b, n, "stx_dev_minor");
	fb_udec(b, ld32(p + 140));
	if (m & SX_MNT_ID) {
		fb_field(b, n, "stx_mnt_id");
		fb_hex(b, ld64(p + 144));
	}
	if (m & SX_DIOALIGN) {
		fb_field(b, n, "stx_dio_mem_align");
		fb_udec(b, ld32(p + 152));
		fb_field(b, n, "stx_dio_offset_align");
		fb_udec(b, ld32(p + 156));
	}
}

FMT_KIND(statx)
{
	const struct cap *k = arg_or_ptr(b, c, i);
	const uint8_t *p;
	uint32_t m;
	int n = 0, v = verbose(c);

	if (!k)
		return;
	p = k->p;
	m = ld32(p);
	fb_putc(b, '{');
	fb_field(b, &n, "stx_mask");
	fmt_flags_dflt(b, &xlat_statx_mask, m, "STATX_???");
	if (v) {
		fb_field(b, &n, "stx_blksize");
		fb_udec(b, ld32(p + 4));
	}
	fb_field(b, &n, "stx_attributes");
	fmt_flags_dflt(b, &xlat_statx_attrs, ld64(p + 8), "STATX_ATTR_???");
	if (v && (m & SX_NLINK)) {
		fb_field(b, &n, "stx_nlink");
		fb_udec(b, ld32(p + 16));
	}
	if (v && (m & SX_UID)) {
		fb_field(b, &n, "stx_uid");
		fb_udec(b, ld32(p + 20));
	}
	if (v && (m & SX_GID)) {
		fb_field(b, &n, "stx_gid");
		fb_udec(b, ld32(p + 24));
	}
	if (m & (SX_TYPE | SX_MODE)) {
		fb_field(b, &n, "stx_mode");
		fmt_mode_val(b, ld16(p + 28));
	}
	if (v && (m & SX_INO)) {
		fb_field(b, &n, "stx_ino");
		fb_udec(b, ld64(p + 32));
	}
	if (m & SX_SIZE) {
		fb_field(b, &n, "stx_size");
		fb_udec(b, ld64(p + 40));
	}
	if (v)
		fmt_statx_rest(b, &n, p, m);
	else
		fb_puts(b, ", ...");
	fb_putc(b, '}');
}

FMT_KIND(statfs)
{
	static const char *const num[] = {
		"f_bsize", "f_blocks", "f_bfree", "f_bavail", "f_files",
		"f_ffree"
	};
	const struct cap *k = arg_or_ptr(b, c, i);
	const uint8_t *p;
	int n = 0;

	if (!k)
		return;
	p = k->p;
	fb_putc(b, '{');
	fb_field(b, &n, "f_type");
	fmt_enum_dflt(b, &xlat_fs_magic, ld64(p), NULL);
	for (int j = 0; j < 6; j++) {
		fb_field(b, &n, num[j]);
		fb_udec(b, ld64(p + 8 + 8 * j));
	}
	fb_field(b, &n, "f_fsid");
	fb_puts(b, "{val=[");
	fb_hex(b, ld32(p + 56));
	fb_puts(b, ", ");
	fb_hex(b, ld32(p + 60));
	fb_puts(b, "]}");
	fb_field(b, &n, "f_namelen");
	fb_udec(b, ld64(p + 64));
	fb_field(b, &n, "f_frsize");
	fb_udec(b, ld64(p + 72));
	fb_field(b, &n, "f_flags");
	fmt_flags_dflt(b, &xlat_statfs_flags, ld64(p + 80), "ST_???");
	fb_putc(b, '}');
}

/* --- openat2 ------------------------------------------------------ */

/* the kernel's O_TMPFILE bit alone (glibc's __O_TMPFILE adds O_DIRECTORY) */
#define O_TMPFILE_ONLY 020000000

/*
 * openat2's struct open_how, size bytes: {flags=O_RDONLY, mode=0600,
 * resolve=0}, its 24 known, then (size > 24) the rest
 * as strace shows it: nothing when zero, the bytes in hex when not,
 * ??? when they could not be read.  More than the copy holds: the
 * pointer.
 */
FMT_KIND(openhow)
{
	int p = c->d->arg[i].param;
	uint64_t size = p < SC_MAX_ARGS ? c->args[p] : 24;
	const struct cap *k;
	uint64_t flags, mode, resolve;
	size_t j, tail = 0;

	if (size < 24 || size > 64) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	k = arg_or_ptr(b, c, i);
	if (!k)
		return;
	flags = ld64(k->p);
	mode = ld64(k->p + 8);
	resolve = ld64(k->p + 16);
	fb_puts(b, "{flags=");
	/* 64-bit flags: bits past 32 are unknown ones too */
	fmt_words(b, flags, XF_HEX, open_words);
	if ((flags & (O_CREAT | O_TMPFILE_ONLY)) || mode) {
		fb_puts(b, ", mode=");
		fb_oct(b, mode);
	}
	fb_puts(b, ", resolve=");
	fmt_flags_dflt(b, &xlat_open_resolve_flags, resolve, "RESOLVE_???");
	if (size > 24 && k->len < size) {
		fb_puts(b, ", ???");
	} else if (size > 24) {
		for (j = 24; j < size; j++)
			if (k->p[j])
				tail = 1;
	}
	if (tail) {
		fb_printf(b, ", /* bytes 24..%u */ ", (unsigned int)size - 1);
		fmt_qstr(b, c, k->p + 24, (size_t)size - 24, -1, 0, QS_HEX);
	}
	fb_putc(b, '}');
}

/* a loff_t the call reads: [0] (copy_file_range, splice) */
FMT_KIND(ploff)
{
	const struct cap *k = arg_or_ptr(b, c, i);

	if (!k)
		return;
	fb_putc(b, '[');
	fb_dec(b, (int64_t)ld64(k->p));
	fb_putc(b, ']');
}

/*
 * sendfile's offset, read and updated: [0] => [8] when the call moved
 * data, [100] when it did not (strace's own shape).
 */
FMT_KIND(oloff)
{
	const struct cap *in = arg_in(c, i, 8), *out = arg_out(c, i, 8);

	if (!in || !c->args[i]) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	/* (unsigned: strace prints sendfile's offset as a u64) */
	fb_putc(b, '[');
	fb_udec(b, ld64(in->p));
	fb_putc(b, ']');
	if (out && c->ret > 0) {
		fb_puts(b, " => [");
		fb_udec(b, ld64(out->p));
		fb_putc(b, ']');
	}
}

/*
 * fanotify_init's flags: the notification class (bits 2-3, a value:
 * 0xc is none), then the flags, each part in its -X style as strace
 */
FMT_KIND(fanflags)
{
	uint32_t v = (uint32_t)c->args[i];

	fmt_enum_dflt(b, &xlat_fan_class, v & 0xc, "FAN_CLASS_???");
	if (v & ~0xcu) {
		fb_putc(b, '|');
		fmt_flags_dflt(b, &xlat_fanotify_init_flags, v & ~0xcu,
			       "FAN_???");
	}
}
