// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz: the records of the BPF capture program (tracer/capture.h), then
 * the decoders on what they carry, as pair.c does: capture_parse of an
 * entry and an exit record, capture_caps of each into the call's cap /
 * cap_out (an exit record's entry items, read again, into cap; pieces of
 * one argument joined in a buffer of pair.c's size),
 * -y's fd items through capture_fds (as pair.c with -y or -P), the
 * dump item of -e read=/write= through capture_dump and fmt_dump (as the
 * text sink: it stays inside its record and the line buffer),
 * and the call printed by fmt_args (entering, exiting) and fmt_retval.
 *
 * FUZZ_PRINT=1 in the environment prints each call (to check seeds).
 *
 * Input: u8 options (-s, -v, -x, -yy), 6 x u64 arguments, i64 return, u16
 * length of the first record, the first record, then the second record
 * (the rest).  Each record is in an allocation of exactly its size.
 */
#include "capture.h"
#include "decode.h"
#include "fuzz.h"
#include "sysent_fallback.h"

#define JOIN_BUF (2 * CAP_REC_MAX)	/* as pair.c */

static char line[1 << 17];
static struct cap dumpcap;
static uint8_t join[JOIN_BUF];
static struct fd_desc fdv[FD_SLOTS];

static void check_parsed(const struct cap_parsed *cp, const uint8_t *raw,
			 size_t len)
{
	FUZZ_ASSERT(cp->phase == CAP_AT_ENTRY || cp->phase == CAP_AT_EXIT);
	FUZZ_ASSERT(cp->nitems >= 0 && cp->nitems <= 32);
	for (int i = 0; i < cp->nitems; i++) {
		/* an argument's memory, or -y's fd items (CAP_FD_*) */
		FUZZ_ASSERT((cp->item[i].arg >= 0 &&
			     cp->item[i].arg < SC_MAX_ARGS) ||
			    (cp->item[i].arg >= CAP_FD_ARG0 &&
			     cp->item[i].arg < CAP_ITEM_ARGS));
		FUZZ_ASSERT(cp->item[i].phase == CAP_AT_ENTRY ||
			    cp->item[i].phase == CAP_AT_EXIT);
		FUZZ_ASSERT(cp->item[i].p >= raw && cp->item[i].p <= raw + len);
		FUZZ_ASSERT(cp->item[i].len <= (size_t)(raw + len - cp->item[i].p));
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const int strsizes[4] = { 32, 0, 7, 4096 };
	struct fz f;
	struct fmt_opts fo = { 0 };
	struct sc_call c;
	struct cap capv[2][SC_MAX_ARGS];
	uint8_t *rec[2];
	size_t rlen[2];
	uint8_t opts;
	long nr = -1;

	fz_init(&f, data, size);
	memset(&c, 0, sizeof(c));
	opts = fz_u8(&f);
	fo.strsize = strsizes[opts & 3];
	fo.verbose = (opts >> 2) & 1;
	fo.xflag = ((opts >> 3) & 3) % 3;
	fo.fds = opts & 0x20 ? DECODE_FD_ALL : 0;
	c.o = &fo;
	for (int i = 0; i < SC_MAX_ARGS; i++)
		c.args[i] = fz_u64(&f);
	c.ret = (int64_t)fz_u64(&f);
	{
		size_t n1 = fz_u16(&f), got;
		const uint8_t *p = fz_take(&f, n1, &got);

		rec[0] = fz_dup(p, got);
		rlen[0] = got;
		p = fz_take(&f, f.left, &got);
		rec[1] = fz_dup(p, got);
		rlen[1] = got;
	}

	for (int k = 0; k < 2; k++) {
		struct cap_parsed cp;
		enum cap_type ty = capture_type(rec[k], rlen[k]);
		int ph;

		FUZZ_ASSERT(ty >= CAPT_BAD && ty <= CAPT_USTACK);
		/* as feed_capture and pair_capture, then attach_caps */
		if (ty != CAPT_CALL || capture_parse(rec[k], rlen[k], &cp))
			continue;
		check_parsed(&cp, rec[k], rlen[k]);
		if (nr < 0)
			nr = cp.nr;
		else if (cp.nr != nr)
			continue;	/* pair.c drops a capture of another call */
		ph = cp.phase == CAP_AT_EXIT;
		/* an exit record's entry items (read again) go to cap[] */
		capture_caps(&cp, capv[ph], c.cap, c.cap_out,
			     join + ph * (JOIN_BUF / 2), JOIN_BUF / 2);
		capture_fds(&cp, fdv, c.fd);
		capture_dump(&cp, &dumpcap, &c.dump);
	}
	if (c.dump) {
		struct fmt_buf b;

		FUZZ_ASSERT(c.dump == &dumpcap);
		fb_init(&b, line, sizeof(line));
		fmt_dump(&b, c.dump, "write");
		FUZZ_ASSERT(b.p <= b.end && !b.cut);
	}
	/* every fd described lies inside a record */
	for (int s = 0; s < FD_SLOTS; s++) {
		int in = 0;

		if (!c.fd[s])
			continue;
		for (int k = 0; k < 2; k++)
			in |= c.fd[s]->name >= rec[k] &&
			      c.fd[s]->name <= rec[k] + rlen[k] &&
			      c.fd[s]->namelen <=
			      (size_t)(rec[k] + rlen[k] - c.fd[s]->name);
		FUZZ_ASSERT(in);
	}
	/* every capture lies inside a record or the join buffer */
	for (int a = 0; a < SC_MAX_ARGS; a++) {
		for (int io = 0; io < 2; io++) {
			const struct cap *cc = io ? c.cap_out[a] : c.cap[a];
			int in = 0;

			if (!cc || !cc->len)
				continue;
			for (int k = 0; k < 2; k++)
				in |= cc->p >= rec[k] && cc->p <= rec[k] + rlen[k] &&
				      cc->len <= (size_t)(rec[k] + rlen[k] - cc->p);
			in |= cc->p >= join && cc->p + cc->len <= join + JOIN_BUF;
			FUZZ_ASSERT(in);
		}
	}
	if (nr >= 0) {
		struct fmt_buf b;
		int from;

		c.d = sc_desc_of(nr);
		fb_init(&b, line, sizeof(line));
		from = fmt_args(&b, &c, 0, 0);
		c.exited = 1;
		fmt_args(&b, &c, from, 1);
		fb_puts(&b, ") = ");
		fmt_retval(&b, &c);
		FUZZ_ASSERT(b.p <= b.end && !b.cut);
		if (getenv("FUZZ_PRINT"))
			fprintf(stderr, "%s(%.*s\n", c.d->name,
				(int)(b.p - line), line);
		FUZZ_ASSERT(!memchr(line, '\0', (size_t)(b.p - line)));
	}
	free(rec[0]);
	free(rec[1]);
	return 0;
}
