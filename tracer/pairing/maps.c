// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tasks stage: process mappings.  A mapping etrace did not see go away
 * (munmap has no record) stays until another mapping covers its range or
 * the process execs or exits; only read-only file mappings are trusted
 * for strings, and only while the file is the one that was mapped.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "maps.h"
#include "tfile.h"

#define NFILES 8

/* open files behind mappings, by path and inode: reads need no open */
static struct {
	char *path;
	uint64_t dev, ino;
	int fd;
} files[NFILES];
static int next_file;

static unsigned int hash(pid_t pid, unsigned int nb)
{
	return ((uint32_t)pid * 2654435761u) & (nb - 1);
}

int maps_init(struct maps_table *mt)
{
	mt->nb = 256;
	mt->b = calloc(mt->nb, sizeof(*mt->b));
	return mt->b ? 0 : -ENOMEM;
}

static void pm_clear(struct proc_maps *pm)
{
	for (int i = 0; i < pm->n; i++)
		free(pm->m[i].path);
	pm->n = 0;
	pm->gen++;
}

static void pm_free(struct proc_maps *pm)
{
	pm_clear(pm);
	free(pm->m);
	if (pm->unwind && pm->unwind_free)
		pm->unwind_free(pm->unwind);
	free(pm);
}

void maps_free(struct maps_table *mt)
{
	for (unsigned int i = 0; i < mt->nb; i++) {
		struct proc_maps *pm = mt->b[i];

		while (pm) {
			struct proc_maps *n = pm->hnext;

			pm_free(pm);
			pm = n;
		}
	}
	free(mt->b);
	mt->b = NULL;
	for (int i = 0; i < NFILES; i++) {
		if (files[i].path) {
			close(files[i].fd);
			free(files[i].path);
			files[i].path = NULL;
		}
	}
}

/* the first mapping that ends after addr (pm->n when none) */
static int first_ending_after(const struct proc_maps *pm, uint64_t addr)
{
	int lo = 0, hi = pm->n;

	/* (sorted and apart: the ends are sorted too) */
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;

		if (pm->m[mid].end > addr)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/* the first mapping that starts at addr or after (pm->n when none) */
static int first_starting_from(const struct proc_maps *pm, uint64_t addr)
{
	int lo = 0, hi = pm->n;

	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;

		if (pm->m[mid].start >= addr)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/* room for n mappings */
static int pm_reserve(struct proc_maps *pm, int n)
{
	struct map *nm;
	int cap = pm->cap ? pm->cap : 32;

	if (n <= pm->cap)
		return 0;
	while (cap < n)
		cap *= 2;
	nm = realloc(pm->m, sizeof(*nm) * (size_t)cap);
	if (!nm)
		return -ENOMEM;
	pm->m = nm;
	pm->cap = cap;
	return 0;
}

/*
 * A new mapping replaces what it overlaps, keeping the parts of the
 * first and last mappings it cuts that lie outside it.  The mappings it
 * overlaps are found by binary search, and the change is one move of the
 * mappings after them: a process with many mappings (a JIT, an allocator
 * that maps with MAP_FIXED) costs log n per mmap, and a move.
 */
static int pm_insert(struct proc_maps *pm, const struct map *m)
{
	int lo, hi, nnew, left, right, exec = !!(m->prot & PROT_EXEC);
	struct map lpiece, rpiece;
	char *path = NULL, *rpath = NULL;

	if (m->end <= m->start)
		return 0;
	lo = first_ending_after(pm, m->start);
	hi = first_starting_from(pm, m->end);
	left = lo < hi && pm->m[lo].start < m->start;
	right = lo < hi && pm->m[hi - 1].end > m->end;
	nnew = left + 1 + right;
	if (m->path && !(path = strdup(m->path)))
		return -ENOMEM;
	/* one mapping cut in two: both pieces need their own path */
	if (left && right && lo == hi - 1 && pm->m[lo].path &&
	    !(rpath = strdup(pm->m[lo].path)))
		goto out_nomem;
	if (pm_reserve(pm, pm->n - (hi - lo) + nnew))
		goto out_nomem;
	if (left) {
		lpiece = pm->m[lo];
		lpiece.end = m->start;
	}
	if (right) {
		rpiece = pm->m[hi - 1];
		rpiece.pgoff += m->end - rpiece.start;
		rpiece.start = m->end;
		if (rpath)
			rpiece.path = rpath;
	}
	for (int i = lo; i < hi; i++) {
		exec |= !!(pm->m[i].prot & PROT_EXEC);
		/* (the pieces kept keep their paths) */
		if ((i == lo && left) || (i == hi - 1 && right && !rpath))
			continue;
		free(pm->m[i].path);
	}
	memmove(&pm->m[lo + nnew], &pm->m[hi],
		sizeof(*pm->m) * (size_t)(pm->n - hi));
	pm->n += nnew - (hi - lo);
	if (left)
		pm->m[lo++] = lpiece;
	pm->m[lo] = *m;
	pm->m[lo++].path = path;
	if (right)
		pm->m[lo] = rpiece;
	if (exec)
		pm->gen++;
	return 0;
out_nomem:
	free(path);
	free(rpath);
	return -ENOMEM;
}

int maps_parse_line(char *line, struct map *m)
{
	unsigned long long start, end, off, ino;
	unsigned int maj, min;
	char perms[8], *p;
	int at = 0;

	if (sscanf(line, "%llx-%llx %7s %llx %x:%x %llu%n", &start, &end,
		   perms, &off, &maj, &min, &ino, &at) != 7 || !at ||
	    strlen(perms) != 4)
		return -1;
	memset(m, 0, sizeof(*m));
	m->start = start;
	m->end = end;
	m->pgoff = off;
	m->prot = (perms[0] == 'r' ? PROT_READ : 0) |
		  (perms[1] == 'w' ? PROT_WRITE : 0) |
		  (perms[2] == 'x' ? PROT_EXEC : 0);
	m->flags = perms[3] == 'p' ? MAP_PRIVATE : MAP_SHARED;
	m->dev = makedev(maj, min);
	m->ino = ino;
	/* the path column is indented; the line ends it */
	p = line + at;
	p[strcspn(p, "\n")] = '\0';
	while (*p == ' ')
		p++;
	m->path = *p ? p : NULL;
	return 0;
}

void maps_seed_file(struct proc_maps *pm, FILE *f)
{
	char line[4352];
	int whole = 1;

	for (;;) {
		int was_whole = whole;
		struct map m;

		/* the rest of a line too long for the buffer is not a line
		   (a full buffer that does not end the line; NULs in it or
		   not) */
		line[sizeof(line) - 1] = 1;
		if (!fgets(line, sizeof(line), f))
			break;
		whole = line[sizeof(line) - 1] || line[sizeof(line) - 2] == '\n';
		if (was_whole && whole && !maps_parse_line(line, &m))
			pm_insert(pm, &m);
	}
}

static void seed(struct proc_maps *pm)
{
	char path[64];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/maps", (int)pm->pid);
	f = fopen(path, "r");
	if (!f)
		return;
	maps_seed_file(pm, f);
	fclose(f);
}

struct proc_maps *maps_lookup(struct maps_table *mt, pid_t pid)
{
	struct proc_maps *pm;

	for (pm = mt->b[hash(pid, mt->nb)]; pm; pm = pm->hnext)
		if (pm->pid == pid)
			break;
	return pm;
}

struct proc_maps *maps_get(struct maps_table *mt, pid_t pid, int do_seed)
{
	struct proc_maps *pm = maps_lookup(mt, pid);
	unsigned int h = hash(pid, mt->nb);

	if (!pm) {
		pm = calloc(1, sizeof(*pm));
		if (!pm)
			return NULL;
		pm->pid = pid;
		pm->hnext = mt->b[h];
		mt->b[h] = pm;
	}
	if (do_seed && !pm->seeded) {
		pm->seeded = 1;
		if (!mt->no_proc)
			seed(pm);
	}
	return pm;
}

void maps_mmap(struct maps_table *mt, pid_t pid, uint64_t start, uint64_t len,
	       uint64_t pgoff, uint32_t prot, uint32_t flags, uint64_t dev,
	       uint64_t ino, const char *path)
{
	struct proc_maps *pm = maps_get(mt, pid, 0);
	struct map m = { start, start + len, pgoff, prot, flags, dev, ino,
			 (char *)(path && path[0] == '/' ? path : NULL) };

	if (pm)
		pm_insert(pm, &m);
}

void maps_exec(struct maps_table *mt, pid_t pid)
{
	struct proc_maps *pm = maps_get(mt, pid, 0);

	if (!pm)
		return;
	pm_clear(pm);
	/* what follows is the new program's, all of it in the trace */
	pm->seeded = 1;
	if (pm->unwind && pm->unwind_free)
		pm->unwind_free(pm->unwind);
	pm->unwind = NULL;
}

void maps_fork(struct maps_table *mt, pid_t ppid, pid_t pid)
{
	struct proc_maps *pp = maps_get(mt, ppid, 0), *pm;

	if (!pp || pid == ppid)
		return;
	pm = maps_get(mt, pid, 0);
	if (!pm)
		return;
	pm_clear(pm);
	if (pm_reserve(pm, pp->n))
		return;
	for (int i = 0; i < pp->n; i++) {
		pm->m[pm->n] = pp->m[i];
		if (pp->m[i].path && !(pm->m[pm->n].path = strdup(pp->m[i].path)))
			continue;
		pm->n++;
	}
	pm->seeded = pp->seeded;
}

void maps_exit(struct maps_table *mt, pid_t pid)
{
	struct proc_maps **pp = &mt->b[hash(pid, mt->nb)];

	while (*pp && (*pp)->pid != pid)
		pp = &(*pp)->hnext;
	if (*pp) {
		struct proc_maps *pm = *pp;

		*pp = pm->hnext;
		pm_free(pm);
	}
}

void maps_sweep(struct maps_table *mt, int (*gone)(void *, struct proc_maps *),
		void *ctx)
{
	for (unsigned int i = 0; i < mt->nb; i++) {
		struct proc_maps **pp = &mt->b[i];

		while (*pp) {
			struct proc_maps *pm = *pp;

			if (!gone(ctx, pm)) {
				pp = &pm->hnext;
				continue;
			}
			*pp = pm->hnext;
			pm_free(pm);
		}
	}
}

const struct map *maps_find(const struct proc_maps *pm, uint64_t addr)
{
	int lo = 0, hi = pm->n - 1;

	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		const struct map *m = &pm->m[mid];

		if (addr < m->start)
			hi = mid - 1;
		else if (addr >= m->end)
			lo = mid + 1;
		else
			return m;
	}
	return NULL;
}

/*
 * An open fd on the mapped file, only if it is the same file: opened as
 * tfile.c opens what a traced program names (no FIFO, device or swapped
 * file; the mapping itself while it is there).
 */
static int file_fd(pid_t pid, const struct map *m)
{
	struct stat st;
	int fd;

	for (int i = 0; i < NFILES; i++)
		if (files[i].path && !strcmp(files[i].path, m->path) &&
		    files[i].ino == m->ino && files[i].dev == m->dev)
			return files[i].fd;
	fd = tfile_open_mapped(pid, m->start, m->end, m->path, m->dev, m->ino);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st)) {
		close(fd);
		return -1;
	}
	if (files[next_file].path) {
		close(files[next_file].fd);
		free(files[next_file].path);
	}
	files[next_file].path = strdup(m->path);
	files[next_file].dev = st.st_dev;
	files[next_file].ino = st.st_ino;
	files[next_file].fd = fd;
	if (!files[next_file].path) {
		close(fd);
		return -1;
	}
	next_file = (next_file + 1) % NFILES;
	return fd;
}

int maps_read_str(struct maps_table *mt, pid_t pid, uint64_t addr,
		  uint8_t *buf, size_t max, size_t *len, int *trunc)
{
	struct proc_maps *pm = maps_get(mt, pid, 1);
	const struct map *m = pm ? maps_find(pm, addr) : NULL;
	size_t want;
	ssize_t r;
	uint8_t *z;
	int fd;

	/* written to, or not a file: no exact copy exists outside memory */
	if (!m || !m->path || (m->prot & PROT_WRITE) || !(m->prot & PROT_READ) ||
	    strstr(m->path, " (deleted)"))
		return -1;
	fd = file_fd(pid, m);
	if (fd < 0)
		return -1;
	want = m->end - addr < max ? (size_t)(m->end - addr) : max;
	r = pread(fd, buf, want, (off_t)(m->pgoff + (addr - m->start)));
	if (r <= 0)
		return -1;
	z = memchr(buf, '\0', (size_t)r);
	*len = z ? (size_t)(z - buf) : (size_t)r;
	/* past the end of the file, mapped memory reads as zeros */
	*trunc = !z && (size_t)r == want;
	return 0;
}
