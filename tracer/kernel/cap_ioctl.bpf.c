// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, kernel side: ioctl(2)'s memory behind a pointer inside
 * its argument's struct (CAP_OP_UPTO's copy of the argument calls
 * g_ioc_ind): the console's fonts and Unicode maps, V4L2's overlay clips
 * and extended controls, and those controls' strings (CAP_IOC_STR
 * items), a socket's interface list (SIOCGIFCONF), TEE's buffers of a
 * struct tee_ioctl_buf_data, btrfs' qgroup_inherit and send's
 * clone_sources, SG_IO's v4 buffers (g_ioc_sg4), at entry and at exit;
 * the device mapper's argument itself past its header (its payload), at
 * entry; KVM's struct kvm_cpuid2 with its entries, and -y the fd
 * KVM_CREATE_VM and KVM_CREATE_VCPU return.
 */
#include "cap.bpf.h"

/*
 * V4L2's struct v4l2_format at fmt (of an argument at base): byte 32,
 * its window's clips, for the overlay buffer types (3, 8) that have
 * one; 0: none
 */
static __always_inline u32 ioc_v4l2_clips(u64 base, u32 fmt)
{
	u32 type = 0;

	if (bpf_probe_read_user(&type, sizeof(type),
				(const void *)(base + fmt)))
		return 0;
	return type == 3 || type == 8 ? fmt + 32 : 0;
}

/*
 * V4L2's extended controls at inner (the struct at arg says how many):
 * the string of each of the first CAP_IOC_STRS that has one (a size), as
 * strace reads it (min(size, -s + 1) bytes), a CAP_IOC_STR item whose
 * total is the control's index; whole or faulted
 */
__noinline u32 g_ioc_strs(u32 off, u32 ph, u64 inner, u64 arg)
{
	u32 count = 0, ss = strsize() + 1;

	if (bpf_probe_read_user(&count, sizeof(count), (const void *)(arg + 4)))
		return off;
	for (u32 j = 0; j < CAP_IOC_STRS && j < count; j++) {
		u64 at = inner + 20 * (u64)j, str = 0;
		u32 size = 0, before = off;
		struct cap_item *it;
		u8 *b;

		if (bpf_probe_read_user(&size, sizeof(size),
					(const void *)(at + 4)) ||
		    bpf_probe_read_user(&str, sizeof(str),
					(const void *)(at + 12)))
			break;
		if (!size)
			continue;
		off = g_buf(off, CAP_IOC_STR, str, size < ss ? size : ss,
			    ss | ph << 24);
		b = buf();
		if (!b || off == before)
			continue;
		/* the control it is the string of */
		it = (struct cap_item *)(b + bounded(before, CAP_REC_MAX - 1));
		it->total = j;
	}
	return off;
}

/* struct sg_io_v4's fields g_ioc_sg4 reads: its first 88 bytes */
struct sg4_head {
	u32 guard, protocol, subprotocol, request_len;
	u64 request, request_tag;
	u32 attr, prio, extra, max_response_len;
	u64 response;
	u32 dout_iovec_count, dout_xfer_len, din_iovec_count, din_xfer_len;
	u64 dout_xferp, din_xferp;
};

/*
 * One of SG_IO v4's data buffers as CAP_IOC_STR item j: with cnt (an
 * iovec count) the struct iovec[] and each element's data, as CAP_OP_IOV
 * copies them with len bytes to share (an array that ran into memory
 * that could not be read: then item j + 1 says how many elements it
 * holds, a u32); else len bytes, as strace reads a string (at most
 * -s + 1)
 */
static __always_inline u32 sg4_buf(u32 off, u32 ph, u32 j, u64 ptr,
				   u32 len, u32 cnt)
{
	u32 before = off, ss = strsize() + 1;
	struct cap_item *it;
	u8 *b;

	if (cnt)
		off = g_iov(off, CAP_IOC_STR, ptr,
			    (cnt < CAP_ARRAY_MAX ? cnt : CAP_ARRAY_MAX) | ph << 24,
			    len);
	else
		off = g_buf(off, CAP_IOC_STR, ptr, len < ss ? len : ss,
			    ss | ph << 24);
	b = buf();
	if (!b || off == before)
		return off;
	it = (struct cap_item *)(b + bounded(before, CAP_REC_MAX - 1));
	it->total = j;
	if (!(it->flags & CAP_F_UNTERM) || room(off, 4) < 4)
		return off;
	*(u32 *)data_at(b, off) = it->count;
	return item_end(b, off, CAP_IOC_STR, ph, 4, 0, 0, j + 1);
}

/*
 * SG_IO with a struct sg_io_v4 at arg (guard 'Q'): at entry its request
 * (item 0) and dout_xferp's data (item 1, and 2 for a cut iovec), at exit
 * its response (0) and din_xferp's data (1, 2), each as sg4_buf copies it; the lengths strace
 * prints them with: request_len, dout_xfer_len, and at exit
 * response_len and din_xfer_len less din_resid (when in range)
 */
__noinline u32 g_ioc_sg4(u32 off, u32 ph, u64 arg)
{
	struct sg4_head h;
	u32 tail[2] = { 0, 0 };	/* response_len, din_resid */
	u32 len;

	if (bpf_probe_read_user(&h, sizeof(h), (const void *)arg) ||
	    bpf_probe_read_user(tail, sizeof(tail), (const void *)(arg + 132)))
		return off;
	if (ph == CAP_AT_ENTRY) {
		off = sg4_buf(off, ph, 0, h.request, h.request_len, 0);
		return sg4_buf(off, ph, 1, h.dout_xferp, h.dout_xfer_len,
			       h.dout_iovec_count);
	}
	off = sg4_buf(off, ph, 0, h.response, tail[0], 0);
	len = h.din_xfer_len;
	if ((s32)tail[1] > 0 && tail[1] <= len)
		len -= tail[1];
	return sg4_buf(off, ph, 1, h.din_xferp, len, h.din_iovec_count);
}

/*
 * ioctl: what the pointer inside the argument's struct points to, for
 * the console's requests that pass one: GIO_UNIMAP and PIO_UNIMAP's
 * entries, GIO_FONTX and PIO_FONTX's chardata (at byte 8), KDFONTOP's
 * data (at byte 24); V4L2's: a format's clips (VIDIOC_G_FMT, S_FMT,
 * TRY_FMT; CREATE_BUFS' format at byte 16), the controls of
 * VIDIOC_G_EXT_CTRLS, S_EXT_CTRLS and TRY_EXT_CTRLS (at byte 24) and
 * their strings (g_ioc_strs);
 * CAP_IOC_IND_MAX bytes as CAP_OP_UPTO copies them, at entry and exit
 * alike (what a get request fills is read at exit)
 */
__noinline u32 g_ioc_ind(u32 off, u32 ph, const struct call_args *ca)
{
	u64 inner = 0;
	u32 at, strs = 0;

	if (!ca)
		return off;
	/* the device mapper's (type 0xfd, a struct dm_ioctl): the
	   argument itself from its start, its payload past the header
	   (data_start up to data_size), at entry (what the call is given) */
	if (((u32)ca->args[1] & 0xffffff00) == 0xc138fd00) {
		if (ph != CAP_AT_ENTRY || !ca->args[2])
			return off;
		return g_buf(off, CAP_IOC_IND, ca->args[2], CAP_IOC_IND_MAX,
			     CAP_IOC_IND_MAX | CAP_UPTO_BIT | ph << 24);
	}
	/* KVM's struct kvm_cpuid2 and its entries: the argument itself,
	   as given (KVM_SET_CPUID2) or as filled (KVM_GET_SUPPORTED_CPUID,
	   KVM_GET_EMULATED_CPUID) */
	if (((u32)ca->args[1] == 0x4008ae90 && ph == CAP_AT_ENTRY) ||
	    (((u32)ca->args[1] == 0xc008ae05 ||
	      (u32)ca->args[1] == 0xc008ae09) && ph == CAP_AT_EXIT))
		return g_buf(off, CAP_IOC_IND, ca->args[2], CAP_IOC_IND_MAX,
			     CAP_IOC_IND_MAX | CAP_UPTO_BIT | ph << 24);
	switch ((u32)ca->args[1]) {
	case 0x4b66: case 0x4b67: case 0x4b6b: case 0x4b6c:
		at = 8;
		break;
	case 0xc0205647: case 0xc0205648: case 0xc0205649:
		strs = 1;
		/* fall through */
	case 0x4b72:
		at = 24;
		break;
	case 0xc0d05604: case 0xc0d05605: case 0xc0d05640:
		at = ioc_v4l2_clips(ca->args[2], 0);
		break;
	case 0xc100565c:
		at = ioc_v4l2_clips(ca->args[2], 16);
		break;
	case 0x1269:		/* BLKPG: its struct blkpg_partition */
		at = 16;
		break;
	case 0x8912:		/* SIOCGIFCONF: its struct ifreq array */
		at = 8;
		break;
	case 0x2285:		/* SG_IO: a v3 header's dxferp */
		if (bpf_probe_read_user(&at, sizeof(at),
					(const void *)ca->args[2]))
			return off;
		if (at == 'Q')
			return g_ioc_sg4(off, ph, ca->args[2]);
		at = 16;
		break;
	/* TEE_IOC_OPEN_SESSION, INVOKE, SUPPL_RECV, SUPPL_SEND: the
	   buffer of their struct tee_ioctl_buf_data */
	case 0x8010a402: case 0x8010a403: case 0x8010a406: case 0x8010a407:
		at = 0;
		goto read;
	/* BTRFS_IOC_SNAP_CREATE_V2, SUBVOL_CREATE_V2: a struct
	   btrfs_ioctl_vol_args_v2's qgroup_inherit */
	case 0x50009417: case 0x50009418:
		at = 32;
		break;
	case 0x40489426:	/* BTRFS_IOC_SEND: its clone_sources */
		at = 16;
		break;
	default:
		return off;
	}
	if (!at)
		return off;
read:
	if (bpf_probe_read_user(&inner, sizeof(inner),
				(const void *)(ca->args[2] + at)) || !inner)
		return off;
	off = g_buf(off, CAP_IOC_IND, inner, CAP_IOC_IND_MAX,
		    CAP_IOC_IND_MAX | CAP_UPTO_BIT | ph << 24);
	if (strs)
		off = g_ioc_strs(off, ph, inner, ca->args[2]);
	return off;
}

/*
 * -y: the fd KVM_CREATE_VM (0xae01) and KVM_CREATE_VCPU (0xae41) return,
 * at exit (their argument is no pointer: g_ioc_ind is not reached)
 */
__noinline u32 g_ioc_retfd(u32 off, const struct call_args *ca)
{
	if (!ca || !ro_fds || ca->ret < 0 ||
	    ((u32)ca->args[1] != 0xae01 && (u32)ca->args[1] != 0xae41))
		return off;
	return g_fd(off, CAP_FD_RET | CAP_AT_EXIT << 8, ca->ret, ro_fds);
}
