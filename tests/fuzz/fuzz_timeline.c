// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz: the timeline (tracer/sinks/sink_timeline.c, --timeline FILE) and
 * --stack=perf's blocks (sink_perf.c), from names a traced program
 * chose: two tasks whose comms, calls' captured strings and stack
 * frames' modules, symbols and files are any bytes, forking, exec'ing,
 * signalled, noted, exiting.
 *
 * Input: u8 sink (bit 0: --stack=perf, else the timeline), u8 pool size
 * and strings (u8 length, bytes; a NUL ends a C
 * string, so it becomes 0x01), then operations, each a u8 (modulo 7)
 * with u8 task (bit 0: which of the two) and its arguments:
 *   0 call: u8 comm, u16 number, 6 x u64 arguments, i64 return, u8 flags
 *     (bit 0: entry seen, bits 1-2: how it ended), u16 length and bytes
 *     of a capture of the first argument, u8 frames (modulo 8), each u8
 *     module, u8 symbol, u8 file (pool strings, or none), u8 cut
 *   1 fork (the other task the child)   2 exec: u8 comm
 *   3 signal: u8 number   4 note: u16 length and the text's bytes
 *   5 lost: u32 records   6 exit: u8 how, i32 code
 * The timeline's file, closed, must be one JSON value (valid.h's
 * json_ok: RFC 8259, valid UTF-8), an array; perf's, text that a
 * terminal shows as it is (valid.h's text_ok: valid UTF-8, no control
 * byte but newline) once the tab that begins each frame line is taken
 * out, and no other tab.
 */
#include "fuzz.h"
#include "sink.h"
#include "sysent_fallback.h"
#include "valid.h"

#define NPOOL 8

static const char *path;
static char pool[NPOOL][256];

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	path = fz_tmp("timeline");
	return 0;
}

static const char *pick(struct fz *f, int npool)
{
	return fz_pick(f, pool, npool);
}

static void set_comm(struct task *t, const char *comm)
{
	memset(t->comm, 0, sizeof(t->comm));
	if (comm)
		memcpy(t->comm, comm, strnlen(comm, sizeof(t->comm) - 1));
}

/* a call of t's, entered (when seen) and ended, with a frame list */
static void call(struct sink *s, struct fz *f, struct task *t, int npool,
		 const struct fmt_opts *fo)
{
	struct frame fr[8];
	struct sc_call c;
	struct cap k;
	const uint8_t *p;
	uint8_t *mem;
	size_t got;
	uint8_t fl;

	memset(&c, 0, sizeof(c));
	set_comm(t, pick(f, npool));
	t->nr = fz_u16(f) % 512;
	c.d = sc_desc_of(t->nr);
	c.o = fo;
	for (int i = 0; i < SC_MAX_ARGS; i++)
		c.args[i] = t->args[i] = fz_u64(f);
	c.ret = (int64_t)fz_u64(f);
	fl = fz_u8(f);
	c.exited = ((fl >> 1) & 3) == END_RETURNED;
	p = fz_take(f, fz_u16(f) % 4097, &got);
	mem = fz_dup(p, got);
	memset(&k, 0, sizeof(k));
	k.p = mem;
	k.len = (uint32_t)got;
	c.cap[0] = &k;
	t->nframes = fz_u8(f) % 8;
	for (int i = 0; i < t->nframes; i++) {
		memset(&fr[i], 0, sizeof(fr[i]));
		fr[i].pc = 0x401000 + (uint64_t)i;
		fr[i].module = pick(f, npool);
		fr[i].sym = pick(f, npool);
		fr[i].file = pick(f, npool);
		fr[i].line = i;
		fr[i].cut = i == t->nframes - 1 && (fz_u8(f) & 1);
	}
	t->frames = fr;
	t->t_enter = fl & 1 ? 1000 : 0;
	if (fl & 1)
		s->ops->sc_enter(s, t, &c, 1000);
	s->ops->sc_exit(s, t, &c, 2000, fl & 1, (enum call_end)((fl >> 1) & 3));
	t->frames = NULL;
	t->nframes = 0;
	free(mem);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sink_view view = { 2, 1, 0, 0 };
	struct fmt_opts fo = { 0 };
	struct sink_conf o;
	struct task t[2];
	struct sink *s;
	struct fz f;
	char err[256], *out;
	int npool, ops = 0, perf;
	long len;
	FILE *in;

	if (size > 65536)
		return 0;
	fz_init(&f, data, size);
	perf = fz_u8(&f) & 1;
	npool = fz_pool(&f, pool, NPOOL);
	fo.strsize = 32;
	view.fo = &fo;
	memset(&o, 0, sizeof(o));
	o.lines = 1;
	if (perf) {
		o.outfile = path;
		s = sink_perf_new(&o, &view, err, sizeof(err));
	} else {
		o.timeline = path;
		s = sink_timeline_new(&o, &view, err, sizeof(err));
	}
	/* the trace's start empties the file and begins the array */
	if (!s || s->ops->start(s))
		abort();
	memset(t, 0, sizeof(t));
	for (int i = 0; i < 2; i++) {
		t[i].pid = t[i].tid = 4242 + i;
		t[i].tl_from = -1;	/* (as task.c makes a task) */
	}
	while (f.left && ops++ < 64) {
		uint8_t op = fz_u8(&f) % 7;
		struct task *a = &t[fz_u8(&f) & 1];

		switch (op) {
		case 0:
			call(s, &f, a, npool, &fo);
			break;
		case 1:
			/* (optional ops: perf has neither) */
			if (s->ops->fork)
				s->ops->fork(s, a, a == t ? &t[1] : t, 3000);
			break;
		case 2:
			set_comm(a, pick(&f, npool));
			if (s->ops->exec)
				s->ops->exec(s, a, 3000);
			break;
		case 3:
			s->ops->signal(s, a, fz_u8(&f), NULL, 0, 0, 3000);
			break;
		case 4: {
			size_t got;
			const uint8_t *p = fz_take(&f, fz_u16(&f) % 2049, &got);
			char *text = malloc(got + 1);

			if (!text)
				abort();
			memcpy(text, p, got);
			text[got] = '\0';
			s->ops->note(s, a, text, 3000);
			free(text);
			break;
		}
		case 5:
			s->ops->lost(s, 0, fz_u32(&f), 3000);
			break;
		case 6:
			s->ops->task_exit(s, a, (enum exit_how)(fz_u8(&f) % 3),
					  (int)fz_u32(&f), 0, 3000);
			break;
		}
	}
	FUZZ_ASSERT(!s->ops->close(s));
	for (int i = 0; i < 2; i++)
		free(t[i].tl_entry);
	/* one JSON value, an array */
	in = fopen(path, "r");
	if (!in || fseek(in, 0, SEEK_END) || (len = ftell(in)) < 0 ||
	    fseek(in, 0, SEEK_SET) || !(out = malloc((size_t)len + 1)) ||
	    fread(out, 1, (size_t)len, in) != (size_t)len)
		abort();
	fclose(in);
	if (perf) {
		/* the frame lines' tabs out: then plain text */
		char *w = out;

		for (long i = 0; i < len; i++)
			if (out[i] != '\t' || (i && out[i - 1] != '\n'))
				*w++ = out[i];
		FUZZ_ASSERT(text_ok(out, (size_t)(w - out)));
	} else {
		FUZZ_ASSERT(len > 0 && out[0] == '[');
		if (!json_ok(out, (size_t)len))
			FUZZ_ASSERT(!"the timeline is not one JSON value");
	}
	free(out);
	return 0;
}
