// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: ioctl(2) requests of the TEE subsystem, TEE_IOC_*
 * (type 0xa4), as strace 6.1 prints them at entry: a cancel's and a
 * session's ids, shared memory asked for, and the requests that pass a
 * struct tee_ioctl_buf_data (open session, invoke, supplicant receive and
 * send), whose buffer (BPF's copy of it, c->inner[0]) holds the
 * request's struct and then its num_params struct tee_ioctl_param.
 * What the call fills (strace's " => {...}" after success) is not
 * printed yet.
 */
#include <linux/tee.h>

#include "fmt_ioctl.h"

/* not in mainline: the struct strace decodes it with */
#define TEE_IOC_SHM_REGISTER_FD	_IOC(_IOC_READ | _IOC_WRITE, 0xa4, 8, 32)
#define TEE_PARAM_SIZE		32	/* struct tee_ioctl_param */
#define TEE_MAX_ARG		4096	/* TEE_MAX_ARG_SIZE */

static enum ioarg tee_when(uint32_t req, int *at_exit)
{
	*at_exit = 0;
	switch (req) {
	case TEE_IOC_SHM_ALLOC: case TEE_IOC_OPEN_SESSION:
	case TEE_IOC_INVOKE: case TEE_IOC_CANCEL: case TEE_IOC_CLOSE_SESSION:
	case TEE_IOC_SUPPL_RECV: case TEE_IOC_SUPPL_SEND:
	case TEE_IOC_SHM_REGISTER: case TEE_IOC_SHM_REGISTER_FD:
		return IOA_FAMILY;
	case TEE_IOC_VERSION:
		/* what it fills is not decoded: the pointer */
		*at_exit = 1;
		return IOA_FAMILY;
	default:
		return IOA_HEX;
	}
}

/* struct tee_ioctl_param at p */
static void tee_param(struct fmt_buf *b, const uint8_t *p)
{
	uint64_t attr = ld64(p);

	fb_puts(b, "{attr=");
	fmt_enum_dflt(b, &xlat_tee_param_attr, attr & ~TEE_IOCTL_PARAM_ATTR_META,
		      "TEE_IOCTL_PARAM_ATTR_");
	if (attr & TEE_IOCTL_PARAM_ATTR_META)
		fb_puts(b, "|TEE_IOCTL_PARAM_ATTR_META");
	switch (attr) {
	case TEE_IOCTL_PARAM_ATTR_TYPE_NONE:
		break;
	case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INPUT:
	case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_OUTPUT:
	case TEE_IOCTL_PARAM_ATTR_TYPE_MEMREF_INOUT:
		fb_puts(b, ", shm_offs=");
		fb_hex(b, ld64(p + 8));
		fb_puts(b, ", size=");
		fb_hex(b, ld64(p + 16));
		fb_puts(b, ", shm_id=");
		fb_udec(b, ld64(p + 24));
		break;
	default:
		fb_puts(b, ", a=");
		fb_hex(b, ld64(p + 8));
		fb_puts(b, ", b=");
		fb_hex(b, ld64(p + 16));
		fb_puts(b, ", c=");
		fb_hex(b, ld64(p + 24));
		break;
	}
	fb_putc(b, '}');
}

/*
 * ", params=[...]": n params at byte off of the buffer at ptr, in's copy
 * of it, as strace's print_array: none is NULL; the first not read
 * prints as its address alone, a later one as "... /\* address *\/"
 * ending the array; after -s's count of them (unless -v), "..."
 */
static void tee_params(struct fmt_buf *b, const struct sc_call *c,
		       uint64_t ptr, const struct cap *in, size_t off,
		       uint32_t n)
{
	fb_puts(b, ", params=");
	if (!n) {
		fb_puts(b, "NULL");
		return;
	}
	for (uint32_t j = 0; j < n; j++, off += TEE_PARAM_SIZE) {
		if (in->len < off + TEE_PARAM_SIZE) {
			if (!j) {
				fmt_ptr(b, ptr + off);
				return;
			}
			fb_puts(b, ", ... /* ");
			fmt_ptr(b, ptr + off);
			fb_puts(b, " */");
			break;
		}
		fb_puts(b, j ? ", " : "[");
		if (abbrev(c) && j >= (uint32_t)str_max(c)) {
			fb_puts(b, "...");
			break;
		}
		tee_param(b, in->p + off);
	}
	fb_putc(b, ']');
}

/* bytes of the struct a buffer request's buffer starts with */
static size_t tee_head_size(uint32_t req)
{
	switch (req) {
	case TEE_IOC_OPEN_SESSION:
		return 56;
	case TEE_IOC_INVOKE:
		return 24;
	default:
		return 8;	/* supplicant receive and send */
	}
}

/* struct tee_ioctl_open_session_arg's fields before num_params */
static void tee_open_session(struct fmt_buf *b, const uint8_t *p)
{
	uint32_t login = ld32(p + 32);

	fb_printf(b, "uuid=%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-"
		  "%02x%02x%02x%02x%02x%02x", p[0], p[1], p[2], p[3], p[4],
		  p[5], p[6], p[7], p[8], p[9], p[10], p[11], p[12], p[13],
		  p[14], p[15]);
	fb_puts(b, ", clnt_login=");
	fmt_enum_dflt(b, &xlat_tee_login, login, "TEE_IOCTL_LOGIN_???");
	switch (login) {
	case TEE_IOCTL_LOGIN_PUBLIC: case TEE_IOCTL_LOGIN_USER:
	case TEE_IOCTL_LOGIN_APPLICATION: case TEE_IOCTL_LOGIN_USER_APPLICATION:
		break;
	case TEE_IOCTL_LOGIN_GROUP: case TEE_IOCTL_LOGIN_GROUP_APPLICATION:
		/* a gid, in clnt_uuid's first bytes */
		fb_puts(b, ", clnt_uuid=");
		fmt_id(b, ld32(p + 16));
		break;
	default:
		for (int j = 0; j < 16; j++) {
			fb_puts(b, j ? ", " : ", clnt_uuid=[");
			fb_hex(b, p[16 + j]);
		}
		fb_putc(b, ']');
	}
	fb_puts(b, ", cancel_id=");
	fb_udec(b, ld32(p + 36));
}

/*
 * A struct tee_ioctl_buf_data (k: its copy) and the request's struct in
 * its buffer, when strace's checks pass (a length the kernel takes, the
 * struct read, params that fill the length); else the two fields
 */
static void tee_buf(struct fmt_buf *b, const struct sc_call *c, uint32_t req,
		    const struct cap *k)
{
	uint64_t ptr = ld64(k->p), len = ld64(k->p + 8);
	size_t head = tee_head_size(req);
	const struct cap *in = c->inner[0];
	const uint8_t *p;
	uint32_t n;

	fb_puts(b, "{buf_len=");
	fb_udec(b, len);
	fb_puts(b, ", buf_ptr=");
	if (len > TEE_MAX_ARG || len < head || !in || in->len < head ||
	    head + (uint64_t)TEE_PARAM_SIZE * ld32(in->p + head - 4) != len) {
		fmt_ptr(b, ptr);
		fb_putc(b, '}');
		return;
	}
	p = in->p;
	n = ld32(p + head - 4);
	fb_putc(b, '{');
	switch (req) {
	case TEE_IOC_OPEN_SESSION:
		tee_open_session(b, p);
		fb_puts(b, ", ");
		break;
	case TEE_IOC_INVOKE:
		fb_printf(b, "func=%u, session=", ld32(p));
		fb_hex(b, ld32(p + 4));
		fb_printf(b, ", cancel_id=%u, ", ld32(p + 8));
		break;
	case TEE_IOC_SUPPL_RECV:
		fb_printf(b, "func=%u, ", ld32(p));
		break;
	default:
		break;
	}
	fb_printf(b, "num_params=%u", n);
	tee_params(b, c, ptr, in, head, n);
	fb_puts(b, "}}");
}

static int tee_arg(struct fmt_buf *b, const struct sc_call *c, uint32_t req,
		   const struct cap *k)
{
	switch (req) {
	case TEE_IOC_CANCEL:
		if (!k || k->len < 8)
			return 0;
		fb_printf(b, "{cancel_id=%u, session=", ld32(k->p));
		fb_hex(b, ld32(k->p + 4));
		fb_putc(b, '}');
		return 1;
	case TEE_IOC_CLOSE_SESSION:
		if (!k || k->len < 4)
			return 0;
		fb_puts(b, "{session=");
		fb_hex(b, ld32(k->p));
		fb_putc(b, '}');
		return 1;
	case TEE_IOC_SHM_ALLOC:
		if (!k || k->len < 16)
			return 0;
		fb_puts(b, "{size=");
		fb_hex(b, ld64(k->p));
		fb_puts(b, ", flags=");
		fmt_flags_dflt(b, &xlat_tee_shm_flags, ld32(k->p + 8),
			       "TEE_IOCTL_SHM_???");
		fb_putc(b, '}');
		return 1;
	case TEE_IOC_SHM_REGISTER:
		if (!k || k->len < 24)
			return 0;
		fb_puts(b, "{addr=");
		fb_hex(b, ld64(k->p));
		fb_puts(b, ", length=");
		fb_hex(b, ld64(k->p + 8));
		fb_puts(b, ", flags=");
		fmt_flags_dflt(b, &xlat_tee_shm_flags, ld32(k->p + 16),
			       "TEE_IOCTL_SHM_???");
		fb_putc(b, '}');
		return 1;
	case TEE_IOC_SHM_REGISTER_FD:
		if (!k || k->len < 24)
			return 0;
		fb_printf(b, "{fd=%lld, flags=", (long long)ld64(k->p));
		fmt_flags_dflt(b, &xlat_tee_shm_flags, ld32(k->p + 16),
			       "TEE_IOCTL_SHM_???");
		fb_putc(b, '}');
		return 1;
	case TEE_IOC_OPEN_SESSION: case TEE_IOC_INVOKE:
	case TEE_IOC_SUPPL_RECV: case TEE_IOC_SUPPL_SEND:
		if (!k || k->len < 16)
			return 0;
		tee_buf(b, c, req, k);
		return 1;
	default:
		return 0;
	}
}

const struct ioctl_family ioctl_tee = {
	.type = 0xa4,
	.when = tee_when,
	.arg = tee_arg,
};
