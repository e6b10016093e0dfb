// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: btrfs ioctls' larger structs, as strace 6.1 prints
 * them at entry: a subvolume's creation with its qgroup_inherit, a
 * balance, a tree search's key, a send with its clone_sources, and
 * FIDEDUPERANGE's ranges.  Memory behind a pointer inside a struct is
 * BPF's copy of it, c->inner[0] (cap_ioctl.bpf.c); not copied whole, it
 * prints as its pointer (or an array ends with the address of the first
 * element not copied).  Layouts are x86_64's.
 */
#include <linux/btrfs.h>
#include <linux/btrfs_tree.h>

#include "fmt_ioctl_btrfs.h"

#define VOL_V2_NAME	4040	/* struct btrfs_ioctl_vol_args_v2's name */
#define QGI_HEAD	72	/* struct btrfs_qgroup_inherit before qgroups */

/* struct btrfs_qgroup_limit (40 bytes) */
void btrfs_qgroup_limit(struct fmt_buf *b, const uint8_t *p)
{
	fb_puts(b, "{flags=");
	fmt_flags_dflt(b, &xlat_btrfs_qgroup_limit_flags, ld64(p),
		       "BTRFS_QGROUP_LIMIT_???");
	fb_printf(b, ", max_rfer=%llu, max_excl=%llu, rsv_rfer=%llu, "
		  "rsv_excl=%llu}", (unsigned long long)ld64(p + 8),
		  (unsigned long long)ld64(p + 16),
		  (unsigned long long)ld64(p + 24),
		  (unsigned long long)ld64(p + 32));
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
		  "num_excl_copies=%llu, lim=",
		  (unsigned long long)n, (unsigned long long)ld64(p + 16),
		  (unsigned long long)ld64(p + 24));
	btrfs_qgroup_limit(b, p + 32);
	fb_puts(b, ", ");
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
void btrfs_vol_args_v2(struct fmt_buf *b, const struct sc_call *c,
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
void btrfs_balance(struct fmt_buf *b, const uint8_t *p)
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
/* struct btrfs_ioctl_search_key at entry; abbreviated, strace leaves
   out the object ids that are the defaults */
void btrfs_search_key(struct fmt_buf *b, const struct sc_call *c,
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
void btrfs_send(struct fmt_buf *b, const struct sc_call *c,
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
/*
 * FIDEDUPERANGE's struct file_dedupe_range and its dest_count struct
 * file_dedupe_range_info after it (32 bytes each): two of them (-s's
 * count when fewer, strace's print_array) and "..." unless -v; one not
 * copied ends the array with its address
 */
void btrfs_dedupe(struct fmt_buf *b, const struct sc_call *c,
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
		if (abbrev(c) && (j >= 2 || j >= (uint32_t)str_max(c))) {
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
