// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unwind stage: Python frames (python.h).  A record names each frame by
 * its code object and the pointers the code held at the syscall (its
 * file, qualified name and line table); the code object is read here
 * from the process's memory, once: it must still hold those pointers
 * (else it is not the code that ran, and nothing is said), its type and
 * its strings' types must be the interpreter's, every length is
 * bounded.  Whatever fails, the record gives no Python frames (said on
 * stderr once), never a guessed name or line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>

#include "python.h"
#include "spawns.h"

/*
 * The offsets, one row per minor version.  3.11: Include/internal/
 * pycore_runtime.h, pycore_interp.h, pycore_frame.h, cpython/pystate.h,
 * cpython/code.h, cpython/bytesobject.h and cpython/unicodeobject.h of
 * 3.11, x86_64; checked on Debian's 3.11.2 (static and shared) against
 * the objects' own fields read through ctypes.
 */
const struct py_offsets python_rows[] = {
	{
		.version = 0x030b,
		.rt_interp_head = 40,
		.is_threads_head = 16,
		.ts_next = 8,
		.ts_thread_id = 152,
		.ts_cframe = 56,
		.cf_current = 8,
		.fr_win = 32,
		.fr_code = 32,
		.fr_previous = 48,
		.fr_instr = 56,
		.fr_entry = 68,
		.ob_type = 8,
		.ob_size = 16,
		.co_names = 112,
		.co_firstlineno = 72,
		.co_firsttraceable = 168,
		.co_code = 184,
		.bytes_data = 32,
		.str_state = 32,
		.str_ascii_data = 48,
		.str_data = 72,
		.str_length = 16,
	},
};
const int python_nrows = sizeof(python_rows) / sizeof(python_rows[0]);

#define PY_CODE_MAX	512		/* bytes of a code object read */
#define PY_STR_MAX	1024		/* code points of a name, a file */
#define PY_LT_MAX	65536		/* bytes of a location table */
#define PY_SLOTS	8192		/* code objects cached (power of 2) */

/* a code object as read once: what names its frames */
struct py_code {
	int tgid;
	uint64_t start;			/* the process's start time */
	uint64_t code, file, qualname, linetable;	/* the key */
	const char *file_s, *qual_s;	/* interned */
	uint8_t *lt;
	uint32_t ltlen;
	int whole;			/* lt is the whole table */
	int first;			/* co_firstlineno */
	long units;			/* its code units (ob_size) */
	long traceable;			/* _co_firsttraceable */
};

struct py_cache {
	struct py_code slot[PY_SLOTS];
	int used;
	int said_read, said_bad;	/* stderr said it once */
};

static struct py_cache *py_cache(struct unwinder *u)
{
	if (!u->python)
		u->python = calloc(1, sizeof(struct py_cache));
	return u->python;
}

static void py_clear(struct py_cache *pc)
{
	for (int i = 0; i < PY_SLOTS; i++)
		free(pc->slot[i].lt);
	memset(pc->slot, 0, sizeof(pc->slot));
	pc->used = 0;
}

void python_free(struct unwinder *u)
{
	if (!u->python)
		return;
	py_clear(u->python);
	free(u->python);
	u->python = NULL;
}

/* len bytes at addr of process tgid: 0, or -1 (all of them, or none) */
static int py_read(int tgid, uint64_t addr, void *buf, size_t len)
{
	struct iovec l = { buf, len }, r = { (void *)addr, len };

	return process_vm_readv(tgid, &l, 1, &r, 1, 0) == (ssize_t)len ? 0 : -1;
}

static uint64_t ld64(const uint8_t *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

static uint32_t ld32(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

/* code point c as UTF-8 at *p (room for 4); -1: not a character */
static int py_utf8(char **p, uint32_t c)
{
	char *s = *p;

	if (!c || (c >= 0xd800 && c < 0xe000) || c > 0x10ffff)
		return -1;
	if (c < 0x80) {
		*s++ = (char)c;
	} else if (c < 0x800) {
		*s++ = (char)(0xc0 | c >> 6);
		*s++ = (char)(0x80 | (c & 0x3f));
	} else if (c < 0x10000) {
		*s++ = (char)(0xe0 | c >> 12);
		*s++ = (char)(0x80 | (c >> 6 & 0x3f));
		*s++ = (char)(0x80 | (c & 0x3f));
	} else {
		*s++ = (char)(0xf0 | c >> 18);
		*s++ = (char)(0x80 | (c >> 12 & 0x3f));
		*s++ = (char)(0x80 | (c >> 6 & 0x3f));
		*s++ = (char)(0x80 | (c & 0x3f));
	}
	*p = s;
	return 0;
}

/*
 * The str at addr, as UTF-8 into out[PY_STR_MAX * 4 + 1]: a compact,
 * ready string of the interpreter's type (every name and file the
 * compiler makes is one); -1 for anything else, or a NUL in it.
 */
static int py_str(const struct py_offsets *o, int tgid, uint64_t type,
		  uint64_t addr, char *out)
{
	uint8_t h[128], raw[PY_STR_MAX * 4];
	uint32_t state, kind;
	uint64_t n;
	char *p = out;

	if (!addr || (addr & 7) || o->str_data > sizeof(h) ||
	    py_read(tgid, addr, h, o->str_data) || ld64(h + o->ob_type) != type)
		return -1;
	state = ld32(h + o->str_state);
	n = ld64(h + o->str_length);
	/* interned:2 kind:3 compact:1 ascii:1 ready:1 */
	kind = state >> 2 & 7;
	if (!(state >> 5 & 1) || !(state >> 7 & 1) || n > PY_STR_MAX ||
	    (kind != 1 && kind != 2 && kind != 4) ||
	    ((state >> 6 & 1) && kind != 1) ||
	    py_read(tgid, addr + ((state >> 6 & 1) ? o->str_ascii_data :
				  o->str_data), raw, n * kind))
		return -1;
	for (uint64_t i = 0; i < n; i++) {
		uint32_t c = kind == 1 ? raw[i] : kind == 2 ?
			     (uint32_t)(raw[2 * i] | raw[2 * i + 1] << 8) :
			     ld32(raw + 4 * i);

		if (py_utf8(&p, c))
			return -1;
	}
	*p = '\0';
	return 0;
}

/* the code object the frame f names, read into e; 0 or -1 */
static int py_code_read(struct unwinder *u, const struct cap_python *r,
			const struct cap_py_frame *f, struct py_code *e)
{
	const struct py_offsets *o = &python_rows[r->row];
	uint8_t co[PY_CODE_MAX], lh[64];
	char s[PY_STR_MAX * 4 + 1];
	uint64_t ltlen;

	/* (the key stays: a failure is kept, and not read again) */
	e->lt = NULL;
	e->file_s = e->qual_s = NULL;
	if (o->co_code > sizeof(co) || o->bytes_data > sizeof(lh) ||
	    py_read(r->tgid, f->code, co, o->co_code))
		return -1;
	/* the code that ran: same names and table as at the syscall */
	if (ld64(co + o->co_names) != f->file ||
	    ld64(co + o->co_names + 16) != f->qualname ||
	    ld64(co + o->co_names + 24) != f->linetable)
		return -1;
	e->units = (long)ld64(co + o->ob_size);
	e->first = (int)ld32(co + o->co_firstlineno);
	e->traceable = (long)(int)ld32(co + o->co_firsttraceable);
	if (e->units <= 0 || e->units > (1l << 26) || e->first < 0 ||
	    e->traceable < 0 || e->traceable > e->units)
		return -1;
	if (py_str(o, r->tgid, r->unicode_type, f->file, s) ||
	    !(e->file_s = unwind_intern(u, s)) ||
	    py_str(o, r->tgid, r->unicode_type, f->qualname, s) ||
	    !(e->qual_s = unwind_intern(u, s)))
		return -1;
	if (!f->linetable || (f->linetable & 7) ||
	    py_read(r->tgid, f->linetable, lh, o->bytes_data) ||
	    ld64(lh + o->ob_type) != r->bytes_type)
		return -1;
	ltlen = ld64(lh + o->ob_size);
	if (ltlen > PY_LT_MAX || !(e->lt = malloc(ltlen ? ltlen : 1)))
		return -1;
	if (py_read(r->tgid, f->linetable + o->bytes_data, e->lt, ltlen)) {
		free(e->lt);
		e->lt = NULL;
		return -1;
	}
	e->ltlen = (uint32_t)ltlen;
	e->whole = 1;
	return 0;
}

/*
 * The slot of code (tgid and start, f's pointers): its entry (*found),
 * or a free slot for it, claimed.
 */
static struct py_code *py_slot(struct py_cache *pc, int tgid, uint64_t start,
			       const struct cap_py_frame *f, int *found)
{
	uint64_t h = (f->code ^ f->qualname * 31 ^ f->linetable * 7 ^
		      ((uint64_t)tgid ^ start) * 0x9e3779b97f4a7c15ull) >> 3;
	struct py_code *e;

	for (;; h++) {
		e = &pc->slot[h & (PY_SLOTS - 1)];
		if (!e->code)
			break;
		if (e->tgid == tgid && e->start == start &&
		    e->code == f->code &&
		    e->file == f->file && e->qualname == f->qualname &&
		    e->linetable == f->linetable) {
			*found = 1;
			return e;
		}
	}
	/* full enough: start again (the cost is one copy per code) */
	if (pc->used >= PY_SLOTS * 3 / 4) {
		py_clear(pc);
		return py_slot(pc, tgid, start, f, found);
	}
	*found = 0;
	pc->used++;
	e->tgid = tgid;
	e->start = start;
	e->code = f->code;
	e->file = f->file;
	e->qualname = f->qualname;
	e->linetable = f->linetable;
	return e;
}

/* the cached code of frame f, read now if it is not; NULL: unreadable */
static const struct py_code *py_code(struct unwinder *u, struct py_cache *pc,
				     const struct cap_python *r,
				     const struct cap_py_frame *f)
{
	struct py_code *e;
	int found;

	if (!f->code)
		return NULL;
	e = py_slot(pc, r->tgid, r->start, f, &found);

	if (!found)
		py_code_read(u, r, f, e);
	return e->lt ? e : NULL;
}

/*
 * A str copied by the program (kind bytes a code point, n of them, the
 * first size bytes copied) as UTF-8, "..." after it when cut; -1: not
 * a name.
 */
static int py_copied_str(const uint8_t *raw, size_t size, uint64_t n,
			 uint32_t kind, char *out)
{
	uint64_t have = size / kind < n ? size / kind : n;
	char *p = out;

	for (uint64_t i = 0; i < have; i++) {
		uint32_t c = kind == 1 ? raw[i] : kind == 2 ?
			     (uint32_t)(raw[2 * i] | raw[2 * i + 1] << 8) :
			     ld32(raw + 4 * i);

		if (py_utf8(&p, c))
			return -1;
	}
	strcpy(p, have < n ? "..." : "");
	return 0;
}

void python_code_record(struct unwinder *u, const uint8_t *raw, size_t len)
{
	struct py_cache *pc = py_cache(u);
	char s[PY_FILE_B * 4 + 4];
	size_t head = offsetof(struct cap_pycode, lt);
	struct cap_python r;
	struct cap_pycode c;
	struct py_code *e;
	int found;

	if (!pc || len < head)
		return;
	memcpy(&c, raw, head);
	/* the table's bytes copied: all of it, or its first PY_LT_B */
	if (len < head + (c.lt_len < PY_LT_B ? c.lt_len : PY_LT_B))
		return;
	r.fr[0] = (struct cap_py_frame){ .code = c.code, .file = c.file,
		.qualname = c.qualname, .linetable = c.linetable };
	/* (code 0 marks a free slot: never a code object's) */
	if (!c.code ||
	    (c.file_kind != 1 && c.file_kind != 2 && c.file_kind != 4) ||
	    (c.qual_kind != 1 && c.qual_kind != 2 && c.qual_kind != 4) ||
	    c.units <= 0 || c.units > (1ull << 26) || c.first < 0 ||
	    c.traceable < 0 || (uint64_t)c.traceable > c.units)
		return;
	e = py_slot(pc, c.tgid, c.start, &r.fr[0], &found);
	if (found)
		free(e->lt);
	e->lt = NULL;
	e->units = (long)c.units;
	e->first = c.first;
	e->traceable = c.traceable;
	e->whole = c.lt_len <= PY_LT_B;
	e->ltlen = (uint32_t)(e->whole ? c.lt_len : PY_LT_B);
	if (py_copied_str(c.file_b, PY_FILE_B, c.file_len, c.file_kind, s) ||
	    !(e->file_s = unwind_intern(u, s)) ||
	    py_copied_str(c.qual_b, PY_QUAL_B, c.qual_len, c.qual_kind, s) ||
	    !(e->qual_s = unwind_intern(u, s)) ||
	    !(e->lt = malloc(e->ltlen ? e->ltlen : 1)))
		return;
	memcpy(e->lt, raw + head, e->ltlen);
}

/* a varint of the location table at *i (6 bits a byte, bit 6: more) */
static int py_varint(const uint8_t *lt, size_t len, size_t *i, uint32_t *v)
{
	uint32_t shift = 0;
	uint8_t b;

	*v = 0;
	do {
		if (*i >= len || shift > 24)
			return -1;
		b = lt[(*i)++];
		*v |= (uint32_t)(b & 63) << shift;
		shift += 6;
	} while (b & 64);
	return 0;
}

int python_line(const uint8_t *lt, size_t len, int first, long lasti)
{
	long addr = 0, line = first;
	size_t i = 0;

	if (lasti < 0)
		return -1;
	while (i < len) {
		uint8_t b = lt[i++];
		int code = b >> 3 & 15, none = 0;
		long n = (b & 7) + 1, delta = 0;
		uint32_t v;

		/* each entry starts with bit 7 set, and only its first byte */
		if (!(b & 0x80))
			return -1;
		if (code == 15) {
			none = 1;
		} else if (code == 14 || code == 13) {
			if (py_varint(lt, len, &i, &v))
				return -1;
			delta = (v & 1) ? -(long)(v >> 1) : (long)(v >> 1);
		} else if (code >= 10) {
			delta = code - 10;
		}
		while (i < len && !(lt[i] & 0x80))
			i++;
		line += delta;
		if (line < 0 || line > 100000000)
			return -1;
		if (lasti < addr + n)
			return none ? 0 : (int)line;
		addr += n;
	}
	return -1;
}

static void py_say(int *said, const char *what, int tgid)
{
	if (*said)
		return;
	*said = 1;
	fprintf(stderr, "etrace: pid %d: %s: no Python frames for it (said"
		" once)\n", tgid, what);
}

/*
 * The frames of a record whose head is whole.  An entry frame ends its
 * C frame's run: marked (inlined, which a script frame does not use
 * otherwise) for python_splice, which clears it.
 */
static int py_frames(struct unwinder *u, struct py_cache *pc,
		     struct cap_python *r, struct frame *out, int max)
{
	int n = 0;

	for (unsigned int i = 0; i < r->nframes; i++) {
		const struct cap_py_frame *f = &r->fr[i];
		const struct py_offsets *o = &python_rows[r->row];
		const struct py_code *c;
		long lasti;
		int line;

		if (n >= max - 1) {
			r->flags |= PY_F_DEEPER;
			break;
		}
		if (!(c = py_code(u, pc, r, f))) {
			py_say(&pc->said_read, "its code objects cannot"
			       " be read, or are not code", r->tgid);
			return 0;
		}
		lasti = (long)(f->instr - f->code - o->co_code);
		if ((int64_t)(f->instr - f->code - o->co_code) < 0)
			lasti = -1;
		else
			lasti /= 2;
		/*
		 * A frame not started yet, skipped as traceback skips it;
		 * when it was its C frame's only one, the frames end here
		 * (which C frame ran the next ones is not known then)
		 */
		if (lasti < c->traceable) {
			if (!(f->flags & PY_FR_ENTRY))
				continue;
			if (!n || out[n - 1].inlined)
				return n;
			out[n - 1].inlined = 1;
			continue;
		}
		line = python_line(c->lt, c->ltlen, c->first, lasti);
		/* past the table's part copied: the whole, from memory */
		if (line < 0 && !c->whole) {
			struct py_code *w = (struct py_code *)c;

			free(w->lt);
			w->lt = NULL;
			if (py_code_read(u, r, f, w))
				c = NULL;
			else
				line = python_line(c->lt, c->ltlen, c->first,
						   lasti);
		}
		if (!c) {
			py_say(&pc->said_read, "its code objects cannot"
			       " be read, or are not code", r->tgid);
			return 0;
		}
		if (lasti >= c->units || line < 0) {
			py_say(&pc->said_bad, "a frame's instruction is"
			       " not in its code", r->tgid);
			return 0;
		}
		memset(&out[n], 0, sizeof(out[n]));
		out[n].script = "python";
		out[n].file = c->file_s;
		out[n].sym = c->qual_s;
		out[n].line = line;
		out[n].inlined = (f->flags & PY_FR_ENTRY) != 0;
		n++;
	}
	if ((r->flags & PY_F_DEEPER) && n < max) {
		memset(&out[n], 0, sizeof(out[n]));
		out[n++].script = "python";
	}
	return n;
}

int python_frames(struct unwinder *u, const uint8_t *raw, size_t len,
		  long *nr, struct frame *out, int max)
{
	size_t head = offsetof(struct cap_python, fr);
	struct py_cache *pc = py_cache(u);
	struct cap_python r;

	if (!pc || len < head)
		return 0;
	memcpy(&r, raw, head);
	if (r.nframes > PY_FRAMES || len < head + r.nframes * sizeof(r.fr[0]) ||
	    r.row >= (unsigned int)python_nrows || r.tgid <= 0)
		return 0;
	memcpy(r.fr, raw + head, r.nframes * sizeof(r.fr[0]));
	*nr = r.nr;
	return py_frames(u, pc, &r, out, max);
}

static int is_eval(const struct frame *f)
{
	return !f->script && f->sym &&
	       !strcmp(f->sym, "_PyEval_EvalFrameDefault");
}

int python_splice(struct frame *code, int n, int max, const struct frame *py,
		  int npy)
{
	int j = 0;

	for (int i = 0; i < n && j < npy; i++) {
		int k = j, m;

		if (!is_eval(&code[i]))
			continue;
		/* this C frame's run: up to its entry frame, or the end */
		while (k < npy && py[k].file && !py[k].inlined)
			k++;
		if (k < npy)
			k++;
		m = k - j;
		if (n - 1 + m > max)
			break;
		memmove(&code[i + m], &code[i + 1],
			sizeof(*code) * (size_t)(n - i - 1));
		memcpy(&code[i], &py[j], sizeof(*code) * (size_t)m);
		for (int x = i; x < i + m; x++)
			code[x].inlined = 0;
		n += m - 1;
		i += m - 1;
		j = k;
	}
	return n;
}

/*
 * Python's own library: frozen modules and files of a lib/python3.N
 * directory that are not installed packages (site-packages,
 * dist-packages): subprocess.py, os.py, threading.py.
 */
static int py_is_lib(const char *file)
{
	const char *l = strstr(file, "/lib/python3");

	if (!strncmp(file, "<frozen ", 8))
		return 1;
	return l && !strstr(l, "/site-packages/") &&
	       !strstr(l, "/dist-packages/");
}

int python_loc(const struct frame *f, int n, struct shell_loc *loc)
{
	const struct frame *inner = NULL, *mine = NULL;

	for (int i = 0; i < n && !mine; i++) {
		if (!f[i].script || strcmp(f[i].script, "python") ||
		    !f[i].file || !f[i].sym || f[i].line <= 0)
			continue;
		if (!inner)
			inner = &f[i];
		if (!py_is_lib(f[i].file))
			mine = &f[i];
	}
	if (!mine)
		mine = inner;
	if (!mine)
		return -1;
	memset(loc, 0, sizeof(*loc));
	snprintf(loc->file, sizeof(loc->file), "%s", mine->file);
	snprintf(loc->func, sizeof(loc->func), "%s", mine->sym);
	loc->line = mine->line;
	return 0;
}
