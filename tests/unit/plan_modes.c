// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Plan: what a run does for each mode, decided once from the options:
 * which BPF programs (arguments, ring mode, counts, signals), which
 * mappings and ring sizes, what the sinks write, which reports follow.
 */
#include <sys/syscall.h>

#include "check.h"
#include "options.h"
#include "perf.h"
#include "plan.h"
#include "rules.h"

static struct options o;
static struct plan p;

/* the plan for up to four options and a command, on ncpu CPUs */
static int plan(long ncpu, const char *a1, const char *a2, const char *a3,
		const char *a4)
{
	char *argv[] = { "etrace", (char *)a1, (char *)a2, (char *)a3,
			 (char *)a4, NULL, NULL, NULL };
	char err[256];
	int argc = 1;

	opt_free(&o);
	while (argc < 5 && argv[argc])
		argc++;
	if (!a1 || (strcmp(a1, "-p") && strcmp(a1, "-a"))) {
		argv[argc++] = "--";
		argv[argc++] = "true";
	}
	if (opt_parse(argc, argv, &o, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		return -1;
	}
	plan_make(&o, &(struct plan_machine){ .ncpu = ncpu }, &p);
	return 0;
}

/* -k and -c -k read bash's script stacks too (shell_enter) */
static void shell_frames(void)
{
	CHECK(plan(2, "-k", NULL, NULL, NULL) == 0);
	CHECK(p.cap.shell && p.ev.stack);
	CHECK(plan(2, "-c", "-k", NULL, NULL) == 0);
	CHECK(p.cap.shell);
}

/* and Python's frames, unless --no-python-frames (bash's stay) */
static void python_frames(void)
{
	CHECK(plan(2, "-k", NULL, NULL, NULL) == 0);
	CHECK(p.cap.python);
	CHECK(plan(2, "--spawns", NULL, NULL, NULL) == 0);
	CHECK(p.cap.python);
	CHECK(plan(2, "-k", "--no-python-frames", NULL, NULL) == 0);
	CHECK(!p.cap.python && p.cap.shell);
	CHECK(plan(2, NULL, NULL, NULL, NULL) == 0);
	CHECK(!p.cap.python);
}

/* --stack=bpf: the program unwinds the entries' stacks, as deep as -k's
   copy; the samples carry none (events.c), -k alone keeps the copy.
   Ring mode with the kernel's unwinder (its programs write the stacks),
   not with the frame-pointer chain, the kernel's stack nor -c -k */
static void kernel_stacks(void)
{
	CHECK(plan(2, "--stack=bpf", "--stack-size=4096", NULL, NULL) == 0);
	CHECK(p.cap.ustack && p.cap.stack_size == 4096 && p.ev.stack_bpf &&
	      p.ev.stack && !p.ev.stack_fp && p.stacks == 1 && p.cap.ring);
	CHECK(plan(2, "--stack=bpf", "--kstack", NULL, NULL) == 0);
	CHECK(p.cap.ustack && !p.cap.ring);
	CHECK(plan(2, "-c", "--stack=bpf", NULL, NULL) == 0);
	CHECK(p.cap.ustack && !p.cap.ring);
	CHECK(plan(2, "--stack=fp", NULL, NULL, NULL) == 0);
	CHECK(!p.cap.ustack && !p.cap.ring);
	CHECK(plan(2, "-k", NULL, NULL, NULL) == 0);
	CHECK(!p.cap.ustack && !p.ev.stack_bpf && !p.cap.ring);
}

int main(void)
{
	/* a command: lines, argument copies in ring mode, all mappings
	   until BPF copies the strings */
	CHECK(plan(2, NULL, NULL, NULL, NULL) == 0);
	CHECK(p.cmd && p.scope && !p.all && !p.npids);
	CHECK(p.cap.args && p.cap.ring && p.cap.signals && !p.cap.summary);
	CHECK(!p.count_first && !p.summary && !p.aggregate && !p.spawns);
	CHECK(!p.cap.shell);
	shell_frames();
	python_frames();
	kernel_stacks();
	CHECK(plan(2, NULL, NULL, NULL, NULL) == 0);
	CHECK(p.maps == PERF_MAPS_ALL && p.maps_with_bpf == PERF_MAPS_NONE);
	CHECK(p.sink.lines && !p.sink.main_on_stderr && !p.sink.per_task);
	CHECK(p.ring_bytes == 16u << 20);
	CHECK(p.pair.sel == &o.sel && p.pair.strsize == 32 && !p.pair.stacks);
	CHECK(p.launch.kill == LAUNCH_KILL_NONE);
	/* --kill-on-exit: the command alone, or with -f or -a its tree */
	CHECK(plan(2, "--kill-on-exit", NULL, NULL, NULL) == 0);
	CHECK(p.launch.kill == LAUNCH_KILL_CMD);
	CHECK(plan(2, "--kill-on-exit", "-f", NULL, NULL) == 0);
	CHECK(p.launch.kill == LAUNCH_KILL_TREE);
	CHECK(plan(2, "--kill-on-exit", "-a", NULL, NULL) == 0);
	CHECK(p.launch.kill == LAUNCH_KILL_TREE);

	/* -n with a narrower -e trace=: every call's record read (signal
	   and exit lines say the last one), only the selected shown;
	   without -n, no more than shown; -c alone shows no lines */
	CHECK(plan(2, "-n", "-e", "trace=wait4", NULL) == 0);
	CHECK(sel_has(p.ev.sel, SYS_kill) && sel_has(p.cap.rec_sel, SYS_kill));
	CHECK(!sel_has(p.pair.sel, SYS_kill) && sel_has(p.pair.sel, SYS_wait4));
	CHECK(!sel_has(p.cap.sel, SYS_kill) && p.sink.scno);
	CHECK(plan(2, "-n", "-c", "-e", "trace=wait4") == 0);
	CHECK(!sel_has(p.ev.sel, SYS_kill) && !sel_has(p.cap.rec_sel, SYS_kill));
	CHECK(plan(2, "-e", "trace=wait4", NULL, NULL) == 0);
	CHECK(!sel_has(p.ev.sel, SYS_kill) && sel_has(p.ev.sel, SYS_wait4));
	CHECK(!p.ev.ip && !p.cap.ip && !p.sink.ip);
	/* -i too: a signal sent in an untraced call is shown at its IP;
	   the IP is read only where lines are printed */
	CHECK(plan(2, "-i", "-e", "trace=wait4", NULL) == 0);
	CHECK(sel_has(p.ev.sel, SYS_kill) && sel_has(p.cap.rec_sel, SYS_kill));
	CHECK(!sel_has(p.pair.sel, SYS_kill) && !p.sink.scno);
	CHECK(p.ev.ip && p.cap.ip && p.sink.ip);
	CHECK(plan(2, "-i", "-c", NULL, NULL) == 0);
	CHECK(!p.ev.ip && !p.cap.ip);
	/* -e read=/write=: the program copies the data, for lines only */
	CHECK(plan(2, NULL, NULL, NULL, NULL) == 0 && !p.cap.dump);
	CHECK(plan(2, "-e", "write=1", NULL, NULL) == 0 && p.cap.dump &&
	      p.cap.dump_wr->bits[0] == 2 && !fdsel_any(p.cap.dump_rd));
	CHECK(plan(2, "-e", "read=none", NULL, NULL) == 0 && !p.cap.dump);
	CHECK(plan(2, "-c", "-e", "read=all", NULL) == 0 && !p.cap.dump);
	/* -v: execve's environment strings are copied, not counted */
	CHECK(plan(2, NULL, NULL, NULL, NULL) == 0 && !p.cap.envs);
	CHECK(plan(2, "-v", NULL, NULL, NULL) == 0 && p.cap.envs);

	/* -c: the table only, counted in the kernel first, no mappings */
	CHECK(plan(2, "-c", NULL, NULL, NULL) == 0);
	CHECK(!p.cap.args && !p.cap.ring && !p.cap.signals && p.cap.summary);
	CHECK(p.count_first && p.cap.count_events && p.summary == 1);
	CHECK(!p.sink.lines && p.maps == PERF_MAPS_NONE);
	/* -C: the trace and the table */
	CHECK(plan(2, "-C", NULL, NULL, NULL) == 0);
	CHECK(p.cap.args && p.cap.ring && p.cap.summary && !p.count_first);
	CHECK(p.sink.lines && p.summary == 2 && !p.cap.count_events);
	/* -c -k: records with stacks, the top stacks after the table */
	CHECK(plan(2, "-c", "-k", NULL, NULL) == 0);
	CHECK(!p.count_first && p.aggregate && p.top_stacks && p.stacks == 1);
	CHECK(p.ev.stack && !p.cap.ring && p.maps == PERF_MAPS_CODE);
	/* -k: lines with stacks, not ring mode, code mappings with BPF */
	CHECK(plan(8, "-kk", NULL, NULL, NULL) == 0);
	CHECK(p.stacks == 2 && p.pair.stacks == 2 && p.ev.stack && !p.cap.ring);
	CHECK(p.maps == PERF_MAPS_ALL && p.maps_with_bpf == PERF_MAPS_CODE);
	CHECK(!p.aggregate && !p.top_stacks);
	CHECK(p.ring_bytes == 16u << 20);	/* 8 x 16M within 128M */
	CHECK(plan(16, "-k", NULL, NULL, NULL) == 0 && p.ring_bytes == 8u << 20);
	CHECK(plan(16, NULL, NULL, NULL, NULL) == 0 && p.ring_bytes == 4u << 20);
	CHECK(plan(16, "-m", "1M", NULL, NULL) == 0 && p.ring_bytes == 1u << 20);
	/* --spawns: stacks of the calls that make processes, a report */
	CHECK(plan(2, "--spawns", "-f", NULL, NULL) == 0);
	CHECK(p.spawns && p.cap.spawns && p.stacks == 1 && p.ev.stack);
	/* stacks: shell frames read with them (--spawns: ignored there) */
	CHECK(p.cap.shell);
	CHECK(!p.sink.lines && p.maps == PERF_MAPS_CODE && p.follow);
	CHECK(sel_has(p.ev.sel, SYS_clone) && !sel_has(p.ev.sel, SYS_read));
	/* -p: per-task events, no ring mode, nothing to scope */
	CHECK(plan(2, "-p", "1", NULL, NULL) == 0);
	CHECK(!p.cmd && p.npids == 1 && p.pids[0] == 1);
	CHECK(!p.cap.ring && !p.scope);
	/* -a: every task, mappings kept (the rings are open before BPF) */
	CHECK(plan(2, "-a", NULL, NULL, NULL) == 0);
	CHECK(p.all && p.cap.all && p.pair.all && p.ev.all && !p.scope);
	CHECK(p.cap.ring && p.maps_with_bpf == PERF_MAPS_ALL);
	/* --no-bpf */
	CHECK(plan(2, "--no-bpf", NULL, NULL, NULL) == 0 && p.cap.no_bpf);
	/* -e SYSTEM:EVENT: their own samples, not ring mode */
	CHECK(plan(2, "-e", "sched:sched_switch", NULL, NULL) == 0);
	CHECK(p.ev.ntps == 1 && !p.cap.ring);
	/* folded stacks to -o, or a flame graph: no lines */
	CHECK(plan(2, "--stack=folded", "-o", "f", NULL) == 0);
	CHECK(p.folded && !strcmp(p.folded_file, "f") && p.aggregate);
	CHECK(p.sink.main_on_stderr && !p.sink.lines && !p.top_stacks);
	CHECK(plan(2, "--flamegraph", "x.svg", NULL, NULL) == 0);
	CHECK(p.aggregate && !strcmp(p.flamegraph, "x.svg") && !p.sink.lines);
	/* with a timeline beside it: no lines, but the calls' strings (the
	   read-only file mappings, without BPF) */
	CHECK(plan(2, "--flamegraph", "x.svg", "--timeline", "t.json") == 0);
	CHECK(!p.sink.lines && p.maps == PERF_MAPS_ALL &&
	      !strcmp(p.sink.timeline, "t.json"));
	/* -ff -o: a file per task; -j */
	CHECK(plan(2, "-ff", "-o", "f", NULL) == 0);
	CHECK(p.sink.per_task && p.sink.main_on_stderr && p.sink.follow);
	CHECK(plan(2, "-j", "-z", NULL, NULL) == 0);
	CHECK(p.json && p.pair.rules.status == STATUS_SUCCESSFUL &&
	      p.pair.rules.filters && p.sink.whole);
	/* -qqq keeps signal lines, as strace's: their siginfo is copied */
	CHECK(plan(2, "-qqq", NULL, NULL, NULL) == 0);
	CHECK(p.cap.signals && p.quiet == QUIET_ALL);
	opt_free(&o);
	/* --comm: system-wide, the programs ask who is traced; ring mode */
	CHECK(plan(2, "-a", "--comm", "x", NULL) == 0);
	CHECK(p.all && p.targets == &o.targets && p.cap.target == &o.targets.k);
	CHECK(p.cap.ring && p.cap.all && !p.cap.follow && !p.scope);
	CHECK(plan(2, "-a", "-c", "--uid", "0") == 0);
	CHECK(p.count_first && p.cap.target == &o.targets.k);
	CHECK(plan(2, "-a", "-f", "--comm", "x") == 0);
	CHECK(p.cap.follow && p.follow);
	CHECK(plan(2, NULL, NULL, NULL, NULL) == 0);
	CHECK(!p.targets && !p.cap.target && !p.tree);
	/* -p --tree: ring mode, scoped, forks followed by the program (while
	   attaching, and after only with -f) */
	CHECK(plan(2, "-p", "1", "--tree", NULL) == 0);
	CHECK(p.tree && p.npids == 1 && p.scope && p.cap.ring && p.cap.follow);
	CHECK(!p.follow && !p.all && !p.targets);
	CHECK(plan(2, "-p", "1", "--tree", "-f") == 0);
	CHECK(p.tree && p.follow && p.cap.follow);
	CHECK(plan(2, "-p", "1", NULL, NULL) == 0);
	CHECK(!p.tree && !p.scope && !p.cap.ring);
	/* -Z, --errno: written at the exit, when every record is not needed */
	CHECK(plan(2, "-Z", NULL, NULL, NULL) == 0);
	CHECK(p.cap.failed && p.cap.tconf == &o.targets.k && !p.pair.rules.errs);
	CHECK(plan(2, "--errno", "EBADF", NULL, NULL) == 0);
	CHECK(p.cap.failed && p.pair.rules.errs == o.targets.k.errs &&
	      p.pair.rules.filters && p.pair.rules.status == STATUS_FAILED);
	CHECK(plan(2, "-Z", "-n", NULL, NULL) == 0);
	CHECK(!p.cap.failed);
	CHECK(plan(2, "-Z", "-Y", NULL, NULL) == 0);
	CHECK(!p.cap.failed);
	CHECK(plan(2, NULL, NULL, NULL, NULL) == 0);
	CHECK(!p.cap.failed && !p.pair.rules.errs);
	/*
	 * --color: auto colours the trace on a terminal, never with -o, JSON
	 * or NO_COLOR (or TERM=dumb); always overrides NO_COLOR; never, never
	 */
	{
		const struct plan_machine tty = { .ncpu = 2, .tty = 1 },
			pipe = { .ncpu = 2 },
			nocolor = { .ncpu = 2, .tty = 1, .no_color = 1 };

		CHECK(plan(2, NULL, NULL, NULL, NULL) == 0);
		plan_make(&o, &tty, &p);
		CHECK(p.sink.color == 1);
		plan_make(&o, &pipe, &p);
		CHECK(p.sink.color == 0);
		plan_make(&o, &nocolor, &p);
		CHECK(p.sink.color == 0);
		CHECK(plan(2, "-o", "f", NULL, NULL) == 0);
		plan_make(&o, &tty, &p);
		CHECK(p.sink.color == 0);
		CHECK(plan(2, "-j", NULL, NULL, NULL) == 0);
		plan_make(&o, &tty, &p);
		CHECK(p.sink.color == 0);
		CHECK(plan(2, "--color=never", NULL, NULL, NULL) == 0);
		plan_make(&o, &tty, &p);
		CHECK(p.sink.color == 0);
		CHECK(plan(2, "--color", "-o", "f", NULL) == 0);
		plan_make(&o, &nocolor, &p);
		CHECK(p.sink.color == 1);
		plan_make(&o, &pipe, &p);
		CHECK(p.sink.color == 1);
	}
	CHECK_DONE();
}
