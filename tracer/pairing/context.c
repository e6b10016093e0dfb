// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Context stage: the calls --context keeps (context.h).  A call's copies
 * live in the task's capture slots only until its next call, so a kept
 * call is copied whole into a slot of its own: the call, then each
 * descriptor and argument copy it points to, packed into the slot's bytes
 * and pointed to there.  No allocation per call: a ring is made once per
 * task.
 */
#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

#include "context.h"

struct ctx_slot {
	struct ctx_call k;
	uint32_t used;
	alignas(16) uint8_t bytes[CTX_SLOT_BYTES];
};

struct ctx_ring {
	unsigned int n;			/* slots */
	unsigned int first;		/* the oldest kept call */
	unsigned int count;
	struct ctx_slot s[];
};

static void *slot_take(struct ctx_slot *s, size_t size, size_t align)
{
	size_t off = (s->used + align - 1) & ~(align - 1);

	if (off > CTX_SLOT_BYTES || size > CTX_SLOT_BYTES - off)
		return NULL;
	s->used = (uint32_t)(off + size);
	return s->bytes + off;
}

static void *slot_dup(struct ctx_slot *s, const void *src, size_t size,
		      size_t align)
{
	void *d = slot_take(s, size, align);

	if (d)
		memcpy(d, src, size);
	return d;
}

/* a copy of cap in the slot, or NULL (then it prints as its pointer) */
static const struct cap *cap_pack(struct ctx_slot *s, const struct cap *c)
{
	uint32_t mark = s->used;
	struct cap *k = c ? slot_dup(s, c, sizeof(*c), alignof(struct cap)) :
			    NULL;

	if (k && c->p && c->len && !(k->p = slot_dup(s, c->p, c->len, 8))) {
		s->used = mark;
		return NULL;
	}
	return k;
}

/* the same for a descriptor (NULL: its number alone is printed) */
static const struct fd_desc *fd_pack(struct ctx_slot *s,
				     const struct fd_desc *f)
{
	uint32_t mark = s->used;
	struct fd_desc *k = f ? slot_dup(s, f, sizeof(*f),
					 alignof(struct fd_desc)) : NULL;

	if (k && f->name && f->namelen &&
	    !(k->name = slot_dup(s, f->name, f->namelen, 1))) {
		s->used = mark;
		return NULL;
	}
	return k;
}

int ctx_keep(struct ctx_ring **rp, unsigned int n, const struct sc_call *c,
	     const struct ctx_call *how)
{
	struct ctx_ring *r = *rp;
	struct ctx_slot *s;
	int i;

	if (!r) {
		r = calloc(1, sizeof(*r) + (size_t)n * sizeof(r->s[0]));
		if (!r)
			return -1;
		r->n = n;
		*rp = r;
	}
	if (r->count == r->n) {
		/* the oldest one goes */
		r->first = (r->first + 1) % r->n;
		r->count--;
	}
	s = &r->s[(r->first + r->count) % r->n];
	s->k = *how;
	s->k.c = *c;
	s->used = 0;
	/* descriptors first: a few bytes each, where copies may be large */
	for (i = 0; i < FD_SLOTS; i++)
		s->k.c.fd[i] = fd_pack(s, c->fd[i]);
	for (i = 0; i < SC_MAX_ARGS; i++) {
		s->k.c.cap[i] = cap_pack(s, c->cap[i]);
		s->k.c.cap_out[i] = cap_pack(s, c->cap_out[i]);
	}
	s->k.c.dump = cap_pack(s, c->dump);
	for (i = 0; i < 2; i++) {
		s->k.c.inner[i] = cap_pack(s, c->inner[i]);
		s->k.c.inner_str[i] = cap_pack(s, c->inner_str[i]);
	}
	r->count++;
	return 0;
}

const struct ctx_call *ctx_next(struct ctx_ring *r)
{
	const struct ctx_call *k;

	if (!r || !r->count)
		return NULL;
	k = &r->s[r->first].k;
	r->first = (r->first + 1) % r->n;
	r->count--;
	return k;
}

void ctx_free(struct ctx_ring *r)
{
	free(r);
}
