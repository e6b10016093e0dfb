// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unwind stage: JIT code's names, from the map a JIT writes as it
 * compiles (/tmp/perf-PID.map, "START SIZE name" in hex, as perf reads
 * it).  A JIT that puts code where other code was appends a line for it:
 * the last line over an address names it.  Read again when it grew.
 * Only a regular file of root's or the process's, opened by tfile.c (no
 * FIFO, symlink or device a user planted), at most 64 MiB of it.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "jitmap.h"
#include "tfile.h"

#define JIT_MAP_MAX (64u << 20)	/* bytes of a perf map read, at most */

void jitmap_free(struct jitmap *m)
{
	free(m->sym);
	m->sym = NULL;
	m->n = 0;
}

int jitmap_parse_line(char *line, uint64_t *start, uint64_t *end,
		      char **name)
{
	uint64_t len;
	int at = 0;

	line[strcspn(line, "\n")] = '\0';
	if (sscanf(line, "%" SCNx64 " %" SCNx64 " %n", start, &len,
		   &at) != 2 || !at || !line[at] || !len ||
	    *start + len < *start)
		return -1;
	*end = *start + len;
	*name = line + at;
	return 0;
}

/* a perf map's line, and where it is in the file (later lines win) */
struct jitline {
	uint64_t start, end;
	const char *name;
};

static int jit_by_start(const void *x, const void *y, void *arg)
{
	const struct jitline *l = arg;
	uint64_t a = l[*(const int *)x].start, b = l[*(const int *)y].start;

	return a < b ? -1 : a > b;
}

static int u64_cmp(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;

	return a < b ? -1 : a > b;
}

/* a max-heap of line numbers: the last line that covers the sweep on top */
static void heap_push(int *h, int *n, int v)
{
	int i = (*n)++;

	while (i && h[(i - 1) / 2] < v) {
		h[i] = h[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	h[i] = v;
}

static void heap_pop(int *h, int *n)
{
	int v = h[--*n], i = 0;

	for (;;) {
		int c = 2 * i + 1;

		if (c >= *n)
			break;
		if (c + 1 < *n && h[c + 1] > h[c])
			c++;
		if (h[c] <= v)
			break;
		h[i] = h[c];
		i = c;
	}
	h[i] = v;
}

/*
 * A JIT that puts code where other code was appends a line for it: each
 * address is named by the last line that covers it.  The lines become
 * pieces that do not overlap, sorted, in one sweep over their ends (a
 * hostile map costs n log n, not n^2).  Returns the number of pieces in
 * *out (allocated), or -1.
 */
static int jit_settle(const struct jitline *l, int n, struct jitsym **out)
{
	int *ord = malloc(sizeof(*ord) * (size_t)n);
	int *heap = malloc(sizeof(*heap) * (size_t)n);
	uint64_t *pts = malloc(sizeof(*pts) * 2 * (size_t)n);
	struct jitsym *o = malloc(sizeof(*o) * 2 * (size_t)n);
	int npts = 0, nh = 0, np = 0, k = 0, last = -1;

	if (!ord || !heap || !pts || !o) {
		np = -1;
		goto out;
	}
	for (int i = 0; i < n; i++) {
		ord[i] = i;
		pts[2 * i] = l[i].start;
		pts[2 * i + 1] = l[i].end;
	}
	qsort_r(ord, (size_t)n, sizeof(*ord), jit_by_start, (void *)l);
	qsort(pts, 2 * (size_t)n, sizeof(*pts), u64_cmp);
	for (int i = 0; i < 2 * n; i++)
		if (!npts || pts[npts - 1] != pts[i])
			pts[npts++] = pts[i];
	for (int p = 0; p < npts; p++) {
		uint64_t x = pts[p];
		int w;

		while (k < n && l[ord[k]].start == x)
			heap_push(heap, &nh, ord[k++]);
		while (nh && l[heap[0]].end <= x)
			heap_pop(heap, &nh);
		if (!nh)
			continue;
		/* (the winner's end is a point after x) */
		w = heap[0];
		if (w == last && o[np - 1].hi == x) {
			o[np - 1].hi = pts[p + 1];
			continue;
		}
		o[np].lo = x;
		o[np].hi = pts[p + 1];
		o[np].start = l[w].start;
		o[np].name = l[w].name;
		np++;
		last = w;
	}
out:
	free(ord);
	free(heap);
	free(pts);
	if (np < 0)
		free(o), o = NULL;
	*out = o;
	return np;
}

/* (re)read the process's perf map: JITs append to it as they compile */
/*
 * The map is read from fd (tfile_open'd: a regular file), at most
 * JIT_MAP_MAX bytes: a file that grows while it is read, or a huge one,
 * cannot keep etrace reading.
 */
static void jit_load(struct jitmap *ps, off_t size, int fd,
		     jit_intern_fn *intern, void *ctx)
{
	FILE *f = fdopen(fd, "re");
	char line[512];
	struct jitline *l = NULL;
	int n = 0, cap = 0, whole = 1;
	size_t left = JIT_MAP_MAX;

	free(ps->sym);
	ps->sym = NULL;
	ps->n = 0;
	ps->size = size;
	if (!f) {
		close(fd);
		return;
	}
	for (;;) {
		uint64_t start, end;
		char *sym;
		int was_whole = whole;
		size_t len;

		/* the rest of a line too long for the buffer is not a line */
		line[sizeof(line) - 1] = 1;
		if (!fgets(line, sizeof(line), f))
			break;
		len = strlen(line);
		if (len >= left)
			break;
		left -= len;
		whole = line[sizeof(line) - 1] || line[sizeof(line) - 2] == '\n';
		if (!was_whole || !whole ||
		    jitmap_parse_line(line, &start, &end, &sym))
			continue;
		if (n == cap) {
			struct jitline *nl;

			if (cap >= 1 << 20)
				break;	/* bounded: the first million */
			cap = cap ? 2 * cap : 256;
			nl = realloc(l, sizeof(*nl) * (size_t)cap);
			if (!nl)
				break;
			l = nl;
		}
		l[n].start = start;
		l[n].end = end;
		l[n].name = intern(ctx, sym);
		n++;
	}
	fclose(f);
	if (n)
		ps->n = jit_settle(l, n, &ps->sym);
	if (ps->n < 0)
		ps->n = 0;
	free(l);
}

/*
 * Any user can make /tmp/perf-PID.map first: as perf does, a map is
 * read only when it belongs to root or to the process (any of its uids:
 * the JIT writes it as itself).  A process gone (uids unknown): root's
 * only.
 */
static int owner_ok(pid_t pid, const struct stat *st)
{
	uid_t uids[4];

	if (st->st_uid == 0)
		return 1;
	if (tfile_uids(pid, uids))
		return 0;
	for (int i = 0; i < 4; i++)
		if (st->st_uid == uids[i])
			return 1;
	return 0;
}

const struct jitsym *jitmap_find(struct jitmap *ps, pid_t pid, uint64_t pc,
				 jit_intern_fn *intern, void *ctx,
				 const char **path)
{
	static char name[64];
	struct stat st;
	int lo, hi, pass, fd;

	snprintf(name, sizeof(name), "/tmp/perf-%d.map", (int)pid);
	*path = name;
	for (pass = 0; pass < 2; pass++) {
		for (lo = 0, hi = ps->n; lo < hi;) {
			int mid = (lo + hi) / 2;

			if (pc < ps->sym[mid].lo)
				hi = mid;
			else if (pc >= ps->sym[mid].hi)
				lo = mid + 1;
			else
				return &ps->sym[mid];
		}
		/* not there: read it again if it grew (or appeared) */
		if (pass)
			return NULL;
		fd = tfile_open(name, &st);
		if (fd < 0)
			return NULL;
		if (st.st_size == ps->size || !owner_ok(pid, &st)) {
			close(fd);
			return NULL;
		}
		jit_load(ps, st.st_size, fd, intern, ctx);
	}
	return NULL;
}
