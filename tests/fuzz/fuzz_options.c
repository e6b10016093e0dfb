// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz: the command line (tracer/options.h): opt_parse with an argv made
 * of the input split on NUL bytes ("etrace" before it), so -e trace=,
 * -e status=, -e signal=, SYSTEM:EVENT lists, --filter (stored for the
 * kernel: what etrace does with it is keep a copy per event), -S, --by,
 * -m, -s, -p, --duration, --interval ... in any order and combination.
 * Twice in a row, as a later getopt must not see the earlier argv.  What
 * it accepts must be consistent; on an error nothing stays allocated
 * (LeakSanitizer checks that).
 */
#include <unistd.h>

#include "fuzz.h"
#include "options.h"
#include "rules.h"

#define MAXARGS 64

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	/* -h and -V print to stdout */
	if (!freopen("/dev/null", "w", stdout))
		abort();
	return 0;
}

static void check(const struct options *o, int argc, char **argv)
{
	FUZZ_ASSERT(o->ntps >= 0);
	for (int i = 0; i < o->ntps; i++) {
		FUZZ_ASSERT(o->tps[i].glob && strchr(o->tps[i].glob, ':'));
		if (o->tps[i].filter)
			(void)strlen(o->tps[i].filter);
	}
	for (int i = 0; i < o->npids; i++)
		FUZZ_ASSERT(o->pids[i] > 0);
	if (o->cmd)
		FUZZ_ASSERT(o->cmd >= argv + 1 && o->cmd < argv + argc);
	FUZZ_ASSERT(o->ring_bytes > 0 && o->ring_bytes <= (1ull << 30));
	FUZZ_ASSERT(o->strsize >= 0 && o->strsize <= 4096);
	FUZZ_ASSERT((o->status & ~(unsigned int)STATUS_ALL) == 0);
	FUZZ_ASSERT(o->tstamp <= 3 && o->follow <= 2);
	/* NaN or infinity in a number never gets through */
	FUZZ_ASSERT(o->interval == 0 ||
		    (o->interval >= 0.01 && o->interval <= 86400));
	(void)sel_count(&o->sel);
}

/*
 * glibc's regcomp takes memory exponential in nested repetitions:
 * "p+++++++++++++++++++++" or "((p{1,99}){1,99}){1,99}" need gigabytes
 * (strace's -e trace=/REGEX is the same).  That is the C library's, so a
 * regex (after a '/') with more than four repetition operators is left
 * out; everything else about the -e list is fuzzed.
 */
static int heavy_regex(const char *arg)
{
	const char *re = strchr(arg, '/');
	int n = 0;

	if (!re)
		return 0;
	for (; *re; re++)
		n += *re == '+' || *re == '*' || *re == '{' || *re == '?';
	return n > 4;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *argv[MAXARGS + 2], *buf = malloc(size + 1);
	char err[256];
	struct options o;
	int argc = 0, r;

	if (!buf)
		abort();
	memcpy(buf, data, size);
	buf[size] = '\0';
	argv[argc++] = "etrace";
	for (size_t i = 0; i <= size && argc < MAXARGS + 1;) {
		argv[argc++] = buf + i;
		i += strlen(buf + i) + 1;
	}
	argv[argc] = NULL;
	for (int i = 1; i < argc; i++) {
		if (heavy_regex(argv[i])) {
			free(buf);
			return -1;	/* not added to the corpus */
		}
	}

	for (int pass = 0; pass < 2; pass++) {
		/* getopt permutes nothing ("+"), but copy argv all the same */
		char *args[MAXARGS + 2];

		memcpy(args, argv, sizeof(args));
		err[0] = '\0';
		r = opt_parse(argc, args, &o, err, sizeof(err));
		FUZZ_ASSERT(r >= -1 && r <= 1);
		if (r < 0) {
			FUZZ_ASSERT(err[0] && strlen(err) < sizeof(err));
			/* nothing left to free: a second opt_free is harmless */
			FUZZ_ASSERT(!o.tps && !o.pids && !o.ntps && !o.npids);
			continue;
		}
		if (r == 0)
			check(&o, argc, args);
		opt_free(&o);
	}
	free(buf);
	return 0;
}
