// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, kernel side: io_submit's struct iocb *[] (CAP_OP_IOCBS),
 * at entry, as pieces of argument 2 (fmt_aio.c reads them in order):
 *   piece 0          the pointers, min(nr, CAP_ARRAY_MAX) of them, as
 *                    CAP_OP_UPTO copies them (an array that runs into a
 *                    page that cannot be read: those before it)
 *   piece 1 + 2j     element j's struct iocb, 64 bytes (a hole: NULL, or
 *                    not readable)
 *   piece 2 + 2j     what it points to, by its opcode: IOCB_CMD_PWRITE's
 *                    data (min(aio_nbytes, -s + 1) bytes, the bytes
 *                    strace's printstrn reads), IOCB_CMD_PREADV's
 *                    struct iovec[] (at most CAP_AIO_IOV elements) and
 *                    IOCB_CMD_PWRITEV's with its data (as CAP_OP_IOV
 *                    copies it; PREADV's cut by memory that cannot be
 *                    read: the elements before, PWRITEV's a hole); else
 *                    empty
 * for the first CAP_AIO_MAX elements (a record holds CAP_PIECES pieces
 * of an argument); elements after them, or after the record filled up
 * (the pair cut), print as their pointers.  Each step reads the copy the
 * step before made (the element's pointer from piece 0, the opcode,
 * buffer and length from the iocb's piece), never the user's memory
 * again: a program that rewrites its iocbs during the call cannot make
 * a piece disagree with the one printed before it.
 */
#include "cap.bpf.h"

/* in g_iocb's return: the pair was cut (the record full), stop */
#define IOCB_STOP	0x80000000u

/*
 * Element j's two pieces (g_iocbs), the offset after them; off unchanged:
 * none written; | IOCB_STOP: only the iocb (it stays, counted in the
 * record's items: the decoder uses whole pairs only), stop
 */
__noinline u32 g_iocb(u32 off, u32 arg, u32 ptrs, u32 j_phase)
{
	u32 ph = j_phase >> 24, j = j_phase & 0xffffff, ss = strsize();
	u32 start = off, at;
	u64 p = 0, data = 0, n;
	u16 op = 0;
	s64 nbytes = 0;
	struct cap_item *it;
	u8 *b = buf();

	if (!b || j >= CAP_ARRAY_MAX)
		return off;
	/* the pointer as piece 0 holds it */
	__builtin_memcpy(&p, data_at(b, ptrs) + bounded(8 * j, 511), 8);
	off = g_buf(off, arg, p, 64, 64 | ph << 24);
	if (off == start)
		return start;
	at = off;
	/* the iocb as its piece holds it: whole, or a hole (op 0) */
	it = (struct cap_item *)(b + bounded(start, CAP_REC_MAX - 1));
	if (it->len == 64 && !(it->flags & CAP_F_FAULT)) {
		__builtin_memcpy(&op, data_at(b, start) + 16, sizeof(op));
		__builtin_memcpy(&data, data_at(b, start) + 24, sizeof(data));
		__builtin_memcpy(&nbytes, data_at(b, start) + 32,
				 sizeof(nbytes));
	}
	if (nbytes < 0)
		op = 0;
	if (op == 1) {		/* IOCB_CMD_PWRITE */
		off = g_buf(off, arg, data, (u64)nbytes < ss + 1 ?
			    (u64)nbytes : ss + 1, (ss + 1) | ph << 24);
	} else if (op == 7 || op == 8) {	/* PREADV, PWRITEV */
		n = (u64)nbytes < CAP_AIO_IOV ? (u64)nbytes : CAP_AIO_IOV;
		off = g_iov(off, arg, data, (u32)n | ph << 24,
			    op == 8 ? ~0ULL : 0);
		if (off == at)
			return at | IOCB_STOP;
		/*
		 * an array cut by a page that cannot be read: PREADV's (no
		 * data) says how many elements by its length; PWRITEV's a
		 * hole (its pointer prints)
		 */
		it = (struct cap_item *)(b + bounded(at, CAP_REC_MAX - 1));
		if (op == 8 && (it->flags & CAP_F_UNTERM)) {
			it->flags = CAP_F_FAULT;
			it->len = 0;
			off = at + sizeof(struct cap_item);
		}
	} else {
		off = g_buf(off, arg, 0, 0, ph << 24);
	}
	return off == at ? at | IOCB_STOP : off;
}

/* io_submit's iocbpp (args[2]) of nr (args[1]) elements */
__noinline u32 g_iocbs(u32 off, u32 arg, u64 arr, s64 nr, u32 ph)
{
	u32 n = nr < CAP_ARRAY_MAX ? (u32)nr : CAP_ARRAY_MAX, before;
	struct cap_item *it;
	u8 *b = buf();

	if (nr <= 0 || !arr || !b)
		return off;
	before = off;
	off = g_buf(off, arg, arr, 8 * n, 8 * n | CAP_UPTO_BIT | ph << 24);
	if (off == before)
		return off;
	/* the pointers piece 0 holds (those before a page that faulted) */
	it = (struct cap_item *)(b + bounded(before, CAP_REC_MAX - 1));
	if (it->flags & CAP_F_FAULT)
		return off;
	if (it->len / 8 < n)
		n = it->len / 8;
	for (u32 j = 0; j < CAP_AIO_MAX; j++) {
		u32 next;

		if (j >= n)
			break;
		next = g_iocb(off, arg, before, j | ph << 24);
		if (next == off || (next & IOCB_STOP)) {
			off = next & ~IOCB_STOP;
			break;
		}
		off = next;
	}
	return off;
}
