// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz: kernel symbols (tracer/ksyms.h), from a kallsyms text read by
 * ksyms_load_file, then looked up with ksym.
 *
 * Input: u8 mode.  Mode bit 0 clear: the rest is the text, any bytes.
 * Whatever it holds, a name found is a whole word (no blank in it, not
 * empty), and looking up addresses in increasing order finds symbols at
 * increasing addresses, each at or below the address, offset included.
 *
 * Bit 0 set: the text is made as the kernel writes it, one line per
 * item: u8 kind (0: a symbol "%016llx %c %s[\t[module]]"; 1: a line of
 * other bytes that does not start with a hex digit; 2: a symbol line at
 * the end of a line too long for etrace's buffer: the whole line is no
 * symbol), u64 address, u8 type, u16 name length, the name's bytes
 * (mapped to a kernel symbol's characters).  A model keeps the text
 * symbols ('t', 'T') of whole lines with a non-zero address and a name
 * of at most 511 bytes (the kernel's KSYM_NAME_LEN): every lookup at,
 * just below and just above each address must give the model's symbol
 * (one of the names at the greatest address not above it) and offset.
 */
#include "fuzz.h"
#include "ksyms.h"

#define NMAX 256

static struct sym {
	uint64_t addr;
	char name[600];
} model[NMAX];
static int nmodel;
static char text[1 << 18];

static void check_at(uint64_t q)
{
	uint64_t best = 0, off = ~0ull;
	int found = 0;
	const char *name = ksym(q, &off);

	for (int i = 0; i < nmodel; i++)
		if (model[i].addr <= q && (!found || model[i].addr > best))
			best = model[i].addr, found = 1;
	if (!found) {
		FUZZ_ASSERT(!name);
		return;
	}
	FUZZ_ASSERT(name && off == q - best);
	for (int i = 0; i < nmodel; i++)
		if (model[i].addr == best && !strcmp(model[i].name, name))
			return;
	fprintf(stderr, "ksym(%#llx) = %s+%#llx, not a symbol at %#llx\n",
		(unsigned long long)q, name, (unsigned long long)off,
		(unsigned long long)best);
	FUZZ_ASSERT(!"wrong symbol");
}

static void structured(struct fz *f)
{
	static const char chars[] =
		"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.$";
	static const char types[] = "tTdDbBrRwWaAuUvV";
	size_t n = 0;
	FILE *mf;

	nmodel = 0;
	while (f->left && n < sizeof(text) - 2048) {
		uint8_t kind = fz_u8(f) % 3;
		uint64_t addr = fz_u64(f);
		char type = types[fz_u8(f) % (sizeof(types) - 1)];
		size_t len = fz_u16(f) % 600, got;
		const uint8_t *p = fz_take(f, len, &got);
		char name[600];

		for (size_t i = 0; i < got; i++)
			name[i] = chars[p[i] % (sizeof(chars) - 1)];
		name[got] = '\0';
		if (kind == 1) {
			/* other bytes: never a line of hex first */
			text[n++] = 'z';
			for (size_t i = 0; i < got; i++)
				text[n++] = p[i] == '\n' ? ' ' : (char)p[i];
			text[n++] = '\n';
			continue;
		}
		if (kind == 2)
			n += (size_t)snprintf(text + n, sizeof(text) - n, "%1100s", "");
		n += (size_t)snprintf(text + n, sizeof(text) - n, "%016llx %c %s%s\n",
				      (unsigned long long)addr, type, name,
				      addr & 1 ? "\t[mod]" : "");
		if (kind == 0 && addr && (type == 't' || type == 'T') &&
		    got && got <= 511 && nmodel < NMAX) {
			model[nmodel].addr = addr;
			memcpy(model[nmodel].name, name, got + 1);
			nmodel++;
		}
	}
	if (getenv("FUZZ_PRINT"))
		fwrite(text, 1, n, stderr);
	mf = fmemopen(text, n, "r");
	if (!mf)
		abort();
	ksyms_load_file(mf);
	fclose(mf);
	for (int i = 0; i < nmodel; i++) {
		uint64_t a = model[i].addr;

		check_at(a);
		check_at(a - 1);
		if (a + 1)
			check_at(a + 1);
	}
	check_at(0);
	check_at(~0ull);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fz f;

	if (size > 65536)
		return 0;
	fz_init(&f, data, size);
	if (fz_u8(&f) & 1) {
		structured(&f);
	} else {
		size_t got;
		const uint8_t *p = fz_take(&f, f.left, &got);
		uint8_t *copy = fz_dup(p, got);
		FILE *mf = fmemopen(copy, got ? got : 1, "r");
		uint64_t prev = 0;
		int seen = 0;

		if (!mf)
			abort();
		if (!got)
			fgetc(mf);	/* (fmemopen refuses size 0) */
		ksyms_load_file(mf);
		fclose(mf);
		/* lookups at addresses in increasing order */
		for (int i = 0; i <= 64; i++) {
			uint64_t q = i == 64 ? ~0ull : (uint64_t)i << 58 | (uint64_t)i * 0x1234567, off;
			const char *name = ksym(q, &off);

			if (!name)
				continue;
			FUZZ_ASSERT(name[0] && !strpbrk(name, " \t\n\r\v\f"));
			FUZZ_ASSERT(off <= q);
			FUZZ_ASSERT(!seen || q - off >= prev);
			prev = q - off;
			seen = 1;
		}
		free(copy);
	}
	ksyms_free();
	return 0;
}
