// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz: a JIT's /tmp/perf-PID.map, the way etrace reads it for -k frames
 * in anonymous code (tracer/stacks/jitmap.c), against a model.
 *
 * Input: u8 mode.  Bit 0 clear: the rest is one line for
 * jitmap_parse_line; a line it takes must give code of at least one
 * byte that does not wrap around, and a name that is not empty and has
 * no newline.
 *
 * Bit 0 set: a perf map, one line per item: u8 kind (0: "START SIZE
 * name" in hex, as JITs write it; 1: a line of other bytes that does not
 * start with a hex digit; 2: a symbol line at the end of a line longer
 * than etrace reads: the whole line is no symbol), u64 start (bit 0 of
 * kind's byte 1: any u64, else in a small range, so that code overlaps),
 * u16 size, u8 name length and the name's bytes (no newline, no NUL).
 * The map is written as /tmp/perf-PID.map of a pid no process can have
 * and unwind_frames names pcs in anonymous code of that pid.  The model:
 * the symbol of a pc is the last line that covers it (a JIT appends a
 * line for code it puts where other code was); a frame must have
 * exactly that name, the map as its module and the offset from the
 * symbol's start, or no name when no line covers it.
 */
#include <ctype.h>
#include <unistd.h>

#include "fuzz.h"
#include "jitmap.h"
#include "maps.h"
#include "unwind.h"

#define NSYM 512

static struct jsym {
	uint64_t start, end;
	char name[300];
} model[NSYM];
static int nmodel;
static pid_t fake_pid;
static char path[64];
static char text[1 << 18];

static void cleanup(void)
{
	unlink(path);
}


int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	/* above pid_max's greatest value (2^22): no process has it */
	fake_pid = (pid_t)(0x40000000 | (getpid() & 0xffffff));
	snprintf(path, sizeof(path), "/tmp/perf-%d.map", (int)fake_pid);
	atexit(cleanup);
	return 0;
}

static const struct jsym *model_at(uint64_t pc)
{
	for (int i = nmodel - 1; i >= 0; i--)
		if (model[i].start <= pc && pc < model[i].end)
			return &model[i];
	return NULL;
}

static void one_line(struct fz *f)
{
	size_t got;
	const uint8_t *p = fz_take(f, 1024, &got);
	char *line = malloc(got + 1), *name;
	uint64_t start, end;

	if (!line)
		abort();
	memcpy(line, p, got);
	line[got] = '\0';
	if (!jitmap_parse_line(line, &start, &end, &name)) {
		FUZZ_ASSERT(end > start);
		FUZZ_ASSERT(name >= line && name < line + got && name[0]);
		FUZZ_ASSERT(!strchr(name, '\n'));
	}
	free(line);
}

/* the frame of pc (a return address when ret: pc - 1 is looked up) */
static void check_pc(struct unwinder *u, uint64_t pc, int ret)
{
	uint64_t pcs[2] = { pc + 1, pc + 1 };
	struct frame fr[4];
	const struct jsym *w;
	int n;

	/*
	 * The fake process has no mappings: an address its map does not
	 * name is in no code known, and the frames end there, cut.
	 */
	if (ret) {
		n = unwind_frames(u, fake_pid, pcs, 2, FRAME_CUT_NONE, fr, 4);
		if (!model_at(pc + 1)) {
			FUZZ_ASSERT(n == 1 && fr[0].cut == FRAME_CUT_NOT_CODE);
			return;
		}
		FUZZ_ASSERT(n == 2);
		fr[0] = fr[1];	/* the second: pcs[1] - 1 looked up */
	} else {
		n = unwind_frames(u, fake_pid, &pc, 1, FRAME_CUT_NONE, fr, 4);
		FUZZ_ASSERT(n == 1);
	}
	w = model_at(pc);
	if (!w) {
		if (fr[0].sym)
			fprintf(stderr, "pc %#llx: %s, the model has none\n",
				(unsigned long long)pc, fr[0].sym);
		FUZZ_ASSERT(fr[0].cut == FRAME_CUT_NOT_CODE && !fr[0].sym &&
			    !fr[0].module);
		return;
	}
	if (!fr[0].sym || strcmp(fr[0].sym, w->name)) {
		fprintf(stderr, "pc %#llx: '%s', the model has '%s'\n",
			(unsigned long long)pc, fr[0].sym ? fr[0].sym : "(none)",
			w->name);
		FUZZ_ASSERT(!"wrong name");
	}
	FUZZ_ASSERT(fr[0].module && !strcmp(fr[0].module, path));
	FUZZ_ASSERT(fr[0].symoff == (ret ? pc + 1 : pc) - w->start);
}

/*
 * One unwinder for 64 inputs (building one costs more than a run): they
 * intern at most 64 * NSYM names, far from its table's bound.  Names are
 * interned by content, so what an input gives does not depend on the
 * inputs before it.
 */
static struct unwinder u;
static struct maps_table mt;
static int uses;

static void whole_map(struct fz *f)
{
	size_t n = 0;
	FILE *out;

	nmodel = 0;
	while (f->left && nmodel < NSYM && n < sizeof(text) - 4096) {
		uint8_t kind = fz_u8(f);
		uint64_t start = fz_u64(f), size = fz_u16(f);
		size_t len = fz_u8(f), got;
		const uint8_t *p = fz_take(f, len, &got);
		char name[300];

		if (!(kind & 8)) {
			start &= 0xfff;
			size &= 0x3f;
		}
		for (size_t i = 0; i < got; i++)
			name[i] = p[i] == '\n' || !p[i] ? '_' : (char)p[i];
		name[got] = '\0';
		/* (blanks after the size are the separator's) */
		if (got && strchr(" \t\v\f\r", name[0]))
			name[0] = '_';
		switch (kind % 3) {
		case 1:
			n += (size_t)snprintf(text + n, sizeof(text) - n, "z%s\n", name);
			continue;
		case 2:
			n += (size_t)snprintf(text + n, sizeof(text) - n, "%600s", "");
			break;
		}
		n += (size_t)snprintf(text + n, sizeof(text) - n, "%llx %llx %s\n",
				      (unsigned long long)start,
				      (unsigned long long)size, name);
		/* a line: code of at least a byte, not wrapping, a name */
		if (kind % 3 == 0 && size && start + size > start && got) {
			model[nmodel].start = start;
			model[nmodel].end = start + size;
			memcpy(model[nmodel].name, name, got + 1);
			nmodel++;
		}
	}
	out = fopen(path, "w");
	if (!out || fwrite(text, 1, n, out) != n || fclose(out))
		abort();
	if (uses++ % 64 == 0) {
		if (uses > 1) {
			unwind_free(&u);
			maps_free(&mt);
		}
		if (maps_init(&mt) || unwind_init(&u, &mt, 0))
			abort();
	}
	for (int i = 0; i < nmodel; i++) {
		check_pc(&u, model[i].start, i & 1);
		check_pc(&u, model[i].end - 1, 0);
		check_pc(&u, model[i].end, 0);
		if (model[i].start)
			check_pc(&u, model[i].start - 1, 0);
	}
	check_pc(&u, 0x1000, 0);
	maps_exit(&mt, fake_pid);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fz f;

	if (size > 65536)
		return 0;
	fz_init(&f, data, size);
	if (fz_u8(&f) & 1)
		whole_map(&f);
	else
		one_line(&f);
	return 0;
}
