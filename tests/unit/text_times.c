// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * strace's time options in the text sink, whole lines: -T and
 * --syscall-times=s|ms|us|ns (the call's time, cut to the digits asked),
 * -r and --relative-timestamps=PRECISION (the time since the previous
 * line), and the wall clock of -t/--absolute-timestamps by shape (its
 * value is the machine's clock): HH:MM:SS or epoch seconds, then exactly
 * the digits asked.  Also the options' own rules: -t with
 * --absolute-timestamps refused, a bad precision or format refused.
 */
#include <regex.h>
#include <sys/syscall.h>

#include "check_pair.h"

/* getppid taking 2.345678912 s, then getpid 1.000000001 s later */
static const char *run(struct ptest *t, const char *opt)
{
	pid_t a = PT_TID0;

	pt_start(t, opt, NULL);
	pt_task(t, a, a, "main");
	t->now = 7000000000ull;
	pt_enter(t, a, SYS_getppid, 0, 0, 0);
	t->now += 2345678912ull - 1000;
	pt_exit(t, a, SYS_getppid, 1);
	t->now += 1000000001ull - 1000;
	pt_enter(t, a, SYS_getpid, 0, 0, 0);
	pt_exit(t, a, SYS_getpid, a);
	return pt_text(t);
}

static const struct {
	const char *opt, *want;
} exact[] = {
	{ "-T", "getppid()                               = 1 <2.345678>\n"
		"getpid()                                = 4200001 <0.000001>\n" },
	{ "--syscall-times=ns",
		"getppid()                               = 1 <2.345678912>\n"
		"getpid()                                = 4200001 <0.000001000>\n" },
	{ "--syscall-times=ms",
		"getppid()                               = 1 <2.345>\n"
		"getpid()                                = 4200001 <0.000>\n" },
	{ "--syscall-times=s",
		"getppid()                               = 1 <2>\n"
		"getpid()                                = 4200001 <0>\n" },
	{ "-r", "     0.000000 getppid()                 = 1\n"
		"     3.345678 getpid()                  = 4200001\n" },
	{ "--relative-timestamps=ns",
		"     0.000000000 getppid()              = 1\n"
		"     3.345678913 getpid()               = 4200001\n" },
	{ "--relative-timestamps=ms",
		"     0.000 getppid()                    = 1\n"
		"     3.345 getpid()                     = 4200001\n" },
	{ "--relative-timestamps=s",
		"     0 getppid()                        = 1\n"
		"     3 getpid()                         = 4200001\n" },
};

static const struct {
	const char *opt, *re;
} shape[] = {
	{ "-t", "^[0-2][0-9]:[0-5][0-9]:[0-6][0-9] getppid\\(\\) " },
	{ "-tt", "^[0-2][0-9]:[0-5][0-9]:[0-6][0-9]\\.[0-9]{6} getppid\\(\\) " },
	{ "-ttt", "^[1-9][0-9]{9}\\.[0-9]{6} getppid\\(\\) " },
	{ "--timestamps", "^[0-2][0-9]:[0-5][0-9]:[0-6][0-9] getppid\\(\\) " },
	{ "--timestamps=unix,ns", "^[1-9][0-9]{9}\\.[0-9]{9} getppid\\(\\) " },
	{ "--timestamps=unix", "^[1-9][0-9]{9} getppid\\(\\) " },
	{ "--absolute-timestamps=format:time,precision:ms",
	  "^[0-2][0-9]:[0-5][0-9]:[0-6][0-9]\\.[0-9]{3} getppid\\(\\) " },
	{ "--absolute-timestamps=precision:ns",
	  "^[0-2][0-9]:[0-5][0-9]:[0-6][0-9]\\.[0-9]{9} getppid\\(\\) " },
};

static int matches(const char *text, const char *re)
{
	regex_t r;
	int ok;

	if (regcomp(&r, re, REG_EXTENDED | REG_NOSUB | REG_NEWLINE))
		return 0;
	ok = !regexec(&r, text, 0, NULL, 0);
	regfree(&r);
	return ok;
}

static int refused(const char *a, const char *b, const char *want)
{
	char *argv[] = { "etrace", (char *)a, (char *)b, "true", NULL };
	struct options o;
	char err[256];
	int r = opt_parse(b ? 4 : 3, b ? argv : (char *[]){ "etrace",
			  (char *)a, "true", NULL }, &o, err, sizeof(err));

	if (!r)
		opt_free(&o);
	return r < 0 && !strcmp(err, want);
}

int main(void)
{
	struct ptest t;

	for (size_t i = 0; i < sizeof(exact) / sizeof(exact[0]); i++) {
		CHECK_STR(run(&t, exact[i].opt), exact[i].want);
		pt_end(&t);
	}
	for (size_t i = 0; i < sizeof(shape) / sizeof(shape[0]); i++) {
		const char *got = run(&t, shape[i].opt);

		if (!matches(got, shape[i].re))
			fprintf(stderr, "%s: %s", shape[i].opt, got);
		CHECK(matches(got, shape[i].re));
		pt_end(&t);
	}
	CHECK(refused("-t", "--timestamps=unix", "-t and --absolute-timestamps"
		      " cannot be provided simultaneously"));
	CHECK(refused("--syscall-times=fs", NULL,
		      "invalid precision 'fs' (s, ms, us or ns)"));
	CHECK(refused("--timestamps=format:ms", NULL,
		      "invalid --absolute-timestamps 'format:ms' (want [format:]"
		      "none|time|unix,[precision:]s|ms|us|ns)"));
	CHECK_DONE();
}
