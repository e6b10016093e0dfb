// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz: the records bash's uprobes send (struct cap_bash, for --spawns),
 * through feed_capture as the trace hands them over, and the script line
 * pair_fork files each new process under, against a model.
 *
 * Input: operations, each a u8 (bit 0) and its arguments:
 *   record: u8 tid (1-8), u8 kind (BASH_FORK, _FUNC, _SOURCE, or another
 *           value), s8 line, s8 source level, u8 name length and bytes
 *           (up to 70: the record's 64 may come without a NUL), u8 file
 *           length and bytes (up to 200 of 192)
 *   fork:   u8 parent tid, u8 child tid, u8 (bit 0: a thread)
 * Tasks 1 and 2 exist at the start; forks add the others.
 *
 * The model, from what bash does: a process's functions (name -> the
 * file it was defined in; a new definition replaces the file) and the
 * files it sources (by level) carry over to the processes it forks; a
 * BASH_FORK record says where its next fork comes from: in a function,
 * the function's file; at the top of a sourced file, that file; else
 * the script.  A fork of a process (not a thread) must be filed under
 * exactly that line, function and file, once, or under none.
 */
#include "capture.h"
#include "fuzz.h"
#include "feed.h"
#include "origins.h"
#include "pair.h"
#include "sink.h"

#define NT 9

struct mtask {
	int live;
	int pid;
	int has;			/* bash state */
	struct { char name[64], file[192]; } funcs[300];
	int nfuncs;
	char sourced[16][192];
	struct cap_bash last;
	int pending;
};

static struct mtask model[NT];

static void model_record(const struct cap_bash *r, int tid)
{
	struct mtask *m = &model[tid];

	if (!m->live)
		return;
	m->has = 1;
	switch (r->kind) {
	case BASH_FORK:
		m->last = *r;
		m->pending = 1;
		break;
	case BASH_FUNC:
		for (int i = 0; i < m->nfuncs; i++) {
			if (!strcmp(m->funcs[i].name, r->name)) {
				memcpy(m->funcs[i].file, r->file, 192);
				return;
			}
		}
		if (m->nfuncs < 300) {
			memcpy(m->funcs[m->nfuncs].name, r->name, 64);
			memcpy(m->funcs[m->nfuncs].file, r->file, 192);
			m->nfuncs++;
		}
		break;
	case BASH_SOURCE:
		if (r->sourcelevel >= 0 && r->sourcelevel + 1 < 16)
			memcpy(m->sourced[r->sourcelevel + 1], r->file, 192);
		break;
	}
}

/* the location of the parent's next fork, as the model says (0: none) */
static int model_loc(struct mtask *m, struct shell_loc *loc)
{
	const char *file = NULL;

	if (!m->has || !m->pending || m->last.line <= 0)
		return 0;
	m->pending = 0;
	memset(loc, 0, sizeof(*loc));
	loc->line = m->last.line;
	strcpy(loc->func, m->last.name);
	if (m->last.name[0]) {
		for (int i = 0; i < m->nfuncs && !file; i++)
			if (!strcmp(m->funcs[i].name, m->last.name))
				file = m->funcs[i].file;
	} else if (m->last.sourcelevel > 0 && m->last.sourcelevel < 16) {
		file = m->sourced[m->last.sourcelevel];
	} else {
		file = m->last.file;
	}
	strcpy(loc->file, file ? file : "");
	return 1;
}

/* the trace's sink, with no ops: pair_fork calls .fork only when set */
static const struct sink_ops no_ops;
static struct sink_view no_view;
static struct sink no_sink = { &no_ops, &no_view };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sc_select sel;
	struct pair_conf conf;
	struct pair p;
	struct fz f;
	int ops = 0;

	if (size > 16384)
		return 0;
	fz_init(&f, data, size);
	memset(&sel, 0, sizeof(sel));
	memset(model, 0, sizeof(model));
	memset(&conf, 0, sizeof(conf));
	conf.sel = &sel;
	conf.strsize = 32;
	conf.follow = 1;
	if (pair_init(&p, &no_sink, &conf))
		abort();
	/* --spawns: the trace keeps bash's state only with it */
	if (!(p.spawns = spawns_new()))
		abort();
	for (int tid = 1; tid <= 2; tid++) {
		FUZZ_ASSERT(pair_add_task(&p, tid, tid, "bash"));
		model[tid].live = 1;
		model[tid].pid = tid;
	}
	while (f.left && ops++ < 300) {
		uint8_t op = fz_u8(&f);

		if (!(op & 1)) {
			struct cap_bash r;
			uint8_t *raw;
			size_t got, n;
			const uint8_t *s;
			int tid = fz_u8(&f) % (NT - 1) + 1;

			memset(&r, 0, sizeof(r));
			r.magic = CAP_MAGIC_BASH;
			r.tid = tid;
			r.kind = fz_u8(&f) % 5;
			r.line = (int8_t)fz_u8(&f);
			r.sourcelevel = (int8_t)fz_u8(&f);
			n = fz_u8(&f) % 71;
			s = fz_take(&f, n, &got);
			memcpy(r.name, s, got < 64 ? got : 64);
			n = fz_u8(&f) % 201;
			s = fz_take(&f, n, &got);
			memcpy(r.file, s, got < 192 ? got : 192);
			/* the record as the ring holds it: exactly its size */
			raw = fz_dup(&r, sizeof(r));
			feed_capture(&p, model[tid].pid ? model[tid].pid : tid,
				     tid, raw, sizeof(r));
			free(raw);
			/* (etrace's copy ends its strings where the record does) */
			r.name[63] = r.file[191] = '\0';
			model_record(&r, tid);
			continue;
		}
		{
			int pt = fz_u8(&f) % (NT - 1) + 1;
			int ct = fz_u8(&f) % (NT - 1) + 1;
			int thread = fz_u8(&f) & 1;
			struct mtask *m = &model[pt], *c = &model[ct];
			int ppid = m->live ? m->pid : pt;
			int cpid = thread ? ppid : ct;
			struct shell_loc want;
			const struct shell_loc *loc;
			struct task *t;
			int has_loc = 0, existed = c->live;

			pair_fork(&p, ppid, pt, cpid, ct, 1000);
			t = task_find(&p.tasks, ct);
			FUZZ_ASSERT(t);
			if (existed)
				continue;	/* known already: nothing changes */
			c->live = 1;
			c->pid = cpid;
			if (m->live && cpid != ppid) {
				/* the child has the parent's shell state */
				memcpy(c->funcs, m->funcs, sizeof(m->funcs));
				c->nfuncs = m->nfuncs;
				memcpy(c->sourced, m->sourced, sizeof(m->sourced));
				c->last = m->last;
				c->has = m->has;
				c->pending = 0;
				has_loc = model_loc(m, &want);
			}
			if (!has_loc) {
				FUZZ_ASSERT(!origin_loc(t));
				continue;
			}
			loc = origin_loc(t);
			FUZZ_ASSERT(loc);
			if (loc->line != want.line || strcmp(loc->func, want.func) ||
			    strcmp(loc->file, want.file)) {
				fprintf(stderr, "fork %d -> %d: %s:%d (%s), the model"
					" has %s:%d (%s)\n", pt, ct, loc->file,
					loc->line, loc->func, want.file,
					want.line, want.func);
				FUZZ_ASSERT(!"wrong script line");
			}
		}
	}
	pair_free(&p);
	spawns_free(p.spawns);
	return 0;
}
