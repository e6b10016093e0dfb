/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Decoders stage: ioctl(2)'s argument kinds, shared by the dispatcher
 * (fmt_ioctl.c: request names, terminals) and the device and file system
 * families' structs (fmt_ioctl_dev.c).
 */
#ifndef ETRACE_FMT_IOCTL_H
#define ETRACE_FMT_IOCTL_H

#include "fmt_priv.h"

/* how a request's argument prints, and when */
enum ioarg {
	IOA_NONE,	/* no argument shown */
	IOA_HEX,	/* the number, unknown requests */
	IOA_INT,	/* the value itself, decimal */
	IOA_PINT,	/* [int] */
	IOA_TERMIOS, IOA_TERMIO, IOA_WINSIZE, IOA_MODEM, IOA_XONC, IOA_FLSH,
	IOA_CHAR,
	IOA_TERMIOS2,	/* struct termios2 */
	IOA_FSFLAGS,	/* [FS_*_FL] */
	IOA_FSTRIM,	/* struct fstrim_range */
	IOA_FSXATTR,	/* struct fsxattr, as set */
	IOA_FSXATTR_GET,	/* struct fsxattr, as got: with fsx_nextents */
	IOA_FIEMAP,	/* struct fiemap's request; at exit what it mapped */
	IOA_RANDPOOL,	/* struct rand_pool_info */
	IOA_UID,	/* [uid] */
	IOA_COUNTER_WATCH,	/* struct counter_watch */
	IOA_UFFD_RANGE,		/* struct uffdio_range */
	IOA_RTC_TIME,	/* struct rtc_time */
	IOA_RTC_WKALRM,	/* struct rtc_wkalrm */
	IOA_RTC_PLL,	/* struct rtc_pll_info */
	IOA_RTC_VL,	/* [RTC_VL_*] */
	IOA_ULONG,	/* the value itself, unsigned decimal */
	IOA_PULONG,	/* [unsigned long] */
	IOA_RTC_PARAM,	/* struct rtc_param, as set */
	/* split: the struct's input at entry, its result at exit */
	IOA_UFFD_API, IOA_UFFD_REGISTER, IOA_UFFD_COPY, IOA_UFFD_ZEROPAGE,
	IOA_RTC_PARAM_GET,
	IOA_FAMILY,	/* by the request's family (struct ioctl_family) */
};

/*
 * A family of requests sharing a type byte (_IOC_TYPE): its decoders,
 * found by the type (fmt_ioctl.c's table).
 */
struct ioctl_family {
	uint8_t type;
	/* words for a number built from parts (EVIOCGABS(ABS_X)); 0: not
	   one; in_comment: inside -Xverbose's comment (no comment in it) */
	int (*number)(struct fmt_buf *b, uint32_t req, int in_comment);
	/* how the argument prints: IOA_FAMILY (by arg), IOA_HEX, IOA_NONE;
	   *at_exit: after the call (what it fills) */
	enum ioarg (*when)(uint32_t req, int *at_exit);
	/* the argument, k its copy (NULL: none); 0: print the pointer,
	   1: printed, 2: printed a struct the call completes (out) */
	int (*arg)(struct fmt_buf *b, const struct sc_call *c, uint32_t req,
		   const struct cap *k);
	/* at exit, after arg's 2: what the call filled (" => {...}") */
	void (*out)(struct fmt_buf *b, const struct sc_call *c, uint32_t req);
	/* optional: after the return value, what else the call got
	   (strace's " (...)") */
	void (*ret)(struct fmt_buf *b, const struct sc_call *c, uint32_t req);
};

extern const struct ioctl_family ioctl_evdev, ioctl_hdio, ioctl_gpio,
	ioctl_ptp, ioctl_scsi, ioctl_loop, ioctl_seccomp, ioctl_mtd,
	ioctl_lirc, ioctl_ubi, ioctl_ubi_vol, ioctl_perf, ioctl_kd,
	ioctl_nbd, ioctl_v4l2, ioctl_block, ioctl_sock, ioctl_hid,
	ioctl_tee, ioctl_dm, ioctl_kvm;
extern const struct ioctl_family ioctl_btrfs;

/* [N], the int k's copy starts with; 0: fewer than 4 bytes (the pointer) */
int ioctl_pint(struct fmt_buf *b, const struct cap *k);

/* name="text" of a char[size] field: up to its NUL, "..." when none */
void ioctl_cstr(struct fmt_buf *b, const struct sc_call *c, const char *name,
		const uint8_t *p, size_t size);

/* strace's printstr_ex in hex of len bytes, k's copy of their first
   (NULL: none); 0: fewer copied than strace reads, print the pointer */
int ioctl_hexstr(struct fmt_buf *b, const struct sc_call *c,
		 const struct cap *k, uint64_t len);

/* bytes of the struct a split request completes, or 0: not split */
size_t ioctl_split_size(enum ioarg how);
/* a split request's struct at exit: what the call filled, its end */
void ioctl_split_out(struct fmt_buf *b, const struct sc_call *c,
		     enum ioarg how);
/* a family's struct from k; 0: fewer bytes copied than it needs */
int ioctl_struct_arg(struct fmt_buf *b, const struct sc_call *c,
		     enum ioarg how, const struct cap *k);

#endif
