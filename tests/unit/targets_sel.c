// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --comm, --uid, --cgroup (targets.c): the v2 hierarchy found in a mount
 * table (octal escapes undone), paths given whole or from its root, each
 * refusal one line; the header's words for a selection.
 */
#include <stdlib.h>
#include <unistd.h>

#include "check.h"
#include "rules.h"
#include "targets.h"

static char err[512];

static const char *mounts(const char *text)
{
	static char path[] = "/tmp/et16_mountsXXXXXX";
	int fd;

	strcpy(path, "/tmp/et16_mountsXXXXXX");
	fd = mkstemp(path);
	if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text))
		abort();
	close(fd);
	return path;
}

int main(void)
{
	struct target_sel ts = { 0 };
	const char *m;
	char buf[256];

	/* no cgroup2 line: said, with the table read */
	m = mounts("proc /proc proc rw 0 0\ncgroup /sys/fs/cgroup/x cgroup rw 0 0\n");
	CHECK(targets_cgroup(&ts, "/a", m, err, sizeof(err)) == -1);
	snprintf(buf, sizeof(buf), "--cgroup '/a': no cgroup v2 hierarchy is"
		 " mounted (%s)", m);
	CHECK_STR(err, buf);
	unlink(m);
	/* a cgroup2 line whose directory is not a cgroup2 file system */
	m = mounts("none /tmp\\040x cgroup2 rw 0 0\n");
	CHECK(targets_cgroup(&ts, "sub", m, err, sizeof(err)) == -1);
	CHECK_STR(err, "--cgroup 'sub': no such cgroup (v2, under /tmp x)");
	unlink(m);
	m = mounts("none /tmp cgroup2 rw 0 0\n");
	CHECK(targets_cgroup(&ts, "/tmp", m, err, sizeof(err)) == -1);
	CHECK_STR(err, "--cgroup '/tmp': no such cgroup (v2, under /tmp)");
	/* a path that leaves the hierarchy is not in it */
	CHECK(targets_cgroup(&ts, "../etc", m, err, sizeof(err)) == -1);
	CHECK_STR(err, "--cgroup '../etc': no such cgroup (v2, under /tmp)");
	unlink(m);
	CHECK(ts.k.ncg == 0);

	/* the header's words */
	CHECK(targets_comm(&ts, "cat*", err, sizeof(err)) == 0);
	CHECK(targets_comm(&ts, "sh", err, sizeof(err)) == 0);
	CHECK(ts.k.literal == 2);
	CHECK(targets_uid(&ts, "0", err, sizeof(err)) == 0);
	CHECK(targets_uid(&ts, "root", err, sizeof(err)) == 0);
	targets_describe(&ts, buf, sizeof(buf));
	CHECK_STR(buf, "comm 'cat*' or 'sh', uid 0 or 0 (root)");
	targets_free(&ts);
	CHECK(targets_uid(&ts, "7", err, sizeof(err)) == 0);
	targets_describe(&ts, buf, sizeof(buf));
	CHECK_STR(buf, "uid 7");
	/* a ninth of a kind is refused */
	for (int i = 1; i < CAP_TARGET_MAX; i++)
		CHECK(targets_uid(&ts, "7", err, sizeof(err)) == 0);
	CHECK(targets_uid(&ts, "7", err, sizeof(err)) == -1);
	CHECK_STR(err, "--uid given more than 8 times");
	targets_free(&ts);
	CHECK(!targets_any(&ts));
	CHECK(targets_refuse(&ts, &(struct targets_with){ .lines = 1,
					.status = STATUS_ALL }) == NULL);
	/* with what a selection goes, and without what */
	CHECK(targets_comm(&ts, "cc1", err, sizeof(err)) == 0);
	CHECK(targets_refuse(&ts, &(struct targets_with){ .lines = 1,
					.status = STATUS_ALL, .cmd = 1 }) == NULL);
	CHECK(targets_refuse(&ts, &(struct targets_with){ .lines = 1,
					.status = STATUS_ALL, .npids = 1,
					.tree = 1 }) == NULL);
	CHECK_STR(targets_refuse(&ts, &(struct targets_with){ .lines = 1,
					.status = STATUS_ALL, .npids = 1 }),
		  "--comm, --uid and --cgroup select among all tasks: with -p"
		  " only as -p PID --tree (the tree's that match)");
	CHECK_STR(targets_refuse(&ts, &(struct targets_with){ .lines = 1,
					.status = STATUS_ALL, .npids = 1,
					.tree = 1, .stack = 1 }),
		  "--tree is decided by the BPF programs on the calls they"
		  " write: with stacks only as the kernel unwinds them (not"
		  " with --stack=dwarf, --stack=fp, --kstack, --spawns or -c)");
	/* stacks the ring programs write: decided with the calls */
	CHECK(targets_refuse(&ts, &(struct targets_with){ .lines = 1,
					.status = STATUS_ALL, .npids = 1,
					.tree = 1, .stack = 1,
					.stack_ring = 1 }) == NULL);
	targets_free(&ts);
	CHECK(targets_errno(&ts, "ENOENT", err, sizeof(err)) == 0);
	CHECK_STR(targets_refuse(&ts, &(struct targets_with){
					.status = STATUS_FAILED }),
		  "--errno selects lines: -c's counts are of every call");
	targets_free(&ts);
	CHECK_DONE();
}
