// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The recording's file (tracer/recfile/): items written by the writer
 * (recfile_write.c) come back from the reader (recfile_read.c) whole and
 * in order, from a file and from memory, 8-aligned; items larger than
 * the writer's buffer too.  Cut at every length, the reader hands out
 * exactly the items that lie whole in what decompresses, then fails with
 * the offset of the first item it could not read; a flipped byte, a
 * wrong magic or version are one error each.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* the recording: items 0..NITEMS-1, then RF_END; returns its bytes */
static uint8_t *make_file(size_t *len, uint64_t *offs)
{
	char err[128], path[] = "/tmp/recfile_rtXXXXXX";
	int fd = mkstemp(path);
	uint8_t *buf = malloc(BIG), *f;
	struct recw *w;
	uint64_t off = 0;
	FILE *in;

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
	CHECK(!recw_item(w, RF_END, 0, buf, sizeof(struct rf_end), NULL, 0));
	CHECK(!recw_close(w, 1));
	*len = (size_t)lseek(fd, 0, SEEK_END);
	f = malloc(*len);
	in = fdopen(fd, "r");
	rewind(in);
	CHECK(fread(f, 1, *len, in) == *len);
	fclose(in);
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
	g[8] = 2;
	CHECK(read_all(g, len, &why, why_buf, sizeof(why_buf)) == -1);
	CHECK_STR(why, "recording format version 2: this etrace reads version 1");
	CHECK(read_all(f, 10, &why, why_buf, sizeof(why_buf)) == -1);
	free(g);
	free(f);
	CHECK_DONE();
}
