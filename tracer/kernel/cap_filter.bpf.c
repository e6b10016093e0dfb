// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, kernel side: classic BPF programs (struct sock_filter[])
 * given to seccomp, prctl(PR_SET_SECCOMP) and the socket options
 * SO_ATTACH_FILTER, SO_ATTACH_REUSEPORT_CBPF (a struct sock_fprog) and
 * read back by SO_GET_FILTER, copied at the time of the call for the
 * decoders (decoders/fmt_bpf_filter.c).
 */
#include "cap_copy.bpf.h"

/*
 * size bytes at ptr into the item at off (room() gave them): all, or
 * after a fault the pages before the one that faulted (8184 bytes span
 * three at most); the bytes read
 */
static __always_inline u32 read_pages(u8 *b, u32 off, u64 ptr, u32 size)
{
	u32 got = 0;

	if (!size || !bpf_probe_read_user(data_at(b, off),
					  bounded(size, CAP_ITEM_MAX - 1),
					  (const void *)ptr))
		return size;
	for (int pg = 0; pg < 3 && got < size; pg++) {
		u32 chunk = 4096 - (u32)((ptr + got) & 4095);

		if (chunk > size - got)
			chunk = size - got;
		if (bpf_probe_read_user(data_at(b, off + got),
					bounded(chunk, CAP_ITEM_MAX - 1),
					(const void *)(ptr + got)))
			break;
		got += chunk;
	}
	return got;
}

/*
 * n instructions (struct sock_filter[n]) of a classic BPF filter at
 * ptr, at most CAP_FPROG_MAX: as many bytes as could be read, page by
 * page (the decoder says where the memory ended), CAP_F_TRUNC when the
 * record had no room for all of them
 */
__noinline u32 g_insns(u32 off, u32 arg, u64 ptr, u32 n, u32 phase)
{
	u8 *b = buf();
	u32 want = (n < CAP_FPROG_MAX ? n : CAP_FPROG_MAX) * 8, size;
	u32 flags = 0;

	if (!b)
		return off;
	size = room(off, want) & ~7u;
	if (!size && off + sizeof(struct cap_item) + 8 > CAP_REC_MAX)
		return off;
	if (size < want)
		flags |= CAP_F_TRUNC;
	return item_end(b, off, arg, phase, read_pages(b, off, ptr, size),
			flags, 0, 0);
}

/*
 * An array bpf(2)'s attr points to, bytes at ptr (cap_bpfattr.bpf.c): as
 * many as could be read, page by page (the memory ended there), or when
 * they are more than CAP_FPROG_MAX * 8 or the record has no room for
 * them, none and CAP_F_FAULT (the decoder prints the pointer: never a
 * part that looks like the memory's end).  Always an item (0 bytes for
 * none), so the decoder finds the next by position.
 */
__noinline u32 g_array(u32 off, u32 arg, u64 ptr, u64 bytes, u32 phase)
{
	u8 *b = buf();
	u32 size;

	if (!b || off + sizeof(struct cap_item) + 8 > CAP_REC_MAX)
		return off;
	size = bytes <= CAP_FPROG_MAX * 8 ? room(off, (u32)bytes) : 0;
	if (size < bytes)
		return item_end(b, off, arg, phase, 0, CAP_F_FAULT, 0, 0);
	return item_end(b, off, arg, phase, read_pages(b, off, ptr, size),
			0, 0, 0);
}

/*
 * A struct sock_fprog at ptr (16 bytes as UPTO copies them), then, when
 * insns, the instructions its filter points to (g_insns), by the length
 * and pointer of that copy, not of the user's memory read again (which
 * the program may change meanwhile: the filter would not be the one of
 * the struct printed)
 */
__noinline u32 g_fprog(u32 off, u32 arg, u64 ptr, u32 insns, u32 phase)
{
	struct { u16 len; u16 pad[3]; u64 filter; } fp = {};
	struct cap_item *it;
	u32 start = off;
	u8 *b = buf();

	off = g_buf(off, arg, ptr, 16, 16 | CAP_UPTO_BIT | phase << 24);
	if (!insns || !b || off == start)
		return off;
	it = (struct cap_item *)(b + bounded(start, CAP_REC_MAX - 1));
	if (it->len != sizeof(fp) || (it->flags & CAP_F_FAULT))
		return off;
	__builtin_memcpy(&fp, data_at(b, start), sizeof(fp));
	return g_insns(off, arg, fp.filter, fp.len, phase);
}

