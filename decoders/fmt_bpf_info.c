// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: bpf(2)'s BPF_OBJ_GET_INFO_BY_FD, as strace 6.1 prints
 * it: {info={bpf_fd=, info_len=} from the attr read at entry, then what
 * the call left in it (cap_bpfattr.bpf.c reads it again at exit, whether
 * or not the call failed): "=> N" when the kernel changed info_len, the
 * info pointer, and the bytes past the struct.  With -v, a map's info
 * struct (struct bpf_map_info, read at exit, info_len bytes) when -y
 * said the fd is a map (strace reads the fd's link whatever -y says:
 * without -y, the pointer); a program's prints as its pointer.  When the attr could not be read at exit,
 * strace prints its address right after the entry's fields (and no
 * closing braces): so does this.
 */
#include <linux/bpf.h>

#include "fmt_priv.h"

#define INFO_ATTR_SIZE	16	/* strace's struct of the command */

/* a u32 of the attr's size bytes at off, zero past them */
static uint32_t info_ld32(const uint8_t *p, uint32_t size, uint32_t off)
{
	uint8_t v[4] = { 0 };

	for (uint32_t j = 0; j < 4 && off + j < size; j++)
		v[j] = p[off + j];
	return ld32(v);
}

void fmt_bpf_info(struct fmt_buf *b, const struct sc_call *c,
		  const uint8_t *p, uint32_t size)
{
	fb_puts(b, "{info={bpf_fd=");
	fmt_fd_value(b, c, (int32_t)info_ld32(p, size, 0));
	fb_puts(b, ", info_len=");
	fb_udec(b, info_ld32(p, size, 4));
}

#define MAP_INFO_SIZE	88	/* strace's struct bpf_map_info */

/* is the attr's bpf_fd a BPF map, as -y described it at entry? */
static int info_is_map(const struct sc_call *c, int32_t fd)
{
	static const char name[] = "bpf-map";

	for (int s = FD_SLOT_SET0; s < FD_SLOTS && fd >= 0; s++) {
		const struct fd_desc *f = c->fd[s];

		if (f && f->fd == fd)
			return f->kind == FD_ANON &&
			       f->namelen == sizeof(name) - 1 &&
			       !memcmp(f->name, name, sizeof(name) - 1);
	}
	return 0;
}

/* sep and the u32 at off of the info */
static void info_u(struct fmt_buf *b, const uint8_t *q, uint32_t len,
		   uint32_t off, const char *sep)
{
	fb_puts(b, sep);
	fb_udec(b, info_ld32(q, len, off));
}

/* struct bpf_map_info, size bytes at q, the fields those hold */
static void map_info(struct fmt_buf *b, const struct sc_call *c,
		     const uint8_t *q, uint32_t size, int own_ns)
{
	uint32_t len = size < MAP_INFO_SIZE ? size : MAP_INFO_SIZE;

	fb_puts(b, "{type=");
	fmt_enum_dflt(b, &xlat_bpf_map_types, info_ld32(q, len, 0),
		      "BPF_MAP_TYPE_???");
	info_u(b, q, len, 4, ", id=");
	info_u(b, q, len, 8, ", key_size=");
	info_u(b, q, len, 12, ", value_size=");
	info_u(b, q, len, 16, ", max_entries=");
	fb_puts(b, ", map_flags=");
	fmt_flags_dflt(b, &xlat_bpf_map_flags, info_ld32(q, len, 20),
		       "BPF_F_???");
	if (len > 24)
		fmt_bpf_name(b, c, q, len, 24, ", name=");
	if (len > 40) {
		fb_puts(b, ", ifindex=");
		fmt_ifindex(b, c, own_ns, info_ld32(q, len, 40));
		info_u(b, q, len, 44, ", btf_vmlinux_value_type_id=");
		fb_puts(b, ", netns_dev=");
		fmt_dev_val(b, (uint64_t)info_ld32(q, len, 52) << 32 |
			       info_ld32(q, len, 48));
		fb_puts(b, ", netns_ino=");
		fb_udec(b, (uint64_t)info_ld32(q, len, 60) << 32 |
			   info_ld32(q, len, 56));
	}
	if (len > 64) {
		info_u(b, q, len, 64, ", btf_id=");
		info_u(b, q, len, 68, ", btf_key_type_id=");
		info_u(b, q, len, 72, ", btf_value_type_id=");
		if (size > MAP_INFO_SIZE)
			fmt_bpf_extra(b, c, q, size, MAP_INFO_SIZE);
	}
	fb_putc(b, '}');
}

/* the info at exit: a map's with -v, else its pointer */
static void info_struct(struct fmt_buf *b, const struct sc_call *c,
			const struct cap *x, const uint8_t *p, const uint8_t *q,
			uint32_t size)
{
	uint64_t addr = (uint64_t)info_ld32(q, size, 12) << 32 |
			info_ld32(q, size, 8);
	uint32_t ilen = info_ld32(q, size, 4), n;
	const struct cap *k = c->cap[1];
	const uint8_t *info;

	fb_puts(b, ", info=");
	if (abbrev(c) || !info_is_map(c, (int32_t)info_ld32(p, size, 0)) ||
	    !ilen || ilen > 4096 || x->npieces < 2 ||
	    !cap_piece(x, 1, &info, &n) || n < ilen) {
		fmt_ptr(b, addr);
		return;
	}
	map_info(b, c, info, ilen, k && (k->nlproto & NLPROTO_OWN_NS));
}

/* p: the attr at entry; args[1]'s exit copy is the attr at exit */
void fmt_bpf_info_exit(struct fmt_buf *b, const struct sc_call *c,
		       const uint8_t *p, uint32_t size)
{
	const struct cap *x = c->exited ? c->cap_out[1] : NULL;
	const uint8_t *q;
	uint32_t len = 0;

	if (!x || (x->flags & CAP_FAULT) || !cap_piece(x, 0, &q, &len) ||
	    len < size) {
		fmt_ptr(b, c->args[1]);
		return;
	}
	if (info_ld32(q, size, 4) != info_ld32(p, size, 4)) {
		fb_puts(b, " => ");
		fb_udec(b, info_ld32(q, size, 4));
	}
	info_struct(b, c, x, p, q, size);
	fb_putc(b, '}');
	if (size > INFO_ATTR_SIZE)
		fmt_bpf_extra(b, c, q, size, INFO_ATTR_SIZE);
	fb_putc(b, '}');
}
