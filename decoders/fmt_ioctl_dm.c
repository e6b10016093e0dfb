// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: ioctl(2) requests of the device mapper, DM_* (type
 * 0xfd), as strace 6.1 prints them at entry: the struct dm_ioctl header
 * in brackets (strace checks the ABI version and data_size before it
 * decodes the rest), then with -v the payload the request carries after
 * data_start: DM_TABLE_LOAD's struct dm_target_spec list, DM_TARGET_MSG's
 * struct dm_target_msg, DM_DEV_RENAME's and DM_DEV_SET_GEOMETRY's string.
 * The payload is read from BPF's copy of the argument from its start
 * (c->inner[0], up to CAP_IOC_IND_MAX bytes, cut at an unreadable page):
 * what lies past that copy prints as its address, as strace prints what
 * it cannot read. What a successful call fills (strace's " => [...]")
 * is not printed yet.
 */
#include <linux/ioctl.h>
#include <linux/dm-ioctl.h>

#include "fmt_ioctl.h"

#define DM_HEAD		305	/* offsetof(struct dm_ioctl, data): strace reads */
#define DM_SPEC_SIZE	40	/* struct dm_target_spec */
#define DM_MSG_HEAD	8	/* offsetof(struct dm_target_msg, message) */

static enum ioarg dm_when(uint32_t req, int *at_exit)
{
	*at_exit = 0;
	switch (req) {
	case DM_VERSION: case DM_REMOVE_ALL: case DM_LIST_DEVICES:
	case DM_DEV_CREATE: case DM_DEV_REMOVE: case DM_DEV_RENAME:
	case DM_DEV_SUSPEND: case DM_DEV_STATUS: case DM_DEV_WAIT:
	case DM_TABLE_LOAD: case DM_TABLE_CLEAR: case DM_TABLE_DEPS:
	case DM_TABLE_STATUS: case DM_LIST_VERSIONS: case DM_TARGET_MSG:
	case DM_DEV_SET_GEOMETRY: case DM_DEV_ARM_POLL:
		return IOA_FAMILY;
	default:
		return IOA_HEX;
	}
}

/* requests whose header has data_start (a payload) */
static int dm_has_params(uint32_t req)
{
	switch (req) {
	case DM_VERSION: case DM_REMOVE_ALL: case DM_DEV_CREATE:
	case DM_DEV_REMOVE: case DM_DEV_SUSPEND: case DM_DEV_STATUS:
	case DM_TABLE_CLEAR: case DM_DEV_ARM_POLL:
		return 0;
	default:
		return 1;
	}
}

/*
 * The header's fields at p; 0: strace stops after version or data_size
 * (an ABI it does not know, a size too small for the header)
 */
static int dm_header(struct fmt_buf *b, const struct sc_call *c,
		     uint32_t req, const uint8_t *p)
{
	uint32_t data_size = ld32(p + 12), flags = ld32(p + 28);
	uint64_t dev = ld64(p + 40);

	fb_printf(b, "{version=[%u, %u, %u]", ld32(p), ld32(p + 4),
		  ld32(p + 8));
	if (ld32(p) != DM_VERSION_MAJOR) {
		fb_puts(b, " /* unsupported device mapper ABI version */}");
		return 0;
	}
	fb_printf(b, ", data_size=%u", data_size);
	if (data_size < DM_HEAD) {
		fb_puts(b, " /* data_size too small */}");
		return 0;
	}
	if (dm_has_params(req))
		fb_printf(b, ", data_start=%u", ld32(p + 16));
	if (req != DM_REMOVE_ALL && req != DM_LIST_DEVICES &&
	    req != DM_LIST_VERSIONS) {
		if (dev) {
			fb_puts(b, ", dev=");
			fmt_dev_val(b, dev);
		}
		if (p[48]) {
			fb_puts(b, ", ");
			ioctl_cstr(b, c, "name", p + 48, 128);
		}
		if (p[176]) {
			fb_puts(b, ", ");
			ioctl_cstr(b, c, "uuid", p + 176, 129);
		}
	}
	switch (req) {
	case DM_TABLE_LOAD:
		fb_printf(b, ", target_count=%u", ld32(p + 20));
		break;
	case DM_DEV_SUSPEND:
		if (flags & DM_SUSPEND_FLAG)
			break;
		/* fall through */
	case DM_DEV_RENAME: case DM_DEV_REMOVE: case DM_DEV_WAIT:
		fb_printf(b, ", event_nr=%u", ld32(p + 32));
		break;
	default:
		break;
	}
	fb_puts(b, ", flags=");
	fmt_flags_dflt(b, &xlat_dm_flags, flags, "DM_???");
	fb_putc(b, '}');
	return 1;
}

/*
 * strace's printstr_ex of a NUL-terminated string of at most len bytes
 * at byte off of the argument at arg (in: its copy): min(len, -s) bytes
 * read whole, or the address when the copy does not hold them
 */
static void dm_str(struct fmt_buf *b, const struct sc_call *c, uint64_t arg,
		   const struct cap *in, uint64_t off, uint64_t len)
{
	uint64_t max = (uint64_t)str_max(c);
	uint64_t n = len < max ? len : max;
	const uint8_t *z;

	if (!n) {
		fmt_qstr(b, c, (const uint8_t *)"", 0, -1, len != 0, 0);
		return;
	}
	if (!in || off + n > in->len) {
		fmt_ptr(b, arg + off);
		return;
	}
	z = memchr(in->p + off, '\0', n);
	if (z)
		fmt_qstr(b, c, in->p + off, (size_t)(z - (in->p + off)), -1,
			 0, 0);
	else
		fmt_qstr(b, c, in->p + off, n, -1, len != 0, 0);
}

/* DM_TABLE_LOAD's target_count specs from data_start, -v */
static void dm_specs(struct fmt_buf *b, const struct sc_call *c,
		     uint64_t arg, const uint8_t *p, const struct cap *in)
{
	uint32_t size = ld32(p + 12), off = ld32(p + 16), n = ld32(p + 20);
	uint32_t end = 0;

	for (uint32_t j = 0; j < n; j++) {
		const uint8_t *s;

		fb_puts(b, ", ");
		if (j && off <= end)
			goto misplaced;
		end = off + DM_SPEC_SIZE;
		if (end <= off || end > size)
			goto misplaced;
		if (j >= (uint32_t)str_max(c)) {
			fb_puts(b, "...");
			return;
		}
		if (!in || (uint64_t)end > in->len) {
			fmt_ptr(b, arg + off);
			return;
		}
		s = in->p + off;
		fb_printf(b, "{sector_start=%llu, length=%llu, ",
			  (unsigned long long)ld64(s),
			  (unsigned long long)ld64(s + 8));
		ioctl_cstr(b, c, "target_type", s + 24, 16);
		fb_puts(b, ", string=");
		dm_str(b, c, arg, in, end, size - end);
		fb_putc(b, '}');
		off += ld32(s + 20);
	}
	return;
misplaced:
	fb_puts(b, "??? /* misplaced struct dm_target_spec */");
}

/* DM_TARGET_MSG's struct dm_target_msg at data_start, -v */
static void dm_msg(struct fmt_buf *b, const struct sc_call *c, uint64_t arg,
		   const uint8_t *p, const struct cap *in)
{
	uint32_t size = ld32(p + 12), off = ld32(p + 16);
	uint32_t end = off + DM_MSG_HEAD;

	if (end <= off || end > size) {
		fb_puts(b, "??? /* misplaced struct dm_target_msg */");
		return;
	}
	if (!in || (uint64_t)end > in->len) {
		fmt_ptr(b, arg + off);
		return;
	}
	fb_printf(b, "{sector=%llu, message=",
		  (unsigned long long)ld64(in->p + off));
	dm_str(b, c, arg, in, end, size - end);
	fb_putc(b, '}');
}

/* the payload after the header at p, at entry */
static void dm_payload(struct fmt_buf *b, const struct sc_call *c,
		       uint32_t req, uint64_t arg, const uint8_t *p)
{
	uint32_t size = ld32(p + 12), start = ld32(p + 16);
	const struct cap *in = c->inner[0];

	switch (req) {
	case DM_TABLE_LOAD:
		if (abbrev(c)) {
			if (ld32(p + 20))
				fb_puts(b, ", ...");
			return;
		}
		dm_specs(b, c, arg, p, in);
		return;
	case DM_TARGET_MSG:
		if (start == size)
			return;
		fb_puts(b, ", ");
		if (abbrev(c))
			fb_puts(b, "...");
		else
			dm_msg(b, c, arg, p, in);
		return;
	case DM_DEV_RENAME: case DM_DEV_SET_GEOMETRY:
		fb_puts(b, ", ");
		if (abbrev(c))
			fb_puts(b, "...");
		else if (start > size)
			fb_puts(b, "??? /* misplaced string */");
		else {
			fb_puts(b, "{string=");
			dm_str(b, c, arg, in, start, size - start);
			fb_putc(b, '}');
		}
		return;
	default:
		return;
	}
}

static int dm_arg(struct fmt_buf *b, const struct sc_call *c, uint32_t req,
		  const struct cap *k)
{
	/* strace reads the header up to its data (or prints the pointer)
	   and wants data_size to be there */
	if (!k || k->len < DM_HEAD || ld32(k->p + 12) < 12)
		return 0;
	fb_putc(b, '[');
	if (dm_header(b, c, req, k->p))
		dm_payload(b, c, req, c->args[2], k->p);
	fb_putc(b, ']');
	return 1;
}

const struct ioctl_family ioctl_dm = {
	.type = 0xfd,
	.when = dm_when,
	.arg = dm_arg,
};
