/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit test helpers for the middle of the pipeline: records in, as the
 * read loop hands them to the pairing stage, and strace's text out, as
 * the text sink writes it to -o FILE.  No kernel, no root.
 *
 *   struct ptest t;
 *   pt_start(&t, "-f", NULL);          options as on the command line
 *   pt_enter(&t, 4200001, SYS_getppid, 0, 0, 0);
 *   pt_exit(&t, 4200001, SYS_getppid, 4200000);
 *   CHECK_STR(pt_text(&t), "getppid() = 4200000\n");
 *
 * Tids are above PID_MAX_LIMIT, so no process of the machine is taken
 * for a traced one (the pairing stage asks /proc whether a task lives).
 * Times count up by 1 us a record.
 */
#ifndef ETRACE_CHECK_PAIR_H
#define ETRACE_CHECK_PAIR_H

#include <stdarg.h>
#include <stdlib.h>
#include <unistd.h>

#include "capture.h"
#include "check.h"
#include "ends.h"
#include "options.h"
#include "pair.h"
#include "plan.h"
#include "sink.h"
#include "feed.h"

#define PT_TID0 4200001		/* > PID_MAX_LIMIT (4194304) */

struct ptest {
	struct options o;
	struct plan plan;
	struct pair pr;
	struct sink *sink;
	char path[64];
	uint64_t now;
	uint64_t ip;			/* -i: the next entries' user IP */
	char *text;
	uint8_t rec[4096];		/* a capture record being built */
	size_t rec_len;
};

/*
 * Options (NULL-terminated), the plan made of them, and the pairing stage
 * and sink as the live trace makes them from it when nothing is copied
 * in the kernel (--no-bpf): the tests that need the BPF program's
 * records set pr.bpf_exits and pr.sig_from_bpf themselves.
 */
static inline void pt_start(struct ptest *t, ...)
{
	char *argv[32] = { "etrace", "-o", t->path };
	char err[512];
	const char *a;
	va_list ap;
	int argc = 3, fd;

	memset(t, 0, sizeof(*t));
	snprintf(t->path, sizeof(t->path), "/tmp/etrace-unit-XXXXXX");
	fd = mkstemp(t->path);
	if (fd < 0) {
		perror("mkstemp");
		exit(1);
	}
	close(fd);
	va_start(ap, t);
	while ((a = va_arg(ap, const char *)) && argc < 29)
		argv[argc++] = (char *)a;
	va_end(ap);
	argv[argc++] = "--";
	argv[argc++] = "true";
	if (opt_parse(argc, argv, &t->o, err, sizeof(err))) {
		fprintf(stderr, "options: %s\n", err);
		exit(1);
	}
	plan_make(&t->o, &(struct plan_machine){ .ncpu = 2 }, &t->plan);
	t->sink = t->plan.json ?
		sink_json_new(&t->plan.sink, &t->pr.view, err, sizeof(err)) :
		sink_text_new(&t->plan.sink, &t->pr.view, err, sizeof(err));
	if (!t->sink || pair_init(&t->pr, t->sink, &t->plan.pair)) {
		fprintf(stderr, "setup: %s\n", err);
		exit(1);
	}
	t->now = 1000000;
}

static inline uint64_t pt_tick(struct ptest *t)
{
	t->now += 1000;
	t->pr.now = t->now;
	return t->now;
}

/* a task traced from the start (the command, or one of -p) */
static inline void pt_task(struct ptest *t, pid_t tid, pid_t pid,
			   const char *comm)
{
	pair_add_task(&t->pr, tid, pid, comm);
	t->pr.view.multi = t->pr.view.nlive > 1;
}

static inline void pt_enter(struct ptest *t, pid_t tid, long nr, uint64_t a0,
			    uint64_t a1, uint64_t a2)
{
	uint64_t args[SC_MAX_ARGS] = { a0, a1, a2 };

	pair_enter(&t->pr, tid, tid, nr, args, SC_MAX_ARGS, pt_tick(t), NULL,
		   t->ip);
}

static inline void pt_exit(struct ptest *t, pid_t tid, long nr, int64_t ret)
{
	pair_exit(&t->pr, tid, tid, nr, ret, pt_tick(t));
}

/* a capture record of the BPF program, as its bytes */
static inline void pt_capture(struct ptest *t, pid_t tid, const void *rec,
			      size_t len)
{
	pt_tick(t);
	feed_capture(&t->pr, tid, tid, rec, len);
}

/*
 * The BPF program's signal record (struct cap_sig): sig sent by task from
 * to task tid (group pid), of kind CAP_SIG_*, with si_code code and, for
 * -i, the IP it was delivered at (0: none)
 */
static inline void pt_signal(struct ptest *t, pid_t from, pid_t tid,
			     pid_t pid, int sig, int kind, int code,
			     uint64_t ip)
{
	struct cap_sig s = { .magic = CAP_MAGIC_SIG, .tid = tid, .tgid = pid,
			     .sig = sig, .kind = kind, .have_info = 1,
			     .ip = ip };
	/* si_signo, si_errno, si_code, (pad), si_pid, si_uid */
	int32_t head[6] = { sig, 0, code, 0, from, 0 };

	memcpy(s.info, head, sizeof(head));
	pt_tick(t);
	feed_capture(&t->pr, from, from, (const uint8_t *)&s, sizeof(s));
}

/*
 * The BPF program's capture record of one call phase, item by item:
 *   pt_rec(&t, CAP_AT_ENTRY, SYS_openat);
 *   pt_item(&t, 1, CAP_AT_ENTRY, 0, "/etc/hostname", 13);
 *   pt_capture(&t, tid, t.rec, t.rec_len);
 */
static inline void pt_rec(struct ptest *t, int phase, int nr)
{
	struct cap_rec r = { .magic = CAP_MAGIC, .nr = nr,
			     .phase = (uint8_t)phase };

	memcpy(t->rec, &r, sizeof(r));
	t->rec_len = sizeof(r);
}

static inline void pt_item(struct ptest *t, int arg, int phase, int flags,
			   const void *data, size_t len)
{
	struct cap_item it = { .arg = (uint8_t)arg, .phase = (uint8_t)phase,
			       .flags = (uint8_t)flags, .len = (uint32_t)len };
	struct cap_rec r;

	memcpy(t->rec + t->rec_len, &it, sizeof(it));
	memcpy(t->rec + t->rec_len + sizeof(it), data, len);
	t->rec_len += sizeof(it) + ((len + 7) & ~(size_t)7);
	memcpy(&r, t->rec, sizeof(r));
	r.nitems++;
	r.size = (uint32_t)t->rec_len;
	memcpy(t->rec, &r, sizeof(r));
}

/* everything written: the sink closed, the file read back */
static inline const char *pt_text(struct ptest *t)
{
	FILE *f;
	long n;

	ends_detach(&t->pr, pt_tick(t));
	t->sink->ops->close(t->sink);
	t->sink = NULL;
	f = fopen(t->path, "r");
	if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET) || !(t->text = calloc(1, (size_t)n + 1)) ||
	    fread(t->text, 1, (size_t)n, f) != (size_t)n) {
		perror(t->path);
		exit(1);
	}
	fclose(f);
	return t->text;
}

static inline void pt_end(struct ptest *t)
{
	if (t->sink)
		t->sink->ops->close(t->sink);
	pair_free(&t->pr);
	opt_free(&t->o);
	unlink(t->path);
	free(t->text);
}

#endif
