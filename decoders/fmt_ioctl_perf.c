// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: ioctl(2) requests of perf events, PERF_EVENT_IOC_*
 * (type '$'), as strace 6.1 prints them: flags, counts and fds passed as
 * the argument itself; a period and a filter string at entry; the event's
 * id got at exit; a BPF query's programs (its room at entry, the ids at
 * exit); new attributes (struct perf_event_attr, fmt_perf.c).  An fd
 * argument is described with -y (the kernel program's g_ioc_fd).
 */
#include <linux/perf_event.h>

#include "fmt_ioctl.h"

static enum ioarg perf_when(uint32_t req, int *at_exit)
{
	*at_exit = 0;
	switch (req) {
	case PERF_EVENT_IOC_ID:
		*at_exit = 1;
		return IOA_FAMILY;
	case PERF_EVENT_IOC_ENABLE: case PERF_EVENT_IOC_DISABLE:
	case PERF_EVENT_IOC_RESET: case PERF_EVENT_IOC_REFRESH:
	case PERF_EVENT_IOC_PERIOD: case PERF_EVENT_IOC_SET_OUTPUT:
	case PERF_EVENT_IOC_SET_BPF: case PERF_EVENT_IOC_PAUSE_OUTPUT:
	case PERF_EVENT_IOC_SET_FILTER: case PERF_EVENT_IOC_QUERY_BPF:
	case PERF_EVENT_IOC_MODIFY_ATTRIBUTES:
		return IOA_FAMILY;
	default:
		return IOA_HEX;
	}
}

/* strace's printstr_ex of a C string of at most a page: -s bytes of it
   and "..." when it goes on; 0 when it runs into memory not copied */
static int perf_filter(struct fmt_buf *b, const struct sc_call *c,
		       const struct cap *k)
{
	size_t want = (size_t)str_max(c) + 1, len;
	const uint8_t *z;

	if (want > 4096)
		want = 4096;
	z = memchr(k->p, '\0', k->len < want ? k->len : want);
	if (!z && k->len < want)
		return 0;
	len = z ? (size_t)(z - k->p) : want;
	fmt_qstr(b, c, k->p, len, str_max(c), 0, 0);
	return 1;
}

static int perf_arg(struct fmt_buf *b, const struct sc_call *c, uint32_t req,
		    const struct cap *k)
{
	uint64_t arg = c->args[2];

	switch (req) {
	case PERF_EVENT_IOC_ENABLE: case PERF_EVENT_IOC_DISABLE:
	case PERF_EVENT_IOC_RESET:
		fmt_flags_dflt(b, &xlat_perf_ioctl_flags, (uint32_t)arg,
			       "PERF_IOC_FLAG_???");
		return 1;
	case PERF_EVENT_IOC_REFRESH:
		fb_dec(b, (int32_t)arg);
		return 1;
	case PERF_EVENT_IOC_SET_OUTPUT: case PERF_EVENT_IOC_SET_BPF:
		fb_dec(b, (int32_t)arg);
		fmt_fd_note(b, c, 2);
		return 1;
	case PERF_EVENT_IOC_PAUSE_OUTPUT:
		fb_udec(b, arg);
		return 1;
	}
	if (!k)
		return 0;
	switch (req) {
	case PERF_EVENT_IOC_SET_FILTER:
		return perf_filter(b, c, k);
	case PERF_EVENT_IOC_MODIFY_ATTRIBUTES:
		return fmt_perf_attr(b, c, k->p, k->len, PA_SAME);
	case PERF_EVENT_IOC_QUERY_BPF:
		if (k->len < 4)
			return 0;
		fb_puts(b, "{ids_len=");
		fb_udec(b, ld32(k->p));
		return 2;
	default:
		/* PERF_EVENT_IOC_PERIOD, PERF_EVENT_IOC_ID */
		if (k->len < 8)
			return 0;
		fb_putc(b, '[');
		fb_udec(b, ld64(k->p));
		fb_putc(b, ']');
		return 1;
	}
}

static void perf_id(struct fmt_buf *b, const uint8_t *e)
{
	fb_udec(b, ld32(e));
}

/*
 * PERF_EVENT_IOC_QUERY_BPF at exit: the programs' count and ids, as
 * many as -s shows; where the ids run into memory that cannot be read,
 * "... /+ address +/" (the ids' address alone for the first); the ids
 * as a pointer when the copy ends before they do for another reason
 */
static void perf_out(struct fmt_buf *b, const struct sc_call *c, uint32_t req)
{
	const struct cap *k = arg_out(c, 2, 0);
	uint64_t ids = c->args[2] + 8;
	uint32_t cnt;

	if (!k || k->len < 8) {
		fb_puts(b, ", ...}");
		return;
	}
	cnt = ld32(k->p + 4);
	fb_puts(b, ", prog_cnt=");
	fb_udec(b, cnt);
	fb_puts(b, ", ids=");
	if (!fmt_array(b, c, k->p + 8, ids, cnt, 4, k->len - 8,
		       k->flags & CAP_TRUNC, 0, perf_id))
		fmt_ptr(b, ids);
	fb_putc(b, '}');
}

const struct ioctl_family ioctl_perf = {
	.type = '$',
	.when = perf_when,
	.arg = perf_arg,
	.out = perf_out,
};
