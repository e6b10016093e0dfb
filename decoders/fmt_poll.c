// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: waiting on descriptors: poll's pollfd arrays, select's
 * fd sets, epoll events, and what these calls return.
 */
#include "fmt_priv.h"

/*
 * Elements of a pollfd array: nfds (argument PARAM) of them, n of which
 * were copied.  The capture layer may say how many it copied (count) and
 * how many there were (total); by default the length in bytes tells.
 */
static uint32_t pollfd_count(const struct sc_call *c, int i,
			     const struct cap *k, uint32_t *n)
{
	int p = c->d->arg[i].param;
	uint64_t nfds = p < SC_MAX_ARGS ? (uint32_t)c->args[p] : k->total;

	*n = k->len / 8;
	if (k->count && k->count < *n)
		*n = k->count;
	if (k->total && k->total < nfds)
		nfds = k->total;
	if (nfds < *n)
		*n = (uint32_t)nfds;
	return (uint32_t)nfds;
}

/* pollfd:N at entry: [{fd=3, events=POLLIN}] */
FMT_KIND(pollfd)
{
	const struct cap *k = arg_or_ptr(b, c, i);
	uint32_t n, j, total;

	if (!k)
		return;
	total = pollfd_count(c, i, k, &n);
	if (!n && total) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	fb_putc(b, '[');
	for (j = 0; j < n; j++) {
		const uint8_t *e = k->p + 8 * j;

		if (j)
			fb_puts(b, ", ");
		if (abbrev(c) && j >= (uint32_t)str_max(c)) {
			fb_puts(b, "...");
			break;
		}
		fb_puts(b, "{fd=");
		fb_dec(b, (int32_t)ld32(e));
		/* a negative fd is skipped by the kernel, and by strace */
		if ((int32_t)ld32(e) >= 0) {
			/* (-y: the first FD_SET_MAX were described) */
			if (j < FD_SET_MAX && !i)
				fmt_fd_note(b, c, FD_SLOT_SET0 + (int)j);
			fb_puts(b, ", events=");
			fmt_flags_dflt(b, &xlat_poll_events, ld16(e + 4),
				       "POLL???");
		}
		fb_putc(b, '}');
	}
	if (j == n && total > n) {
		fb_puts(b, n ? ", ..." : "...");
		/* the copy stopped at a page that faults: where, as strace */
		if (n && !((c->args[i] + k->len) & 4095) &&
		    k->len < 8 * total) {
			fb_puts(b, " /* ");
			fb_hex(b, c->args[i] + 8 * (uint64_t)n);
			fb_puts(b, " */");
		}
	}
	fb_putc(b, ']');
}

/*
 * the timeout argument of ppoll/pselect6/recvmmsg after the call, when
 * copied (with -e verbose=, when not NULL: its pointer shows): its index,
 * or -1
 */
int fmt_left_arg(const struct sc_call *c)
{
	for (int i = 0; i < c->d->nargs; i++) {
		int kind = c->d->arg[i].kind;
		const struct cap *k;

		if (kind != K_tsleft && kind != K_tvleft)
			continue;
		if (c->nonverbose)
			return c->args[i] ? i : -1;
		k = c->cap_out[i];
		if (!c->args[i] || !k || (k->flags & CAP_FAULT) || k->len < 16)
			return -1;
		return i;
	}
	return -1;
}

/* "left {...}" (", left" after n other notes), when copied */
void fmt_left(struct fmt_buf *b, const struct sc_call *c, int n)
{
	int i = fmt_left_arg(c);

	if (i < 0)
		return;
	fb_puts(b, n ? ", left " : "left ");
	if (c->nonverbose)
		fmt_ptr(b, c->args[i]);
	else if (c->d->arg[i].kind == K_tsleft)
		fmt_timespec_at(b, c->cap_out[i]->p);
	else
		fmt_timeval_at(b, c->cap_out[i]->p);
}

/* = 1 ([{fd=3, revents=POLLIN}]), = 0 (Timeout) */
void fmt_poll_ret(struct fmt_buf *b, const struct sc_call *c)
{
	const struct cap *k = c->cap_out[0];
	uint32_t n, j, shown = 0;

	fb_dec(b, c->ret);
	if (c->ret == 0) {
		fb_puts(b, " (Timeout)");
		return;
	}
	if (!k || (k->flags & CAP_FAULT))
		return;
	pollfd_count(c, 0, k, &n);
	fb_puts(b, " ([");
	for (j = 0; j < n; j++) {
		const uint8_t *e = k->p + 8 * j;
		uint16_t rev = ld16(e + 6);

		if (!rev)
			continue;
		if (shown)
			fb_puts(b, ", ");
		/* strace: strsize entries, then "..." */
		if (abbrev(c) && shown >= (uint32_t)str_max(c)) {
			fb_puts(b, "...");
			break;
		}
		shown++;
		fb_puts(b, "{fd=");
		fb_dec(b, (int32_t)ld32(e));
		fb_puts(b, ", revents=");
		fmt_flags_dflt(b, &xlat_poll_events, rev, "POLL???");
		fb_putc(b, '}');
	}
	fb_putc(b, ']');
	fmt_left(b, c, 1);
	fb_putc(b, ')');
}

/*
 * 3 4: the descriptors below nfds whose bits are set, at most *left of
 * them when left is given (counted down); c: at entry, -y's text after
 * each of the first ones (the program described them, lowest first, in
 * FD_SLOT_SET0 + i), or NULL
 */
static void fmt_fds(struct fmt_buf *b, const struct sc_call *c,
		    const uint8_t *p, uint32_t nfds, int64_t *left)
{
	int n = 0, s = 0;

	for (uint32_t fd = 0; fd < nfds && (!left || *left > 0); fd++) {
		if (!(p[fd / 8] & (1u << (fd % 8))))
			continue;
		if (n++)
			fb_putc(b, ' ');
		fb_udec(b, fd);
		if (left)
			--*left;
		for (; c && s < FD_SET_MAX; s++) {
			const struct fd_desc *f = c->fd[FD_SLOT_SET0 + s];

			if (f && f->fd >= (int)fd) {
				if (f->fd == (int)fd)
					fmt_fd_note(b, c, FD_SLOT_SET0 + s);
				break;
			}
		}
	}
}

/* the kernel's int; a negative one it refuses: -1 */
static int64_t select_nfds(const struct sc_call *c)
{
	return (int32_t)c->args[0];
}

/*
 * The fds of a set that can be shown: the kernel looks at no bit past
 * its fd table's size, and neither did the copy (cut to it); -1 when
 * the set was not read whole (the record was full)
 */
static int64_t set_bits(const struct cap *k, int64_t nfds)
{
	if (!k || (k->flags & (CAP_FAULT | CAP_TRUNC)) || (k->len && !k->p))
		return -1;
	return nfds < (int64_t)k->len * 8 ? nfds : (int64_t)k->len * 8;
}

static int any_fd(const uint8_t *p, uint32_t nfds)
{
	for (uint32_t i = 0; i < nfds / 8; i++)
		if (p[i])
			return 1;
	return nfds % 8 && (p[nfds / 8] & ((1u << (nfds % 8)) - 1));
}

FMT_KIND(fdset)
{
	int64_t nfds = select_nfds(c);
	const struct cap *k;

	if (nfds <= 0 || !c->args[i]) {	/* strace: no set of 0 fds */
		fmt_ptr(b, c->args[i]);
		return;
	}
	k = arg_mem(c, i, 0);
	nfds = set_bits(k, nfds);
	if (nfds < 0) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	fb_putc(b, '[');
	fmt_fds(b, c, k->p, (uint32_t)nfds, NULL);
	fb_putc(b, ']');
}

/*
 * = 1 (in [3], left {tv_sec=0, tv_usec=999}), = 0 (Timeout).  As strace:
 * the sets as they are at exit, listed until the count returned is
 * reached (one buffer given for two sets holds what was written last:
 * = 1 () when that is empty).
 */
void fmt_select_ret(struct fmt_buf *b, const struct sc_call *c)
{
	static const char *const name[] = { "in", "out", "except" };
	int64_t nfds = select_nfds(c), left = c->ret;
	int n = 0;

	fb_dec(b, c->ret);
	if (c->ret == 0) {
		fb_puts(b, " (Timeout)");
		return;
	}
	fb_puts(b, " (");
	for (int j = 1; j <= 3 && left > 0 && nfds > 0; j++) {
		const struct cap *k = c->cap_out[j];
		int64_t bits = set_bits(k, nfds);

		if (!c->args[j] || bits <= 0 || !any_fd(k->p, (uint32_t)bits))
			continue;
		fb_puts(b, n++ ? ", " : "");
		fb_puts(b, name[j - 1]);
		fb_puts(b, " [");
		fmt_fds(b, NULL, k->p, (uint32_t)bits, &left);
		fb_putc(b, ']');
	}
	fmt_left(b, c, n);
	fb_putc(b, ')');
}

static void fmt_epoll_event(struct fmt_buf *b, const uint8_t *e)
{
	uint64_t data = ld64(e + 4);

	fb_puts(b, "{events=");
	fmt_flags_dflt(b, &xlat_epoll_events, ld32(e), "EPOLL???");
	fb_puts(b, ", data={u32=");
	fb_udec(b, (uint32_t)data);
	fb_puts(b, ", u64=");
	fb_udec(b, data);
	fb_puts(b, "}}");
}

/* epoll_ctl's event: EPOLL_CTL_DEL ignores it (strace: the pointer) */
FMT_KIND(epollevent)
{
	const struct cap *k;

	if (c->args[1] == 2 /* EPOLL_CTL_DEL */) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	k = arg_or_ptr(b, c, i);
	if (!k)
		return;
	fmt_epoll_event(b, k->p);
}

FMT_KIND(oepollevents)
{
	const struct cap *k = arg_or_ptr(b, c, i);
	uint32_t n, j;

	if (!k)
		return;
	n = k->len / 12;
	if ((uint64_t)c->ret < n)
		n = (uint32_t)c->ret;
	fb_putc(b, '[');
	for (j = 0; j < n; j++) {
		if (j)
			fb_puts(b, ", ");
		if (abbrev(c) && j >= (uint32_t)str_max(c)) {
			fb_puts(b, "...");
			break;
		}
		fmt_epoll_event(b, k->p + 12 * j);
	}
	if (j == n && (uint64_t)c->ret > n)
		fb_puts(b, n ? ", ..." : "...");
	fb_putc(b, ']');
}

/*
 * epoll_pwait and epoll_pwait2 print their timeout and signal mask at
 * exit, as strace does, and strace reads them then: after a failure it
 * shows their addresses, not what they held.
 */
FMT_KIND(xtimespec)
{
	if (sc_failed(c))
		fmt_ptr(b, c->args[i]);
	else
		fmt_k_timespec(b, c, i);
}

FMT_KIND(xsigset)
{
	if (sc_failed(c))
		fmt_ptr(b, c->args[i]);
	else
		fmt_k_sigset(b, c, i);
}
