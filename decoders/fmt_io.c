// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: data buffers (read, write, readv, writev), execve's
 * arrays and small integer arrays (pipe fds, groups, int results).
 */
#include <string.h>

#include "fmt_priv.h"

/* bytes of a buffer argument: the copy is min(len, strsize) bytes */
static void fmt_buf_arg(struct fmt_buf *b, const struct sc_call *c, int i,
			const struct cap *k)
{
	const char *n = c->d->name;
	uint32_t len;
	int style = 0;

	/* the list xattr calls given no room: strace's address */
	if (!k || !c->args[i] || (strstr(n, "listxattr") && !c->args[i + 1])) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	/* strace shows random bytes in hex, whatever they look like */
	if (!strcmp(n, "getrandom"))
		style = QS_HEX;
	/* and an xattr value's last NUL not (QUOTE_OMIT_TRAILING_0) */
	len = k->len;
	if (strstr(n, "setxattr") && !(k->flags & CAP_TRUNC) && len &&
	    len == c->args[i + 1] && !k->p[len - 1])
		len--;
	fmt_qstr(b, c, k->p, len, str_max(c), k->flags & CAP_TRUNC, style);
}

/*
 * A length past what the kernel takes: strace prints the address
 * (sethostname's and setdomainname's 64, the setxattr calls' 65536)
 */
static uint64_t ibuf_limit(const struct sc_call *c)
{
	const char *n = c->d->name;

	if (!strcmp(n, "sethostname") || !strcmp(n, "setdomainname"))
		return 64;
	if (strstr(n, "setxattr"))
		return 65536;
	return UINT64_MAX;
}

FMT_KIND(ibuf)
{
	int p = c->d->arg[i].param;

	if (p >= 0 && p < SC_MAX_ARGS && c->args[p] > ibuf_limit(c)) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	fmt_buf_arg(b, c, i, arg_in(c, i, 0));
}

FMT_KIND(obuf)
{
	fmt_buf_arg(b, c, i, arg_out(c, i, 0));
}

FMT_KIND(iovec)
{
	int out = kind_info[c->d->arg[i].kind].dir == D_OUT;
	const struct cap *k = c->cap_out[i];

	/*
	 * a read that failed: the array it was given (copied at exit all
	 * the same, X|F), each base as its pointer, as strace prints it
	 */
	if (out && c->exited && sc_failed(c) && c->args[i] && k &&
	    !(k->flags & CAP_FAULT) && (!k->len || k->p)) {
		fmt_iov_array(b, c, k->p, k->len, k->count, k->total,
			      c->args[i], 0, IOV_BASES, k->flags & CAP_UNTERM);
		return;
	}
	k = arg_or_ptr(b, c, i);
	if (!k)
		return;
	fmt_iov_array(b, c, k->p, k->len, k->count, k->total, c->args[i],
		      out ? (uint64_t)c->ret : UINT64_MAX, 0,
		      k->flags & CAP_UNTERM);
}

/*
 * strace's printargv: each element's string, or its pointer when that
 * could not be read; an array that ran into unreadable memory before its
 * NULL ends with "...", then its address in a comment (layout: decode.h).
 */
FMT_KIND(argv)
{
	const struct cap *k = arg_or_ptr(b, c, i);
	const uint8_t *p, *end;
	long max = str_max(c);
	uint32_t j;

	if (!k)
		return;
	p = k->p;
	end = k->p + k->len;
	fb_putc(b, '[');
	for (j = 0; j < k->count && end - p >= 9; j++) {
		uint64_t ptr = ld64(p);
		uint8_t st = p[8];
		const uint8_t *s = p + 9;
		const uint8_t *z = memchr(s, '\0', (size_t)(end - s));
		size_t n = z ? (size_t)(z - s) : (size_t)(end - s);

		if (j)
			fb_puts(b, ", ");
		/* strace shows strsize elements, then "..." */
		if (abbrev(c) && j >= (uint32_t)max) {
			fb_puts(b, "...");
			fb_putc(b, ']');
			return;
		}
		if (st == ARGV_FAULT)
			fmt_ptr(b, ptr);
		else
			fmt_qstr(b, c, s, n, max, !z || st == ARGV_CUT, 0);
		p = s + n + 1;
	}
	if (k->total > j || k->count > j) {
		fb_puts(b, j ? ", ..." : "...");
	} else if (k->flags & CAP_UNTERM) {
		fb_puts(b, j ? ", ... /* " : "... /* ");
		fb_hex(b, c->args[i] + 8 * (uint64_t)j);
		fb_puts(b, " */");
	}
	fb_putc(b, ']');
}

FMT_KIND(envp)
{
	const struct cap *k = arg_or_ptr(b, c, i);

	if (!k)
		return;
	/* -v: the strings, when the capture layer copied them (-v has it
	   copy them; an empty environment is [] either way) */
	if (verbose(c) && (k->count ||
			   (!k->total && !(k->flags & CAP_UNTERM)))) {
		fmt_k_argv(b, c, i);
		return;
	}
	fb_hex(b, c->args[i]);
	fb_puts(b, " /* ");
	fb_udec(b, k->total);
	fb_puts(b, k->total == 1 ? " var" : " vars");
	fb_puts(b, k->flags & CAP_UNTERM ? ", unterminated */" : " */");
}

/* "[1, 2]" from n 32-bit values; `more` adds "..." */
static void fmt_u32_array(struct fmt_buf *b, const struct sc_call *c,
			  const uint8_t *p, uint32_t n, uint64_t total,
			  int is_signed)
{
	uint32_t j;

	fb_putc(b, '[');
	for (j = 0; j < n; j++) {
		if (j)
			fb_puts(b, ", ");
		if (abbrev(c) && j >= (uint32_t)str_max(c)) {
			fb_puts(b, "...");
			break;
		}
		if (is_signed)
			fb_dec(b, (int32_t)ld32(p + 4 * j));
		else
			fb_udec(b, ld32(p + 4 * j));
	}
	if (j == n && total > n)
		fb_puts(b, n ? ", ..." : "...");
	fb_putc(b, ']');
}

static void fmt_array_arg(struct fmt_buf *b, const struct sc_call *c, int i,
			  uint64_t total, int is_signed)
{
	const struct cap *k = arg_or_ptr(b, c, i);
	uint32_t n;

	if (!k)
		return;
	n = k->len / 4;
	if (total < n)
		n = (uint32_t)total;
	if (total && !n) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	fmt_u32_array(b, c, k->p, n, total, is_signed);
}

static uint64_t param_count(const struct sc_call *c, int i)
{
	int p = c->d->arg[i].param;

	if (p == P_RET)
		return c->ret < 0 ? 0 : (uint64_t)c->ret;
	if (p < SC_MAX_ARGS)
		return (uint32_t)c->args[p];
	return 1;
}

FMT_KIND(ints)
{
	fmt_array_arg(b, c, i, param_count(c, i), 1);
}

/* (gid_t)-1, "no group", prints as -1 as strace prints it */
static void gid_elem(struct fmt_buf *b, const uint8_t *e)
{
	fmt_id(b, ld32(e));
}

/*
 * A gid_t[n] at argument i, as strace's print_array: the elements up to
 * -s, "... /+ address +/" where the memory ends (copied up to the page
 * that faults), "..." past what was copied (ARRAY_COPIED elements)
 */
static void fmt_gids(struct fmt_buf *b, const struct sc_call *c, int i,
		     uint64_t n)
{
	const struct cap *k = arg_or_ptr(b, c, i);
	uint64_t want = (n < ARRAY_COPIED ? n : ARRAY_COPIED) * 4;

	if (!k)
		return;
	if ((k->flags & CAP_FAULT) ||
	    !fmt_array(b, c, k->p, c->args[i], (uint32_t)n, 4, k->len,
		       k->len < want, n > ARRAY_COPIED, gid_elem))
		fmt_ptr(b, c->args[i]);
}

/* strace's NGROUPS_MAX: a longer list prints as its address */
#define GROUPS_MAX 65536

FMT_KIND(groups)
{
	uint64_t n = param_count(c, i);

	if (n > GROUPS_MAX)
		fmt_ptr(b, c->args[i]);
	else
		fmt_gids(b, c, i, n);
}

FMT_KIND(ogroups)
{
	/*
	 * getgroups(0, p) asks for the count: nothing was written (strace
	 * shows an empty array only when the count is 0 too)
	 */
	if (!c->args[0] && c->d->nargs > 1 && c->args[i] && c->exited &&
	    c->ret == 0) {
		fb_puts(b, "[]");
		return;
	}
	if (!c->args[0] && c->d->nargs > 1) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	fmt_gids(b, c, i, c->ret < 0 ? 0 : (uint64_t)c->ret);
}

/* [3, 4], with -y [3<pipe:[123]>, 4<pipe:[123]>] */
FMT_KIND(pipefds)
{
	const struct cap *k = arg_or_ptr(b, c, i);

	if (!k)
		return;
	if (k->len < 8) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	fb_putc(b, '[');
	fb_dec(b, (int32_t)ld32(k->p));
	fmt_fd_note(b, c, FD_SLOT_PAIR0);
	fb_puts(b, ", ");
	fb_dec(b, (int32_t)ld32(k->p + 4));
	fmt_fd_note(b, c, FD_SLOT_PAIR0 + 1);
	fb_putc(b, ']');
}

FMT_KIND(oint)
{
	const struct xlat *x = c->d->arg[i].set;
	const struct cap *k;

	/* oint:SET: one value of a set (get_mempolicy's [MPOL_DEFAULT]) */
	if (x && c->args[i] && (k = arg_mem(c, i, 4))) {
		fb_putc(b, '[');
		fmt_xlat_enum(b, x, ld32(k->p));
		fb_putc(b, ']');
		return;
	}
	fmt_array_arg(b, c, i, 1, 1);
}

FMT_KIND(ouid3)
{
	fmt_array_arg(b, c, i, 1, 0);
}

FMT_KIND(ou64)
{
	const struct cap *k = arg_or_ptr(b, c, i);

	if (!k)
		return;
	fb_putc(b, '[');
	fb_dec(b, (int64_t)ld64(k->p));
	fb_putc(b, ']');
}

/* process_madvise's iovec: another process's ranges, their addresses */
static void one_iovaddr(struct fmt_buf *b, const uint8_t *p)
{
	fb_puts(b, "{iov_base=");
	fmt_ptr(b, ld64(p));
	fb_puts(b, ", iov_len=");
	fb_udec(b, ld64(p + 8));
	fb_putc(b, '}');
}

FMT_KIND(iovaddrs)
{
	fmt_mem_array(b, c, i, 16, one_iovaddr);
}
