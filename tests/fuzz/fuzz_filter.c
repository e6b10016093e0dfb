// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz: etrace's filters, the kernel's tracepoint filters it writes or
 * hands on (tracer/options.c, tracer/events.c).
 *
 * 1. --filter text: opt_parse on "-e EVENTS --filter TEXT" with any bytes
 *    as TEXT; the text must be kept whole for every event of that -e only.
 *
 * 2. The filters of a trace: opt_parse of "-e trace=LIST -e GLOB --filter
 *    TEXT [-a] [-k]", plan_make, then events_build of the plan's events
 *    against a tracefs made in /tmp
 *    (ETRACE_TRACEFS: raw_syscalls, signal_deliver, two sched events and
 *    syscalls:sys_enter_X / sys_exit_X for every syscall of the table).
 *    Each event GLOB matched carries TEXT exactly, the others none; with
 *    per-syscall tracepoints, one entry event per syscall selected or
 *    needed (exit, exit_group; with -k the calls that make processes)
 *    and one exit event per syscall selected, unfiltered.  With
 *    raw_syscalls, etrace writes the id filter itself: evaluated here (a
 *    small evaluator of the kernel's filter syntax) for every id from -1
 *    to past SC_NR_MAX, it must let through every call the trace needs
 *    (a call the filter drops is lost without a word) and, when it lists
 *    ids, nothing else; with -a it must drop etrace's own pid; it must
 *    fit the kernel's page.
 *
 * Input: u8 mode; mode bit 0 clear: part 1 with the rest as TEXT.  Set:
 * bit 1 -a, bit 2 -k, bit 3 few fds per task (raw_syscalls), bits 4-5
 * the GLOB; then u8 terms of the trace= list, each u8 kind (0-3: a
 * syscall of the table by u16 index, 4: a class by u8, 5: all, 6: none;
 * bit 7: '!'), then TEXT (to a NUL).
 *
 * With ETRACE_FUZZ_TEP=1 in the environment, part 1's text also goes to
 * libtraceevent's filter parser (tep_filter_add_filter_str) with the
 * fields of real events.  etrace does not call it, and libtraceevent
 * 1.7.1 fails at once (malloc(SIZE_MAX) for "sched_process_exec,sys_enter:,\n",
 * leaks for "z"), so that is off by default (and in CI).
 */
#include <traceevent/event-parse.h>

#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "events.h"
#include "fuzz.h"
#include "options.h"
#include "plan.h"
#include "sysent.h"
#include "sysent_fallback.h"

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

/* --- a tracefs of our own (part 2) ---------------------------------------- */

static char root[64];
static struct tracefs tfs;

#define COMMON \
"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n" \
"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n" \
"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n" \
"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"

static void put_format(const char *sys, const char *name, int id,
		       const char *fields)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/events/%s", root, sys);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/events/%s/%s", root, sys, name);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/events/%s/%s/format", root, sys, name);
	f = fopen(path, "w");
	if (!f)
		abort();
	fprintf(f, "name: %s\nID: %d\nformat:\n" COMMON "%s\nprint fmt: \"\"\n",
		name, id, fields);
	fclose(f);
}

static void rm_tree(const char *path)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", path);
	if (system(cmd))
		fprintf(stderr, "could not remove %s\n", path);
}

static void cleanup(void)
{
	if (tfs.tep)
		tfs_close(&tfs);
	rm_tree(root);
}

static void make_tracefs(void)
{
	char err[256], path[300];
	int id = 1000;

	snprintf(root, sizeof(root), "/tmp/fuzz-tracefs-%d", (int)getpid());
	rm_tree(root);
	snprintf(path, sizeof(path), "%s/events", root);
	if (mkdir(root, 0700) || mkdir(path, 0700))
		abort();
	put_format("raw_syscalls", "sys_enter", id++,
		   "\tfield:long id;\toffset:8;\tsize:8;\tsigned:1;\n"
		   "\tfield:unsigned long args[6];\toffset:16;\tsize:48;\tsigned:0;\n");
	put_format("raw_syscalls", "sys_exit", id++,
		   "\tfield:long id;\toffset:8;\tsize:8;\tsigned:1;\n"
		   "\tfield:long ret;\toffset:16;\tsize:8;\tsigned:1;\n");
	put_format("signal", "signal_deliver", id++,
		   "\tfield:int sig;\toffset:8;\tsize:4;\tsigned:1;\n"
		   "\tfield:int errno;\toffset:12;\tsize:4;\tsigned:1;\n"
		   "\tfield:int code;\toffset:16;\tsize:4;\tsigned:1;\n"
		   "\tfield:unsigned long sa_handler;\toffset:24;\tsize:8;\tsigned:0;\n"
		   "\tfield:unsigned long sa_flags;\toffset:32;\tsize:8;\tsigned:0;\n");
	put_format("sched", "sched_switch", id++,
		   "\tfield:pid_t prev_pid;\toffset:8;\tsize:4;\tsigned:1;\n");
	put_format("sched", "sched_process_exec", id++,
		   "\tfield:pid_t pid;\toffset:8;\tsize:4;\tsigned:1;\n");
	for (unsigned int nr = 0; nr < sc_table_size; nr++) {
		char name[96], fields[1024];
		size_t n;

		if (!sc_table[nr].name)
			continue;
		n = (size_t)snprintf(fields, sizeof(fields), "\tfield:int"
				     " __syscall_nr;\toffset:8;\tsize:4;\tsigned:1;\n");
		for (int a = 0; a < sc_table[nr].nargs; a++)
			n += (size_t)snprintf(fields + n, sizeof(fields) - n,
					      "\tfield:unsigned long a%d;\toffset:%d;"
					      "\tsize:8;\tsigned:0;\n", a, 16 + 8 * a);
		snprintf(name, sizeof(name), "sys_enter_%s",
			 sc_tp_name(sc_table[nr].name));
		put_format("syscalls", name, id++, fields);
		snprintf(name, sizeof(name), "sys_exit_%s",
			 sc_tp_name(sc_table[nr].name));
		put_format("syscalls", name, id++,
			   "\tfield:int __syscall_nr;\toffset:8;\tsize:4;\tsigned:1;\n"
			   "\tfield:long ret;\toffset:16;\tsize:8;\tsigned:1;\n");
	}
	setenv("ETRACE_TRACEFS", root, 1);
	if (tfs_open(&tfs, err, sizeof(err))) {
		fprintf(stderr, "tfs_open: %s\n", err);
		abort();
	}
	tep_set_loglevel(TEP_LOG_NONE);
	atexit(cleanup);
}

/*
 * The kernel's filter syntax, as much as etrace writes: || of && of
 * comparisons of a field (id, common_pid) with a number, parentheses.
 * -1 for text outside it.
 */
struct ev {
	const char *p;
	long id, pid;
	int bad;
};

static void ev_ws(struct ev *e)
{
	while (*e->p == ' ')
		e->p++;
}

static int ev_or(struct ev *e);

static int ev_prim(struct ev *e)
{
	static const char *const ops[] = { "==", "!=", "<=", ">=", "<", ">" };
	long v, x;
	char *end;
	int op = -1;

	ev_ws(e);
	if (*e->p == '(') {
		int r;

		e->p++;
		r = ev_or(e);
		ev_ws(e);
		if (*e->p != ')')
			e->bad = 1;
		else
			e->p++;
		return r;
	}
	if (!strncmp(e->p, "id", 2) && !strchr("_abcdefghijklmnopqrstuvwxyz", e->p[2])) {
		v = e->id;
		e->p += 2;
	} else if (!strncmp(e->p, "common_pid", 10)) {
		v = e->pid;
		e->p += 10;
	} else {
		e->bad = 1;
		return 0;
	}
	ev_ws(e);
	for (int k = 0; k < 6 && op < 0; k++)
		if (!strncmp(e->p, ops[k], strlen(ops[k])))
			op = k;
	if (op < 0) {
		e->bad = 1;
		return 0;
	}
	e->p += strlen(ops[op]);
	ev_ws(e);
	x = strtol(e->p, &end, 10);
	if (end == e->p)
		e->bad = 1;
	e->p = end;
	switch (op) {
	case 0: return v == x;
	case 1: return v != x;
	case 2: return v <= x;
	case 3: return v >= x;
	case 4: return v < x;
	default: return v > x;
	}
}

static int ev_and(struct ev *e)
{
	int r = ev_prim(e);

	for (;;) {
		ev_ws(e);
		if (strncmp(e->p, "&&", 2))
			return r;
		e->p += 2;
		r &= ev_prim(e);
	}
}

static int ev_or(struct ev *e)
{
	int r = ev_and(e);

	for (;;) {
		ev_ws(e);
		if (strncmp(e->p, "||", 2))
			return r;
		e->p += 2;
		r |= ev_and(e);
	}
}

static int accepts(const char *filter, long id, long pid)
{
	struct ev e = { filter, id, pid, 0 };
	int r;

	if (!filter)
		return 1;
	r = ev_or(&e);
	ev_ws(&e);
	if (e.bad || *e.p) {
		fprintf(stderr, "filter not understood at '%s': %s\n", e.p, filter);
		FUZZ_ASSERT(!"a filter etrace wrote that is not the kernel's syntax");
	}
	return r;
}

static int stack_source(long nr)
{
	return nr == SYS_execve || nr == SYS_execveat || nr == SYS_clone ||
	       nr == SYS_clone3 || nr == SYS_fork || nr == SYS_vfork;
}

/* what the trace needs of entry (enter) or exit records of id */
static int needed(const struct ev_want *w, long id, int enter)
{
	if (sel_has(w->sel, id))
		return 1;
	if (enter)
		return id == SYS_exit || id == SYS_exit_group ||
		       (w->stack && stack_source(id));
	/* a successful execveat ends with execve's number */
	if (id == SYS_execve && sel_has(w->sel, SYS_execveat))
		return 1;
	/* after rt_sigreturn the kernel has reset the number: -1 */
	return id < 0;
}

static void check_events(const struct ev_want *w, const struct evlist *l,
			 const char *text, const char *glob)
{
	static char seen[2][SC_NR_MAX];
	pid_t self = getpid();

	memset(seen, 0, sizeof(seen));
	for (int i = 0; i < l->n; i++) {
		const struct evsel *e = &l->ev[i];

		if (e->role == EV_TP) {
			if (!strncmp(e->tp_name, glob, strcspn(glob, "*")))
				FUZZ_ASSERT(e->filter && !strcmp(e->filter, text));
			else
				FUZZ_ASSERT(!e->filter);
			continue;
		}
		if (e->role == EV_SIG_DELIVER) {
			FUZZ_ASSERT(!e->filter);
			continue;
		}
		if (strcmp(e->sys, "raw_syscalls")) {
			/* per-syscall: no filter, each event once */
			FUZZ_ASSERT(!e->filter && e->sc_nr >= 0 && e->sc_nr < SC_NR_MAX);
			FUZZ_ASSERT(!seen[e->role == EV_SC_ENTER][e->sc_nr]++);
			continue;
		}
		FUZZ_ASSERT(!e->filter || strlen(e->filter) < 4000);
		for (long id = -1; id < SC_NR_MAX + 4; id++) {
			int enter = e->role == EV_SC_ENTER;
			int need = needed(w, id, enter);
			int got = accepts(e->filter, id, self + 1);

			if (need && !got)
				fprintf(stderr, "%s drops id %ld, which the trace needs:"
					" %s\n", e->name, id, e->filter);
			FUZZ_ASSERT(!need || got);
			/* a list of ids: exactly those */
			if (e->filter && strstr(e->filter, "id "))
				FUZZ_ASSERT(need == got);
			if (w->all)
				FUZZ_ASSERT(!accepts(e->filter, id, self));
		}
	}
	if (!l->per_syscall)
		return;
	for (unsigned int nr = 0; nr < sc_table_size && nr < SC_NR_MAX; nr++) {
		if (!sc_table[nr].name)
			continue;
		FUZZ_ASSERT(seen[1][nr] == needed(w, nr, 1));
		FUZZ_ASSERT(seen[0][nr] == needed(w, nr, 0));
	}
}

static void trace_filters(struct fz *f, uint8_t mode)
{
	static const char *const globs[] = { "sched:*", "sched:sched_switch",
					     "sched:sched_p*", "signal:*" };
	char list[4096] = "trace=", *argv[16], *text, err[512];
	const char *glob = globs[(mode >> 4) & 3];
	struct plan_machine machine = { 2 };
	struct options o;
	struct plan pl;
	struct evlist l;
	int nterms = fz_u8(f) % 24, argc = 0, r;
	size_t n = strlen(list), got;
	const uint8_t *p, *nul;

	for (int i = 0; i < nterms; i++) {
		uint8_t kind = fz_u8(f);
		const char *word = NULL;

		switch (kind & 7) {
		case 0: case 1: case 2: case 3:
			word = sc_table[fz_u16(f) % sc_table_size].name;
			break;
		case 4: {
			char cls[32];

			snprintf(cls, sizeof(cls), "%%%s",
				 class_names[fz_u8(f) % CLS__COUNT]);
			n += (size_t)snprintf(list + n, sizeof(list) - n, "%s%s%s",
					      i ? "," : "", kind & 0x80 ? "!" : "", cls);
			continue;
		}
		case 5:
			word = "all";
			break;
		default:
			word = "none";
		}
		if (!word)
			continue;
		n += (size_t)snprintf(list + n, sizeof(list) - n, "%s%s%s",
				      i ? "," : "", kind & 0x80 ? "!" : "", word);
	}
	p = fz_take(f, f->left, &got);
	nul = memchr(p, '\0', got);
	if (nul)
		got = (size_t)(nul - p);
	text = malloc(got + 1);
	if (!text)
		abort();
	memcpy(text, p, got);
	text[got] = '\0';
	argv[argc++] = "etrace";
	argv[argc++] = "-e";
	argv[argc++] = list;
	argv[argc++] = "-e";
	argv[argc++] = (char *)glob;
	argv[argc++] = "--filter";
	argv[argc++] = text;
	if (mode & 2)
		argv[argc++] = "-a";
	if (mode & 4)
		argv[argc++] = "-k";
	argv[argc++] = "--";
	argv[argc++] = "true";
	argv[argc] = NULL;
	if (opt_parse(argc, argv, &o, err, sizeof(err))) {
		free(text);
		return;		/* (the options target holds opt_parse) */
	}
	/* what the trace wants of the events, as main() makes it */
	plan_make(&o, &machine, &pl);
	r = events_build(&l, &pl.ev, &tfs, mode & 8 ? 5 : 100000, 1, err,
			 sizeof(err));
	if (r) {
		fprintf(stderr, "events_build: %s (%s)\n", err, list);
		FUZZ_ASSERT(!"events_build refused a valid trace");
	}
	check_events(&pl.ev, &l, text, glob);
	events_free(&l);
	opt_free(&o);
	free(text);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	struct tep_event *ev;
	const char *on = getenv("ETRACE_FUZZ_TEP");

	make_tracefs();
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
	if (size && (data[0] & 1)) {
		struct fz f;

		free(text);
		fz_init(&f, data, size);
		trace_filters(&f, fz_u8(&f));
		return 0;
	}
	memcpy(text, data, size);
	text[size] = '\0';

	/* etrace: the text, kept whole for the events of the -e before it */
	{
		char *argv[] = { "etrace", "-e", "net:x", "-e",
				 "trace=openat,sched:a*,irq:b", "--filter", text,
				 "--filter=x", "-e", "c:d", "--", "true", NULL };

		argv[7] = size && data[0] & 2 ? "-q" : "--filter=x";
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
