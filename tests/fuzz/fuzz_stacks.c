// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz: counted stacks (tracer/stacks.h): their keys, the folded lines,
 * the -c top list and the SVG flame graph, from comms, symbols and
 * module paths a traced program chose (any bytes).
 *
 * Input: u8 flags (bit 0: write the SVG, bit 1: the top list), u8 pool
 * size and that many strings (u8 length, bytes; a NUL ends a C string,
 * so it becomes 0x01), u8 count of stacks, then per stack: u8 comm
 * (a pool string, cut at 15 bytes as a comm is; past the pool: none),
 * u8 frames (modulo 130) and per frame u8 symbol, u8 module (past the
 * pool: none) and u16 offset, then u8 leaf (a syscall, an event, none)
 * and u8 count.
 *
 * Folded: every line is "KEY COUNT", the key printable ASCII with no
 * blank, keys unique, the counts adding up to what was added; when no
 * name was cut, each stack's key is exactly the comm, the frames'
 * names outermost first and the leaf, each escaped as strace escapes
 * strings (valid.h's reference) with ';' and ' ' made '_'.  The top list
 * is clean text.  The SVG is well-formed XML in valid UTF-8 whose root
 * says the total.
 */
#include <unistd.h>

#include "fuzz.h"
#include "stacks.h"
#include "valid.h"

#define NPOOL 8
#define NADD 64
#define NFR 130

static char pool[NPOOL][256];
static struct frame frames[NADD][NFR];
static char keys[NADD][8192 + 64];
static int nfr[NADD];
static uint64_t counts[NADD];
static char svgpath[64];

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	snprintf(svgpath, sizeof(svgpath), "/tmp/fuzz-stacks-%d.svg",
		 (int)getpid());
	return 0;
}

/* s escaped, separators made '_', appended at k; 0 when over max bytes */
static int put_esc(char *k, const char *s, size_t max)
{
	char e[1100];
	size_t n = escaped((const uint8_t *)s, strlen(s), e);

	if (n > max)
		return 0;
	for (char *p = e; *p; p++)
		if (*p == ';' || *p == ' ')
			*p = '_';
	strcat(k, e);
	return 1;
}

/* the key stacks_add makes, or 0 when some name must be cut */
static int model_key(char *k, const char *comm, const struct frame *f,
		     int n, const char *leaf)
{
	k[0] = '\0';
	if (!put_esc(k, comm && *comm ? comm : "?", 255))
		return 0;
	for (int i = n - 1; i >= 0; i--) {
		char off[32];

		strcat(k, ";");
		if (f[i].sym) {
			if (!put_esc(k, f[i].sym, 255))
				return 0;
			continue;
		}
		{
			const char *m = f[i].module ? strrchr(f[i].module, '/') : NULL;

			m = m ? m + 1 : f[i].module ? f[i].module : "[unknown]";
			snprintf(off, sizeof(off), "+0x%llx",
				 (unsigned long long)f[i].reloff);
			if (!put_esc(k, m, 255 - strlen(off)))
				return 0;
			strcat(k, off);
		}
	}
	if (leaf) {
		strcat(k, ";");
		strcat(k, leaf);
	}
	return strlen(k) < 8192 - 1;
}

static char *slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t cap = 0;

	*n = 0;
	if (!f)
		abort();
	for (;;) {
		if (*n + 4096 > cap && !(buf = realloc(buf, cap = cap * 2 + 8192)))
			abort();
		size_t r = fread(buf + *n, 1, cap - *n, f);

		if (!r)
			break;
		*n += r;
	}
	fclose(f);
	return buf;
}

static void check_folded(struct stack_agg *a, int nadd, uint64_t total)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	uint64_t sum = 0;
	int nlines = 0;

	if (!f)
		abort();
	FUZZ_ASSERT(!stacks_folded(a, f));
	fclose(f);
	FUZZ_ASSERT(text_ok(out, len));
	FUZZ_ASSERT(!len || out[len - 1] == '\n');
	for (char *line = out; line < out + len;) {
		char *nl = memchr(line, '\n', (size_t)(out + len - line));
		char *sp;
		unsigned long long c;

		*nl = '\0';
		sp = strrchr(line, ' ');
		FUZZ_ASSERT(sp && sp > line);
		FUZZ_ASSERT(sscanf(sp + 1, "%llu", &c) == 1 && c > 0);
		*sp = '\0';
		for (char *p = line; *p; p++)
			FUZZ_ASSERT(*p > ' ' && *p < 0x7f);
		/* unique: no line before has this key */
		for (char *o = out; o < line; o += strlen(o) + 1 + strlen(o + strlen(o) + 1) + 1)
			FUZZ_ASSERT(strcmp(o, line));
		sum += c;
		nlines++;
		line = nl + 1;
	}
	FUZZ_ASSERT(sum == total);
	/* each stack whose names are whole: its key, with every count of it */
	for (int i = 0; i < nadd; i++) {
		uint64_t want = 0;
		int found = 0;

		if (!keys[i][0])
			continue;
		for (int j = 0; j < nadd; j++)
			if (!strcmp(keys[j], keys[i]))
				want += counts[j];
		for (char *l = out; l < out + len; l += strlen(l) + 1 + strlen(l + strlen(l) + 1) + 1) {
			if (!strcmp(l, keys[i])) {
				FUZZ_ASSERT(strtoull(l + strlen(l) + 1, NULL, 10) == want);
				found = 1;
			}
		}
		if (!found)
			fprintf(stderr, "no line for key '%s'\n", keys[i]);
		FUZZ_ASSERT(found);
	}
	free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const leaves[] = { "openat", "sched:sched_switch", NULL };
	struct stack_agg *a;
	struct fz f;
	uint8_t flags;
	int npool, nadd;
	uint64_t total = 0;

	if (size > 65536)
		return 0;
	fz_init(&f, data, size);
	flags = fz_u8(&f);
	npool = fz_pool(&f, pool, NPOOL);
	a = stacks_new(0);
	if (!a)
		abort();
	nadd = fz_u8(&f) % (NADD + 1);
	for (int i = 0; i < nadd; i++) {
		uint8_t c = fz_u8(&f);
		char comm[16];
		const char *leaf;

		if (c < npool)
			snprintf(comm, sizeof(comm), "%s", pool[c]);
		nfr[i] = fz_u8(&f) % NFR;
		for (int k = 0; k < nfr[i]; k++) {
			uint8_t s = fz_u8(&f), m = fz_u8(&f);
			struct frame *fr = &frames[i][k];

			memset(fr, 0, sizeof(*fr));
			fr->sym = s < npool ? pool[s] : NULL;
			fr->module = m < npool ? pool[m] : NULL;
			fr->reloff = fz_u16(&f);
		}
		leaf = leaves[fz_u8(&f) % 3];
		counts[i] = fz_u8(&f) + 1u;
		total += counts[i];
		if (!model_key(keys[i], c < npool ? comm : NULL, frames[i],
			       nfr[i], leaf))
			keys[i][0] = '\0';
		stacks_add(a, c < npool ? comm : NULL, frames[i], nfr[i], leaf,
			   counts[i]);
	}
	check_folded(a, nadd, total);
	if (flags & 2) {
		char *out = NULL;
		size_t len = 0;
		FILE *mf = open_memstream(&out, &len);

		if (!mf)
			abort();
		FUZZ_ASSERT(!stacks_top(a, mf, 1 + flags % 8));
		fclose(mf);
		FUZZ_ASSERT(text_ok(out, len));
		free(out);
	}
	if (flags & 1) {
		char want[64], *svg;
		size_t len;
		char title[64];
		FILE *sf;

		snprintf(title, sizeof(title), "etrace: \x1b[2J%s",
			 npool ? pool[0] : "");
		sf = fopen(svgpath, "w");
		if (!sf)
			abort();
		FUZZ_ASSERT(!stacks_svg(a, sf, title));
		fclose(sf);
		svg = slurp(svgpath, &len);
		unlink(svgpath);
		FUZZ_ASSERT(xml_ok(svg, len));
		snprintf(want, sizeof(want), " data-total=\"%llu\"",
			 (unsigned long long)(total ? total : 1));
		FUZZ_ASSERT(memmem(svg, len, want, strlen(want)));
		free(svg);
	}
	stacks_free(a);
	return 0;
}
