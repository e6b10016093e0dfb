// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz: the --spawns report (tracer/spawns.h), whose programs, parent
 * comms, script files, function names, symbols and module paths a traced
 * program chose (any bytes).
 *
 * Input: u8 pool size and that many strings (u8 length, bytes; a NUL
 * becomes 0x01), u8 count of execs, then per exec: u8 program, u8 parent
 * comm (pool strings, the comm cut at 15 bytes), u16 parent pid, u8
 * origin frames (modulo 16) and per frame u8 symbol, u8 module, u16 pc;
 * u8 script line (0: none), u8 file, u8 function; u16 time.  Then u8
 * count of ends (u8 group, u16 ns each), u32 duration.
 *
 * The report must be clean text (UTF-8, no control byte but newlines);
 * its first line says as many processes and groups as there are execs
 * and group lines ("PROG xN <- PARENT...", PROG the program's base name
 * escaped as strace escapes strings), and the groups' counts add up to
 * the execs.
 */
#include "fuzz.h"
#include "spawns.h"
#include "valid.h"

#define NPOOL 8

static char pool[NPOOL][256];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct spawns *s;
	struct fz f;
	int npool, nexec, nend, groups = 0, glines = 0;
	unsigned long long total = 0, sum = 0, nproc;
	char *out = NULL, base[1100], esc[1100];
	size_t len = 0;
	FILE *mf;

	if (size > 65536)
		return 0;
	fz_init(&f, data, size);
	npool = fz_u8(&f) % NPOOL + 1;
	for (int i = 0; i < npool; i++) {
		size_t got, n = fz_u8(&f);
		const uint8_t *p = fz_take(&f, n, &got);

		/* (a blank would let a name pass for an indented line) */
		for (size_t k = 0; k < got; k++)
			pool[i][k] = !p[k] ? 1 : p[k] == ' ' ? '_' : (char)p[k];
		pool[i][got] = '\0';
	}
	s = spawns_new();
	if (!s)
		abort();
	nexec = fz_u8(&f);
	for (int i = 0; i < nexec; i++) {
		const char *prog = pool[fz_u8(&f) % npool];
		char pcomm[16];
		int ppid = fz_u16(&f), norigin = fz_u8(&f) % 16, id;
		struct frame fr[16];
		struct shell_loc loc;

		snprintf(pcomm, sizeof(pcomm), "%s", pool[fz_u8(&f) % npool]);
		for (int k = 0; k < norigin; k++) {
			uint8_t sy = fz_u8(&f), mo = fz_u8(&f);

			memset(&fr[k], 0, sizeof(fr[k]));
			fr[k].sym = sy < npool ? pool[sy] : NULL;
			fr[k].module = mo < npool ? pool[mo] : NULL;
			fr[k].pc = fr[k].reloff = fz_u16(&f);
		}
		memset(&loc, 0, sizeof(loc));
		loc.line = fz_u8(&f);
		snprintf(loc.file, sizeof(loc.file), "%s", pool[fz_u8(&f) % npool]);
		snprintf(loc.func, sizeof(loc.func), "%s", pool[fz_u8(&f) % npool]);
		id = spawns_exec(s, prog, pcomm, ppid, fr, norigin,
				 loc.line ? &loc : NULL, fz_u16(&f));
		FUZZ_ASSERT(id >= -1 && id < 4096);
		total++;
	}
	nend = fz_u8(&f);
	for (int i = 0; i < nend; i++) {
		int id = fz_u8(&f);

		spawns_end(s, id, fz_u16(&f));
	}
	mf = open_memstream(&out, &len);
	if (!mf)
		abort();
	spawns_report(s, mf, fz_u32(&f), 1);
	fclose(mf);
	FUZZ_ASSERT(text_ok(out, len));
	/* "etrace: N processes started in S s, in G groups (biggest first)" */
	FUZZ_ASSERT(sscanf(out, "etrace: %llu process", &nproc) == 1);
	FUZZ_ASSERT(nproc == total);
	FUZZ_ASSERT(strstr(out, " s, in ") &&
		    sscanf(strstr(out, " s, in ") + 7, "%d group", &groups) == 1);
	for (char *line = strchr(out, '\n') + 1; line < out + len;) {
		char *nl = strchr(line, '\n');
		unsigned long long c;
		char *x;
		int more;

		FUZZ_ASSERT(nl);
		*nl = '\0';
		/*
		 * etrace's own line past 4096 groups; any other line not
		 * indented is a group's, and never reads as etrace's: a
		 * program named "etrace: ..." is quoted
		 */
		more = groups == 4096 && !strncmp(line, "etrace: ", 8) &&
		       strstr(line, " more processes, in groups past ");
		if (strncmp(line, "    ", 4) && !more) {
			/* "BASE xN <- ...": BASE a program's, escaped, maybe
			   quoted */
			int known = 0;

			FUZZ_ASSERT(strncmp(line, "etrace: ", 8));
			x = NULL;
			for (int i = 0; i < npool && !known; i++) {
				const char *b = strrchr(pool[i], '/');
				size_t n;

				snprintf(base, sizeof(base), "%s", b ? b + 1 : pool[i]);
				escaped((const uint8_t *)base, strlen(base), esc);
				n = strlen(esc);
				if (!strncmp(line, esc, n) && !strncmp(line + n, " x", 2))
					x = line + n;
				else if (line[0] == '"' && !strncmp(line + 1, esc, n) &&
					 !strncmp(line + 1 + n, "\" x", 3))
					x = line + n + 2;
				known = x != NULL;
			}
			FUZZ_ASSERT(known);
			FUZZ_ASSERT(sscanf(x + 2, "%llu <- ", &c) == 1);
			sum += c;
			glines++;
		}
		line = nl + 1;
	}
	if (glines != groups)
		fprintf(stderr, "%d group lines, the report says %d:\n%s\n",
			glines, groups, out);
	FUZZ_ASSERT(glines == groups);
	/* past 4096 groups, the rest are counted in the last line */
	FUZZ_ASSERT(sum == total || groups == 4096);
	free(out);
	spawns_free(s);
	return 0;
}
