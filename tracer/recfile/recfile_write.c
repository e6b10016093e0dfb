// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Recording stage: items into a zstd stream (recfile.h).  An item is
 * copied into a buffer; the buffer is compressed when it is full, and
 * at a batch's end (recw_flush) at most every RECW_LAG_NS, so a
 * recording cut by a crash or a full disk holds every batch but those
 * of its last moments.  Small records are packed first (recfile.h's
 * RF_PACK).  No allocation per item.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zstd.h>

#include "merge.h"
#include "recfile.h"

/*
 * Items, before compression: compressed when it is full, and at a
 * batch's end at most every RECW_LAG_NS.  zstd -1 on a fork loop's
 * records (bash forking dirname, ~31 KiB a batch) flushed at every
 * batch took 4.2 ns a byte, its tables evicted by the traced programs
 * between batches; 1.8-2.0 when the buffer is full (0.6-0.75 for the
 * getppid storm's records, which compress 18 times, either way)
 */
#define RECW_IN		(1u << 20)
/* a batch's end writes what waits out, at most this often */
#define RECW_LAG_NS	200000000ull
/* a packed record's most bytes: ring, n, mask, a 10-byte varint a word */
#define RECW_PACKED_MAX	(3 + 1 + 5 + 10 * RF_PACK_WORDS)

struct recw {
	int fd;
	ZSTD_CCtx *cc;
	uint8_t *in;
	size_t in_len;
	uint8_t *out;
	size_t out_cap;
	uint64_t written;
	uint64_t flushed_at;	/* merge_now() of the last flush */
	int unflushed;		/* items given since */
	int err;		/* -errno of the first failure */
	int packing;		/* an RF_PACK is open, its head at pack_at */
	size_t pack_at;
	/* each ring's last record of each size, packed or not:
	   RF_PACK_WORDS slots of RF_PACK_WORDS words, made at its first */
	uint64_t *ref[RF_PACK_RINGS];
};

static int write_all(struct recw *w, const void *buf, size_t n)
{
	const uint8_t *p = buf;

	while (n && !w->err) {
		ssize_t k = write(w->fd, p, n);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			w->err = k < 0 ? -errno : -EIO;
			break;
		}
		p += k;
		n -= (size_t)k;
		w->written += (uint64_t)k;
	}
	return w->err;
}

struct recw *recw_new(int fd, int level, char *err, size_t errlen)
{
	struct recw *w = calloc(1, sizeof(*w));

	if (!w)
		goto out_nomem;
	w->fd = fd;
	w->out_cap = ZSTD_CStreamOutSize();
	w->in = malloc(RECW_IN);
	w->out = malloc(w->out_cap);
	w->cc = ZSTD_createCCtx();
	if (!w->in || !w->out || !w->cc)
		goto out_free;
	/* a frame's checksum: a corrupt file is said, not misread */
	if (ZSTD_isError(ZSTD_CCtx_setParameter(w->cc, ZSTD_c_compressionLevel,
						 level)) ||
	    ZSTD_isError(ZSTD_CCtx_setParameter(w->cc, ZSTD_c_checksumFlag, 1)))
		goto out_free;
	return w;
out_free:
	ZSTD_freeCCtx(w->cc);
	free(w->out);
	free(w->in);
	free(w);
out_nomem:
	snprintf(err, errlen, "out of memory");
	close(fd);
	return NULL;
}

int recw_start(struct recw *w)
{
	uint8_t head[RF_HEAD_LEN] = RF_MAGIC;
	uint32_t v = RF_VERSION, fl = RF_FLAG_ZSTD;

	memcpy(head + 8, &v, 4);
	memcpy(head + 12, &fl, 4);
	return write_all(w, head, sizeof(head));
}

/* the open RF_PACK ends: its length in its head, its padding */
static void pack_close(struct recw *w)
{
	struct rf_item_head h = { RF_PACK, 0, 0, 0 };
	size_t pad;

	if (!w->packing)
		return;
	w->packing = 0;
	h.len = (uint32_t)(w->in_len - w->pack_at - sizeof(h));
	memcpy(w->in + w->pack_at, &h, sizeof(h));
	pad = (8 - (h.len & 7)) & 7;
	memset(w->in + w->in_len, 0, pad);
	w->in_len += pad;
}

/* compress what the buffer holds; mode ZSTD_e_flush: all of it out */
static int recw_push(struct recw *w, ZSTD_EndDirective mode)
{
	ZSTD_inBuffer in;
	size_t left;

	pack_close(w);
	in = (ZSTD_inBuffer){ w->in, w->in_len, 0 };
	do {
		ZSTD_outBuffer out = { w->out, w->out_cap, 0 };

		left = ZSTD_compressStream2(w->cc, &out, &in, mode);
		if (ZSTD_isError(left)) {
			if (!w->err)
				w->err = -EIO;
			return w->err;
		}
		if (write_all(w, w->out, out.pos))
			return w->err;
	} while (mode == ZSTD_e_continue ? in.pos < in.size : left != 0);
	w->in_len = 0;
	return 0;
}

static uint8_t *put_varint(uint8_t *p, uint64_t v)
{
	while (v >= 0x80) {
		*p++ = (uint8_t)(v | 0x80);
		v >>= 7;
	}
	*p++ = (uint8_t)v;
	return p;
}

/*
 * rec (rf_shape's n words) becomes its ring's reference for n words; into
 * the open RF_PACK when at most RF_PACK_DIFFS words changed: 0; 1 when
 * not (an RF_REC then); -errno
 */
static int pack_rec(struct recw *w, unsigned int ring, const uint8_t *rec,
		    unsigned int n)
{
	uint64_t *ref = w->ref[ring], d[RF_PACK_WORDS];
	uint32_t mask = 0;
	unsigned int changed = 0;
	uint8_t *p;

	/* (the reader tracks every record of this shape: no way around) */
	if (!ref && !(ref = w->ref[ring] = calloc(RF_PACK_WORDS * RF_PACK_WORDS,
						  sizeof(*ref))))
		return w->err = -ENOMEM;
	ref += (size_t)(n - 1) * RF_PACK_WORDS;
	for (unsigned int i = 0; i < n; i++) {
		uint64_t v;

		memcpy(&v, rec + 8 * i, 8);
		d[i] = v - ref[i];
		ref[i] = v;
		mask |= (uint32_t)(d[i] != 0) << i;
		changed += d[i] != 0;	/* (no popcnt in x86-64's base set) */
	}
	if (changed > RF_PACK_DIFFS)
		return 1;
	if (w->in_len + sizeof(struct rf_item_head) + RECW_PACKED_MAX + 8 >
	    RECW_IN && recw_push(w, ZSTD_e_continue))
		return w->err;
	if (!w->packing) {
		w->packing = 1;
		w->pack_at = w->in_len;
		w->in_len += sizeof(struct rf_item_head);
	}
	p = put_varint(w->in + w->in_len, ring);
	*p++ = (uint8_t)n;
	p = put_varint(p, mask);
	for (uint32_t m = mask; m; m &= m - 1) {
		uint64_t v = d[__builtin_ctz(m)];

		p = put_varint(p, (v << 1) ^ (uint64_t)((int64_t)v >> 63));
	}
	w->in_len = (size_t)(p - w->in);
	return 0;
}

int recw_item(struct recw *w, int kind, unsigned int ring, const void *a,
	      size_t alen, const void *b, size_t blen)
{
	struct rf_item_head h = { (uint8_t)kind, 0, (uint16_t)ring,
				  (uint32_t)(alen + blen) };
	size_t all = sizeof(h) + ((alen + blen + 7) & ~(size_t)7);
	static const uint8_t zero[8];
	uint64_t one[RF_PACK_WORDS];
	unsigned int n;

	if (w->err)
		return w->err;
	if (alen + blen > RF_ITEM_MAX)
		return -EMSGSIZE;
	w->unflushed = 1;
	if (kind == RF_REC && blen && alen + blen <= sizeof(one)) {
		/* one record in two parts: whole, as the reader sees it */
		memcpy(one, a, alen);
		memcpy((uint8_t *)one + alen, b, blen);
		a = one;
		alen += blen;
		blen = 0;
	}
	if (kind == RF_REC && (n = rf_shape(ring, a, alen)) &&
	    pack_rec(w, ring, a, n) <= 0)
		return w->err;
	pack_close(w);
	if (w->in_len + all > RECW_IN && recw_push(w, ZSTD_e_continue))
		return w->err;
	if (all > RECW_IN) {
		/* larger than the buffer (a big -c table): straight through */
		const void *parts[4] = { &h, a, b, zero };
		size_t lens[4] = { sizeof(h), alen, blen,
				   all - sizeof(h) - alen - blen };

		for (int i = 0; i < 4; i++) {
			ZSTD_inBuffer in = { parts[i], lens[i], 0 };

			while (in.pos < in.size) {
				ZSTD_outBuffer out = { w->out, w->out_cap, 0 };

				if (ZSTD_isError(ZSTD_compressStream2(
					w->cc, &out, &in, ZSTD_e_continue)))
					return w->err = -EIO;
				if (write_all(w, w->out, out.pos))
					return w->err;
			}
		}
		return 0;
	}
	memcpy(w->in + w->in_len, &h, sizeof(h));
	if (alen)
		memcpy(w->in + w->in_len + sizeof(h), a, alen);
	if (blen)
		memcpy(w->in + w->in_len + sizeof(h) + alen, b, blen);
	memset(w->in + w->in_len + sizeof(h) + alen + blen, 0,
	       all - sizeof(h) - alen - blen);
	w->in_len += all;
	return 0;
}

int recw_flush(struct recw *w)
{
	uint64_t now;

	if (w->err)
		return w->err;
	if (!w->unflushed)
		return 0;
	now = merge_now();
	if (w->flushed_at && now - w->flushed_at < RECW_LAG_NS)
		return 0;
	w->flushed_at = now;
	w->unflushed = 0;
	return recw_push(w, ZSTD_e_flush);
}

int recw_close(struct recw *w, int end)
{
	int r;

	if (!w)
		return 0;
	if (!w->err && end)
		recw_push(w, ZSTD_e_end);
	if (close(w->fd) && !w->err)
		w->err = -errno;
	r = w->err;
	ZSTD_freeCCtx(w->cc);
	free(w->out);
	free(w->in);
	for (unsigned int i = 0; i < RF_PACK_RINGS; i++)
		free(w->ref[i]);
	free(w);
	return r;
}

uint64_t recw_bytes(const struct recw *w)
{
	return w->written;
}
