// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --context's rings (tracer/pairing/context.c): a kept call is a deep
 * copy (its argument copies and -y descriptors survive the buffers they
 * came from being reused), the last n are kept, oldest first, each handed
 * out once; a copy too big for a slot is left out (NULL: the decoders
 * print the pointer), the others of that call kept.
 */
#include "check.h"
#include "context.h"

static const struct sc_desc desc = { .name = "test" };

int main(void)
{
	static uint8_t big[CTX_SLOT_BYTES + 1];
	uint8_t small[5] = "abcd";
	struct cap c_small = { .p = small, .len = 5 };
	struct cap c_big = { .p = big, .len = sizeof(big) };
	struct fd_desc fd = { .kind = FD_PATH, .name = (const uint8_t *)"/etc/x",
			      .namelen = 6 };
	struct ctx_ring *r = NULL;
	const struct ctx_call *k;
	struct sc_call c;

	for (int i = 0; i < 5; i++) {
		struct ctx_call how = { .time = 100 + i, .t_enter = 50 + i,
					.nr = i, .seen_enter = 1,
					.end = END_RETURNED };

		memset(&c, 0, sizeof(c));
		c.d = &desc;
		c.args[0] = (uint64_t)i;
		c.cap[0] = &c_small;
		c.cap[1] = &c_big;
		c.cap_out[2] = &c_small;
		c.fd[0] = &fd;
		CHECK(ctx_keep(&r, 3, &c, &how) == 0);
	}
	/* the buffers the calls were made from are reused */
	memset(small, 'z', sizeof(small));
	memset(&fd, 0, sizeof(fd));
	for (int i = 2; i < 5; i++) {
		k = ctx_next(r);
		CHECK(k != NULL);
		if (!k)
			break;
		CHECK(k->c.args[0] == (uint64_t)i && k->nr == i);
		CHECK(k->time == (uint64_t)(100 + i) &&
		      k->t_enter == (uint64_t)(50 + i));
		CHECK(k->c.d == &desc);
		CHECK(k->c.cap[0] && k->c.cap[0]->len == 5 &&
		      k->c.cap[0]->p != small &&
		      !memcmp(k->c.cap[0]->p, "abcd", 5));
		/* too big for a slot: left out, printed as its pointer */
		CHECK(k->c.cap[1] == NULL);
		CHECK(k->c.cap_out[2] && !memcmp(k->c.cap_out[2]->p, "abcd", 5));
		CHECK(k->c.fd[0] && k->c.fd[0]->kind == FD_PATH &&
		      k->c.fd[0]->namelen == 6 &&
		      !memcmp(k->c.fd[0]->name, "/etc/x", 6));
		CHECK(k->c.fd[1] == NULL && k->c.cap[3] == NULL);
	}
	CHECK(ctx_next(r) == NULL);
	/* emptied: a new call is the only one */
	memset(&c, 0, sizeof(c));
	c.d = &desc;
	c.args[0] = 42;
	CHECK(ctx_keep(&r, 3, &c, &(struct ctx_call){ .nr = 42 }) == 0);
	k = ctx_next(r);
	CHECK(k && k->c.args[0] == 42 && k->c.cap[0] == NULL);
	CHECK(ctx_next(r) == NULL);
	ctx_free(r);
	CHECK_DONE();
}
