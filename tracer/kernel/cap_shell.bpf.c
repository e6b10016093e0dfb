// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, kernel side: shell frames for -k.  At a syscall's entry
 * in a bash process, its script stack as bash keeps it (FUNCNAME,
 * BASH_SOURCE, BASH_LINENO and line_number), read now, in the program on
 * the syscall's tracepoint: the perf sample of the same hit (the stack
 * -k unwinds) comes right after this record.  Read later from memory the
 * line is often another command's (DESIGN.md), so the frames are these
 * or none.
 *
 * bash's memory: global_variables->table is a HASH_TABLE (bucket_array,
 * nbuckets); a bucket's BUCKET_CONTENTS are { next, key, data, khash };
 * data is the SHELL_VAR { name, value, ..., attributes at 40 }, and an
 * array variable's value is an ARRAY { max_index, num_elements, head },
 * a ring of ARRAY_ELEMENT { ind, value, next, prev } from the dummy head,
 * ascending index.  Checked on Debian 12's bash 5.2.15; the program
 * finds nothing (no record) where any of it does not hold.
 */
#include "cap_rb.bpf.h"

struct mm_struct___sh {
	unsigned long start_code, end_code;
} __attribute__((preserve_access_index));

struct task_struct___sh {
	struct mm_struct___sh *mm;
} __attribute__((preserve_access_index));

#define ATT_ARRAY	0x4		/* bash's att_array */
#define SHELL_CHAIN	8		/* bucket entries looked at */

/* the record, with ring mode's sample head before and its padding after */
struct shell_buf {
	u8 room[RB_ROOM];
	struct cap_shell r;
	u64 tail;
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct shell_buf);
} shell_rec SEC(".maps");

/* bash's variable names, as its table holds them (12 bytes with NULs) */
static const char shell_names[3][12] = {
	"FUNCNAME", "BASH_SOURCE", "BASH_LINENO",
};

/*
 * The ARRAY of global variable k, found as bash's hash_search finds it
 * (its hash's bucket, then the entry with that hash and that name), or 0.
 */
static __always_inline u64 shell_array(const struct shell_syms *ss, u64 ba,
				       u32 nb, u32 k)
{
	u32 hash = ss->hash[k & 3], kh = 0, attrs = 0;
	u64 b = user_u64(ba + 8 * (u64)(hash & (nb - 1))), var;
	char key[12];

	for (int i = 0; i < SHELL_CHAIN && b; i++, b = user_u64(b)) {
		if (bpf_probe_read_user(&kh, sizeof(kh), (const void *)(b + 24)) ||
		    kh != hash)
			continue;
		__builtin_memset(key, 0, sizeof(key));
		if (bpf_probe_read_user_str(key, sizeof(key),
					    (const void *)user_u64(b + 8)) <= 0)
			return 0;
		for (int j = 0; j < 12; j++)
			if (key[j] != shell_names[k & 3][j])
				return 0;
		var = user_u64(b + 16);
		if (!var || bpf_probe_read_user(&attrs, sizeof(attrs),
						(const void *)(var + 40)) ||
		    !(attrs & ATT_ARRAY))
			return 0;
		return user_u64(var + 8);
	}
	return 0;
}

/* element i of a ring at *e (advanced), its value into dst; -1: not there */
static __always_inline int shell_elem(u64 head, u64 *e, u64 i, char *dst,
				      u32 size)
{
	u64 ind;

	*e = user_u64(*e + 16);
	if (!*e || *e == head)
		return -1;
	ind = user_u64(*e);
	if (ind != i ||
	    bpf_probe_read_user_str(dst, size,
				    (const void *)user_u64(*e + 8)) < 0)
		return -1;
	return 0;
}

/* the levels read whole into r; 0 when bash's stack is not there */
static __always_inline u32 shell_levels(const struct shell_syms *ss, u64 bias,
					struct cap_shell *r)
{
	u64 tbl = user_u64(bias + ss->global_variables);
	u64 ba, arr[3], head[3], e[3];
	u32 nb = 0, n = 0;

	if (!tbl || !(tbl = user_u64(tbl + 32)) || !(ba = user_u64(tbl)) ||
	    bpf_probe_read_user(&nb, sizeof(nb), (const void *)(tbl + 8)) ||
	    !nb || (nb & (nb - 1)))
		return 0;
	for (u32 k = 0; k < 3; k++) {
		arr[k] = shell_array(ss, ba, nb, k);
		head[k] = arr[k] ? user_u64(arr[k] + 16) : 0;
		if (!head[k])
			return 0;
		e[k] = head[k];
	}
	for (u32 i = 0; i < SHELL_LEVELS; i++) {
		struct cap_shell_level *lv = &r->lv[i];

		if (shell_elem(head[0], &e[0], i, lv->func, sizeof(lv->func)) ||
		    shell_elem(head[1], &e[1], i, lv->file, sizeof(lv->file)))
			return n;
		/* the caller's line is where the level above was called */
		if (i > 0 && shell_elem(head[2], &e[2], i - 1, lv->line,
					sizeof(lv->line)))
			return n;
		n = i + 1;
	}
	if (user_u64(arr[0] + 8) > SHELL_LEVELS)
		r->flags |= SHELL_F_DEEPER;
	return n;
}

/*
 * The script stack of the current task at syscall nr's entry, into r:
 * the record's size, or 0 when it is no bash of c's or bash's stack
 * could not be read
 */
static __always_inline u64 shell_make(struct cap_config *c,
				      struct cap_shell *r, int nr)
{
	struct task_struct___sh *t;
	u64 bias, start, check;
	u32 n;

	if (!c->shell.on)
		return 0;
	/* (read in place: a BTF pointer's loads, not a helper call each) */
	t = (struct task_struct___sh *)bpf_get_current_task_btf();
	start = t->mm->start_code;
	bias = start - c->shell.text;
	/*
	 * this process runs that bash, loaded there: its code is there.
	 * Read only inside the process's own code: an address outside it
	 * is most often unmapped, and a failed read is a page fault the
	 * kernel takes and undoes (~25% of a -k storm's CPU, measured).
	 */
	check = bias + c->shell.check_addr;
	if (check < start || check + 8 > t->mm->end_code ||
	    user_u64(check) != c->shell.check)
		return 0;
	/* (each level's strings are written whole, ended by a NUL) */
	r->flags = 0;
	r->lv[0].line[0] = '\0';
	if (bpf_probe_read_user(&r->line, sizeof(r->line),
				(const void *)(bias + c->shell.line_number)) ||
	    bpf_probe_read_user(&r->err_line, sizeof(r->err_line),
				(const void *)(bias + c->shell.err_line)))
		return 0;
	n = shell_levels(&c->shell, bias, r);
	if (!n)
		return 0;
	r->magic = CAP_MAGIC_SHELL;
	r->tid = (int)(u32)bpf_get_current_pid_tgid();
	r->nr = nr;
	r->nlevels = n;
	/* the levels read, not the whole array: most scripts are shallow */
	return offsetof(struct cap_shell, lv) +
	       (u64)(n <= SHELL_LEVELS ? n : SHELL_LEVELS) *
	       sizeof(struct cap_shell_level);
}

/* the perf samples' way: the record in the perf ring, before the hit's */
SEC("tracepoint")
int shell_enter(struct enter_ctx *ctx)
{
	struct cap_config *c = cfg();
	struct shell_buf *b;
	u32 zero = 0;
	u64 size;

	if (!c || !is_traced(c) || !(b = bpf_map_lookup_elem(&shell_rec, &zero)))
		return 1;
	size = shell_make(c, &b->r, ctx->nr);
	if (size)
		bpf_perf_event_output(ctx, &out, BPF_F_CURRENT_CPU, &b->r,
				      size);
	return 1;
}

/* ring mode's (cap_ring.bpf.c): the record in the BPF ring */
__noinline int g_shell_ring(int nr, u64 ns)
{
	struct cap_config *c = cfg();
	struct shell_buf *b;
	u32 zero = 0;
	u64 size;

	if (!c || !(b = bpf_map_lookup_elem(&shell_rec, &zero)))
		return 0;
	size = shell_make(c, &b->r, nr);
	if (size)
		rb_frames((u8 *)&b->r, size, sizeof(b->r), ns);
	return 0;
}
