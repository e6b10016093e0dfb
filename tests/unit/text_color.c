// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The text sink with --color=always: each part in its style and reset
 * at its end (bold names, a failed call's "= -1 ENOENT (...)" red,
 * signal lines yellow, exit lines green, killed lines bold red, lost
 * records bold magenta), nothing else coloured, no colour across a line
 * end (<unfinished ...>, <... resumed>), and " = " still at column 40,
 * the styles' bytes not counted.  --color=never and auto with -o FILE:
 * the same text without a byte of style.
 */
#include <errno.h>
#include <signal.h>
#include <sys/syscall.h>

#include "check_pair.h"

#define B "\033[1m"
#define R "\033[31m"
#define Y "\033[33m"
#define G "\033[32m"
#define K "\033[1;31m"
#define M "\033[1;35m"
#define O "\033[0m"

/* the same records under each option */
static const char *run(struct ptest *t, const char *opt)
{
	pid_t a = PT_TID0, b = PT_TID0 + 1;

	pt_start(t, "-f", opt, NULL);
	pt_task(t, a, a, "main");
	pt_task(t, b, b, "victim");
	pt_enter(t, a, SYS_getppid, 0, 0, 0);
	pt_exit(t, a, SYS_getppid, 4200000);
	pt_enter(t, a, SYS_close, 99, 0, 0);
	pt_exit(t, a, SYS_close, -EBADF);
	pt_enter(t, a, SYS_getpid, 0, 0, 0);
	pt_enter(t, b, SYS_pause, 0, 0, 0);
	pt_exit(t, a, SYS_getpid, a);
	t->sink->ops->lost(t->sink, 1, 2, pt_tick(t));
	ends_signal(&t->pr, b, b, SIGTERM, 0, SI_USER, 0, pt_tick(t));
	ends_task_exit(&t->pr, b, b, pt_tick(t));
	pt_enter(t, a, SYS_exit_group, 3, 0, 0);
	ends_task_exit(&t->pr, a, a, pt_tick(t));
	return pt_text(t);
}

int main(void)
{
	struct ptest t;
	const char *plain =
		"4200001 getppid()                       = 4200000\n"
		"4200001 close(99)                       = -1 EBADF (Bad file descriptor)\n"
		"4200001 getpid( <unfinished ...>\n"
		"4200002 pause( <unfinished ...>\n"
		"4200001 <... getpid resumed>)           = 4200001\n"
		"+++ lost 2 records on cpu 1 +++\n"
		"4200002 --- SIGTERM {si_signo=SIGTERM, si_code=0, ...} ---\n"
		"4200002 <... pause resumed>)            = ?\n"
		"4200002 +++ killed by SIGTERM +++\n"
		"4200001 exit_group(3)                   = ?\n"
		"4200001 +++ exited with 3 +++\n";

	CHECK_STR(run(&t, "--color=always"),
		  "4200001 " B "getppid" O "()                       = 4200000\n"
		  "4200001 " B "close" O "(99)                       "
		  R "= -1 EBADF (Bad file descriptor)" O "\n"
		  "4200001 " B "getpid" O "( <unfinished ...>\n"
		  "4200002 " B "pause" O "( <unfinished ...>\n"
		  "4200001 <... " B "getpid" O " resumed>)           = 4200001\n"
		  M "+++ lost 2 records on cpu 1 +++" O "\n"
		  "4200002 " Y "--- SIGTERM {si_signo=SIGTERM, si_code=0, ...} ---" O "\n"
		  "4200002 <... " B "pause" O " resumed>)            = ?\n"
		  "4200002 " K "+++ killed by SIGTERM +++" O "\n"
		  "4200001 " B "exit_group" O "(3)                   = ?\n"
		  "4200001 " G "+++ exited with 3 +++" O "\n");
	pt_end(&t);
	/* --colour is the same option; auto never colours -o FILE */
	CHECK_STR(run(&t, "--colour=never"), plain);
	pt_end(&t);
	CHECK_STR(run(&t, "--color=auto"), plain);
	pt_end(&t);
	CHECK_DONE();
}
