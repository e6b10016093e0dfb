// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: clocks and times: clock ids, timespec, timeval,
 * itimerspec, itimerval.
 */
#include "fmt_priv.h"

void fmt_clockid_val(struct fmt_buf *b, int32_t id)
{
	fmt_enum_dflt(b, &xlat_clocks, (uint32_t)id, "CLOCK_???");
}

FMT_KIND(clockid)
{
	fmt_clockid_val(b, (int32_t)c->args[i]);
}

/* {tv_sec=1, tv_nsec=5} from 16 bytes */
void fmt_timespec_at(struct fmt_buf *b, const uint8_t *p)
{
	fb_puts(b, "{tv_sec=");
	fb_dec(b, (int64_t)ld64(p));
	fb_puts(b, ", tv_nsec=");
	fb_dec(b, (int64_t)ld64(p + 8));
	fb_putc(b, '}');
}

static void fmt_timeval_at(struct fmt_buf *b, const uint8_t *p)
{
	fb_puts(b, "{tv_sec=");
	fb_dec(b, (int64_t)ld64(p));
	fb_puts(b, ", tv_usec=");
	fb_dec(b, (int64_t)ld64(p + 8));
	fb_putc(b, '}');
}

FMT_KIND(timespec)
{
	const struct cap *k = arg_mem(c, i, 16);

	if (!k || !c->args[i]) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	fmt_timespec_at(b, k->p);
}

/*
 * nanosleep's remaining time: the kernel writes it only when a signal
 * cut the sleep short (strace shows the pointer otherwise).
 */
FMT_KIND(rem)
{
	const struct cap *k = c->cap_out[i];
	int64_t r = c->ret;

	if (!c->args[i] || !c->exited || !k || (k->flags & CAP_FAULT) ||
	    k->len < 16 || !(r == -4 || (r <= -512 && r >= -516))) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	fmt_timespec_at(b, k->p);
}

FMT_KIND(timeval)
{
	const struct cap *k = arg_mem(c, i, 16);

	if (!k || !c->args[i]) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	fmt_timeval_at(b, k->p);
}

FMT_KIND(itimerspec)
{
	const struct cap *k = arg_mem(c, i, 32);

	if (!k || !c->args[i]) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	fb_puts(b, "{it_interval=");
	fmt_timespec_at(b, k->p);
	fb_puts(b, ", it_value=");
	fmt_timespec_at(b, k->p + 16);
	fb_putc(b, '}');
}

FMT_KIND(itimerval)
{
	const struct cap *k = arg_mem(c, i, 32);

	if (!k || !c->args[i]) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	fb_puts(b, "{it_interval=");
	fmt_timeval_at(b, k->p);
	fb_puts(b, ", it_value=");
	fmt_timeval_at(b, k->p + 16);
	fb_putc(b, '}');
}
