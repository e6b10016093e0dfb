// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Sinks stage: stacks are grouped by what their frames are, not where
 * the code was loaded.  --spawns' groups (spawns_exec) and -c -k's
 * (stacks_add, sites) key a frame by module + function + offset, or
 * module + offset where no symbol covers it (the folded format and the
 * flame graph by function name): the same stack at other addresses
 * (another run, another process: ASLR) is one group; another call site
 * (another offset), another module or a cut stack is another group.
 */
#include "check.h"
#include "spawns.h"
#include "stacks.h"

static const char *libc = "/usr/lib/x86_64-linux-gnu/libc.so.6";
static const char *prog = "/usr/bin/spawnloop";

/* clone3 (no symbol), posix_spawn, spawn_loop, main: loaded at base */
static void stack_at(struct frame *f, uint64_t libc_base, uint64_t prog_base,
		     uint64_t loop_off)
{
	memset(f, 0, 4 * sizeof(*f));
	f[0] = (struct frame){ .pc = libc_base + 0x1098d9, .module = libc,
			       .reloff = 0x1098d9 };
	f[1] = (struct frame){ .pc = libc_base + 0xf6a8b, .module = libc,
			       .sym = "posix_spawn", .symoff = 0xb,
			       .reloff = 0xf6a8b };
	f[2] = (struct frame){ .pc = prog_base + 0x1159 + loop_off,
			       .module = prog, .sym = "spawn_loop",
			       .symoff = loop_off, .reloff = 0x1159 + loop_off };
	f[3] = (struct frame){ .pc = prog_base + 0x120d, .module = prog,
			       .sym = "main", .symoff = 0x15, .reloff = 0x120d };
}

static char *report(struct spawns *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	spawns_report(s, f, 1000000000ull, 0);
	fclose(f);
	return buf;
}

int main(void)
{
	struct spawns *s = spawns_new();
	struct stack_agg *a = stacks_new(0), *sites = stacks_new(1);
	struct frame f[5], g[5];
	char *text, *folded = NULL;
	size_t flen = 0;
	FILE *out;
	int id;

	CHECK(s && a && sites);
	stack_at(f, 0x7f1200000000ull, 0x55e100000000ull, 0x67);
	id = spawns_exec(s, "/bin/true", "spawnloop", 100, f, 4, NULL, 1);
	CHECK(id == 0);
	/* the same code loaded elsewhere (another run): the same group */
	stack_at(g, 0x7f3400000000ull, 0x563400000000ull, 0x67);
	CHECK(spawns_exec(s, "/bin/true", "spawnloop", 101, g, 4, NULL, 2) == id);
	/* another call site in spawn_loop: its own group */
	stack_at(g, 0x7f1200000000ull, 0x55e100000000ull, 0x80);
	CHECK(spawns_exec(s, "/bin/true", "spawnloop", 100, g, 4, NULL, 3) == 1);
	/* frames without symbols: module and offset, then the pc's move */
	stack_at(g, 0x7f5600000000ull, 0x55e100000000ull, 0x67);
	g[0].reloff = 0x1098e0;
	CHECK(spawns_exec(s, "/bin/true", "spawnloop", 100, g, 4, NULL, 4) == 2);
	/* the same module name in another string (not interned): another */
	stack_at(g, 0x7f1200000000ull, 0x55e100000000ull, 0x67);
	g[3].module = "/usr/bin/other";
	CHECK(spawns_exec(s, "/bin/true", "spawnloop", 100, g, 4, NULL, 5) == 3);
	/* a cut stack: the cut frame is part of the key */
	stack_at(g, 0x7f1200000000ull, 0x55e100000000ull, 0x67);
	g[1] = (struct frame){ .cut = FRAME_CUT_NO_CFI, .module = libc,
			       .reloff = 0x1098d9, .pc = 0x7f12001098d9ull };
	CHECK(spawns_exec(s, "/bin/true", "spawnloop", 100, g, 2, NULL, 6) == 4);
	g[1].pc = 0x7f99001098d9ull;	/* elsewhere: the same cut */
	CHECK(spawns_exec(s, "/bin/true", "spawnloop", 100, g, 2, NULL, 7) == 4);
	text = report(s);
	CHECK(text && strstr(text, " in 5 groups (biggest first)\n"));
	CHECK(text && strstr(text, "\ntrue x2 <- spawnloop\n"));
	free(text);
	spawns_free(s);

	/* a name that is not plain is quoted: never read as etrace's line */
	s = spawns_new();
	CHECK(s);
	stack_at(f, 0x7f1200000000ull, 0x55e100000000ull, 0x67);
	CHECK(spawns_exec(s, "/tmp/etrace: x46 <- evil.sh:1", "a b", 7, f, 4,
			  NULL, 1) == 0);
	text = report(s);
	CHECK(text && strstr(text, "\n\"etrace: x46 <- evil.sh:1\" x1 <- "
			     "\"a b\"\n    program \"/tmp/etrace: x46 <- "
			     "evil.sh:1\"; parent \"a b\" pid 7\n"));
	free(text);
	spawns_free(s);

	/* -c -k: the same stack at two addresses is one, counted twice */
	stack_at(f, 0x7f1200000000ull, 0x55e100000000ull, 0x67);
	stack_at(g, 0x7f3400000000ull, 0x563400000000ull, 0x67);
	stacks_add(a, "spawnloop", f, 4, "clone3", 1);
	stacks_add(a, "spawnloop", g, 4, "clone3", 1);
	out = open_memstream(&folded, &flen);
	CHECK(!stacks_folded(a, out));
	fclose(out);
	CHECK_STR(folded, "spawnloop;main;spawn_loop;posix_spawn;"
		  "libc.so.6+0x1098d9;clone3 2\n");
	free(folded);
	stacks_free(a);

	/* -c -k's sites: the same too, and another call site is another */
	stacks_add(sites, "spawnloop", f, 4, "clone3", 1);
	stacks_add(sites, "spawnloop", g, 4, "clone3", 1);
	stack_at(g, 0x7f3400000000ull, 0x563400000000ull, 0x80);
	stacks_add(sites, "spawnloop", g, 4, "clone3", 1);
	out = open_memstream(&folded, &flen);
	CHECK(!stacks_folded(sites, out));
	fclose(out);
	CHECK_STR(folded, "spawnloop;/usr/bin/spawnloop(main+0x15);"
		  "/usr/bin/spawnloop(spawn_loop+0x67);"
		  "/usr/lib/x86_64-linux-gnu/libc.so.6(posix_spawn+0xb);"
		  "/usr/lib/x86_64-linux-gnu/libc.so.6(+0x1098d9);clone3 2\n"
		  "spawnloop;/usr/bin/spawnloop(main+0x15);"
		  "/usr/bin/spawnloop(spawn_loop+0x80);"
		  "/usr/lib/x86_64-linux-gnu/libc.so.6(posix_spawn+0xb);"
		  "/usr/lib/x86_64-linux-gnu/libc.so.6(+0x1098d9);clone3 1\n");
	free(folded);
	stacks_free(sites);
	CHECK_DONE();
}
