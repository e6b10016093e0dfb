// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz: the JSON Lines sink (tracer/sink_json.c), every kind of object
 * it writes, from values a traced program chose: syscalls with their
 * captured memory (paths, buffers, structs of any bytes), comms, stack
 * frames' modules, symbols and files, signals with their siginfo,
 * tracepoint records with strings, notes, reports, summary rows.
 *
 * Input: u8 options (-s, -q, --hist; bit 7 unused), u8 pool size and
 * strings (u8 length, bytes; a NUL ends a C string, so it becomes 0x01),
 * then operations, each a u8 (modulo 8) and its arguments:
 *   0 syscall: u16 number, u8 comm, u8 flags (bit 0: entry seen, bits
 *     1-2: how it ended), 6 x u64 arguments, i64 return, per argument u8
 *     (bit 0: a capture at entry, bit 1 at exit, bit 2 cut, bit 3
 *     fault) and each capture's u16 length and bytes; u8 frames (modulo
 *     8), each u8 module, u8 symbol, u8 file (pool strings, or none)
 *   1 task exit: u8 how, i32 code   2 lost: u8 cpu, u32 records
 *   3 signal: u8 number, u8 siginfo length (to 128) and bytes, u8 partial
 *   4 event: u16 length and the record's bytes (sched_process_exec)
 *   5 note, 6 report: u16 length and the text's bytes
 *   7 summary: u8 --by, u8 rows: u8 comm, u16 number, i16 return each
 * The output must be one valid JSON object per line (valid.h's json_ok:
 * RFC 8259, valid UTF-8), one line per object the sink was to write.
 */
#include <unistd.h>

#include <traceevent/event-parse.h>

#include "events.h"
#include "fuzz.h"
#include "sink.h"
#include "summary.h"
#include "sysent_fallback.h"
#include "valid.h"

#define NPOOL 8

static const char sched_exec[] =
"name: sched_process_exec\nID: 365\nformat:\n"
"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
"\tfield:__data_loc char[] filename;\toffset:8;\tsize:4;\tsigned:0;\n"
"\tfield:pid_t pid;\toffset:12;\tsize:4;\tsigned:1;\n"
"\tfield:pid_t old_pid;\toffset:16;\tsize:4;\tsigned:1;\n"
"\tfield:char comm[16];\toffset:20;\tsize:16;\tsigned:0;\n"
"\tfield:unsigned long ids[2];\toffset:40;\tsize:16;\tsigned:0;\n\n"
"print fmt: \"filename=%s pid=%d old_pid=%d\", __get_str(filename), REC->pid, REC->old_pid\n";

static struct tep_handle *tep;
static struct evsel ev;
static const char *path;
static char pool[NPOOL][256];

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	struct tep_event *e;

	tep_set_loglevel(TEP_LOG_NONE);
	tep = tep_alloc();
	if (!tep || tep_parse_format(tep, &e, sched_exec, sizeof(sched_exec) - 1,
				     "sched"))
		abort();
	tep_set_long_size(tep, 8);
	memset(&ev, 0, sizeof(ev));
	snprintf(ev.sys, sizeof(ev.sys), "sched");
	snprintf(ev.name, sizeof(ev.name), "sched_process_exec");
	ev.role = EV_TP;
	ev.fmt = e;
	ev.tp_name = "sched:sched_process_exec";
	path = fz_tmp("jsonsink");
	return 0;
}

static const char *pick(struct fz *f, int npool)
{
	return fz_pick(f, pool, npool);
}

/* bytes of the input in an allocation of exactly their size (kept) */
static uint8_t *mem[64];
static int nmem;

static const uint8_t *take(struct fz *f, size_t max, size_t *got)
{
	const uint8_t *p = fz_take(f, fz_u16(f) % (max + 1), got);

	if (nmem == 64)
		return (const uint8_t *)"";
	mem[nmem] = fz_dup(p, *got);
	return mem[nmem++];
}

/*
 * One sink for all inputs (making one costs more than a run), reading
 * its options through o, which each input sets; what an input writes
 * starts at byte done of the file.
 */
static struct sink_view view = { 1, 0, 0, 0 };
static struct sink_conf o;
static struct sink *s;
static long done;

/* split k's copy into up to CAP_PIECES pieces that add up to its length */
static void pieces(struct fz *f, struct cap *k)
{
	uint32_t left = k->len;
	int n = 1 + fz_u8(f) % CAP_PIECES;

	for (int j = 0; j < n; j++) {
		uint32_t l = j + 1 < n ? fz_u16(f) % (left + 1) : left;

		k->piece[j] = l;
		left -= l;
		if (fz_u8(f) & 1)
			k->holes |= 1u << j;
	}
	k->npieces = (uint8_t)n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const int strsizes[4] = { 32, 0, 7, 4096 };
	struct fmt_opts fo = { 0 };
	struct fz f;
	struct task t;
	struct frame fr[8];
	char err[256], *out;
	uint8_t opts;
	int npool, ops = 0;
	size_t want = 0, len;
	FILE *in;

	if (size > 65536)
		return 0;
	fz_init(&f, data, size);
	opts = fz_u8(&f);
	memset(&o, 0, sizeof(o));
	o.outfile = path;	/* (read when the sink is made) */
	o.lines = 1;
	o.quiet = (opts >> 2) & (QUIET_ATTACH | QUIET_EXIT);
	o.hist = (opts >> 4) & 1;
	/* (bit 7 was -e status=, pairing's rule now: unused) */
	fo.strsize = strsizes[opts & 3];
	fo.verbose = (opts >> 5) & 1;
	fo.xflag = (opts >> 6) & 1;
	npool = fz_pool(&f, pool, NPOOL);
	if (!s || done > (256l << 20)) {
		if (s)
			FUZZ_ASSERT(!s->ops->close(s));
		s = sink_json_new(&o, &view, err, sizeof(err));
		/* the trace's start empties the file (out.c keeps it at open) */
		if (!s || s->ops->start(s))
			abort();
		done = 0;
	}
	memset(&t, 0, sizeof(t));
	t.pid = 4242;
	t.tid = 4243;
	nmem = 0;
	while (f.left && ops++ < 64) {
		uint8_t op = fz_u8(&f) % 8;

		switch (op) {
		case 0: {
			struct sc_call c;
			struct cap caps[2][SC_MAX_ARGS];
			const char *comm;
			uint8_t fl;
			int seen, end;

			memset(&c, 0, sizeof(c));
			t.nr = fz_u16(&f) % 512;
			c.d = sc_desc_of(t.nr);
			c.o = &fo;
			comm = pick(&f, npool);
			memset(t.comm, 0, sizeof(t.comm));
			if (comm)
				memcpy(t.comm, comm, strnlen(comm, 16));
			fl = fz_u8(&f);
			seen = fl & 1;
			end = (fl >> 1) & 3;
			for (int i = 0; i < SC_MAX_ARGS; i++)
				c.args[i] = t.args[i] = fz_u64(&f);
			c.ret = (int64_t)fz_u64(&f);
			c.exited = end == END_RETURNED;
			for (int i = 0; i < SC_MAX_ARGS; i++) {
				uint8_t cf = fz_u8(&f);

				for (int ph = 0; ph < 2; ph++) {
					struct cap *k = &caps[ph][i];
					size_t got;

					if (!(cf & (1 << ph)))
						continue;
					memset(k, 0, sizeof(*k));
					k->p = take(&f, 4096, &got);
					k->len = (uint32_t)got;
					/* msghdr's pieces, as the parser makes them:
					   their lengths add up to the copy */
					if (cf & 16)
						pieces(&f, k);
					k->flags = (uint8_t)((cf & 4 ? CAP_TRUNC : 0) |
							     (cf & 8 ? CAP_FAULT : 0));
					if (ph)
						c.cap_out[i] = k;
					else
						c.cap[i] = k;
				}
			}
			t.nframes = fz_u8(&f) % 8;
			for (int i = 0; i < t.nframes; i++) {
				memset(&fr[i], 0, sizeof(fr[i]));
				fr[i].pc = 0x401000 + (uint64_t)i;
				fr[i].module = pick(&f, npool);
				fr[i].sym = pick(&f, npool);
				fr[i].file = pick(&f, npool);
				fr[i].line = i;
				fr[i].inlined = i & 1;
			}
			t.frames = fr;
			t.t_enter = seen ? 1000 : 0;
			s->ops->sc_exit(s, &t, &c, 2000, seen, (enum call_end)end);
			/* (a sink writes every call it is given: -e status=
			   is pairing's rule, applied before it) */
			want++;
			t.frames = NULL;
			t.nframes = 0;
			break;
		}
		case 1:
			s->ops->task_exit(s, &t, (enum exit_how)(fz_u8(&f) % 3),
					  (int)fz_u32(&f), 0, 3000);
			want++;
			break;
		case 2:
			s->ops->lost(s, (int8_t)fz_u8(&f), fz_u32(&f), 3000);
			want++;
			break;
		case 3: {
			int sig = fz_u8(&f);
			size_t got, n = fz_u8(&f) % 129;
			const uint8_t *p = fz_take(&f, n, &got);
			struct cap k = { NULL, 0, 0, 0, 0 };
			uint64_t ip;
			int partial;

			if (nmem < 64) {
				mem[nmem] = fz_dup(p, got);
				k.p = mem[nmem++];
				k.len = (uint32_t)got;
			}
			partial = fz_u8(&f) & 1;
			ip = fz_u8(&f) ? 0x7f0012345678ull : 0;
			s->ops->signal(s, &t, sig, k.p ? &k : NULL, partial,
				       ip, 3000);
			want++;	/* (-qqq keeps signal lines, as strace 6.1) */
			break;
		}
		case 4: {
			size_t got;
			const uint8_t *p = take(&f, 512, &got);

			s->ops->event(s, &t, &ev, p, (uint32_t)got, 3000);
			want++;
			break;
		}
		case 5:
		case 6: {
			size_t got;
			const uint8_t *p = take(&f, 2048, &got);
			char *text = malloc(got + 1);

			if (!text)
				abort();
			memcpy(text, p, got);
			text[got] = '\0';
			if (op == 5)
				s->ops->note(s, &t, text, 3000);
			else
				s->ops->report(s, "spawns", text, got);
			free(text);
			want++;
			break;
		}
		case 7: {
			struct summary sum;
			int rows = fz_u8(&f) % 16;

			if (summary_init(&sum, fz_u8(&f) & 7))
				abort();
			for (int i = 0; i < rows; i++) {
				const char *comm = pick(&f, npool);
				char c16[16] = "";

				/* a task's comm: 16 bytes, NUL-padded */
				if (comm)
					memcpy(c16, comm, strnlen(comm, 15));
				summary_call(&sum, c16, 4242, 4243 + i % 2,
					     fz_u16(&f) % 512, (int16_t)fz_u16(&f),
					     1000u * (unsigned int)i);
			}
			s->ops->summary(s, &sum, 3000);
			want += sum.n + 1;
			summary_free(&sum);
			break;
		}
		}
	}
	FUZZ_ASSERT(!s->ops->flush(s));
	for (int i = 0; i < nmem; i++)
		free(mem[i]);
	/* one JSON object per line, one line per object written */
	in = fopen(path, "r");
	if (!in || fseek(in, 0, SEEK_END) || (len = (size_t)(ftell(in) - done)) > (1ul << 31) ||
	    fseek(in, done, SEEK_SET) || !(out = malloc(len + 1)) ||
	    fread(out, 1, len, in) != len)
		abort();
	fclose(in);
	done += (long)len;
	{
		size_t lines = 0;

		for (char *l = out; l < out + len; lines++) {
			char *nl = memchr(l, '\n', (size_t)(out + len - l));

			FUZZ_ASSERT(nl);
			FUZZ_ASSERT(l[0] == '{');
			if (!json_ok(l, (size_t)(nl - l)))
				FUZZ_ASSERT(!"not one JSON value");
			l = nl + 1;
		}
		if (lines != want)
			fprintf(stderr, "%zu lines, %zu objects\n", lines, want);
		FUZZ_ASSERT(lines == want);
	}
	free(out);
	return 0;
}
