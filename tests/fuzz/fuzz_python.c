// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz: Python frames (stacks/python.c) from what a traced process
 * controls: the code object records and frames records the BPF program
 * copies out of its memory, any bytes, as feed_capture hands them over;
 * the 3.11 location tables in them; the splice into a C stack.
 *
 * Input: records, each a u8 (bit 0: a code record, else frames), a u16
 * length and that many bytes (the record, its magic set).  Their tgid
 * is made one no process has: nothing is read from another process's
 * memory, the frames come from the code records alone.  Then every
 * frames record's frames go into a C stack with two
 * _PyEval_EvalFrameDefault frames.
 *
 * Asserted: python_line gives -1 or a line in [0, 10^8]; each frame is
 * a Python one, with a file, a name and a line >= 0, or the last "more"
 * frame; no more than asked; the splice keeps every C frame that is not
 * the interpreter's, in order, within its room, and marks none.
 */
#include "capture_abi.h"
#include "fuzz.h"
#include "python.h"

#define MAX 12

static void check_frames(const struct frame *f, int n, int max)
{
	FUZZ_ASSERT(n >= 0 && n <= max);
	for (int i = 0; i < n; i++) {
		FUZZ_ASSERT(f[i].script && !strcmp(f[i].script, "python"));
		if (!f[i].file || !f[i].sym) {
			FUZZ_ASSERT(i == n - 1 && !f[i].file && !f[i].sym);
			continue;
		}
		FUZZ_ASSERT(f[i].line >= 0);
		FUZZ_ASSERT(strlen(f[i].file) < 4 * 1024 + 4);
	}
}

static void check_splice(const struct frame *py, int n)
{
	static const char *const syms[] = {
		"__open64", "_PyEval_EvalFrameDefault", "PyObject_Vectorcall",
		"_PyEval_EvalFrameDefault", "main",
	};
	struct frame code[5 + MAX];
	int m, k = 0;

	memset(code, 0, sizeof(code));
	for (int i = 0; i < 5; i++)
		code[i].sym = syms[i];
	m = python_splice(code, 5, 5 + MAX, py, n);
	FUZZ_ASSERT(m >= 3 && m <= 5 + MAX);
	for (int i = 0; i < m; i++) {
		FUZZ_ASSERT(!code[i].inlined);
		if (code[i].script)
			continue;
		/* the others, in order; an interpreter's frame only where
		   no Python frames were left for it */
		while (k < 5 && code[i].sym != syms[k])
			k++;
		FUZZ_ASSERT(k < 5);
		k++;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct maps_table mt;
	static struct unwinder u;
	static int ready;
	struct fz f;

	if (!ready) {
		if (maps_init(&mt) || unwind_init(&u, &mt, 0))
			abort();
		ready = 1;
	}
	fz_init(&f, data, size);
	while (f.left) {
		int code = fz_u8(&f) & 1;
		size_t len = fz_u8(&f) | (size_t)fz_u8(&f) << 8;
		uint8_t *rec = malloc(len + 8);
		struct frame out[MAX];
		uint32_t magic = code ? CAP_MAGIC_PYCODE : CAP_MAGIC_PYTHON;
		int tgid = 0x3ffffff0, line, n;
		long nr;

		if (!rec)
			abort();
		fz_bytes(&f, rec, len);
		if (len >= 4)
			memcpy(rec, &magic, 4);
		if (len >= 8)
			memcpy(rec + 4, &tgid, 4);
		if (code) {
			python_code_record(&u, rec, len);
		} else {
			if (len >= offsetof(struct cap_python, tgid) + 4)
				memcpy(rec + offsetof(struct cap_python, tgid),
				       &tgid, 4);
			n = python_frames(&u, rec, len, &nr, out, MAX);
			check_frames(out, n, MAX);
			check_splice(out, n);
		}
		line = python_line(rec, len, len ? rec[0] : 0,
				   len > 1 ? rec[1] : 0);
		FUZZ_ASSERT(line == -1 || (line >= 0 && line <= 100000000));
		free(rec);
	}
	return 0;
}
