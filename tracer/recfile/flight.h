/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Recording stage: the flight recorder, `etrace record --flight-recorder
 * WINDOW --trigger WHAT -o FILE`.  The recorder's items (recfile.h) are
 * kept in memory instead of written: those that describe the run once,
 * and the last WINDOW of the others (seconds of trace, bytes of memory,
 * or both; the older ones dropped whole).  When a trigger fires (a call
 * fails with a chosen errno, a chosen signal comes, a process exits
 * with a status other than 0, or SIGUSR1 reaches etrace) the window is
 * written as a recording of its own, FILE.1, FILE.2, ..., which `etrace
 * report` reads as any other; with --after TIME, what comes in the TIME
 * after the trigger is written into it too (streamed, not kept).  A
 * trigger within a window's length (and --after's) of the last dump is
 * counted, not written.
 */
#ifndef ETRACE_FLIGHT_H
#define ETRACE_FLIGHT_H

#include <stddef.h>
#include <stdint.h>

#include "select.h"

/* the memory bound when --flight-recorder names only a time */
#define FLIGHT_DEFAULT_BYTES	(64ull << 20)
#define FLIGHT_DEFAULT_TEXT	"64M"

/*
 * --trigger [SET:]errno=E,...: a call of SET (-e trace='s syntax; every
 * call without) fails with one of E; [SET:]path=GLOB: a call of SET
 * ends that names a path GLOB matches (fnmatch's, copied whole)
 */
#define FLIGHT_CALL_RULES	8
#define FLIGHT_GLOB_MAX		256
struct flight_call_rule {
	struct sc_select calls;
	uint64_t errs[64];		/* errno=: bit e-1 */
	char glob[FLIGHT_GLOB_MAX];	/* path=, "" for errno= */
};

struct flight_conf {
	int given;			/* --flight-recorder */
	uint64_t window_ns;		/* the last this long, 0: as much as
					   the memory holds */
	uint64_t bytes;			/* the memory the window may take */
	uint64_t after_ns;		/* --after: so long after a trigger
					   goes in its dump too */
	int ntrig;			/* --trigger's given */
	struct flight_call_rule rule[FLIGHT_CALL_RULES];
	int nrule;
	uint64_t sigs;			/* signal=: bit sig-1 */
	int exit_bad;			/* exit!=0 */
};

/*
 * --flight-recorder 2s, 500ms, 64M, 2s,64M (which FLIGHT_OPT_WINDOW);
 * --trigger [SET:]errno=E[,E...], [SET:]path=GLOB, signal=S[,S...],
 * exit!=0 (FLIGHT_OPT_TRIGGER); --after 2s, 500ms (FLIGHT_OPT_AFTER):
 * 0, or -1 with one line in err
 */
enum { FLIGHT_OPT_WINDOW, FLIGHT_OPT_TRIGGER, FLIGHT_OPT_AFTER };
int flight_parse(struct flight_conf *c, int which, const char *arg,
		 char *err, size_t errlen);

struct sc_call;

/* what fires: a call's end (syscall nr; 0, or the rule's 1 + index), a
   signal, a process's end */
int flight_on_call(const struct flight_conf *c, long nr,
		   const struct sc_call *call);
int flight_on_signal(const struct flight_conf *c, int sig);
int flight_on_exit(const struct flight_conf *c, int killed, int code);

struct flight;
struct recw;

/*
 * What the recorder knows of the trace at a window's start (from: the
 * time of its first item), for a dump: flags to add to its RF_STATE,
 * and items to write before its RF_START (the tasks traced then).
 */
struct flight_hooks {
	uint32_t (*flags)(void *ctx, uint64_t from);
	int (*tasks)(void *ctx, struct recw *w, uint64_t from);
	void *ctx;
};

/*
 * The recorder of conf c (kept by pointer), its dumps PATH.N; PATH.1 is
 * made now (a path that cannot be written is said at the start) and
 * removed at the end if nothing was written to it.  NULL, err set.
 */
struct flight *flight_new(const struct flight_conf *c, const char *path,
			  const struct flight_hooks *hk, char *err,
			  size_t errlen);
/* one line on stderr: what is kept, where it goes, what fires */
void flight_say_start(const struct flight *f, int self);
/* an item, as recw_item: up to RF_START kept for every dump, then into
   the window (time: when it happened, 0: with the last) */
void flight_item(struct flight *f, uint64_t time, int kind,
		 unsigned int ring, const void *a, size_t alen,
		 const void *b, size_t blen);
/* a trigger fired (why: "errno=ENOENT: openat, pid 12"); by_hand: SIGUSR1,
   never rate-limited */
void flight_fire(struct flight *f, const char *why, uint64_t time,
		 int by_hand);
/* a dump pending: written now, with bad malformed records in its END
   (with --after: begun, and the items that follow go in too) */
void flight_poll(struct flight *f, uint64_t bad);
/* every record up to settled has been handed on: a dump --after keeps
   open ends once its time is past, or is flushed to its file */
void flight_tick(struct flight *f, uint64_t settled);
/* the end: a dump --after keeps open ended there, the counts said, an
   unused PATH.1 removed; 0 or -errno of a dump that failed */
int flight_free(struct flight *f);

#endif
