// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz: etrace report's reader (tracer/recfile/recfile_read.c and the
 * run's description, replay_load.c).  Input: one byte of mode, then the
 * bytes.  Mode bit 0: the bytes are the decompressed record stream,
 * compressed here behind a good header (the items are what is fuzzed);
 * else they are the whole file (the header, zstd's frames).  Whatever
 * the bytes, every item handed out lies whole in memory the reader
 * owns (each byte is read, for AddressSanitizer), items come in
 * increasing offsets (a packed record's: its first byte's), and a failed
 * read says why with an offset.
 */
#include <zstd.h>

#include "fuzz.h"
#include "recfile.h"
#include "replay_args.h"
#include "replay_load.h"

static uint8_t *as_file(const uint8_t *body, size_t n, size_t *len)
{
	size_t bound = ZSTD_compressBound(n), k;
	uint8_t *f = malloc(RF_HEAD_LEN + bound);
	uint32_t v = RF_VERSION, fl = RF_FLAG_ZSTD;

	if (!f)
		abort();
	memcpy(f, RF_MAGIC, 8);
	memcpy(f + 8, &v, 4);
	memcpy(f + 12, &fl, 4);
	k = ZSTD_compress(f + RF_HEAD_LEN, bound, body, n, 1);
	FUZZ_ASSERT(!ZSTD_isError(k));
	*len = RF_HEAD_LEN + k;
	return f;
}

static void items(struct replay *rp)
{
	struct rf_item it;
	uint64_t last = 0, sum = 0;
	int k;

	while ((k = recr_next(rp->rd, &it)) > 0) {
		FUZZ_ASSERT(it.kind > 0 && it.kind < RF_KIND_MAX);
		FUZZ_ASSERT(it.off >= last);
		FUZZ_ASSERT(((uintptr_t)it.data & 7) == 0);
		last = it.off + 1;
		for (uint32_t i = 0; i < it.len; i++)
			sum += it.data[i];
		if (it.kind == RF_ALIVE)
			(void)replay_answers(rp, &it);
		if (it.kind == RF_SUMMARY)
			(void)replay_summary(rp, &it);
	}
	if (k < 0)
		FUZZ_ASSERT(recr_error(rp->rd) && strstr(recr_error(rp->rd),
							 "byte"));
	if (getenv("FUZZ_PRINT"))
		fprintf(stderr, "end %d sum %llu: %s\n", k,
			(unsigned long long)sum,
			recr_error(rp->rd) ? recr_error(rp->rd) : "whole");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fz f;
	struct replay rp;
	uint8_t mode, *file;
	const uint8_t *body;
	size_t n, len;
	char err[512];

	fz_init(&f, data, size);
	mode = fz_u8(&f);
	body = fz_take(&f, f.left, &n);
	file = mode & 1 ? as_file(body, n, &len) : fz_dup(body, n);
	if (!(mode & 1))
		len = n;
	if (replay_load_mem(&rp, file, len, err, sizeof(err))) {
		FUZZ_ASSERT(err[0]);
		if (getenv("FUZZ_PRINT"))
			fprintf(stderr, "%s\n", err);
	} else {
		items(&rp);
		replay_free(&rp);
	}
	free(file);
	return 0;
}
