// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Pairing and the text sink: which calls show, and how much of them.
 * -z, -Z, -e status= and --duration judge a call at its end, so its line
 * is written whole then (no <unfinished ...>); -s cuts strings and
 * buffers; -T adds the time spent in the call.
 */
#include <sys/syscall.h>

#include "check_pair.h"

/* a successful, a failed and a slow call, a task dying in one */
static void calls(struct ptest *t)
{
	pid_t a = PT_TID0, b = PT_TID0 + 1;

	pt_task(t, a, a, "main");
	pt_task(t, b, b, "other");
	pt_enter(t, a, SYS_getppid, 0, 0, 0);
	pt_enter(t, b, SYS_close, 9, 0, 0);
	pt_exit(t, b, SYS_close, -9);
	pt_exit(t, a, SYS_getppid, 1);
	pt_enter(t, a, SYS_nanosleep, 0x1000, 0, 0);
	t->now += 2000000;	/* 2 ms */
	pt_exit(t, a, SYS_nanosleep, 0);
	pt_enter(t, b, SYS_exit_group, 0, 0, 0);
	ends_task_exit(&t->pr, b, b, pt_tick(t));
}

static int count(const char *s, const char *what)
{
	int n = 0;

	for (; (s = strstr(s, what)); s += strlen(what))
		n++;
	return n;
}

static const char *trace(struct ptest *t, const char *o1, const char *o2)
{
	pt_start(t, "-f", o1, o2, NULL);
	calls(t);
	return pt_text(t);
}

int main(void)
{
	struct ptest t;

	CHECK_STR(trace(&t, NULL, NULL),
		  "4200001 getppid( <unfinished ...>\n"
		  "4200002 close(9)                        = -1 EBADF (Bad file descriptor)\n"
		  "4200001 <... getppid resumed>)          = 1\n"
		  "4200001 nanosleep(0x1000, NULL)         = 0\n"
		  "4200002 exit_group(0)                   = ?\n"
		  "4200002 +++ exited with 0 +++\n");
	pt_end(&t);
	CHECK_STR(trace(&t, "-z", NULL),
		  "4200001 getppid()                       = 1\n"
		  "4200001 nanosleep(0x1000, NULL)         = 0\n"
		  "4200002 +++ exited with 0 +++\n");
	pt_end(&t);
	CHECK_STR(trace(&t, "-Z", NULL),
		  "4200002 close(9)                        = -1 EBADF (Bad file descriptor)\n"
		  "4200002 +++ exited with 0 +++\n");
	pt_end(&t);
	CHECK_STR(trace(&t, "-e", "status=unfinished"),
		  "4200002 exit_group(0)                   = ?\n"
		  "4200002 +++ exited with 0 +++\n");
	pt_end(&t);
	CHECK_STR(trace(&t, "--duration", "1"),
		  "4200001 nanosleep(0x1000, NULL)         = 0\n"
		  "4200002 +++ exited with 0 +++\n");
	pt_end(&t);
	CHECK_STR(trace(&t, "-T", "-z"),
		  "4200001 getppid()                       = 1 <0.000003>\n"
		  "4200001 nanosleep(0x1000, NULL)         = 0 <0.002001>\n"
		  "4200002 +++ exited with 0 +++\n");
	pt_end(&t);

	/* the same rules before the JSON sink: -Z, and --duration */
	pt_start(&t, "-f", "-j", "-Z", NULL);
	calls(&t);
	pt_text(&t);
	CHECK(count(t.text, "\"type\":\"syscall\"") == 1);
	CHECK(count(t.text, "\"name\":\"close\"") == 1);
	CHECK(count(t.text, "\"status\":\"failed\"") == 1);
	pt_end(&t);
	pt_start(&t, "-f", "-j", "--duration", "1", NULL);
	calls(&t);
	pt_text(&t);
	CHECK(count(t.text, "\"type\":\"syscall\"") == 1);
	CHECK(count(t.text, "\"name\":\"nanosleep\"") == 1);
	pt_end(&t);

	/* -s: strings and buffers cut, "..." after the quote */
	pt_start(&t, "-s", "4", NULL);
	pt_task(&t, PT_TID0, PT_TID0, "main");
	pt_rec(&t, CAP_AT_ENTRY, SYS_write);
	pt_item(&t, 1, CAP_AT_ENTRY, 0, "hello", 5);
	pt_capture(&t, PT_TID0, t.rec, t.rec_len);
	pt_enter(&t, PT_TID0, SYS_write, 1, 0x1000, 11);
	pt_exit(&t, PT_TID0, SYS_write, 11);
	CHECK_STR(pt_text(&t),
		  "write(1, \"hell\"..., 11)                 = 11\n");
	pt_end(&t);
	CHECK_DONE();
}
