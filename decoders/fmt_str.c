// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: strings, as strace quotes them; iovec arrays with
 * their data (readv and writev, msghdr).
 */
#include "fmt_priv.h"

static void quote_hex(struct fmt_buf *b, const uint8_t *s, size_t n)
{
	static const char digits[] = "0123456789abcdef";

	for (size_t i = 0; i < n; i++) {
		char e[4] = { '\\', 'x', digits[s[i] >> 4], digits[s[i] & 15] };

		fb_putn(b, e, sizeof(e));
	}
}

#define BYTES(c)	(0x0101010101010101ull * (c))
/* (x - BYTES(1)) & ~x & BYTES(0x80): not 0 exactly when a byte of x is 0 */
#define ANY_ZERO(x)	(((x) - BYTES(1)) & ~(x) & BYTES(0x80))

/*
 * The 8 bytes at s are all printed as they are (' ' to '~', neither '"'
 * nor '\\'): a frame's path or a file name is checked a word at a time,
 * not a byte (quote_c was 16% of -k's CPU, its module paths)
 */
static int word_as_is(const uint8_t *s)
{
	uint64_t v, q, bs;

	memcpy(&v, s, sizeof(v));
	q = v ^ BYTES('"');
	bs = v ^ BYTES('\\');
	/* a byte below ' ', a byte from 0x7f (adding 1 reaches 0x80; a
	   carry out of 0xff, itself caught, only adds to the next byte) */
	return !(((v - BYTES(' ')) & ~v & BYTES(0x80)) |
		 (((v + BYTES(1)) | v) & BYTES(0x80)) | ANY_ZERO(q) |
		 ANY_ZERO(bs));
}

/*
 * esc: printable characters escaped too, or NULL; hexesc: escapes as
 * \xHH, not octal (--strings-in-hex=non-ascii-chars)
 */
static void quote_c(struct fmt_buf *b, const uint8_t *s, size_t n,
		    const char *esc, int hexesc)
{
	/* the printable characters written as they are: runs copied whole */
	uint64_t as_is[2] = { 0xffffffff00000000ull & ~(1ull << '"'),
			      0x7fffffffffffffffull & ~(1ull << ('\\' - 64)) };
	int words = !esc || !*esc;

	for (; esc && *esc; esc++)
		if ((uint8_t)*esc < 128)
			as_is[(uint8_t)*esc >> 6] &= ~(1ull << (*esc & 63));
	for (size_t i = 0; i < n; i++) {
		uint8_t c = s[i];
		size_t run = i;

		while (words && run + 8 <= n && word_as_is(s + run))
			run += 8;
		while (run < n && s[run] < 128 &&
		       (as_is[s[run] >> 6] >> (s[run] & 63) & 1))
			run++;
		if (run > i) {
			fb_putn(b, (const char *)s + i, run - i);
			i = run - 1;
			continue;
		}
		switch (c) {
		case '"':
			fb_puts(b, "\\\"");
			continue;
		case '\\':
			fb_puts(b, "\\\\");
			continue;
		case '\t':
			fb_puts(b, "\\t");
			continue;
		case '\n':
			fb_puts(b, "\\n");
			continue;
		case '\v':
			fb_puts(b, "\\v");
			continue;
		case '\f':
			fb_puts(b, "\\f");
			continue;
		case '\r':
			fb_puts(b, "\\r");
			continue;
		}
		if (hexesc) {
			quote_hex(b, &c, 1);
			continue;
		}
		/*
		 * Octal, as short as possible unless a digit follows, which
		 * would read as part of the escape.
		 */
		fb_putc(b, '\\');
		if (i + 1 < n && s[i + 1] >= '0' && s[i + 1] <= '7') {
			fb_putc(b, (char)('0' + (c >> 6)));
			fb_putc(b, (char)('0' + ((c >> 3) & 7)));
			fb_putc(b, (char)('0' + (c & 7)));
			continue;
		}
		if (c >> 6)
			fb_putc(b, (char)('0' + (c >> 6)));
		if (c >> 3)
			fb_putc(b, (char)('0' + ((c >> 3) & 7)));
		fb_putc(b, (char)('0' + (c & 7)));
	}
}

/*
 * -x: the whole string in hex when any byte is neither printable nor
 * one of the C whitespace escapes; -xx: always (-1, non-ascii-chars:
 * never, its escapes are in hex)
 */
static int want_hex(const uint8_t *s, size_t n, int xflag)
{
	if (xflag > 1)
		return 1;
	if (xflag <= 0)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (s[i] > 0x7e || (s[i] < ' ' && (s[i] < 9 || s[i] > 13)))
			return 1;
	return 0;
}

void fmt_qstr(struct fmt_buf *b, const struct sc_call *c, const uint8_t *s,
	      size_t len, long max, int more, int style)
{
	size_t n = len;

	if (style & QS_NUL_END) {
		const uint8_t *z = memchr(s, '\0', len);

		if (z)
			n = len = (size_t)(z - s);
	}
	if (max >= 0 && n > (size_t)max) {
		n = (size_t)max;
		more = 1;
	}
	fb_putc(b, '"');
	if ((style & QS_HEX) || want_hex(s, n, c && c->o ? c->o->xflag : 0))
		quote_hex(b, s, n);
	else
		quote_c(b, s, n, NULL, c && c->o && c->o->xflag < 0);
	fb_putc(b, '"');
	if (more)
		fb_puts(b, "...");
}

void fmt_cstr_array(struct fmt_buf *b, const struct sc_call *c,
		    const uint8_t *p, size_t size)
{
	const uint8_t *z = size ? memchr(p, '\0', size - 1) : NULL;

	if (z)
		fmt_qstr(b, c, p, (size_t)(z - p), -1, 0, 0);
	else
		fmt_qstr(b, c, p, size ? size - 1 : 0, -1,
			 size && p[size - 1] != '\0', 0);
}

void fmt_quoted(struct fmt_buf *b, const uint8_t *s, size_t len, long max,
		int more)
{
	fmt_qstr(b, NULL, s, len, max, more, 0);
}

void fmt_escaped(struct fmt_buf *b, const uint8_t *s, size_t len)
{
	quote_c(b, s, len, NULL, 0);
}

void fmt_fdtext(struct fmt_buf *b, const struct sc_call *c, const uint8_t *s,
		size_t len)
{
	if (want_hex(s, len, c && c->o ? c->o->xflag : 0))
		quote_hex(b, s, len);
	else
		quote_c(b, s, len, "<>", c && c->o && c->o->xflag < 0);
}

/*
 * struct iovec[count] then each element's data, min(iov_len, strsize,
 * remaining) bytes each (fmt_priv.h); on a netlink socket (nlproto)
 * min(iov_len, NL_COPY_MAX - 1, remaining), its messages.  remaining
 * starts at the sum of the lengths (entry) or ret (exit).
 */
void fmt_iov_array(struct fmt_buf *b, const struct sc_call *c,
		   const uint8_t *p, size_t len, uint32_t count,
		   uint64_t total, uint64_t addr, uint64_t limit, int nlproto,
		   int ended)
{
	long max = str_max(c);
	int bases = nlproto == IOV_BASES;
	uint64_t cmax = nlproto > 0 ? NL_COPY_MAX - 1 : (uint64_t)max;
	size_t off = (size_t)count * 16;
	uint64_t remaining = 0;
	uint32_t j;

	if (bases)
		nlproto = 0;
	if (off > len) {
		fmt_ptr(b, addr);
		return;
	}
	if (p == NULL || total == 0) {
		fb_puts(b, total ? "NULL" : "[]");
		return;
	}
	/*
	 * at exit, only what the call transferred (limit: its return); at
	 * entry (UINT64_MAX) no bound: a sum of the lengths could wrap
	 */
	remaining = limit;
	fb_putc(b, '[');
	for (j = 0; j < count; j++) {
		uint64_t base = ld64(p + 16 * j), ilen = ld64(p + 16 * j + 8);
		uint64_t want = ilen < remaining ? ilen : remaining;
		size_t have = want < cmax ? (size_t)want : (size_t)cmax;

		if (j)
			fb_puts(b, ", ");
		if (abbrev(c) && j >= (uint32_t)max) {
			fb_puts(b, "...");
			break;
		}
		fb_puts(b, "{iov_base=");
		if (bases) {
			fmt_ptr(b, base);
			have = 0;
		} else if (off + have > len) {
			/* the data was not copied: the pointer, not a guess */
			fmt_ptr(b, base);
			have = 0;
		} else if (!base) {
			fb_puts(b, "NULL");
		} else if (nlproto) {
			fmt_netlink(b, c, p + off, have, base, want, nlproto);
		} else {
			fmt_qstr(b, c, p + off, have, max, want > have, 0);
		}
		off += have;
		if (limit != UINT64_MAX)
			remaining -= want;
		fb_puts(b, ", iov_len=");
		fb_udec(b, ilen);
		fb_putc(b, '}');
	}
	if (j == count && total > count && ended) {
		fb_puts(b, count ? ", ... /* " : "... /* ");
		fmt_ptr(b, addr + 16 * (uint64_t)count);
		fb_puts(b, " */");
	} else if (j == count && total > count) {
		fb_puts(b, count ? ", ..." : "...");
	}
	fb_putc(b, ']');
}

/*
 * -Y's <name>: escaped as strace escapes a string, and < and > too (as
 * octal, or hex with -x), so the name cannot end the brackets early.
 */
void fmt_comm(struct fmt_buf *b, const char *comm, int xflag)
{
	const uint8_t *s = (const uint8_t *)comm;
	size_t n = strlen(comm), run = 0;

	fb_putc(b, '<');
	if (want_hex(s, n, xflag)) {
		quote_hex(b, s, n);
		fb_putc(b, '>');
		return;
	}
	for (size_t i = 0; i <= n; i++) {
		int lt = i < n && (s[i] == '<' || s[i] == '>');

		if (i < n && !lt)
			continue;
		quote_c(b, s + run, i - run, NULL, xflag < 0);
		run = i + 1;
		if (!lt)
			break;
		if (xflag)	/* -x, -xx, non-ascii-chars */
			quote_hex(b, s + i, 1);
		else if (i + 1 < n && s[i + 1] >= '0' && s[i + 1] <= '7')
			fb_puts(b, s[i] == '<' ? "\\074" : "\\076");
		else
			fb_puts(b, s[i] == '<' ? "\\74" : "\\76");
	}
	fb_putc(b, '>');
}

void fmt_pid(struct fmt_buf *b, const struct fmt_opts *o, int64_t pid)
{
	const char *name;

	fb_dec(b, pid);
	if (!o || !o->pid_name || pid <= 0 || pid > 0x7fffffff)
		return;
	name = o->pid_name(o->pid_ctx, pid);
	if (name && *name)
		fmt_comm(b, name, o->xflag);
}

/*
 * An array of n elements of size es at addr, p its copy of have bytes
 * (the memory's end when ends): strace's print_array, -s elements and
 * "..." (also after a kernel's limit: cut), "... /+ address +/" where the
 * memory ends (strace reads the element after -s's last to know), the
 * address alone when the first cannot be read; 0 when the copy ends
 * before what strace reads for another reason: print the pointer
 */
int fmt_array_ctx(struct fmt_buf *b, const struct sc_call *c,
		  const uint8_t *p, uint64_t addr, uint32_t n, uint32_t es,
		  size_t have, int ends, int cut,
		  void (*elem)(struct fmt_buf *b, const uint8_t *e,
			       uint32_t j, const void *ctx),
		  const void *ctx)
{
	uint32_t show = n, avail = (uint32_t)(have / es), j;

	if (abbrev(c) && (uint64_t)str_max(c) < n)
		show = (uint32_t)str_max(c);
	/* strace reads the element after -s's last before its "..." */
	if ((show < n ? show + 1 : show) > avail && !ends)
		return 0;
	if (n && !avail) {
		fmt_ptr(b, addr);
		return 1;
	}
	fb_putc(b, '[');
	for (j = 0; j < show && j < avail; j++) {
		if (j)
			fb_puts(b, ", ");
		elem(b, p + (size_t)es * j, j, ctx);
	}
	if (j < show || (j < n && j == avail)) {
		fb_puts(b, j ? ", ... /* " : "... /* ");
		fmt_ptr(b, addr + (uint64_t)es * j);
		fb_puts(b, " */");
	} else if (show < n || cut) {
		fb_puts(b, show ? ", ..." : "...");
	}
	fb_putc(b, ']');
	return 1;
}

struct array_elem {
	void (*elem)(struct fmt_buf *b, const uint8_t *e);
};

static void array_elem(struct fmt_buf *b, const uint8_t *e, uint32_t j,
		       const void *ctx)
{
	((const struct array_elem *)ctx)->elem(b, e);
}

int fmt_array(struct fmt_buf *b, const struct sc_call *c,
	      const uint8_t *p, uint64_t addr, uint32_t n, uint32_t es,
	      size_t have, int ends, int cut,
	      void (*elem)(struct fmt_buf *b, const uint8_t *e))
{
	struct array_elem x = { elem };

	return fmt_array_ctx(b, c, p, addr, n, es, have, ends, cut,
			     array_elem, &x);
}
