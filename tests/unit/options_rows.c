// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Options: each row of the table reaches its handler by its long name and
 * by its letter, sets what it says, and is refused with one line naming
 * it when its argument is bad.
 */
#include <sys/syscall.h>

#include "check.h"
#include "options.h"
#include "quiet.h"
#include "rules.h"

static struct options o;
static char err[512];
static int no_cmd;	/* parse without the "-- true" */

static int parse(const char *a1, const char *a2)
{
	char *argv[6] = { "etrace", (char *)a1 };
	int argc = 2;

	opt_free(&o);
	if (a2)
		argv[argc++] = (char *)a2;
	if (!no_cmd) {
		argv[argc++] = "--";
		argv[argc++] = "true";
	}
	argv[argc] = NULL;
	err[0] = '\0';
	return opt_parse(argc, argv, &o, err, sizeof(err));
}

int main(void)
{
	/* no two rows share a key or a long name */
	CHECK(opt_rows_check(err, sizeof(err)) == 0);
	if (err[0])
		fprintf(stderr, "%s\n", err);
	/* long names and their letters */
	CHECK(parse("--output", "f") == 0 && !strcmp(o.outfile, "f"));
	CHECK(parse("--follow-forks", NULL) == 0 && o.follow == 1);
	CHECK(parse("-ff", NULL) == 0 && o.follow == 2);
	CHECK(parse("--string-limit", "7") == 0 && o.strsize == 7);
	CHECK(parse("--summary-only", NULL) == 0 && o.summary == 1);
	CHECK(parse("--summary", NULL) == 0 && o.summary == 2);
	CHECK(parse("--summary-wall-clock", NULL) == -1);
	CHECK_STR(err, "-w (wall-clock time in -c's table) needs -c or -C");
	CHECK(parse("-C", "--summary-wall-clock") == 0 && o.sum_wall && o.summary == 2);
	CHECK(parse("--successful-only", NULL) == 0 && o.status == STATUS_SUCCESSFUL);
	CHECK(parse("--failed-only", NULL) == 0 && o.status == STATUS_FAILED);
	CHECK(parse("--relative-timestamps", NULL) == 0 && o.relative);
	CHECK(parse("--syscall-times", NULL) == 0 && o.show_time);
	CHECK(parse("--syscall-times=ns", NULL) == 0 && o.time_width == 9);
	CHECK(parse("--summary-columns", "calls,errors") == 0 &&
	      o.columns[0] == SUM_COL_CALLS && o.columns[2] == SUM_COL_NAME);
	CHECK(parse("-U", "calls,calls") == -1);
	CHECK(parse("-O", "4.5e2ms") == -1);
	CHECK_STR(err, "-O (time taken from each call in -c's table) needs -c"
		  " or -C");
	CHECK(parse("-c", "--summary-syscall-overhead=1") == 0 &&
	      o.overhead_ns == 1000);
	CHECK(parse("-c", "-O4.5e2ms") == 0 && o.overhead_ns == 450000000);
	CHECK(parse("-c", "-O456789012ns") == 0 && o.overhead_ns == 456789012);
	CHECK(parse("-c", "-O0.3s") == 0 && o.overhead_ns == 300000000);
	CHECK(parse("-c", "-O-1") == -1);
	CHECK(parse("-c", "-O1fs") == -1);
	CHECK(parse("--strings-in-hex=non-ascii-chars", NULL) == 0 &&
	      o.xhex_given && o.xhex == -1);
	CHECK(parse("--strings-in-hex", NULL) == 0 && o.xhex == 2);
	CHECK(parse("--raw", "close") == 0 && o.raw_given &&
	      sel_has(&o.raw, SYS_close) && !sel_has(&o.raw, SYS_read));
	CHECK(parse("--abbrev", "none") == 0 && o.abbrev_given &&
	      !sel_has(&o.abbrev, SYS_read));
	CHECK(parse("-e", "trace=3") == 0 && sel_has(&o.sel, SYS_close) &&
	      !sel_has(&o.sel, SYS_read));
	CHECK(parse("--relative-timestamps=ms", NULL) == 0 && o.rel_width == 3);
	CHECK(parse("--timestamps=unix,ns", NULL) == 0 && o.ts_format == 2 &&
	      o.ts_width == 9);
	CHECK(parse("--absolute-timestamps", NULL) == 0 && o.ts_format == 1 &&
	      o.ts_width == 0);
	CHECK(parse("--no-abbrev", NULL) == 0 && o.verbose == 1);
	/* --verbose=SET is strace's -e verbose=, not -v */
	CHECK(parse("--verbose", "none") == 0 && o.deref_given &&
	      !sel_has(&o.deref, SYS_read) && !o.verbose);
	CHECK(parse("-e", "verbose=!read") == 0 && o.deref_given &&
	      !sel_has(&o.deref, SYS_read) && sel_has(&o.deref, SYS_write));
	CHECK(parse("-xx", NULL) == 0 && o.xflag == 2);
	CHECK(parse("-qq", NULL) == 0 && o.quiet == 2);
	CHECK(parse("--json", NULL) == 0 && o.json);
	CHECK(parse("--user", "nobody") == 0 && !strcmp(o.user, "nobody"));
	CHECK(parse("--env", "A=1") == 0 && o.nenv == 1 && !strcmp(o.env[0], "A=1"));
	CHECK(parse("-E", "=1") == -1);
	CHECK_STR(err, "invalid -E '=1' (want VAR=VALUE or VAR)");
	CHECK(parse("--syscall-number", NULL) == 0 && o.scno == 1);
	CHECK(parse("-i", NULL) == 0 && o.iptr == 1 && !o.scno);
	CHECK(parse("--instruction-pointer", NULL) == 0 && o.iptr == 1);
	CHECK(parse("-Y", NULL) == 0 && o.pid_names == 1);
	CHECK(parse("-e", "decode-pids=comm") == 0 && o.pid_names == 1);
	CHECK(parse("--decode-pids", "all") == -1);
	CHECK(parse("--decode-pids", "!pidns") == 0 && o.pid_names == 1);
	/* -e quiet=, --quiet: strace's names, sets, and -q's sets */
	CHECK(parse("-e", "quiet=exit") == 0 && o.quiet_set == QUIET_EXIT);
	CHECK(parse("-e", "silent=!attach") == 0 &&
	      o.quiet_set == (QUIET_ALL & ~QUIET_ATTACH));
	CHECK(parse("--quiet", NULL) == 0 &&
	      o.quiet_set == (QUIET_ATTACH | QUIET_PERSONALITY));
	CHECK(parse("--quiet=exits,thread-execve", NULL) == 0 &&
	      o.quiet_set == (QUIET_EXIT | QUIET_THREAD_EXECVE));
	CHECK(parse("-e", "q=none") == 0 && o.quiet_set == 0);
	CHECK(parse("-qq", NULL) == 0 &&
	      o.quiet_set == (QUIET_ATTACH | QUIET_PERSONALITY | QUIET_EXIT));
	CHECK(parse("-e", "quiet=exit,bogus") == -1);
	CHECK_STR(err, "invalid quiet 'bogus'");
	CHECK(parse("-q", "--quiet=exit") == -1);
	CHECK_STR(err, "-q and -e quiet/--quiet cannot be provided simultaneously");
	CHECK(parse("--decode-pids=comm", NULL) == 0 && o.pid_names == 1);
	CHECK(parse("--decode-pids", "none") == 0 && o.pid_names == 0);
	CHECK(parse("--decode-pids", "pidns") == -1);
	CHECK_STR(err, "--decode-pids=pidns is not offered: etrace cannot"
		  " translate 'pidns' exactly");
	CHECK(parse("--decode-pids", "cmm") == -1);
	CHECK_STR(err, "invalid --decode-pids 'cmm' (want comm)");
	CHECK(parse("--output-append-mode", NULL) == -1);
	CHECK_STR(err, "-A appends to the -o FILE: there is none");
	CHECK(parse("-A", "-ofile") == 0 && o.append && !strcmp(o.outfile, "file"));
	CHECK(parse("--kill-on-exit", NULL) == 0 && o.kill_on_exit);
	CHECK(parse("--interruptible=never_tstp", NULL) == 0 &&
	      o.interruptible == 4);
	CHECK(parse("-I", "1") == 0 && o.interruptible == 1);
	CHECK(parse("--detach-on=execve", NULL) == 0 && o.detach_exec);
	CHECK(parse("-b", "execve") == 0 && o.detach_exec);
	CHECK(parse("-b", "open") == -1);
	CHECK_STR(err, "-b open: only execve is supported (as strace's -b)");
	CHECK(parse("-I", "waiting") == 0 && o.interruptible == 2);
	CHECK(parse("-I", "5") == -1);
	CHECK_STR(err, "invalid -I '5' (want 1 or anywhere, 2 or waiting, 3 or"
		  " never, 4 or never_tstp)");
	/* long only */
	CHECK(parse("--no-bpf", NULL) == 0 && o.no_bpf);
	/* -e read=/write=, --read/--write: strace's sets of fds */
	CHECK(parse("-e", "read=3,5") == 0 && o.dump_rd.bits[0] == 0x28 &&
	      !o.dump_rd.high && !fdsel_any(&o.dump_wr));
	CHECK(parse("--write", "!1") == 0 && o.dump_wr.bits[0] == ~2ull &&
	      o.dump_wr.bits[15] == ~0ull && o.dump_wr.high);
	CHECK(parse("-e", "w=all") == 0 && o.dump_wr.high &&
	      o.dump_wr.bits[7] == ~0ull);
	CHECK(parse("-e", "reads=!all") == 0 && !fdsel_any(&o.dump_rd));
	CHECK(parse("--read", "none") == 0 && !fdsel_any(&o.dump_rd));
	CHECK(parse("-e", "r=!none") == 0 && o.dump_rd.high);
	CHECK(parse("-e", "write=1023") == 0 && o.dump_wr.bits[15] == 1ull << 63);
	/* fds past 1023 named: only those (or, negated: all but those) */
	CHECK(parse("-e", "read=3,19998,1024,19998") == 0 &&
	      o.dump_rd.bits[0] == 8 && !o.dump_rd.high &&
	      o.dump_rd.nhi == 2 && o.dump_rd.hi[0] == 19998 &&
	      o.dump_rd.hi[1] == 1024 && fdsel_any(&o.dump_rd));
	CHECK(parse("-e", "read=1024") == 0 && o.dump_rd.nhi == 1 &&
	      !o.dump_rd.bits[0] && fdsel_any(&o.dump_rd));
	CHECK(parse("-e", "write=!5000") == 0 && o.dump_wr.high &&
	      o.dump_wr.nhi == 1 && o.dump_wr.hi[0] == 5000 &&
	      o.dump_wr.bits[0] == ~0ull);
	CHECK(parse("-e", "read=2147483648") == -1);
	CHECK_STR(err, "invalid descriptor '2147483648' (want 0 to 2147483647,"
		  " all, none; a leading ! negates)");
	{
		char many[33 * 8] = "read=";

		for (int i = 0; i < 33; i++)
			sprintf(many + strlen(many), i ? ",%d" : "%d", 2000 + i);
		CHECK(parse("-e", many) == -1);
		CHECK_STR(err, "-e read=/write=: at most 32 descriptors above "
			  "1023 in a set");
	}
	CHECK(parse("-e", "write=1,x") == -1);
	CHECK_STR(err, "invalid descriptor 'x' (want 0 to 2147483647, all,"
		  " none; a leading ! negates)");
	CHECK(parse("-e", "read=") == -1);
	CHECK(parse("--no-bpf", "-ewrite=1") == -1);
	CHECK_STR(err, "-e read=/write= dump the BPF program's copies of the"
		  " data: not with --no-bpf");
	/* "-e read" without "=" is still the syscall */
	CHECK(parse("-e", "read") == 0 && !fdsel_any(&o.dump_rd));
	CHECK(parse("--hist", NULL) == 0 && o.hist && o.summary == 1);
	CHECK(parse("--kstack", NULL) == 0 && o.kstack && o.stack == 1);
	CHECK(parse("-k", "--no-python-frames") == 0 && o.no_python && o.stack);
	CHECK(parse("--no-python-frames", NULL) == -1);
	CHECK_STR(err, "--no-python-frames: there are no stacks (-k, --stack,"
		  " --spawns, --flamegraph)");
	CHECK(parse("--spawns", NULL) == 0 && o.spawns && o.stack == 1 &&
	      !o.lines);
	CHECK(parse("--flamegraph", "x.svg") == 0 && !strcmp(o.flamegraph, "x.svg"));
	CHECK(parse("--timeline", "t.json") == 0 && !strcmp(o.timeline, "t.json") &&
	      o.lines);
	CHECK(parse("-c", "--timeline=t.json") == -1);
	CHECK(parse("-C", "--timeline=t.json") == 0 && o.timeline && o.summary == 2);
	CHECK(parse("--stack", NULL) == 0 && o.stack == 1 && !o.stack_fp);
	CHECK(parse("--stack=fp", NULL) == 0 && o.stack == 1 && o.stack_fp);
	CHECK(parse("--stack=folded", NULL) == 0 && o.folded && o.stack == 1);
	CHECK(parse("--stack=bpf", NULL) == 0 && o.stack == 1 && o.stack_bpf &&
	      !o.stack_fp);
	CHECK(parse("-kk", "--stack=bpf") == 0 && o.stack == 2 && o.stack_bpf);
	CHECK(parse("--stack=bpf", "--stack=fp") == -1);
	CHECK_STR(err, "--stack=bpf, --stack=fp and --stack=dwarf are three unwinders: choose one");
	CHECK(parse("--stack=bpf", "--no-bpf") == -1);
	CHECK_STR(err, "--stack=bpf unwinds in a BPF program: not with --no-bpf");
	CHECK(parse("--stack=frames", NULL) == -1);
	CHECK_STR(err, "invalid --stack 'frames' (want dwarf, bpf, fp, folded"
		  " or perf)");
	CHECK(parse("--stack=perf", NULL) == 0 && o.stack_perf && o.stack == 1 &&
	      o.lines);
	CHECK(parse("--stack=perf", "-c") == -1);
	CHECK_STR(err, "--stack=perf writes the trace's stacks: not with -c or -C");
	CHECK(parse("--stack=perf", "-j") == -1);
	CHECK_STR(err, "--stack=perf and --json are two formats of the trace:"
		  " choose one");
	CHECK(parse("--stack=perf", "--stack=folded") == -1);
	CHECK_STR(err, "--stack=perf and --stack=folded exclude each other");
	/* --color[=WHEN], --colour: auto by default; alone, always */
	CHECK(parse("-f", NULL) == 0 && o.color == COLOR_AUTO);
	CHECK(parse("--color", NULL) == 0 && o.color == COLOR_ALWAYS);
	CHECK(parse("--colour=never", NULL) == 0 && o.color == COLOR_NEVER);
	CHECK(parse("--color=auto", NULL) == 0 && o.color == COLOR_AUTO);
	CHECK(parse("--color=yes", NULL) == -1);
	CHECK_STR(err, "invalid --color 'yes' (want auto, always or never)");
	CHECK(parse("--color=always", "-j") == -1);
	CHECK_STR(err, "--color=always: JSON Lines and --stack=perf are never"
		  " coloured");
	CHECK(parse("--stack-size", "64") == 0 && o.stack_size == 64);
	CHECK(parse("--stack-size", "100") == -1);
	CHECK_STR(err, "invalid --stack-size '100' (a multiple of 8 from 64 to 65528)");
	CHECK(parse("--ready-fd", "3") == 0 && o.ready_fd == 3);
	CHECK(parse("--ready-fd", "-1") == -1);
	CHECK_STR(err, "invalid --ready-fd '-1' (a file descriptor number)");
	CHECK(parse("--duration", "1.5") == 0 && o.duration_ns == 1500000);
	CHECK(parse("--max-events", "5") == 0 && o.max_events == 5);
	CHECK(parse("--context", "0") == -1);
	CHECK_STR(err, "invalid --context '0' (1 to 100 calls)");
	CHECK(parse("--context", "101") == -1);
	CHECK_STR(err, "invalid --context '101' (1 to 100 calls)");
	CHECK(parse("--context", "3") == -1);
	CHECK_STR(err, "--context N shows the calls before each one shown that"
		  " others were hidden from: it needs -Z, --errno or -e"
		  " status= without successful");
	{
		char *v[] = { "etrace", "-Z", "--context", "100", "true", NULL };

		opt_free(&o);
		CHECK(opt_parse(5, v, &o, err, sizeof(err)) == 0 &&
		      o.context == 100);
	}
	CHECK(parse("--interval", "0.5") == 0 && o.interval == 0.5);
	CHECK(parse("--mmap-pages", "64K") == 0 && o.ring_bytes == 65536 &&
	      o.ring_given);
	CHECK(parse("-s", "4097") == -1);
	CHECK_STR(err, "invalid -s size '4097' (want 0 to 4096)");
	/* unknown, missing argument */
	CHECK(parse("--nosuch", NULL) == -1);
	CHECK_STR(err, "invalid option '--nosuch'");
	CHECK(parse("-K", NULL) == -1);
	CHECK_STR(err, "invalid option '-K'");
	{
		char *argv[] = { "etrace", "--output", NULL };

		opt_free(&o);
		CHECK(opt_parse(2, argv, &o, err, sizeof(err)) == -1);
		CHECK_STR(err, "option '--output' needs an argument");
	}
	/* --comm, --uid, --cgroup: resolved, refused when they cannot be;
	   with a command, the machine's while it runs */
	CHECK(parse("--comm", "cat*") == 0 && o.system_wide && o.cmd);
	no_cmd = 1;
	CHECK(parse("--comm", "cat*") == 0 && o.targets.k.ncomm == 1 &&
	      !strcmp(o.targets.k.comm[0], "cat*") && !o.targets.k.literal &&
	      o.system_wide);
	CHECK(parse("--comm=sh", "--comm=bash") == 0 && o.targets.k.ncomm == 2 &&
	      o.targets.k.literal == 3);
	CHECK(parse("--comm", "") == -1);
	CHECK_STR(err, "--comm '': an empty name matches no task");
	CHECK(parse("--comm", "a[bc]") == -1);
	CHECK_STR(err, "--comm 'a[bc]': only '*' and '?' are wildcards ('[' is"
		  " not taken)");
	CHECK(parse("--comm", "0123456789abcdef*") == -1);
	CHECK_STR(err, "--comm '0123456789abcdef*': a task's name has at most"
		  " 15 bytes: it would match no task");
	CHECK(parse("--comm", "0123456789abcde*") == 0);
	CHECK(parse("--uid", "root") == 0 && o.targets.k.nuid == 1 &&
	      o.targets.k.uid[0] == 0 && !strcmp(o.targets.user[0], "root"));
	CHECK(parse("--uid", "65534") == 0 && o.targets.k.uid[0] == 65534 &&
	      !o.targets.user[0]);
	CHECK(parse("--uid", "no-such-user-et16") == -1);
	CHECK_STR(err, "--uid 'no-such-user-et16': no such user");
	CHECK(parse("--cgroup", "/") == 0 && o.targets.k.ncg == 1 &&
	      o.targets.k.cg_level[0] == 0 && o.targets.k.cg_id[0] != 0 &&
	      !strcmp(o.targets.cgroup[0], "/"));
	CHECK(parse("--cgroup", "/no-such-cgroup-et16") == -1);
	CHECK(!strncmp(err, "--cgroup '/no-such-cgroup-et16': no such cgroup (v2,"
		       " under /", 52));
	CHECK(parse("--comm=x", "-k") == 0);
	CHECK(parse("--comm=x", "--stack=bpf") == 0);
	CHECK(parse("--comm=x", "--stack=dwarf") == -1);
	CHECK_STR(err, "--comm, --uid and --cgroup are decided by the BPF"
		  " programs on the calls they write: with stacks only as the"
		  " kernel unwinds them (not with --stack=dwarf, --stack=fp,"
		  " --kstack, --spawns or -c)");
	CHECK(parse("--comm=x", "--spawns") == -1);
	CHECK(parse("--uid=0", "--kstack") == -1);
	CHECK(parse("--uid=0", "--no-bpf") == -1);
	CHECK_STR(err, "--comm, --uid and --cgroup are decided by the BPF"
		  " programs: not with --no-bpf");
	CHECK(parse("--comm=x", "-esched:sched_switch") == -1);
	CHECK(parse("--comm=x", "-p1") == -1);
	CHECK_STR(err, "--comm, --uid and --cgroup select among all tasks:"
		  " with -p only as -p PID --tree (the tree's that match)");
	{
		char *argv[] = { "etrace", "--comm=x", "-p1", "--tree", NULL };

		opt_free(&o);
		CHECK(opt_parse(4, argv, &o, err, sizeof(err)) == 0 &&
		      !o.system_wide && o.targets.k.within);
	}
	CHECK(parse("--comm=x", "-c") == 0 && o.summary == 1);
	no_cmd = 0;
	/* --errno: names and numbers; the calls that failed so */
	CHECK(parse("--errno", "ENOENT,13") == 0 && o.targets.nerrs == 2 &&
	      o.status == STATUS_FAILED && !o.system_wide &&
	      o.targets.k.errs[0] == (1ull << 2 | 1ull << 13));
	CHECK(parse("--errno", "ENOPE") == -1);
	CHECK_STR(err, "--errno 'ENOPE': no such errno 'ENOPE'");
	CHECK(parse("--errno", "ENOENT,") == -1);
	CHECK_STR(err, "--errno 'ENOENT,': want a list of names or numbers"
		  " (ENOENT,EACCES)");
	CHECK(parse("--errno", "4096") == -1);
	CHECK(parse("--errno=EBADF", "-c") == -1);
	CHECK_STR(err, "--errno selects lines: -c's counts are of every call");
	CHECK(parse("--errno=EBADF", "-z") == -1);
	CHECK_STR(err, "--errno shows calls that failed: not with -z or another"
		  " -e status=");
	CHECK(parse("--errno=EBADF", "-C") == 0 && o.summary == 2);
	/* -Z: every errno, for the kernel's filter */
	CHECK(parse("-Z", NULL) == 0 && o.targets.k.errs[0] == ~1ull &&
	      o.targets.k.errs[63] == ~0ull && !o.targets.nerrs);
	/* --tree: -p's */
	CHECK(parse("--tree", NULL) == -1);
	CHECK_STR(err, "--tree: there is no -p PID whose tree it is");
	CHECK(parse("--tree", "-p1") == 0 && o.tree && o.npids == 1);
	CHECK(parse("-p1", "--tree") == 0 && o.tree);
	{
		char *argv[] = { "etrace", "-p1", "--tree", "--stack=fp",
				 NULL };

		opt_free(&o);
		CHECK(opt_parse(4, argv, &o, err, sizeof(err)) == -1);
		CHECK_STR(err, "--tree is decided by the BPF programs on the"
			  " calls they write: with stacks only as the kernel"
			  " unwinds them (not with --stack=dwarf, --stack=fp,"
			  " --kstack, --spawns or -c)");
	}
	/* what cannot go together, in the order said */
	CHECK(parse("-kkk", NULL) == -1);
	CHECK_STR(err, "-k given more than twice");
	CHECK(parse("-j", "-ff") == -1);
	CHECK(strstr(err, "-ff does not apply") != NULL);
	opt_free(&o);
	CHECK_DONE();
}
