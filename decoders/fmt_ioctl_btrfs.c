// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: ioctl(2) requests of type 0x94, btrfs' BTRFS_IOC_* and
 * the generic file system requests that share the type (FICLONE,
 * FICLONERANGE, FIDEDUPERANGE, FS_IOC_[GS]ETFSLABEL), as strace 6.1
 * prints them: what a request gives the kernel at entry, what the simpler
 * read-only requests fill at exit.  What a read-write request fills
 * (strace's " => {...}" after success), balance progress and fs info are
 * not decoded yet: nothing more, or the pointer.  The
 * argument is BPF's copy of _IOC_SIZE bytes (k); the memory behind a
 * pointer inside it (a qgroup_inherit, send's clone_sources) is
 * c->inner[0] (cap_ioctl.bpf.c); the larger structs print in
 * fmt_ioctl_btrfs_structs.c.  Struct layouts are x86_64's.
 */
#include <linux/btrfs.h>
#include <linux/btrfs_tree.h>
#include <linux/fs.h>

#include "fmt_ioctl_btrfs.h"

#define VOL_ARGS_NAME	4088	/* struct btrfs_ioctl_vol_args' name */
#define DEV_NAME	1025	/* BTRFS_DEVICE_PATH_NAME_MAX + 1 */

/* a u64 field: UINT64_MAX by name, as strace's PRINT_FIELD_U64 */
void btrfs_u64(struct fmt_buf *b, const char *name, uint64_t v)
{
	fb_puts(b, name);
	fb_putc(b, '=');
	if (v == UINT64_MAX)
		fmt_const(b, "UINT64_MAX", v, XF_UDEC);
	else
		fb_udec(b, v);
}

/* a value of x by name, else in decimal (strace's XVAL_U, no default) */
void btrfs_xval(struct fmt_buf *b, const struct xlat *x, uint64_t v)
{
	fmt_const(b, xlat_name(x, v), v, XF_UDEC);
}

/* an object id: a tree's name, else the number */
void btrfs_objid(struct fmt_buf *b, const char *name, uint64_t v)
{
	fb_puts(b, name);
	fb_putc(b, '=');
	btrfs_xval(b, &xlat_btrfs_tree_objectids, v);
}

static void btrfs_uuid(struct fmt_buf *b, const uint8_t *p)
{
	for (int j = 0; j < 16; j++) {
		if (j == 4 || j == 6 || j == 8 || j == 10)
			fb_putc(b, '-');
		fb_printf(b, "%02x", p[j]);
	}
}

/* struct btrfs_ioctl_vol_args: {fd=N, name="..."} */
static void btrfs_vol_args(struct fmt_buf *b, const struct sc_call *c,
			   const uint8_t *p)
{
	fb_puts(b, "{fd=");
	fmt_fd_value(b, c, (int32_t)ld64(p));
	fb_puts(b, ", ");
	ioctl_cstr(b, c, "name", p + 8, VOL_ARGS_NAME);
	fb_putc(b, '}');
}

/* struct btrfs_ioctl_defrag_range_args */
static void btrfs_defrag_range(struct fmt_buf *b, const uint8_t *p)
{
	btrfs_u64(b, "{start", ld64(p));
	fb_puts(b, ", ");
	btrfs_u64(b, "len", ld64(p + 8));
	fb_puts(b, ", flags=");
	fmt_flags_dflt(b, &xlat_btrfs_defrag_flags, ld64(p + 16),
		       "BTRFS_DEFRAG_RANGE_???");
	fb_printf(b, ", extent_thresh=%u, compress_type=", ld32(p + 24));
	fmt_enum_dflt(b, &xlat_btrfs_compress_types, ld32(p + 28),
		      "BTRFS_COMPRESS_???");
	fb_putc(b, '}');
}

/* struct btrfs_ioctl_logical_ino_args: reserved only when not zero */
static void btrfs_logical_ino(struct fmt_buf *b, const uint8_t *p)
{
	fb_printf(b, "{logical=%llu, size=%llu",
		  (unsigned long long)ld64(p), (unsigned long long)ld64(p + 8));
	if (ld64(p + 16) || ld64(p + 24) || ld64(p + 32)) {
		for (int j = 0; j < 3; j++) {
			fb_puts(b, j ? ", " : ", reserved=[");
			fb_hex(b, ld64(p + 16 + 8 * j));
		}
		fb_putc(b, ']');
	}
	fb_puts(b, ", flags=");
	fmt_flags_dflt(b, &xlat_btrfs_logical_ino_args_flags, ld64(p + 40),
		       "BTRFS_LOGICAL_INO_ARGS_???");
	fb_puts(b, ", inodes=");
	fmt_ptr(b, ld64(p + 48));
	fb_putc(b, '}');
}

/* struct btrfs_ioctl_timespec: {sec=N, nsec=N} and the date (sec read
   as signed, as strace does) */
static void btrfs_timespec(struct fmt_buf *b, const uint8_t *p)
{
	uint64_t sec = ld64(p);
	uint32_t nsec = ld32(p + 8);
	char tmp[64];
	struct fmt_buf t;

	fb_printf(b, "{sec=%llu, nsec=%u}", (unsigned long long)sec, nsec);
	/* strace's comment, in every -X style: none for a zero time or
	   nanoseconds past a second */
	if ((!sec && !nsec) || nsec > 999999999)
		return;
	fb_init(&t, tmp, sizeof(tmp));
	if (!fmt_utc(&t, (int64_t)sec, nsec, 9))
		return;
	fb_puts(b, " /* ");
	fb_putn(b, tmp, (size_t)(t.p - tmp));
	fb_puts(b, " */");
}

/* struct btrfs_ioctl_received_subvol_args as given */
static void btrfs_received_subvol(struct fmt_buf *b, const uint8_t *p)
{
	fb_puts(b, "{uuid=");
	btrfs_uuid(b, p);
	fb_printf(b, ", stransid=%llu, stime=",
		  (unsigned long long)ld64(p + 16));
	btrfs_timespec(b, p + 32);
	fb_printf(b, ", flags=%llu}", (unsigned long long)ld64(p + 64));
}

/* struct btrfs_ioctl_dev_replace_args: its start only for a start */
static void btrfs_dev_replace(struct fmt_buf *b, const struct sc_call *c,
			      const uint8_t *p)
{
	uint64_t cmd = ld64(p);

	fb_puts(b, "{cmd=");
	fmt_enum_dflt(b, &xlat_btrfs_dev_replace_cmds, cmd,
		      "BTRFS_IOCTL_DEV_REPLACE_CMD_???");
	if (cmd == BTRFS_IOCTL_DEV_REPLACE_CMD_START) {
		fb_puts(b, ", start={srcdevid=");
		fmt_dev_val(b, ld64(p + 16));
		fb_puts(b, ", cont_reading_from_srcdev_mode=");
		fmt_enum_dflt(b, &xlat_btrfs_cont_reading_from_srcdev_mode,
			      ld64(p + 24), "BTRFS_IOCTL_DEV_REPLACE_CONT_"
			      "READING_FROM_SRCDEV_MODE_???");
		fb_puts(b, ", ");
		ioctl_cstr(b, c, "srcdev_name", p + 32, DEV_NAME);
		fb_puts(b, ", ");
		ioctl_cstr(b, c, "tgtdev_name", p + 32 + DEV_NAME, DEV_NAME);
		fb_putc(b, '}');
	}
	fb_putc(b, '}');
}

/* struct btrfs_ioctl_feature_flags */
static void btrfs_features(struct fmt_buf *b, const uint8_t *p)
{
	uint64_t compat = ld64(p);

	/* strace knows no compat flag: the number and its comment */
	fb_puts(b, "{compat_flags=");
	if (compat)
		fmt_unknown(b, compat, "BTRFS_FEATURE_COMPAT_???");
	else
		fb_putc(b, '0');
	fb_puts(b, ", compat_ro_flags=");
	fmt_flags_dflt(b, &xlat_btrfs_features_compat_ro, ld64(p + 8),
		       "BTRFS_FEATURE_COMPAT_RO_???");
	fb_puts(b, ", incompat_flags=");
	fmt_flags_dflt(b, &xlat_btrfs_features_incompat, ld64(p + 16),
		       "BTRFS_FEATURE_INCOMPAT_???");
	fb_putc(b, '}');
}

/* bytes of the argument a request's decoder reads; 0: a value, or none */
static size_t btrfs_size(uint32_t req, const struct cap *k)
{
	switch (req) {
	case BTRFS_IOC_WAIT_SYNC: case BTRFS_IOC_DEFAULT_SUBVOL:
	case BTRFS_IOC_START_SYNC: case BTRFS_IOC_SUBVOL_GETFLAGS:
	case BTRFS_IOC_SUBVOL_SETFLAGS: case BTRFS_IOC_SPACE_INFO:
	case BTRFS_IOC_SCRUB_PROGRESS: case BTRFS_IOC_QUOTA_CTL:
	case BTRFS_IOC_QUOTA_RESCAN:
		return 8;
	case BTRFS_IOC_SNAP_CREATE: case BTRFS_IOC_SUBVOL_CREATE:
	case BTRFS_IOC_SNAP_DESTROY: case BTRFS_IOC_RESIZE:
	case BTRFS_IOC_SCAN_DEV: case BTRFS_IOC_FORGET_DEV:
	case BTRFS_IOC_ADD_DEV: case BTRFS_IOC_RM_DEV:
	case BTRFS_IOC_DEVICES_READY:
	case BTRFS_IOC_SNAP_CREATE_V2: case BTRFS_IOC_SUBVOL_CREATE_V2:
		return 4096;
	case BTRFS_IOC_BALANCE_V2:
		return 424;
	case BTRFS_IOC_DEFRAG_RANGE: case FICLONERANGE: case BTRFS_IOC_SCRUB:
		return 32;
	case BTRFS_IOC_TREE_SEARCH:
		return 68;
	case BTRFS_IOC_TREE_SEARCH_V2:
		return 112;
	case BTRFS_IOC_INO_LOOKUP: case BTRFS_IOC_QGROUP_CREATE:
		return 16;
	case BTRFS_IOC_DEV_INFO: case BTRFS_IOC_QGROUP_ASSIGN:
	case BTRFS_IOC_GET_DEV_STATS: case FIDEDUPERANGE:
		return 24;
	case BTRFS_IOC_INO_PATHS: case BTRFS_IOC_LOGICAL_INO:
		return 56;
	case BTRFS_IOC_SET_RECEIVED_SUBVOL:
		return 72;
	case BTRFS_IOC_SEND:
		return 40;
	case FS_IOC_SETFSLABEL: case FS_IOC_GETFSLABEL:
		return FSLABEL_MAX;
	case BTRFS_IOC_GET_FEATURES:
		return 24;
	case BTRFS_IOC_GET_SUPPORTED_FEATURES:
		return 72;
	case BTRFS_IOC_QUOTA_RESCAN_STATUS:
		return 16;
	case BTRFS_IOC_QGROUP_LIMIT:
		return 48;
	case BTRFS_IOC_SET_FEATURES:
		return 48;
	case BTRFS_IOC_DEV_REPLACE:
		/* a start's device names follow the command */
		return k && k->len >= 8 &&
		       ld64(k->p) == BTRFS_IOCTL_DEV_REPLACE_CMD_START ?
		       32 + 2 * DEV_NAME : 8;
	default:
		return 0;
	}
}

static enum ioarg btrfs_when(uint32_t req, int *at_exit)
{
	*at_exit = 0;
	switch (req) {
	case BTRFS_IOC_TRANS_START: case BTRFS_IOC_TRANS_END:
	case BTRFS_IOC_SYNC: case BTRFS_IOC_BALANCE: case BTRFS_IOC_DEFRAG:
	case BTRFS_IOC_SCRUB_CANCEL: case BTRFS_IOC_QUOTA_RESCAN_WAIT:
		return IOA_NONE;
	case BTRFS_IOC_BALANCE_PROGRESS: case BTRFS_IOC_FS_INFO:
	case BTRFS_IOC_GET_FEATURES: case FS_IOC_GETFSLABEL:
	case BTRFS_IOC_GET_SUPPORTED_FEATURES:
	case BTRFS_IOC_QUOTA_RESCAN_STATUS: case BTRFS_IOC_START_SYNC:
	case BTRFS_IOC_SUBVOL_GETFLAGS: case BTRFS_IOC_QGROUP_LIMIT:
		/* what they fill, at exit (balance progress and fs info are
		   not decoded: the pointer) */
		*at_exit = 1;
		return IOA_FAMILY;
	case FICLONE: case BTRFS_IOC_BALANCE_CTL:
		return IOA_FAMILY;
	default:
		/* strace decodes no other: the number, in hex */
		return btrfs_size(req, NULL) ? IOA_FAMILY : IOA_HEX;
	}
}

/* the smaller structs, printed whole here */
static int btrfs_small(struct fmt_buf *b, const struct sc_call *c,
		       uint32_t req, const uint8_t *p)
{
	switch (req) {
	case BTRFS_IOC_WAIT_SYNC: case BTRFS_IOC_DEFAULT_SUBVOL:
	case BTRFS_IOC_START_SYNC:
		fb_printf(b, "[%llu]", (unsigned long long)ld64(p));
		return 1;
	case BTRFS_IOC_SUBVOL_SETFLAGS: case BTRFS_IOC_SUBVOL_GETFLAGS:
		fmt_flags_dflt(b, &xlat_btrfs_snap_flags_v2, ld64(p),
			       "BTRFS_SUBVOL_???");
		return 1;
	case FICLONERANGE:
		fb_puts(b, "{src_fd=");
		fmt_fd_value(b, c, (int32_t)ld64(p));
		fb_printf(b, ", src_offset=%llu, src_length=%llu, "
			  "dest_offset=%llu}", (unsigned long long)ld64(p + 8),
			  (unsigned long long)ld64(p + 16),
			  (unsigned long long)ld64(p + 24));
		return 1;
	case BTRFS_IOC_INO_LOOKUP:
		btrfs_objid(b, "{treeid", ld64(p));
		btrfs_objid(b, ", objectid", ld64(p + 8));
		fb_putc(b, '}');
		return 1;
	case BTRFS_IOC_SPACE_INFO:
		fb_printf(b, "{space_slots=%llu}", (unsigned long long)ld64(p));
		return 1;
	case BTRFS_IOC_SCRUB:
		fb_puts(b, "{devid=");
		fmt_dev_val(b, ld64(p));
		btrfs_u64(b, ", start", ld64(p + 8));
		btrfs_u64(b, ", end", ld64(p + 16));
		fb_puts(b, ", flags=");
		fmt_flags_dflt(b, &xlat_btrfs_scrub_flags, ld64(p + 24),
			       "BTRFS_SCRUB_???");
		fb_putc(b, '}');
		return 1;
	case BTRFS_IOC_SCRUB_PROGRESS:
		fb_puts(b, "{devid=");
		fmt_dev_val(b, ld64(p));
		fb_putc(b, '}');
		return 1;
	case BTRFS_IOC_DEV_INFO:
		fb_puts(b, "{devid=");
		fmt_dev_val(b, ld64(p));
		fb_puts(b, ", uuid=");
		btrfs_uuid(b, p + 8);
		fb_putc(b, '}');
		return 1;
	case BTRFS_IOC_QUOTA_CTL:
		fb_puts(b, "{cmd=");
		fmt_enum_dflt(b, &xlat_btrfs_qgroup_ctl_cmds, ld64(p),
			      "BTRFS_QUOTA_CTL_???");
		fb_putc(b, '}');
		return 1;
	case BTRFS_IOC_QGROUP_ASSIGN:
		fb_printf(b, "{assign=%llu, src=%llu, dst=%llu}",
			  (unsigned long long)ld64(p),
			  (unsigned long long)ld64(p + 8),
			  (unsigned long long)ld64(p + 16));
		return 1;
	case BTRFS_IOC_QGROUP_CREATE:
		fb_printf(b, "{create=%llu, qgroupid=%llu}",
			  (unsigned long long)ld64(p),
			  (unsigned long long)ld64(p + 8));
		return 1;
	case BTRFS_IOC_QUOTA_RESCAN:
		fb_printf(b, "{flags=%llu}", (unsigned long long)ld64(p));
		return 1;
	case BTRFS_IOC_QUOTA_RESCAN_STATUS:
		fb_printf(b, "{flags=%llu, ", (unsigned long long)ld64(p));
		btrfs_objid(b, "progress", ld64(p + 8));
		fb_putc(b, '}');
		return 1;
	case BTRFS_IOC_QGROUP_LIMIT:
		fb_printf(b, "{qgroupid=%llu, lim=",
			  (unsigned long long)ld64(p));
		btrfs_qgroup_limit(b, p + 8);
		fb_putc(b, '}');
		return 1;
	case BTRFS_IOC_GET_DEV_STATS:
		fb_puts(b, "{devid=");
		fmt_dev_val(b, ld64(p));
		fb_printf(b, ", nr_items=%llu, flags=",
			  (unsigned long long)ld64(p + 8));
		fmt_flags_dflt(b, &xlat_btrfs_dev_stats_flags, ld64(p + 16),
			       "BTRFS_DEV_STATS_???");
		fb_putc(b, '}');
		return 1;
	default:
		return 0;
	}
}

static int btrfs_arg(struct fmt_buf *b, const struct sc_call *c, uint32_t req,
		     const struct cap *k)
{
	size_t size = btrfs_size(req, k);
	const uint8_t *p;

	switch (req) {
	case FICLONE:
		fb_dec(b, (int32_t)c->args[2]);
		return 1;
	case BTRFS_IOC_BALANCE_CTL:
		fmt_enum_dflt(b, &xlat_btrfs_balance_ctl_cmds, c->args[2],
			      "BTRFS_BALANCE_CTL_???");
		return 1;
	default:
		break;
	}
	if (!size || !k || k->len < size)
		return 0;
	p = k->p;
	if (btrfs_small(b, c, req, p))
		return 1;
	switch (req) {
	case BTRFS_IOC_SNAP_CREATE_V2: case BTRFS_IOC_SUBVOL_CREATE_V2:
		btrfs_vol_args_v2(b, c, p);
		break;
	case BTRFS_IOC_BALANCE_V2:
		btrfs_balance(b, p);
		break;
	case BTRFS_IOC_DEFRAG_RANGE:
		btrfs_defrag_range(b, p);
		break;
	case BTRFS_IOC_TREE_SEARCH:
		btrfs_search_key(b, c, p);
		fb_putc(b, '}');
		break;
	case BTRFS_IOC_TREE_SEARCH_V2:
		btrfs_search_key(b, c, p);
		fb_printf(b, ", buf_size=%llu}",
			  (unsigned long long)ld64(p + 104));
		break;
	case BTRFS_IOC_INO_PATHS:
		fb_printf(b, "{inum=%llu, size=%llu, fspath=",
			  (unsigned long long)ld64(p),
			  (unsigned long long)ld64(p + 8));
		fmt_ptr(b, ld64(p + 48));
		fb_putc(b, '}');
		break;
	case BTRFS_IOC_LOGICAL_INO:
		btrfs_logical_ino(b, p);
		break;
	case BTRFS_IOC_SET_RECEIVED_SUBVOL:
		btrfs_received_subvol(b, p);
		break;
	case BTRFS_IOC_SEND:
		btrfs_send(b, c, p);
		break;
	case FS_IOC_SETFSLABEL: case FS_IOC_GETFSLABEL:
		fmt_cstr_array(b, c, p, FSLABEL_MAX);
		break;
	case BTRFS_IOC_GET_FEATURES:
		btrfs_features(b, p);
		break;
	case BTRFS_IOC_GET_SUPPORTED_FEATURES:
		fb_putc(b, '[');
		btrfs_features(b, p);
		fb_puts(b, " /* supported */, ");
		btrfs_features(b, p + 24);
		fb_puts(b, " /* safe to set */, ");
		btrfs_features(b, p + 48);
		fb_puts(b, " /* safe to clear */]");
		break;
	case BTRFS_IOC_DEV_REPLACE:
		btrfs_dev_replace(b, c, p);
		break;
	case FIDEDUPERANGE:
		btrfs_dedupe(b, c, k);
		break;
	case BTRFS_IOC_SET_FEATURES:
		fb_putc(b, '[');
		btrfs_features(b, p);
		fb_puts(b, ", ");
		btrfs_features(b, p + 24);
		fb_putc(b, ']');
		break;
	default:
		btrfs_vol_args(b, c, p);
		break;
	}
	return 1;
}

const struct ioctl_family ioctl_btrfs = {
	.type = 0x94,
	.when = btrfs_when,
	.arg = btrfs_arg,
};
