// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unwind stage: /proc/kallsyms, loaded once on first use.  Without
 * root, addresses read as zero and nothing is named (never misnamed).
 */
#include <ctype.h>
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

int ksyms_load_file(FILE *f)
{
	/* names are up to KSYM_NAME_LEN (512) bytes, then "\t[module]" */
	char line[1024];
	size_t cap = 0;
	int whole = 1;

	ksyms_free();
	loaded = 1;
	for (;;) {
		unsigned long long a;
		char type, name[512];
		int was_whole = whole, at = 0, end = 0;

		/* the rest of a line too long for the buffer is not a line */
		line[sizeof(line) - 1] = 1;
		if (!fgets(line, sizeof(line), f))
			break;
		whole = line[sizeof(line) - 1] || line[sizeof(line) - 2] == '\n';
		/* "ADDR T NAME[\t[MODULE]]": one space, then the name */
		if (!was_whole || !whole ||
		    sscanf(line, "%llx %c%n", &a, &type, &at) != 2 ||
		    !a || line[at] != ' ' || isspace((unsigned char)line[at + 1]) ||
		    sscanf(line + at + 1, "%511s%n", name, &end) != 1)
			continue;
		/* a name cut by %511s is no name */
		end += at + 1;
		if (line[end] && !strchr(" \t\n", line[end]))
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
	if (nsyms)	/* (qsort of NULL is undefined, even for none) */
		qsort(syms, nsyms, sizeof(*syms), by_addr);
	return 0;
}

static void load(void)
{
	FILE *f = fopen("/proc/kallsyms", "re");

	loaded = 1;
	if (!f)
		return;
	ksyms_load_file(f);
	fclose(f);
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
