// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: bpf(2)'s union bpf_attr, as strace 6.1 prints it, for
 * the commands decoded so far: BPF_MAP_CREATE, BPF_PROG_LOAD, the map
 * element commands, the *_GET_FD_BY_ID ones, BPF_PROG_ATTACH,
 * BPF_PROG_DETACH, BPF_LINK_UPDATE and BPF_PROG_TEST_RUN, at entry.  strace reads the attr's size bytes (up to a page) and prints
 * the fields that size holds, in the order the kernel added them, then
 * ", ..." (with -v the bytes) when the bytes past its struct are not all
 * zero.  What PROG_LOAD points to (the license, the log buffer, with -v
 * the instructions) and the other commands' arrays are copied after the
 * attr (cap_bpfattr.bpf.c): printed as strace's print_array by
 * fmt_bpf_array, else the pointer.
 */
#include <linux/bpf.h>
#include <stddef.h>

#include "fmt_priv.h"

void fmt_kernel_version(struct fmt_buf *b, uint64_t v)
{
	fb_printf(b, "KERNEL_VERSION(%u, %u, %u)", (unsigned)(v >> 16 & 0xffff),
		  (unsigned)(v >> 8 & 0xff), (unsigned)(v & 0xff));
}

/* strace's structs of the two commands: their sizes, bytes at most */
#define MAP_CREATE_SIZE	72
#define PROG_LOAD_SIZE	128

/* a field that may be cut by len: its bytes, zero past len */
static uint32_t bpf_ld32(const uint8_t *p, uint32_t len, uint32_t off)
{
	uint8_t v[4] = { 0 };

	for (uint32_t j = 0; j < 4 && off + j < len; j++)
		v[j] = p[off + j];
	return ld32(v);
}

static uint64_t bpf_ld64(const uint8_t *p, uint32_t len, uint32_t off)
{
	return bpf_ld32(p, len, off) |
	       (uint64_t)bpf_ld32(p, len, off + 4) << 32;
}

/* sep and an unsigned field at off, if the attr's len bytes hold it;
   0: they do not (the struct ends) */
static int bpf_u(struct fmt_buf *b, const uint8_t *p, uint32_t len,
		 uint32_t off, const char *sep)
{
	if (len <= off)
		return 0;
	fb_puts(b, sep);
	fb_udec(b, bpf_ld32(p, len, off));
	return 1;
}

/* sep and a pointer field (strace's print_big_u64_addr) */
static void bpf_ptr(struct fmt_buf *b, const char *sep, uint64_t v)
{
	fb_puts(b, sep);
	fmt_ptr(b, v);
}

/* the object name at off: at most len - off of its 16 bytes, up to a
   NUL, "..." when the last holds none (strace's cstring) */
void fmt_bpf_name(struct fmt_buf *b, const struct sc_call *c,
		  const uint8_t *p, uint32_t len, uint32_t off, const char *name)
{
	uint32_t n = len - off < BPF_OBJ_NAME_LEN ? len - off :
		     BPF_OBJ_NAME_LEN;
	const uint8_t *z = memchr(p + off, '\0', n - 1);

	fb_puts(b, name);
	if (z)
		fmt_qstr(b, c, p + off, (size_t)(z - (p + off)), -1, 0, 0);
	else
		fmt_qstr(b, c, p + off, n - 1, -1, p[off + n - 1] != '\0', 0);
}

static void bpf_map_create(struct fmt_buf *b, const struct sc_call *c,
			   const uint8_t *p, uint32_t len, int own_ns)
{
	uint32_t flags = bpf_ld32(p, len, 16);

	fb_puts(b, "{map_type=");
	fmt_enum_dflt(b, &xlat_bpf_map_types, bpf_ld32(p, len, 0),
		      "BPF_MAP_TYPE_???");
	fb_puts(b, ", key_size=");
	fb_udec(b, bpf_ld32(p, len, 4));
	fb_puts(b, ", value_size=");
	fb_udec(b, bpf_ld32(p, len, 8));
	fb_puts(b, ", max_entries=");
	fb_udec(b, bpf_ld32(p, len, 12));
	if (len <= 16)
		return;
	fb_puts(b, ", map_flags=");
	fmt_flags_dflt(b, &xlat_bpf_map_flags, flags, "BPF_F_???");
	if (len <= 20)
		return;
	fb_puts(b, ", inner_map_fd=");
	fmt_fd_value(b, c, (int32_t)bpf_ld32(p, len, 20));
	if (len <= 24)
		return;
	if (flags & BPF_F_NUMA_NODE) {
		/* strace's verbose style whatever -X says, but raw */
		uint32_t node = bpf_ld32(p, len, 24);
		const char *name = xlat_name(&xlat_numa_node, node);

		fb_puts(b, ", numa_node=");
		fb_udec(b, node);
		if (name && b->xstyle != XSTYLE_RAW) {
			fb_puts(b, " /* ");
			fb_puts(b, name);
			fb_puts(b, " */");
		}
	}
	if (len <= 28)
		return;
	fmt_bpf_name(b, c, p, len, 28, ", map_name=");
	if (len <= 44)
		return;
	fb_puts(b, ", map_ifindex=");
	fmt_ifindex(b, c, own_ns, bpf_ld32(p, len, 44));
	if (len <= 48)
		return;
	fb_puts(b, ", btf_fd=");
	fmt_fd_value(b, c, (int32_t)bpf_ld32(p, len, 48));
	fb_puts(b, ", btf_key_type_id=");
	fb_udec(b, bpf_ld32(p, len, 52));
	fb_puts(b, ", btf_value_type_id=");
	fb_udec(b, bpf_ld32(p, len, 56));
	if (!bpf_u(b, p, len, 60, ", btf_vmlinux_value_type_id="))
		return;
	if (len <= 64)
		return;
	fb_puts(b, ", map_extra=");
	fb_udec(b, bpf_ld64(p, len, 64));
}

/* BPF_PROG_LOAD's fields from prog_btf_fd on (Linux 5.0 and later) */
static void bpf_prog_btf(struct fmt_buf *b, const struct sc_call *c,
			 const uint8_t *p, uint32_t len)
{
	fb_puts(b, ", prog_btf_fd=");
	fmt_fd_value(b, c, (int32_t)bpf_ld32(p, len, 72));
	fb_puts(b, ", func_info_rec_size=");
	fb_udec(b, bpf_ld32(p, len, 76));
	bpf_ptr(b, ", func_info=", bpf_ld64(p, len, 80));
	fb_puts(b, ", func_info_cnt=");
	fb_udec(b, bpf_ld32(p, len, 88));
	fb_puts(b, ", line_info_rec_size=");
	fb_udec(b, bpf_ld32(p, len, 92));
	bpf_ptr(b, ", line_info=", bpf_ld64(p, len, 96));
	fb_puts(b, ", line_info_cnt=");
	fb_udec(b, bpf_ld32(p, len, 104));
	if (!bpf_u(b, p, len, 108, ", attach_btf_id="))
		return;
	if (len <= 112)
		return;
	fb_puts(b, ", attach_prog_fd=");
	fmt_fd_value(b, c, (int32_t)bpf_ld32(p, len, 112));
	if (len <= 120)
		return;
	bpf_ptr(b, ", fd_array=", bpf_ld64(p, len, 120));
}

/*
 * piece n of the attr's copy, a string copied at most cap + 1 bytes with
 * its NUL (cap_bpfattr.bpf.c): its bytes before the NUL, or NULL
 */
static const uint8_t *bpf_str(const struct cap *k, int n, uint32_t *len)
{
	const uint8_t *s;

	if (!k || k->npieces <= n || !cap_piece(k, n, &s, len))
		return NULL;
	return s;
}

/* the license: strace's printstr (-s bytes, "..." when it goes on) */
static void bpf_license(struct fmt_buf *b, const struct sc_call *c,
			const struct cap *k, uint64_t addr)
{
	uint32_t n;
	const uint8_t *s = addr ? bpf_str(k, 1, &n) : NULL;

	fb_puts(b, ", license=");
	if (!s) {
		fmt_ptr(b, addr);
		return;
	}
	fmt_qstr(b, c, s, n, str_max(c), 0, 0);
}

/*
 * the log buffer, as strace's printstr_ex of log_size bytes, up to a
 * NUL: min(log_size, -s + 1) were read; no NUL in them: "..."
 */
static void bpf_log_buf(struct fmt_buf *b, const struct sc_call *c,
			const struct cap *k, uint64_t addr, uint32_t size)
{
	uint64_t cap = (uint64_t)str_max(c) + 1;
	uint32_t n;
	const uint8_t *s = addr ? bpf_str(k, 2, &n) : NULL;

	fb_puts(b, ", log_buf=");
	if (!s) {
		fmt_ptr(b, addr);
		return;
	}
	if (size < cap)
		cap = size;
	if (!size || n < cap) {
		fmt_qstr(b, c, s, n, -1, 0, 0);
		return;
	}
	fmt_qstr(b, c, s, n < (uint64_t)str_max(c) ? n : (size_t)str_max(c),
		 -1, 1, 0);
}

/*
 * the instructions, under -v only (strace's print_ebpf_prog): the piece
 * after the license's and log_buf's (those the attr's size holds), at
 * most 1023 (cap_filter.bpf.c's g_array), else the pointer
 */
static void bpf_insns(struct fmt_buf *b, const struct sc_call *c,
		      const struct cap *k, const uint8_t *p, uint32_t len)
{
	uint32_t size = (uint32_t)c->args[2];
	int piece = 1 + (size >= 24) + (size >= 40);

	fb_puts(b, ", insns=");
	if (abbrev(c))
		fmt_ptr(b, bpf_ld64(p, len, 8));
	else
		fmt_bpf_array(b, c, k, piece, bpf_ld64(p, len, 8),
			      bpf_ld32(p, len, 4), 8, fmt_ebpf_insn, NULL);
}

static void bpf_prog_load(struct fmt_buf *b, const struct sc_call *c,
			  const struct cap *k, const uint8_t *p, uint32_t len)
{
	fb_puts(b, "{prog_type=");
	fmt_enum_dflt(b, &xlat_bpf_prog_types, bpf_ld32(p, len, 0),
		      "BPF_PROG_TYPE_???");
	fb_puts(b, ", insn_cnt=");
	fb_udec(b, bpf_ld32(p, len, 4));
	bpf_insns(b, c, k, p, len);
	bpf_license(b, c, k, bpf_ld64(p, len, 16));
	if (!bpf_u(b, p, len, 24, ", log_level="))
		return;
	fb_puts(b, ", log_size=");
	fb_udec(b, bpf_ld32(p, len, 28));
	bpf_log_buf(b, c, k, bpf_ld64(p, len, 32), bpf_ld32(p, len, 28));
	if (len <= 40)
		return;
	fb_puts(b, ", kern_version=");
	fmt_words(b, bpf_ld32(p, len, 40), XF_HEX, fmt_kernel_version);
	if (len <= 44)
		return;
	fb_puts(b, ", prog_flags=");
	fmt_flags_dflt(b, &xlat_bpf_prog_flags, bpf_ld32(p, len, 44),
		       "BPF_F_???");
	if (len <= 48)
		return;
	fmt_bpf_name(b, c, p, len, 48, ", prog_name=");
	if (len <= 64)
		return;
	fb_puts(b, ", prog_ifindex=");
	fmt_ifindex(b, c, k && (k->nlproto & NLPROTO_OWN_NS),
		    bpf_ld32(p, len, 64));
	if (len <= 68)
		return;
	fb_puts(b, ", expected_attach_type=");
	fmt_enum_dflt(b, &xlat_bpf_attach_type, bpf_ld32(p, len, 68),
		      "BPF_???");
	if (len > 72)
		bpf_prog_btf(b, c, p, len);
}

/* the map's fd and the key's address, the map element commands' head */
static void bpf_map_key(struct fmt_buf *b, const struct sc_call *c,
			const uint8_t *p, uint32_t len)
{
	fb_puts(b, "{map_fd=");
	fmt_fd_value(b, c, (int32_t)bpf_ld32(p, len, 0));
	bpf_ptr(b, ", key=", bpf_ld64(p, len, 8));
}

/* BPF_MAP_{LOOKUP,UPDATE,DELETE}_ELEM, _LOOKUP_AND_DELETE_ELEM,
   _GET_NEXT_KEY and _FREEZE: the fields of struct of cmd */
static void bpf_map_elem(struct fmt_buf *b, const struct sc_call *c,
			 uint32_t cmd, const uint8_t *p, uint32_t len)
{
	if (cmd == BPF_MAP_FREEZE) {
		fb_puts(b, "{map_fd=");
		fmt_fd_value(b, c, (int32_t)bpf_ld32(p, len, 0));
		return;
	}
	bpf_map_key(b, c, p, len);
	if (cmd == BPF_MAP_DELETE_ELEM)
		return;
	bpf_ptr(b, cmd == BPF_MAP_GET_NEXT_KEY ? ", next_key=" : ", value=",
		bpf_ld64(p, len, 16));
	if (cmd == BPF_MAP_UPDATE_ELEM) {
		fb_puts(b, ", flags=");
		fmt_enum_dflt(b, &xlat_bpf_map_update_elem_flags,
			      bpf_ld64(p, len, 24), "BPF_???");
	} else if (cmd != BPF_MAP_GET_NEXT_KEY && len > 24) {
		/* flags came in Linux 5.1: printed when the size holds it */
		fb_puts(b, ", flags=");
		fmt_flags_dflt(b, &xlat_bpf_map_lookup_elem_flags,
			       bpf_ld64(p, len, 24), "BPF_???");
	}
}

/* BPF_{PROG,MAP,BTF,LINK}_GET_FD_BY_ID: the id (prog and map: next_id
   and, when the size holds it, open_flags) */
static void bpf_fd_by_id(struct fmt_buf *b, uint32_t cmd, const uint8_t *p,
			 uint32_t len)
{
	fb_puts(b, cmd == BPF_PROG_GET_FD_BY_ID ? "{prog_id=" :
		   cmd == BPF_MAP_GET_FD_BY_ID ? "{map_id=" :
		   cmd == BPF_BTF_GET_FD_BY_ID ? "{btf_id=" : "{link_id=");
	fb_udec(b, bpf_ld32(p, len, 0));
	if (cmd != BPF_PROG_GET_FD_BY_ID && cmd != BPF_MAP_GET_FD_BY_ID)
		return;
	fb_puts(b, ", next_id=");
	fb_udec(b, bpf_ld32(p, len, 4));
	if (len <= 8)
		return;
	fb_puts(b, ", open_flags=");
	fmt_flags_dflt(b, &xlat_bpf_file_mode_flags, bpf_ld32(p, len, 8),
		       "BPF_F_???");
}

/* BPF_PROG_ATTACH, BPF_PROG_DETACH and BPF_LINK_UPDATE */
static void bpf_attach(struct fmt_buf *b, const struct sc_call *c,
		       uint32_t cmd, const uint8_t *p, uint32_t len)
{
	uint32_t flags = bpf_ld32(p, len, 8);

	if (cmd == BPF_LINK_UPDATE) {
		fb_puts(b, "{link_update={link_fd=");
		fmt_fd_value(b, c, (int32_t)bpf_ld32(p, len, 0));
		fb_puts(b, ", new_prog_fd=");
		fmt_fd_value(b, c, (int32_t)bpf_ld32(p, len, 4));
		fb_puts(b, ", flags=");
		fmt_flags_dflt(b, &xlat_bpf_attach_flags, flags, "BPF_F_???");
		if (flags & BPF_F_REPLACE) {
			fb_puts(b, ", old_prog_fd=");
			fmt_fd_value(b, c, (int32_t)bpf_ld32(p, len, 12));
		}
		fb_putc(b, '}');
		return;
	}
	fb_puts(b, "{target_fd=");
	fmt_fd_value(b, c, (int32_t)bpf_ld32(p, len, 0));
	if (cmd == BPF_PROG_ATTACH) {
		fb_puts(b, ", attach_bpf_fd=");
		fmt_fd_value(b, c, (int32_t)bpf_ld32(p, len, 4));
	}
	fb_puts(b, ", attach_type=");
	fmt_enum_dflt(b, &xlat_bpf_attach_type, bpf_ld32(p, len, 8),
		      "BPF_???");
	if (cmd == BPF_PROG_DETACH)
		return;
	fb_puts(b, ", attach_flags=");
	fmt_flags_dflt(b, &xlat_bpf_attach_flags, bpf_ld32(p, len, 12),
		       "BPF_F_???");
	if (len <= 16)
		return;
	fb_puts(b, ", replace_bpf_fd=");
	fmt_fd_value(b, c, (int32_t)bpf_ld32(p, len, 16));
}

/* sep and the unsigned field at off */
static void bpf_uf(struct fmt_buf *b, const uint8_t *p, uint32_t len,
		   uint32_t off, const char *sep)
{
	fb_puts(b, sep);
	fb_udec(b, bpf_ld32(p, len, off));
}

/* BPF_PROG_TEST_RUN: its fields in "test", those of Linux 5.2, 5.10
   and 5.18 when the size reaches them */
static void bpf_test_run(struct fmt_buf *b, const struct sc_call *c,
			 const uint8_t *p, uint32_t len)
{
	fb_puts(b, "{test={prog_fd=");
	fmt_fd_value(b, c, (int32_t)bpf_ld32(p, len, 0));
	bpf_uf(b, p, len, 4, ", retval=");
	bpf_uf(b, p, len, 8, ", data_size_in=");
	bpf_uf(b, p, len, 12, ", data_size_out=");
	bpf_ptr(b, ", data_in=", bpf_ld64(p, len, 16));
	bpf_ptr(b, ", data_out=", bpf_ld64(p, len, 24));
	bpf_uf(b, p, len, 32, ", repeat=");
	bpf_uf(b, p, len, 36, ", duration=");
	if (len > 40) {
		bpf_uf(b, p, len, 40, ", ctx_size_in=");
		bpf_uf(b, p, len, 44, ", ctx_size_out=");
		bpf_ptr(b, ", ctx_in=", bpf_ld64(p, len, 48));
		bpf_ptr(b, ", ctx_out=", bpf_ld64(p, len, 56));
	}
	if (len > 64) {
		fb_puts(b, ", flags=");
		fmt_flags_dflt(b, &xlat_bpf_test_run_flags,
			       bpf_ld32(p, len, 64), "BPF_F_???");
		bpf_uf(b, p, len, 68, ", cpu=");
	}
	bpf_u(b, p, len, 72, ", batch_size=");
	fb_putc(b, '}');
}

/* the size of strace's struct of cmd, bytes; 0: a command not decoded */
static uint32_t bpf_struct_size(uint32_t cmd)
{
	switch (cmd) {
	case BPF_MAP_CREATE:
		return MAP_CREATE_SIZE;
	case BPF_PROG_LOAD:
		return PROG_LOAD_SIZE;
	case BPF_MAP_LOOKUP_ELEM:
	case BPF_MAP_LOOKUP_AND_DELETE_ELEM:
	case BPF_MAP_UPDATE_ELEM:
		return 32;
	case BPF_MAP_GET_NEXT_KEY:
		return 24;
	case BPF_PROG_TEST_RUN:
		return 76;
	case BPF_PROG_ATTACH:
		return 20;
	case BPF_LINK_UPDATE:
		return 16;
	case BPF_PROG_DETACH:
		return 12;
	case BPF_MAP_DELETE_ELEM:
		return 16;
	case BPF_PROG_GET_FD_BY_ID:
	case BPF_MAP_GET_FD_BY_ID:
		return 12;
	case BPF_OBJ_GET_INFO_BY_FD:
	case BPF_OBJ_PIN:
	case BPF_OBJ_GET:
		return 16;
	case BPF_RAW_TRACEPOINT_OPEN:
		return 12;
	case BPF_LINK_CREATE:
	case BPF_TASK_FD_QUERY:
		return 48;
	case BPF_PROG_QUERY:
		return 28;
	case BPF_BTF_LOAD:
		return 28;
	case BPF_PROG_GET_NEXT_ID:
	case BPF_MAP_GET_NEXT_ID:
	case BPF_BTF_GET_NEXT_ID:
	case BPF_LINK_GET_NEXT_ID:
		return 12;
	case BPF_MAP_LOOKUP_BATCH:
	case BPF_MAP_LOOKUP_AND_DELETE_BATCH:
	case BPF_MAP_UPDATE_BATCH:
	case BPF_MAP_DELETE_BATCH:
		return 56;
	case BPF_MAP_FREEZE:
	case BPF_BTF_GET_FD_BY_ID:
	case BPF_LINK_GET_FD_BY_ID:
		return 4;
	}
	return 0;
}

/*
 * the bytes past the command's struct: strace's ", ..." when not all
 * zero (with -v: them in hex, their offsets in a comment)
 */
void fmt_bpf_extra(struct fmt_buf *b, const struct sc_call *c,
		   const uint8_t *p, uint32_t size, uint32_t sz)
{
	uint32_t j;

	for (j = sz; j < size && !p[j]; j++)
		;
	if (j >= size)
		return;
	if (abbrev(c)) {
		fb_puts(b, ", ...");
		return;
	}
	fb_puts(b, ", extra_data=");
	fmt_qstr(b, c, p + sz, size - sz, -1, 0, QS_HEX);
	fb_printf(b, " /* bytes %u..%u */", sz, size - 1);
}

/*
 * an array the attr points to, n elements of es bytes at addr: piece
 * of k's copy (cap_bpfattr.bpf.c's g_array: the elements strace reads,
 * or those before the page that faulted), as strace's print_array;
 * the pointer when that piece was not copied (a hole)
 */
void fmt_bpf_array(struct fmt_buf *b, const struct sc_call *c,
		   const struct cap *k, int piece, uint64_t addr, uint32_t n,
		   uint32_t es, fmt_bpf_elem_fn elem, const void *ctx)
{
	const uint8_t *e = NULL;
	uint32_t have = 0;
	int got = k && k->npieces > piece && cap_piece(k, piece, &e, &have);

	if (!addr || !fmt_array_ctx(b, c, e, addr, n, es, have, got, 0, elem,
				    ctx))
		fmt_ptr(b, addr);
}

/* elements of those arrays: u32 as a number, u64 in hex (0 as 0) */
void fmt_bpf_u32_elem(struct fmt_buf *b, const uint8_t *e, uint32_t j,
		      const void *ctx)
{
	fb_udec(b, ld32(e));
}

void fmt_bpf_x64_elem(struct fmt_buf *b, const uint8_t *e, uint32_t j,
		      const void *ctx)
{
	fmt_bpf_hex(b, ld64(e));
}

/* strace's PRINT_FIELD_X: 0, else 0x... */
void fmt_bpf_hex(struct fmt_buf *b, uint64_t v)
{
	if (v)
		fb_hex(b, v);
	else
		fb_putc(b, '0');
}

/*
 * the attr's bytes at entry (piece 0 of its copy, args[2] bytes): 1, or
 * 0 when strace prints the pointer (not decoded, or not read whole)
 */
static int bpf_attr(const struct sc_call *c, int i, const struct cap **k,
		    const uint8_t **p)
{
	uint32_t cmd = (uint32_t)c->args[0], size = (uint32_t)c->args[2];
	uint32_t len;

	*k = arg_in(c, i, 0);
	/* strace reads the size given, up to a page, whole or not at all */
	if (!bpf_struct_size(cmd) || !size || size > 4096 || !c->args[i] ||
	    !*k || !cap_piece(*k, 0, p, &len) || len < size)
		return 0;
	return 1;
}

/* the fields of command cmd's struct, len bytes of it at p */
static void bpf_fields(struct fmt_buf *b, const struct sc_call *c,
		       uint32_t cmd, const struct cap *k, const uint8_t *p,
		       uint32_t len)
{
	if (fmt_bpf_strcmd(b, c, cmd, k, p, len))
		return;
	if (cmd == BPF_MAP_CREATE)
		bpf_map_create(b, c, p, len,
			       (k->nlproto & NLPROTO_OWN_NS) != 0);
	else if (cmd == BPF_PROG_LOAD)
		bpf_prog_load(b, c, k, p, len);
	else if (cmd == BPF_PROG_ATTACH || cmd == BPF_PROG_DETACH ||
		 cmd == BPF_LINK_UPDATE)
		bpf_attach(b, c, cmd, p, len);
	else if (cmd == BPF_PROG_TEST_RUN)
		bpf_test_run(b, c, p, len);
	else if (cmd == BPF_PROG_GET_FD_BY_ID || cmd == BPF_MAP_GET_FD_BY_ID ||
		 cmd == BPF_BTF_GET_FD_BY_ID || cmd == BPF_LINK_GET_FD_BY_ID)
		bpf_fd_by_id(b, cmd, p, len);
	else
		bpf_map_elem(b, c, cmd, p, len);
}

FMT_KIND(bpfattr)
{
	uint32_t cmd = (uint32_t)c->args[0], size = (uint32_t)c->args[2];
	uint32_t sz = bpf_struct_size(cmd);
	uint32_t len = size < sz ? size : sz;
	const struct cap *k;
	const uint8_t *p;

	if (!bpf_attr(c, i, &k, &p)) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	if (fmt_bpf_split(cmd)) {
		/* the entry's half: fmt_bpf_call prints the exit's */
		fmt_bpf_entry_half(b, c, cmd, p, size);
		return;
	}
	if (cmd == BPF_LINK_CREATE) {
		/* (its extra bytes start where its union ends) */
		fmt_bpf_link_create(b, c, k, p, size);
		return;
	}
	bpf_fields(b, c, cmd, k, p, len);
	if (size > sz)
		fmt_bpf_extra(b, c, p, size, sz);
	fb_putc(b, '}');
}

/* the commands strace prints the return of as an fd (its RVAL_FD) */
void fmt_bpf_ret(struct fmt_buf *b, const struct sc_call *c)
{
	uint32_t cmd = (uint32_t)c->args[0];
	const struct cap *k;
	const uint8_t *p;

	fb_dec(b, c->ret);
	if (cmd != BPF_MAP_CREATE && cmd != BPF_PROG_LOAD &&
	    cmd != BPF_OBJ_PIN && cmd != BPF_OBJ_GET &&
	    cmd != BPF_PROG_GET_FD_BY_ID && cmd != BPF_MAP_GET_FD_BY_ID &&
	    cmd != BPF_BTF_LOAD && cmd != BPF_BTF_GET_FD_BY_ID &&
	    cmd != BPF_LINK_CREATE && cmd != BPF_LINK_GET_FD_BY_ID)
		return;
	/* (strace: only when it decoded the attr) */
	if (bpf_attr(c, 1, &k, &p))
		fmt_fd_note(b, c, FD_SLOT_RET);
}

/*
 * the whole call: at entry, but BPF_OBJ_GET_INFO_BY_FD's attr (when read)
 * ends at exit with what the call left in it, as strace splits it
 */
int fmt_bpf_call(struct fmt_buf *b, const struct sc_call *c, int from,
		 int exiting)
{
	uint32_t cmd = (uint32_t)c->args[0];
	int split = fmt_bpf_split(cmd);
	const struct cap *k;
	const uint8_t *p;

	split = split && bpf_attr(c, 1, &k, &p);
	if (!from) {
		fmt_k_enum(b, c, 0);
		fb_puts(b, ", ");
		fmt_k_bpfattr(b, c, 1);
		if (split && !exiting)
			return 1;
	} else if (from != 1) {
		return c->d->nargs;
	}
	if (split)
		fmt_bpf_exit_half(b, c, cmd, p, (uint32_t)c->args[2]);
	fb_puts(b, ", ");
	fb_udec(b, (uint32_t)c->args[2]);
	return c->d->nargs;
}
