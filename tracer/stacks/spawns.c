// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Sinks stage: spawn groups.  A group is (program, parent comm, origin
 * stack, shell location); the parent's pid is not part of the key, so a
 * loop in a long-lived shell and the same loop in its subshells add up,
 * but it is shown (the first seen, and how many parents there were).
 */
#include <stdlib.h>
#include <string.h>

#include "decode.h"
#include "spawns.h"
#include "stacks.h"

#define MAX_GROUPS 4096
#define ORIGIN_SHOWN 12

struct group {
	char *prog;
	char pcomm[16];
	int ppid, nparents;
	struct frame *origin;
	int norigin;
	struct shell_loc loc;
	int has_loc;
	uint64_t count, ended, lifetime_ns;
	uint64_t first, last;
};

struct spawns {
	struct group *g;
	int n;
	uint64_t other;			/* execs past MAX_GROUPS */
};

struct spawns *spawns_new(void)
{
	return calloc(1, sizeof(struct spawns));
}

void spawns_free(struct spawns *s)
{
	if (!s)
		return;
	for (int i = 0; i < s->n; i++) {
		free(s->g[i].prog);
		free(s->g[i].origin);
	}
	free(s->g);
	free(s);
}

/*
 * The same frame, by what it is, not where it was loaded: module and
 * function and offset, or module and offset where no symbol covers it
 * (names are interned: one pointer per string).  Two runs of a program,
 * loaded elsewhere (ASLR), and two processes that loaded it elsewhere
 * make one group.
 */
static int same_frame(const struct frame *a, const struct frame *b)
{
	if (a->cut != b->cut || a->module != b->module || a->sym != b->sym ||
	    a->inlined != b->inlined)
		return 0;
	if (a->cut)
		return a->reloff == b->reloff;
	if (a->inlined)
		return 1;
	return a->sym ? a->symoff == b->symoff : a->reloff == b->reloff;
}

static int same_origin(const struct group *g, const struct frame *f, int n)
{
	if (g->norigin != n)
		return 0;
	for (int i = 0; i < n; i++)
		if (!same_frame(&g->origin[i], &f[i]))
			return 0;
	return 1;
}

static int same_loc(const struct group *g, const struct shell_loc *loc)
{
	if (!loc || !loc->line)
		return !g->has_loc;
	return g->has_loc && g->loc.line == loc->line &&
	       !strcmp(g->loc.file, loc->file) && !strcmp(g->loc.func, loc->func);
}

int spawns_exec(struct spawns *s, const char *prog, const char *pcomm,
		int ppid, const struct frame *origin, int norigin,
		const struct shell_loc *loc, uint64_t time)
{
	struct group *g;

	for (int i = 0; i < s->n; i++) {
		g = &s->g[i];
		if (!strcmp(g->prog, prog) && !strncmp(g->pcomm, pcomm, 16) &&
		    same_loc(g, loc) &&
		    /* bash: the script line says where; its stack adds nothing */
		    (g->has_loc || same_origin(g, origin, norigin))) {
			g->count++;
			g->last = time;
			if (ppid != g->ppid)
				g->nparents++;
			return i;
		}
	}
	if (s->n == MAX_GROUPS) {
		s->other++;
		return -1;
	}
	if (!(s->n % 64)) {
		struct group *ng = realloc(s->g, sizeof(*ng) * (size_t)(s->n + 64));

		if (!ng)
			return -1;
		s->g = ng;
	}
	g = &s->g[s->n];
	memset(g, 0, sizeof(*g));
	g->prog = strdup(prog);
	snprintf(g->pcomm, sizeof(g->pcomm), "%s", pcomm);
	g->ppid = ppid;
	g->nparents = 1;
	if (norigin && (g->origin = malloc(sizeof(*origin) * (size_t)norigin))) {
		memcpy(g->origin, origin, sizeof(*origin) * (size_t)norigin);
		g->norigin = norigin;
	}
	if (loc && loc->line) {
		g->loc = *loc;
		g->has_loc = 1;
	}
	g->count = 1;
	g->first = g->last = time;
	if (!g->prog)
		return -1;
	return s->n++;
}

void spawns_end(struct spawns *s, int id, uint64_t ns)
{
	if (id < 0 || id >= s->n)
		return;
	s->g[id].ended++;
	s->g[id].lifetime_ns += ns;
}

static int by_count(const void *x, const void *y)
{
	const struct group *a = x, *b = y;

	if (a->count != b->count)
		return a->count < b->count ? 1 : -1;
	return strcmp(a->prog, b->prog);
}

/* bytes a traced program chose, escaped as strace escapes strings */
static void put_esc(FILE *f, const char *s)
{
	size_t n = strlen(s);
	char small[256], *buf = 4 * n < sizeof(small) ? small : malloc(4 * n + 1);
	struct fmt_buf b;

	if (!buf) {
		fputs("?", f);
		return;
	}
	fb_init(&b, buf, 4 * n + 1);
	fmt_escaped(&b, (const uint8_t *)s, n);
	fwrite(buf, 1, (size_t)(b.p - buf), f);
	if (buf != small)
		free(buf);
}

/*
 * A name at the start of a line or between words: escaped, and quoted
 * unless plain (letters, digits, ._+-@%,=/), so that no program's name
 * reads as more words or as one of etrace's own lines ("etrace: ...")
 */
static void put_word(FILE *f, const char *s)
{
	int plain = *s != '\0';

	for (const char *p = s; *p && plain; p++)
		plain = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
			(*p >= '0' && *p <= '9') || strchr("._+-@%,=/", *p);
	if (!plain)
		fputc('"', f);
	put_esc(f, s);
	if (!plain)
		fputc('"', f);
}

/* a stack cut where no frame was proved: why, and where */
static void origin_cut(FILE *f, const struct frame *c)
{
	fprintf(f, "      > [stack cut: %s", unwind_cut_why(c));
	if (c->module) {
		fputc(' ', f);
		put_esc(f, c->module);
		fprintf(f, "+0x%llx", (unsigned long long)c->reloff);
	}
	fputs("]\n", f);
}

void spawns_report(struct spawns *s, FILE *f, uint64_t duration_ns,
		   int frames)
{
	double secs = duration_ns ? duration_ns / 1e9 : 0;
	uint64_t total = 0;

	if (s->n)	/* (qsort of NULL is undefined, even for none) */
		qsort(s->g, (size_t)s->n, sizeof(*s->g), by_count);
	for (int i = 0; i < s->n; i++)
		total += s->g[i].count;
	fprintf(f, "etrace: %llu process%s started in %.3f s, in %d group%s"
		" (biggest first)\n", (unsigned long long)total,
		total == 1 ? "" : "es", secs, s->n, s->n == 1 ? "" : "s");
	for (int i = 0; i < s->n; i++) {
		const struct group *g = &s->g[i];
		const char *base = strrchr(g->prog, '/');

		base = base ? base + 1 : g->prog;
		put_word(f, base);
		fprintf(f, " x%llu <- ", (unsigned long long)g->count);
		put_word(f, g->pcomm);
		if (g->has_loc) {
			fputc(' ', f);
			put_word(f, g->loc.file[0] ? g->loc.file : "?");
			fprintf(f, ":%d", g->loc.line);
			if (g->loc.func[0]) {
				fputs(" (function ", f);
				put_esc(f, g->loc.func);
				fputc(')', f);
			}
		}
		fputs("\n    program ", f);
		put_word(f, g->prog);
		fputs("; parent ", f);
		put_word(f, g->pcomm);
		fprintf(f, " pid %d", g->ppid);
		if (g->nparents > 1)
			fprintf(f, " and %d others", g->nparents - 1);
		fprintf(f, "\n    %.1f/s", secs > 0 ? g->count / secs : 0.0);
		if (g->ended)
			fprintf(f, ", %.3f s in all (%.3f ms each)",
				g->lifetime_ns / 1e9,
				g->lifetime_ns / 1e6 / (double)g->ended);
		fputc('\n', f);
		if (!g->has_loc && (!strcmp(g->pcomm, "sh") || !strcmp(g->pcomm, "dash") ||
				    !strcmp(g->pcomm, "zsh") || !strcmp(g->pcomm, "ksh")))
			fprintf(f, "    (script lines are known for bash only:"
				" %s shows its stack)\n", g->pcomm);
		for (int k = 0; frames && k < g->norigin && k < ORIGIN_SHOWN; k++) {
			char name[256];

			if (g->origin[k].cut) {
				origin_cut(f, &g->origin[k]);
				continue;
			}
			/* (the name comes escaped) */
			stacks_frame_name(&g->origin[k], name, sizeof(name));
			/* a script's frame: its file is in its name */
			if (g->origin[k].script) {
				fprintf(f, "      > %s\n", name);
				continue;
			}
			fprintf(f, "      > %s (", name);
			put_esc(f, g->origin[k].module ? g->origin[k].module : "?");
			fputs(")\n", f);
		}
	}
	if (s->other)
		fprintf(f, "etrace: %llu more processes, in groups past the"
			" first %d\n", (unsigned long long)s->other, MAX_GROUPS);
}
