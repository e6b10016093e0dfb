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
#include <unistd.h>

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

/* pool's string u8 names, or NULL for a number past the npool strings */
static inline const char *fz_pick(struct fz *f, char (*pool)[256], int npool)
{
	uint8_t i = fz_u8(f);

	return i < npool ? pool[i] : NULL;
}

/* /tmp/fuzz-NAME-PID, this process's own file, removed at its exit */
static inline char *fz_tmp_path(void)
{
	static char path[64];

	return path;
}

static inline void fz_tmp_gone(void)
{
	unlink(fz_tmp_path());
}

static inline const char *fz_tmp(const char *name)
{
	snprintf(fz_tmp_path(), 64, "/tmp/fuzz-%s-%d", name, (int)getpid());
	atexit(fz_tmp_gone);
	return fz_tmp_path();
}

/*
 * The input's pool of names: u8 count (modulo max + 1), then each as u8
 * length and bytes, into pool[i] as a C string (a NUL byte, which would
 * end it, becomes 0x01).  Returns the count.
 */
static inline int fz_pool(struct fz *f, char (*pool)[256], int max)
{
	int n = fz_u8(f) % (max + 1);

	for (int i = 0; i < n; i++) {
		size_t got;
		const uint8_t *p = fz_take(f, fz_u8(f), &got);

		for (size_t k = 0; k < got; k++)
			pool[i][k] = p[k] ? (char)p[k] : 1;
		pool[i][got] = '\0';
	}
	return n;
}

#endif
