/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers for the libFuzzer targets (tests/fuzz/fuzz_*.c): reading typed
 * values off the input, and copies of input bytes into allocations of
 * exactly their size, so that AddressSanitizer sees any read past them.
 */
#ifndef ETRACE_FUZZ_H
#define ETRACE_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* a property of the code under test does not hold: a crash to report */
#define FUZZ_ASSERT(cond)						\
	do {								\
		if (!(cond)) {						\
			fprintf(stderr, "%s:%d: assertion failed: %s\n",	\
				__FILE__, __LINE__, #cond);		\
			abort();					\
		}							\
	} while (0)

struct fz {
	const uint8_t *p;
	size_t left;
};

static inline void fz_init(struct fz *f, const uint8_t *data, size_t size)
{
	f->p = data;
	f->left = size;
}

/* n bytes into out (zeros past the end of the input) */
static inline void fz_bytes(struct fz *f, void *out, size_t n)
{
	size_t k = n < f->left ? n : f->left;

	memcpy(out, f->p, k);
	memset((uint8_t *)out + k, 0, n - k);
	f->p += k;
	f->left -= k;
}

static inline uint8_t fz_u8(struct fz *f)
{
	uint8_t v;

	fz_bytes(f, &v, 1);
	return v;
}

static inline uint16_t fz_u16(struct fz *f)
{
	uint16_t v;

	fz_bytes(f, &v, 2);
	return v;
}

static inline uint32_t fz_u32(struct fz *f)
{
	uint32_t v;

	fz_bytes(f, &v, 4);
	return v;
}

static inline uint64_t fz_u64(struct fz *f)
{
	uint64_t v;

	fz_bytes(f, &v, 8);
	return v;
}

/* up to n bytes of the input, in place (fewer at its end) */
static inline const uint8_t *fz_take(struct fz *f, size_t n, size_t *got)
{
	const uint8_t *p = f->p;

	if (n > f->left)
		n = f->left;
	f->p += n;
	f->left -= n;
	*got = n;
	return p;
}

/* a copy of p[n] in an allocation of exactly n bytes (free it) */
static inline uint8_t *fz_dup(const void *p, size_t n)
{
	uint8_t *d = malloc(n ? n : 1);

	if (!d)
		abort();
	if (n)
		memcpy(d, p, n);
	return d;
}

#endif
