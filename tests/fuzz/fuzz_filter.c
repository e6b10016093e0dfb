// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz: --filter text.  etrace itself only keeps it, for each event of
 * the -e before it, and hands it to the kernel (whose error it reports).
 * So: opt_parse on "-e EVENTS --filter TEXT" with any bytes as TEXT, and
 * the text must be kept whole for every event of that -e only.
 *
 * With ETRACE_FUZZ_TEP=1 in the environment the text also goes to
 * libtraceevent's filter parser (tep_filter_add_filter_str) with the
 * fields of real events.  etrace does not call it, and libtraceevent
 * 1.7.1 fails at once (malloc(SIZE_MAX) for "sched_process_exec,sys_enter:,\n",
 * leaks for "z"), so that is off by default (and in CI).
 */
#include <traceevent/event-parse.h>

#include "fuzz.h"
#include "options.h"

static const char sched_exec[] =
"name: sched_process_exec\nID: 365\nformat:\n"
"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
"\tfield:__data_loc char[] filename;\toffset:8;\tsize:4;\tsigned:0;\n"
"\tfield:pid_t pid;\toffset:12;\tsize:4;\tsigned:1;\n"
"\tfield:pid_t old_pid;\toffset:16;\tsize:4;\tsigned:1;\n\n"
"print fmt: \"filename=%s pid=%d old_pid=%d\", __get_str(filename), REC->pid, REC->old_pid\n";

static const char sys_enter[] =
"name: sys_enter\nID: 443\nformat:\n"
"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
"\tfield:long id;\toffset:8;\tsize:8;\tsigned:1;\n"
"\tfield:unsigned long args[6];\toffset:16;\tsize:48;\tsigned:0;\n\n"
"print fmt: \"NR %ld (%lx, %lx, %lx, %lx, %lx, %lx)\", REC->id, REC->args[0], REC->args[1], REC->args[2], REC->args[3], REC->args[4], REC->args[5]\n";

static struct tep_handle *tep;

/*
 * libtraceevent 1.7.1 leaks in tep_filter_add_filter_str on filters it
 * refuses (a field name it does not know: "z"): its bug, and etrace does
 * not call it.  Only allocations made inside that function are exempt.
 */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
	return "leak:tep_filter_add_filter_str\n";
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	struct tep_event *ev;
	const char *on = getenv("ETRACE_FUZZ_TEP");

	if (!on || strcmp(on, "1"))
		return 0;
	tep_set_loglevel(TEP_LOG_NONE);
	tep = tep_alloc();
	if (!tep ||
	    tep_parse_format(tep, &ev, sched_exec, sizeof(sched_exec) - 1, "sched") ||
	    tep_parse_format(tep, &ev, sys_enter, sizeof(sys_enter) - 1, "raw_syscalls"))
		abort();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1), *spec, err[256];
	struct tep_event_filter *flt;
	struct options o;

	if (!text)
		abort();
	memcpy(text, data, size);
	text[size] = '\0';

	/* etrace: the text, kept whole for the events of the -e before it */
	{
		char *argv[] = { "etrace", "-e", "net:x", "-e",
				 "trace=openat,sched:a*,irq:b", "--filter", text,
				 "--filter=x", "-e", "c:d", "--", "true", NULL };

		argv[7] = size && data[0] & 1 ? "-q" : "--filter=x";
		if (opt_parse(12, argv, &o, err, sizeof(err))) {
			fprintf(stderr, "opt_parse: %s\n", err);
			abort();
		}
		FUZZ_ASSERT(o.ntps == 4 && !o.tps[0].filter && !o.tps[3].filter);
		FUZZ_ASSERT(!strcmp(o.tps[1].filter, argv[7][0] == '-' &&
				    argv[7][1] == 'q' ? text : "x"));
		FUZZ_ASSERT(!strcmp(o.tps[1].filter, o.tps[2].filter));
		FUZZ_ASSERT(o.tps[1].filter != o.tps[2].filter);
		opt_free(&o);
	}
	if (!tep) {
		free(text);
		return 0;
	}
	/* libtraceevent's parser, as for "EVENT:FILTER" */
	spec = malloc(size + 32);
	if (!spec)
		abort();
	snprintf(spec, size + 32, "sched_process_exec,sys_enter:%s", text);
	flt = tep_filter_alloc(tep);
	if (flt) {
		(void)tep_filter_add_filter_str(flt, spec);
		tep_filter_free(flt);
	}
	free(spec);
	free(text);
	return 0;
}
