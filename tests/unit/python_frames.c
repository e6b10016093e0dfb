// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unwind stage: Python frames (python.h), records in, frames out.
 *  - python_line on a 3.11 location table Python made (sample() below,
 *    its co_linetable): every code unit's line is the one co_lines()
 *    gives; past the table, a table cut inside an entry, a byte that
 *    starts no entry, a negative instruction: -1, never a line.
 *  - a code object's record (CAP_MAGIC_PYCODE), then a frames record
 *    naming it: the frames "app.py:4 (in main)" and "app.py:10 (in
 *    main)", the entry frame marked; a name of two-byte code points in
 *    UTF-8; spliced in place of the one _PyEval_EvalFrameDefault.
 *  - a frame not started yet skipped, its C frame's run ended at the
 *    frame before; or, when it was that run's only one, no frame.
 *  - refused, no frame: an instruction past the code, a row etrace does
 *    not have, a frames record cut short, a code object never sent
 *    whose process cannot be read (said once), a name with a NUL.
 *
 * The table is of, at line 2 of its file:
 *   def sample(a, b):
 *       x = a + b
 *       if x > 3:
 *           y = [i * 2
 *                for i in range(x)]
 *       else:
 *           y = None
 *
 *       return (x,
 *               y)
 */
#include <stddef.h>
#include <string.h>

#include "capture_abi.h"
#include "check.h"
#include "python.h"
#include "text_line.h"

static const uint8_t lt[] = {
	0x80, 0x00, 0xd8, 0x08, 0x09, 0x88, 0x41, 0x89, 0x05, 0x80, 0x41,
	0xd8, 0x07, 0x08, 0x88, 0x31, 0x82, 0x75, 0x80, 0x75, 0xf0, 0x02,
	0x01, 0x0d, 0x20, 0xf0, 0x00, 0x01, 0x0d, 0x20, 0xdd, 0x16, 0x1b,
	0x98, 0x41, 0x91, 0x68, 0x94, 0x68, 0xf0, 0x03, 0x01, 0x0d, 0x20,
	0xf1, 0x00, 0x01, 0x0d, 0x20, 0xf4, 0x00, 0x01, 0x0d, 0x20, 0x88,
	0x01, 0x88, 0x01, 0xf0, 0x06, 0x00, 0x0d, 0x11, 0x88, 0x01, 0xe0,
	0x0c, 0x0d, 0xd8, 0x0c, 0x0d, 0xf0, 0x03, 0x01, 0x0c, 0x0f, 0xf0,
	0x00, 0x01, 0x05, 0x0f,
};
static const int lines[44] = {
	2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 5, 5, 6, 6, 6, 6, 6, 6, 6, 6,
	6, 6, 6, 6, 6, 6, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 8, 8, 10, 11, 10, 10,
};

#define CODE	0x7f0000001000ull
#define CO_CODE	184			/* 3.11's co_code_adaptive */

static const char *text(const struct frame *f)
{
	static char buf[512];
	struct fmt_buf b;

	fb_init(&b, buf, sizeof(buf) - 1);
	line_frame(&b, f);
	*b.p = '\0';
	return buf;
}

static void table(void)
{
	int bad = 0;
	uint8_t nohead[] = { 0x08, 0x80 };

	for (int u = 0; u < 44; u++)
		bad += python_line(lt, sizeof(lt), 2, u) != lines[u];
	CHECK(bad == 0);
	CHECK(python_line(lt, sizeof(lt), 2, 44) == -1);
	CHECK(python_line(lt, sizeof(lt), 2, -1) == -1);
	/* cut inside the long-form entry at byte 20 (its line delta) */
	CHECK(python_line(lt, 21, 2, 16) == -1);
	CHECK(python_line(nohead, sizeof(nohead), 2, 0) == -1);
}

/* the record of a code object, as cap_python.bpf.c sends it */
static int traceable;			/* the next code_rec's */

static size_t code_rec(uint8_t *buf, int tgid, const char *qual, size_t qlen,
		       int kind)
{
	struct cap_pycode c;
	size_t head = offsetof(struct cap_pycode, lt);

	memset(&c, 0, sizeof(c));
	c.magic = CAP_MAGIC_PYCODE;
	c.tgid = tgid;
	c.start = 5;
	c.code = CODE;
	c.file = 0x1100;
	c.qualname = 0x1200;
	c.linetable = 0x1300;
	c.first = 2;
	c.traceable = traceable;
	c.units = 44;
	memcpy(c.file_b, "app.py", 6);
	c.file_len = 6;
	c.file_kind = 1;
	c.qual_kind = (unsigned int)kind;
	c.qual_len = qlen / (size_t)kind;
	memcpy(c.qual_b, qual, qlen);
	c.lt_len = sizeof(lt);
	memcpy(buf, &c, head);
	memcpy(buf + head, lt, sizeof(lt));
	return head + sizeof(lt);
}

static size_t frames_rec(uint8_t *buf, int tgid, unsigned int row,
			 long lasti0, long lasti1)
{
	struct cap_python r;

	memset(&r, 0, sizeof(r));
	r.magic = CAP_MAGIC_PYTHON;
	r.tid = tgid;
	r.tgid = tgid;
	r.start = 5;
	r.nr = 257;
	r.nframes = 2;
	r.row = row;
	for (int i = 0; i < 2; i++) {
		r.fr[i].code = CODE;
		r.fr[i].file = 0x1100;
		r.fr[i].qualname = 0x1200;
		r.fr[i].linetable = 0x1300;
	}
	r.fr[0].instr = CODE + CO_CODE + 2 * (uint64_t)lasti0;
	r.fr[1].instr = CODE + CO_CODE + 2 * (uint64_t)lasti1;
	r.fr[1].flags = PY_FR_ENTRY;
	memcpy(buf, &r, sizeof(r));
	return offsetof(struct cap_python, fr) + 2 * sizeof(r.fr[0]);
}

int main(void)
{
	static uint8_t buf[sizeof(struct cap_pycode)];
	struct frame out[8], code[8];
	struct maps_table mt;
	struct unwinder u;
	size_t len;
	long nr = 0;
	int n;

	table();
	CHECK(!maps_init(&mt));
	CHECK(!unwind_init(&u, &mt, 0));

	len = code_rec(buf, 1, "main", 4, 1);
	python_code_record(&u, buf, len);
	len = frames_rec(buf, 1, 0, 6, 40);
	n = python_frames(&u, buf, len, &nr, out, 8);
	CHECK(n == 2 && nr == 257);
	CHECK_STR(text(&out[0]), "app.py:4 (in main)");
	CHECK_STR(text(&out[1]), "app.py:10 (in main)");
	CHECK(!out[0].inlined && out[1].inlined);

	/* in place of the interpreter's C frame, the others kept */
	memset(code, 0, sizeof(code));
	code[0].sym = "__open64";
	code[1].sym = "_PyEval_EvalFrameDefault";
	code[2].sym = "PyEval_EvalCode";
	n = python_splice(code, 3, 8, out, n);
	CHECK(n == 4);
	CHECK_STR(code[0].sym, "__open64");
	CHECK_STR(text(&code[1]), "app.py:4 (in main)");
	CHECK_STR(text(&code[2]), "app.py:10 (in main)");
	CHECK_STR(code[3].sym, "PyEval_EvalCode");
	CHECK(!code[1].inlined && !code[2].inlined);

	/* a name of two-byte code points ("é" then "t"), in UTF-8 */
	len = code_rec(buf, 2, "\xe9\x00t\x00", 4, 2);
	python_code_record(&u, buf, len);
	len = frames_rec(buf, 2, 0, 0, 0);
	CHECK(python_frames(&u, buf, len, &nr, out, 8) == 2);
	CHECK_STR(out[0].sym, "\xc3\xa9t");

	/* refused: past the code, no such row, cut short */
	len = frames_rec(buf, 1, 0, 44, 40);
	CHECK(python_frames(&u, buf, len, &nr, out, 8) == 0);
	len = frames_rec(buf, 1, 7, 6, 40);
	CHECK(python_frames(&u, buf, len, &nr, out, 8) == 0);
	len = frames_rec(buf, 1, 0, 6, 40);
	CHECK(python_frames(&u, buf, len - 1, &nr, out, 8) == 0);
	/* never sent, and no process to read it from */
	len = frames_rec(buf, 0x3fffffff, 0, 6, 40);
	CHECK(python_frames(&u, buf, len, &nr, out, 8) == 0);
	/* a NUL in a name: not one */
	len = code_rec(buf, 3, "ma\0n", 4, 1);
	python_code_record(&u, buf, len);
	len = frames_rec(buf, 3, 0, 6, 40);
	CHECK(python_frames(&u, buf, len, &nr, out, 8) == 0);

	/*
	 * Frames not started yet (before _co_firsttraceable) are skipped,
	 * as traceback skips them; one that was its C frame's only one
	 * ends the frames (which C frame ran the next is not known)
	 */
	traceable = 10;
	len = code_rec(buf, 4, "main", 4, 1);
	python_code_record(&u, buf, len);
	len = frames_rec(buf, 4, 0, 20, 5);
	n = python_frames(&u, buf, len, &nr, out, 8);
	CHECK(n == 1 && out[0].inlined && out[0].line == 6);
	len = frames_rec(buf, 4, 0, 5, 40);
	((struct cap_python *)buf)->fr[0].flags = PY_FR_ENTRY;
	CHECK(python_frames(&u, buf, len, &nr, out, 8) == 0);

	python_free(&u);
	unwind_free(&u);
	maps_free(&mt);
	CHECK_DONE();
}
