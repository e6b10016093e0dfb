// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, kernel side: --stack=bpf, the user stack unwound in the
 * kernel at a syscall's entry.  The perf sample of the same hit then
 * carries no stack: this program writes, just before it, the pcs (8
 * bytes a frame) instead of 8 KiB of stack for libdw to unwind later.
 *
 * Each frame is proved as libdw's path proves it (unwind.c): its pc is
 * in an executable mapping (else the stack is cut, "not code"), the row
 * of its file's CFI (cfi.c, loaded by cap_unwind.c) gives the CFA from
 * the stack or frame pointer, the return address at CFA - 8 and where
 * the caller's frame pointer is; the outermost frame's row says so.
 * Reads reach no deeper than --stack-size above the stack pointer, as
 * in the copy (else "end of the copied stack").  What the rows cannot
 * say (a file not compiled yet, a pc without a row or with a rule the
 * kernel does not follow, a mapping that is no file's, a read that
 * failed) is never guessed at: the record then carries the registers
 * and the stack copy the perf sample would have, and libdw unwinds it.
 */
#include "cap_rb.bpf.h"
#include "cap_unwind_abi.h"

#define VM_EXEC		0x4
#define PAGE_SHIFT	12

struct super_block___u {
	u32 s_dev;
} __attribute__((preserve_access_index));

struct inode___u {
	unsigned long i_ino;
	struct super_block___u *i_sb;
} __attribute__((preserve_access_index));

struct file___u {
	struct inode___u *f_inode;
} __attribute__((preserve_access_index));

struct vm_area_struct___u {
	unsigned long vm_start;
	unsigned long vm_end;
	unsigned long vm_pgoff;
	unsigned long vm_flags;
	struct file___u *vm_file;
} __attribute__((preserve_access_index));

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, UNW_ROWS_MAX);	/* 1 when not used */
	__type(key, u32);
	__type(value, struct unw_row);
} unw_rows SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, UNW_IDX_MAX);	/* 1 when not used */
	__type(key, u32);
	__type(value, u32);
} unw_idx SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 4096);
	__type(key, struct unw_file_key);
	__type(value, struct unw_file);
} unw_files SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct unw_conf);
} unw_conf SEC(".maps");

enum walk_done {
	WALK_ON,
	WALK_END,		/* the pcs are the stack (cut: how it ends) */
	WALK_COPY,		/* a frame the rows cannot say: libdw's */
};

/* a mapping looked up, and its file's rows */
struct walk_vma {
	u64 start, end, pgoff;
	int exec, have_file;
	struct unw_file f;
};

/*
 * The walk's state, in the map (not on the stack): the verifier then
 * checks one step of the walk, not every step with the values it had.
 * It keeps the last few mappings it met (WALK_VMAS): a stack goes back
 * and forth between a program and its libraries (main, libc's start,
 * _start), and a lookup takes the mapping lock and walks a tree.
 */
#define WALK_VMAS	4

struct walk {
	u64 ip, sp, bp, limit;
	int bp_known;
	/*
	 * ip is the word at the stack pointer of a frame no FDE covers:
	 * where it is in no executable mapping, the leaf rule (unwind.c)
	 * takes no caller and libdw's stack ends at that frame, cut
	 */
	int leaf_probe;
	int none_ends;			/* unw_conf's */
	int done;			/* enum walk_done */
	int cut;
	u32 n;
	struct walk_vma vm;		/* the last pc's */
	u32 nseen;
	struct walk_vma seen[WALK_VMAS];
};

/* the record being built: the head, then pcs or registers and stack */
/* (and a page more: what the verifier sees of the copy's last page) */
#define USTACK_BODY	(USTACK_NREGS * 8 + USTACK_COPY_MAX + 8192)
struct ustack_buf {
	struct walk w;
	u8 room[RB_ROOM];		/* ring mode's sample head */
	struct cap_ustack h;
	u64 body[USTACK_BODY / 8];
};

/* one per CPU (set at load; a per-CPU array's value is at most 32 KiB) */
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct ustack_buf);
} unw_buf SEC(".maps");

/* what bpf_find_vma's callback reads of the mapping */
struct vma_info {
	u64 start, end, pgoff, flags;
	struct unw_file_key key;
	int file;
};

static long vma_read(struct task_struct *task, struct vm_area_struct___u *vma,
		     struct vma_info *vi)
{
	struct file___u *f;

	vi->start = vma->vm_start;
	vi->end = vma->vm_end;
	vi->pgoff = vma->vm_pgoff;
	vi->flags = vma->vm_flags;
	f = vma->vm_file;
	vi->file = f != 0;
	if (f) {
		vi->key.ino = f->f_inode->i_ino;
		vi->key.dev = f->f_inode->i_sb->s_dev;
	}
	return 0;
}

#define ENOENT		2

/*
 * pc's mapping into w (kept while pcs stay in it): 0; -ENOENT when pc
 * is in none; else (the mapping lock was taken: bpf_find_vma does not
 * wait) another error, and the mapping is not known.
 */
static __always_inline int walk_vma(struct walk *w, u64 pc)
{
	struct vma_info vi = {};
	struct unw_file *f;
	long r;

	if (pc >= w->vm.start && pc < w->vm.end)
		return 0;
	for (int i = 0; i < WALK_VMAS; i++) {
		if (i < w->nseen && pc >= w->seen[i].start &&
		    pc < w->seen[i].end) {
			w->vm = w->seen[i];
			return 0;
		}
	}
	r = bpf_find_vma(bpf_get_current_task_btf(), pc, vma_read, &vi, 0);
	if (r)
		return r == -ENOENT ? -ENOENT : -1;
	if (pc < vi.start || pc >= vi.end)
		return -1;
	w->vm.start = vi.start;
	w->vm.end = vi.end;
	w->vm.pgoff = vi.pgoff;
	w->vm.exec = (vi.flags & VM_EXEC) != 0;
	f = vi.file ? bpf_map_lookup_elem(&unw_files, &vi.key) : 0;
	w->vm.have_file = f != 0;
	if (f)
		w->vm.f = *f;
	w->seen[w->nseen & (WALK_VMAS - 1)] = w->vm;
	w->nseen++;
	return 0;
}

/*
 * The row at vaddr among the file's (the last that starts at or below):
 * from its bucket's first, a few rows on.  Its index in unw_rows, or -1:
 * none, or too far on.  A function of its own (global): the verifier
 * checks it once, not at every place of the walk.
 */
__attribute__((noinline)) int unw_row_at(const struct unw_file *f, u64 vaddr)
{
	u64 base;
	u32 b, k, p;
	struct unw_row *r;
	u32 *ip;
	int j;

	if (!f)
		return -1;
	base = f->vaddr_lo >> UNW_BUCKET_SHIFT << UNW_BUCKET_SHIFT;
	b = (u32)((vaddr - base) >> UNW_BUCKET_SHIFT);
	if (b >= f->idx_count)
		return -1;
	k = f->idx_first + b;
	ip = bpf_map_lookup_elem(&unw_idx, &k);
	if (!ip)
		return -1;
	/* rows before p start at or below the bucket's start */
	p = *ip;
	for (j = 0; j < UNW_SCAN && p < f->count; j++, p++) {
		k = f->first + p;
		r = bpf_map_lookup_elem(&unw_rows, &k);
		if (!r)
			return -1;
		if (r->addr > vaddr)
			break;
	}
	if (j == UNW_SCAN || !p)
		return -1;
	return (int)(f->first + p - 1);
}

/*
 * A word of the stack, read as from the copy: 0, or how the walk ends
 * (WALK_END past the copy's end, where libdw's stack is cut; WALK_COPY
 * below the stack pointer, or where the read failed).
 */
static __always_inline int walk_word(struct walk *w, u64 addr, u64 *v)
{
	if (addr + 8 > w->limit)
		return WALK_END;
	if (addr < w->sp || bpf_probe_read_user(v, 8, (const void *)addr))
		return WALK_COPY;
	return 0;
}

/* one frame: its pc recorded, then its caller's registers */
static long walk_step(u64 i, u32 *cpu)
{
	struct ustack_buf *b = bpf_map_lookup_elem(&unw_buf, cpu);
	struct unw_row *row = 0;
	u64 at, cfa, ra = 0, vaddr;
	struct walk *w;
	int r;

	if (!b)
		return 1;
	w = &b->w;
	at = i ? w->ip - 1 : w->ip;

	r = walk_vma(w, at);
	if (w->leaf_probe) {
		if (r == -ENOENT || (!r && !w->vm.exec)) {
			w->cut = USTACK_CUT_NO_CFI;
			w->done = WALK_END;
		} else {
			/* a caller the leaf rule may prove: libdw's */
			w->done = WALK_COPY;
		}
		return 1;
	}
	if (r) {
		if (i && r == -ENOENT) {
			w->cut = USTACK_CUT_NOT_CODE;
			w->done = WALK_END;
		} else {
			w->done = WALK_COPY;
		}
		return 1;
	}
	if (i && !w->vm.exec) {
		w->cut = USTACK_CUT_NOT_CODE;
		w->done = WALK_END;
		return 1;
	}
	if (w->n < USTACK_PCS)
		b->body[w->n & (USTACK_PCS - 1)] = w->ip;
	w->n++;
	if (w->n >= USTACK_PCS) {
		w->done = WALK_END;
		return 1;
	}
	if (!w->vm.have_file) {
		w->done = WALK_COPY;
		return 1;
	}
	vaddr = at - w->vm.start + (w->vm.pgoff << PAGE_SHIFT) + w->vm.f.delta;
	r = vaddr < w->vm.f.vaddr_lo || vaddr >= w->vm.f.vaddr_hi ? -1 :
	    unw_row_at(&w->vm.f, vaddr);
	if (r >= 0)
		row = bpf_map_lookup_elem(&unw_rows, &r);
	if (!row) {
		w->done = WALK_COPY;
		return 1;
	}
	if (row->kind == UNW_END) {
		w->done = WALK_END;
		return 1;
	}
	if (row->kind == UNW_NONE && w->none_ends) {
		/* the leaf rule's return address, tried at the next step */
		r = walk_word(w, w->sp, &ra);
		if (r == WALK_END || (!r && ra < 2)) {
			w->cut = USTACK_CUT_NO_CFI;
			w->done = WALK_END;
			return 1;
		}
		if (r) {
			w->done = WALK_COPY;
			return 1;
		}
		w->ip = ra;
		w->leaf_probe = 1;
		return 0;
	}
	if (row->kind == UNW_RSP)
		cfa = w->sp + row->cfa_off;
	else if (row->kind == UNW_RBP && w->bp_known)
		cfa = w->bp + row->cfa_off;
	else
		cfa = 0;
	if (!cfa) {
		w->done = WALK_COPY;
		return 1;
	}
	r = walk_word(w, cfa - 8, &ra);
	if (!r && row->rbp != UNW_RBP_SAME && row->rbp != UNW_RBP_UNDEF)
		r = walk_word(w, cfa - 8 * (u64)row->rbp, &w->bp);
	if (r) {
		if (r == WALK_END)
			w->cut = USTACK_CUT_COPY_END;
		w->done = r;
		return 1;
	}
	if (row->rbp == UNW_RBP_UNDEF)
		w->bp_known = 0;
	w->sp = cfa;
	w->ip = ra;
	/* a zero return address: the outermost frame (libdw's end too) */
	if (!ra) {
		w->done = WALK_END;
		return 1;
	}
	return 0;
}

/* the registers in perf's order (AX BX CX DX SI DI BP SP IP FLAGS CS SS
   R8-R15) and the top of the stack, as a perf sample would carry them */
static __always_inline u32 ustack_copy(struct ustack_buf *b,
				       struct pt_regs *regs, u32 size)
{
	u64 sp = regs->sp, len = 0;

	b->body[0] = regs->ax;
	b->body[1] = regs->bx;
	b->body[2] = regs->cx;
	b->body[3] = regs->dx;
	b->body[4] = regs->si;
	b->body[5] = regs->di;
	b->body[6] = regs->bp;
	b->body[7] = sp;
	b->body[8] = regs->ip;
	b->body[9] = regs->flags;
	b->body[10] = regs->cs;
	b->body[11] = regs->ss;
	b->body[12] = regs->r8;
	b->body[13] = regs->r9;
	b->body[14] = regs->r10;
	b->body[15] = regs->r11;
	b->body[16] = regs->r12;
	b->body[17] = regs->r13;
	b->body[18] = regs->r14;
	b->body[19] = regs->r15;
	/*
	 * Page by page, up to the first that cannot be read (the stack
	 * mapping's end), as perf's copy stops there.  (No bpf_find_vma:
	 * it gives up when the mapping lock is taken.)
	 */
	for (int i = 0; i < USTACK_COPY_MAX / 4096 + 2 && len < size; i++) {
		u64 chunk = 4096 - ((sp + len) & 4095), off;

		if (chunk > size - len)
			chunk = size - len;
		off = bounded(len, 0xffff);
		chunk = bounded(chunk, 0x1fff);
		if (off + chunk > USTACK_COPY_MAX ||
		    bpf_probe_read_user((u8 *)&b->body[USTACK_NREGS] + off,
					chunk, (const void *)(sp + off)))
			break;
		len += chunk;
	}
	return (u32)len;
}

#define USTACK_REC_MAX \
	(sizeof(struct cap_ustack) + 8 * USTACK_NREGS + USTACK_COPY_MAX)

/*
 * The stack of the current task at syscall nr's entry, into b->h and
 * after: its size, or 0 when the kernel cannot unwind here at all
 */
static __always_inline u64 ustack_make(struct ustack_buf *b, u32 cpu,
				       const struct unw_conf *uc, int nr)
{
	struct pt_regs *regs;
	struct walk *w;
	u64 size;

	if (!bpf_core_enum_value_exists(enum bpf_func_id, BPF_FUNC_task_pt_regs))
		return 0;
	regs = (struct pt_regs *)bpf_task_pt_regs(bpf_get_current_task_btf());
	w = &b->w;
	__builtin_memset(w, 0, sizeof(*w));
	w->ip = regs->ip;
	w->sp = regs->sp;
	w->bp = regs->bp;
	w->bp_known = 1;
	w->limit = w->sp + uc->stack_size;
	w->none_ends = uc->none_ends;
	bpf_loop(USTACK_PCS, walk_step, &cpu, 0);
	b->h.magic = CAP_MAGIC_USTACK;
	b->h.tid = (int)(u32)bpf_get_current_pid_tgid();
	b->h.nr = nr;
	b->h.pad = 0;
	if (w->done == WALK_END) {
		b->h.kind = USTACK_PCS_KIND;
		b->h.cut = (u16)w->cut;
		b->h.n = w->n > USTACK_PCS ? USTACK_PCS : w->n;
		size = sizeof(b->h) + 8 * (u64)bounded(b->h.n, 0x7f);
		if (size > sizeof(b->h) + 8 * USTACK_PCS)
			size = sizeof(b->h) + 8 * USTACK_PCS;
		return size;
	}
	b->h.kind = USTACK_COPY_KIND;
	b->h.cut = 0;
	b->h.n = ustack_copy(b, regs, uc->stack_size);
	size = sizeof(b->h) + 8 * USTACK_NREGS + bounded(b->h.n, 0xffff);
	return size > USTACK_REC_MAX ? USTACK_REC_MAX : size;
}

/* the unwinder's settings and this CPU's buffer, when it is on */
static __always_inline struct ustack_buf *ustack_buf(u32 cpu,
						     struct unw_conf **uc)
{
	u32 zero = 0;

	*uc = bpf_map_lookup_elem(&unw_conf, &zero);
	if (!*uc || !(*uc)->on)
		return 0;
	return bpf_map_lookup_elem(&unw_buf, &cpu);
}

/* the perf samples' way: the record in the perf ring, before the hit's */
SEC("tracepoint")
int ustack_enter(struct enter_ctx *ctx)
{
	struct cap_config *c = cfg();
	u32 cpu = bpf_get_smp_processor_id();
	struct ustack_buf *b;
	struct unw_conf *uc;
	u64 size;

	if (!c || !is_traced(c) || !(b = ustack_buf(cpu, &uc)))
		return 1;
	size = ustack_make(b, cpu, uc, ctx->nr);
	if (size)
		bpf_perf_event_output(ctx, &out, BPF_F_CURRENT_CPU, &b->h,
				      size);
	return 1;
}

/*
 * Ring mode's (cap_ring.bpf.c, at a traced call's entry): the record in
 * the BPF ring, before the call's.  A function of its own: verified once,
 * and not at all in a run without -k (only dead code calls it).
 */
__noinline int g_ustack_ring(int nr, u64 ns)
{
	u32 cpu = bpf_get_smp_processor_id();
	struct ustack_buf *b;
	struct unw_conf *uc;
	u64 size;

	if (!(b = ustack_buf(cpu, &uc)))
		return 0;
	size = ustack_make(b, cpu, uc, nr);
	if (size)
		rb_frames((u8 *)&b->h, size, USTACK_REC_MAX, ns);
	return 0;
}
