// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * -e inject= and -e fault=: strace's when= forms as first/last/step (the
 * counters tracer/inject runs: F, F+, F+S, F..L, F..L+S), error names and
 * numbers, retval in any base, fault='s ENOSYS, a later rule replacing an
 * earlier one for a syscall, rules kept only for the syscalls traced,
 * and a line for each bad spec.
 */
#include <errno.h>
#include <sys/syscall.h>

#include "check.h"
#include "options.h"

static char err[512];

static int parse(struct options *o, const char *a1, const char *a2,
		 const char *a3, const char *a4)
{
	const char *given[] = { a1, a2, a3, a4 };
	char *argv[7] = { "etrace" };
	int argc = 1;

	for (int i = 0; i < 4; i++)
		if (given[i])
			argv[argc++] = (char *)given[i];
	argv[argc++] = "true";
	argv[argc] = NULL;
	err[0] = '\0';
	return opt_parse(argc, argv, o, err, sizeof(err));
}

static const struct inject_rule *rule(const struct options *o, int nr)
{
	return o->inject.by_nr ? &o->inject.by_nr[nr] : NULL;
}

int main(void)
{
	struct options o;
	const struct inject_rule *r;

	CHECK(parse(&o, "-e", "inject=chdir:error=ENOENT", "-e",
		    "fault=getpid:when=3") == 0);
	r = rule(&o, SYS_chdir);
	CHECK(r && r->flags == INJ_ERROR && r->val == ENOENT);
	CHECK(r->first == 1 && r->last == INJ_LAST_INF && r->step == 1);
	r = rule(&o, SYS_getpid);
	CHECK(r->flags == INJ_ERROR && r->val == ENOSYS);
	CHECK(r->first == 3 && r->last == INJ_LAST_INF && r->step == 0);
	CHECK(o.inject.n == 2 && !rule(&o, SYS_read)->flags);
	opt_free(&o);

	/* F+, F+S, F..L, F..L+S; numbers, hex retval */
	CHECK(parse(&o, "-e", "inject=read:retval=0x10:when=2+", "-e",
		    "inject=write:error=13:when=4+5") == 0);
	r = rule(&o, SYS_read);
	CHECK(r->flags == INJ_RETVAL && r->val == 16);
	CHECK(r->first == 2 && r->last == INJ_LAST_INF && r->step == 1);
	r = rule(&o, SYS_write);
	CHECK(r->val == 13 && r->first == 4 && r->step == 5);
	opt_free(&o);
	CHECK(parse(&o, "--inject=read:retval=-1:when=2..4", "--fault",
		    "write:when=1..9+3:syscall=gettid", NULL) == 0);
	r = rule(&o, SYS_read);
	CHECK(r->val == -1 && r->first == 2 && r->last == 4 && r->step == 1);
	r = rule(&o, SYS_write);
	CHECK(r->val == ENOSYS && r->first == 1 && r->last == 9 &&
	      r->step == 3);
	opt_free(&o);

	/* signal=, alone or not; a later rule replaces an earlier one */
	CHECK(parse(&o, "-e", "inject=%file:signal=SIGUSR1", "-e",
		    "inject=chdir:error=EPERM:signal=2") == 0);
	r = rule(&o, SYS_openat);
	CHECK(r->flags == INJ_SIGNAL && r->signo == 10);
	r = rule(&o, SYS_chdir);
	CHECK(r->flags == (INJ_ERROR | INJ_SIGNAL) && r->signo == 2 &&
	      r->val == EPERM);
	opt_free(&o);

	/* only the syscalls traced keep a rule */
	CHECK(parse(&o, "-e", "trace=chdir", "-e",
		    "inject=chdir,getpid:error=1") == 0);
	CHECK(rule(&o, SYS_chdir)->flags && !rule(&o, SYS_getpid)->flags);
	CHECK(o.inject.n == 1);
	opt_free(&o);

	/* bad specs: strace's message, or what etrace does not offer */
	CHECK(parse(&o, "-e", "inject=chdir", NULL, NULL) < 0);
	CHECK(!strcmp(err, "invalid inject argument 'chdir'"));
	CHECK(parse(&o, "-e", "inject=:error=1", NULL, NULL) < 0);
	CHECK(parse(&o, "-e", "inject=chdir:error=1:when=0", NULL, NULL) < 0);
	CHECK(parse(&o, "-e", "inject=chdir:error=1:when=65535", NULL,
		    NULL) == 0);
	opt_free(&o);
	CHECK(parse(&o, "-e", "inject=chdir:error=1:when=65536", NULL,
		    NULL) < 0);
	CHECK(parse(&o, "-e", "inject=chdir:error=1:when=3..2", NULL,
		    NULL) < 0);
	CHECK(parse(&o, "-e", "inject=chdir:error=1:when=2+0", NULL,
		    NULL) < 0);
	CHECK(parse(&o, "-e", "inject=chdir:error=1:when=2.3", NULL,
		    NULL) < 0);
	CHECK(parse(&o, "-e", "inject=chdir:error=EBOGUS", NULL, NULL) < 0);
	CHECK(parse(&o, "-e", "inject=chdir:error=4096", NULL, NULL) < 0);
	CHECK(parse(&o, "-e", "inject=chdir:retval=1:error=1", NULL,
		    NULL) < 0);
	CHECK(parse(&o, "-e", "inject=chdir:retval=0x", NULL, NULL) < 0);
	CHECK(parse(&o, "-e", "inject=chdir:error=1:signal=SIGBOGUS", NULL,
		    NULL) < 0);
	CHECK(parse(&o, "-e", "inject=nosuchcall:error=1", NULL, NULL) < 0);
	CHECK(!strcmp(err, "invalid inject argument 'nosuchcall:error=1'"));
	CHECK(parse(&o, "-e", "fault=chdir:retval=1", NULL, NULL) < 0);
	CHECK(!strcmp(err, "invalid fault argument 'chdir:retval=1'"));
	CHECK(parse(&o, "-e", "inject=chdir:error=1:poke_exit=@arg1=00",
		    NULL, NULL) < 0);
	CHECK(strstr(err, "poke_exit is not offered") != NULL);
	CHECK_DONE();
}
