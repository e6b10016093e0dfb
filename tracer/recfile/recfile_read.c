// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Recording stage: items out of a recording (recfile.h), for `etrace
 * report`.  Pure and bounded: whatever the bytes, an item handed out
 * lies whole in the buffer, and a file that stops short or is damaged
 * is one error that names where (everything before it was handed out).
 * Fuzzed (tests/fuzz/fuzz_recfile.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zstd.h>

#include "recfile.h"

struct recr {
	int fd;				/* or -1: mem */
	const uint8_t *mem;
	size_t mem_len;
	ZSTD_DCtx *dc;
	ZSTD_inBuffer in;
	uint8_t *inbuf;
	size_t in_cap;
	uint64_t file_off;		/* compressed bytes consumed */
	int in_eof;
	uint8_t *buf;			/* decompressed, pos..len unread */
	size_t pos, len, cap;
	uint64_t base;			/* stream offset of buf[0] */
	int ended;			/* RF_END read */
	int failed;
	char err[160];
	uint32_t version;
	size_t pk_pos, pk_end;		/* an RF_PACK's unread records */
	/* each ring's last record of each size, packed or not (recfile.h) */
	uint64_t *ref[RF_PACK_RINGS];
};

static int fail(struct recr *r, const char *fmt, unsigned long long a,
		unsigned long long b)
{
	snprintf(r->err, sizeof(r->err), fmt, a, b);
	r->failed = 1;
	return -1;
}

static int header_check(struct recr *r, const uint8_t *h, size_t n)
{
	uint32_t v, fl;

	if (n < RF_HEAD_LEN || memcmp(h, RF_MAGIC, 8))
		return fail(r, "not an etrace recording (no ETRACErc header"
			    " at byte %llu)%.0llu", 0, 0);
	memcpy(&v, h + 8, 4);
	memcpy(&fl, h + 12, 4);
	if (v < 1 || v > RF_VERSION)
		return fail(r, "recording format version %llu: this etrace"
			    " reads versions 1 to %llu", v, RF_VERSION);
	r->version = v;
	if (fl != RF_FLAG_ZSTD)
		return fail(r, "recording flags 0x%llx not known%.0llu", fl, 0);
	return 0;
}

struct recr *recr_new(int fd, const uint8_t *data, size_t len, char *err,
		      size_t errlen)
{
	struct recr *r = calloc(1, sizeof(*r));
	uint8_t head[RF_HEAD_LEN];
	size_t n = 0;

	if (!r)
		goto out_nomem;
	r->fd = fd;
	r->in_cap = ZSTD_DStreamInSize();
	r->cap = 1u << 20;
	r->buf = malloc(r->cap);
	r->dc = ZSTD_createDCtx();
	if (!r->buf || !r->dc || (fd >= 0 && !(r->inbuf = malloc(r->in_cap))))
		goto out_free;
	if (fd >= 0) {
		while (n < sizeof(head)) {
			ssize_t k = read(fd, head + n, sizeof(head) - n);

			if (k < 0 && errno == EINTR)
				continue;
			if (k <= 0)
				break;
			n += (size_t)k;
		}
		r->in = (ZSTD_inBuffer){ r->inbuf, 0, 0 };
	} else {
		n = len < sizeof(head) ? len : sizeof(head);
		memcpy(head, data, n);
		r->mem = data;
		r->mem_len = len;
		r->in = (ZSTD_inBuffer){ data + n, len - n, 0 };
		r->in_eof = 1;
	}
	r->file_off = n;
	if (header_check(r, head, n)) {
		snprintf(err, errlen, "%s", r->err);
		recr_free(r);
		return NULL;
	}
	return r;
out_free:
	recr_free(r);
out_nomem:
	snprintf(err, errlen, "out of memory");
	return NULL;
}

void recr_free(struct recr *r)
{
	if (!r)
		return;
	ZSTD_freeDCtx(r->dc);
	free(r->inbuf);
	free(r->buf);
	for (unsigned int i = 0; i < RF_PACK_RINGS; i++)
		free(r->ref[i]);
	free(r);
}

/* more compressed bytes from the fd; 0, or -1 at its end or an error */
static int input_more(struct recr *r)
{
	ssize_t k;

	if (r->in_eof || r->fd < 0)
		return -1;
	do
		k = read(r->fd, r->inbuf, r->in_cap);
	while (k < 0 && errno == EINTR);
	if (k < 0)
		return fail(r, "read error after byte %llu of the file%.0llu",
			    (unsigned long long)r->file_off, 0);
	if (k == 0) {
		r->in_eof = 1;
		return -1;
	}
	r->in = (ZSTD_inBuffer){ r->inbuf, (size_t)k, 0 };
	return 0;
}

/*
 * At least need unread bytes in buf: 0; 1 when the stream ends first
 * (what it holds is less); -1 on an error.
 */
static int fill(struct recr *r, size_t need)
{
	if (r->len - r->pos >= need)
		return 0;
	/* room at the end for what is missing: move what is unread first */
	if (r->pos && r->pos + need > r->cap / 2) {
		memmove(r->buf, r->buf + r->pos, r->len - r->pos);
		r->base += r->pos;
		r->len -= r->pos;
		r->pos = 0;
	}
	need += r->pos;
	if (need > r->cap) {
		size_t cap = r->cap;
		uint8_t *nb;

		while (cap < need)
			cap *= 2;
		nb = realloc(r->buf, cap);
		if (!nb)
			return fail(r, "out of memory for an item of %llu bytes"
				    "%.0llu", need, 0);
		r->buf = nb;
		r->cap = cap;
	}
	while (r->len < need) {
		ZSTD_outBuffer out = { r->buf, r->cap, r->len };
		size_t before = r->in.pos, k;

		if (r->in.pos == r->in.size && input_more(r)) {
			if (r->failed)
				return -1;
			/* the decoder may still hold output: one more call */
		}
		before = r->in.pos;
		k = ZSTD_decompressStream(r->dc, &out, &r->in);
		r->file_off += r->in.pos - before;
		if (ZSTD_isError(k))
			return fail(r, "corrupt compressed data at byte %llu of"
				    " the file (record stream byte %llu)",
				    (unsigned long long)r->file_off,
				    (unsigned long long)(r->base + r->len));
		if (out.pos == r->len && r->in.pos == before &&
		    (r->in_eof || r->fd < 0) && r->in.pos == r->in.size)
			return 1;
		r->len = out.pos;
	}
	return 0;
}

/* a varint of the pack at *pos (below end): 0, or -1 when it is not one */
static int get_varint(const uint8_t *buf, size_t *pos, size_t end,
		      uint64_t *v)
{
	uint64_t x = 0;

	for (unsigned int s = 0; *pos < end && s < 64; s += 7) {
		uint8_t b = buf[(*pos)++];

		/* the tenth byte holds bit 63 only */
		if (s == 63 && b > 1)
			return -1;
		x |= (uint64_t)(b & 0x7f) << s;
		if (!(b & 0x80)) {
			*v = x;
			return 0;
		}
	}
	return -1;
}

/* ring's references for each size, made at its first: NULL, failed */
static uint64_t *refs(struct recr *r, unsigned int ring, uint64_t at)
{
	if (!r->ref[ring] &&
	    !(r->ref[ring] = calloc(RF_PACK_WORDS * RF_PACK_WORDS, 8)))
		fail(r, "out of memory at byte %llu of the record stream%.0llu",
		     at, 0);
	return r->ref[ring];
}

/* an RF_REC the packed records after it may refer to: 0, or -1 */
static int track(struct recr *r, unsigned int ring, const uint8_t *rec,
		 uint32_t len)
{
	unsigned int n = rf_shape(ring, rec, len);
	uint64_t *ref;

	if (!n)
		return 0;
	if (!(ref = refs(r, ring, r->base + r->pos)))
		return -1;
	memcpy(ref + (size_t)(n - 1) * RF_PACK_WORDS, rec, len);
	return 0;
}

/* the next record of the open RF_PACK: its words, from its reference's */
static int unpack(struct recr *r, struct rf_item *it)
{
	size_t pos = r->pk_pos;
	uint64_t at = r->base + pos, ring, mask, d, *ref;
	unsigned int n;
	uint16_t size;

	if (get_varint(r->buf, &pos, r->pk_end, &ring) ||
	    ring >= RF_PACK_RINGS || pos == r->pk_end)
		goto out_corrupt;
	n = r->buf[pos++];
	if (!n || n > RF_PACK_WORDS ||
	    get_varint(r->buf, &pos, r->pk_end, &mask) || mask >> n)
		goto out_corrupt;
	if (!(ref = refs(r, (unsigned int)ring, at)))
		return -1;
	ref += (size_t)(n - 1) * RF_PACK_WORDS;
	for (; mask; mask &= mask - 1) {
		if (get_varint(r->buf, &pos, r->pk_end, &d))
			goto out_corrupt;
		ref[__builtin_ctzll(mask)] += (d >> 1) ^ (0 - (d & 1));
	}
	/* a perf record's header: its size is its words' */
	memcpy(&size, (const uint8_t *)ref + 6, 2);
	if (size != 8 * n)
		goto out_corrupt;
	r->pk_pos = pos;
	it->kind = RF_REC;
	it->ring = (unsigned int)ring;
	it->data = (const uint8_t *)ref;
	it->len = 8 * n;
	it->off = at;
	return 1;
out_corrupt:
	return fail(r, "corrupt packed record at byte %llu of the record"
		    " stream%.0llu", at, 0);
}

int recr_next(struct recr *r, struct rf_item *it)
{
	struct rf_item_head h;
	size_t all;
	int f;

next:
	if (r->failed)
		return -1;
	if (r->pk_pos < r->pk_end)
		return unpack(r, it);
	if (r->ended)
		return 0;
	f = fill(r, sizeof(h));
	if (f < 0)
		return -1;
	if (f > 0) {
		if (r->len == r->pos)
			return fail(r, "truncated at byte %llu of the record"
				    " stream: the recording has no end%.0llu",
				    (unsigned long long)(r->base + r->pos), 0);
		return fail(r, "truncated at byte %llu of the record stream"
			    " (an item's head cut after %llu bytes)",
			    (unsigned long long)(r->base + r->pos), r->len - r->pos);
	}
	memcpy(&h, r->buf + r->pos, sizeof(h));
	if (!h.kind || h.kind >= RF_KIND_MAX || h.pad || h.len > RF_ITEM_MAX ||
	    (h.kind == RF_PACK && (r->version < 2 || h.ring)))
		return fail(r, "corrupt item at byte %llu of the record stream"
			    " (kind %llu)", (unsigned long long)(r->base + r->pos),
			    h.kind);
	all = sizeof(h) + (((size_t)h.len + 7) & ~(size_t)7);
	f = fill(r, all);
	if (f < 0)
		return -1;
	if (f > 0)
		return fail(r, "truncated at byte %llu of the record stream"
			    " (an item of %llu bytes cut)",
			    (unsigned long long)(r->base + r->pos), h.len);
	if (h.kind == RF_PACK) {
		/* its records stay in buf: fill is not called till its end */
		r->pk_pos = r->pos + sizeof(h);
		r->pk_end = r->pk_pos + h.len;
		r->pos += all;
		goto next;	/* (an empty one: the item after it) */
	}
	if (h.kind == RF_REC && r->version >= 2 &&
	    track(r, h.ring, r->buf + r->pos + sizeof(h), h.len))
		return -1;
	it->kind = h.kind;
	it->ring = h.ring;
	it->data = r->buf + r->pos + sizeof(h);
	it->len = h.len;
	it->off = r->base + r->pos;
	r->pos += all;
	if (h.kind == RF_END)
		r->ended = 1;
	return 1;
}

const char *recr_error(const struct recr *r)
{
	return r->failed ? r->err : NULL;
}
