// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tasks stage: the mapping table's exact contents after what a process
 * does to its mappings: seeded from /proc text, a mapping cut in two by
 * one in its middle (the right piece's offset moved, as the kernel moves
 * it, anonymous memory included), several
 * replaced by one that overlaps their ends, an exact replacement, fork's
 * copy, exec and exit; code changes bump the generation the unwinder
 * keys on, data changes do not.
 */
#include <sys/mman.h>

#include "check.h"
#include "maps.h"

/* the table as /proc/PID/maps-like text: "start-end rwxp pgoff path" */
static const char *dump(const struct proc_maps *pm)
{
	static char buf[4096];
	size_t len = 0;

	buf[0] = '\0';
	for (int i = 0; i < pm->n; i++) {
		const struct map *m = &pm->m[i];

		len += (size_t)snprintf(buf + len, sizeof(buf) - len,
			"%llx-%llx %c%c%c%c %llx %s\n",
			(unsigned long long)m->start, (unsigned long long)m->end,
			m->prot & PROT_READ ? 'r' : '-',
			m->prot & PROT_WRITE ? 'w' : '-',
			m->prot & PROT_EXEC ? 'x' : '-',
			m->flags & MAP_SHARED ? 's' : 'p',
			(unsigned long long)m->pgoff, m->path ? m->path : "-");
	}
	return buf;
}

static const char seed_text[] =
	"1000-5000 r--p 00000000 08:01 11 /bin/prog\n"
	"5000-9000 r-xp 00004000 08:01 11 /bin/prog\n"
	"9000-a000 rw-p 00008000 08:01 11 /bin/prog\n"
	"10000-20000 rw-p 00000000 00:00 0 \n"
	"20000-21000 rw-s 00000000 00:05 7 /dev/zero (deleted)\n"
	"7f00-bad line\n"
	"30000-31000 r-xp 00000000 08:01 12 /lib/libc.so\n";

#define PARENT_HEAD "0-7000 r--p 0 /big\n7000-8000 r-xp 6000 /bin/prog\n8000-"
#define CHILD_HEAD "0-7000 r--p 0 /big\n7000-8000 r--p 0 /c\n8000-"

int main(void)
{
	struct maps_table mt;
	struct proc_maps *pm, *child;
	unsigned int gen;
	FILE *f;

	CHECK(!maps_init(&mt));
	pm = maps_get(&mt, 100, 0);
	f = fmemopen((void *)seed_text, sizeof(seed_text) - 1, "r");
	maps_seed_file(pm, f);
	fclose(f);
	CHECK_STR(dump(pm),
		  "1000-5000 r--p 0 /bin/prog\n"
		  "5000-9000 r-xp 4000 /bin/prog\n"
		  "9000-a000 rw-p 8000 /bin/prog\n"
		  "10000-20000 rw-p 0 -\n"
		  "20000-21000 rw-s 0 /dev/zero (deleted)\n"
		  "30000-31000 r-xp 0 /lib/libc.so\n");

	/* a split: the data mapping cut by an anonymous page in its middle */
	gen = pm->gen;
	maps_mmap(&mt, 100, 0x12000, 0x1000, 0, PROT_READ,
		  MAP_PRIVATE | MAP_ANONYMOUS, 0, 0, NULL);
	CHECK(pm->gen == gen);
	/* and the code cut by a file page: the right piece's offset moves */
	maps_mmap(&mt, 100, 0x6000, 0x1000, 0x2000, PROT_READ, MAP_PRIVATE,
		  0x801, 13, "/data/f");
	CHECK(pm->gen != gen);
	CHECK_STR(dump(pm),
		  "1000-5000 r--p 0 /bin/prog\n"
		  "5000-6000 r-xp 4000 /bin/prog\n"
		  "6000-7000 r--p 2000 /data/f\n"
		  "7000-9000 r-xp 6000 /bin/prog\n"
		  "9000-a000 rw-p 8000 /bin/prog\n"
		  "10000-12000 rw-p 0 -\n"
		  "12000-13000 r--p 0 -\n"
		  "13000-20000 rw-p 3000 -\n"
		  "20000-21000 rw-s 0 /dev/zero (deleted)\n"
		  "30000-31000 r-xp 0 /lib/libc.so\n");

	/*
	 * What the kernel reports when it merges: one mapping over the
	 * ends of several (the tail of the first, all of the middle ones,
	 * the head of the last), and in the gap between two.
	 */
	maps_mmap(&mt, 100, 0x8000, 0xb000 - 0x8000, 0, PROT_READ | PROT_WRITE,
		  MAP_PRIVATE | MAP_ANONYMOUS, 0, 0, "");
	maps_mmap(&mt, 100, 0x11000, 0x14000 - 0x11000, 0, PROT_READ,
		  MAP_PRIVATE | MAP_ANONYMOUS, 0, 0, NULL);
	maps_mmap(&mt, 100, 0x25000, 0x1000, 0, PROT_READ,
		  MAP_PRIVATE | MAP_ANONYMOUS, 0, 0, NULL);
	CHECK_STR(dump(pm),
		  "1000-5000 r--p 0 /bin/prog\n"
		  "5000-6000 r-xp 4000 /bin/prog\n"
		  "6000-7000 r--p 2000 /data/f\n"
		  "7000-8000 r-xp 6000 /bin/prog\n"
		  "8000-b000 rw-p 0 -\n"
		  "10000-11000 rw-p 0 -\n"
		  "11000-14000 r--p 0 -\n"
		  "14000-20000 rw-p 4000 -\n"
		  "20000-21000 rw-s 0 /dev/zero (deleted)\n"
		  "25000-26000 r--p 0 -\n"
		  "30000-31000 r-xp 0 /lib/libc.so\n");

	/* exactly over one, and over everything from before the first */
	maps_mmap(&mt, 100, 0x20000, 0x1000, 0, PROT_READ | PROT_EXEC,
		  MAP_PRIVATE, 0x801, 14, "/lib/x.so");
	maps_mmap(&mt, 100, 0x0, 0x7000, 0, PROT_READ, MAP_PRIVATE,
		  0x801, 15, "/big");
	CHECK_STR(dump(pm),
		  "0-7000 r--p 0 /big\n"
		  "7000-8000 r-xp 6000 /bin/prog\n"
		  "8000-b000 rw-p 0 -\n"
		  "10000-11000 rw-p 0 -\n"
		  "11000-14000 r--p 0 -\n"
		  "14000-20000 rw-p 4000 -\n"
		  "20000-21000 r-xp 0 /lib/x.so\n"
		  "25000-26000 r--p 0 -\n"
		  "30000-31000 r-xp 0 /lib/libc.so\n");
	/* empty and wrapping lengths change nothing */
	maps_mmap(&mt, 100, 0x8000, 0, 0, PROT_READ, MAP_PRIVATE, 0, 0, NULL);
	maps_mmap(&mt, 100, ~0ull - 0xfff, 0x2000, 0, PROT_READ, MAP_PRIVATE,
		  0, 0, NULL);
	CHECK(pm->n == 9);
	CHECK(maps_find(pm, 0x7fff) == &pm->m[1]);
	CHECK(maps_find(pm, 0x8000) == &pm->m[2]);
	CHECK(maps_find(pm, 0xb000) == NULL);
	CHECK(maps_find(pm, 0x30fff) == &pm->m[8]);
	CHECK(maps_find(pm, 0x31000) == NULL);

	/* fork: the child has a copy; what either does next is its own */
	maps_fork(&mt, 100, 101);
	pm = maps_get(&mt, 100, 0);
	child = maps_get(&mt, 101, 0);
	CHECK_STR(dump(child), dump(pm));
	maps_mmap(&mt, 101, 0x7000, 0x1000, 0, PROT_READ, MAP_PRIVATE, 0, 0,
		  "/c");
	CHECK(!strncmp(dump(pm), PARENT_HEAD, strlen(PARENT_HEAD)));
	CHECK(!strncmp(dump(child), CHILD_HEAD, strlen(CHILD_HEAD)));

	/* exec empties it; exit forgets it */
	maps_exec(&mt, 101);
	CHECK(child->n == 0 && child->seeded);
	maps_exit(&mt, 100);
	CHECK(maps_get(&mt, 100, 0)->n == 0);
	maps_free(&mt);
	CHECK_DONE();
}
