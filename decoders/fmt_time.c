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

/*
 * {tv_sec=1, tv_nsec=5} from 16 bytes.  The fraction prints unsigned, as
 * strace prints it: an out-of-range tv_nsec of -1 is 18446744073709551615
 * (the kernel refuses it with EINVAL; strace shows what was passed).
 */
void fmt_timespec_at(struct fmt_buf *b, const uint8_t *p)
{
	fb_puts(b, "{tv_sec=");
	fb_dec(b, (int64_t)ld64(p));
	fb_puts(b, ", tv_nsec=");
	fb_udec(b, ld64(p + 8));
	fb_putc(b, '}');
}

/* {tv_sec=1, tv_usec=5}, the fraction unsigned as above */
void fmt_timeval_at(struct fmt_buf *b, const uint8_t *p)
{
	fb_puts(b, "{tv_sec=");
	fb_dec(b, (int64_t)ld64(p));
	fb_puts(b, ", tv_usec=");
	fb_udec(b, ld64(p + 8));
	fb_putc(b, '}');
}

FMT_KIND(timespec)
{
	const struct cap *k = arg_or_ptr(b, c, i);

	if (!k)
		return;
	fmt_timespec_at(b, k->p);
}

/*
 * nanosleep's remaining time: the kernel writes it only when a signal
 * cut the sleep short, to be restarted (ERESTARTSYS, ERESTARTNOINTR,
 * ERESTARTNOHAND, ERESTART_RESTARTBLOCK), and for clock_nanosleep (the
 * fourth argument) only when its flags are 0 (not TIMER_ABSTIME); strace
 * shows the pointer otherwise.
 */
FMT_KIND(rem)
{
	const struct cap *k = c->cap_out[i];
	int64_t r = c->ret;

	if (!c->args[i] || !c->exited || !k || (k->flags & CAP_FAULT) ||
	    k->len < 16 || r < -516 || r > -512 || r == -515 ||
	    (i == 3 && c->args[1])) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	fmt_timespec_at(b, k->p);
}

FMT_KIND(timeval)
{
	const struct cap *k = arg_or_ptr(b, c, i);

	if (!k)
		return;
	fmt_timeval_at(b, k->p);
}

FMT_KIND(itimerspec)
{
	const struct cap *k = arg_or_ptr(b, c, i);

	if (!k)
		return;
	fb_puts(b, "{it_interval=");
	fmt_timespec_at(b, k->p);
	fb_puts(b, ", it_value=");
	fmt_timespec_at(b, k->p + 16);
	fb_putc(b, '}');
}

FMT_KIND(itimerval)
{
	const struct cap *k = arg_or_ptr(b, c, i);

	if (!k)
		return;
	fb_puts(b, "{it_interval=");
	fmt_timeval_at(b, k->p);
	fb_puts(b, ", it_value=");
	fmt_timeval_at(b, k->p + 16);
	fb_putc(b, '}');
}

/* --- calendar times ------------------------------------------------ */

/*
 * "2001-09-09T01:46:40.000000005+0000", the comment strace adds to a time
 * (it uses the local time zone; decoders have none, so this is UTC, which
 * is what strace prints with TZ unset or UTC).  frac_digits: 9 for
 * nanoseconds, 6 for microseconds; a zero fraction is left out.  The
 * year as glibc's strftime writes it: unpadded ("36-12-26", "-1943-10-23",
 * "10150477-10-18"), and computed in an int from gmtime's tm_year (it
 * wraps past INT_MAX); a year gmtime cannot hold prints nothing.
 */
int fmt_utc(struct fmt_buf *b, int64_t sec, int64_t frac, int frac_digits)
{
	int64_t days, rem, y, m, d, era, doe, yoe, doy, mp;

	/* days fit the algorithm's int64 arithmetic far past any int year */
	if (sec < -(INT64_C(1) << 56) || sec > (INT64_C(1) << 56))
		return 0;
	days = sec / 86400;
	rem = sec % 86400;
	if (rem < 0) {
		rem += 86400;
		days--;
	}
	/* days since 1970-01-01 to a civil date (H. Hinnant's algorithm) */
	days += 719468;
	era = (days >= 0 ? days : days - 146096) / 146097;
	doe = days - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	y = yoe + era * 400;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	d = doy - (153 * mp + 2) / 5 + 1;
	m = mp < 10 ? mp + 3 : mp - 9;
	if (m <= 2)
		y++;
	/* gmtime: tm_year (year - 1900) is an int */
	if (y - 1900 > INT32_MAX || y - 1900 < INT32_MIN)
		return 0;
	y = (int32_t)((uint32_t)(y - 1900) + 1900u);
	fb_printf(b, "%d-%02d-%02dT%02d:%02d:%02d", (int)y, (int)m, (int)d,
		  (int)(rem / 3600), (int)(rem / 60 % 60), (int)(rem % 60));
	if (frac > 0 && frac_digits > 0)
		fb_printf(b, ".%0*lld", frac_digits, (long long)frac);
	fb_puts(b, "+0000");
	return 1;
}

static void fmt_time_comment(struct fmt_buf *b, int64_t sec, int64_t frac,
			     int digits)
{
	char tmp[64];
	struct fmt_buf t;

	/* valid fractions only, and not the epoch itself: strace comments
	   nothing else */
	if (frac < 0 || frac >= (digits == 9 ? 1000000000 : 1000000) ||
	    (!sec && !frac))
		return;
	fb_init(&t, tmp, sizeof(tmp));
	if (!fmt_utc(&t, sec, frac, digits))
		return;
	fb_puts(b, " /* ");
	fb_putn(b, tmp, (size_t)(t.p - tmp));
	fb_puts(b, " */");
}

#define UTIME_NOW_V	((1l << 30) - 1l)
#define UTIME_OMIT_V	((1l << 30) - 2l)

/* utimensat's times: [{tv_sec=1, tv_nsec=0} (date comment), UTIME_OMIT] */
FMT_KIND(utimens)
{
	const struct cap *k = arg_or_ptr(b, c, i);

	if (!k)
		return;
	fb_putc(b, '[');
	for (int j = 0; j < 2; j++) {
		const uint8_t *p = k->p + 16 * j;
		int64_t ns = (int64_t)ld64(p + 8);

		if (j)
			fb_puts(b, ", ");
		if (ns == UTIME_NOW_V || ns == UTIME_OMIT_V) {
			/* a name in place of the struct, as any -X constant */
			const char *name = ns == UTIME_NOW_V ? "UTIME_NOW" :
							       "UTIME_OMIT";

			if (b->xstyle == XSTYLE_ABBREV) {
				fb_puts(b, name);
				continue;
			}
			fmt_timespec_at(b, p);
			if (b->xstyle == XSTYLE_VERBOSE)
				fb_printf(b, " /* %s */", name);
		} else {
			fmt_timespec_at(b, p);
			fmt_time_comment(b, (int64_t)ld64(p), ns, 9);
		}
	}
	fb_putc(b, ']');
}

/* utimes/futimesat: [{tv_sec=1, tv_usec=0} (date comment), {...}] */
FMT_KIND(utimes)
{
	const struct cap *k = arg_or_ptr(b, c, i);

	if (!k)
		return;
	fb_putc(b, '[');
	for (int j = 0; j < 2; j++) {
		const uint8_t *p = k->p + 16 * j;

		if (j)
			fb_puts(b, ", ");
		fmt_timeval_at(b, p);
		fmt_time_comment(b, (int64_t)ld64(p), (int64_t)ld64(p + 8), 6);
	}
	fb_putc(b, ']');
}

/* utime: {actime=1 (date comment), modtime=2 (date comment)} */
FMT_KIND(utimbuf)
{
	const struct cap *k = arg_or_ptr(b, c, i);

	if (!k)
		return;
	fb_puts(b, "{actime=");
	fb_dec(b, (int64_t)ld64(k->p));
	fmt_time_comment(b, (int64_t)ld64(k->p), 0, 0);
	fb_puts(b, ", modtime=");
	fb_dec(b, (int64_t)ld64(k->p + 8));
	fmt_time_comment(b, (int64_t)ld64(k->p + 8), 0, 0);
	fb_putc(b, '}');
}

/* time(): = 1700000000 (2023-11-14T22:13:20+0000) */
/* time()'s result through its pointer, dated as strace dates it */
FMT_KIND(otime)
{
	const struct cap *k = arg_or_ptr(b, c, i);
	int64_t sec;
	char tmp[64];
	struct fmt_buf t;

	if (!k)
		return;
	sec = (int64_t)ld64(k->p);
	fb_putc(b, '[');
	fb_dec(b, sec);
	fb_init(&t, tmp, sizeof(tmp));
	if (fmt_utc(&t, sec, 0, 0)) {
		fb_puts(b, " /* ");
		fb_putn(b, tmp, (size_t)(t.p - tmp));
		fb_puts(b, " */");
	}
	fb_putc(b, ']');
}

void fmt_time_ret(struct fmt_buf *b, const struct sc_call *c)
{
	char tmp[64];
	struct fmt_buf t;

	fb_dec(b, c->ret);
	fb_init(&t, tmp, sizeof(tmp));
	if (fmt_utc(&t, c->ret, 0, 0)) {
		fb_puts(b, " (");
		fb_putn(b, tmp, (size_t)(t.p - tmp));
		fb_putc(b, ')');
	}
}

/* --- struct sigevent (timer_create, mq_notify) --------------------- */

#define SIGEV_SIGNAL_V		0
#define SIGEV_NONE_V		1
#define SIGEV_THREAD_V		2
#define SIGEV_THREAD_ID_V	4

FMT_KIND(sigevent)
{
	const struct cap *k = arg_or_ptr(b, c, i);
	const uint8_t *p;
	int32_t signo, notify;

	if (!k)
		return;
	p = k->p;
	signo = (int32_t)ld32(p + 8);
	notify = (int32_t)ld32(p + 12);
	fb_putc(b, '{');
	if (ld64(p)) {
		fb_puts(b, "sigev_value={sival_int=");
		fb_dec(b, (int32_t)ld32(p));
		fb_puts(b, ", sival_ptr=");
		fmt_ptr(b, ld64(p));
		fb_puts(b, "}, ");
	}
	fb_puts(b, "sigev_signo=");
	if (notify == SIGEV_SIGNAL_V || notify == SIGEV_THREAD_V ||
	    notify == SIGEV_THREAD_ID_V)
		fmt_signal(b, signo);
	else
		fb_udec(b, (uint32_t)signo);
	fb_puts(b, ", sigev_notify=");
	switch (notify) {
	case SIGEV_THREAD_ID_V:
		fmt_const(b, "SIGEV_THREAD_ID", (uint32_t)notify, XF_HEX);
		fb_puts(b, ", sigev_notify_thread_id=");
		fb_dec(b, (int32_t)ld32(p + 16));
		break;
	case SIGEV_THREAD_V:
		fmt_const(b, "SIGEV_THREAD", (uint32_t)notify, XF_HEX);
		fb_puts(b, ", sigev_notify_function=");
		fmt_ptr(b, ld64(p + 16));
		fb_puts(b, ", sigev_notify_attributes=");
		fmt_ptr(b, ld64(p + 24));
		break;
	case SIGEV_SIGNAL_V:
		fmt_const(b, "SIGEV_SIGNAL", (uint32_t)notify, XF_HEX);
		break;
	case SIGEV_NONE_V:
		fmt_const(b, "SIGEV_NONE", (uint32_t)notify, XF_HEX);
		break;
	default:
		fmt_unknown(b, (uint32_t)notify, "SIGEV_???");
	}
	fb_putc(b, '}');
}

/* --- struct timex (adjtimex, clock_adjtime) ------------------------ */

/*
 * strace prints the struct after the call (the kernel fills it in), and
 * the pointer when the call failed.  x86_64 layout, 208 bytes.
 */
FMT_KIND(timex)
{
	static const struct { const char *name; uint8_t off, is_int; } f[] = {
		{ "offset", 8, 0 }, { "freq", 16, 0 }, { "maxerror", 24, 0 },
		{ "esterror", 32, 0 }, { "status", 40, 2 },
		{ "constant", 48, 0 }, { "precision", 56, 0 },
		{ "tolerance", 64, 0 }, { "time", 72, 3 }, { "tick", 88, 0 },
		{ "ppsfreq", 96, 0 }, { "jitter", 104, 0 }, { "shift", 112, 1 },
		{ "stabil", 120, 0 }, { "jitcnt", 128, 0 }, { "calcnt", 136, 0 },
		{ "errcnt", 144, 0 }, { "stbcnt", 152, 0 }, { "tai", 160, 1 },
	};
	const struct cap *k = arg_or_ptr(b, c, i);
	const uint8_t *p;

	if (!k)
		return;
	p = k->p;
	fb_puts(b, "{modes=");
	fmt_flags_dflt(b, &xlat_adjtimex_modes, ld32(p), "ADJ_???");
	for (size_t j = 0; j < sizeof(f) / sizeof(f[0]); j++) {
		fb_puts(b, ", ");
		fb_puts(b, f[j].name);
		fb_putc(b, '=');
		switch (f[j].is_int) {
		case 0:
			fb_dec(b, (int64_t)ld64(p + f[j].off));
			break;
		case 1:
			fb_dec(b, (int32_t)ld32(p + f[j].off));
			break;
		case 2:
			fmt_flags_dflt(b, &xlat_adjtimex_status,
				       ld32(p + f[j].off), "STA_???");
			break;
		default:
			fmt_timeval_at(b, p + f[j].off);
		}
	}
	fb_putc(b, '}');
}

/*
 * adjtimex's clock state: = 5 (TIME_ERROR); strace names it only after
 * the struct it printed (not with -e verbose=)
 */
void fmt_adjtimex_ret(struct fmt_buf *b, const struct sc_call *c)
{
	const char *name = xlat_name(&xlat_adjtimex_state, (uint64_t)c->ret);

	fb_dec(b, c->ret);
	if (name && !c->nonverbose) {
		fb_puts(b, " (");
		fb_puts(b, name);
		fb_putc(b, ')');
	}
}

/* struct timezone {int tz_minuteswest, tz_dsttime} */
FMT_KIND(timezone)
{
	const struct cap *k = arg_or_ptr(b, c, i);

	if (!k)
		return;
	fb_puts(b, "{tz_minuteswest=");
	fb_dec(b, (int32_t)ld32(k->p));
	fb_puts(b, ", tz_dsttime=");
	fb_dec(b, (int32_t)ld32(k->p + 4));
	fb_putc(b, '}');
}
