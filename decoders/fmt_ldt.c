// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: x86's segment descriptors as strace 6.1 prints them:
 * struct user_desc (asm/ldt.h) for modify_ldt, set_thread_area and
 * get_thread_area, and modify_ldt's return value.
 *
 *   {entry_number=12, base_addr=0x87868584, limit=0xfffff, seg_32bit=1,
 *    contents=0, read_exec_only=0, limit_in_pages=1, seg_not_present=0,
 *    useable=1, lm=0}
 *
 * entry_number as an id (-1 for all ones), base_addr and limit as
 * strace's %#08x (0 is 00000000), the bit fields of the fourth word in
 * their order.  get_thread_area is given the number and fills the rest:
 * {entry_number=12, ...} when it failed.  And _sysctl's struct
 * __sysctl_args, x86_64's other machine-level relic: its fields as
 * strace 6.1 prints them (pointers, and the name's length).
 */
#include "fmt_priv.h"

#define USER_DESC_SIZE 16

/* %#0*x at width 8: 00000000, 0x000012, 0x87868584 */
static void hex8(struct fmt_buf *b, uint32_t v)
{
	static const char digits[] = "0123456789abcdef";
	char s[8];
	int n = 0;

	if (!v) {
		fb_puts(b, "00000000");
		return;
	}
	for (; v; v >>= 4)
		s[n++] = digits[v & 15];
	fb_puts(b, "0x");
	fb_pad(b, '0', n < 6 ? (size_t)(6 - n) : 0);
	while (n)
		fb_putc(b, s[--n]);
}

/* the fields after entry_number, and the closing brace */
static void desc_rest(struct fmt_buf *b, const uint8_t *p)
{
	static const struct { const char *name; int shift, bits; } f[] = {
		{ "seg_32bit", 0, 1 }, { "contents", 1, 2 },
		{ "read_exec_only", 3, 1 }, { "limit_in_pages", 4, 1 },
		{ "seg_not_present", 5, 1 }, { "useable", 6, 1 },
		{ "lm", 7, 1 },
	};
	uint32_t w = ld32(p + 12);

	fb_puts(b, ", base_addr=");
	hex8(b, ld32(p + 4));
	fb_puts(b, ", limit=");
	hex8(b, ld32(p + 8));
	for (size_t j = 0; j < sizeof(f) / sizeof(f[0]); j++) {
		fb_puts(b, ", ");
		fb_puts(b, f[j].name);
		fb_putc(b, '=');
		fb_udec(b, w >> f[j].shift & ((1u << f[j].bits) - 1));
	}
	fb_putc(b, '}');
}

static void user_desc(struct fmt_buf *b, const uint8_t *p)
{
	fb_puts(b, "{entry_number=");
	fmt_id(b, ld32(p));
	desc_rest(b, p);
}

/* set_thread_area's: the whole struct, as given */
FMT_KIND(userdesc)
{
	const struct cap *k = arg_or_ptr(b, c, i);

	if (k)
		user_desc(b, k->p);
}

/* modify_ldt's: a struct only when bytecount is its size */
FMT_KIND(ldtdesc)
{
	const struct cap *k;

	if (c->args[2] != USER_DESC_SIZE) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	k = arg_or_ptr(b, c, i);
	if (k)
		user_desc(b, k->p);
}

/*
 * get_thread_area's: the number given, then what the call filled (a
 * number it changed after " => "), or ", ..." when it failed
 */
FMT_KIND(userdescget)
{
	const struct cap *in = arg_in(c, i, 4);
	const struct cap *out = arg_out(c, i, USER_DESC_SIZE);

	if (!c->args[i]) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	if (!in) {
		fmt_ptr(b, c->args[i]);
		if (out && !c->nonverbose) {
			fb_puts(b, " => ");
			user_desc(b, out->p);
		}
		return;
	}
	fb_puts(b, "{entry_number=");
	fmt_id(b, ld32(in->p));
	if (!c->exited || c->nonverbose)
		return;
	if (!out) {
		fb_puts(b, ", ...}");
		return;
	}
	if (ld32(out->p) != ld32(in->p)) {
		fb_puts(b, " => ");
		fmt_id(b, ld32(out->p));
	}
	desc_rest(b, out->p);
}

/* set_thread_area's: = 0 (entry_number=12), the number the kernel chose */
void fmt_tls_ret(struct fmt_buf *b, const struct sc_call *c)
{
	const struct cap *out = arg_out(c, 0, USER_DESC_SIZE);

	fb_dec(b, c->ret);
	if (!out || c->nonverbose)
		return;
	fb_puts(b, " (entry_number=");
	fb_udec(b, ld32(out->p));
	fb_putc(b, ')');
}

/*
 * modify_ldt's: the kernel returns its int zero-extended, so an error
 * comes back as 4294967258: printed so, with the errno it holds
 */
void fmt_ldt_ret(struct fmt_buf *b, const struct sc_call *c)
{
	int32_t e = (int32_t)(uint32_t)c->ret;

	fb_dec(b, c->ret);
	if ((uint64_t)c->ret >> 32 || e >= 0 || e < -4095)
		return;
	fb_putc(b, ' ');
	if (errno_name(-e)) {
		fb_puts(b, errno_name(-e));
	} else {
		fb_puts(b, "E??? ");
		fb_dec(b, -e);
	}
	fb_puts(b, " (");
	fb_puts(b, errno_text(-e));
	fb_putc(b, ')');
}

/* {name=NULL, nlen=0, oldval=NULL, oldlenp=NULL, newval=NULL, newlen=0} */
FMT_KIND(sysctlargs)
{
	const struct cap *k = arg_or_ptr(b, c, i);

	if (!k)
		return;
	fb_puts(b, "{name=");
	fmt_ptr(b, ld64(k->p));
	fb_puts(b, ", nlen=");
	fb_dec(b, (int32_t)ld32(k->p + 8));
	fb_puts(b, ", oldval=");
	fmt_ptr(b, ld64(k->p + 16));
	fb_puts(b, ", oldlenp=");
	fmt_ptr(b, ld64(k->p + 24));
	fb_puts(b, ", newval=");
	fmt_ptr(b, ld64(k->p + 32));
	fb_puts(b, ", newlen=");
	fb_udec(b, ld64(k->p + 40));
	fb_putc(b, '}');
}
