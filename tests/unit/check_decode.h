/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit test helpers for the decoders: a struct sc_call in, strace's text
 * out, with no tracer and no kernel (libtraceevent's habit).
 *
 *   struct cap k = CAP(&st, sizeof(st));
 *   struct sc_call c = CALL(SYS_fstat, 0, 3, 0x1000);
 *   c.cap_out[1] = &k;
 *   CHECK_STR(run(&c), "fstat(3, {st_mode=S_IFREG|0644, ...}) = 0");
 *
 * fo holds the output options (-s, -v, -x) a test may change.
 */
#ifndef ETRACE_CHECK_DECODE_H
#define ETRACE_CHECK_DECODE_H

#include "check.h"
#include "decode.h"

static char out[16384];
static struct fmt_opts fo = { .strsize = 32 };

/* the same as run(), with -X style s (fmt.h's enum xstyle) */
static inline const char *run_style(struct sc_call *c, int s)
{
	struct fmt_buf b;
	int resume;

	c->o = &fo;
	fb_init(&b, out, sizeof(out) - 1);
	b.xstyle = s;
	fb_puts(&b, c->d->name);
	fb_putc(&b, '(');
	resume = fmt_args(&b, c, 0, 0);
	fmt_args(&b, c, resume, 1);
	fb_puts(&b, ") = ");
	fmt_retval(&b, c);
	*b.p = '\0';
	return out;
}

/* "name(args) = ret" for a call that entered and exited, no padding */
static inline const char *run(struct sc_call *c)
{
	return run_style(c, XSTYLE_ABBREV);
}

/* the entry half only: what a line shows before <unfinished ...> */
static inline const char *run_entry(struct sc_call *c)
{
	struct fmt_buf b;

	c->o = &fo;
	fb_init(&b, out, sizeof(out) - 1);
	fb_puts(&b, c->d->name);
	fb_putc(&b, '(');
	fmt_args(&b, c, 0, 0);
	*b.p = '\0';
	return out;
}

/* a call that returned r, with its arguments */
#define CALL(nr, r, ...) ((struct sc_call){ .d = sc_lookup(nr), \
	.ret = (r), .exited = 1, .args = { __VA_ARGS__ } })
/* n bytes of memory copied from ptr */
#define CAP(ptr, n) ((struct cap){ .p = (const uint8_t *)(ptr), .len = (n) })

#endif
