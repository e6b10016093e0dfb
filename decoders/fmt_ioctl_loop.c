// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: ioctl(2) requests of loop devices and their control
 * device, LOOP_* (type 'L', numbers without direction or size), as
 * strace 6.1 prints them: struct loop_info, loop_info64 (set at entry,
 * got at exit) and loop_config, shortened unless -v (devices, inode,
 * encryption fields but when used, lo_init); the fds and numbers passed.
 * An fd argument prints as its number (strace adds its path with -y).
 */
#include <linux/loop.h>

#include "fmt_ioctl.h"

static enum ioarg loop_when(uint32_t req, int *at_exit)
{
	*at_exit = 0;
	switch (req) {
	case LOOP_GET_STATUS: case LOOP_GET_STATUS64:
		*at_exit = 1;
		return IOA_FAMILY;
	case LOOP_SET_STATUS: case LOOP_SET_STATUS64: case LOOP_CONFIGURE:
	case LOOP_SET_FD: case LOOP_CHANGE_FD: case LOOP_CTL_ADD:
	case LOOP_CTL_REMOVE: case LOOP_SET_DIRECT_IO: case LOOP_SET_BLOCK_SIZE:
		return IOA_FAMILY;
	case LOOP_CLR_FD: case LOOP_SET_CAPACITY: case LOOP_CTL_GET_FREE:
		return IOA_NONE;
	default:
		return IOA_HEX;
	}
}

/* n elements of elem bytes in hex: lo_init, reserved */
static void loop_hex(struct fmt_buf *b, const char *name, const uint8_t *p,
		     int n, int elem)
{
	fb_puts(b, name);
	for (int j = 0; j < n; j++) {
		fb_puts(b, j ? ", " : "=[");
		fb_hex(b, elem == 1 ? p[j] : ld64(p + 8 * j));
	}
	fb_putc(b, ']');
}

/* the encryption type and key size, shown with -v or when used */
static void loop_crypt(struct fmt_buf *b, uint32_t type, uint32_t size)
{
	fb_puts(b, ", lo_encrypt_type=");
	fmt_enum_dflt(b, &xlat_loop_crypt_types, type, "LO_CRYPT_???");
	fb_puts(b, ", lo_encrypt_key_size=");
	fb_udec(b, size);
}

/* the key's first lo_encrypt_key_size bytes (at most 32) */
static void loop_key(struct fmt_buf *b, const struct sc_call *c,
		     const uint8_t *p, uint32_t size)
{
	fb_puts(b, ", lo_encrypt_key=");
	fmt_qstr(b, c, p, size < LO_KEY_SIZE ? size : LO_KEY_SIZE, -1, 0, 0);
}

static void loop_flags(struct fmt_buf *b, uint32_t v)
{
	fb_puts(b, ", lo_flags=");
	fmt_flags_dflt(b, &xlat_loop_flags, v, "LO_FLAGS_???");
}

/* struct loop_info (168 bytes on x86_64) */
static void loop_info(struct fmt_buf *b, const struct sc_call *c,
		      const uint8_t *p)
{
	uint32_t type = ld32(p + 36), size = ld32(p + 40);
	int full = !abbrev(c), crypt = full || type != LO_CRYPT_NONE;

	fb_puts(b, "{lo_number=");
	fb_dec(b, (int32_t)ld32(p));
	if (full) {
		fb_puts(b, ", lo_device=");
		fmt_dev_val(b, ld64(p + 8));
		fb_puts(b, ", lo_inode=");
		fb_udec(b, ld64(p + 16));
		fb_puts(b, ", lo_rdevice=");
		fmt_dev_val(b, ld64(p + 24));
	}
	fb_puts(b, ", lo_offset=");
	fb_hex(b, ld32(p + 32));
	if (crypt)
		loop_crypt(b, type, size);
	loop_flags(b, ld32(p + 44));
	fb_puts(b, ", ");
	ioctl_cstr(b, c, "lo_name", p + 48, LO_NAME_SIZE);
	if (crypt)
		loop_key(b, c, p + 112, size);
	if (full) {
		fb_puts(b, ", ");
		loop_hex(b, "lo_init", p + 144, 2, 8);
		fb_puts(b, ", ");
		loop_hex(b, "reserved", p + 160, 4, 1);
	} else {
		fb_puts(b, ", ...");
	}
	fb_putc(b, '}');
}

/* struct loop_info64 (232 bytes) */
static void loop_info64(struct fmt_buf *b, const struct sc_call *c,
			const uint8_t *p)
{
	uint32_t type = ld32(p + 44), size = ld32(p + 48);
	int full = !abbrev(c), crypt = full || type != LO_CRYPT_NONE;

	fb_putc(b, '{');
	if (full) {
		fb_puts(b, "lo_device=");
		fmt_dev_val(b, ld64(p));
		fb_puts(b, ", lo_inode=");
		fb_udec(b, ld64(p + 8));
		fb_puts(b, ", lo_rdevice=");
		fmt_dev_val(b, ld64(p + 16));
		fb_puts(b, ", ");
	}
	fb_puts(b, "lo_offset=");
	fb_hex(b, ld64(p + 24));
	if (full) {
		fb_puts(b, ", lo_sizelimit=");
		fb_udec(b, ld64(p + 32));
	}
	fb_puts(b, ", lo_number=");
	fb_udec(b, ld32(p + 40));
	if (crypt)
		loop_crypt(b, type, size);
	loop_flags(b, ld32(p + 52));
	fb_puts(b, ", ");
	ioctl_cstr(b, c, "lo_file_name", p + 56, LO_NAME_SIZE);
	if (crypt) {
		fb_puts(b, ", ");
		ioctl_cstr(b, c, "lo_crypt_name", p + 120, LO_NAME_SIZE);
		loop_key(b, c, p + 184, size);
	}
	if (full) {
		fb_puts(b, ", ");
		loop_hex(b, "lo_init", p + 216, 2, 8);
	} else {
		fb_puts(b, ", ...");
	}
	fb_putc(b, '}');
}

static int loop_arg(struct fmt_buf *b, const struct sc_call *c, uint32_t req,
		    const struct cap *k)
{
	uint64_t arg = c->args[2];

	switch (req) {
	case LOOP_SET_FD: case LOOP_CHANGE_FD: case LOOP_CTL_ADD:
	case LOOP_CTL_REMOVE:
		fb_dec(b, (int32_t)arg);
		return 1;
	case LOOP_SET_DIRECT_IO: case LOOP_SET_BLOCK_SIZE:
		fb_udec(b, arg);
		return 1;
	case LOOP_GET_STATUS: case LOOP_SET_STATUS:
		if (!k || k->len < 168)
			return 0;
		loop_info(b, c, k->p);
		return 1;
	case LOOP_GET_STATUS64: case LOOP_SET_STATUS64:
		if (!k || k->len < 232)
			return 0;
		loop_info64(b, c, k->p);
		return 1;
	case LOOP_CONFIGURE:
		/* struct loop_config: fd, block_size, info, __reserved[8] */
		if (!k || k->len < 304)
			return 0;
		fb_puts(b, "{fd=");
		fb_dec(b, (int32_t)ld32(k->p));
		fb_puts(b, ", block_size=");
		fb_udec(b, ld32(k->p + 4));
		fb_puts(b, ", info=");
		loop_info64(b, c, k->p + 8);
		for (int j = 0; j < 8; j++) {
			if (ld64(k->p + 240 + 8 * j)) {
				fb_puts(b, ", ");
				loop_hex(b, "__reserved", k->p + 240, 8, 8);
				break;
			}
		}
		fb_putc(b, '}');
		return 1;
	default:
		return 0;
	}
}

const struct ioctl_family ioctl_loop = {
	.type = 'L',
	.when = loop_when,
	.arg = loop_arg,
};
