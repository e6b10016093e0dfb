// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz: the decoders (decoders/decode.h) on captured struct bytes.  A
 * struct sc_call for a syscall number from the input, with its six
 * arguments, return value, options (-s, -v, -x/-xx) and, per argument,
 * entry and exit captures whose bytes, length, count, total and flags
 * come from the input (each in an allocation of exactly its length, so
 * a decoder that reads past what was captured is caught).  fmt_args
 * entering and exiting and fmt_retval print into a small buffer (cut
 * lines) and a large one; then fmt_siginfo and fmt_quoted on the rest.
 *
 * FUZZ_PRINT=1 in the environment prints each call (to check seeds).
 *
 * Input: u16 number (high bit set: the raw value as a signed number, for
 * numbers the table lacks; else modulo 512), u8 options, u8 small buffer
 * size, 6 x u64 arguments, i64 return (u8 flags: bit 0 a small -errno),
 * then for each argument an entry and an exit capture: u8 flags (bit 0
 * present, bit 1 CAP_TRUNC, bit 2 CAP_FAULT, bit 3 a netlink socket's
 * copy, of protocol flags >> 4: nlproto), u16 length, u8 count,
 * u8 total, and that many bytes; what is left goes to fmt_siginfo and
 * fmt_quoted.
 */
#include "decode.h"
#include "fuzz.h"
#include "sysent_fallback.h"

static char large[1 << 17];

/* a text line: no NUL bytes, never past the end */
static void check_text(const struct fmt_buf *b, const char *start)
{
	FUZZ_ASSERT(b->p >= start && b->p <= b->end);
	FUZZ_ASSERT(!memchr(start, '\0', (size_t)(b->p - start)));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const int strsizes[8] = { 32, 0, 1, 4, 16, 64, 255, 4096 };
	struct fz f;
	struct fmt_opts fo = { 0 };
	struct sc_call c;
	struct cap caps[2][SC_MAX_ARGS];
	uint8_t *mem[2][SC_MAX_ARGS];
	uint16_t raw_nr;
	uint8_t opts, small_size, rflags;
	char *small;
	struct fmt_buf b;
	const uint8_t *rest;
	size_t rlen;

	fz_init(&f, data, size);
	memset(&c, 0, sizeof(c));
	memset(mem, 0, sizeof(mem));
	/* (a copy of one piece: npieces 0, read by cap_piece) */
	memset(caps, 0, sizeof(caps));
	raw_nr = fz_u16(&f);
	opts = fz_u8(&f);
	small_size = fz_u8(&f);
	fo.strsize = strsizes[opts & 7];
	fo.verbose = (opts >> 3) & 1;
	fo.xflag = ((opts >> 4) & 3) % 3;
	c.exited = (opts >> 6) & 1;
	c.d = sc_desc_of(raw_nr & 0x8000 ? (long)(int16_t)raw_nr : raw_nr % 512);
	c.o = &fo;
	for (int i = 0; i < SC_MAX_ARGS; i++)
		c.args[i] = fz_u64(&f);
	c.ret = (int64_t)fz_u64(&f);
	rflags = fz_u8(&f);
	if (rflags & 1)
		c.ret = -(int64_t)(c.ret & 0xfff);
	for (int ph = 0; ph < 2; ph++) {
		for (int i = 0; i < SC_MAX_ARGS; i++) {
			uint8_t fl = fz_u8(&f);
			struct cap *k = &caps[ph][i];
			const uint8_t *p;
			size_t got;

			if (!(fl & 1))
				continue;
			k->len = fz_u16(&f);
			k->count = fz_u8(&f);
			k->total = fz_u8(&f);
			k->flags = (uint8_t)((fl & 2 ? CAP_TRUNC : 0) |
					     (fl & 4 ? CAP_FAULT : 0));
			k->nlproto = fl & 8 ? (uint8_t)((fl >> 4) + 1) : 0;
			p = fz_take(&f, k->len, &got);
			k->len = (uint32_t)got;
			mem[ph][i] = fz_dup(p, got);
			k->p = mem[ph][i];
			if (ph)
				c.cap_out[i] = k;
			else
				c.cap[i] = k;
		}
	}

	/* as sink_text prints a call: entering, then exiting */
	small = malloc(small_size ? small_size : 1);
	if (!small)
		abort();
	for (int pass = 0; pass < 2; pass++) {
		char *buf = pass ? large : small;
		size_t bsize = pass ? sizeof(large) : small_size;
		int from;
		int exited = c.exited;

		fb_init(&b, buf, bsize);
		c.exited = 0;
		from = fmt_args(&b, &c, 0, 0);
		FUZZ_ASSERT(from >= 0 && from <= c.d->nargs);
		c.exited = exited;
		fmt_args(&b, &c, from, 1);
		fb_puts(&b, ") = ");
		fmt_retval(&b, &c);
		check_text(&b, buf);
		if (pass)
			FUZZ_ASSERT(!b.cut);
		if (pass && getenv("FUZZ_PRINT"))
			fprintf(stderr, "%s(%.*s\n", c.d->name,
				(int)(b.p - buf), buf);
		/* each argument alone, as the JSON sink does */
		for (int i = 0; pass && i < c.d->nargs; i++) {
			fb_init(&b, buf, bsize);
			fmt_arg(&b, &c, i);
			check_text(&b, buf);
		}
	}
	free(small);

	rest = fz_take(&f, f.left, &rlen);
	{
		uint8_t *r = fz_dup(rest, rlen);

		fb_init(&b, large, sizeof(large));
		fmt_siginfo(&b, r, rlen);
		check_text(&b, large);
		fb_init(&b, large, sizeof(large));
		fmt_quoted(&b, r, rlen, (long)(opts % 40) - 1, rflags & 2);
		check_text(&b, large);
		fb_init(&b, large, 7);
		fmt_quoted(&b, r, rlen, -1, 1);
		check_text(&b, large);
		free(r);
	}
	for (int ph = 0; ph < 2; ph++)
		for (int i = 0; i < SC_MAX_ARGS; i++)
			free(mem[ph][i]);
	return 0;
}
