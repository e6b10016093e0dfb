// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: ioctl(2) requests of type 0x94, btrfs' BTRFS_IOC_* and
 * the generic file system requests that share the type (FICLONE,
 * FICLONERANGE, FIDEDUPERANGE, FS_IOC_[GS]ETFSLABEL), as strace 6.1
 * prints them at entry: what a request gives the kernel.  What a call
 * fills (strace's " => {...}" after success, and the structs of the
 * read-only requests) is not decoded: those print the pointer.  The
 * argument is BPF's copy of _IOC_SIZE bytes (k); the memory behind a
 * pointer inside it (a qgroup_inherit, send's clone_sources) is
 * c->inner[0] (cap_ioctl.bpf.c).  Struct layouts are x86_64's.
 */
#include <linux/btrfs.h>
#include <linux/btrfs_tree.h>
#include <linux/fs.h>

#include "fmt_ioctl.h"

#define VOL_ARGS_NAME	4088	/* struct btrfs_ioctl_vol_args' name */
#define VOL_V2_NAME	4040	/* struct btrfs_ioctl_vol_args_v2's name */
#define QGI_HEAD	72	/* struct btrfs_qgroup_inherit before qgroups */
#define DEV_NAME	1025	/* BTRFS_DEVICE_PATH_NAME_MAX + 1 */

/* a u64 field: UINT64_MAX by name, as strace's PRINT_FIELD_U64 */
static void btrfs_u64(struct fmt_buf *b, const char *name, uint64_t v)
{
	fb_puts(b, name);
	fb_putc(b, '=');
	if (v == UINT64_MAX)
		fmt_const(b, "UINT64_MAX", v, XF_UDEC);
	else
		fb_udec(b, v);
}

/* a value of x by name, else in decimal (strace's XVAL_U, no default) */
static void btrfs_xval(struct fmt_buf *b, const struct xlat *x, uint64_t v)
{
	fmt_const(b, xlat_name(x, v), v, XF_UDEC);
}

/* an object id: a tree's name, else the number */
static void btrfs_objid(struct fmt_buf *b, const char *name, uint64_t v)
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

/*
 * struct btrfs_qgroup_inherit at ptr, in's copy of it: its head, then
 * "..." (qgroups=[...] with -v); the pointer when not all copied
 */
static void btrfs_qgroup_inherit(struct fmt_buf *b, const struct sc_call *c,
				 uint64_t ptr)
{
	const struct cap *in = c->inner[0];
	const uint8_t *p;
	uint64_t n;

	if (!ptr || !in || in->len < QGI_HEAD) {
		fmt_ptr(b, ptr);
		return;
	}
	p = in->p;
	n = ld64(p + 8);
	fb_puts(b, "{flags=");
	fmt_flags_dflt(b, &xlat_btrfs_qgroup_inherit_flags, ld64(p),
		       "BTRFS_QGROUP_INHERIT_???");
	fb_printf(b, ", num_qgroups=%llu, num_ref_copies=%llu, "
		  "num_excl_copies=%llu, lim={flags=",
		  (unsigned long long)n, (unsigned long long)ld64(p + 16),
		  (unsigned long long)ld64(p + 24));
	fmt_flags_dflt(b, &xlat_btrfs_qgroup_limit_flags, ld64(p + 32),
		       "BTRFS_QGROUP_LIMIT_???");
	fb_printf(b, ", max_rfer=%llu, max_excl=%llu, rsv_rfer=%llu, "
		  "rsv_excl=%llu}, ", (unsigned long long)ld64(p + 40),
		  (unsigned long long)ld64(p + 48),
		  (unsigned long long)ld64(p + 56),
		  (unsigned long long)ld64(p + 64));
	if (abbrev(c)) {
		fb_puts(b, "...}");
		return;
	}
	fb_puts(b, "qgroups=");
	if (!n) {
		fb_puts(b, "[]}");
		return;
	}
	for (uint64_t j = 0; j < n; j++) {
		uint64_t off = QGI_HEAD + 8 * j;

		if (in->len < off + 8) {
			if (!j)
				fmt_ptr(b, ptr + off);
			else {
				fb_puts(b, ", ... /* ");
				fmt_ptr(b, ptr + off);
				fb_puts(b, " */]");
			}
			fb_putc(b, '}');
			return;
		}
		fb_puts(b, j ? ", " : "[");
		fb_udec(b, ld64(in->p + off));
	}
	fb_puts(b, "]}");
}

/* struct btrfs_ioctl_vol_args_v2, as the create requests give it */
static void btrfs_vol_args_v2(struct fmt_buf *b, const struct sc_call *c,
			      const uint8_t *p)
{
	uint64_t flags = ld64(p + 16);

	fb_puts(b, "{fd=");
	fmt_fd_value(b, c, (int32_t)ld64(p));
	fb_puts(b, ", flags=");
	fmt_flags_dflt(b, &xlat_btrfs_snap_flags_v2, flags, "BTRFS_SUBVOL_???");
	if (flags & BTRFS_SUBVOL_QGROUP_INHERIT) {
		fb_printf(b, ", size=%llu, qgroup_inherit=",
			  (unsigned long long)ld64(p + 24));
		btrfs_qgroup_inherit(b, c, ld64(p + 32));
	}
	fb_puts(b, ", ");
	ioctl_cstr(b, c, "name", p + 56, VOL_V2_NAME);
	fb_putc(b, '}');
}

/* struct btrfs_balance_args (136 bytes) */
static void btrfs_balance_args(struct fmt_buf *b, const uint8_t *p)
{
	fb_puts(b, "{profiles=");
	fmt_flags_dflt(b, &xlat_btrfs_space_info_flags, ld64(p),
		       "BTRFS_BLOCK_GROUP_???");
	fb_puts(b, ", ");
	btrfs_u64(b, "usage", ld64(p + 8));
	fb_puts(b, ", devid=");
	fmt_dev_val(b, ld64(p + 16));
	fb_puts(b, ", ");
	btrfs_u64(b, "pstart", ld64(p + 24));
	fb_puts(b, ", ");
	btrfs_u64(b, "pend", ld64(p + 32));
	fb_puts(b, ", ");
	btrfs_u64(b, "vstart", ld64(p + 40));
	fb_puts(b, ", ");
	btrfs_u64(b, "vend", ld64(p + 48));
	fb_puts(b, ", ");
	btrfs_u64(b, "target", ld64(p + 56));
	fb_puts(b, ", flags=");
	fmt_flags_dflt(b, &xlat_btrfs_balance_args, ld64(p + 64),
		       "BTRFS_BALANCE_ARGS_???");
	fb_putc(b, '}');
}

/* struct btrfs_ioctl_balance_args as given: the types its flags pick */
static void btrfs_balance(struct fmt_buf *b, const uint8_t *p)
{
	static const struct {
		uint64_t bit;
		const char *name;
		size_t off;
	} part[] = {
		{ BTRFS_BALANCE_DATA, ", data=", 16 },
		{ BTRFS_BALANCE_METADATA, ", meta=", 152 },
		{ BTRFS_BALANCE_SYSTEM, ", sys=", 288 },
	};
	uint64_t flags = ld64(p);

	fb_puts(b, "{flags=");
	fmt_flags_dflt(b, &xlat_btrfs_balance_flags, flags,
		       "BTRFS_BALANCE_???");
	for (size_t j = 0; j < sizeof(part) / sizeof(part[0]); j++) {
		if (!(flags & part[j].bit))
			continue;
		fb_puts(b, part[j].name);
		btrfs_balance_args(b, p + part[j].off);
	}
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

/* struct btrfs_ioctl_search_key at entry; abbreviated, strace leaves
   out the object ids that are the defaults */
static void btrfs_search_key(struct fmt_buf *b, const struct sc_call *c,
			     const uint8_t *p)
{
	btrfs_objid(b, "{key={tree_id", ld64(p));
	if (ld64(p + 8) != BTRFS_FIRST_FREE_OBJECTID || !abbrev(c)) {
		fb_puts(b, ", ");
		btrfs_objid(b, "min_objectid", ld64(p + 8));
	}
	if (ld64(p + 16) != (uint64_t)BTRFS_LAST_FREE_OBJECTID || !abbrev(c)) {
		fb_puts(b, ", ");
		btrfs_objid(b, "max_objectid", ld64(p + 16));
	}
	fb_puts(b, ", ");
	btrfs_u64(b, "min_offset", ld64(p + 24));
	fb_puts(b, ", ");
	btrfs_u64(b, "max_offset", ld64(p + 32));
	fb_puts(b, ", ");
	btrfs_u64(b, "min_transid", ld64(p + 40));
	fb_puts(b, ", ");
	btrfs_u64(b, "max_transid", ld64(p + 48));
	fb_puts(b, ", min_type=");
	btrfs_xval(b, &xlat_btrfs_key_types, ld32(p + 56));
	fb_puts(b, ", max_type=");
	btrfs_xval(b, &xlat_btrfs_key_types, ld32(p + 60));
	fb_printf(b, ", nr_items=%u}", ld32(p + 64));
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

/* send's clone_sources: with -v the ids (inner copy), else the pointer */
static void btrfs_clone_sources(struct fmt_buf *b, const struct sc_call *c,
				uint64_t ptr, uint64_t n)
{
	const struct cap *in = c->inner[0];

	if (!ptr || abbrev(c) || !in || in->len < 8) {
		fmt_ptr(b, ptr);
		return;
	}
	if (!n) {
		fb_puts(b, "[]");
		return;
	}
	for (uint64_t j = 0; j < n; j++) {
		if (in->len < 8 * j + 8) {
			fb_puts(b, ", ... /* ");
			fmt_ptr(b, ptr + 8 * j);
			fb_puts(b, " */");
			break;
		}
		fb_puts(b, j ? ", " : "[");
		btrfs_xval(b, &xlat_btrfs_tree_objectids, ld64(in->p + 8 * j));
	}
	fb_putc(b, ']');
}

/* struct btrfs_ioctl_send_args */
static void btrfs_send(struct fmt_buf *b, const struct sc_call *c,
		       const uint8_t *p)
{
	uint64_t n = ld64(p + 8);

	fb_puts(b, "{send_fd=");
	fmt_fd_value(b, c, (int32_t)ld64(p));
	fb_printf(b, ", clone_sources_count=%llu, clone_sources=",
		  (unsigned long long)n);
	btrfs_clone_sources(b, c, ld64(p + 16), n);
	fb_puts(b, ", ");
	btrfs_objid(b, "parent_root", ld64(p + 24));
	fb_puts(b, ", flags=");
	fmt_flags_dflt(b, &xlat_btrfs_send_flags, ld64(p + 32),
		       "BTRFS_SEND_FLAGS_???");
	fb_putc(b, '}');
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

/*
 * FIDEDUPERANGE's struct file_dedupe_range and its dest_count struct
 * file_dedupe_range_info after it (32 bytes each): two of them and "..."
 * unless -v; one not copied ends the array with its address
 */
static void btrfs_dedupe(struct fmt_buf *b, const struct sc_call *c,
			 const struct cap *k)
{
	uint16_t n = ld16(k->p + 16);

	fb_printf(b, "{src_offset=%llu, src_length=%llu, dest_count=%u, "
		  "info=", (unsigned long long)ld64(k->p),
		  (unsigned long long)ld64(k->p + 8), n);
	if (!n) {
		fb_puts(b, "[]}");
		return;
	}
	for (uint32_t j = 0; j < n; j++) {
		size_t off = 24 + 32 * (size_t)j;

		if (k->len < off + 32) {
			if (!j) {
				fmt_ptr(b, c->args[2] + off);
				fb_putc(b, '}');
				return;
			}
			fb_puts(b, ", ... /* ");
			fmt_ptr(b, c->args[2] + off);
			fb_puts(b, " */");
			break;
		}
		fb_puts(b, j ? ", " : "[");
		if (abbrev(c) && j >= 2) {
			fb_puts(b, "...");
			break;
		}
		fb_puts(b, "{dest_fd=");
		fmt_fd_value(b, c, (int32_t)ld64(k->p + off));
		fb_printf(b, ", dest_offset=%llu}",
			  (unsigned long long)ld64(k->p + off + 8));
	}
	fb_puts(b, "]}");
}

/* bytes of the argument a request's decoder reads; 0: a value, or none */
static size_t btrfs_size(uint32_t req, const struct cap *k)
{
	switch (req) {
	case BTRFS_IOC_WAIT_SYNC: case BTRFS_IOC_DEFAULT_SUBVOL:
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
	case FS_IOC_SETFSLABEL:
		return FSLABEL_MAX;
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
		/* what they fill is not decoded: the pointer, at exit */
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
		fb_printf(b, "[%llu]", (unsigned long long)ld64(p));
		return 1;
	case BTRFS_IOC_SUBVOL_SETFLAGS:
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
	case FS_IOC_SETFSLABEL:
		fmt_cstr_array(b, c, p, FSLABEL_MAX);
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
