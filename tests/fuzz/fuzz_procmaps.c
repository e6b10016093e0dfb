// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz: process mappings (tracer/maps.h): /proc/PID/maps text seeded by
 * maps_seed_file, MMAP2 records by maps_mmap, exec, fork and exit, for
 * three processes, against a model.
 *
 * The model keeps each process's mappings as the list of what was
 * mapped, in order; the mapping at an address is the last one that
 * covers it (a new mapping replaces what it overlaps), and its file
 * offset there is its pgoff plus the distance from its start.  After
 * the operations, every mapping of the table must be sorted and apart,
 * and at both ends of everything mapped (and just outside) maps_find
 * must give what the model says: nothing, or the same protection,
 * flags, device, inode, path and file offset.
 *
 * Input: operations, each a u8 (modulo 6) and its arguments:
 *   0 seed:  u8 pid, u8 lines, then lines (u8 kind: 0 a line as the
 *            kernel writes it, 1 other bytes, 2 a mapping line at the end
 *            of a line too long for the buffer; then a mapping)
 *   1 mmap:  u8 pid, a mapping (path kept only when it starts with '/')
 *   2 exec:  u8 pid          3 fork: u8 parent, u8 child
 *   4 exit:  u8 pid          5 a mapping's line, parsed back whole
 * and a mapping is: u8 address mode (bit 0: any u64, else pages in a
 * small range, so that mappings overlap), u64 start, u32 length, u8 prot
 * (bits 0-2 rwx, bit 3 shared), u32 page offset, u16 major, u8 minor,
 * u32 inode, u8 path length and the path's bytes.
 */
#include <sys/mman.h>
#include <sys/sysmacros.h>

#include "fuzz.h"
#include "maps.h"

#define NPID 3
#define MOPS 256

struct mop {
	uint64_t start, end, pgoff, dev, ino;
	uint32_t prot, flags;
	int has_path;
	char path[260];
};

static struct mop model[NPID + 1][MOPS];
static int nmodel[NPID + 1];
static char text[1 << 18];

static void read_map(struct fz *f, struct mop *m, unsigned int *maj,
		     unsigned int *min)
{
	uint8_t mode = fz_u8(f), prot, plen;
	uint64_t start = fz_u64(f), len = fz_u32(f);
	size_t got;
	const uint8_t *p;

	if (!(mode & 1)) {
		/* pages in a small range: mappings overlap */
		start = (start & 0xff) << 12;
		len = (len & 0x7) << 12;
	}
	m->start = start;
	m->end = start + len;
	prot = fz_u8(f);
	m->prot = (prot & 1 ? PROT_READ : 0) | (prot & 2 ? PROT_WRITE : 0) |
		  (prot & 4 ? PROT_EXEC : 0);
	m->flags = prot & 8 ? MAP_SHARED : MAP_PRIVATE;
	m->pgoff = (uint64_t)fz_u32(f) << 12;
	*maj = fz_u16(f) & 0xfff;
	*min = fz_u8(f);
	m->dev = makedev(*maj, *min);
	m->ino = fz_u32(f);
	plen = fz_u8(f);
	p = fz_take(f, plen, &got);
	/* a path as the kernel shows it: no newline, no indent, no NUL */
	for (size_t i = 0; i < got; i++)
		m->path[i] = p[i] == '\n' || !p[i] ? '_' : (char)p[i];
	if (got && m->path[0] == ' ')
		m->path[0] = '_';
	m->path[got] = '\0';
	m->has_path = got > 0;
}

/* m as a line of /proc/PID/maps (show_map_vma) */
static size_t map_line(char *out, size_t room, const struct mop *m,
		       unsigned int maj, unsigned int min)
{
	int n = snprintf(out, room, "%08llx-%08llx %c%c%c%c %08llx %02x:%02x %llu ",
			 (unsigned long long)m->start,
			 (unsigned long long)m->end,
			 m->prot & PROT_READ ? 'r' : '-',
			 m->prot & PROT_WRITE ? 'w' : '-',
			 m->prot & PROT_EXEC ? 'x' : '-',
			 m->flags == MAP_SHARED ? 's' : 'p',
			 (unsigned long long)m->pgoff, maj, min,
			 (unsigned long long)m->ino);

	if (m->has_path)
		n += snprintf(out + n, room - (size_t)n, "%*s%s",
			      n < 73 ? 73 - n : 1, "", m->path);
	n += snprintf(out + n, room - (size_t)n, "\n");
	return (size_t)n;
}

static void model_add(int pid, const struct mop *m)
{
	if (m->end > m->start && nmodel[pid] < MOPS)
		model[pid][nmodel[pid]++] = *m;
}

/* the table's mappings of pid, against the model's */
static void check(struct maps_table *mt, int pid)
{
	struct proc_maps *pm = maps_get(mt, pid, 0);

	FUZZ_ASSERT(pm);
	for (int i = 0; i < pm->n; i++) {
		FUZZ_ASSERT(pm->m[i].start < pm->m[i].end);
		FUZZ_ASSERT(i == 0 || pm->m[i - 1].end <= pm->m[i].start);
	}
	for (int k = 0; k < nmodel[pid]; k++) {
		const struct mop *o = &model[pid][k];
		uint64_t at[4] = { o->start, o->end - 1, o->end, o->start - 1 };

		for (int j = 0; j < 4; j++) {
			const struct mop *w = NULL;
			const struct map *m = maps_find(pm, at[j]);

			if ((j == 2 && !o->end) || (j == 3 && !o->start))
				continue;	/* (no address past the ends) */
			for (int q = nmodel[pid] - 1; q >= 0 && !w; q--)
				if (model[pid][q].start <= at[j] &&
				    at[j] < model[pid][q].end)
					w = &model[pid][q];
			if (!w) {
				FUZZ_ASSERT(!m);
				continue;
			}
			FUZZ_ASSERT(m);
			FUZZ_ASSERT(m->prot == w->prot && m->flags == w->flags);
			FUZZ_ASSERT(m->dev == w->dev && m->ino == w->ino);
			FUZZ_ASSERT(m->pgoff + (at[j] - m->start) ==
				    w->pgoff + (at[j] - w->start));
			FUZZ_ASSERT(w->has_path ? m->path && !strcmp(m->path, w->path)
						: !m->path);
		}
	}
}

static void seed(struct maps_table *mt, struct fz *f)
{
	int pid = fz_u8(f) % NPID + 1, lines = fz_u8(f) % 32;
	struct proc_maps *pm = maps_get(mt, pid, 0);
	size_t n = 0;
	FILE *mf;

	FUZZ_ASSERT(pm);
	for (int i = 0; i < lines && f->left; i++) {
		uint8_t kind = fz_u8(f) % 3;
		struct mop m;
		unsigned int maj, min;

		read_map(f, &m, &maj, &min);
		if (kind == 1) {
			/* other bytes: never a line of hex first */
			text[n++] = 'z';
			for (size_t k = 0; m.path[k]; k++)
				text[n++] = m.path[k];
			text[n++] = '\n';
			continue;
		}
		if (kind == 2) {
			memset(text + n, ' ', 4400);
			n += 4400;
		}
		n += map_line(text + n, sizeof(text) - n, &m, maj, min);
		if (kind == 0)
			model_add(pid, &m);
	}
	mf = fmemopen(text, n ? n : 1, "r");
	if (!mf)
		abort();
	if (!n)
		fgetc(mf);
	maps_seed_file(pm, mf);
	fclose(mf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct maps_table mt;
	struct fz f;
	int ops = 0;

	if (size > 16384)
		return 0;
	fz_init(&f, data, size);
	memset(nmodel, 0, sizeof(nmodel));
	if (maps_init(&mt))
		abort();
	while (f.left && ops++ < 200) {
		uint8_t op = fz_u8(&f) % 6;
		int a = fz_u8(&f) % NPID + 1, b;
		struct mop m;
		unsigned int maj, min;

		switch (op) {
		case 0:
			f.p--, f.left++;	/* the pid is seed's */
			seed(&mt, &f);
			break;
		case 1:
			read_map(&f, &m, &maj, &min);
			/* MMAP2 records: only absolute paths are files */
			m.has_path = m.path[0] == '/';
			maps_mmap(&mt, a, m.start, m.end - m.start, m.pgoff,
				  m.prot, m.flags, m.dev, m.ino,
				  m.has_path ? m.path : NULL);
			model_add(a, &m);
			break;
		case 2:
			maps_exec(&mt, a);
			nmodel[a] = 0;
			break;
		case 3:
			b = fz_u8(&f) % NPID + 1;
			maps_fork(&mt, a, b);
			if (a != b) {
				memcpy(model[b], model[a],
				       sizeof(model[a][0]) * (size_t)nmodel[a]);
				nmodel[b] = nmodel[a];
			}
			break;
		case 4:
			maps_exit(&mt, a);
			nmodel[a] = 0;
			break;
		case 5: {
			char line[600];
			struct map back;

			read_map(&f, &m, &maj, &min);
			map_line(line, sizeof(line), &m, maj, min);
			FUZZ_ASSERT(!maps_parse_line(line, &back));
			FUZZ_ASSERT(back.start == m.start && back.end == m.end &&
				    back.pgoff == m.pgoff && back.prot == m.prot &&
				    back.flags == m.flags && back.dev == m.dev &&
				    back.ino == m.ino);
			FUZZ_ASSERT(m.has_path ? back.path && !strcmp(back.path, m.path)
					       : !back.path);
			break;
		}
		}
	}
	for (int pid = 1; pid <= NPID; pid++)
		check(&mt, pid);
	maps_free(&mt);
	return 0;
}
