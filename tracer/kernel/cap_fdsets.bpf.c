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

#define SEL_CTX		(3 * CAP_REC_MAX + 512)	/* scratch: struct sel_ctx */

/*
 * A select's walk of its sets, kept in the scratch map, not on the
 * stack: the verifier then tracks none of its values and verifies the
 * loop's step once (a loop of bits in a loop of words, on the stack, cost
 * tens of milliseconds of start-up)
 */
struct sel_ctx {
	u64 set[3];	/* the user's fd_sets (0: none) */
	u64 w;		/* the word being looked at, its fds done cleared */
	u64 last;	/* the last word's bits below nfds */
	u32 base;	/* fd of w's bit 0 */
	u32 k, words;	/* the next word; words below nfds */
	u32 n;		/* fds described */
	u32 off, fds;
};

/* the index of v's only bit set */
static __always_inline u32 bit_index(u64 v)
{
	u32 i = 0;

	if (v >> 32) {
		i += 32;
		v >>= 32;
	}
	if (v >> 16) {
		i += 16;
		v >>= 16;
	}
	if (v >> 8) {
		i += 8;
		v >>= 8;
	}
	if (v >> 4) {
		i += 4;
		v >>= 4;
	}
	if (v >> 2) {
		i += 2;
		v >>= 2;
	}
	return i + (u32)(v >> 1);
}

/*
 * One step: the next word of the three sets, or'ed (each fd once), or
 * its lowest fd left described
 */
static long sel_step(u32 i, void *unused)
{
	struct sel_ctx *s;
	u8 *b = buf();
	u32 before, fd;
	u64 x;

	if (!b)
		return 1;
	s = (struct sel_ctx *)(b + SEL_CTX);
	if (s->n >= CAP_FD_SETMAX)
		return 1;
	if (!s->w) {
		if (s->k >= s->words)
			return 1;
		for (int j = 0; j < 3; j++)
			if (s->set[j] && !bpf_probe_read_user(&x, sizeof(x),
					(const void *)(s->set[j] + 8 * (u64)s->k)))
				s->w |= x;
		if (s->k == s->words - 1)
			s->w &= s->last;
		s->base = 64 * s->k;
		s->k++;
		return 0;
	}
	fd = s->base + bit_index(s->w & -s->w);
	s->w &= s->w - 1;
	before = s->off;
	s->off = g_fd(before, (CAP_FD_SET0 + s->n) | CAP_AT_ENTRY << 8, fd,
		      s->fds);
	if (s->off != before) {
		((struct cap_item *)(b + bounded(before, CAP_REC_MAX - 1)))->total = fd;
		s->n++;
	}
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
		u8 *b = buf();
		struct sel_ctx *s;

		if (!b)
			return off;
		s = (struct sel_ctx *)(b + SEL_CTX);
		s->set[0] = ca->args[1];
		s->set[1] = ca->args[2];
		s->set[2] = ca->args[3];
		s->w = 0;
		s->last = nfds % 64 ? (1ull << (nfds % 64)) - 1 : ~0ull;
		s->base = 0;
		s->k = 0;
		s->words = (nfds + 63) / 64;
		s->n = 0;
		s->off = off;
		s->fds = fds;
		/*
		 * steps: 16 words at most, and every fd of the sets below
		 * nfds until 16 are described (fds that are not open take a
		 * step each): the walk ends, and -P knows that the fds not
		 * described were not open (pathsel.c)
		 */
		bpf_loop(1024 + CAP_FD_SETMAX + 1, sel_step, 0, 0);
		return s->off;
	}
	return off;
}
