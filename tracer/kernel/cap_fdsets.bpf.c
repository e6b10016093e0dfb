// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, kernel side: -y for the fds a call is given in memory,
 * not as arguments: the elements of poll's and ppoll's struct pollfd[],
 * the fds in select's and pselect6's sets.  strace -yy describes each
 * of them after its number; here, each of the first CAP_FD_SETMAX is
 * described by g_fd (cap_fds.bpf.c) at the call's entry, as item
 * CAP_FD_SET0 + i (capture_abi.h).
 */
#include "cap.bpf.h"

struct poll_ctx {
	u64 pfds;	/* the user's struct pollfd[] */
	u32 n, off, fds;
};

/* element i of a poll's array: its fd (a negative one is skipped) */
static long poll_one(u32 i, struct poll_ctx *p)
{
	int fd;

	if (i >= p->n || bpf_probe_read_user(&fd, sizeof(fd),
					     (const void *)(p->pfds + 8 * (u64)i)))
		return 1;
	if (fd >= 0)
		p->off = g_fd(p->off, (CAP_FD_SET0 + i) | CAP_AT_ENTRY << 8,
			      fd, p->fds);
	return 0;
}

struct sel_ctx {
	u8 *b;
	u64 set[3];	/* the user's fd_sets (0: none) */
	u64 w;		/* the word being looked at: fds base + 0..63 */
	u64 last;	/* the last word's bits below nfds */
	u32 base, words;
	u32 n;		/* fds described */
	u32 off, fds;
};

/* bit i of the word: an fd in a set */
static long sel_bit(u32 i, struct sel_ctx *s)
{
	u32 before = s->off;

	if (s->n >= CAP_FD_SETMAX || !(s->w >> i))
		return 1;
	if (!(s->w >> i & 1))
		return 0;
	s->off = g_fd(s->off, (CAP_FD_SET0 + s->n) | CAP_AT_ENTRY << 8,
		      s->base + i, s->fds);
	if (s->off != before) {
		struct cap_item *it = (struct cap_item *)
			(s->b + bounded(before, CAP_REC_MAX - 1));

		it->total = s->base + i;
		s->n++;
	}
	return 0;
}

/* word k of the three sets, or'ed: each fd once, lowest first */
static long sel_word(u32 k, struct sel_ctx *s)
{
	u64 x;

	if (k >= s->words || s->n >= CAP_FD_SETMAX)
		return 1;
	s->w = 0;
	for (int j = 0; j < 3; j++)
		if (s->set[j] && !bpf_probe_read_user(&x, sizeof(x),
				(const void *)(s->set[j] + 8 * (u64)k)))
			s->w |= x;
	if (k == s->words - 1)
		s->w &= s->last;
	s->base = 64 * k;
	if (s->w)
		bpf_loop(64, sel_bit, s, 0);
	return 0;
}

/* ret: the call's CAP_FDR_* bits; fds: -y's CAP_FDS_* set */
__noinline u32 g_fdsets(u32 off, u32 ret, const struct call_args *ca, u32 fds)
{
	if (!ca)
		return off;
	if (ret & CAP_FDR_POLL) {
		struct poll_ctx p = { ca->args[0], 0, off, fds };

		p.n = ca->args[1] < CAP_FD_SETMAX ? (u32)ca->args[1] :
						    CAP_FD_SETMAX;
		bpf_loop(CAP_FD_SETMAX, poll_one, &p, 0);
		return p.off;
	}
	/* select's sets: the first fds below nfds, at most 1024 */
	if ((ret & CAP_FDR_SELECT) && (s32)ca->args[0] > 0) {
		u32 nfds = (s32)ca->args[0] < 1024 ? (u32)ca->args[0] : 1024;
		struct sel_ctx s = {
			.b = buf(), .set = { ca->args[1], ca->args[2],
					     ca->args[3] },
			.words = (nfds + 63) / 64, .off = off, .fds = fds,
		};

		s.last = nfds % 64 ? (1ull << (nfds % 64)) - 1 : ~0ull;
		if (s.b)
			bpf_loop(16, sel_word, &s, 0);
		return s.off;
	}
	return off;
}
