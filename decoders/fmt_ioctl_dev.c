// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: ioctl(2) arguments of the device and file system
 * families: inode flags and file system structs, entropy, namespaces,
 * counters, real-time clocks, userfaultfd (whose structs the call
 * completes: their input at entry, their result at exit).  Each prints
 * only from a copy of the whole struct.
 */
#include <linux/rtc.h>

#include "fmt_ioctl.h"

/* bytes of the structs the split requests complete */
size_t ioctl_split_size(enum ioarg how)
{
	switch (how) {
	case IOA_UFFD_API: case IOA_RTC_PARAM_GET:
		return 24;
	case IOA_UFFD_REGISTER: case IOA_UFFD_ZEROPAGE: case IOA_FIEMAP:
		return 32;
	case IOA_UFFD_COPY:
		return 40;
	default:
		return 0;
	}
}

/* struct fsxattr: flags, extent size, [extents,] project, CoW size */
static void fmt_fsxattr(struct fmt_buf *b, const uint8_t *p, int got)
{
	fb_puts(b, "{fsx_xflags=");
	fmt_flags_dflt(b, &xlat_fs_xflags, ld32(p), "FS_XFLAG_???");
	fb_puts(b, ", fsx_extsize=");
	fb_udec(b, ld32(p + 4));
	if (got) {
		fb_puts(b, ", fsx_nextents=");
		fb_udec(b, ld32(p + 8));
	}
	fb_puts(b, ", fsx_projid=");
	fb_hex(b, ld32(p + 12));
	fb_puts(b, ", fsx_cowextsize=");
	fb_udec(b, ld32(p + 16));
	fb_putc(b, '}');
}

/* struct rand_pool_info: its buf is buf_size bytes after two ints */
static int fmt_randpool(struct fmt_buf *b, const struct sc_call *c,
			const struct cap *k)
{
	int32_t size = (int32_t)ld32(k->p + 4);
	size_t want = size > 0 ? (size_t)size : 0;
	size_t show = want < (size_t)str_max(c) ? want : (size_t)str_max(c);

	fb_puts(b, "{entropy_count=");
	fb_dec(b, (int32_t)ld32(k->p));
	fb_puts(b, ", buf_size=");
	fb_dec(b, size);
	fb_puts(b, ", buf=");
	/* bytes past the copy (or a length that is no length): their
	   address, never a guess */
	if (size >= 0 && 8 + show <= k->len)
		fmt_qstr(b, c, k->p + 8, show, str_max(c), show < want, 0);
	else
		fmt_ptr(b, c->args[2] + 8);
	fb_putc(b, '}');
	return 1;
}

/* struct rtc_time: nine ints, the last three only with -v */
static void fmt_rtc_time(struct fmt_buf *b, const struct sc_call *c,
			 const uint8_t *p)
{
	static const char *const f[] = { "tm_sec", "tm_min", "tm_hour",
		"tm_mday", "tm_mon", "tm_year", "tm_wday", "tm_yday",
		"tm_isdst" };
	int n = verbose(c) ? 9 : 6;

	for (int j = 0; j < n; j++) {
		fb_puts(b, j ? ", " : "{");
		fb_puts(b, f[j]);
		fb_putc(b, '=');
		fb_dec(b, (int32_t)ld32(p + 4 * j));
	}
	fb_puts(b, n == 9 ? "}" : ", ...}");
}

static void fmt_rtc_pll(struct fmt_buf *b, const uint8_t *p)
{
	static const char *const f[] = { "pll_ctrl", "pll_value", "pll_max",
		"pll_min", "pll_posmult", "pll_negmult" };

	for (int j = 0; j < 6; j++) {
		fb_puts(b, j ? ", " : "{");
		fb_puts(b, f[j]);
		fb_putc(b, '=');
		fb_dec(b, (int32_t)ld32(p + 4 * j));
	}
	fb_puts(b, ", pll_clock=");
	fb_dec(b, (int64_t)ld64(p + 24));
	fb_putc(b, '}');
}

/* struct rtc_param's value, by the parameter it is */
static void fmt_rtc_value(struct fmt_buf *b, const uint8_t *p)
{
	uint64_t v = ld64(p + 8);

	switch (ld64(p)) {
	case RTC_PARAM_FEATURES:
		fb_puts(b, "uvalue=");
		fmt_bitnums(b, &xlat_rtc_features, v, "1<<RTC_FEATURE_???");
		return;
	case RTC_PARAM_CORRECTION:
		fb_puts(b, "svalue=");
		fb_dec(b, (int64_t)v);
		return;
	case RTC_PARAM_BACKUP_SWITCH_MODE:
		fb_puts(b, "uvalue=");
		fmt_enum_dflt(b, &xlat_rtc_bsm, v, "RTC_BSM_???");
		return;
	default:
		fb_puts(b, "uvalue=");
		fb_hex(b, v);
	}
}

/* struct rtc_param's padding, shown when not 0 */
static void fmt_rtc_pad(struct fmt_buf *b, const uint8_t *p)
{
	if (ld32(p + 20)) {
		fb_puts(b, ", __pad=");
		fb_hex(b, ld32(p + 20));
	}
}

/* RTC_PARAM_SET's whole struct, RTC_PARAM_GET's request (get) */
static void fmt_rtc_param(struct fmt_buf *b, const uint8_t *p, int get)
{
	fb_puts(b, "{param=");
	fmt_enum_dflt(b, &xlat_rtc_params, ld64(p), "RTC_PARAM_???");
	if (!get) {
		fb_puts(b, ", ");
		fmt_rtc_value(b, p);
	}
	fb_puts(b, ", index=");
	fb_udec(b, ld32(p + 16));
	fmt_rtc_pad(b, p);
	fb_putc(b, '}');
}

static void fmt_uffd_range(struct fmt_buf *b, const uint8_t *p)
{
	fb_puts(b, "{start=");
	fb_hex(b, ld64(p));
	fb_puts(b, ", len=");
	fb_hex(b, ld64(p + 8));
	fb_putc(b, '}');
}

/* a split request's input, its struct left open for the exit */
static void fmt_uffd_in(struct fmt_buf *b, enum ioarg how, const uint8_t *p)
{
	switch (how) {
	case IOA_UFFD_API:
		fb_puts(b, "{api=");
		fb_hex(b, ld64(p));
		fb_puts(b, ", features=");
		fmt_flags_dflt(b, &xlat_uffd_api_features, ld64(p + 8),
			       "UFFD_FEATURE_???");
		return;
	case IOA_UFFD_REGISTER:
		fb_puts(b, "{range=");
		fmt_uffd_range(b, p);
		fb_puts(b, ", mode=");
		fmt_flags_dflt(b, &xlat_uffd_register_mode_flags, ld64(p + 16),
			       "UFFDIO_REGISTER_MODE_???");
		return;
	case IOA_UFFD_COPY:
		fb_puts(b, "{dst=");
		fb_hex(b, ld64(p));
		fb_puts(b, ", src=");
		fb_hex(b, ld64(p + 8));
		fb_puts(b, ", len=");
		fb_hex(b, ld64(p + 16));
		fb_puts(b, ", mode=");
		fmt_flags_dflt(b, &xlat_uffd_copy_flags, ld64(p + 24),
			       "UFFDIO_COPY_???");
		return;
	case IOA_UFFD_ZEROPAGE:
		fb_puts(b, "{range=");
		fmt_uffd_range(b, p);
		fb_puts(b, ", mode=");
		fmt_flags_dflt(b, &xlat_uffd_zeropage_flags, ld64(p + 16),
			       "UFFDIO_ZEROPAGE_???");
		return;
	default:
		return;
	}
}

/* struct fiemap_extent: where, how long, its flags */
static void fiemap_extent(struct fmt_buf *b, const uint8_t *e)
{
	fb_puts(b, "{fe_logical=");
	fb_udec(b, ld64(e));
	fb_puts(b, ", fe_physical=");
	fb_udec(b, ld64(e + 8));
	fb_puts(b, ", fe_length=");
	fb_udec(b, ld64(e + 16));
	fb_puts(b, ", fe_flags=");
	fmt_flags_dflt(b, &xlat_fiemap_extent_flags, ld32(e + 40),
		       "FIEMAP_EXTENT_???");
	fb_putc(b, '}');
}

/*
 * At exit, what the call filled (only when it succeeded and the struct
 * was copied again whole), then the struct's end; strace shows features
 * again only when the kernel changed them
 */
void ioctl_split_out(struct fmt_buf *b, const struct sc_call *c,
		      enum ioarg how)
{
	const struct cap *in = arg_in(c, 2, ioctl_split_size(how));
	const struct cap *k = arg_out(c, 2, ioctl_split_size(how));

	/*
	 * FS_IOC_FIEMAP: its request was printed whole; what the call
	 * mapped follows a success, with -v its extents (as many as were
	 * copied: the pointer when they go on past the copy)
	 */
	if (how == IOA_FIEMAP) {
		if (!k)
			return;
		fb_puts(b, " => {fm_flags=");
		fmt_flags_dflt(b, &xlat_fiemap_flags, ld32(k->p + 16),
			       "FIEMAP_FLAG_???");
		fb_puts(b, ", fm_mapped_extents=");
		fb_udec(b, ld32(k->p + 20));
		if (!verbose(c)) {
			fb_puts(b, ", ...}");
			return;
		}
		fb_puts(b, ", fm_extents=");
		if (!fmt_array(b, c, k->p + 32, c->args[2] + 32,
			       ld32(k->p + 20), 56, k->len - 32,
			       k->flags & (CAP_TRUNC | CAP_FAULT), 0,
			       fiemap_extent))
			fmt_ptr(b, c->args[2] + 32);
		fb_putc(b, '}');
		return;
	}
	/* RTC_PARAM_GET: the value got, or (strace's way) the pointer */
	if (how == IOA_RTC_PARAM_GET) {
		fb_puts(b, " => ");
		if (!k) {
			fmt_ptr(b, c->args[2]);
			return;
		}
		fb_putc(b, '{');
		fmt_rtc_value(b, k->p);
		fmt_rtc_pad(b, k->p);
		fb_putc(b, '}');
		return;
	}

	if (k && in) {
		switch (how) {
		case IOA_UFFD_API:
			if (ld64(k->p + 8) != ld64(in->p + 8)) {
				fb_puts(b, " => features=");
				fmt_flags_dflt(b, &xlat_uffd_api_features,
					       ld64(k->p + 8),
					       "UFFD_FEATURE_???");
			}
			fb_puts(b, ", ioctls=");
			fmt_bitnums(b, &xlat_uffd_api_ioctls,
				    ld64(k->p + 16), "_UFFDIO_???");
			break;
		case IOA_UFFD_REGISTER:
			fb_puts(b, ", ioctls=");
			fmt_bitnums(b, &xlat_uffd_register_ioctls,
				    ld64(k->p + 24), "UFFDIO_???");
			break;
		case IOA_UFFD_COPY:
			fb_puts(b, ", copy=");
			fb_hex(b, ld64(k->p + 32));
			break;
		case IOA_UFFD_ZEROPAGE:
			fb_puts(b, ", zeropage=");
			fb_hex(b, ld64(k->p + 24));
			break;
		default:
			break;
		}
	}
	fb_putc(b, '}');
}

/* the file system and misc. families' structs; 0: not enough copied */
int ioctl_struct_arg(struct fmt_buf *b, const struct sc_call *c,
		     enum ioarg how, const struct cap *k)
{
	switch (how) {
	case IOA_FSFLAGS:
		if (k->len < 4)
			return 0;
		fb_putc(b, '[');
		fmt_flags_dflt(b, &xlat_fs_ioc_flags, ld32(k->p), "FS_???_FL");
		fb_putc(b, ']');
		return 1;
	case IOA_FSTRIM:
		/* struct fstrim_range: start, len, minlen */
		if (k->len < 24)
			return 0;
		fb_puts(b, "{start=");
		fb_hex(b, ld64(k->p));
		fb_puts(b, ", len=");
		fb_udec(b, ld64(k->p + 8));
		fb_puts(b, ", minlen=");
		fb_udec(b, ld64(k->p + 16));
		fb_putc(b, '}');
		return 1;
	case IOA_FSXATTR: case IOA_FSXATTR_GET:
		if (k->len < 28)
			return 0;
		fmt_fsxattr(b, k->p, how == IOA_FSXATTR_GET);
		return 1;
	case IOA_FIEMAP:
		/* the request half of struct fiemap (32 bytes); what the
		   call fills is not shown */
		if (k->len < 32)
			return 0;
		fb_puts(b, "{fm_start=");
		fb_udec(b, ld64(k->p));
		fb_puts(b, ", fm_length=");
		fb_udec(b, ld64(k->p + 8));
		fb_puts(b, ", fm_flags=");
		fmt_flags_dflt(b, &xlat_fiemap_flags, ld32(k->p + 16),
			       "FIEMAP_FLAG_???");
		fb_puts(b, ", fm_extent_count=");
		fb_udec(b, ld32(k->p + 24));
		fb_putc(b, '}');
		return 1;
	case IOA_RANDPOOL:
		if (k->len < 8)
			return 0;
		return fmt_randpool(b, c, k);
	case IOA_COUNTER_WATCH:
		/* {component={type, scope, parent, id}, event, channel}: u8s */
		if (k->len < 6)
			return 0;
		fb_puts(b, "{component={type=");
		fmt_enum_dflt(b, &xlat_counter_component_type, k->p[0],
			      "COUNTER_COMPONENT_???");
		fb_puts(b, ", scope=");
		fmt_enum_dflt(b, &xlat_counter_scope, k->p[1],
			      "COUNTER_SCOPE_???");
		fb_puts(b, ", parent=");
		fb_udec(b, k->p[2]);
		fb_puts(b, ", id=");
		fb_udec(b, k->p[3]);
		fb_puts(b, "}, event=");
		fmt_enum_dflt(b, &xlat_counter_event, k->p[4],
			      "COUNTER_EVENT_???");
		fb_puts(b, ", channel=");
		fb_udec(b, k->p[5]);
		fb_putc(b, '}');
		return 1;
	case IOA_RTC_TIME:
		if (k->len < 36)
			return 0;
		fmt_rtc_time(b, c, k->p);
		return 1;
	case IOA_RTC_WKALRM:
		/* enabled, pending, then the time at offset 4 */
		if (k->len < 40)
			return 0;
		fb_puts(b, "{enabled=");
		fb_udec(b, k->p[0]);
		fb_puts(b, ", pending=");
		fb_udec(b, k->p[1]);
		fb_puts(b, ", time=");
		fmt_rtc_time(b, c, k->p + 4);
		fb_putc(b, '}');
		return 1;
	case IOA_RTC_PLL:
		if (k->len < 32)
			return 0;
		fmt_rtc_pll(b, k->p);
		return 1;
	case IOA_RTC_VL:
		if (k->len < 4)
			return 0;
		fb_putc(b, '[');
		fmt_flags_dflt(b, &xlat_rtc_vl_flags, ld32(k->p), "RTC_VL_???");
		fb_putc(b, ']');
		return 1;
	case IOA_PULONG:
		if (k->len < 8)
			return 0;
		fb_putc(b, '[');
		fb_udec(b, ld64(k->p));
		fb_putc(b, ']');
		return 1;
	case IOA_RTC_PARAM: case IOA_RTC_PARAM_GET:
		if (k->len < 24)
			return 0;
		fmt_rtc_param(b, k->p, how == IOA_RTC_PARAM_GET);
		return 1;
	case IOA_UFFD_RANGE:
		if (k->len < 16)
			return 0;
		fmt_uffd_range(b, k->p);
		return 1;
	case IOA_UFFD_API: case IOA_UFFD_REGISTER: case IOA_UFFD_COPY:
	case IOA_UFFD_ZEROPAGE:
		if (k->len < ioctl_split_size(how))
			return 0;
		fmt_uffd_in(b, how, k->p);
		return 1;
	case IOA_UID:
		if (k->len < 4)
			return 0;
		fb_putc(b, '[');
		if (ld32(k->p) == UINT32_MAX)
			fb_dec(b, -1);
		else
			fb_udec(b, ld32(k->p));
		fb_putc(b, ']');
		return 1;
	default:
		return 0;
	}
}
