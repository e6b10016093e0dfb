// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: bpf(2)'s commands whose attr strace prints in two
 * halves, the entry's fields then at exit what the call left in it (the
 * attr read again, cap_bpfattr.bpf.c): BPF_{PROG,MAP,BTF,LINK}_GET_NEXT_ID
 * ({start_id=, next_id=N => M, open_flags=}), the map batch commands
 * (the whole struct at entry, " => {batch={count=N}}" at exit when the
 * count changed) and BPF_OBJ_GET_INFO_BY_FD (fmt_bpf_info.c).  An attr
 * not read at exit prints its address there, as strace's does.  And the
 * commands whose attr points to a string or bytes copied at entry after
 * it: BPF_OBJ_PIN's and BPF_OBJ_GET's pathname, BPF_RAW_TRACEPOINT_OPEN's
 * name, BPF_BTF_LOAD's btf (not read: the pointer).
 */
#include <limits.h>
#include <linux/bpf.h>

#include "fmt_priv.h"

#define NEXT_ID_SIZE	12
#define BATCH_SIZE	56

static int next_id_cmd(uint32_t cmd)
{
	return cmd == BPF_PROG_GET_NEXT_ID || cmd == BPF_MAP_GET_NEXT_ID ||
	       cmd == BPF_BTF_GET_NEXT_ID || cmd == BPF_LINK_GET_NEXT_ID;
}

static int batch_cmd(uint32_t cmd)
{
	return cmd == BPF_MAP_LOOKUP_BATCH ||
	       cmd == BPF_MAP_LOOKUP_AND_DELETE_BATCH ||
	       cmd == BPF_MAP_UPDATE_BATCH || cmd == BPF_MAP_DELETE_BATCH;
}

int fmt_bpf_split(uint32_t cmd)
{
	return next_id_cmd(cmd) || batch_cmd(cmd) ||
	       cmd == BPF_OBJ_GET_INFO_BY_FD || cmd == BPF_PROG_QUERY ||
	       cmd == BPF_TASK_FD_QUERY;
}

uint64_t fmt_bpf_ld(const uint8_t *p, uint32_t len, uint32_t off, int n)
{
	uint64_t v = 0;

	for (int j = n - 1; j >= 0; j--)
		v = v << 8 | (off + (uint32_t)j < len ? p[off + j] : 0);
	return v;
}

static void field_ptr(struct fmt_buf *b, const char *sep, uint64_t v)
{
	fb_puts(b, sep);
	fmt_ptr(b, v);
}

/* the batch commands' struct, all at entry */
static void batch(struct fmt_buf *b, const struct sc_call *c, uint32_t cmd,
		  const uint8_t *p, uint32_t size)
{
	uint32_t len = size < BATCH_SIZE ? size : BATCH_SIZE;
	uint64_t flags = fmt_bpf_ld(p, len, 48, 8);

	fb_puts(b, "{batch={");
	if (cmd == BPF_MAP_LOOKUP_BATCH ||
	    cmd == BPF_MAP_LOOKUP_AND_DELETE_BATCH) {
		field_ptr(b, "in_batch=", fmt_bpf_ld(p, len, 0, 8));
		field_ptr(b, ", out_batch=", fmt_bpf_ld(p, len, 8, 8));
		fb_puts(b, ", ");
	}
	field_ptr(b, "keys=", fmt_bpf_ld(p, len, 16, 8));
	if (cmd != BPF_MAP_DELETE_BATCH)
		field_ptr(b, ", values=", fmt_bpf_ld(p, len, 24, 8));
	fb_puts(b, ", count=");
	fb_udec(b, fmt_bpf_ld(p, len, 32, 4));
	fb_puts(b, ", map_fd=");
	fmt_fd_value(b, c, (int32_t)fmt_bpf_ld(p, len, 36, 4));
	fb_puts(b, ", elem_flags=");
	fmt_flags_dflt(b, &xlat_bpf_map_lookup_elem_flags,
		       fmt_bpf_ld(p, len, 40, 8), "BPF_???");
	fb_puts(b, ", flags=");
	if (flags)
		fb_hex(b, flags);
	else
		fb_putc(b, '0');
	fb_putc(b, '}');
	if (size > BATCH_SIZE)
		fmt_bpf_extra(b, c, p, size, BATCH_SIZE);
	fb_putc(b, '}');
}

void fmt_bpf_entry_half(struct fmt_buf *b, const struct sc_call *c,
			uint32_t cmd, const uint8_t *p, uint32_t size)
{
	uint32_t len = size < NEXT_ID_SIZE ? size : NEXT_ID_SIZE;

	if (cmd == BPF_OBJ_GET_INFO_BY_FD) {
		fmt_bpf_info(b, c, p, size);
		return;
	}
	if (batch_cmd(cmd)) {
		batch(b, c, cmd, p, size);
		return;
	}
	if (cmd == BPF_PROG_QUERY || cmd == BPF_TASK_FD_QUERY) {
		fmt_bpf_query_entry(b, c, cmd, p, size);
		return;
	}
	fb_puts(b, "{start_id=");
	fb_udec(b, fmt_bpf_ld(p, len, 0, 4));
	fb_puts(b, ", next_id=");
	fb_udec(b, fmt_bpf_ld(p, len, 4, 4));
}

void fmt_bpf_exit_half(struct fmt_buf *b, const struct sc_call *c,
		       uint32_t cmd, const uint8_t *p, uint32_t size)
{
	const struct cap *x = c->exited ? c->cap_out[1] : NULL;
	uint32_t len = size < NEXT_ID_SIZE ? size : NEXT_ID_SIZE, n = 0;
	uint32_t at = batch_cmd(cmd) ? 32 : 4;
	const uint8_t *q;

	if (cmd == BPF_OBJ_GET_INFO_BY_FD) {
		fmt_bpf_info_exit(b, c, p, size);
		return;
	}
	if (!x || (x->flags & CAP_FAULT) || !cap_piece(x, 0, &q, &n) ||
	    n < size) {
		fmt_ptr(b, c->args[1]);
		return;
	}
	if (cmd == BPF_PROG_QUERY || cmd == BPF_TASK_FD_QUERY) {
		fmt_bpf_query_exit(b, c, cmd, p, x, size);
		return;
	}
	if (batch_cmd(cmd)) {
		len = size < BATCH_SIZE ? size : BATCH_SIZE;
		if (fmt_bpf_ld(q, len, at, 4) != fmt_bpf_ld(p, len, at, 4)) {
			fb_puts(b, " => {batch={count=");
			fb_udec(b, fmt_bpf_ld(q, len, at, 4));
			fb_puts(b, "}}");
		}
		return;
	}
	if (fmt_bpf_ld(q, len, at, 4) != fmt_bpf_ld(p, len, at, 4)) {
		fb_puts(b, " => ");
		fb_udec(b, fmt_bpf_ld(q, len, at, 4));
	}
	if (len > 8) {
		fb_puts(b, ", open_flags=");
		fmt_flags_dflt(b, &xlat_bpf_file_mode_flags,
			       fmt_bpf_ld(q, len, 8, 4),
			       "BPF_F_???");
	}
	if (size > NEXT_ID_SIZE)
		fmt_bpf_extra(b, c, q, size, NEXT_ID_SIZE);
	fb_putc(b, '}');
}

/* piece n of the attr's entry copy (cap_bpfattr.bpf.c), or NULL */
static const uint8_t *piece(const struct cap *k, int n, uint32_t *len)
{
	const uint8_t *s;

	if (!k || k->npieces <= n || !cap_piece(k, n, &s, len))
		return NULL;
	return s;
}

/* BPF_OBJ_PIN, BPF_OBJ_GET: {pathname=, bpf_fd=, file_flags=} */
static void obj_pin(struct fmt_buf *b, const struct sc_call *c,
		    const struct cap *k, const uint8_t *p, uint32_t len)
{
	uint64_t addr = fmt_bpf_ld(p, len, 0, 8);
	uint32_t n;
	const uint8_t *s = addr ? piece(k, 1, &n) : NULL;

	fb_puts(b, "{pathname=");
	if (s)
		fmt_qstr(b, c, s, n, PATH_MAX - 1, 0, 0);
	else
		fmt_ptr(b, addr);
	fb_puts(b, ", bpf_fd=");
	fmt_fd_value(b, c, (int32_t)fmt_bpf_ld(p, len, 8, 4));
	if (len <= 12)
		return;
	fb_puts(b, ", file_flags=");
	fmt_flags_dflt(b, &xlat_bpf_file_mode_flags, fmt_bpf_ld(p, len, 12, 4),
		       "BPF_F_???");
}

/* BPF_RAW_TRACEPOINT_OPEN: the name as strace's printstr_ex of 128
   bytes up to a NUL (min(128, -s + 1) read; no NUL in them: "...") */
static void raw_tp(struct fmt_buf *b, const struct sc_call *c,
		   const struct cap *k, const uint8_t *p, uint32_t len)
{
	uint64_t addr = fmt_bpf_ld(p, len, 0, 8);
	uint64_t cap = (uint64_t)str_max(c) + 1;
	uint32_t n;
	const uint8_t *s = addr ? piece(k, 1, &n) : NULL;

	fb_puts(b, "{raw_tracepoint={name=");
	if (cap > 128)
		cap = 128;
	if (!s)
		fmt_ptr(b, addr);
	else if (n < cap)
		fmt_qstr(b, c, s, n, -1, 0, 0);
	else
		fmt_qstr(b, c, s, n < (uint64_t)str_max(c) ? n :
			 (size_t)str_max(c), -1, 1, 0);
	fb_puts(b, ", prog_fd=");
	fmt_fd_value(b, c, (int32_t)fmt_bpf_ld(p, len, 8, 4));
	fb_putc(b, '}');
}

/* BPF_BTF_LOAD: btf as strace's printstrn of btf_size bytes */
static void btf_load(struct fmt_buf *b, const struct sc_call *c,
		     const struct cap *k, const uint8_t *p, uint32_t len)
{
	uint64_t addr = fmt_bpf_ld(p, len, 0, 8);
	uint64_t want = fmt_bpf_ld(p, len, 16, 4);
	uint64_t max = (uint64_t)str_max(c);
	uint32_t n;
	const uint8_t *s = addr ? piece(k, 1, &n) : NULL;

	fb_puts(b, "{btf=");
	if (!s || n != (want < max + 1 ? want : max + 1))
		fmt_ptr(b, addr);
	else
		fmt_qstr(b, c, s, n < max ? n : (size_t)max, -1, want > max, 0);
	field_ptr(b, ", btf_log_buf=", fmt_bpf_ld(p, len, 8, 8));
	fb_puts(b, ", btf_size=");
	fb_udec(b, want);
	fb_puts(b, ", btf_log_size=");
	fb_udec(b, fmt_bpf_ld(p, len, 20, 4));
	fb_puts(b, ", btf_log_level=");
	fb_udec(b, fmt_bpf_ld(p, len, 24, 4));
}

int fmt_bpf_strcmd(struct fmt_buf *b, const struct sc_call *c, uint32_t cmd,
		   const struct cap *k, const uint8_t *p, uint32_t len)
{
	if (cmd == BPF_OBJ_PIN || cmd == BPF_OBJ_GET)
		obj_pin(b, c, k, p, len);
	else if (cmd == BPF_RAW_TRACEPOINT_OPEN)
		raw_tp(b, c, k, p, len);
	else if (cmd == BPF_BTF_LOAD)
		btf_load(b, c, k, p, len);
	else
		return 0;
	return 1;
}

#define LINK_SIZE	48

/* iter_info's element: a union bpf_iter_link_info as strace prints it */
static void iter_elem(struct fmt_buf *b, const uint8_t *e, uint32_t j,
		      const void *ctx)
{
	fb_puts(b, "{map={map_fd=");
	fmt_fd_value(b, ctx, (int32_t)ld32(e));
	fb_puts(b, "}}");
}

struct syms_ctx {
	const struct sc_call *c;
	const struct cap *k;
};

/* a syms element: its string, piece 4 + j (strace's printstr) */
static void sym_elem(struct fmt_buf *b, const uint8_t *e, uint32_t j,
		     const void *ctx)
{
	const struct syms_ctx *x = ctx;
	const uint8_t *s;
	uint32_t n;

	if (!ld64(e) || !cap_piece(x->k, 4 + (int)j, &s, &n))
		fmt_ptr(b, ld64(e));
	else
		fmt_qstr(b, x->c, s, n, str_max(x->c), 0, 0);
}

/*
 * kprobe_multi's syms, addrs and cookies: pieces 1 to 3 of the attr's
 * copy, then the syms' strings (cap_bpfattr.bpf.c's link_arrays); syms
 * its pointer when the strings of the elements shown were not copied
 */
static void kprobe_arrays(struct fmt_buf *b, const struct sc_call *c,
			  const struct cap *k, const uint8_t *p, uint32_t len)
{
	uint32_t cnt = (uint32_t)fmt_bpf_ld(p, len, 20, 4), shown = cnt;
	uint64_t syms = fmt_bpf_ld(p, len, 24, 8);
	struct syms_ctx x = { c, k };
	const uint8_t *e;
	uint32_t have;

	if (abbrev(c) && (uint64_t)str_max(c) < shown)
		shown = (uint32_t)str_max(c);
	if (k && cap_piece(k, 1, &e, &have) && have / 8 < shown)
		shown = have / 8;
	fb_puts(b, ", syms=");
	if (syms && cnt && (!k || k->npieces < 4 + shown))
		fmt_ptr(b, syms);
	else
		fmt_bpf_array(b, c, k, 1, syms, cnt, 8, sym_elem, &x);
	fb_puts(b, ", addrs=");
	fmt_bpf_array(b, c, k, 2, fmt_bpf_ld(p, len, 32, 8), cnt, 8,
		      fmt_bpf_x64_elem, NULL);
	fb_puts(b, ", cookies=");
	fmt_bpf_array(b, c, k, 3, fmt_bpf_ld(p, len, 40, 8), cnt, 8,
		      fmt_bpf_x64_elem, NULL);
}

/*
 * BPF_LINK_CREATE: its head, then the union as strace guesses it from
 * attach_type; the arrays iter_info, syms, addrs and cookies from the
 * pieces after the attr's (NULL, [] when empty as strace prints without
 * reading).  The size its extra bytes start at (strace's).
 */
static uint32_t link_union(struct fmt_buf *b, const struct sc_call *c,
			   const struct cap *k, const uint8_t *p,
			   uint32_t len, uint32_t type)
{
	uint64_t cnt;

	if (type == 0) {
		if (fmt_bpf_ld(p, len, 16, 4)) {
			fb_puts(b, ", target_btf_id=");
			fb_udec(b, fmt_bpf_ld(p, len, 16, 4));
		}
		return 20;
	}
	if (type == BPF_TRACE_ITER) {
		cnt = fmt_bpf_ld(p, len, 24, 4);
		fb_puts(b, ", iter_info=");
		fmt_bpf_array(b, c, k, 1, fmt_bpf_ld(p, len, 16, 8),
			      (uint32_t)cnt, 4, iter_elem, c);
		fb_puts(b, ", iter_info_len=");
		fb_udec(b, cnt);
		return 28;
	}
	if (type == BPF_PERF_EVENT) {
		fb_puts(b, ", perf_event={bpf_cookie=");
		fmt_bpf_hex(b, fmt_bpf_ld(p, len, 16, 8));
		fb_putc(b, '}');
		return 24;
	}
	if (type != BPF_TRACE_KPROBE_MULTI)
		return 16;
	cnt = fmt_bpf_ld(p, len, 20, 4);
	fb_puts(b, ", kprobe_multi={flags=");
	fmt_flags_dflt(b, &xlat_bpf_link_create_kprobe_multi_flags,
		       fmt_bpf_ld(p, len, 16, 4), "BPF_F_???");
	fb_puts(b, ", cnt=");
	fb_udec(b, cnt);
	kprobe_arrays(b, c, k, p, len);
	fb_putc(b, '}');
	return 48;
}

void fmt_bpf_link_create(struct fmt_buf *b, const struct sc_call *c,
			 const struct cap *k, const uint8_t *p, uint32_t size)
{
	uint32_t len = size < LINK_SIZE ? size : LINK_SIZE, end = LINK_SIZE;
	uint32_t type = (uint32_t)fmt_bpf_ld(p, len, 8, 4);

	fb_puts(b, "{link_create={prog_fd=");
	fmt_fd_value(b, c, (int32_t)fmt_bpf_ld(p, len, 0, 4));
	fb_puts(b, ", target_fd=");
	fmt_fd_value(b, c, (int32_t)fmt_bpf_ld(p, len, 4, 4));
	fb_puts(b, ", attach_type=");
	fmt_enum_dflt(b, &xlat_bpf_attach_type, type, "BPF_???");
	fb_puts(b, ", flags=");
	fmt_bpf_hex(b, fmt_bpf_ld(p, len, 12, 4));
	if (len > 16)
		end = link_union(b, c, k, p, len, type);
	fb_putc(b, '}');
	if (size > end)
		fmt_bpf_extra(b, c, p, size, end);
	fb_putc(b, '}');
}
