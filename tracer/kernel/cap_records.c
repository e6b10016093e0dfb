// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, user space: the records the BPF programs write, checked
 * and unpacked for the pairing stage (capture.h): their type by magic,
 * a call's copy record into its items (capture_parse), and the items a
 * call's decoders read (fds, dumps, inner structs and strings).
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cap_priv.h"

enum cap_type capture_type(const uint8_t *raw, size_t len)
{
	unsigned int magic;

	if (len < sizeof(magic))
		return CAPT_BAD;
	memcpy(&magic, raw, sizeof(magic));
	switch (magic) {
	case CAP_MAGIC:
		return CAPT_CALL;
	case CAP_MAGIC_EXIT:
		return len >= sizeof(struct cap_exit) ? CAPT_EXIT : CAPT_BAD;
	case CAP_MAGIC_SIG:
		return len >= sizeof(struct cap_sig) ? CAPT_SIGNAL : CAPT_BAD;
	case CAP_MAGIC_BASH:
		return len >= sizeof(struct cap_bash) ? CAPT_BASH : CAPT_BAD;
	case CAP_MAGIC_SHELL:
		return len >= offsetof(struct cap_shell, lv) ? CAPT_SHELL : CAPT_BAD;
	case CAP_MAGIC_EXEC:
		return len >= sizeof(struct cap_exec) ? CAPT_EXEC : CAPT_BAD;
	case CAP_MAGIC_PYCODE:
		return len >= offsetof(struct cap_pycode, lt) ? CAPT_PYCODE : CAPT_BAD;
	case CAP_MAGIC_PYTHON:
		return len >= offsetof(struct cap_python, fr) ? CAPT_PYTHON : CAPT_BAD;
	case CAP_MAGIC_USTACK:
		return len >= sizeof(struct cap_ustack) ? CAPT_USTACK : CAPT_BAD;
	}
	return CAPT_BAD;
}

int capture_parse(const uint8_t *raw, size_t len, struct cap_parsed *cp)
{
	struct cap_rec r;
	size_t off;

	if (len < sizeof(r))
		return -1;
	memcpy(&r, raw, sizeof(r));
	if (r.magic != CAP_MAGIC || r.size > len || r.size < sizeof(r) ||
	    (r.phase != CAP_AT_ENTRY && r.phase != CAP_AT_EXIT))
		return -1;
	cp->nr = r.nr;
	cp->phase = r.phase;
	cp->nitems = 0;
	off = sizeof(r);
	for (int i = 0; i < r.nitems; i++) {
		struct cap_item it;

		if (cp->nitems == (int)(sizeof(cp->item) / sizeof(cp->item[0])) ||
		    off + sizeof(it) > r.size)
			return -1;
		memcpy(&it, raw + off, sizeof(it));
		off += sizeof(it);
		if (it.arg >= CAP_ITEM_ARGS ||
		    (it.arg >= SC_MAX_ARGS && it.arg < CAP_FD_ARG0) ||
		    it.len > r.size - off)
			return -1;
		cp->item[cp->nitems].arg = it.arg;
		cp->item[cp->nitems].flags = it.flags;
		/* an exit record may carry entry data (read again at exit) */
		cp->item[cp->nitems].phase = r.phase == CAP_AT_EXIT &&
			it.phase == CAP_AT_ENTRY ? CAP_AT_ENTRY : r.phase;
		cp->item[cp->nitems].nlproto = it.nlproto;
		cp->item[cp->nitems].len = it.len;
		cp->item[cp->nitems].count = it.count;
		cp->item[cp->nitems].total = it.total;
		cp->item[cp->nitems].p = raw + off;
		cp->nitems++;
		off += (it.len + 7) & ~(size_t)7;
		if (off > r.size)
			off = r.size;
	}
	return 0;
}

/* a struct cap_fd item and its name into d; -1 when it does not add up */
static int fd_unpack(const uint8_t *p, uint32_t len, struct fd_desc *d)
{
	static const int kinds[] = {
		[CAP_FD_PATH] = FD_PATH, [CAP_FD_PIPE] = FD_PIPE,
		[CAP_FD_SOCKET] = FD_SOCKET, [CAP_FD_ANON] = FD_ANON,
		[CAP_FD_PIDFD] = FD_PIDFD,
	};
	struct cap_fd f;

	if (len < sizeof(f))
		return -1;
	memcpy(&f, p, sizeof(f));
	if (f.kind >= sizeof(kinds) / sizeof(kinds[0]) || !kinds[f.kind] ||
	    f.namelen > len - sizeof(f))
		return -1;
	memset(d, 0, sizeof(*d));
	d->kind = kinds[f.kind];
	d->deleted = !!(f.flags & CAP_FDF_DELETED);
	d->mode = f.mode;
	d->rdev = f.rdev;
	d->ino = f.ino;
	d->pid = f.pid;
	d->family = f.family;
	d->type = f.type;
	d->protocol = f.protocol;
	d->state = f.state;
	d->sport = f.sport;
	d->dport = f.dport;
	memcpy(d->src, f.src, sizeof(d->src));
	memcpy(d->dst, f.dst, sizeof(d->dst));
	d->peer = f.peer;
	d->portid = f.portid;
	memcpy(d->proto, f.proto, sizeof(f.proto));
	d->proto[sizeof(f.proto)] = '\0';
	d->name = p + sizeof(f);
	d->namelen = f.namelen;
	/* a path is text: one with a NUL in it is not one */
	if (d->kind == FD_PATH && (!d->namelen || memchr(d->name, 0, d->namelen)))
		return -1;
	return 0;
}

void capture_fds(const struct cap_parsed *cp, struct fd_desc fdv[FD_SLOTS],
		 const struct fd_desc *out[FD_SLOTS])
{
	for (int i = 0; i < cp->nitems; i++) {
		int arg = cp->item[i].arg;
		int slot = arg >= CAP_FD_SET0 ? FD_SLOT_SET0 + arg - CAP_FD_SET0 :
			   arg == CAP_DUMP_ITEM ? -1 : arg - CAP_FD_ARG0;

		if (arg == CAP_IOC_IND || arg == CAP_IOC_STR || slot < 0 ||
		    slot >= FD_SLOTS ||
		    fd_unpack(cp->item[i].p, cp->item[i].len, &fdv[slot]))
			continue;
		fdv[slot].fd = (int)cp->item[i].total;
		out[slot] = &fdv[slot];
	}
}

/* the decoders have a slot for each fd of a poll the program describes */
_Static_assert(FD_SET_MAX == CAP_FD_SETMAX &&
	       FD_SLOT_PAIR0 + 2 == FD_SLOT_SET0, "fd slots");

/* the decoders read no more segments than the program writes */
_Static_assert(DUMP_SEG_MAX == CAP_ARRAY_MAX, "dump segments");
_Static_assert(ARRAY_COPIED == CAP_ARRAY_MAX, "array elements copied");
_Static_assert(NLPROTO_OWN_NS == CAP_NL_OWN_NS, "netlink namespace bit");
/* and dump_msg_next reads a message's head as two u32: segs | flags << 16 */
_Static_assert(sizeof(struct cap_dump_msg) == 8 &&
	       offsetof(struct cap_dump_msg, segs) == 4 &&
	       offsetof(struct cap_dump_msg, flags) == 6 &&
	       CAP_DUMP_MSG_CUT == 1, "dump message head");

void capture_dump(const struct cap_parsed *cp, struct cap *k,
		  const struct cap **out)
{
	for (int i = 0; i < cp->nitems; i++) {
		if (cp->item[i].arg != CAP_DUMP_ITEM)
			continue;
		k->p = cp->item[i].p;
		k->len = cp->item[i].len;
		k->count = cp->item[i].count;
		k->total = cp->item[i].total;
		k->flags = (uint8_t)((cp->item[i].flags & CAP_F_TRUNC ?
				      CAP_TRUNC : 0) |
				     (cp->item[i].flags & CAP_F_IOV ? CAP_IOV : 0));
		*out = k;
	}
}

void capture_inner(const struct cap_parsed *cp, struct cap *k,
		   const struct cap **out)
{
	for (int i = 0; i < cp->nitems; i++) {
		if (cp->item[i].arg != CAP_IOC_IND)
			continue;
		memset(k, 0, sizeof(*k));
		k->p = cp->item[i].p;
		k->len = cp->item[i].len;
		k->flags = (uint8_t)((cp->item[i].flags & CAP_F_TRUNC ?
				      CAP_TRUNC : 0) |
				     (cp->item[i].flags & CAP_F_FAULT ?
				      CAP_FAULT : 0));
		*out = k;
	}
}

void capture_inner_strs(const struct cap_parsed *cp, struct cap *k,
			const struct cap **out, uint8_t *buf, size_t buflen)
{
	uint32_t used = 0, n = 0;

	memset(k, 0, sizeof(*k));
	k->p = buf;
	for (int i = 0; i < cp->nitems; i++) {
		uint32_t j = cp->item[i].total, len = cp->item[i].len;

		/* in the order of the elements, each once */
		if (cp->item[i].arg != CAP_IOC_STR || j >= CAP_PIECES ||
		    j < n || len > buflen - used)
			continue;
		for (; n < j; n++) {
			k->piece[n] = 0;
			k->holes |= 1u << n;
		}
		k->piece[n] = len;
		if (cp->item[i].flags & CAP_F_FAULT)
			k->holes |= 1u << n;
		else
			memcpy(buf + used, cp->item[i].p, len);
		used += len;
		n++;
	}
	if (!n)
		return;
	k->npieces = (uint8_t)n;
	k->len = used;
	*out = k;
}
