// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The recording's file (tracer/recfile/): items written by the writer
 * (recfile_write.c) come back from the reader (recfile_read.c) whole and
 * in order, from a file and from memory, 8-aligned; items larger than
 * the writer's buffer too.  Cut at every length, the reader hands out
 * exactly the items that lie whole in what decompresses, then fails with
 * the offset of the first item it could not read; a flipped byte, a
 * wrong magic or version are one error each.  Perf records of up to
 * RF_PACK_WORDS words are packed (version 2's RF_PACK) and come back
 * as the same RF_RECs; a pack made by hand decodes as the README says,
 * and a damaged one is an error naming its record's byte.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/perf_event.h>
#include <zstd.h>

#include "check.h"
#include "recfile.h"

#define NITEMS 60000
#define BIG (3u << 20)

static size_t item_len(int i)
{
	return i == 150 ? BIG : (size_t)(i * 7) % 61;
}

static void item_bytes(int i, uint8_t *p, size_t n)
{
	for (size_t k = 0; k < n; k++)
		p[k] = (uint8_t)(i * 31 + k);
}

/* RF_END, the file closed: its bytes (fd, its copy, closed too) */
static uint8_t *file_end(struct recw *w, int fd, size_t *len)
{
	struct rf_end end = { 0, 0 };
	uint8_t *f;
	FILE *in;

	CHECK(!recw_item(w, RF_END, 0, &end, sizeof(end), NULL, 0));
	CHECK(!recw_close(w, 1));
	*len = (size_t)lseek(fd, 0, SEEK_END);
	f = malloc(*len);
	in = fdopen(fd, "r");
	rewind(in);
	CHECK(fread(f, 1, *len, in) == *len);
	fclose(in);
	return f;
}

/* the recording: items 0..NITEMS-1, then RF_END; returns its bytes */
static uint8_t *make_file(size_t *len, uint64_t *offs)
{
	char err[128], path[] = "/tmp/recfile_rtXXXXXX";
	int fd = mkstemp(path);
	uint8_t *buf = malloc(BIG), *f;
	struct recw *w;
	uint64_t off = 0;

	unlink(path);
	w = recw_new(dup(fd), 1, err, sizeof(err));
	CHECK(w && !recw_start(w));
	for (int i = 0; i < NITEMS; i++) {
		size_t n = item_len(i);

		item_bytes(i, buf, n);
		offs[i] = off;
		off += 8 + ((n + 7) & ~(size_t)7);
		/* two parts, as the recorder writes a head and its data */
		CHECK(!recw_item(w, RF_REC, (unsigned int)i % 7, buf, n / 2,
				 buf + n / 2, n - n / 2));
		if (i % 20000 == 0)
			CHECK(!recw_flush(w));
	}
	offs[NITEMS] = off;
	f = file_end(w, fd, len);
	free(buf);
	return f;
}

/* items read from f[0..len): how many whole, and the error, if any */
static int read_all(const uint8_t *f, size_t len, const char **why,
		    char *keep, size_t keeplen)
{
	char err[160];
	struct recr *r = recr_new(-1, f, len, err, sizeof(err));
	uint8_t *want = malloc(BIG);
	struct rf_item it;
	int n = 0, k;

	*why = NULL;
	if (!r) {
		snprintf(keep, keeplen, "%s", err);
		*why = keep;
		free(want);
		return -1;
	}
	while ((k = recr_next(r, &it)) > 0 && it.kind == RF_REC) {
		size_t wl = item_len(n);

		item_bytes(n, want, wl);
		CHECK(it.len == wl && !memcmp(it.data, want, wl));
		CHECK(it.ring == (unsigned int)n % 7);
		CHECK(((uintptr_t)it.data & 7) == 0);
		n++;
	}
	if (recr_error(r)) {
		snprintf(keep, keeplen, "%s", recr_error(r));
		*why = keep;
	}
	recr_free(r);
	free(want);
	return n;
}

static uint64_t offs[NITEMS + 1];

/*
 * Perf records: 1 to 33 words (33: one too many for a pack), on rings
 * 0-5 and one past RF_PACK_RINGS; a time that grows, 4 threads, words
 * that stay and words that change
 */
#define NRECS 50000

static size_t rec_make(int i, uint8_t *p, unsigned int *ring)
{
	unsigned int n = 1 + (unsigned int)(i * 13) % 33;
	struct perf_event_header h = { PERF_RECORD_SAMPLE, (uint16_t)(i & 3),
				       (uint16_t)(8 * n) };
	uint64_t w;

	*ring = i % 11 == 0 ? RF_PACK_RINGS + 3 : (unsigned int)i % 6;
	memcpy(p, &h, 8);
	for (unsigned int k = 1; k < n; k++) {
		if (k == 1)
			w = 1000000 + (uint64_t)i * 1357;
		else if (k == 2)
			w = (uint64_t)(100 + i % 4) << 32 | 77;
		else if (i % 5 == 0 || k == n - 1)
			w = (uint64_t)i * 0x9e3779b97f4a7c15ull >> (k % 64);
		else
			w = k % 3 ? 0 : ~0ull - k;
		memcpy(p + 8 * k, &w, 8);
	}
	return 8 * n;
}

static uint8_t *pack_file(size_t *len)
{
	char err[128], path[] = "/tmp/recfile_pkXXXXXX";
	int fd = mkstemp(path);
	uint8_t buf[8 * 33], *f;
	struct recw *w;
	unsigned int ring;

	unlink(path);
	w = recw_new(dup(fd), 1, err, sizeof(err));
	CHECK(w && !recw_start(w));
	for (int i = 0; i < NRECS; i++) {
		size_t n = rec_make(i, buf, &ring);

		CHECK(!recw_item(w, RF_REC, ring, buf, n, NULL, 0));
		if (i % 97 == 0)
			CHECK(!recw_item(w, RF_ALIVE, 0, &i, sizeof(i), NULL, 0));
		if (i % 10000 == 0)
			CHECK(!recw_flush(w));
	}
	f = file_end(w, fd, len);
	return f;
}

/* the records (and ALIVEs) read back, in order, exact: how many */
static int pack_read(const uint8_t *f, size_t len, const char **why,
		     char *keep, size_t keeplen, int *packed)
{
	char err[160];
	struct recr *r = recr_new(-1, f, len, err, sizeof(err));
	uint8_t want[8 * 33];
	struct rf_item it;
	unsigned int ring;
	int n = 0, k;

	*why = NULL;
	CHECK(r != NULL);
	if (!r)
		return -1;
	while ((k = recr_next(r, &it)) > 0 && it.kind != RF_END) {
		if (it.kind == RF_ALIVE) {
			int v;

			CHECK(it.len == sizeof(v) && n % 97 == 1);
			memcpy(&v, it.data, sizeof(v));
			CHECK(v == n - 1);
			continue;
		}
		CHECK(it.kind == RF_REC);
		CHECK(it.len == rec_make(n, want, &ring));
		CHECK(!memcmp(it.data, want, it.len) && it.ring == ring);
		CHECK(((uintptr_t)it.data & 7) == 0);
		/* a packed record's offset is its first byte's */
		*packed += (it.off & 7) != 0;
		n++;
	}
	if (recr_error(r)) {
		snprintf(keep, keeplen, "%s", recr_error(r));
		*why = keep;
	}
	recr_free(r);
	return n;
}

/* a file of version v around the decompressed stream body */
static uint8_t *as_file(uint32_t v, const uint8_t *body, size_t n,
			size_t *len)
{
	size_t bound = ZSTD_compressBound(n);
	uint8_t *f = malloc(RF_HEAD_LEN + bound);
	uint32_t fl = RF_FLAG_ZSTD;

	memcpy(f, RF_MAGIC, 8);
	memcpy(f + 8, &v, 4);
	memcpy(f + 12, &fl, 4);
	*len = RF_HEAD_LEN + ZSTD_compress(f + RF_HEAD_LEN, bound, body, n, 1);
	return f;
}

static uint8_t *put_v(uint8_t *p, uint64_t v)
{
	for (; v >= 0x80; v >>= 7)
		*p++ = (uint8_t)(v | 0x80);
	*p++ = (uint8_t)v;
	return p;
}

/*
 * By hand, as the README's format says: a REC of ring 2 (2 words, time
 * 12000), then a pack of two records of ring 2 and 2 words, each as its
 * change from the one before: time +345, then -5; the first also adds
 * dsize to its header's size field (a damaged record when not 0)
 */
static const char *hand_pack(uint32_t version, uint16_t dsize,
			     uint64_t *got, char *keep, size_t keeplen)
{
	uint8_t body[256] = { 0 }, *p = body + 32;
	struct rf_item_head rec = { RF_REC, 0, 2, 16 };
	struct rf_item_head h = { RF_PACK, 0, 0, 0 };
	struct rf_item_head e = { RF_END, 0, 0, sizeof(struct rf_end) };
	uint64_t w[2] = { PERF_RECORD_SAMPLE | (uint64_t)16 << 48, 12000 };
	uint8_t *f;
	size_t n, len;
	char err[160];
	struct recr *r;
	struct rf_item it;
	int k = 0;

	memcpy(body, &rec, 8);
	memcpy(body + 8, w, 16);
	p = put_v(p, 2);
	*p++ = 2;
	p = put_v(p, dsize ? 3 : 2);
	if (dsize)
		p = put_v(p, (uint64_t)dsize << 49);	/* zigzag(+) */
	p = put_v(p, 2 * 345);
	p = put_v(p, 2);
	*p++ = 2;
	p = put_v(p, 2);
	p = put_v(p, 2 * 5 - 1);	/* zigzag(-5) */
	h.len = (uint32_t)(p - body - 32);
	memcpy(body + 24, &h, 8);
	n = 32 + ((h.len + 7) & ~7u);
	memcpy(body + n, &e, 8);
	n += 8 + sizeof(struct rf_end);
	f = as_file(version, body, n, &len);
	r = recr_new(-1, f, len, err, sizeof(err));
	CHECK(r != NULL);
	while (r && (k = recr_next(r, &it)) > 0 && it.kind == RF_REC) {
		CHECK(it.ring == 2 && it.len == 16);
		memcpy(got, it.data, 16);
		got += 2;
	}
	snprintf(keep, keeplen, "%s", !r ? err : k < 0 ? recr_error(r) :
		 k > 0 && it.kind == RF_END ? "whole" : "no end");
	recr_free(r);
	free(f);
	return keep;
}

static void packs(void)
{
	size_t len;
	uint8_t *f = pack_file(&len);
	char why_buf[200];
	const char *why;
	int n, last = 0, packed = 0;
	uint64_t got[6] = { 0 };

	/*
	 * whole: every record as written; packed, those of 3 words changed
	 * (about half: ~15,600 at offsets not 8-aligned), RECs the rest
	 */
	CHECK(pack_read(f, len, &why, why_buf, sizeof(why_buf), &packed) ==
	      NRECS);
	CHECK(why == NULL);
	CHECK(packed > NRECS / 4);
	/* cut anywhere: the records of whole items only, then the cut */
	for (size_t cut = 16; cut < len; cut += 1 + cut / 8) {
		n = pack_read(f, cut, &why, why_buf, sizeof(why_buf), &packed);
		CHECK(n >= last);
		CHECK(why && strstr(why, "truncated at byte"));
		last = n;
	}
	free(f);
	/* by hand: the format as documented */
	CHECK_STR(hand_pack(2, 0, got, why_buf, sizeof(why_buf)), "whole");
	CHECK(got[0] == (PERF_RECORD_SAMPLE | (uint64_t)16 << 48) &&
	      got[1] == 12000 && got[2] == got[0] && got[3] == 12345 &&
	      got[4] == got[0] && got[5] == 12340);
	/* a header whose size is not the record's: the record's byte */
	CHECK_STR(hand_pack(2, 8, got, why_buf, sizeof(why_buf)),
		  "corrupt packed record at byte 32 of the record stream");
	/* no RF_PACK in version 1 */
	CHECK_STR(hand_pack(1, 0, got, why_buf, sizeof(why_buf)),
		  "corrupt item at byte 24 of the record stream (kind 18)");
}

int main(void)
{
	size_t len;
	uint8_t *f = make_file(&len, offs), *g;
	char why_buf[200], want[200];
	const char *why;
	int n, last = 0;

	/* whole: every item, RF_END, no error */
	CHECK(read_all(f, len, &why, why_buf, sizeof(why_buf)) == NITEMS);
	CHECK(why == NULL);
	/* cut anywhere: whole items only, then the first one missing named */
	for (size_t cut = 16; cut < len; cut += 1 + cut / 16) {
		n = read_all(f, cut, &why, why_buf, sizeof(why_buf));
		CHECK(n >= last || n < 0);
		CHECK(why != NULL);
		if (n < 0 || !why)
			continue;
		last = n;
		snprintf(want, sizeof(want), "truncated at byte %llu of the"
			 " record stream", (unsigned long long)offs[n]);
		if (!strstr(why, want)) {
			printf("cut at %zu: \"%s\", want \"%s\"\n", cut, why, want);
			CHECK(0);
		}
	}
	/* what was flushed before the cut is read (the batches) */
	CHECK(last >= NITEMS - 20000);
	/* a flipped byte: one error naming a byte */
	g = malloc(len);
	memcpy(g, f, len);
	g[len / 2] ^= 0x5a;
	n = read_all(g, len, &why, why_buf, sizeof(why_buf));
	CHECK(why && strstr(why, "byte"));
	/* not a recording, another version */
	memcpy(g, f, len);
	g[0] = 'X';
	CHECK(read_all(g, len, &why, why_buf, sizeof(why_buf)) == -1);
	CHECK(why && strstr(why, "not an etrace recording"));
	memcpy(g, f, len);
	g[8] = 3;
	CHECK(read_all(g, len, &why, why_buf, sizeof(why_buf)) == -1);
	CHECK(why != NULL);
	CHECK_STR(why ?: "", "recording format version 3: this etrace reads"
		  " versions 1 to 2");
	CHECK(read_all(f, 10, &why, why_buf, sizeof(why_buf)) == -1);
	free(g);
	free(f);
	packs();
	CHECK_DONE();
}
