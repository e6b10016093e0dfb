// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Build tool: turns syscalls.tbl into C (sc_table[]).
 *
 *   tblgen syscalls.tbl decoders/xlat > build/gen/sysent_gen.c
 *
 * Fails, naming the line, on anything the tracer could not use: a bad
 * line, a duplicate number or name, a flag set with no xlat file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tbl.h"

#define NR_MAX 4096

static struct tbl_line lines[NR_MAX];
static int have[NR_MAX];

static int set_exists(const char *dir, const char *set)
{
	char path[4096];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s.in", dir, set);
	return stat(path, &st) == 0;
}

static void emit(long max)
{
	printf("/* Generated from syscalls.tbl by tools/tblgen: do not edit. */\n");
	printf("#include \"sysent.h\"\n#include \"xlat_sets.h\"\n\n");
	printf("const struct sc_desc sc_table[%ld] = {\n", max + 1);
	for (long nr = 0; nr <= max; nr++) {
		struct tbl_line *t = &lines[nr];

		if (!have[nr])
			continue;
		printf("\t[%ld] = { \"%s\", 0x%x, %d, R_%s, {", nr, t->name,
		       t->classes, t->nargs, ret_names[t->ret]);
		for (int i = 0; i < t->nargs; i++) {
			struct tbl_arg *a = &t->arg[i];

			printf("%s{ K_%s, %d, ", i ? ", " : " ",
			       kind_info[a->kind].name, a->param);
			if (a->set[0])
				printf("&xlat_%s }", a->set);
			else
				printf("0 }");
		}
		printf(" } },\n");
	}
	printf("};\n\nconst unsigned int sc_table_size = %ld;\n", max + 1);
}

int main(int argc, char **argv)
{
	char buf[1024], err[256];
	long max = -1;
	int lineno = 0;
	FILE *f;

	if (argc != 3) {
		fprintf(stderr, "usage: tblgen syscalls.tbl XLATDIR\n");
		return 2;
	}
	f = fopen(argv[1], "r");
	if (!f) {
		perror(argv[1]);
		return 1;
	}
	while (fgets(buf, sizeof(buf), f)) {
		struct tbl_line t;
		int r;

		lineno++;
		r = tbl_parse_line(buf, &t, err, sizeof(err));
		if (r == 0)
			continue;
		if (r < 0) {
			fprintf(stderr, "%s:%d: %s\n", argv[1], lineno, err);
			return 1;
		}
		if (t.nr >= NR_MAX || have[t.nr]) {
			fprintf(stderr, "%s:%d: duplicate number %ld\n", argv[1],
				lineno, t.nr);
			return 1;
		}
		for (long i = 0; i <= max; i++) {
			if (have[i] && !strcmp(lines[i].name, t.name)) {
				fprintf(stderr, "%s:%d: duplicate name %s\n",
					argv[1], lineno, t.name);
				return 1;
			}
		}
		for (int i = 0; i < t.nargs; i++) {
			if (t.arg[i].set[0] && !set_exists(argv[2], t.arg[i].set)) {
				fprintf(stderr, "%s:%d: no flag set %s/%s.in\n",
					argv[1], lineno, argv[2], t.arg[i].set);
				return 1;
			}
		}
		lines[t.nr] = t;
		have[t.nr] = 1;
		if (t.nr > max)
			max = t.nr;
	}
	fclose(f);
	if (max < 0) {
		fprintf(stderr, "%s: no syscalls\n", argv[1]);
		return 1;
	}
	emit(max);
	return 0;
}
