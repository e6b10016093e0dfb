// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: processes, the rest of fmt_process.c: scheduling
 * parameters and attributes, CPU sets, capabilities (capget/capset),
 * kcmp, reboot, and the pointer and size a call fills.
 */
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>

#include "fmt_priv.h"

/* --- scheduling, capabilities -------------------------------------- */

FMT_KIND(schedparam)
{
	const struct cap *k = arg_or_ptr(b, c, i);

	if (!k)
		return;
	fb_putc(b, '[');
	fb_dec(b, (int32_t)ld32(k->p));
	fb_putc(b, ']');
}

/*
 * struct sched_attr as strace prints it: {size=N, ...}; p holds `have`
 * bytes.  sched_setattr's (is_set): its own size says how much the
 * kernel reads (0: 48), SCHED_FLAG_KEEP_POLICY/KEEP_PARAMS leave out
 * what the kernel keeps; sched_getattr's: the size the kernel wrote.
 * Fields past 48 bytes (the util clamps) when the size has them; ", ..."
 * when the size says more than the 56 bytes strace knows.  0: the
 * memory was too short (the caller prints the pointer).
 */
static int sched_attr(struct fmt_buf *b, const uint8_t *p, size_t have,
		      uint32_t usize, int is_set)
{
	uint8_t a[56];
	uint32_t size;
	uint64_t flags;

	memset(a, 0, sizeof(a));
	memcpy(a, p, have < sizeof(a) ? have : sizeof(a));
	if (is_set) {
		if (have < 4)
			return 0;
		usize = ld32(a) ? ld32(a) : 48;
		size = usize < 56 ? usize : 56;
		if (size >= 48 && have < size)
			return 0;
	} else {
		if (have < (usize < 56 ? usize : 56))
			return 0;
		size = ld32(a);
	}
	flags = ld64(a + 8);
	fb_puts(b, "{size=");
	fb_udec(b, ld32(a));
	if (size >= 48) {
		if (!is_set || (int32_t)ld32(a + 4) < 0 ||
		    !(flags & 0x18)) {	/* KEEP_POLICY, KEEP_PARAMS */
			fb_puts(b, ", sched_policy=");
			fmt_enum_dflt(b, &xlat_sched_policy, ld32(a + 4),
				      "SCHED_???");
		}
		fb_puts(b, ", sched_flags=");
		fmt_flags_dflt(b, &xlat_sched_attr_flags, flags,
			       "SCHED_FLAG_???");
		if (!is_set || !(flags & 0x10)) {	/* KEEP_PARAMS */
			fb_puts(b, ", sched_nice=");
			fb_dec(b, (int32_t)ld32(a + 16));
			fb_puts(b, ", sched_priority=");
			fb_udec(b, ld32(a + 20));
			fb_puts(b, ", sched_runtime=");
			fb_udec(b, ld64(a + 24));
			fb_puts(b, ", sched_deadline=");
			fb_udec(b, ld64(a + 32));
			fb_puts(b, ", sched_period=");
			fb_udec(b, ld64(a + 40));
		}
		if (size >= 56) {
			fb_puts(b, ", sched_util_min=");
			fb_udec(b, ld32(a + 48));
			fb_puts(b, ", sched_util_max=");
			fb_udec(b, ld32(a + 52));
		}
	}
	if ((is_set ? usize : ld32(a)) > size)
		fb_puts(b, ", ...");
	fb_putc(b, '}');
	return 1;
}

/* sched_setattr's attr; E2BIG: " => {size=N}", the size it wants */
FMT_KIND(schedattr)
{
	const struct cap *k = c->args[i] ? arg_in(c, i, 0) : NULL;
	const struct cap *ko;

	if (!k || (k->flags & CAP_FAULT) ||
	    !sched_attr(b, k->p, k->len, 0, 1)) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	/* (a failed call's copy: arg_out gives only a successful one's) */
	ko = c->exited && c->ret == -E2BIG ? c->cap_out[i] : NULL;
	if (ko && !(ko->flags & CAP_FAULT) && ko->len >= 4 && ko->p) {
		fb_puts(b, " => {size=");
		fb_udec(b, ld32(ko->p));
		fb_putc(b, '}');
	}
}

/* sched_getattr's attr: what the kernel wrote */
FMT_KIND(oschedattr)
{
	int p = c->d->arg[i].param;
	const struct cap *k = c->args[i] ? arg_out(c, i, 0) : NULL;
	uint32_t usize = p < SC_MAX_ARGS ? (uint32_t)c->args[p] : 0;

	if (!k || (k->flags & CAP_FAULT) ||
	    !sched_attr(b, k->p, k->len, usize, 0))
		fmt_ptr(b, c->args[i]);
}

/* cpu_set_t: the numbers of the CPUs set, "[0 1 2 3]" */
FMT_KIND(cpuset)
{
	int p = c->d->arg[i].param;
	const struct cap *k = arg_or_ptr(b, c, i);
	size_t len;
	int n = 0;

	if (!k)
		return;
	len = k->len;
	/* sched_getaffinity returns how many bytes it wrote */
	if (kind_info[c->d->arg[i].kind].dir == D_OUT && c->ret >= 0 &&
	    (uint64_t)c->ret < len)
		len = (size_t)c->ret;
	else if (p < SC_MAX_ARGS && c->args[p] < len)
		len = (size_t)c->args[p];
	fb_putc(b, '[');
	for (size_t bit = 0; bit < len * 8; bit++) {
		if (!(k->p[bit / 8] & (1u << (bit % 8))))
			continue;
		if (n++)
			fb_putc(b, ' ');
		fb_udec(b, bit);
	}
	fb_putc(b, ']');
}

FMT_KIND(capheader)
{
	const struct cap *k = arg_or_ptr(b, c, i);

	if (!k)
		return;
	fb_puts(b, "{version=");
	fmt_enum_dflt(b, &xlat_cap_version, ld32(k->p),
		      "_LINUX_CAPABILITY_VERSION_???");
	fb_puts(b, ", pid=");
	fb_dec(b, (int32_t)ld32(k->p + 4));
	fb_putc(b, '}');
}

/* 1<<CAP_CHOWN|1<<CAP_KILL from the two 32-bit halves */
static void fmt_capset(struct fmt_buf *b, uint64_t v)
{
	int n = 0;

	for (int bit = 0; bit < 64; bit++) {
		const char *name;

		if (!(v & (1ull << bit)))
			continue;
		name = xlat_name(&xlat_capability, (uint64_t)bit);
		if (!name)
			break;
		if (n++)
			fb_putc(b, '|');
		fb_puts(b, "1<<");
		fb_puts(b, name);
		v &= ~(1ull << bit);
	}
	if (v) {
		if (n++)
			fb_putc(b, '|');
		fb_hex(b, v);
	}
	if (!n)
		fb_putc(b, '0');
}

FMT_KIND(capdata)
{
	static const char *const f[] = { "effective", "permitted",
					 "inheritable" };
	const struct cap *h = arg_in(c, 0, 8);
	/* version 1 (0x19980330): one struct of 32 bits; the kernel leaves
	   the second alone.  No header read: how many is not known, the
	   pointer is printed (as strace) */
	int one = h && ld32(h->p) == 0x19980330;
	const struct cap *k = h && c->args[i] ?
			      arg_mem(c, i, one ? 12 : 24) : NULL;

	if (!k) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	/* two __user_cap_data_struct {effective, permitted, inheritable} */
	fb_putc(b, '{');
	for (int j = 0; j < 3; j++) {
		uint64_t v = ld32(k->p + 4 * j) |
			     (one ? 0 : (uint64_t)ld32(k->p + 12 + 4 * j) << 32);

		if (j)
			fb_puts(b, ", ");
		fb_puts(b, f[j]);
		fb_putc(b, '=');
		fmt_capset(b, v);
	}
	fb_putc(b, '}');
}

/*
 * kcmp as strace prints it: idx1 and idx2 only for the types that read
 * them (KCMP_FILE's two fds; KCMP_EPOLL_TFD's fd and struct
 * kcmp_epoll_slot {efd, tfd, toff}), both in hex for a type it does not
 * know, none for the others
 */
int fmt_kcmp_call(struct fmt_buf *b, const struct sc_call *c, int from,
		  int exiting)
{
	enum { KCMP_FILE_ = 0, KCMP_EPOLL_TFD_ = 7 };
	uint32_t type = (uint32_t)c->args[2];
	const struct cap *k;

	if (exiting || from > 0)
		return 5;
	fmt_pid(b, c->o, (int32_t)c->args[0]);
	fb_puts(b, ", ");
	fmt_pid(b, c->o, (int32_t)c->args[1]);
	fb_puts(b, ", ");
	fmt_xlat_enum(b, &xlat_kcmp_type, type);
	if (type > KCMP_EPOLL_TFD_) {
		fb_puts(b, ", ");
		fb_hex(b, c->args[3]);
		fb_puts(b, ", ");
		fb_hex(b, c->args[4]);
		return 5;
	}
	if (type != KCMP_FILE_ && type != KCMP_EPOLL_TFD_)
		return 5;
	/* -y: named only when the tracer knew the fds were the caller's */
	fb_puts(b, ", ");
	fb_dec(b, (int32_t)c->args[3]);
	fmt_fd_note(b, c, 3);
	fb_puts(b, ", ");
	if (type == KCMP_FILE_) {
		fb_dec(b, (int32_t)c->args[4]);
		fmt_fd_note(b, c, 4);
		return 5;
	}
	if (!c->args[4]) {
		fb_puts(b, "NULL");
		return 5;
	}
	k = arg_in(c, 4, 12);
	if (!k) {
		fmt_ptr(b, c->args[4]);
		return 5;
	}
	fb_puts(b, "{efd=");
	fb_dec(b, (int32_t)ld32(k->p));
	fb_puts(b, ", tfd=");
	fb_dec(b, (int32_t)ld32(k->p + 4));
	fb_puts(b, ", toff=");
	fb_udec(b, ld32(k->p + 8));
	fb_putc(b, '}');
	return 5;
}

/*
 * RESTART2's command: a string that ends within 255 bytes, or its first
 * 255 and "..." (strace's read of the kernel's 256-byte buffer); fewer
 * readable and no end: its address
 */
FMT_KIND(rebootarg)
{
	const struct cap *k = arg_or_ptr(b, c, i);
	const uint8_t *z;

	if (!k)
		return;
	z = memchr(k->p, 0, k->len);
	if (!z && k->len < 255) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	fmt_qstr(b, c, k->p, z ? (size_t)(z - k->p) : k->len, str_max(c),
		 !z, 0);
}

/* reboot as strace prints it: the command's string for RESTART2 only */
int fmt_reboot_call(struct fmt_buf *b, const struct sc_call *c, int from,
		    int exiting)
{
	if (exiting || from > 0)
		return 4;
	fmt_xlat_enum(b, &xlat_reboot_magic, (uint32_t)c->args[0]);
	fb_puts(b, ", ");
	fmt_xlat_enum(b, &xlat_reboot_magic, (uint32_t)c->args[1]);
	fb_puts(b, ", ");
	fmt_xlat_enum(b, &xlat_reboot_cmd, (uint32_t)c->args[2]);
	if ((uint32_t)c->args[2] == 0xa1b2c3d4 /* RESTART2 */) {
		fb_puts(b, ", ");
		fmt_arg(b, c, 3);
	}
	return 4;
}

/* a pointer, and a size_t, the call filled: [0x...], [N] */
FMT_KIND(addrp)
{
	const struct cap *k = arg_or_ptr(b, c, i);

	if (!k)
		return;
	fb_putc(b, '[');
	fmt_ptr(b, ld64(k->p));
	fb_putc(b, ']');
}

FMT_KIND(sizep)
{
	const struct cap *k = arg_or_ptr(b, c, i);

	if (!k)
		return;
	fb_putc(b, '[');
	fb_udec(b, ld64(k->p));
	fb_putc(b, ']');
}
