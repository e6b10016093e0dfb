/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Decoders stage: btrfs ioctls (type 0x94), shared by the dispatcher
 * (fmt_ioctl_btrfs.c: requests, sizes, the simpler structs) and the
 * larger structs' printers (fmt_ioctl_btrfs_structs.c).  Each printer
 * takes a copy at least as long as the struct's fields it prints.
 */
#ifndef ETRACE_FMT_IOCTL_BTRFS_H
#define ETRACE_FMT_IOCTL_BTRFS_H

#include "fmt_ioctl.h"

/* name=N, UINT64_MAX by name (strace's PRINT_FIELD_U64) */
void btrfs_u64(struct fmt_buf *b, const char *name, uint64_t v);
/* a value of x by name, else in decimal (strace's XVAL_U, no default) */
void btrfs_xval(struct fmt_buf *b, const struct xlat *x, uint64_t v);
/* name=an object id: a tree's name, else the number */
void btrfs_objid(struct fmt_buf *b, const char *name, uint64_t v);

/* struct btrfs_qgroup_limit (40 bytes) */
void btrfs_qgroup_limit(struct fmt_buf *b, const uint8_t *p);
/* struct btrfs_ioctl_vol_args_v2 as the create requests give it (4096),
   its qgroup_inherit from c->inner[0] */
void btrfs_vol_args_v2(struct fmt_buf *b, const struct sc_call *c,
		       const uint8_t *p);
/* struct btrfs_ioctl_balance_args as given (424 bytes read) */
void btrfs_balance(struct fmt_buf *b, const uint8_t *p);
/* "{key={...}" of a struct btrfs_ioctl_search_key (68 bytes read) */
void btrfs_search_key(struct fmt_buf *b, const struct sc_call *c,
		      const uint8_t *p);
/* struct btrfs_ioctl_send_args (40 bytes read), clone_sources from
   c->inner[0] */
void btrfs_send(struct fmt_buf *b, const struct sc_call *c,
		const uint8_t *p);
/* FIDEDUPERANGE's struct file_dedupe_range (24 bytes at least in k) and
   the infos k holds after it */
void btrfs_dedupe(struct fmt_buf *b, const struct sc_call *c,
		  const struct cap *k);

#endif
