// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Syscall pairing stage: a call's argument copies.  The BPF program's
 * records of the call's memory (claimed at entry and exit, pair.c) are
 * joined to its arguments; a string it could not read may come from the
 * file it is mapped from; -s cuts strings once, for every sink.
 */
#include <string.h>

#include "capture.h"
#include "pair.h"

static int is_string_kind(int kind)
{
	return kind == K_path || kind == K_str;
}

/*
 * A string the BPF program could not read (its page was not in memory)
 * or that nothing copied (--no-bpf) may still be known exactly: in a
 * read-only file mapping, the file holds the same bytes.
 */
static void strings_from_files(struct pair *p, struct task *t,
			       struct sc_call *c)
{
	for (int i = 0; i < c->d->nargs; i++) {
		struct cap *k = &p->capv[0][i];
		uint8_t *buf = p->strbuf + (size_t)i * (CAP_PATH_MAX + 8);
		size_t len, max;
		int trunc;

		if (!is_string_kind(c->d->arg[i].kind) || !c->args[i] ||
		    (c->cap[i] && !(c->cap[i]->flags & CAP_FAULT)))
			continue;
		max = c->d->arg[i].kind == K_path ? CAP_PATH_MAX :
		      (size_t)p->fo.strsize + 1;
		if (maps_read_str(&p->maps, t->pid, c->args[i], buf, max, &len,
				  &trunc))
			continue;
		memset(k, 0, sizeof(*k));
		k->p = buf;
		k->len = (uint32_t)len;
		k->flags = trunc ? CAP_TRUNC : 0;
		c->cap[i] = k;
	}
}

/*
 * -s, once for every sink: a string is copied with one byte more than -s,
 * to know it went on; cut there, and said to be cut.  (Buffers are
 * copied to -s bytes, with the cut said, already.)
 */
static void cut_strings(struct pair *p, struct sc_call *c)
{
	uint32_t max = (uint32_t)p->fo.strsize;

	for (int i = 0; i < c->d->nargs; i++) {
		/* an entry copy, or the same read again at exit */
		struct cap *k = c->cap[i] == &p->capv[0][i] ? &p->capv[0][i] :
				c->cap[i] == &p->capv[1][i] ? &p->capv[1][i] :
				NULL;

		if (c->d->arg[i].kind != K_str || !k || k->len <= max)
			continue;
		k->len = max;
		k->flags |= CAP_TRUNC;
	}
}

void pair_attach_caps(struct pair *p, struct task *t, struct sc_call *c)
{
	for (int ph = 0; ph < 2; ph++) {
		struct capslot *cs = &t->cs[ph];
		struct cap_parsed cp;

		if (cs->state != CS_CLAIMED || capture_parse(cs->buf, cs->len, &cp))
			continue;
		/* exit's entry items (retried inputs) replace the faulted */
		capture_caps(&cp, p->capv[ph], c->cap, c->cap_out,
			     p->joinbuf + ph * (JOIN_BUF / 2), JOIN_BUF / 2);
		if (p->fo.fds || p->paths)
			capture_fds(&cp, p->fdv, c->fd);
		capture_dump(&cp, &p->dumpcap, &c->dump);
		capture_inner(&cp, &p->innercap[ph], &c->inner[ph]);
		capture_inner_strs(&cp, &p->innerstrcap[ph], &c->inner_str[ph],
				   p->joinbuf + JOIN_BUF + ph * (JOIN_BUF / 2),
				   JOIN_BUF / 2);
	}
	/* (without every mapping in the records, the map is not current) */
	if (p->file_strings)
		strings_from_files(p, t, c);
	cut_strings(p, c);
}
