// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Options: the command line, and -e trace= in strace's syntax (names,
 * classes from syscalls.tbl, negation, regex, optional names), with a
 * one-line error for each kind of bad input.
 */
#include <sys/syscall.h>

#include "check.h"
#include "capture_abi.h"
#include "options.h"
#include "rules.h"
#include "sysent.h"

static char err[512];

static int parse(struct options *o, const char *a1, const char *a2,
		 const char *a3, const char *a4)
{
	char *argv[] = { "etrace", (char *)a1, (char *)a2, (char *)a3,
			 (char *)a4, NULL };
	int argc = 1;

	while (argc < 5 && argv[argc])
		argc++;
	err[0] = '\0';
	return opt_parse(argc, argv, o, err, sizeof(err));
}

int main(void)
{
	struct options o;

	CHECK(parse(&o, "--", "true", NULL, NULL) == 0);
	CHECK(o.cmd && !strcmp(o.cmd[0], "true"));
	CHECK(o.ring_bytes == 4 << 20 && o.follow == 0);
	CHECK(sel_has(&o.sel, SYS_read) &&
	      sel_has(&o.sel, 462 /* mseal: newer than libaudit */));
	opt_free(&o);

	/* without "--" the command is the first non-option */
	CHECK(parse(&o, "-f", "ls", "-l", NULL) == 0);
	CHECK(o.follow == 1 && !strcmp(o.cmd[1], "-l"));
	opt_free(&o);
	CHECK(parse(&o, "-ff", "-o", "x", "true") == 0 && o.follow == 2);
	opt_free(&o);

	CHECK(parse(&o, "-p", "12,34", "-p", "56") == 0);
	CHECK(o.npids == 3 && o.pids[0] == 12 && o.pids[2] == 56);
	opt_free(&o);
	CHECK(parse(&o, "-p", "12x", NULL, NULL) == -1);
	CHECK(strstr(err, "invalid process id") != NULL);
	CHECK(parse(&o, "-p", "0", NULL, NULL) == -1);

	CHECK(parse(&o, "-m", "16K", "true", NULL) == 0 && o.ring_bytes == 16384);
	CHECK(parse(&o, "-m", "banana", "true", NULL) == -1);
	CHECK(strstr(err, "banana") != NULL);
	CHECK(parse(&o, "-m", "0", "true", NULL) == -1);

	CHECK(parse(&o, NULL, NULL, NULL, NULL) == -1);
	CHECK(strstr(err, "command") != NULL);
	CHECK(parse(&o, "-K", "true", NULL, NULL) == -1);
	CHECK(strstr(err, "-K") != NULL);
	CHECK(parse(&o, "-o", NULL, NULL, NULL) == -1);
	CHECK(strstr(err, "-o") != NULL);
	CHECK(parse(&o, "-a", "-p", "1", NULL) == -1);

	/* -e trace= */
	CHECK(parse(&o, "-e", "trace=getpid,getuid", "true", NULL) == 0);
	CHECK(sel_count(&o.sel) == 2 && sel_has(&o.sel, SYS_getpid));
	CHECK(parse(&o, "-e", "getpid", "true", NULL) == 0);
	CHECK(sel_count(&o.sel) == 1);
	/* each trace= replaces the last, as strace */
	{
		char *argv[] = { "etrace", "-e", "trace=getpid", "-e",
				 "trace=umask", "true", NULL };

		CHECK(opt_parse(6, argv, &o, err, sizeof(err)) == 0);
		CHECK(sel_count(&o.sel) == 1 && sel_has(&o.sel, SYS_umask));
	}
	CHECK(parse(&o, "-e", "trace=!getpid", "true", NULL) == 0);
	CHECK(!sel_has(&o.sel, SYS_getpid) && sel_has(&o.sel, SYS_read));
	CHECK(sel_count(&o.sel) == sel_count_all() - 1);
	CHECK(parse(&o, "-e", "trace=%file", "true", NULL) == 0);
	CHECK(sel_has(&o.sel, SYS_openat) && !sel_has(&o.sel, SYS_read));
	CHECK(parse(&o, "-e", "trace=file", "true", NULL) == 0);
	CHECK(sel_has(&o.sel, SYS_openat) && !sel_has(&o.sel, SYS_close));
	CHECK(parse(&o, "-e", "trace=stat", "true", NULL) == 0);
	CHECK(sel_count(&o.sel) == 1 && sel_has(&o.sel, SYS_stat));
	CHECK(parse(&o, "-e", "trace=%%stat", "true", NULL) == 0);
	CHECK(sel_has(&o.sel, SYS_newfstatat) && sel_has(&o.sel, SYS_statx));
	CHECK(parse(&o, "-e", "trace=/^getp", "true", NULL) == 0);
	CHECK(sel_has(&o.sel, SYS_getpid) && sel_has(&o.sel, SYS_getppid) &&
	      !sel_has(&o.sel, SYS_getuid));
	CHECK(parse(&o, "-e", "trace=?nosuch,getpid", "true", NULL) == 0);
	CHECK(sel_count(&o.sel) == 1);
	CHECK(parse(&o, "-e", "trace=none", "true", NULL) == 0);
	CHECK(sel_count(&o.sel) == 0);
	CHECK(parse(&o, "-e", "trace=all", "true", NULL) == 0);
	CHECK(sel_count(&o.sel) == sel_count_all());

	CHECK(parse(&o, "-e", "trace=nosuch", "true", NULL) == -1);
	CHECK_STR(err, "invalid system call 'nosuch'");
	CHECK(parse(&o, "-e", "trace=%nosuch", "true", NULL) == -1);
	CHECK_STR(err, "invalid syscall class '%nosuch'");
	CHECK(parse(&o, "-e", "trace=/(", "true", NULL) == -1);
	CHECK(strstr(err, "regular expression") != NULL);
	CHECK(parse(&o, "-e", "trace=", "true", NULL) == -1);
	CHECK(parse(&o, "-e", "inject=all", "true", NULL) == -1);
	CHECK(strstr(err, "inject") != NULL);
	/* -e signal= and status= */
	CHECK(parse(&o, "-e", "signal=!SIGCHLD", "true", NULL) == 0);
	CHECK(!(o.signals >> (17 - 1) & 1) && (o.signals & 1));
	CHECK(parse(&o, "-e", "signal=TERM,9", "true", NULL) == 0);
	CHECK(o.signals == (1ull << 14 | 1ull << 8));
	CHECK(parse(&o, "-e", "signal=SIGNOPE", "true", NULL) == -1);
	CHECK(parse(&o, "-e", "status=failed,unfinished", "true", NULL) == 0);
	CHECK(o.status == (STATUS_FAILED | STATUS_UNFINISHED));
	CHECK(parse(&o, "-e", "status=bogus", "true", NULL) == -1);
	CHECK(parse(&o, "-z", "true", NULL, NULL) == 0 && o.status == STATUS_SUCCESSFUL);
	/* events, mixed with syscalls, and their filters */
	CHECK(parse(&o, "-e", "sched:sched_process_exec", "true", NULL) == 0);
	CHECK(o.ntps == 1 && sel_count(&o.sel) == 0);
	opt_free(&o);
	CHECK(parse(&o, "-e", "trace=openat,sched:*", "true", NULL) == 0);
	CHECK(o.ntps == 1 && sel_count(&o.sel) == 1);
	opt_free(&o);
	{
		char *argv[] = { "etrace", "-e", "sched:a", "--filter", "pid > 1",
				 "-e", "net:b", "true", NULL };

		CHECK(opt_parse(8, argv, &o, err, sizeof(err)) == 0);
		CHECK(o.ntps == 2 && !strcmp(o.tps[0].filter, "pid > 1"));
		CHECK(o.tps[1].filter == NULL);
		opt_free(&o);
	}
	CHECK(parse(&o, "--filter", "x", "true", NULL) == -1);
	CHECK(strstr(err, "--filter") != NULL);
	CHECK(parse(&o, "-e", "sched", "true", NULL) == -1);	/* not a syscall */
	CHECK(parse(&o, "-e", "sched:", "true", NULL) == -1);
	CHECK(strstr(err, "SYSTEM:EVENT") != NULL);
	/* summaries */
	CHECK(parse(&o, "-c", "-S", "calls", "true") == 0 && o.summary == 1);
	CHECK(parse(&o, "--by", "comm,syscall", "true", NULL) == 0);
	CHECK(o.summary == 1 && o.sum_by == SUM_BY_COMM);
	CHECK(parse(&o, "--by", "color", "true", NULL) == -1);
	CHECK(parse(&o, "-S", "colour", "true", NULL) == -1);
	CHECK(parse(&o, "--interval", "0", "true", NULL) == -1);
	CHECK(parse(&o, "-ttt", "-T", "true", NULL) == 0 && o.tstamp == 3 && o.show_time);
	CHECK(parse(&o, "--max-events", "0", "true", NULL) == -1);
	CHECK(parse(&o, "--duration", "x", "true", NULL) == -1);
	CHECK(parse(&o, "-l", NULL, NULL, NULL) == 0 && o.list);
	CHECK_DONE();
}
