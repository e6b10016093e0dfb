// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: ioctl(2) requests of seccomp user notification fds
 * (type '!'), as strace 6.1 prints them: the notification received (what
 * the struct held at entry when it was not all zero, then " => " and what
 * the call filled), the response sent, the id checked, the fd added.  A
 * system call number prints by name for AUDIT_ARCH_X86_64 only (another
 * architecture's table is not etrace's: the number); an fd as its number
 * (strace adds its path with -y).
 */
#include <linux/audit.h>
#include <linux/ioctl.h>
#include <linux/seccomp.h>

#include "fmt_ioctl.h"

/* SECCOMP_IOCTL_NOTIF_ID_VALID as the kernel first numbered it (_IOR) */
#define NOTIF_ID_VALID_WRONG_DIR	_IOC(_IOC_READ, '!', 2, 8)

static enum ioarg seccomp_when(uint32_t req, int *at_exit)
{
	*at_exit = 0;
	switch (req) {
	case SECCOMP_IOCTL_NOTIF_RECV: case SECCOMP_IOCTL_NOTIF_SEND:
	case SECCOMP_IOCTL_NOTIF_ID_VALID: case NOTIF_ID_VALID_WRONG_DIR:
	case SECCOMP_IOCTL_NOTIF_ADDFD:
		return IOA_FAMILY;
	default:
		return IOA_HEX;
	}
}

/* v named pfx+name (__NR_gettid, -ENOSR) in the -X style; no name: v */
static void seccomp_named(struct fmt_buf *b, const char *pfx,
			  const char *name, uint64_t v, enum xfmt f)
{
	char tmp[64];
	struct fmt_buf t;

	if (!name) {
		fmt_num(b, v, f);
		return;
	}
	fb_init(&t, tmp, sizeof(tmp) - 1);
	fb_puts(&t, pfx);
	fb_puts(&t, name);
	*t.p = '\0';
	fmt_const(b, tmp, v, f);
}

/* struct seccomp_notif (80 bytes): id, pid, flags, seccomp_data */
static void seccomp_notif(struct fmt_buf *b, const uint8_t *p)
{
	uint32_t nr = ld32(p + 16), arch = ld32(p + 20);
	const struct sc_desc *d = arch == AUDIT_ARCH_X86_64 ?
				  sc_lookup(nr) : NULL;

	fb_puts(b, "{id=");
	fb_hex(b, ld64(p));
	fb_puts(b, ", pid=");
	fb_udec(b, ld32(p + 8));
	fb_puts(b, ", flags=");
	fb_hex(b, ld32(p + 12));
	fb_puts(b, ", data={nr=");
	seccomp_named(b, "__NR_", d ? d->name : NULL, nr, XF_UDEC);
	fb_puts(b, ", arch=");
	fmt_enum_dflt(b, &xlat_audit_arch, arch, "AUDIT_ARCH_???");
	fb_puts(b, ", instruction_pointer=");
	fmt_ptr(b, ld64(p + 24));
	for (int j = 0; j < 6; j++) {
		fb_puts(b, j ? ", " : ", args=[");
		fb_hex(b, ld64(p + 32 + 8 * j));
	}
	fb_puts(b, "]}}");
}

static int seccomp_arg(struct fmt_buf *b, const struct sc_call *c,
		       uint32_t req, const struct cap *k)
{
	const uint8_t *p;
	int32_t err;

	if (!k || k->len < _IOC_SIZE(req))
		return 0;
	p = k->p;
	switch (req) {
	case SECCOMP_IOCTL_NOTIF_RECV:
		/* all zero (as the kernel wants it): nothing until exit */
		for (size_t j = 0; j < 80; j++) {
			if (p[j]) {
				seccomp_notif(b, p);
				fb_puts(b, " => ");
				break;
			}
		}
		return 2;
	case SECCOMP_IOCTL_NOTIF_SEND:
		fb_puts(b, "{id=");
		fb_hex(b, ld64(p));
		fb_puts(b, ", val=");
		fb_dec(b, (int64_t)ld64(p + 8));
		fb_puts(b, ", error=");
		err = (int32_t)ld32(p + 16);
		seccomp_named(b, "-", err < 0 && err > -4096 ?
			      errno_name(-err) : NULL, (uint64_t)(int64_t)err,
			      XF_DEC);
		fb_puts(b, ", flags=");
		fmt_flags_dflt(b, &xlat_seccomp_resp_flags, ld32(p + 20),
			       "SECCOMP_USER_NOTIF_FLAG_???");
		fb_putc(b, '}');
		return 1;
	case SECCOMP_IOCTL_NOTIF_ID_VALID: case NOTIF_ID_VALID_WRONG_DIR:
		fb_putc(b, '[');
		fb_hex(b, ld64(p));
		fb_putc(b, ']');
		return 1;
	case SECCOMP_IOCTL_NOTIF_ADDFD:
		fb_puts(b, "{id=");
		fb_hex(b, ld64(p));
		fb_puts(b, ", flags=");
		fmt_flags_dflt(b, &xlat_seccomp_addfd_flags, ld32(p + 8),
			       "SECCOMP_ADDFD_FLAG_???");
		fb_puts(b, ", srcfd=");
		fmt_fd_value(b, c, (int32_t)ld32(p + 12));
		fb_puts(b, ", newfd=");
		fb_dec(b, (int32_t)ld32(p + 16));
		fb_puts(b, ", newfd_flags=");
		fmt_flags_dflt(b, &xlat_open_flags, ld32(p + 20), "O_???");
		fb_putc(b, '}');
		return 1;
	default:
		return 0;
	}
}

/* SECCOMP_IOCTL_NOTIF_RECV at exit: the notification, or its address */
static void seccomp_out(struct fmt_buf *b, const struct sc_call *c,
			uint32_t req)
{
	const struct cap *k = arg_out(c, 2, 80);

	if (k)
		seccomp_notif(b, k->p);
	else
		fmt_ptr(b, c->args[2]);
}

const struct ioctl_family ioctl_seccomp = {
	.type = '!',
	.when = seccomp_when,
	.arg = seccomp_arg,
	.out = seccomp_out,
};
