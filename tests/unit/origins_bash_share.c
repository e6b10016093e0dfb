// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --spawns, bash: a shell's functions and sourced files are shared with
 * the subshells it forks (one table, however many forks), until one of
 * them defines a function or sources a file: then it has its own copy,
 * and the others do not see the change.  Each fork's script line comes
 * from its parent's table as it was.  (make check SANITIZE=1: every
 * table freed once, by the last task that holds it.)
 */
#include "check_pair.h"
#include "origins.h"
#include "task.h"

#define P PT_TID0

static void bash(struct ptest *t, pid_t tid, int kind, const char *name,
		 const char *file, int line)
{
	struct cap_bash r;

	memset(&r, 0, sizeof(r));
	r.magic = CAP_MAGIC_BASH;
	r.tid = tid;
	r.kind = kind;
	r.line = line;
	snprintf(r.name, sizeof(r.name), "%s", name);
	snprintf(r.file, sizeof(r.file), "%s", file);
	pt_tick(t);
	origin_bash_record(&t->pr.tasks, tid, (const uint8_t *)&r);
}

static struct task *fork_of(struct ptest *t, pid_t parent, pid_t child)
{
	pair_fork(&t->pr, parent, parent, child, child, pt_tick(t));
	return task_find(&t->pr.tasks, child);
}

static const char *loc(const struct task *k)
{
	static char buf[512];

	const struct shell_loc *l = k ? origin_loc(k) : NULL;

	if (!l)
		return "none";
	snprintf(buf, sizeof(buf), "%s:%d %s", l->file, l->line, l->func);
	return buf;
}

int main(void)
{
	struct ptest t;
	struct task *p, *c1, *c2, *c3, *c4;
	char name[16];

	pt_start(&t, "-f", NULL);
	/* (a fork's origin is kept with --spawns: its report) */
	t.pr.spawns = spawns_new();
	pt_task(&t, P, P, "bash");
	/* 20 functions: past one step of the table's room */
	for (int i = 0; i < 20; i++) {
		snprintf(name, sizeof(name), "f%d", i);
		bash(&t, P, BASH_FUNC, name, "/a.sh", 0);
	}
	bash(&t, P, BASH_FORK, "f17", "/a.sh", 7);
	c1 = fork_of(&t, P, P + 1);
	p = task_find(&t.pr.tasks, P);
	CHECK(p && c1);
	CHECK_STR(loc(c1), "/a.sh:7 f17");
	CHECK(origin_bash_shared(p, c1));

	/* the same definition again: nothing changes, still one table */
	bash(&t, P + 1, BASH_FUNC, "f3", "/a.sh", 0);
	CHECK(origin_bash_shared(p, c1));
	/* a new function in the subshell: its own table from now on */
	bash(&t, P + 1, BASH_FUNC, "h", "/c.sh", 0);
	CHECK(!origin_bash_shared(p, c1));
	bash(&t, P + 1, BASH_FORK, "h", "/x", 3);
	c2 = fork_of(&t, P + 1, P + 2);
	CHECK_STR(loc(c2), "/c.sh:3 h");
	CHECK(origin_bash_shared(c1, c2));
	/* the parent never saw h: no file for it */
	bash(&t, P, BASH_FORK, "h", "/x", 9);
	c3 = fork_of(&t, P, P + 3);
	CHECK_STR(loc(c3), ":9 h");
	CHECK(origin_bash_shared(p, c3));
	/* a function moved to another file, in the parent only */
	bash(&t, P, BASH_FUNC, "f17", "/b.sh", 0);
	CHECK(!origin_bash_shared(p, c3));
	bash(&t, P, BASH_FORK, "f17", "/x", 11);
	c4 = fork_of(&t, P, P + 4);
	CHECK_STR(loc(c4), "/b.sh:11 f17");
	bash(&t, P + 3, BASH_FORK, "f17", "/x", 12);
	c4 = fork_of(&t, P + 3, P + 5);
	CHECK_STR(loc(c4), "/a.sh:12 f17");
	/* sourcing is a change too */
	bash(&t, P + 5, BASH_SOURCE, "", "/lib.sh", 0);
	CHECK(!origin_bash_shared(c3, c4));
	spawns_free(t.pr.spawns);
	t.pr.spawns = NULL;
	pt_end(&t);
	CHECK_DONE();
}
