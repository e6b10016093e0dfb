// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, kernel side: Python frames for -k.  At a syscall's
 * entry in a Python process, the calling thread's own interpreter
 * frames, read now (as cap_shell.bpf.c reads bash's), so that the perf
 * sample of the same hit, right after this record, is named by the
 * Python lines that made it.
 *
 * The thread's own thread state, not the one holding the GIL (released
 * in most blocking calls): _PyRuntime.interpreters.head, then its
 * threads.head list, the one whose thread_id is this thread's
 * pthread_self().  CPython sets thread_id to PyThread_get_thread_ident(),
 * pthread_self(), which on x86_64 is glibc's thread pointer: the
 * thread's fs base (its TCB points to itself there).  From it
 * cframe->current_frame and the chain of previous frames: each frame's
 * code object (checked: its type is PyCode_Type), its last instruction
 * and whether a C call of _PyEval_EvalFrameDefault entered it.  The
 * offsets are a row of data per Python minor version (python_rows,
 * stacks/python.c);
 * where anything does not hold, no record, or the frames up to there.
 */
#include "cap_rb.bpf.h"

struct inode___py {
	unsigned long i_ino;
	struct super_block___py *i_sb;
} __attribute__((preserve_access_index));

struct super_block___py {
	unsigned int s_dev;
} __attribute__((preserve_access_index));

struct file___py {
	struct inode___py *f_inode;
} __attribute__((preserve_access_index));

struct mm_struct___py {
	unsigned long start_code;
	struct file___py *exe_file;
} __attribute__((preserve_access_index));

struct thread_struct___py {
	unsigned long fsbase;
} __attribute__((preserve_access_index));

struct vm_area_struct___py {
	unsigned long vm_start;
	unsigned long vm_pgoff;
	struct file___py *vm_file;
} __attribute__((preserve_access_index));

struct task_struct___py {
	struct mm_struct___py *mm;
	struct task_struct___py *group_leader;
	u64 start_time;
	struct thread_struct___py thread;
} __attribute__((preserve_access_index));

/* statically linked interpreters, by their file (cap_python.c fills it) */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 16);
	__type(key, struct py_exe_key);
	__type(value, struct py_bin);
} py_exes SEC(".maps");

/* shared libpythons, by their file (cap_python.c fills it) */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 16);
	__type(key, struct py_exe_key);
	__type(value, struct py_bin);
} py_libs SEC(".maps");

/* processes that map a libpython, by tgid, with its load bias */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4096);
	__type(key, u32);
	__type(value, struct py_bin);
} py_procs SEC(".maps");

/* the records, with ring mode's sample head before and padding after */
struct py_buf {
	u8 room[RB_ROOM];
	struct cap_python r;
	u64 tail;
};

struct py_code_buf {
	u8 room[RB_ROOM];
	struct cap_pycode r;
	u64 tail;
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct py_buf);
} py_rec SEC(".maps");

/* the code objects sent to user space, by process: their line tables */
struct py_sent_key {
	u32 tgid;
	u32 pad;
	u64 start;			/* a pid used again: another process */
	u64 code;
};

struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 16384);
	__type(key, struct py_sent_key);
	__type(value, u64);
} py_sent SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct py_code_buf);
} py_code_rec SEC(".maps");

/*
 * The last process found to run no Python etrace knows, per CPU: its
 * image (address space, tgid and start: a pid used again, a fork or an
 * exec is another) and py_gen then.  Its next calls on this CPU skip
 * py_find's two lookups, until etrace learns of more Python: py_gen
 * grows with each interpreter or process made known (python_mmap, and
 * cap_python.c's updates of the maps).
 */
volatile unsigned long long py_gen;

struct py_miss {
	u64 mm, start, gen;
	u32 tgid, pad;
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct py_miss);
} py_miss SEC(".maps");

/* a pointer the interpreter could hold: not NULL, aligned, user space */
static __always_inline int py_ptr(u64 p)
{
	return p && !(p & 7) && p < (1ull << 47);
}

/* this process's interpreter and its load bias, or NULL: not Python */
static __always_inline const struct py_bin *py_find(u64 *bias)
{
	u32 tgid = (u32)(bpf_get_current_pid_tgid() >> 32), zero = 0;
	struct task_struct___py *t;
	struct py_exe_key k = {};
	const struct py_bin *b;
	struct py_miss *miss;
	struct py_bin *pb;
	u64 mm, start, gen = py_gen;

	/* (read in place: a BTF pointer's loads, not a helper call each) */
	t = (struct task_struct___py *)bpf_get_current_task_btf();
	mm = (u64)t->mm;
	start = t->group_leader->start_time;
	miss = bpf_map_lookup_elem(&py_miss, &zero);
	if (miss && miss->mm == mm && miss->tgid == tgid &&
	    miss->start == start && miss->gen == gen)
		return 0;
	pb = bpf_map_lookup_elem(&py_procs, &tgid);
	if (pb && !pb->mm)
		pb->mm = mm;
	if (pb && pb->mm == mm) {
		*bias = pb->bias;
		return pb;
	}
	if (pb)
		bpf_map_delete_elem(&py_procs, &tgid);
	k.ino = t->mm->exe_file->f_inode->i_ino;
	k.dev = t->mm->exe_file->f_inode->i_sb->s_dev;
	b = bpf_map_lookup_elem(&py_exes, &k);
	if (b) {
		*bias = t->mm->start_code - b->text;
	} else if (miss) {
		miss->mm = mm;
		miss->tgid = tgid;
		miss->start = start;
		miss->gen = gen;
	}
	return b;
}

/* the thread state whose thread_id is self, or 0 */
static __always_inline u64 py_tstate(const struct py_offsets *o, u64 rt,
				     u64 self)
{
	u64 ts, interp = user_u64(rt + o->rt_interp_head);

	if (!py_ptr(interp))
		return 0;
	ts = user_u64(interp + o->is_threads_head);
	for (int i = 0; i < PY_THREADS && py_ptr(ts); i++) {
		if (user_u64(ts + o->ts_thread_id) == self)
			return ts;
		ts = user_u64(ts + o->ts_next);
	}
	return 0;
}

/*
 * The str at addr into dst[size] (a power of 2): its length in code
 * points and bytes a code point, or -1: not a compact, ready str of the
 * interpreter's type.
 */
static __always_inline int py_str(const struct py_offsets *o, u64 utype,
				  u64 addr, u8 *dst, u32 size, u64 *len,
				  u32 *kind)
{
	u32 state = 0, k, sz;
	u64 n, data;

	if (!py_ptr(addr) || user_u64(addr + o->ob_type) != utype ||
	    bpf_probe_read_user(&state, sizeof(state),
				(const void *)(addr + o->str_state)))
		return -1;
	n = user_u64(addr + o->str_length);
	k = state >> 2 & 7;
	/* interned:2 kind:3 compact:1 ascii:1 ready:1 */
	if (!(state & 0x20) || !(state & 0x80) ||
	    (k != 1 && k != 2 && k != 4) || n > (1u << 20))
		return -1;
	data = addr + ((state & 0x40) ? o->str_ascii_data : o->str_data);
	sz = n * k < size ? (u32)(n * k) : size;
	/* (the mask: a bound the verifier keeps, whatever clang does) */
	if (sz > size || bpf_probe_read_user(dst, sz & (size - 1 + size),
					     (const void *)data))
		return -1;
	*len = n;
	*kind = k;
	return 0;
}

/*
 * The code object of f, sent once per process (and again when the
 * address holds another code): its names and line table, copied now.
 */
static __always_inline void py_code_send(void *ctx, const int ring, u64 ns,
					 const struct py_bin *b, u64 bias,
					 const struct cap_python *r, u64 code,
					 const struct cap_py_frame *f)
{
	const struct py_offsets *o = &b->off;
	struct py_sent_key k = { .tgid = (u32)r->tgid, .start = r->start,
				 .code = code };
	u64 *sent = bpf_map_lookup_elem(&py_sent, &k), ltlen;
	struct py_code_buf *cb;
	struct cap_pycode *c;
	u32 zero = 0, sz;
	u64 size;
	long e;

	if (sent && *sent == f->linetable)
		return;
	cb = bpf_map_lookup_elem(&py_code_rec, &zero);
	if (!cb)
		return;
	c = &cb->r;
	c->magic = CAP_MAGIC_PYCODE;
	c->tgid = r->tgid;
	c->start = r->start;
	c->code = code;
	c->file = f->file;
	c->qualname = f->qualname;
	c->linetable = f->linetable;
	c->first = 0;
	c->traceable = 0;
	c->units = user_u64(code + o->ob_size);
	if (bpf_probe_read_user(&c->first, sizeof(c->first),
				(const void *)(code + o->co_firstlineno)) ||
	    bpf_probe_read_user(&c->traceable, sizeof(c->traceable),
				(const void *)(code + o->co_firsttraceable)) ||
	    py_str(o, b->unicode_type + bias, f->file, c->file_b, PY_FILE_B,
		   &c->file_len, &c->file_kind) ||
	    py_str(o, b->unicode_type + bias, f->qualname, c->qual_b, PY_QUAL_B,
		   &c->qual_len, &c->qual_kind) ||
	    !py_ptr(f->linetable) ||
	    user_u64(f->linetable + o->ob_type) != b->bytes_type + bias)
		return;
	ltlen = user_u64(f->linetable + o->ob_size);
	sz = ltlen < PY_LT_B ? (u32)ltlen : PY_LT_B;
	if (sz > PY_LT_B ||
	    bpf_probe_read_user(c->lt, sz & (2 * PY_LT_B - 1),
				(const void *)(f->linetable + o->bytes_data)))
		return;
	c->lt_len = ltlen;
	size = offsetof(struct cap_pycode, lt) + (sz & (2 * PY_LT_B - 1));
	if (ring)
		e = rb_frames((u8 *)c, size, sizeof(*c), ns);
	else
		e = bpf_perf_event_output(ctx, &out, BPF_F_CURRENT_CPU, c,
					  size);
	if (e)
		return;
	bpf_map_update_elem(&py_sent, &k, &f->linetable, BPF_ANY);
}

/* py_walk's state, for each of its steps (bpf_loop: verified once) */
struct py_walk_state {
	void *ctx;
	const struct py_bin *b;
	struct cap_python *r;
	u64 bias, fr, code_type;
	u64 ns;				/* ring mode: the records' time */
	u32 n;
};

/* the word at offset off of the frame window win: 0, or -1 */
static __always_inline int py_win(const u64 *win, u32 off, u64 *v)
{
	u32 k = (off >> 3) & 7;

	if (k >= PY_FR_WIN / 8)
		return -1;
	*v = win[k];
	return 0;
}

/*
 * frame i of the chain: 0, or 1 where it ends.  ring: the code objects
 * go to ring mode's BPF ring (py_step_ring), else the perf ring
 */
static __always_inline long py_step(u32 i, void *data, const int ring)
{
	struct py_walk_state *w = data;
	const struct py_offsets *o = &w->b->off;
	u64 code, names[4], *win = w->r->win, fr = w->fr, instr, prev;
	u32 eb = (o->fr_entry - o->fr_win) & 63;
	struct cap_py_frame *f;

	if (i >= PY_FRAMES)
		return 1;
	f = &w->r->fr[i];
	/* a frame that is not one ends the frames: none after is sure;
	   its fields read at once (cap_python.c checked they lie there) */
	if (!py_ptr(fr) ||
	    bpf_probe_read_user(win, sizeof(w->r->win),
				(const void *)(fr + o->fr_win)) ||
	    py_win(win, o->fr_code - o->fr_win, &code) ||
	    py_win(win, o->fr_instr - o->fr_win, &instr) ||
	    py_win(win, o->fr_previous - o->fr_win, &prev) ||
	    eb >= PY_FR_WIN)
		return 1;
	if (!py_ptr(code) ||
	    user_u64(code + o->ob_type) != w->code_type ||
	    bpf_probe_read_user(names, sizeof(names),
				(const void *)(code + o->co_names)))
		return 1;
	f->code = code;
	f->instr = instr;
	f->file = names[0];
	f->qualname = names[2];
	f->linetable = names[3];
	f->flags = ((u8 *)win)[eb] ? PY_FR_ENTRY : 0;
	py_code_send(w->ctx, ring, w->ns, w->b, w->bias, w->r, code, f);
	w->n = i + 1;
	w->fr = prev;
	return 0;
}

static long py_step_perf(u32 i, void *data)
{
	return py_step(i, data, 0);
}

static long py_step_ring(u32 i, void *data)
{
	return py_step(i, data, 1);
}

/* the frames from fr into r; how many */
static __always_inline u32 py_walk(void *ctx, const int ring, u64 ns,
				   const struct py_bin *b, u64 bias, u64 fr,
				   struct cap_python *r)
{
	struct py_walk_state w = {
		.ctx = ctx, .b = b, .r = r, .bias = bias, .fr = fr, .ns = ns,
		.code_type = b->code_type + bias,
	};

	bpf_loop(PY_FRAMES, ring ? py_step_ring : py_step_perf, &w, 0);
	if (w.n == PY_FRAMES && w.fr)
		r->flags |= PY_F_DEEPER;
	return w.n;
}

/*
 * The Python frames of the current task at syscall nr's entry, into r
 * (the code objects first met sent before it; ring: into ring mode's
 * ring, at time ns): the record's size, or 0 when it runs no Python
 * etrace knows or has no frame
 */
static __always_inline u64 python_make(void *ctx, const int ring, u64 ns,
				       struct cap_python *r, int nr)
{
	struct task_struct___py *t;
	const struct py_bin *b;
	u64 bias = 0, ts, fr;
	u32 n;

	if (!(b = py_find(&bias)))
		return 0;
	t = (struct task_struct___py *)bpf_get_current_task();
	ts = py_tstate(&b->off, b->runtime + bias,
		       BPF_CORE_READ(t, thread.fsbase));
	if (!ts)
		return 0;
	fr = user_u64(user_u64(ts + b->off.ts_cframe) + b->off.cf_current);
	if (!fr)
		return 0;
	r->flags = 0;
	r->tgid = (int)(bpf_get_current_pid_tgid() >> 32);
	r->start = BPF_CORE_READ(t, group_leader, start_time);
	n = py_walk(ctx, ring, ns, b, bias, fr, r);
	if (!n)
		return 0;
	r->magic = CAP_MAGIC_PYTHON;
	r->tid = (int)(u32)bpf_get_current_pid_tgid();
	r->nr = nr;
	r->nframes = n;
	r->row = b->row;
	r->unicode_type = b->unicode_type + bias;
	r->bytes_type = b->bytes_type + bias;
	return offsetof(struct cap_python, fr) +
	       (u64)(n <= PY_FRAMES ? n : PY_FRAMES) *
	       sizeof(struct cap_py_frame);
}

/* the perf samples' way: the records in the perf ring, before the hit's */
SEC("tracepoint")
int python_enter(struct enter_ctx *ctx)
{
	struct cap_config *c = cfg();
	struct py_buf *pb;
	u32 zero = 0;
	u64 size;

	if (!c || !is_traced(c) || !(pb = bpf_map_lookup_elem(&py_rec, &zero)))
		return 1;
	size = python_make(ctx, 0, 0, &pb->r, ctx->nr);
	if (size)
		bpf_perf_event_output(ctx, &out, BPF_F_CURRENT_CPU, &pb->r,
				      size);
	return 1;
}

/* ring mode's (cap_ring.bpf.c): the records in the BPF ring */
__noinline int g_python_ring(int nr, u64 ns)
{
	struct py_buf *pb;
	u32 zero = 0;
	u64 size;

	if (!(pb = bpf_map_lookup_elem(&py_rec, &zero)))
		return 0;
	size = python_make(0, 1, ns, &pb->r, nr);
	if (size)
		rb_frames((u8 *)&pb->r, size, sizeof(pb->r), ns);
	return 0;
}

/* python_mmap's find: the mapping at the address mmap returned */
static long py_vma(void *task, struct vm_area_struct___py *vma, void *data)
{
	struct py_exe_key k = {};
	const struct py_bin *lib;
	struct py_bin b;
	u32 tgid = (u32)(bpf_get_current_pid_tgid() >> 32);

	k.ino = BPF_CORE_READ(vma, vm_file, f_inode, i_ino);
	k.dev = BPF_CORE_READ(vma, vm_file, f_inode, i_sb, s_dev);
	lib = bpf_map_lookup_elem(&py_libs, &k);
	/* its executable segment (ld.so maps each segment by itself) */
	if (!lib || BPF_CORE_READ(vma, vm_pgoff) != lib->seg_off >> 12)
		return 0;
	__builtin_memcpy(&b, lib, sizeof(b));
	b.bias = BPF_CORE_READ(vma, vm_start) - (lib->text & ~4095ull);
	b.mm = 0;
	bpf_map_update_elem(&py_procs, &tgid, &b, BPF_ANY);
	__sync_fetch_and_add(&py_gen, 1);
	return 0;
}

/*
 * A libpython etrace knows is mapped: the process's frames are read
 * from its next call on.  (One etrace has not seen yet is examined when
 * its mapping's record is read: frames from then on.)
 */
SEC("tracepoint")
int python_mmap(struct exit_ctx *ctx)
{
	struct cap_config *c = cfg();

	if (!c || ctx->ret < 0 || (ctx->ret & 4095) || !is_traced(c))
		return 1;
	bpf_find_vma(bpf_get_current_task_btf(), (u64)ctx->ret, py_vma, NULL,
		     0);
	return 1;
}
