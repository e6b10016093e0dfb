// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, kernel side: mount_setattr(2)'s struct mount_attr, size
 * bytes (at most CAP_MOUNT_ATTR_MAX, or those before the page that
 * faults), and with -y the user namespace fd it holds when attr_set has
 * MOUNT_ATTR_IDMAP (the only case the kernel reads it as an fd), as
 * clone3's pidfd is: a CAP_FD_SET0 slot with the fd in the item's total.
 */
#include "cap.bpf.h"

#define MOUNT_ATTR_IDMAP_	0x100000

u32 g_mountattr(u32 off, u32 arg, u64 ptr, u64 size, u32 phase)
{
	u64 a[4] = {};

	off = g_buf(off, arg, ptr, size < CAP_MOUNT_ATTR_MAX ? size :
		    CAP_MOUNT_ATTR_MAX, CAP_MOUNT_ATTR_MAX | CAP_UPTO_BIT |
		    phase << 24);
	if (!ro_fds || size < 32 ||
	    bpf_probe_read_user(a, sizeof(a), (const void *)ptr))
		return off;
	/* the kernel refuses a userns_fd past INT_MAX */
	if (!(a[0] & MOUNT_ATTR_IDMAP_) || a[3] > 0x7fffffff)
		return off;
	return g_fd_held(off, CAP_FD_SET0 | phase << 8, (s32)a[3], ro_fds);
}
