// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unwind stage: /proc/kallsyms, loaded once on first use.  Without
 * root, addresses read as zero and nothing is named (never misnamed).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ksyms.h"

struct ks {
	uint64_t addr;
	char *name;
};

static struct ks *syms;
static size_t nsyms;
static int loaded;

static int by_addr(const void *a, const void *b)
{
	const struct ks *x = a, *y = b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static void load(void)
{
	FILE *f = fopen("/proc/kallsyms", "r");
	char line[512];
	size_t cap = 0;

	loaded = 1;
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long a;
		char type, name[256];

		if (sscanf(line, "%llx %c %255s", &a, &type, name) != 3 || !a)
			continue;
		if (type != 't' && type != 'T')
			continue;
		if (nsyms == cap) {
			struct ks *n = realloc(syms, sizeof(*n) * (cap = cap ? cap * 2 : 65536));

			if (!n)
				break;
			syms = n;
		}
		syms[nsyms].addr = a;
		syms[nsyms].name = strdup(name);
		if (syms[nsyms].name)
			nsyms++;
	}
	fclose(f);
	qsort(syms, nsyms, sizeof(*syms), by_addr);
}

const char *ksym(uint64_t addr, uint64_t *off)
{
	size_t lo = 0, hi;

	if (!loaded)
		load();
	if (!nsyms || addr < syms[0].addr)
		return NULL;
	hi = nsyms;
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;

		if (syms[mid].addr <= addr)
			lo = mid;
		else
			hi = mid;
	}
	/* text symbols tile the kernel text: the one before covers addr */
	*off = addr - syms[lo].addr;
	return syms[lo].name;
}

void ksyms_free(void)
{
	for (size_t i = 0; i < nsyms; i++)
		free(syms[i].name);
	free(syms);
	syms = NULL;
	nsyms = 0;
	loaded = 0;
}
